/// Explains bytes that are not valid in the document's encoding, and cuts excerpts for
/// error messages.
enum EncodingDiagnosis {
    /// The first byte, at or after `start`, that does not begin (or continue) a valid UTF-8
    /// sequence; searches at most 16 bytes, since expat stops at the offending character.
    /// `nil` when a well-encoded character XML does not allow (a control character, U+FFFE,
    /// U+FFFF) comes first: that character, not a later byte, is what expat refused.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (offset: Int, byte: UInt8)? {
        var i = start
        let end = min(bytes.count, start + 16)
        while i < end {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x09, 0x0A, 0x0D, 0x20..<0x80: i += 1; continue
            case 0x00..<0x20: return nil
            case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                return nil
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (i, b)
            }
            if i + length > bytes.count { return nil }  // cut off by the buffer: not proven bad
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return (i, b) }
            i += length
        }
        return nil
    }

    static func message(byte: UInt8, offset: Int64, declared: String?) -> String {
        let hex = "0x" + String(byte, radix: 16, uppercase: true)
        let encoding = declared.map { "declares \($0)" } ?? "declares no encoding, so it must be UTF-8"
        return "byte \(hex) at offset \(offset) is not valid UTF-8, but the document \(encoding); "
            + "was it saved in another encoding (windows-1252, MacRoman, ISO-8859-1)? Declare that encoding "
            + "or convert the file"
    }

    /// The line around `offset`, at most 60 bytes either side, lossily decoded.
    static func excerpt(of bytes: UnsafeBufferPointer<UInt8>, around offset: Int) -> String? {
        guard offset <= bytes.count else { return nil }
        var start = offset
        while start > 0 && offset - start < 60 && bytes[start - 1] != 0x0A { start -= 1 }
        var end = offset
        while end < bytes.count && end - offset < 60 && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let text = String(decoding: slice, as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}
