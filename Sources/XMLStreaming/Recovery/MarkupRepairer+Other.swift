/// A comment or processing instruction being read; written out whole once complete.
struct HeldState {
    var content: [UInt8] = []
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

/// A DOCTYPE being passed through.
struct DoctypeState {
    var discarded = false
    var quote: UInt8 = 0
    var depth = 0
    var inComment = false
    /// The last bytes seen, to recognise `<!--`, `-->` and `<!ENTITY`.
    var window: [UInt8] = []
    /// 0: not after `<!ENTITY`; 1: skipping space before its name; 2: reading the name.
    var entityPhase = 0
    var entityName: [UInt8] = []
    /// The part before `[` or `>`, to see whether it names an external subset.
    var header: [UInt8] = []
    var inHeader = true
    var line = 1
    var column = 1

    init() {}
    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

// Comments, CDATA sections, processing instructions, DOCTYPEs, and the end of the input.
extension MarkupRepairer {
    // MARK: - Comments

    mutating func commentStep(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) throws -> Int? {
        if held.content.count > tokenLimit { throw tooLarge("a comment") }
        let b = p[i]
        if b == 0x3E && held.marks >= 2 {
            held.content.removeLast(2)
            finishComment()
            return 1
        }
        held.marks = b == 0x2D ? held.marks + 1 : 0
        return heldCharacter(p, i)
    }

    private mutating func heldCharacter(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let length = Self.scalarLength(p[i])
        if let value = Self.illegalScalar(p, i) {
            var replacement: [UInt8] = []
            illegal(value, into: &replacement)
            held.content.append(contentsOf: replacement)
        } else {
            held.content.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
        }
        return length
    }

    /// Writes the comment, with `--` spaced apart and no `-` before the closing `-->`.
    private mutating func finishComment() {
        mode = .text
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
        let b = p[i]
        if b == 0x5D {
            cdataBrackets += 1
            return 1
        }
        if b == 0x3E && cdataBrackets >= 2 {
            finishCDATA(extraBrackets: cdataBrackets - 2)
            return 1
        }
        flushBrackets(cdataBrackets)
        cdataBrackets = 0
        let length = Self.scalarLength(b)
        if cdataDropped { return length }
        if let value = Self.illegalScalar(p, i) {
            var replacement: [UInt8] = []
            illegal(value, into: &replacement)
            emit(replacement)
        } else {
            emit(UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
        }
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
        if held.content.count > tokenLimit { throw tooLarge("a processing instruction") }
        let b = p[i]
        if held.readingTarget {
            if Self.isNameChar(p, i) && (!held.target.isEmpty || Self.isNameStart(p, i)) {
                let length = Self.scalarLength(b)
                held.target.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
                return length
            }
            held.readingTarget = false
            return 0
        }
        if b == 0x3E && held.marks == 1 {
            finishProcessingInstruction()
            return 1
        }
        if held.marks == 1 { held.content.append(0x3F) }
        if b == 0x3F {
            held.marks = 1
            return 1
        }
        held.marks = 0
        return heldCharacter(p, i)
    }

    private mutating func finishProcessingInstruction() {
        mode = .text
        let target = Self.text(held.target)
        if target.lowercased() == "xml" {
            if held.atDocumentStart && target == "xml" {
                emit(Self.cleanDeclaration(held.content))
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

    /// The declaration rebuilt from its pseudo-attributes, so a damaged one cannot fail.
    static func cleanDeclaration(_ content: [UInt8]) -> [UInt8] {
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
        return Array(declaration.utf8)
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
        guard let first = name.unicodeScalars.first, first.properties.isASCIIHexDigit || ("A"..."z").contains(first),
            first.value >= 0x41
        else { return false }
        return name.unicodeScalars.allSatisfy {
            ($0.value >= 0x41 && $0.value <= 0x5A) || ($0.value >= 0x61 && $0.value <= 0x7A)
                || ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "." || $0 == "_" || $0 == "-"
        }
    }

    // MARK: - DOCTYPE

    mutating func doctypeStep(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let b = p[i]
        let length = Self.scalarLength(b)
        doctype.window.append(b)
        if doctype.window.count > 8 { doctype.window.removeFirst() }
        defer {
            if !doctype.discarded {
                if let value = Self.illegalScalar(p, i) {
                    var replacement: [UInt8] = []
                    illegal(value, into: &replacement)
                    emit(replacement)
                } else {
                    emit(UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
                }
            }
        }
        if doctype.inComment {
            if doctype.window.suffix(3).elementsEqual("-->".utf8) { doctype.inComment = false }
            return length
        }
        if doctype.quote != 0 {
            if b == doctype.quote { doctype.quote = 0 }
            return length
        }
        readEntityName(p, i, b)
        switch b {
        case 0x22, 0x27: doctype.quote = b
        case 0x5B:
            doctype.depth += 1
            noteHeaderEnd()
        case 0x5D: doctype.depth = max(0, doctype.depth - 1)
        case 0x3E where doctype.depth == 0:
            noteHeaderEnd()
            mode = .text
            sawDoctype = true
            return length
        default:
            if doctype.window.suffix(4).elementsEqual("<!--".utf8) { doctype.inComment = true }
            if doctype.window.elementsEqual("<!ENTITY".utf8) { doctype.entityPhase = 1 }
        }
        if doctype.inHeader { doctype.header.append(b) }
        return length
    }

    /// Collects the names of general entities the internal subset declares.
    private mutating func readEntityName(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ b: UInt8) {
        switch doctype.entityPhase {
        case 1:
            if Self.isSpace(b) { return }
            if Self.isNameStart(p, i) {
                doctype.entityPhase = 2
                doctype.entityName = []
            } else {
                doctype.entityPhase = 0  // `%`: a parameter entity
                return
            }
            fallthrough
        case 2:
            if Self.isNameChar(p, i) {
                doctype.entityName.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + Self.scalarLength(b))]))
            } else {
                declaredEntities.insert(doctype.entityName)
                doctype.entityPhase = 0
            }
        default: break
        }
    }

    private mutating func noteHeaderEnd() {
        guard doctype.inHeader else { return }
        doctype.inHeader = false
        let words = String(decoding: doctype.header, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        if words.contains("SYSTEM") || words.contains("PUBLIC") { hasExternalSubset = true }
    }

    // MARK: - The end of the input

    /// Completes what the input left open: the construct it ends in, then every open element.
    mutating func complete() throws {
        finished = true
        switch mode {
        case .text: break
        case .startTag: try completeStartTag()
        case .endTag: closeElement()
        case .comment:
            report(.truncated, "the input ends inside a comment; closed", line: held.line, column: held.column)
            if held.marks > 0 { held.content.removeLast(min(held.marks, 2)) }
            finishComment()
        case .cdata:
            report(.truncated, "the input ends inside a CDATA section; closed")
            finishCDATA(extraBrackets: cdataBrackets)
        case .processingInstruction:
            report(.truncated, "the input ends inside a processing instruction; closed", line: held.line, column: held.column)
            held.marks = 0
            finishProcessingInstruction()
        case .doctype:
            report(.truncated, "the input ends inside the DOCTYPE; closed", line: doctype.line, column: doctype.column)
            if !doctype.discarded {
                if doctype.quote != 0 { emit(doctype.quote) }
                emit(Array(repeating: 0x5D, count: doctype.depth) + [0x3E])
            }
            mode = .text
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
