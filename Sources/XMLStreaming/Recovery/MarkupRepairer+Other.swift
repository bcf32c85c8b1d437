/// A comment or processing instruction being read; written out whole once complete.
///
/// It keeps the input as given too: if the input ends before the closing `-->` or `?>`,
/// the construct is taken to end at its first `>`, and what followed is read again as
/// ordinary input, so that a damaged comment does not swallow the rest of the document.
struct HeldState {
    /// Where the first `>` was, to go back to.
    struct Mark {
        var raw: Int
        var content: Int
        var repairs: Int
        var line: Int
        var column: Int
    }

    var content: [UInt8] = []
    /// The input after `<!--` or `<?`, as given.
    var raw: [UInt8] = []
    /// Repairs of characters in the content, made when the construct is complete.
    var repairs: [XMLRepair] = []
    var firstGreaterThan: Mark?
    /// A processing instruction's target.
    var target: [UInt8] = []
    var readingTarget = true
    /// Consecutive `-` at the end of a comment's content, or a pending `?` in a PI.
    var marks = 0
    var atDocumentStart = false
    var line = 1
    var column = 1

    init() {}
    init(line: Int, column: Int, atDocumentStart: Bool) {
        self.line = line
        self.column = column
        self.atDocumentStart = atDocumentStart
    }
}

// Comments, CDATA sections, processing instructions, and the end of the input.
extension MarkupRepairer {
    // MARK: - Comments

    mutating func commentStep(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) throws -> Int? {
        if held.raw.count > tokenLimit { throw tooLarge("a comment") }
        let b = unsafe p[i]
        if b == 0x3E && held.marks >= 2 {
            held.content.removeLast(2)
            finishComment()
            return 1
        }
        return unsafe heldCharacter(p, i)
    }

    /// Adds one character to the held content; characters XML does not allow are handled
    /// by the policy, and their repairs kept until the construct is complete.
    private mutating func heldCharacter(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let b = unsafe p[i]
        let length = Self.scalarLength(b)
        unsafe held.raw.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
        if let value = unsafe illegalCharacter(p, i) {
            let (repair, replacement) = illegalRepair(value)
            held.repairs.append(repair)
            held.content.append(contentsOf: replacement)
            // A stripped character joins its neighbours: `-` and `?` marks carry over it.
            if !replacement.isEmpty { held.marks = 0 }
            return length
        }
        unsafe held.content.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
        if mode == .comment { held.marks = b == 0x2D ? held.marks + 1 : 0 }
        if b == 0x3E && held.firstGreaterThan == nil {
            held.firstGreaterThan = HeldState.Mark(
                raw: held.raw.count, content: held.content.count, repairs: held.repairs.count, line: line,
                column: column + 1)
            // In what is read again after an unclosed construct of this kind, no construct of
            // this kind can close either: end it here at once, as the end of the input would,
            // instead of holding the rest of the input again (which made n unclosed
            // comments cost n² steps).
            if (mode == .comment && restHasNoCommentEnd) || (mode == .processingInstruction && restHasNoInstructionEnd) {
                endAtThisGreaterThan()
            }
        }
        return length
    }

    /// Ends the held comment or PI at the `>` just read, as ``endAtFirstGreaterThan()`` does
    /// at the end of the input.
    private mutating func endAtThisGreaterThan() {
        let what = mode == .comment ? "comment" : "processing instruction"
        report(.truncated, "the \(what) is not closed; taken to end at its first \">\"", line: held.line, column: held.column)
        held.content.removeLast()
        held.marks = 0
        if mode == .comment { finishComment() } else { finishProcessingInstruction() }
    }

    /// Writes the comment, with `--` spaced apart and no `-` before the closing `-->`.
    private mutating func finishComment() {
        mode = .text
        repairs.append(contentsOf: held.repairs)
        var content: [UInt8] = []
        content.reserveCapacity(held.content.count + 2)
        var changed = false
        for b in held.content {
            if b == 0x2D && content.last == 0x2D {
                content.append(0x20)
                changed = true
            }
            content.append(b)
        }
        if content.last == 0x2D {
            content.append(0x20)
            changed = true
        }
        if changed {
            report(.invalidComment, "\"--\" inside a comment, or \"-\" before its end; spaced apart",
                line: held.line, column: held.column)
        }
        emit(Array("<!--".utf8) + content + Array("-->".utf8))
    }

    // MARK: - CDATA

    mutating func cdataStep(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let b = unsafe p[i]
        if b == 0x5D {
            cdataBrackets += 1
            return 1
        }
        if b == 0x3E && cdataBrackets >= 2 {
            finishCDATA(extraBrackets: cdataBrackets - 2)
            return 1
        }
        let length = Self.scalarLength(b)
        if let value = unsafe illegalCharacter(p, i) {
            var replacement: [UInt8] = []
            illegal(value, into: &replacement)
            // A stripped character joins its neighbours: the `]` before it still count.
            if replacement.isEmpty || cdataDropped { return length }
            flushBrackets(cdataBrackets)
            cdataBrackets = 0
            emit(replacement)
            return length
        }
        flushBrackets(cdataBrackets)
        cdataBrackets = 0
        if cdataDropped { return length }
        unsafe emit(UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
        return length
    }

    private mutating func flushBrackets(_ count: Int) {
        guard count > 0, !cdataDropped else { return }
        emit(Array(repeating: 0x5D, count: count))
    }

    private mutating func finishCDATA(extraBrackets: Int) {
        flushBrackets(extraBrackets)
        if !cdataDropped { emit(Array("]]>".utf8)) }
        cdataBrackets = 0
        mode = .text
    }

    // MARK: - Processing instructions

    mutating func processingInstructionStep(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) throws -> Int? {
        if held.raw.count > tokenLimit { throw tooLarge("a processing instruction") }
        let b = unsafe p[i]
        if held.readingTarget {
            if unsafe Self.isNameChar(p, i) && (!held.target.isEmpty || Self.isNameStart(p, i)) {
                let length = Self.scalarLength(b)
                unsafe held.target.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
                unsafe held.raw.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
                return length
            }
            held.readingTarget = false
            return 0
        }
        if b == 0x3E && held.marks == 1 {
            finishProcessingInstruction()
            return 1
        }
        // An XML declaration holds neither "<" nor ">": either ends a damaged one.
        if (b == 0x3C || b == 0x3E) && Self.isXMLTarget(held.target) {
            if held.marks == 1 { held.content.append(0x3F) }
            report(.malformedTag, "the XML declaration does not end with \"?>\"; ended", line: held.line, column: held.column)
            finishProcessingInstruction()
            return b == 0x3E ? 1 : 0
        }
        if unsafe illegalCharacters == .strip && illegalCharacter(p, i) != nil { return unsafe heldCharacter(p, i) }
        if held.marks == 1 { held.content.append(0x3F) }
        if b == 0x3F {
            held.marks = 1
            held.raw.append(b)
            return 1
        }
        held.marks = 0
        return unsafe heldCharacter(p, i)
    }

    static func isXMLTarget(_ target: [UInt8]) -> Bool {
        target.count == 3 && (target[0] | 0x20) == 0x78 && (target[1] | 0x20) == 0x6D && (target[2] | 0x20) == 0x6C
    }

    private mutating func finishProcessingInstruction() {
        mode = .text
        repairs.append(contentsOf: held.repairs)
        let target = Self.text(held.target)
        if Self.isXMLTarget(held.target) {
            if held.atDocumentStart && target == "xml" {
                let declaration = Self.cleanDeclaration(held.content)
                standalone = declaration.standalone
                emit(declaration.bytes)
            } else {
                report(.misplacedDeclaration, "an XML declaration is allowed only at the very start; left out",
                    line: held.line, column: held.column)
            }
            return
        }
        if held.target.isEmpty || (namespaced && held.target.contains(0x3A)) {
            report(.invalidProcessingInstruction, "a processing instruction without a valid target; left out",
                line: held.line, column: held.column)
            return
        }
        var written = Array("<?".utf8) + held.target
        if let first = held.content.first {
            if !Self.isSpace(first) { written.append(0x20) }
            written.append(contentsOf: held.content)
        }
        written.append(contentsOf: Array("?>".utf8))
        emit(written)
    }

    /// The input ended inside a comment or PI that has a `>`: it ends there, and the rest is
    /// read again. Returns false when there is no `>` to go back to.
    private mutating func endAtFirstGreaterThan() throws -> Bool {
        guard let mark = held.firstGreaterThan else { return false }
        let what = mode == .comment ? "comment" : "processing instruction"
        report(.truncated, "the \(what) is not closed; taken to end at its first \">\"", line: held.line, column: held.column)
        let rest = Array(held.raw[mark.raw...])
        held.raw.removeSubrange(mark.raw...)
        held.content.removeSubrange((mark.content - 1)...)
        held.repairs.removeSubrange(mark.repairs...)
        held.marks = 0
        if mode == .comment {
            restHasNoCommentEnd = true
            finishComment()
        } else {
            restHasNoInstructionEnd = true
            finishProcessingInstruction()
        }
        line = mark.line
        column = mark.column
        afterCarriageReturn = false
        unsafe try rest.withUnsafeBufferPointer { unsafe try run($0, notes: [], isFinal: true) }
        return true
    }

    /// The declaration rebuilt from its pseudo-attributes, so a damaged one cannot fail.
    static func cleanDeclaration(_ content: [UInt8]) -> (bytes: [UInt8], standalone: Bool) {
        var version = "1.0"
        var encoding: String?
        var standalone: String?
        let text = String(decoding: content, as: UTF8.self)
        for (key, value) in pseudoAttributes(text) {
            switch key {
            case "version" where value.hasPrefix("1.") && value.dropFirst(2).allSatisfy { $0.isASCII && $0.isNumber } && value.count > 2:
                version = value
            case "encoding" where isEncodingName(value):
                encoding = value
            case "standalone" where value == "yes" || value == "no":
                standalone = value
            default: continue
            }
        }
        var declaration = "<?xml version=\"\(version)\""
        if let encoding { declaration += " encoding=\"\(encoding)\"" }
        if let standalone { declaration += " standalone=\"\(standalone)\"" }
        declaration += "?>"
        return (Array(declaration.utf8), standalone == "yes")
    }

    private static func pseudoAttributes(_ text: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
            var after = rest[rest.index(after: equals)...].drop(while: \.isWhitespace)
            guard let quote = after.first, quote == "\"" || quote == "'" else { break }
            after = after.dropFirst()
            guard let close = after.firstIndex(of: quote) else { break }
            result.append((key, String(after[..<close])))
            rest = after[after.index(after: close)...]
        }
        return result
    }

    private static func isEncodingName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first,
            (first.value >= 0x41 && first.value <= 0x5A) || (first.value >= 0x61 && first.value <= 0x7A)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            ($0.value >= 0x41 && $0.value <= 0x5A) || ($0.value >= 0x61 && $0.value <= 0x7A)
                || ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "." || $0 == "_" || $0 == "-"
        }
    }

    // MARK: - The end of the input

    /// Completes what the input left open: the construct it ends in, then every open element.
    mutating func complete() throws {
        finished = true
        while mode == .comment || mode == .processingInstruction {
            guard try endAtFirstGreaterThan() else { break }
        }
        switch mode {
        case .text: break
        case .startTag: try completeStartTag()
        case .endTag:
            if endTag.readingName { _ = Self.fixQualifiedName(&endTag.name, namespaced: namespaced, isElement: true) }
            closeElement()
        case .comment:
            report(.truncated, "the input ends inside a comment; closed", line: held.line, column: held.column)
            finishComment()
        case .cdata:
            report(.truncated, "the input ends inside a CDATA section; closed")
            finishCDATA(extraBrackets: cdataBrackets)
        case .processingInstruction:
            report(.truncated, "the input ends inside a processing instruction; closed", line: held.line, column: held.column)
            if held.marks == 1 { held.content.append(0x3F) }
            finishProcessingInstruction()
        case .doctype:
            completeDoctype()
        }
        while let open = stack.popLast() {
            if !(stack.isEmpty && rootReopened) {
                report(.truncated, "the element <\(Self.text(open.name))> from \(open.line):\(open.column) is not closed at the end of the input; closed")
            }
            if stack.isEmpty {
                output.append(contentsOf: Array("</".utf8) + open.name + [0x3E])
                root = .closed
                rootEndTag = []
            } else {
                emit(Array("</".utf8) + open.name + [0x3E])
            }
        }
        if root == .closed {
            output.append(contentsOf: rootEndTag)
            output.append(contentsOf: epilog)
            rootEndTag = []
            epilog = []
        }
    }
}
