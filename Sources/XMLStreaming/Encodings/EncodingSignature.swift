/// What the first bytes of a document say about its encoding, read as the XML
/// recommendation's appendix F reads them: a byte-order mark, else the pattern of `<?xml`
/// in each family of encodings, then the label of the XML declaration.
struct EncodingSignature: Equatable {
    /// How the document's characters are laid out, as far as the first bytes tell.
    enum Family: Equatable {
        /// ASCII where ASCII is: UTF-8 and every encoding a declaration can name in it.
        case asciiCompatible
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)
        /// UTF-32 in an octet order iconv does not read (2143 or 3412).
        case utf32UnusualOrder(String)
        /// An EBCDIC code page (`<?xm` as `4C 6F A7 94`); the declaration names which.
        case ebcdic
    }

    var family: Family
    /// The length of the byte-order mark the document starts with (0 for none).
    var byteOrderMarkLength = 0
    /// The value of the declaration's `encoding` pseudo-attribute.
    var declaredLabel: String?

    /// How many bytes the declaration is looked for in: a declaration is short, and input
    /// that takes longer to say what it is is read as it stands.
    static let declarationSearchLimit = 1024

    /// Reads the signature from the start of a document. `nil` while more bytes could change
    /// the answer (`isFinal` says no more will come).
    static func read(_ bytes: [UInt8], isFinal: Bool) -> EncodingSignature? {
        if bytes.count < 4 && !isFinal { return nil }
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        var signature: EncodingSignature
        var unitSize = 1
        var lowByteIndex = 0
        switch true {
        case starts([0x00, 0x00, 0xFE, 0xFF]):
            return EncodingSignature(family: .utf32(bigEndian: true), byteOrderMarkLength: 4)
        case starts([0xFF, 0xFE, 0x00, 0x00]):
            return EncodingSignature(family: .utf32(bigEndian: false), byteOrderMarkLength: 4)
        case starts([0x00, 0x00, 0xFF, 0xFE]):
            return EncodingSignature(family: .utf32UnusualOrder("2143"), byteOrderMarkLength: 4)
        case starts([0xFE, 0xFF, 0x00, 0x00]):
            return EncodingSignature(family: .utf32UnusualOrder("3412"), byteOrderMarkLength: 4)
        case starts([0x00, 0x00, 0x00, 0x3C]):
            return EncodingSignature(family: .utf32(bigEndian: true))
        case starts([0x3C, 0x00, 0x00, 0x00]):
            return EncodingSignature(family: .utf32(bigEndian: false))
        case starts([0x00, 0x00, 0x3C, 0x00]):
            return EncodingSignature(family: .utf32UnusualOrder("2143"))
        case starts([0x00, 0x3C, 0x00, 0x00]):
            return EncodingSignature(family: .utf32UnusualOrder("3412"))
        case starts([0xFE, 0xFF]):
            signature = EncodingSignature(family: .utf16(bigEndian: true), byteOrderMarkLength: 2)
            (unitSize, lowByteIndex) = (2, 1)
        case starts([0xFF, 0xFE]):
            signature = EncodingSignature(family: .utf16(bigEndian: false), byteOrderMarkLength: 2)
            (unitSize, lowByteIndex) = (2, 0)
        case starts([0x00, 0x3C, 0x00, 0x3F]):
            signature = EncodingSignature(family: .utf16(bigEndian: true))
            (unitSize, lowByteIndex) = (2, 1)
        case starts([0x3C, 0x00, 0x3F, 0x00]):
            signature = EncodingSignature(family: .utf16(bigEndian: false))
            (unitSize, lowByteIndex) = (2, 0)
        case starts([0xEF, 0xBB, 0xBF]):
            signature = EncodingSignature(family: .asciiCompatible, byteOrderMarkLength: 3)
        case starts([0x4C, 0x6F, 0xA7, 0x94]):
            signature = EncodingSignature(family: .ebcdic)
        default:
            signature = EncodingSignature(family: .asciiCompatible)
        }
        // The declaration, in ASCII whatever the family.
        var text: [UInt8] = []
        var i = signature.byteOrderMarkLength
        while i + unitSize <= bytes.count && text.count < declarationSearchLimit {
            let low = bytes[i + lowByteIndex]
            // A UTF-16 unit outside ASCII cannot be part of a declaration.
            let ascii: UInt8 = unitSize == 1 || bytes[i + 1 - lowByteIndex] == 0 ? low : 0xFF
            text.append(signature.family == .ebcdic ? ebcdicInvariant(ascii) : ascii)
            i += unitSize
            if text.count == 5 && !text.elementsEqual("<?xml".utf8) { return signature }
            if text.count >= 2 && text[text.count - 2] == UInt8(ascii: "?") && text.last == UInt8(ascii: ">") {
                signature.declaredLabel = declaredEncoding(in: text)
                return signature
            }
        }
        let mayBeDeclaration = text.starts(with: "<?xml".utf8) || "<?xml".utf8.starts(with: text)
        if mayBeDeclaration && !isFinal && text.count < declarationSearchLimit { return nil }
        return signature
    }

    /// The value of `encoding="…"` in the bytes of an XML declaration.
    static func declaredEncoding(in declaration: [UInt8]) -> String? {
        let key = Array("encoding".utf8)
        guard declaration.count >= key.count,
            let at = (0...(declaration.count - key.count)).first(where: { declaration[$0..<($0 + key.count)].elementsEqual(key) })
        else { return nil }
        var i = at + key.count
        func skipSpace() { while i < declaration.count, [0x20, 0x09, 0x0A, 0x0D].contains(declaration[i]) { i += 1 } }
        skipSpace()
        guard i < declaration.count, declaration[i] == UInt8(ascii: "=") else { return nil }
        i += 1
        skipSpace()
        guard i < declaration.count, declaration[i] == 0x22 || declaration[i] == 0x27 else { return nil }
        let quote = declaration[i]
        i += 1
        guard let close = declaration[i...].firstIndex(of: quote) else { return nil }
        return String(decoding: declaration[i..<close], as: UTF8.self)
    }

    /// The ASCII character for an EBCDIC byte of the characters every EBCDIC code page puts
    /// in the same place (enough for a declaration); 0xFF for any other.
    private static func ebcdicInvariant(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x81...0x89: byte - 0x81 + UInt8(ascii: "a")
        case 0x91...0x99: byte - 0x91 + UInt8(ascii: "j")
        case 0xA2...0xA9: byte - 0xA2 + UInt8(ascii: "s")
        case 0xC1...0xC9: byte - 0xC1 + UInt8(ascii: "A")
        case 0xD1...0xD9: byte - 0xD1 + UInt8(ascii: "J")
        case 0xE2...0xE9: byte - 0xE2 + UInt8(ascii: "S")
        case 0xF0...0xF9: byte - 0xF0 + UInt8(ascii: "0")
        case 0x40: 0x20
        case 0x05: 0x09
        case 0x25, 0x15: 0x0A
        case 0x0D: 0x0D
        case 0x4C: UInt8(ascii: "<")
        case 0x6E: UInt8(ascii: ">")
        case 0x6F: UInt8(ascii: "?")
        case 0x7E: UInt8(ascii: "=")
        case 0x7F: UInt8(ascii: "\"")
        case 0x7D: UInt8(ascii: "'")
        case 0x4B: UInt8(ascii: ".")
        case 0x60: UInt8(ascii: "-")
        case 0x6D: UInt8(ascii: "_")
        default: 0xFF
        }
    }
}
