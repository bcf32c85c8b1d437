/// Where an element that a truncated document leaves open was started, found again in the
/// source: the parser keeps only each open element's byte offset (free to take, where a line
/// and column would cost a scan of every byte), and on this one error reads the source
/// again up to that offset.
///
/// - Complexity: O(offset), once, and only for a document that ends too early.
struct UnclosedElementLocator {
    /// Reads source bytes at an offset into a buffer; returns how many (0 at the end).
    typealias PositionalRead = (_ offset: Int64, _ into: UnsafeMutableRawBufferPointer) -> Int

    /// The element's name as written and the position of its `<`, or `nil` when the source
    /// no longer has those bytes.
    static func locate(offset: Int64, reading read: PositionalRead) -> (name: String, position: XMLPosition)? {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var line = 1
        var column = 1
        var afterCarriageReturn = false
        var position: Int64 = 0
        while position < offset {
            let wanted = Int(min(Int64(buffer.count), offset - position))
            let count = unsafe buffer.withUnsafeMutableBytes { unsafe read(position, UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted])) }
            if count <= 0 { return nil }
            // Line breaks as XML counts them: LF, CR LF, or a CR alone; columns in characters.
            for byte in buffer[..<count] {
                switch byte {
                case 0x0A:
                    if !afterCarriageReturn {
                        line += 1
                        column = 1
                    }
                    afterCarriageReturn = false
                case 0x0D:
                    line += 1
                    column = 1
                    afterCarriageReturn = true
                default:
                    afterCarriageReturn = false
                    if byte & 0xC0 != 0x80 { column += 1 }
                }
            }
            position += Int64(count)
        }
        var tag = [UInt8](repeating: 0, count: 512)
        let count = unsafe tag.withUnsafeMutableBytes { unsafe read(offset, $0) }
        guard count > 1, tag[0] == UInt8(ascii: "<") else { return nil }
        let name = tag[1..<count].prefix { ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains($0) }
        return (String(decoding: name, as: UTF8.self), XMLPosition(line: line, column: column, byteOffset: offset))
    }
}
