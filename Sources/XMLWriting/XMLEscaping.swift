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
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum Context: Hashable, Sendable {
        /// Character data between tags.
        case text
        /// An attribute value written between double quotes.
        case attributeValue
    }

    /// Appends `string`, escaped for `context`, to `output`. When it throws, `output` is as
    /// it was.
    public static func append(
        _ string: String, for context: Context, policy: XMLCharacterPolicy = .strip, to output: inout [UInt8]
    ) throws(XMLInvalidCharacterError) {
        let start = output.count
        do throws(XMLInvalidCharacterError) { try escape(string, for: context, policy: policy, into: &output) } catch {
            output.removeSubrange(start...)
            throw error
        }
    }

    /// Escapes a string into any sink: the public helpers' and the writer's way in.
    static func escape<Sink: ByteSink & ~Copyable>(
        _ string: String, for context: Context, policy: XMLCharacterPolicy, checksCharacters: Bool = true,
        into output: inout Sink
    ) throws(XMLInvalidCharacterError) {
        // The closures rethrow untyped; carry the typed error out by hand.
        func run(_ bytes: UnsafeBufferPointer<UInt8>) -> XMLInvalidCharacterError? {
            do throws(XMLInvalidCharacterError) {
                unsafe try escape(bytes, for: context, policy: policy, checksCharacters: checksCharacters, into: &output)
                return nil
            } catch {
                return error
            }
        }
        if let failure = unsafe withUTF8Bytes(of: string, run) { throw failure }
    }

    /// Appends UTF-8 `bytes` (which must be valid UTF-8), escaped for `context`, to `output`.
    /// When it throws, `output` is as it was.
    public static func append(
        _ bytes: UnsafeBufferPointer<UInt8>, for context: Context, policy: XMLCharacterPolicy = .strip,
        to output: inout [UInt8]
    ) throws(XMLInvalidCharacterError) {
        let start = output.count
        do throws(XMLInvalidCharacterError) { unsafe try escape(bytes, for: context, policy: policy, into: &output) } catch {
            output.removeSubrange(start...)
            throw error
        }
    }

    /// The escaping scan, for any sink.
    static func escape<Sink: ByteSink & ~Copyable>(
        _ bytes: UnsafeBufferPointer<UInt8>, for context: Context, policy: XMLCharacterPolicy,
        checksCharacters: Bool = true, into output: inout Sink
    ) throws(XMLInvalidCharacterError) {
        let inAttribute = context == .attributeValue
        // Bytes below 0x40 that need a look, as bits; above, only 0xEF (when checking).
        let mask: UInt64 =
            checksCharacters
            ? (inAttribute ? attributeMask : textMask) : (inAttribute ? uncheckedAttributeMask : uncheckedTextMask)
        let lookAtEF = checksCharacters
        var runStart = 0
        var i = 0
        let count = bytes.count
        func flush(upTo end: Int) {
            if end > runStart { unsafe output.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        guard let base = bytes.baseAddress else { return }
        while i < count {
            // The common case: eight bytes that need nothing at a time, then byte by byte
            // through the word that may hold one (or to the end).
            while unsafe i + 8 <= count && !mayNeedALook(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { i += 8 }
            // The last few bytes: one more word, ending at the end (it overlaps bytes already done).
            if unsafe i < count && i + 8 > count && count >= 8 && !mayNeedALook(UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)) {
                i = count
                break
            }
            let wordEnd = min(i + 8, count)
            while i < wordEnd {
                let b = unsafe bytes[i]
                if b < 0x40 {
                    if (mask >> UInt64(b)) & 1 != 0 { break }
                } else if b == 0xEF && lookAtEF {
                    break
                }
                i += 1
            }
            // The word held nothing after all (a tab in text, a `"` outside an attribute).
            guard i < wordEnd else { continue }
            let b = unsafe bytes[i]
            var replacement: StaticString?
            var invalidLength = 0
            switch b {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case 0x0D: replacement = "&#13;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case 0x09: replacement = "&#9;"
            case 0x0A: replacement = "&#10;"
            case 0xEF:
                if unsafe i + 2 < count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF) {
                    invalidLength = 3
                } else {
                    i += 1
                    continue
                }
            default: invalidLength = 1  // a C0 control other than tab, line feed, carriage return
            }
            if let replacement {
                flush(upTo: i)
                unsafe output.append(bytes: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                i += 1
                runStart = i
            } else {
                flush(upTo: i)
                switch policy {
                case .strip: break
                case .replace:
                    output.append(0xEF)
                    output.append(0xBF)
                    output.append(0xBD)
                case .throw:
                    let scalar = unsafe invalidLength == 1 ? Unicode.Scalar(b) : Unicode.Scalar(bytes[i + 2] == 0xBE ? 0xFFFE : 0xFFFF)!
                    var offset = 0
                    for k in 0..<i where unsafe bytes[k] & 0xC0 != 0x80 { offset += 1 }
                    throw XMLInvalidCharacterError(scalar: scalar, scalarOffset: offset)
                }
                i += invalidLength
                runStart = i
            }
        }
        flush(upTo: count)
    }

    /// Whether any of the eight bytes in `word` may need escaping or checking: a byte below
    /// 0x20, `"`, `&`, `<`, `>` or 0xEF, in any context (the byte loop then decides). The
    /// tests are the classic zero-byte tricks: `(v - 0x01…) & ~v & 0x80…` is non-zero exactly
    /// when some byte of `v` is zero; `"` and `&` differ only in bit 2, `<` and `>` in bit 1.
    @inline(__always)
    private static func mayNeedALook(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let control = word &- ones &* 0x20  // a byte below 0x20 borrows
        let quoteOrAmpersand = (word | ones &* 0x04) ^ (ones &* 0x26)
        let angleBracket = (word | ones &* 0x02) ^ (ones &* 0x3E)
        let ef = word ^ (ones &* 0xEF)
        let zeros = (quoteOrAmpersand &- ones) & ~quoteOrAmpersand | (angleBracket &- ones) & ~angleBracket | (ef &- ones) & ~ef
        return (control & ~word | zeros) & high != 0
    }

    /// Bytes below 0x40 that need a look in text: `&`, `<`, `>`, carriage return, and the C0
    /// controls XML does not allow (all but tab and line feed). 0xEF, which starts U+FFFE and
    /// U+FFFF, is checked apart.
    private static let textMask: UInt64 = 0xFFFF_F9FF | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E

    /// The same for attribute values, which also escape `"`, tab and line feed.
    private static let attributeMask: UInt64 = textMask | 1 << 0x22 | 1 << 0x09 | 1 << 0x0A

    /// The masks without the character check, for measuring what it costs.
    private static let uncheckedTextMask: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | 1 << 0x0D
    private static let uncheckedAttributeMask: UInt64 = uncheckedTextMask | 1 << 0x22 | 1 << 0x09 | 1 << 0x0A

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
