internal import CExpat
internal import XMLSyntax

/// An element still open when expat last returned: its name as written and where its start
/// tag began, for the error of a document that ends inside it.
struct PinnedElement {
    /// The qualified name as written; `nil` when its bytes could not be read (UTF-16 input).
    var name: String?
    /// The line and column of its `<`; 0 when they could not be told.
    var line: Int
    var column: Int
    /// The input's byte offset of its `<`.
    var inputOffset: Int64
}

// Open elements, pinned: the receiver keeps only a byte offset for each open element (free
// to take, where a line and column would cost a scan of every byte). After each call into
// expat, while expat still holds the bytes it read, the elements opened in that call and
// still open get their name, line and column, counted back from expat's position. A
// document that ends inside one can then say which, and where, whatever fed it.
extension ExpatReceiver {
    /// Pins the open elements not pinned yet. One backward scan from expat's position to the
    /// earliest of them, and on to the start of its line or to where the last call ended
    /// (whose line and column are known): O(bytes of the last call).
    func pinOpenElements() {
        let first = pinnedOpenElements.count
        let count = openElementOffsets.count
        let end = unsafe Int64(XML_GetCurrentByteIndex(parser))
        let line = unsafe Int(XML_GetCurrentLineNumber(parser))
        let column = expatColumn(onLine: line)
        let anchor = pinAnchor
        // The next call's elements begin after here.
        if end >= 0 { pinAnchor = (line, column, end) }
        guard first < count else { return }
        guard end >= 0, !inputIsUTF16, let context = unsafe inputContext() else {
            for k in first..<count { pinnedOpenElements.append(unknownPin(at: openElementOffsets[k])) }
            return
        }
        let bytes = unsafe context.bytes
        let bufferStart = unsafe end - Int64(context.offset)
        var pins = (first..<count).map { unknownPin(at: openElementOffsets[$0]) }
        let singleByte = singleByteUpperHalf != nil
        // Scanning down from expat's position: line breaks and characters passed.
        var breaks = 0
        var characters = 0
        var pending: [(index: Int, characters: Int)] = []  // pinned but for their column
        var next = pins.count - 1
        // The offsets in the buffer of the next element to pin and of the last call's end,
        // in locals: the loop below runs once per byte scanned.
        func offsetInBuffer(_ element: Int) -> Int { element >= 0 ? Int(openElementOffsets[first + element] - bufferStart) : -1 }
        var target = offsetInBuffer(next)
        let anchorIndex = Int(anchor.offset - bufferStart)
        var i = unsafe context.offset
        while i > 0 && (next >= 0 || !pending.isEmpty) {
            i -= 1
            let byte = unsafe bytes[i]
            if byte == 0x0A || byte == 0x0D {
                // A carriage return before a line feed is part of its break; neither is a
                // character of a line.
                if unsafe byte == 0x0A || !(i + 1 < bytes.count && bytes[i + 1] == 0x0A) {
                    // The line of the pending elements starts after this break.
                    for (index, counted) in pending { pins[index].column = characters - counted + 1 }
                    pending.removeAll()
                    breaks += 1
                }
            } else if singleByte || byte & 0xC0 != 0x80 {
                characters += 1
            }
            // `characters` now counts the characters from byte i up to expat's position.
            while i == target {
                pins[next].line = line - breaks
                pins[next].name = unsafe Self.tagName(in: bytes, at: i, upperHalf: singleByteUpperHalf)
                if breaks == 0 {
                    pins[next].column = column - characters
                } else {
                    pending.append((next, characters))
                }
                next -= 1
                target = offsetInBuffer(next)
            }
            if i == anchorIndex {
                // Where the last call ended, on the same line as the pending elements: its
                // column is known. (A byte-order mark at the start is no column.)
                let mark = anchor.offset == 0 && startsWithByteOrderMark ? 1 : 0
                for (index, counted) in pending { pins[index].column = anchor.column + characters - counted - mark }
                pending.removeAll()
            }
        }
        for (index, _) in pending { pins[index].line = 0 }
        if controlReferenceOffsets != nil {
            // Counted in the bytes expat read; the input's columns can be fewer.
            for k in pins.indices where pins[k].line > 0 {
                pins[k].column = inputColumn(pins[k].column, onLine: pins[k].line, atOutput: openElementOffsets[first + k])
            }
        }
        pinnedOpenElements.append(contentsOf: pins)
    }

    private func unknownPin(at offset: Int64) -> PinnedElement {
        PinnedElement(name: nil, line: 0, column: 0, inputOffset: inputByteOffset(offset))
    }

    /// The name in the start tag at `offset` (its `<`), as written: UTF-8, or through a
    /// single-byte encoding's table.
    static func tagName(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, upperHalf: [Int32]?) -> String? {
        guard offset + 1 < bytes.count, unsafe bytes[offset] == UInt8(ascii: "<") else { return nil }
        var end = offset + 1
        while end < bytes.count && end - offset < 512,
            unsafe ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[end])
        {
            end += 1
        }
        let name = unsafe UnsafeBufferPointer(rebasing: bytes[(offset + 1)..<end])
        guard let upperHalf else { return unsafe String(validating: name, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        for unsafe byte in unsafe name {
            let value = byte < 0x80 ? Int32(byte) : upperHalf[Int(byte) - 0x80]
            guard value >= 0, let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The message for a document that ends inside its innermost open element.
    func unclosedElementMessage() -> String {
        guard let pin = pinnedOpenElements.last, pinnedOpenElements.count == openElementOffsets.count else {
            return "premature end of input: an element is not closed"
        }
        if let name = pin.name, pin.line > 0 {
            return "premature end of input: <\(name)> opened at \(pin.line):\(pin.column) is not closed"
        }
        return "premature end of input: the element opened at byte \(pin.inputOffset) is not closed"
    }
}
