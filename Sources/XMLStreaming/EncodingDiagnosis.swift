/// Explains bytes that are not valid in the document's encoding, and cuts excerpts for
/// error messages.
enum EncodingDiagnosis {
    /// The byte at `start`, when it does not begin a valid UTF-8 sequence (or the sequence
    /// is broken). expat reports an invalid token at the offending character itself, so
    /// only that character is examined: a bad byte further on is not what expat refused
    /// (it may be a control character, or markup, before it). `nil` when the sequence is
    /// cut off by the end of the buffer: not proven bad.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (offset: Int, byte: UInt8)? {
        guard start < bytes.count else { return nil }
        let b = unsafe bytes[start]
        let length: Int
        switch b {
        case 0x00..<0x80: return nil
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (start, b)
        }
        if start + length > bytes.count { return nil }
        for k in 1..<length where unsafe bytes[start + k] & 0xC0 != 0x80 { return (start, b) }
        return nil
    }

    static func message(byte: UInt8, offset: Int64, declared: String?) -> String {
        let hex = "0x" + String(byte, radix: 16, uppercase: true)
        let encoding = declared.map { "declares \($0)" } ?? "declares no encoding, so it must be UTF-8"
        return "byte \(hex) at offset \(offset) is not valid UTF-8, but the document \(encoding); "
            + "was it saved in another encoding (windows-1252, MacRoman, ISO-8859-1)? Declare that encoding "
            + "or convert the file"
    }

    /// The line around `offset`, at most 60 bytes either side, lossily decoded, and the
    /// column of `offset` in it (in characters, from 1).
    static func excerpt(of bytes: UnsafeBufferPointer<UInt8>, around offset: Int) -> (text: String, column: Int)? {
        guard offset <= bytes.count else { return nil }
        var start = offset
        while unsafe start > 0 && offset - start < 60 && bytes[start - 1] != 0x0A && bytes[start - 1] != 0x0D { start -= 1 }
        // Whole characters only: not from inside one.
        while unsafe start < offset && bytes[start] & 0xC0 == 0x80 { start += 1 }
        var end = offset
        while unsafe end < bytes.count && end - offset < 60 && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        while unsafe end > offset && end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let text = unsafe printable(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        // Characters before the error: UTF-8 sequences (whole, from `start`), one each.
        let before = unsafe bytes[start..<offset].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return text.isEmpty ? nil : (text, before + 1)
    }

    /// The text with control characters but the tab as U+FFFD: an excerpt goes to terminals,
    /// and a document's escape sequences must not reach them. One character for one, so a
    /// caret still lines up.
    private static func printable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let isControl = (scalar.value < 0x20 && scalar != "\t") || (scalar.value >= 0x7F && scalar.value < 0xA0)
            scalars.append(isControl ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}
