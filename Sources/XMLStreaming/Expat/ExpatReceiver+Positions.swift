internal import CExpat
internal import XMLSyntax

// Positions: line, column and byte offset of the current event, as expat counts them and
// where they need correcting (a byte-order mark, the end of an empty-element tag).
extension ExpatReceiver {
    // MARK: - Position

    func currentPosition() -> XMLPosition {
        if let stopPosition, state == .failed { return stopPosition }
        if let dtdParser = unsafe dtdParser { return unsafe externalSubsetPosition(dtdParser) }
        if inEmptyElementEnd, let start = emptyElementStartPosition() { return start }
        let line = unsafe Int(XML_GetCurrentLineNumber(parser))
        let offset = unsafe Int64(max(0, XML_GetCurrentByteIndex(parser)))
        return XMLPosition(line: line, column: inputColumn(expatColumn(onLine: line), onLine: line, atOutput: offset), byteOffset: inputByteOffset(offset))
    }

    /// expat's column, counted from 1 as ours are (before ``inputColumn(_:onLine:atOutput:)``). expat counts a byte-order mark as a
    /// character of line 1 (`<x>` after one is at its column 2), so there it is one less.
    func expatColumn(onLine line: Int) -> Int {
        let column = unsafe Int(XML_GetCurrentColumnNumber(parser)) + 1
        return line == 1 && startsWithByteOrderMark ? max(1, column - 1) : column
    }

    /// During the end event of `<odd/>`: where the tag starts. expat's position is the tag's
    /// end; the tag's bytes are still in its buffer, so the start is the end less the tag's
    /// characters (for a tag over several lines, the column comes from the text before it).
    func emptyElementStartPosition() -> XMLPosition? {
        guard let startOffset = openElementOffsets.last, let context = unsafe inputContext() else { return nil }
        let endOffset = unsafe Int64(max(0, XML_GetCurrentByteIndex(parser)))
        let tagLength = Int(endOffset - startOffset)
        let tagStart = unsafe context.offset - tagLength
        guard tagLength >= 0, tagStart >= 0 else { return nil }
        let tag = unsafe UnsafeBufferPointer(rebasing: context.bytes[tagStart..<context.offset])
        let endLine = unsafe Int(XML_GetCurrentLineNumber(parser))
        let endColumn = expatColumn(onLine: endLine)
        let lineBreaks = unsafe lineBreakCount(tag)
        let characters = unsafe characterCount
        if lineBreaks == 0 {
            let column = unsafe endColumn - characters(tag)
            return XMLPosition(
                line: endLine, column: inputColumn(column, onLine: endLine, atOutput: startOffset), byteOffset: inputByteOffset(startOffset))
        }
        // The column is the characters since the line break before the tag, if expat still
        // holds them.
        var lineStart = tagStart
        let unit = inputIsUTF16 ? 2 : 1
        while unsafe lineStart >= unit && !endsLine(context.bytes, at: lineStart - unit) { lineStart -= unit }
        guard unsafe lineStart > 0 || endOffset - Int64(context.offset) == 0 else { return nil }
        let before = unsafe UnsafeBufferPointer(rebasing: context.bytes[lineStart..<tagStart])
        let line = endLine - lineBreaks
        // On line 1 the bytes before the tag begin with the byte-order mark, if there is one.
        let column = unsafe characters(before) + (line == 1 && startsWithByteOrderMark ? 0 : 1)
        return XMLPosition(line: line, column: inputColumn(max(1, column), onLine: line, atOutput: startOffset), byteOffset: inputByteOffset(startOffset))
    }

    /// The characters of `bytes` as expat counts columns: bytes in a single-byte encoding,
    /// UTF-8 sequences, or UTF-16 units less the second of each surrogate pair.
    func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if singleByteUpperHalf != nil { return bytes.count }
        guard inputIsUTF16 else { return unsafe bytes.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } }
        var count = 0
        var i = 0
        while i + 1 < bytes.count {
            let high = unsafe inputIsLittleEndian ? bytes[i + 1] : bytes[i]
            if high & 0xFC != 0xDC { count += 1 }
            i += 2
        }
        return count
    }

    /// Whether the character at byte `i` ends a line as expat counts lines: a line feed, or a
    /// carriage return not before one (whole UTF-16 units in UTF-16).
    func endsLine(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard inputIsUTF16 else { return unsafe Self.isLineBreak(bytes, at: i) }
        let unit = 2
        // Invariant: only units that lie whole in 0..<bytes.count are read.
        func holds(_ value: UInt8, at k: Int) -> Bool {
            guard k >= 0, k + unit <= bytes.count else { return false }
            return unsafe inputIsLittleEndian ? bytes[k] == value && bytes[k + 1] == 0 : bytes[k] == 0 && bytes[k + 1] == value
        }
        return holds(0x0A, at: i) || (holds(0x0D, at: i) && !holds(0x0A, at: i + unit))
    }

    func lineBreakCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let unit = inputIsUTF16 ? 2 : 1
        return stride(from: 0, to: bytes.count, by: unit).reduce(0) { unsafe endsLine(bytes, at: $1) ? $0 + 1 : $0 }
    }

    /// Whether the current text event is a character reference as the document wrote it
    /// (`&#32;`): expat reports each one as a text event of its own, positioned at its `&`.
    /// Text from an entity is positioned at the entity's reference (`&name;`), so it is not.
    var currentTextIsCharacterReference: Bool {
        unsafe dtdParser == nil && currentEventStarts(with: 0x26, 0x23)
    }

    /// Whether the current declaration is external markup, as XML 1.0 counts it (2.9): read
    /// from the external DTD the caller names, or from a parameter entity, whose
    /// declarations expat reports positioned at the entity's reference (`%name;`).
    var currentDeclarationIsExternal: Bool {
        unsafe dtdParser != nil || currentEventStarts(with: 0x25)
    }

    /// When the current event is written right after entity references (`<a>&nil;</a>`,
    /// `&nil;<b/>`), which shows references whose text is empty: where the first of them is.
    /// `nil` for any other event, for the end of an empty-element tag, or when the byte
    /// before is no longer held. (An event from an entity's text is positioned at the
    /// reference to it: the references before are those before that one.)
    var currentEventEntityReferences: XMLPosition? {
        guard unsafe dtdParser == nil, !inEmptyElementEnd, let context = unsafe inputContext() else { return nil }
        // An event from an entity's text is not written here: what comes before its
        // reference is not before it (a character reference's text is).
        if currentEventStarts(with: 0x26), !currentEventStarts(with: 0x26, 0x23) { return nil }
        let width = inputIsUTF16 ? 2 : 1
        let bytes = unsafe context.bytes
        let end = unsafe context.offset
        // Invariant: every unit read lies inside the bytes expat holds, before the event.
        guard end >= width, end <= bytes.count,
            unsafe asciiUnit(in: UnsafeBufferPointer(rebasing: bytes[(end - width)..<end]), at: 0) == 0x3B
        else { return nil }
        let here = currentPosition()
        // Back over the run of references, unit by unit in the input's encoding (a byte, or a
        // UTF-16 unit: a unit beyond ASCII is part of a name).
        func unit(_ i: Int) -> UInt16 {
            guard width == 2 else { return UInt16(unsafe bytes[i]) }
            return unsafe inputIsLittleEndian ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
        }
        let stops: [UInt16] = [0x26, 0x3B, 0x3C, 0x3E, 0x20, 0x0A, 0x0D, 0x09]
        var start = end
        while start >= width, unit(start - width) == 0x3B {
            var amp = start - width
            while amp >= width, !stops.contains(unit(amp - width)) { amp -= width }
            // A character reference (`&#32;`) is text, with an event of its own.
            guard amp >= width, amp < start - width, unit(amp - width) == 0x26, unit(amp) != 0x23 else { break }
            start = amp - width
        }
        guard start < end else { return nil }
        // Characters: UTF-16 units but the second of a pair; bytes of a single-byte encoding;
        // UTF-8 bytes but continuations (expat's, or a transcoding stage's output).
        var characters = 0
        var i = start
        while i < end {
            let u = unit(i)
            if width == 2 { characters += u & 0xFC00 == 0xDC00 ? 0 : 1 } else if transcodedOffsets == nil && currentInputForm == .singleByte {
                characters += 1
            } else {
                characters += u & 0xC0 == 0x80 ? 0 : 1
            }
            i += width
        }
        let skipped = Int64(end - start)
        let offset =
            transcodedOffsets != nil || controlReferenceOffsets != nil
            ? inputByteOffset(max(0, unsafe Int64(XML_GetCurrentByteIndex(parser)) - skipped)) : max(0, here.byteOffset - skipped)
        return XMLPosition(line: here.line, column: max(1, here.column - characters), byteOffset: offset)
    }

    /// During text written in the document itself: where its first character other than
    /// white space is. expat reports text up to the end of each piece of input it is given,
    /// so an error placed at the event would move with where the input was cut; placed
    /// here, it does not. The event's position for text that begins with other characters,
    /// is white space only, or is not written there (an entity's text, placed at its
    /// reference).
    var currentTextPositionAfterWhitespace: XMLPosition {
        guard unsafe dtdParser == nil, let text = currentTagUTF8(),
            let first = text.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }), first > 0
        else { return currentPosition() }
        return positionsInCurrentTag(of: [first], scanner: AttributeEntityScanner(tag: text, namespaced: false))[0]
    }

    /// expat's byte index of the current event, in the bytes it reads (the caller's DTD's
    /// while it reads that).
    var currentEventIndex: Int64 { unsafe Int64(XML_GetCurrentByteIndex(dtdParser ?? parser)) }

    /// The name in the entity reference (`&name;`) the current event is positioned at: expat
    /// positions the events of an entity's text at its reference in the document. `nil`
    /// elsewhere, or in the caller's DTD.
    var currentEventEntityReference: String? {
        guard unsafe dtdParser == nil, currentEventStarts(with: 0x26), !currentEventStarts(with: 0x26, 0x23),
            let context = unsafe inputContext()
        else { return nil }
        let bytes = unsafe context.bytes
        if inputIsUTF16 {
            // Unit by unit, to the `;`. Invariant: every pair read lies in 0..<bytes.count.
            var units: [UInt16] = []
            var i = unsafe context.offset + 2
            while i + 1 < bytes.count {
                let unit = unsafe inputIsLittleEndian ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
                if unit == 0x3B { return String(decoding: units, as: UTF16.self) }
                units.append(unit)
                i += 2
            }
            return nil
        }
        let start = unsafe context.offset + 1
        // Invariant: every index read lies in start..<bytes.count.
        guard start < bytes.count, unsafe bytes[start] != 0x23 else { return nil }
        var end = start
        while end < bytes.count, unsafe bytes[end] != 0x3B { end += 1 }
        guard end < bytes.count else { return nil }
        return unsafe String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Whether the document's bytes at the current event begin with these ASCII characters,
    /// in the input's own encoding (expat's, or UTF-8 from a transcoding stage).
    private func currentEventStarts(with first: UInt8, _ second: UInt8? = nil) -> Bool {
        guard let context = unsafe inputContext() else { return false }
        let width = inputIsUTF16 ? 2 : 1
        let count = second == nil ? 1 : 2
        // Invariant: every unit read lies inside the bytes expat holds.
        guard unsafe context.offset + count * width <= context.bytes.count else { return false }
        let bytes = unsafe UnsafeBufferPointer(rebasing: context.bytes[context.offset..<(context.offset + count * width)])
        return unsafe asciiUnit(in: bytes, at: 0) == first && (second == nil || asciiUnit(in: bytes, at: 1) == second)
    }

    /// The `index`th unit of `bytes` (in the input's encoding) when it is an ASCII character:
    /// a byte, or a UTF-16 unit whose high byte is 0; `nil` otherwise. `bytes` holds the unit.
    private func asciiUnit(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt8? {
        guard inputIsUTF16 else { return unsafe bytes[index] }
        let low = unsafe inputIsLittleEndian ? bytes[2 * index] : bytes[2 * index + 1]
        let high = unsafe inputIsLittleEndian ? bytes[2 * index + 1] : bytes[2 * index]
        return high == 0 ? low : nil
    }

    /// The bytes expat still holds around the current event, and the event's offset in them.
    func inputContext() -> (bytes: UnsafeBufferPointer<UInt8>, offset: Int)? { unsafe inputContext(of: parser) }

    /// The bytes `parser` (this receiver's, or the child reading the caller's DTD) still
    /// holds around its current event, and the event's offset in them.
    func inputContext(of parser: XML_Parser) -> (bytes: UnsafeBufferPointer<UInt8>, offset: Int)? {
        var offset: Int32 = 0
        var size: Int32 = 0
        guard let base = unsafe XML_GetInputContext(parser, &offset, &size), size > 0, offset >= 0, offset <= size else {
            return nil
        }
        let bytes = unsafe UnsafeRawPointer(base).assumingMemoryBound(to: UInt8.self)
        return unsafe (UnsafeBufferPointer(start: bytes, count: Int(size)), Int(offset))
    }
}
