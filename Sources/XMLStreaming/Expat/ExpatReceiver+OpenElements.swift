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
    /// Pins the open elements not pinned yet: the line breaks from expat's position back to
    /// the earliest of them counted once, and each one's line scanned back to its start or
    /// to where the last call ended (whose line and column are known): O(bytes of the last
    /// call).
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
        let anchorIndex = Int(anchor.offset - bufferStart)
        // From the last element to the first: the line breaks between each and expat's
        // position are counted once, in runs the compiler vectorizes; characters only on
        // the elements' own lines, once each, back to the line's start or to where the last
        // call ended (whose line and column are known).
        // Invariant: every range read below lies in 0..<bytes.count: 0 <= target < counted <=
        // context.offset <= bytes.count (inputContext), and the scans for a line's start stop at 0.
        var counted = unsafe context.offset  // breaks are counted in counted..<context.offset
        var breaks = 0
        var previous: (target: Int, column: Int?)?  // the element pinned before, on a later line or this one
        for next in pins.indices.reversed() {
            let target = Int(openElementOffsets[first + next] - bufferStart)
            guard target >= 0, target < counted else { break }  // not in the buffer: left unknown
            let newBreaks = unsafe Self.lineBreakCount(in: bytes, from: target, to: counted)
            breaks += newBreaks
            counted = target
            pins[next].name = unsafe Self.tagName(in: bytes, at: target, upperHalf: singleByteUpperHalf)
            let found: Int?
            if newBreaks == 0, let previous {
                // On the line of the element pinned before: its column less what lies between.
                found = previous.column.map { unsafe $0 - characterCount(UnsafeBufferPointer(rebasing: bytes[target..<previous.target])) }
            } else if breaks == 0 {
                found = unsafe column - characterCount(UnsafeBufferPointer(rebasing: bytes[target..<context.offset]))
            } else {
                found = unsafe self.column(of: target, in: bytes, anchor: (anchorIndex, anchor.column - (anchor.offset == 0 && startsWithByteOrderMark ? 1 : 0)))
            }
            previous = (target, found)
            if let found {
                pins[next].line = line - breaks
                pins[next].column = found
            }
        }
        if controlReferenceOffsets != nil {
            // Counted in the bytes expat read; the input's columns can be fewer.
            for k in pins.indices where pins[k].line > 0 {
                pins[k].column = inputColumn(pins[k].column, onLine: pins[k].line, atOutput: openElementOffsets[first + k])
            }
        }
        pinnedOpenElements.append(contentsOf: pins)
    }

    /// The column of the byte at `target`: the characters back to the line break before it,
    /// or to `anchor`, a place in the buffer whose column is known (a byte-order mark at the
    /// start is none); `nil` when the buffer holds neither.
    func column(of target: Int, in bytes: UnsafeBufferPointer<UInt8>, anchor: (index: Int, column: Int)) -> Int? {
        var i = target
        while true {
            if i == anchor.index { return unsafe anchor.column + characterCount(UnsafeBufferPointer(rebasing: bytes[i..<target])) }
            guard i > 0 else { return nil }
            i -= 1
            if unsafe Self.isLineBreak(bytes, at: i) { return unsafe characterCount(UnsafeBufferPointer(rebasing: bytes[(i + 1)..<target])) + 1 }
        }
    }

    /// Whether the byte at `i` ends a line: a line feed, or a carriage return not before one.
    @inline(__always)
    static func isLineBreak(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let byte = unsafe bytes[i]
        return unsafe byte == 0x0A || (byte == 0x0D && !(i + 1 < bytes.count && bytes[i + 1] == 0x0A))
    }

    /// The line breaks in `bytes[from..<to]` (``isLineBreak(_:at:)``).
    static func lineBreakCount(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        let run = unsafe UnsafeBufferPointer(rebasing: bytes[from..<to])
        // Line feeds and carriage returns counted without a branch, so the loop vectorizes;
        // a carriage return is rare enough to count again one by one.
        var feeds = 0
        var returns = 0
        for unsafe byte in unsafe run {
            feeds &+= byte == 0x0A ? 1 : 0
            returns &+= byte == 0x0D ? 1 : 0
        }
        guard returns > 0 else { return feeds }
        var count = 0
        for i in from..<to where unsafe isLineBreak(bytes, at: i) { count += 1 }
        return count
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
            guard let scalar = SingleByteEncoding.scalar(byte, upperHalf: upperHalf) else { return nil }
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
