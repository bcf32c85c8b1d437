/// Escaping for character data and attribute values, with the invalid-character policy
/// applied in the same pass.
///
/// Text escapes `&`, `<`, `>` and carriage return (which a parser would otherwise turn
/// into a line feed). Attribute values also escape `"`, tab and line feed, which attribute-value
/// normalization would otherwise turn into spaces. Everything else is written as UTF-8.
///
/// - Complexity: one pass over the UTF-8 bytes; runs of bytes that need nothing are
///   appended in one copy.
public enum XMLEscaping {
    /// Where the escaped string goes.
    public enum Context: Hashable, Sendable {
        /// Character data between tags.
        case text
        /// An attribute value written between double quotes.
        case attributeValue
    }

    /// Appends `string`, escaped for `context`, to `output`.
    public static func append(
        _ string: String, for context: Context, policy: XMLCharacterPolicy = .strip, to output: inout [UInt8]
    ) throws(XMLInvalidCharacterError) {
        var string = string
        // `withUTF8` rethrows untyped; carry the typed error out by hand.
        let failure = string.withUTF8 { bytes -> XMLInvalidCharacterError? in
            do throws(XMLInvalidCharacterError) {
                try append(bytes, for: context, policy: policy, to: &output)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Appends UTF-8 `bytes` (which must be valid UTF-8), escaped for `context`, to `output`.
    public static func append(
        _ bytes: UnsafeBufferPointer<UInt8>, for context: Context, policy: XMLCharacterPolicy = .strip,
        to output: inout [UInt8]
    ) throws(XMLInvalidCharacterError) {
        let inAttribute = context == .attributeValue
        var runStart = 0
        var i = 0
        let count = bytes.count
        func flush(upTo end: Int) {
            if end > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        while i < count {
            let b = bytes[i]
            var replacement: StaticString?
            var invalidLength = 0
            switch b {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case 0x0D: replacement = "&#13;"
            case UInt8(ascii: "\"") where inAttribute: replacement = "&quot;"
            case 0x09 where inAttribute: replacement = "&#9;"
            case 0x0A where inAttribute: replacement = "&#10;"
            case 0x09, 0x0A: break
            case 0x00..<0x20: invalidLength = 1
            case 0xEF where i + 2 < count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                invalidLength = 3
            default: break
            }
            if let replacement {
                flush(upTo: i)
                output.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                i += 1
                runStart = i
            } else if invalidLength > 0 {
                flush(upTo: i)
                switch policy {
                case .strip: break
                case .replace: output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                case .throw:
                    let scalar = invalidLength == 1 ? Unicode.Scalar(b) : Unicode.Scalar(bytes[i + 2] == 0xBE ? 0xFFFE : 0xFFFF)!
                    var offset = 0
                    for k in 0..<i where bytes[k] & 0xC0 != 0x80 { offset += 1 }
                    throw XMLInvalidCharacterError(scalar: scalar, scalarOffset: offset)
                }
                i += invalidLength
                runStart = i
            } else {
                i += 1
            }
        }
        flush(upTo: count)
    }

    /// `string` escaped as character data.
    public static func escapedText(_ string: String, policy: XMLCharacterPolicy = .strip) throws(XMLInvalidCharacterError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count)
        try append(string, for: .text, policy: policy, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `string` escaped as an attribute value for double quotes.
    public static func escapedAttributeValue(_ string: String, policy: XMLCharacterPolicy = .strip) throws(XMLInvalidCharacterError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count)
        try append(string, for: .attributeValue, policy: policy, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
