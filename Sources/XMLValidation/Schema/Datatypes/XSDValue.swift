internal import XMLSyntax

/// A value in a simple type's value space: what `enumeration` and identity constraints
/// compare for equality, and the `min`/`max` facets order.
///
/// Values of different primitive types are never equal (`1` as a decimal is not `1` as a
/// string); within one, equality is the value's (`1.0` is `1`, `-0` is `0`, `NaN` is `NaN`).
enum XSDValue: Hashable, Sendable {
    /// A value of `string` or a type derived from it, or of `anySimpleType`.
    case string(String)
    case anyURI(String)
    case boolean(Bool)
    /// A value of `decimal` or an integer type.
    case decimal(XSDDecimal)
    case float(Float)
    case double(Double)
    case dateTime(XSDDateTime)
    case duration(XSDDuration)
    case hexBinary([UInt8])
    case base64Binary([UInt8])
    /// A `QName` or `NOTATION`: the namespace its prefix was bound to (`nil`: none) and its
    /// local name.
    case qualifiedName(namespace: String?, localName: String)
    case list([XSDValue])

    static func == (a: XSDValue, b: XSDValue) -> Bool {
        switch (a, b) {
        // Strings are equal when identical, code point by code point (Datatypes 3.2.1, 4.2.1):
        // Swift's `==` would take "é" and "e\u{301}" for one value.
        case (.string(let x), .string(let y)), (.anyURI(let x), .anyURI(let y)): return x.hasSameCodePoints(as: y)
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.decimal(let x), .decimal(let y)): return x == y
        case (.float(let x), .float(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.dateTime(let x), .dateTime(let y)): return x == y
        case (.duration(let x), .duration(let y)): return x == y
        case (.hexBinary(let x), .hexBinary(let y)), (.base64Binary(let x), .base64Binary(let y)): return x == y
        case (.qualifiedName(let n1, let l1), .qualifiedName(let n2, let l2)):
            return l1.hasSameCodePoints(as: l2) && n1.hasSameCodePoints(as: n2)
        case (.list(let x), .list(let y)): return x == y
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let x):
            hasher.combine(0)
            x.hashCodePoints(into: &hasher)
        case .anyURI(let x):
            hasher.combine(1)
            x.hashCodePoints(into: &hasher)
        case .boolean(let x): hasher.combine(x)
        case .decimal(let x): hasher.combine(x)
        // Every NaN hashes alike, and -0 as 0, as they are equal here.
        case .float(let x): hasher.combine(x.isNaN ? Float.nan.bitPattern : (x == 0 ? 0 : x.bitPattern))
        case .double(let x): hasher.combine(x.isNaN ? Double.nan.bitPattern : (x == 0 ? 0 : x.bitPattern))
        case .dateTime(let x): hasher.combine(x)
        case .duration(let x): hasher.combine(x)
        case .hexBinary(let x), .base64Binary(let x): hasher.combine(x)
        case .qualifiedName(let namespace, let localName):
            hasher.combine(localName.utf8.count)
            localName.hashCodePoints(into: &hasher)
            namespace.hashCodePoints(into: &hasher)
        case .list(let x): hasher.combine(x)
        }
    }

    /// Where `a` stands against `b` in their type's order, or `nil` when the type has none
    /// or the two are incomparable (`NaN`; `P1M` and `P30D`; a time with a zone and one
    /// without, less than 14 hours apart).
    static func compare(_ a: XSDValue, _ b: XSDValue) -> XSDOrder? {
        func order<T: Comparable>(_ x: T, _ y: T) -> XSDOrder { x < y ? .less : (x == y ? .equal : .greater) }
        switch (a, b) {
        case (.decimal(let x), .decimal(let y)): return order(x, y)
        case (.float(let x), .float(let y)): return x.isNaN || y.isNaN ? nil : order(x, y)
        case (.double(let x), .double(let y)): return x.isNaN || y.isNaN ? nil : order(x, y)
        case (.dateTime(let x), .dateTime(let y)): return XSDDateTime.compare(x, y)
        case (.duration(let x), .duration(let y)): return XSDDuration.compare(x, y)
        default: return nil
        }
    }

    /// What the length facets count: characters of a string, octets of binary data, items
    /// of a list; `nil` for other values (and for `QName` and `NOTATION`, whose length
    /// facets the recommendation's errata set aside).
    var length: Int? {
        switch self {
        case .string(let x), .anyURI(let x): return Self.characterCount(x.utf8.span)
        case .hexBinary(let x), .base64Binary(let x): return x.count
        case .list(let items): return items.count
        default: return nil
        }
    }

    /// The characters (code points) of well-formed UTF-8 `bytes`: the bytes that do not
    /// continue a sequence, counted without decoding them.
    static func characterCount(_ bytes: Span<UInt8>) -> Int {
        var count = 0
        for i in bytes.indices where bytes[i] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
