/// A start tag being read; it is written out whole once complete.
struct TagState {
    enum Phase { case name, beforeAttribute, slash, attributeName, afterAttributeName, beforeValue, quotedValue, unquotedValue }

    var phase: Phase = .name
    /// The tag as it will be written, from `<`, without the attribute being read.
    var buffer: [UInt8] = [0x3C]
    var name: [UInt8] = []
    var attributeName: [UInt8] = []
    /// The value being read, already escaped.
    var value: [UInt8] = []
    var quote: UInt8 = 0x22
    /// The attributes' names in the order written, and as a set for the repeat check.
    var attributeNames: [[UInt8]] = []
    var attributeNameSet: Set<[UInt8]> = []
    /// The namespace declarations this tag makes (an empty prefix for the default namespace).
    var declarations: [(prefix: [UInt8], uri: [UInt8])] = []
    /// Where each attribute was written in ``buffer``, to leave one out afterwards.
    var attributeRanges: [(name: [UInt8], range: Range<Int>)] = []
    /// Whitespace met around `=`, written after the attribute (it may hold line breaks).
    var pendingSpace: [UInt8] = []
    var hadSpace = false
    var reportedJunk = false
    var line = 1
    var column = 1
    var attributeLine = 1
    var attributeColumn = 1

    init() {}
    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// An end tag being read.
struct EndTagState {
    var name: [UInt8] = []
    var trailing: [UInt8] = []
    var readingName = true
    var reportedJunk = false
    var line = 1
    var column = 1

    init() {}
    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

// Start and end tags: names, attributes, namespaces, and matching ends to starts.
extension MarkupRepairer {
    mutating func startTagStep(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, isFinal: Bool) throws -> Int? {
        if tag.buffer.count + tag.value.count > tokenLimit { throw tooLarge("a start tag") }
        let b = unsafe p[i]
        let length = Self.scalarLength(b)
        switch tag.phase {
        case .name:
            if let used = unsafe readName(p, i, into: &tag.name) { return used }
            if Self.fixQualifiedName(&tag.name, namespaced: namespaced, isElement: true) {
                report(.invalidName, "<\(Self.text(tag.name))>: the name is not a valid qualified name; colons replaced by \"_\"",
                    line: tag.line, column: tag.column)
            }
            tag.buffer.append(contentsOf: tag.name)
            tag.phase = .beforeAttribute
            return 0
        case .beforeAttribute:
            if Self.isSpace(b) {
                tag.buffer.append(b)
                tag.hadSpace = true
                return 1
            }
            if b == 0x3E {
                try finishStartTag(isEmpty: false)
                return 1
            }
            if b == 0x2F {
                tag.phase = .slash
                return 1
            }
            if b == 0x3C {
                report(.malformedTag, "the tag <\(Self.text(tag.name))> has no \">\"; closed before the next \"<\"")
                try finishStartTag(isEmpty: false)
                return 0
            }
            if unsafe Self.isNameStart(p, i) {
                if !tag.hadSpace {
                    report(.malformedTag, "no space before an attribute in <\(Self.text(tag.name))>; one added")
                    tag.buffer.append(0x20)
                }
                tag.attributeName = []
                tag.attributeLine = line
                tag.attributeColumn = column
                tag.phase = .attributeName
                return 0
            }
            unsafe junkInTag(p, i)
            return length
        case .slash:
            if b == 0x3E {
                try finishStartTag(isEmpty: true)
                return 1
            }
            if !tag.reportedJunk {
                tag.reportedJunk = true
                report(.malformedTag, "unexpected character \"/\" in the tag <\(Self.text(tag.name))>; left out")
            }
            tag.phase = .beforeAttribute
            return 0
        case .attributeName:
            if let used = unsafe readName(p, i, into: &tag.attributeName) { return used }
            tag.pendingSpace = []
            tag.phase = .afterAttributeName
            return 0
        case .afterAttributeName:
            if Self.isSpace(b) {
                tag.pendingSpace.append(b)
                return 1
            }
            if b == 0x3D {
                tag.phase = .beforeValue
                return 1
            }
            attributeWithoutValue()
            return 0
        case .beforeValue:
            if Self.isSpace(b) {
                tag.pendingSpace.append(b)
                return 1
            }
            tag.value = []
            if b == 0x22 || b == 0x27 {
                tag.quote = b
                tag.phase = .quotedValue
                return 1
            }
            if b == 0x2F && i + 1 == p.count && !isFinal { return nil }
            if unsafe b == 0x3E || b == 0x3C || (b == 0x2F && i + 1 < p.count && p[i + 1] == 0x3E) {
                report(.attributeWithoutValue, "the attribute \(Self.text(tag.attributeName)) has \"=\" but no value; given an empty one",
                    line: tag.attributeLine, column: tag.attributeColumn)
                tag.quote = 0x22
                addAttribute()
                return 0
            }
            tag.quote = 0x22
            tag.phase = .unquotedValue
            report(.unquotedAttributeValue, "the value of \(Self.text(tag.attributeName)) has no quotes; quoted",
                line: tag.attributeLine, column: tag.attributeColumn)
            return 0
        case .quotedValue:
            if b == tag.quote {
                addAttribute()
                return 1
            }
            // The common case: a run of characters that need nothing, taken at once.
            var j = i
            let end = min(p.count, runLimit)
            while j < end {
                let c = unsafe p[j]
                if c == tag.quote || c == 0x3C || c == 0x26 || c < 0x20 || c == 0xEF { break }
                j += 1
            }
            if j > i {
                unsafe tag.value.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<j]))
                if tag.buffer.count + tag.value.count > tokenLimit { throw tooLarge("a start tag") }
                return j - i
            }
            return unsafe valueCharacter(p, i, isFinal: isFinal)
        case .unquotedValue:
            if Self.isSpace(b) || b == 0x3E {
                addAttribute()
                return 0
            }
            if b == 0x2F {
                guard i + 1 < p.count else { return unsafe isFinal ? valueCharacter(p, i, isFinal: isFinal) : nil }
                if unsafe p[i + 1] == 0x3E {
                    addAttribute()
                    return 0
                }
            }
            if b == 0x22 {
                tag.value.append(contentsOf: "&quot;".utf8)
                return 1
            }
            return unsafe valueCharacter(p, i, isFinal: isFinal)
        }
    }

    /// One character of an attribute value: `<` and `&` escaped as needed, illegal
    /// characters handled by the policy.
    private mutating func valueCharacter(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, isFinal: Bool) -> Int? {
        let b = unsafe p[i]
        if b == 0x26 { return unsafe reference(p, i, isFinal: isFinal, inAttribute: true) }
        if b == 0x3C {
            report(.bareLessThan, "\"<\" in the value of \(Self.text(tag.attributeName)); escaped as &lt;")
            tag.value.append(contentsOf: "&lt;".utf8)
            return 1
        }
        if let value = unsafe illegalCharacter(p, i) {
            var replacement: [UInt8] = []
            illegal(value, into: &replacement)
            tag.value.append(contentsOf: replacement)
            return Self.scalarLength(b)
        }
        let length = Self.scalarLength(b)
        unsafe tag.value.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
        return length
    }

    private mutating func junkInTag(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) {
        guard !tag.reportedJunk else { return }
        tag.reportedJunk = true
        let character =
            unsafe illegalCharacter(p, i) == nil ? "character \"\(Character(Unicode.Scalar(Self.scalar(p, i))!))\"" : "control character"
        report(.malformedTag, "unexpected \(character) in the tag <\(Self.text(tag.name))>; left out")
    }

    private mutating func attributeWithoutValue() {
        report(.attributeWithoutValue, "the attribute \(Self.text(tag.attributeName)) has no value; given its name as value",
            line: tag.attributeLine, column: tag.attributeColumn)
        tag.value = tag.attributeName
        tag.quote = 0x22
        addAttribute()
    }

    /// Writes the attribute just read into the tag, unless it repeats one or is a namespace
    /// declaration XML forbids.
    private mutating func addAttribute() {
        defer {
            tag.buffer.append(contentsOf: tag.pendingSpace)
            tag.hadSpace = !tag.pendingSpace.isEmpty
            tag.pendingSpace = []
            tag.phase = .beforeAttribute
        }
        var name = tag.attributeName
        let (line, column) = (tag.attributeLine, tag.attributeColumn)
        if Self.fixQualifiedName(&name, namespaced: namespaced, isElement: false) {
            report(.invalidName, "the attribute name \(Self.text(tag.attributeName)) is not a valid qualified name; colons replaced by \"_\"",
                line: line, column: column)
        }
        if tag.attributeNameSet.contains(name) {
            report(.duplicateAttribute, "a second \(Self.text(name)) attribute in <\(Self.text(tag.name))>; left out",
                line: line, column: column)
            return
        }
        if namespaced {
            let xmlns = Array("xmlns".utf8)
            let declared: [UInt8]? = name == xmlns ? [] : name.starts(with: Array("xmlns:".utf8)) ? Array(name.dropFirst(6)) : nil
            if let prefix = declared {
                // The reserved prefixes and namespace names may not be bound by a document.
                let reserved =
                    prefix == xmlns || prefix == Array("xml".utf8) || tag.value == Self.xmlNamespace
                    || tag.value == Self.xmlnsNamespace
                if (tag.value.isEmpty && !prefix.isEmpty) || reserved {
                    report(.invalidName, "the declaration \(Self.text(name))=\"\(Self.text(tag.value))\" is not allowed; left out",
                        line: line, column: column)
                    return
                }
                tag.declarations.append((prefix, tag.value))
            }
        }
        tag.attributeNames.append(name)
        tag.attributeNameSet.insert(name)
        let start = tag.buffer.count
        tag.buffer.append(contentsOf: name)
        tag.buffer.append(0x3D)
        tag.buffer.append(tag.quote)
        tag.buffer.append(contentsOf: tag.value)
        tag.buffer.append(tag.quote)
        tag.attributeRanges.append((name, start..<tag.buffer.count))
    }

    /// Completes the attribute being read, if any (the input ended inside it).
    mutating func completeStartTag() throws {
        report(.truncated, "the input ends inside the tag <\(Self.text(tag.name))>; completed", line: tag.line, column: tag.column)
        switch tag.phase {
        case .name:
            _ = Self.fixQualifiedName(&tag.name, namespaced: namespaced, isElement: true)
            tag.buffer.append(contentsOf: tag.name)
        case .beforeAttribute, .slash: break
        case .attributeName, .afterAttributeName: attributeWithoutValue()
        case .beforeValue:
            tag.value = []
            tag.quote = 0x22
            addAttribute()
        case .quotedValue, .unquotedValue: addAttribute()
        }
        try finishStartTag(isEmpty: false)
    }

    /// Declares undeclared prefixes, writes the tag and opens the element.
    private mutating func finishStartTag(isEmpty: Bool) throws {
        if namespaced {
            declareMissingPrefixes()
            removeExpandedDuplicates()
        }
        mode = .text
        if tag.name.isEmpty { return }
        let frame = Frame(name: tag.name, declarations: tag.declarations, line: tag.line, column: tag.column)
        if stack.isEmpty && root == .before { root = .inside }
        if isEmpty && stack.isEmpty {
            // An empty root is written open, its end held, so content after it can go inside.
            tag.buffer.append(0x3E)
            emit(tag.buffer)
            closeRoot(frame, endTag: Array("</".utf8) + tag.name + [0x3E])
            return
        }
        tag.buffer.append(contentsOf: isEmpty ? [0x2F, 0x3E] : [0x3E])
        emit(tag.buffer)
        if !isEmpty { stack.push(frame) }
    }

}
