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

    /// Finds an encoding by any of its names, ignoring case, `_` versus `-`.
    static func named(_ name: String) -> SingleByteEncoding? {
        let key = normalized(name)
        return byName[key]
    }

    private static func normalized(_ name: String) -> String {
        String(name.asciiLowercased.map { $0 == "_" ? "-" : $0 })
    }

    private static let byName: [String: SingleByteEncoding] = {
        var map: [String: SingleByteEncoding] = [:]
        for encoding in all {
            map[normalized(encoding.name)] = encoding
            for alias in encoding.aliases { map[normalized(alias)] = encoding }
        }
        return map
    }()
}
