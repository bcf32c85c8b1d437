internal import XMLSyntax

/// How the reader reads an encoding, decided from its name.
enum ResolvedEncoding: Sendable {
    /// One of the encodings expat reads itself, by expat's spelling ("UTF-8", "UTF-16",
    /// "UTF-16BE", "UTF-16LE", "ISO-8859-1", "US-ASCII").
    case native(String)
    /// A single-byte encoding that keeps ASCII where it is: handed to expat as a table of
    /// 256 characters, which expat reads as fast as its own.
    case singleByte(SingleByteEncoding)
    /// Anything else iconv knows (multi-byte, stateful, UTF-32, EBCDIC): converted to UTF-8
    /// ahead of expat, under the name iconv knows it by.
    case transcoded(String)

    /// The name messages use.
    var name: String {
        switch self {
        case .native(let name), .transcoded(let name): name
        case .singleByte(let encoding): encoding.name
        }
    }
}

/// Finds how to read an encoding from the name a document or a caller gives it.
///
/// Names match as IANA's charset registry and iconv match them: without regard to case or
/// to the punctuation between the parts (`latin1`, `Latin-1`, `ISO_8859-1` and `iso8859-1`
/// are one name), and through the aliases iconv and the web's encoding standard know
/// (`sjis`, `cp932`, `ks_c_5601-1987`, `x-gbk`, …).
enum EncodingResolver {
    /// The encoding `name` stands for, or `nil` when neither expat, the package's tables nor
    /// the system's iconv know it.
    static func resolve(_ name: String) -> ResolvedEncoding? {
        let key = looseKey(name)
        guard !key.isEmpty else { return nil }
        if let native = nativeNames[key] { return .native(native) }
        if let table = SingleByteEncoding.named(name) { return .singleByte(table) }
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let resolved = resolveThroughIconv(name, key: key)
        cache.withLock { cache in
            // Names come from documents: the cache must not grow with them.
            if cache.count >= 64 { cache.removeAll() }
            cache[key] = .some(resolved)
        }
        return resolved
    }

    /// The name without case and without anything but letters and digits.
    static func looseKey(_ name: String) -> String {
        var key = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): key.unicodeScalars.append(Unicode.Scalar(byte + 0x20))
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                key.unicodeScalars.append(Unicode.Scalar(byte))
            default: continue
            }
        }
        return key
    }

    /// The names of expat's own encodings, by loose key.
    private static let nativeNames: [String: String] = {
        var names: [String: String] = [:]
        for (canonical, aliases) in [
            ("UTF-8", ["utf8", "unicode11utf8", "unicode20utf8", "xunicode20utf8"]),
            ("UTF-16", ["utf16"]),
            ("UTF-16BE", ["utf16be"]),
            ("UTF-16LE", ["utf16le"]),
            ("ISO-8859-1", ["iso88591", "latin1", "l1", "isoir100", "ibm819", "cp819", "csisolatin1", "iso885911987"]),
            (
                "US-ASCII",
                ["usascii", "ascii", "ansix341968", "ansix341986", "iso646us", "iso646irv1991", "us", "ibm367", "cp367", "csascii", "isoir6"]
            ),
        ] {
            for alias in aliases { names[alias] = canonical }
        }
        return names
    }()

    /// Names iconv does not know, or knows for a table the web's encoding standard and
    /// Python's codecs do not use.
    ///
    /// - Shift_JIS is read as windows-31j (CP932), as the web reads it: glibc's SHIFT_JIS
    ///   turns ASCII's `\` and `~` into `¥` and `‾` (a URL's `/~user/` would change), where
    ///   CP932 keeps ASCII. CP932 differs from Python's `shift_jis` in six symbols (`〜` is
    ///   U+FF5E, `−` U+FF0D, `¢` `£` `¬` `‖` their full-width forms).
    /// - EUC-KR is read as windows-949 (CP949, unified Hangul), its superset: Korean pages
    ///   labelled EUC-KR use its syllables, and every EUC-KR character reads the same.
    private static let iconvAliases: [String: String] = [
        "shiftjis": "CP932", "sjis": "CP932", "xsjis": "CP932", "mskanji": "CP932", "csshiftjis": "CP932",
        "xeucjp": "EUC-JP", "cseucpkdfmtjapanese": "EUC-JP",
        "xgbk": "GBK",
        "euckr": "CP949", "cseuckr": "CP949", "ksc56011987": "CP949", "ksc5601": "CP949", "ksc56011989": "CP949",
        "windows949": "CP949", "isoir149": "CP949", "korean": "CP949",
        "xbig5": "BIG5", "cnbig5": "BIG5", "csbig5": "BIG5",
        "iso10646ucs4": "UCS-4", "iso10646ucs2": "UCS-2", "csucs4": "UCS-4",
    ]

    private static let cache = LockedValue<[String: ResolvedEncoding?]>([:])

    private static func resolveThroughIconv(_ name: String, key: String) -> ResolvedEncoding? {
        // iconv is particular about punctuation (it knows EUC-JP, not EUC_JP; IBM037, not
        // IBM-037): the name as given, then with `-` for `_`, then without any.
        let spellings = iconvAliases[key].map { [$0] } ?? [name, name.asciiUppercased.replacing("_", with: "-"), key.asciiUppercased]
        guard let (iconvName, converter) = spellings.lazy.compactMap({ spelling in IconvConverter(from: spelling).map { (spelling, $0) } }).first
        else { return nil }
        if let upperHalf = singleByteTable(converter) {
            return .singleByte(SingleByteEncoding(name: name, aliases: [], upperHalf: upperHalf))
        }
        return .transcoded(iconvName)
    }

    /// The upper half of the encoding's table when it is a single-byte encoding that keeps
    /// ASCII: every byte alone is one character (or none), and bytes below 0x80 are ASCII.
    /// `nil` for anything else: a byte that begins a longer sequence or shifts a state.
    private static func singleByteTable(_ converter: IconvConverter) -> [Int32]? {
        var upperHalf: [Int32] = []
        upperHalf.reserveCapacity(128)
        var output = [UInt8](repeating: 0, count: 32)
        for byte in 0...255 {
            var input = UInt8(byte)
            converter.reset()
            let result = unsafe output.withUnsafeMutableBytes { out in
                unsafe withUnsafeBytes(of: &input) { unsafe converter.convert($0, into: out) }
            }
            var written = result.written
            switch result.stop {
            case .inputUsed:
                written += unsafe output.withUnsafeMutableBytes {
                    unsafe converter.flush(into: UnsafeMutableRawBufferPointer(rebasing: $0[written...]))
                }
            case .invalid where byte >= 0x80:
                upperHalf.append(-1)
                continue
            default:
                return nil
            }
            guard let scalar = singleScalar(output[..<written]) else { return nil }
            if byte < 0x80 {
                guard scalar == UInt32(byte) else { return nil }
            } else {
                // expat's tables hold characters of the Basic Multilingual Plane.
                guard scalar <= 0xFFFF else { return nil }
                upperHalf.append(Int32(scalar))
            }
        }
        return upperHalf
    }

    /// The one scalar these UTF-8 bytes hold, or `nil` for none or several.
    private static func singleScalar(_ bytes: ArraySlice<UInt8>) -> UInt32? {
        var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first.value
    }
}
