internal import XMLSyntax
/// A single-byte character encoding that expat does not know itself, handed to expat
/// through its unknown-encoding handler as a 256-entry table.
struct SingleByteEncoding: Sendable {
    /// The canonical name (IANA's where there is one).
    let name: String
    /// Other names documents use for it.
    let aliases: [String]
    /// Unicode scalars for bytes 0x80...0xFF; -1 where the byte is undefined.
    let upperHalf: [Int32]

    /// The full table expat wants: ASCII below 0x80, then ``upperHalf``.
    var table: [Int32] { (0..<128).map { Int32($0) } + upperHalf }

    /// The character `byte` stands for in an encoding whose upper half is `upperHalf` (ASCII
    /// below it); `nil` for a byte it leaves undefined.
    static func scalar(_ byte: UInt8, upperHalf: [Int32]) -> Unicode.Scalar? {
        let value = byte < 0x80 ? Int32(byte) : upperHalf[Int(byte) - 0x80]
        return value < 0 ? nil : Unicode.Scalar(UInt32(value))
    }

    /// Finds an encoding by any of its names, ignoring case and punctuation
    /// (``EncodingResolver/looseKey(_:)``: `ISO_8859-2`, `iso8859-2` and `ISO-8859-2` are one).
    static func named(_ name: String) -> SingleByteEncoding? {
        byName[EncodingResolver.looseKey(name)]
    }

    private static let byName: [String: SingleByteEncoding] = {
        var map: [String: SingleByteEncoding] = [:]
        for encoding in all {
            map[EncodingResolver.looseKey(encoding.name)] = encoding
            for alias in encoding.aliases { map[EncodingResolver.looseKey(alias)] = encoding }
        }
        return map
    }()
}
