import Foundation
import OrderedCollections

/// Decodes `Decodable` values from property lists, with the API of Foundation's
/// `PropertyListDecoder` (a drop-in on Linux) and errors that say where and what:
/// `items[2].price: expected a real, found a string "12,50"`.
///
/// A key that is absent decodes as `nil` for optionals; plists have no null.
public struct PlistDecoder {
    /// Passed to `Decodable` implementations as `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    /// Decodes a value from plist data in any supported format. For an XML file, a decoding
    /// error also gives the line of the value it concerns.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try decode(type, from: PropertyList(data: data))
        } catch let error as DecodingError {
            guard PropertyList.quickFormat(of: Array(data.prefix(64))) == .xml,
                let line = XMLPlistLineFinder.line(of: error.codingPathOfValue, in: data)
            else { throw error }
            throw error.adding(line: line)
        }
    }

    /// Decodes, and says which format the data was in.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, format: inout PropertyList.Format) throws -> T {
        format = PropertyList.format(of: data) ?? .xml
        return try decode(type, from: data)
    }

    /// Decodes a value from a property list already read.
    public func decode<T: Decodable>(_ type: T.Type, from value: PropertyList) throws -> T {
        try PlistValueDecoder(value: value, codingPath: [], userInfo: userInfo).decodeValue(type)
    }
}

/// A key for any string, for paths and polymorphic type keys.
struct PlistKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
    init(_ string: String) { stringValue = string }
}

/// `a.b[2].c` for messages.
func describePath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : "." + key.stringValue
        }
    }
    return text.isEmpty ? "the top level" : text
}

func describeFound(_ value: PropertyList) -> String {
    switch value {
    case .string(let s): return "a string \(s.count > 40 ? String(s.prefix(40)).debugDescription + "…" : s.debugDescription)"
    case .integer(let i): return "an integer \(i)"
    case .unsignedInteger(let u): return "an integer \(u)"
    case .real(let r): return "a real \(r)"
    case .boolean(let b): return "a boolean \(b)"
    case .date: return "a date"
    case .data(let d): return "data of \(d.count) bytes"
    case .array(let a): return "an array of \(a.count)"
    case .dictionary(let d): return "a dictionary of \(d.count) keys"
    case .uid: return "a UID"
    }
}

struct PlistValueDecoder: Decoder {
    let value: PropertyList
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    init(value: PropertyList, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.value = value
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    init(value: PropertyList, codingPath: [any CodingKey], anyUserInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        self.codingPath = codingPath
        self.userInfo = anyUserInfo
    }

    func mismatch(_ expected: String, _ type: Any.Type) -> DecodingError {
        .typeMismatch(
            type,
            .init(codingPath: codingPath, debugDescription: "\(describePath(codingPath)): expected \(expected), found \(describeFound(value))"))
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // Types plists hold natively.
        if type == Date.self {
            guard case .date(let date) = value else { throw mismatch("a date", type) }
            return date as! T
        }
        if type == Data.self {
            guard case .data(let data) = value else { throw mismatch("data", type) }
            return data as! T
        }
        if type == PropertyList.self { return value as! T }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let dictionary) = value else { throw mismatch("a dictionary", [String: PropertyList].self) }
        return KeyedDecodingContainer(Keyed<Key>(decoder: self, dictionary: dictionary))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch("an array", [PropertyList].self) }
        return Unkeyed(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    func child(_ value: PropertyList, key: any CodingKey) -> PlistValueDecoder {
        PlistValueDecoder(value: value, codingPath: codingPath + [key], anyUserInfo: userInfo)
    }

    // MARK: - Scalars

    func decodeBool() throws -> Bool {
        guard case .boolean(let b) = value else { throw mismatch("a boolean", Bool.self) }
        return b
    }

    func decodeString() throws -> String {
        guard case .string(let s) = value else { throw mismatch("a string", String.self) }
        return s
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let result: T?
        switch value {
        case .integer(let i): result = T(exactly: i)
        case .unsignedInteger(let u): result = T(exactly: u)
        case .real(let r) where r == r.rounded() && !r.isInfinite: result = T(exactly: r)
        default: throw mismatch("an integer", type)
        }
        guard let result else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(describePath(codingPath)): \(describeFound(value)) does not fit in \(type)"))
        }
        return result
    }

    func decodeFloatingPoint<T: BinaryFloatingPoint>(_ type: T.Type) throws -> T {
        switch value {
        case .real(let r): return T(r)
        case .integer(let i): return T(i)
        case .unsignedInteger(let u): return T(u)
        default: throw mismatch("a real", type)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: PlistValueDecoder
        let dictionary: OrderedDictionary<String, PropertyList>
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { dictionary.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { dictionary[key.stringValue] != nil }

        func child(_ key: Key) throws -> PlistValueDecoder {
            guard let value = dictionary[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "\(describePath(codingPath + [key])): the key is missing"))
            }
            return decoder.child(value, key: key)
        }

        func decodeNil(forKey key: Key) throws -> Bool { dictionary[key.stringValue] == nil }

        // The common scalars straight from the dictionary: a child decoder (and its coding
        // path) is made only to report a mismatch.
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            if case .boolean(let b)? = dictionary[key.stringValue] { return b }
            return try child(key).decodeBool()
        }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            if case .string(let s)? = dictionary[key.stringValue] { return s }
            return try child(key).decodeString()
        }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            if case .real(let r)? = dictionary[key.stringValue] { return r }
            return try child(key).decodeFloatingPoint(type)
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decodeFloatingPoint(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            if case .integer(let i)? = dictionary[key.stringValue], let value = Int(exactly: i) { return value }
            return try child(key).decodeInteger(type)
        }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decodeInteger(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decodeInteger(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decodeInteger(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decodeInteger(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decodeInteger(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decodeInteger(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decodeInteger(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decodeInteger(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decodeInteger(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            if type == Date.self, case .date(let d)? = dictionary[key.stringValue] { return d as! T }
            if type == Data.self, case .data(let d)? = dictionary[key.stringValue] { return d as! T }
            return try child(key).decodeValue(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try child(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try child(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { try child(Key(stringValue: "super")!) }
        func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: PlistValueDecoder
        let items: [PropertyList]
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        init(decoder: PlistValueDecoder, items: [PropertyList]) {
            self.decoder = decoder
            self.items = items
        }

        mutating func next() throws -> PlistValueDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self,
                    .init(codingPath: codingPath, debugDescription: "\(describePath(codingPath)): only \(items.count) elements"))
            }
            defer { currentIndex += 1 }
            return decoder.child(items[currentIndex], key: PlistKey(intValue: currentIndex))
        }

        mutating func decodeNil() throws -> Bool { false }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeBool() }
        mutating func decode(_ type: String.Type) throws -> String {
            if currentIndex < items.count, case .string(let s) = items[currentIndex] {
                currentIndex += 1
                return s
            }
            return try next().decodeString()
        }
        mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeFloatingPoint(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try next().decodeFloatingPoint(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeInteger(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeInteger(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeInteger(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeInteger(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeInteger(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeInteger(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeInteger(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeInteger(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeInteger(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeInteger(type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: PlistValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { false }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
        func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
        func decode(_ type: Double.Type) throws -> Double { try decoder.decodeFloatingPoint(type) }
        func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloatingPoint(type) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
    }
}
