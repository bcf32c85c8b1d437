import Foundation
import OrderedCollections
internal import XMLSyntax

/// A property-list value: what Apple's plists hold, as one Swift value.
///
/// ```swift
/// let settings: PropertyList = ["name": "Kölner Dom", "floors": 3, "open": true]
/// let floors = settings["floors"]?.intValue                // 3
/// let data = try settings.data(format: .xml)              // Apple's layout, as plistlib writes it
/// let back = try PropertyList(data: data)                 // the format is detected
/// ```
///
/// Integers cover the whole `Int64` and `UInt64` ranges; dictionaries keep their keys in
/// insertion order (writers sort them, as Apple and plistlib do). Keys and strings are told
/// apart by their code points, as Apple's plists tell them apart (see ``DictionaryKey``).
public enum PropertyList: Sendable {
    /// A string, told apart from others by its code points.
    case string(String)
    /// A signed integer; values above `Int64.max` are ``unsignedInteger(_:)``.
    case integer(Int64)
    /// An integer above `Int64.max`, up to `UInt64.max`.
    case unsignedInteger(UInt64)
    /// A floating-point number.
    case real(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// A point in time.
    case date(Date)
    /// Bytes (base64 in an XML plist).
    case data(Data)
    /// Values in order.
    case array([PropertyList])
    /// Values by key, the keys in insertion order (writers sort them).
    case dictionary(OrderedDictionary<DictionaryKey, PropertyList>)
    /// A keyed archiver's object reference (binary plists only).
    case uid(UInt64)

    /// An integer from any width, as ``integer(_:)`` when it fits in `Int64`.
    public static func integer<T: BinaryInteger>(exactly value: T) -> PropertyList {
        if let signed = Int64(exactly: value) { return .integer(signed) }
        return .unsignedInteger(UInt64(value))
    }

    /// Foundation's `nil` in a plist written by its coders: the string `$null`.
    static let foundationNull = PropertyList.string("$null")

    /// Whether this is Foundation's `nil`.
    var isFoundationNull: Bool {
        if case .string(let s) = self { return s == "$null" }
        return false
    }

    /// A string that is not Foundation's `nil` (what the coders read as a `String`).
    var nonNullString: String? {
        if case .string(let s) = self, s != "$null" { return s }
        return nil
    }

    // MARK: - Reading values

    /// The string, when this is one.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The boolean, when this is one.
    public var boolValue: Bool? { if case .boolean(let b) = self { return b } else { return nil } }
    /// The date, when this is one.
    public var dateValue: Date? { if case .date(let d) = self { return d } else { return nil } }
    /// The bytes, when this is data.
    public var dataValue: Data? { if case .data(let d) = self { return d } else { return nil } }
    /// The elements, when this is an array.
    public var arrayValue: [PropertyList]? { if case .array(let a) = self { return a } else { return nil } }
    /// The entries in their order, when this is a dictionary.
    public var dictionaryValue: OrderedDictionary<DictionaryKey, PropertyList>? {
        if case .dictionary(let d) = self { return d } else { return nil }
    }

    /// The value as an `Int`, when it is an integer that fits.
    public var intValue: Int? {
        switch self {
        case .integer(let i): return Int(exactly: i)
        case .unsignedInteger(let u): return Int(exactly: u)
        default: return nil
        }
    }

    /// The value as a `Double`, for reals and integers.
    public var doubleValue: Double? {
        switch self {
        case .real(let r): return r
        case .integer(let i): return Double(i)
        case .unsignedInteger(let u): return Double(u)
        default: return nil
        }
    }

    /// A dictionary's value for `key` (its code points); `nil` for other values or a
    /// missing key.
    public subscript(key: String) -> PropertyList? {
        get { dictionaryValue?[DictionaryKey(key)] }
        set {
            guard case .dictionary(var d) = self else { return }
            self = .boolean(false)  // drop this value's reference, so `d` is changed in place
            d[DictionaryKey(key)] = newValue
            self = .dictionary(d)
        }
    }

    /// An array's element at `index`; `nil` out of range or for other values.
    public subscript(index: Int) -> PropertyList? {
        guard case .array(let a) = self, a.indices.contains(index) else { return nil }
        return a[index]
    }

    /// The name of the value's type, for messages: "string", "integer", "dictionary"…
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .integer, .unsignedInteger: return "integer"
        case .real: return "real"
        case .boolean: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dictionary"
        case .uid: return "UID"
        }
    }
}

extension PropertyList: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A ``PropertyList/string(_:)`` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An ``PropertyList/integer(_:)`` from an integer literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A ``PropertyList/real(_:)`` from a floating-point literal.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// A ``PropertyList/boolean(_:)`` from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// An ``PropertyList/array(_:)`` from an array literal.
    public init(arrayLiteral elements: PropertyList...) { self = .array(elements) }
    /// A ``PropertyList/dictionary(_:)`` from a dictionary literal, in its order; a key given
    /// twice keeps its last value.
    public init(dictionaryLiteral elements: (String, PropertyList)...) {
        self = .dictionary(OrderedDictionary(elements.lazy.map { (DictionaryKey($0.0), $0.1) }, uniquingKeysWith: { _, last in last }))
    }
}

// Equality is by value: two dictionaries are equal when they hold the same keys and values,
// in any order (files sort their keys; values built in code keep theirs). Strings are equal
// when their code points are: a binary plist stores equal values once, and Swift's `==`
// would have stored "K" and U+212A KELVIN SIGN as one string.
extension PropertyList: Hashable {
    /// Equality by value: strings by code points, NaN equal to NaN, dictionaries with the same
    /// keys and values in any order.
    public static func == (a: PropertyList, b: PropertyList) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x.hasSameCodePoints(as: y)
        case (.integer(let x), .integer(let y)): return x == y
        case (.unsignedInteger(let x), .unsignedInteger(let y)): return x == y
        case (.real(let x), .real(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.date(let x), .date(let y)): return x == y
        case (.data(let x), .data(let y)): return x == y
        case (.uid(let x), .uid(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.dictionary(let x), .dictionary(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x where y[key] != value { return false }
            return true
        default: return false
        }
    }

    /// Hashes what `==` compares: a dictionary's entries give one hash in any order.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let s): hasher.combine(0); hasher.combine(s)
        case .integer(let i): hasher.combine(1); hasher.combine(i)
        case .unsignedInteger(let u): hasher.combine(2); hasher.combine(u)
        case .real(let r): hasher.combine(3); hasher.combine(r.isNaN ? .nan : r)
        case .boolean(let b): hasher.combine(4); hasher.combine(b)
        case .date(let d): hasher.combine(5); hasher.combine(d)
        case .data(let d): hasher.combine(6); hasher.combine(d)
        case .uid(let u): hasher.combine(7); hasher.combine(u)
        case .array(let a): hasher.combine(8); hasher.combine(a)
        case .dictionary(let d):
            hasher.combine(9)
            hasher.combine(d.count)
            // Order-independent: the sum of each pair's own hash.
            var sum = 0
            for (key, value) in d {
                var pair = Hasher()
                pair.combine(key)
                pair.combine(value)
                sum &+= pair.finalize()
            }
            hasher.combine(sum)
        }
    }
}

extension PropertyList {
    /// A dictionary's key: a string told apart from every other by its code points, as
    /// Apple's plists (and `NSString`'s literal comparison) tell keys apart. `"é"` (U+00E9)
    /// and `"e\u{301}"` are two keys, and so are `"K"` and U+212A KELVIN SIGN, although
    /// Swift's `==` calls each pair equal and a `[String: …]` would keep one of them.
    ///
    /// Keys sort in code-point order, the order every writer puts them in.
    public struct DictionaryKey: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The key's text.
        public let string: String

        /// A key with this text.
        public init(_ string: String) {
            self.string = string
        }

        /// A key with the literal's text.
        public init(stringLiteral value: String) {
            self.init(value)
        }

        /// Whether two keys have the same code points (`"é"` and `"e\u{301}"` do not).
        public static func == (a: DictionaryKey, b: DictionaryKey) -> Bool { a.string.hasSameCodePoints(as: b.string) }

        /// Code-point order (UTF-8's byte order), not `String`'s.
        public static func < (a: DictionaryKey, b: DictionaryKey) -> Bool { a.string.precedesInCodePointOrder(b.string) }

        /// Hashes the key's code points, as `==` compares them.
        public func hash(into hasher: inout Hasher) { hasher.combine(CodePointString(string)) }

        /// The key's text.
        public var description: String { string }
    }
}

extension OrderedDictionary where Key == PropertyList.DictionaryKey, Value == PropertyList {
    /// The entries in the order a writer writes them: sorted by key in code-point order (as
    /// Apple's tools and plistlib sort them), or as they are. Pairs, so that writing a value
    /// needs no lookup of its key.
    func entries(sorted: Bool) -> [(key: PropertyList.DictionaryKey, value: PropertyList)] {
        sorted ? elements.sorted { $0.key < $1.key } : Array(elements)
    }
}
