// End tags: matched against the open elements, closing the ones left open, dropping the
// ones that close nothing.
extension MarkupRepairer {
    mutating func endTagStep(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) throws -> Int? {
        if endTag.name.count + endTag.trailing.count > tokenLimit { throw tooLarge("an end tag") }
        let b = unsafe p[i]
        let length = Self.scalarLength(b)
        if endTag.readingName {
            if let used = unsafe readName(p, i, into: &endTag.name) { return used }
            _ = Self.fixQualifiedName(&endTag.name, namespaced: namespaced, isElement: true)
            endTag.readingName = false
            return 0
        }
        if Self.isSpace(b) {
            endTag.trailing.append(b)
            return 1
        }
        if b == 0x3E {
            closeElement()
            return 1
        }
        if b == 0x3C {
            report(.malformedTag, "the end tag </\(Self.text(endTag.name))> has no \">\"; closed before the next \"<\"")
            closeElement()
            return 0
        }
        if !endTag.reportedJunk {
            endTag.reportedJunk = true
            report(.malformedTag, "unexpected characters in the end tag </\(Self.text(endTag.name))>; left out")
        }
        return length
    }

    /// Closes the element the end tag names, and any left open inside it.
    mutating func closeElement() {
        mode = .text
        let name = endTag.name
        guard let index = stack.lastIndex(of: name) else {
            report(.unmatchedEndTag, "the end tag </\(Self.text(name))> matches no open element; left out",
                line: endTag.line, column: endTag.column)
            return
        }
        while stack.count > index + 1 {
            let open = stack.popLast()!
            report(.unclosedElement,
                "the element <\(Self.text(open.name))> from \(open.line):\(open.column) is not closed; closed by </\(Self.text(name))>",
                line: endTag.line, column: endTag.column)
            emit(Array("</".utf8) + open.name + [0x3E])
        }
        let frame = stack.popLast()!
        let written = Array("</".utf8) + name + endTag.trailing + [0x3E]
        if stack.isEmpty {
            closeRoot(frame, endTag: written)
        } else {
            emit(written)
        }
    }

    /// The root ends: its end tag is held until the end of the input.
    mutating func closeRoot(_ frame: Frame, endTag: [UInt8]) {
        rootFrame = frame
        rootEndTag = endTag
        epilog = []
        root = .closed
    }
}
