/// The simple types XML Schema 1.0 builds in (Datatypes, section 3): 19 primitives, 25 types
/// derived from them, and `anySimpleType` above them all. Raw values are the local names in
/// the namespace `http://www.w3.org/2001/XMLSchema`.
enum XSDBuiltinType: String, CaseIterable, Hashable, Sendable {
    case anySimpleType
    // Primitive.
    case string, boolean, decimal, float, double, duration, dateTime, time, date
    case gYearMonth, gYear, gMonthDay, gDay, gMonth, hexBinary, base64Binary, anyURI, QName, NOTATION
    // Derived from string.
    case normalizedString, token, language, NMTOKEN, NMTOKENS, Name, NCName, ID, IDREF, IDREFS, ENTITY, ENTITIES
    // Derived from decimal.
    case integer, nonPositiveInteger, negativeInteger, long, int, short, byte
    case nonNegativeInteger, unsignedLong, unsignedInt, unsignedShort, unsignedByte, positiveInteger

    /// The type this one is derived from (`anySimpleType` for itself).
    var base: XSDBuiltinType {
        switch self {
        case .anySimpleType: return .anySimpleType
        case .string, .boolean, .decimal, .float, .double, .duration, .dateTime, .time, .date, .gYearMonth, .gYear,
            .gMonthDay, .gDay, .gMonth, .hexBinary, .base64Binary, .anyURI, .QName, .NOTATION:
            return .anySimpleType
        case .normalizedString: return .string
        case .token: return .normalizedString
        case .language, .NMTOKEN, .Name: return .token
        case .NMTOKENS: return .NMTOKEN  // a list of NMTOKEN
        case .NCName: return .Name
        case .ID, .IDREF, .ENTITY: return .NCName
        case .IDREFS: return .IDREF
        case .ENTITIES: return .ENTITY
        case .integer: return .decimal
        case .nonPositiveInteger, .long, .nonNegativeInteger: return .integer
        case .negativeInteger: return .nonPositiveInteger
        case .int: return .long
        case .short: return .int
        case .byte: return .short
        case .unsignedLong, .positiveInteger: return .nonNegativeInteger
        case .unsignedInt: return .unsignedLong
        case .unsignedShort: return .unsignedInt
        case .unsignedByte: return .unsignedShort
        }
    }

    /// Whether the type is a list of its `base` (NMTOKENS, IDREFS, ENTITIES).
    var isList: Bool { self == .NMTOKENS || self == .IDREFS || self == .ENTITIES }

    /// The primitive type whose value space this type's values are in.
    var primitive: XSDBuiltinType {
        var type = self
        while type.base != .anySimpleType { type = type.base }
        return type
    }

    /// Whether `self` is `other` or derived from it.
    func isDerived(from other: XSDBuiltinType) -> Bool {
        var type = self
        while true {
            if type == other { return true }
            if type == .anySimpleType { return false }
            type = type.base
        }
    }

    /// How white space in a value is normalized before it is read: fixed for every type but
    /// `string` (preserved) and `normalizedString` (replaced); a restriction may only tighten it.
    var whiteSpace: XSDWhiteSpace {
        switch self {
        case .string, .anySimpleType: return .preserve
        case .normalizedString: return .replace
        default: return .collapse
        }
    }

    /// The facets a restriction of this type may use (Datatypes, 4.1.5), besides `pattern`,
    /// `enumeration` and `whiteSpace`, which every type allows.
    var applicableFacets: Set<XSDFacetKind> {
        if isList { return [.length, .minLength, .maxLength] }
        switch primitive {
        case .string, .hexBinary, .base64Binary, .anyURI, .QName, .NOTATION:
            return [.length, .minLength, .maxLength]
        case .decimal:
            return [.totalDigits, .fractionDigits, .minInclusive, .maxInclusive, .minExclusive, .maxExclusive]
        case .float, .double, .duration, .dateTime, .time, .date, .gYearMonth, .gYear, .gMonthDay, .gDay, .gMonth:
            return [.minInclusive, .maxInclusive, .minExclusive, .maxExclusive]
        default:
            // boolean and anySimpleType: pattern, enumeration and whiteSpace only.
            return []
        }
    }

    /// The bounds of the integer types, inclusive; `nil` where there is none.
    var integerBounds: (minimum: XSDDecimal?, maximum: XSDDecimal?) {
        func value(_ text: String) -> XSDDecimal { XSDDecimal(Substring(text))! }
        switch self {
        case .nonPositiveInteger: return (nil, value("0"))
        case .negativeInteger: return (nil, value("-1"))
        case .nonNegativeInteger: return (value("0"), nil)
        case .positiveInteger: return (value("1"), nil)
        case .long: return (value("-9223372036854775808"), value("9223372036854775807"))
        case .int: return (value("-2147483648"), value("2147483647"))
        case .short: return (value("-32768"), value("32767"))
        case .byte: return (value("-128"), value("127"))
        case .unsignedLong: return (value("0"), value("18446744073709551615"))
        case .unsignedInt: return (value("0"), value("4294967295"))
        case .unsignedShort: return (value("0"), value("65535"))
        case .unsignedByte: return (value("0"), value("255"))
        default: return (nil, nil)
        }
    }
}

/// The constraining facets of XML Schema 1.0 (raw values as the schema's element names).
enum XSDFacetKind: String, CaseIterable, Hashable, Sendable {
    case length, minLength, maxLength, pattern, enumeration, whiteSpace
    case maxInclusive, maxExclusive, minExclusive, minInclusive, totalDigits, fractionDigits
}

/// What a type does with white space in a value before reading it.
enum XSDWhiteSpace: Int, Comparable, Hashable, Sendable {
    /// Kept as written.
    case preserve
    /// Each tab, line feed and carriage return becomes a space.
    case replace
    /// As `replace`, then runs of spaces become one, and spaces at either end go.
    case collapse

    static func < (a: XSDWhiteSpace, b: XSDWhiteSpace) -> Bool { a.rawValue < b.rawValue }

    init?(name: String) {
        switch name {
        case "preserve": self = .preserve
        case "replace": self = .replace
        case "collapse": self = .collapse
        default: return nil
        }
    }

    /// `text` normalized; returns it unchanged (no copy) when there is nothing to do.
    func normalize(_ text: String) -> String {
        if leavesUnchanged(text.utf8.span) { return text }
        switch self {
        case .preserve:
            return text
        case .replace:
            return String(decoding: text.utf8.map { $0 == 9 || $0 == 10 || $0 == 13 ? 32 : $0 }, as: UTF8.self)
        case .collapse:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                if byte == 32 || byte == 9 || byte == 10 || byte == 13 {
                    pendingSpace = !bytes.isEmpty
                } else {
                    if pendingSpace { bytes.append(32) }
                    pendingSpace = false
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Whether normalizing would leave the UTF-8 `bytes` as they are: for `replace`, no tab,
    /// line feed or carriage return; for `collapse`, nor a space at either end or beside
    /// another.
    func leavesUnchanged(_ bytes: Span<UInt8>) -> Bool {
        switch self {
        case .preserve:
            return true
        case .replace:
            for i in bytes.indices where bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { return false }
            return true
        case .collapse:
            var previous: UInt8 = 32
            for i in bytes.indices {
                let byte = bytes[i]
                if byte == 9 || byte == 10 || byte == 13 || (byte == 32 && previous == 32) { return false }
                previous = byte
            }
            return previous != 32 || bytes.isEmpty
        }
    }
}
