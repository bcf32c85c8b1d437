import Foundation
import OrderedCollections
internal import XMLSyntax

/// Decodes `Decodable` values from property lists: Foundation's `PropertyListDecoder` under
/// another name (an open class with the same methods, so a port renames the type), with
/// errors that say where and what: `items[2].price: expected a real, found a string "12,50"`.
///
/// ```swift
/// let decoder = PlistDecoder()          // was: PropertyListDecoder()
/// var format = PlistDecoder.PropertyListFormat.xml
/// let floors = try decoder.decode([String: Int].self, from: data, format: &format)
/// ```
///
/// A key that is absent, or holds the string `$null` (Foundation's `nil`), decodes as `nil`
/// for optionals. Every format is read: XML (UTF-8, UTF-16, UTF-32), binary, OpenStep, JSON.
open class PlistDecoder: @unchecked Sendable {
    /// The file formats, spelled as Foundation's `PropertyListDecoder.PropertyListFormat`.
    public typealias PropertyListFormat = PropertyList.Format

    private let state = LockedValue<[CodingUserInfoKey: any Sendable]>([:])

    /// Passed to `Decodable` implementations as `decoder.userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// Creates a decoder with an empty ``PlistDecoder/userInfo``.
    public init() {}

    /// Decodes a value from plist data in any supported format. For an XML file, a decoding
    /// error also gives the line of the value it concerns.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(from: data, userInfo: userInfo) { try $0.decodeValue(type) }
    }

    /// Decodes, and says which format the data was in.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data, format: inout PropertyListFormat) throws -> T {
        try decode(from: data, userInfo: userInfo, format: &format) { try $0.decodeValue(type) }
    }

    /// Decodes, and says which format the data was in, as Foundation's format type.
    open func decode<T: Decodable>(
        _ type: T.Type, from data: Data, format: inout PropertyListSerialization.PropertyListFormat
    ) throws -> T {
        var ours = PropertyListFormat.xml
        defer { format = ours.foundationFormat }
        return try decode(type, from: data, format: &ours)
    }

    /// Decodes a value that needs a configuration to decode itself.
    open func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
    ) throws -> T {
        try decode(from: data, userInfo: userInfo) { try type.init(from: $0, configuration: configuration) }
    }

    /// Decodes a value with the configuration its provider type gives.
    open func decode<T, Provider: DecodingConfigurationProviding>(
        _ type: T.Type, from data: Data, configuration: Provider.Type
    ) throws -> T where T: DecodableWithConfiguration, T.DecodingConfiguration == Provider.DecodingConfiguration {
        try decode(type, from: data, configuration: Provider.decodingConfiguration)
    }

    /// Decodes a value that needs a configuration, and says which format the data was in.
    open func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, format: inout PropertyListFormat, configuration: T.DecodingConfiguration
    ) throws -> T {
        try decode(from: data, userInfo: userInfo, format: &format) { try type.init(from: $0, configuration: configuration) }
    }

    /// Decodes a value that needs a configuration, and says which format the data was in, as
    /// Foundation's format type.
    open func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, format: inout PropertyListSerialization.PropertyListFormat,
        configuration: T.DecodingConfiguration
    ) throws -> T {
        var ours = PropertyListFormat.xml
        defer { format = ours.foundationFormat }
        return try decode(type, from: data, format: &ours, configuration: configuration)
    }

    /// Decodes a value from a property list already read.
    open func decode<T: Decodable>(_ type: T.Type, from value: PropertyList) throws -> T {
        try PlistValueDecoder(value: value, path: nil, settings: .init(userInfo: userInfo)).decodeValue(type)
    }

    /// Decodes a value from everything `stream` holds (it is opened if it is not yet, and
    /// read to its end).
    open func decode<T: Decodable>(_ type: T.Type, from stream: InputStream) throws -> T {
        let bytes: [UInt8]
        do {
            bytes = try PropertyList.readAll(stream)
        } catch let error as PropertyListError {
            throw Self.unreadable(error)
        }
        return try decode(type, from: Data(bytes))
    }

    /// Data that is not a property list, as Foundation reports it: `dataCorrupted` at the top
    /// level with the `CocoaError` underneath; the description keeps where and what.
    static func unreadable(_ error: PropertyListError) -> DecodingError {
        .dataCorrupted(
            .init(
                codingPath: [], debugDescription: "the data is not a valid property list: \(error.description)",
                underlyingError: error.cocoaError))
    }

    /// Decodes from data with `userInfo`, adding the line of the value to an error in an XML file.
    func decode<T>(from data: Data, userInfo: [CodingUserInfoKey: any Sendable], _ body: (PlistValueDecoder) throws -> T) throws -> T {
        var format = PropertyListFormat.xml
        return try decode(from: data, userInfo: userInfo, format: &format, body)
    }

    /// The same, saying which format the data was in (found by reading it; when it cannot be
    /// read, by its first bytes).
    func decode<T>(
        from data: Data, userInfo: [CodingUserInfoKey: any Sendable], format: inout PropertyListFormat,
        _ body: (PlistValueDecoder) throws -> T
    ) throws -> T {
        let plist: PropertyList
        do {
            (plist, format) = try PropertyList.read(data)
        } catch let error as PropertyListError {
            format = PropertyList.format(of: data) ?? .xml
            throw Self.unreadable(error)
        }
        do {
            return try body(PlistValueDecoder(value: plist, path: nil, settings: .init(userInfo: userInfo)))
        } catch let error as DecodingError {
            guard format == .xml, let line = XMLPlistLineFinder.line(of: error.codingPathOfValue, in: data) else { throw error }
            throw error.adding(line: line)
        }
    }
}

/// One step of a decoder's coding path, linked to the steps before it.
final class PlistPath {
    let parent: PlistPath?
    let key: any CodingKey

    init(parent: PlistPath?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var step: PlistPath? = self
        while let current = step {
            keys.append(current.key)
            step = current.parent
        }
        return keys.reversed()
    }
}

/// A key for any string, for paths and polymorphic type keys; array positions are named as
/// Foundation names them (`Index 0`).
struct PlistKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
    init(_ string: String) { stringValue = string }

    /// Where `superEncoder()` puts a superclass's values, as Foundation does.
    static let `super` = PlistKey("super")
}

/// The array position a coding key stands for: a key named as Foundation and this package
/// name positions (`Index 2`). Keys of an `Int`-backed `CodingKeys` enum are names, not
/// positions.
func arrayIndex(of key: any CodingKey) -> Int? {
    guard let index = key.intValue, key.stringValue == "Index \(index)" else { return nil }
    return index
}

/// `a.b[2].c` for messages.
func describePath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = arrayIndex(of: key) {
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
    /// What every decoder of one value shares.
    final class Settings {
        let userInfo: [CodingUserInfoKey: Any]
        init(userInfo: [CodingUserInfoKey: any Sendable]) { self.userInfo = userInfo }
    }

    let value: PropertyList
    /// Where the value sits: a chain of keys, spelled out as `codingPath` only when asked
    /// for (an error, or a type that reads it), so a child decoder costs one small object
    /// rather than a copy of its parent's whole path.
    let path: PlistPath?
    var codingPath: [any CodingKey] { path?.codingPath ?? [] }
    let settings: Settings
    var userInfo: [CodingUserInfoKey: Any] { settings.userInfo }

    init(value: PropertyList, path: PlistPath?, settings: Settings) {
        self.value = value
        self.path = path
        self.settings = settings
    }

    /// Whether a value is Foundation's `nil`: the string `$null`.
    static func isNull(_ value: PropertyList) -> Bool { value.isFoundationNull }

    /// The error for a value of the wrong type; Foundation's `nil` (`$null`) where a value
    /// is needed is `valueNotFound`, as Foundation reports it.
    func mismatch(_ expected: String, _ type: Any.Type) -> DecodingError {
        if Self.isNull(value) {
            return .valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "\(describePath(codingPath)): expected \(expected), found $null (nil)"))
        }
        return .typeMismatch(
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
        // The common leaves and arrays of strings straight from the value, without the
        // containers their init(from:) would ask for (each one a boxed object).
        if type == String.self { return try decodeString() as! T }
        if type == Int.self { return try decodeInteger(Int.self) as! T }
        if type == Double.self { return try decodeFloatingPoint(Double.self) as! T }
        if type == Bool.self { return try decodeBool() as! T }
        if type == [String].self, case .array(let items) = value {
            var strings: [String] = []
            strings.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                if let s = item.nonNullString {
                    strings.append(s)
                } else {
                    strings.append(try child(item, key: PlistKey(intValue: index)).decodeString())
                }
            }
            return strings as! T
        }
        // The dynamic type asked for (`Employee.self as Person.Type` makes an Employee).
        return try type.init(from: self)
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
        PlistValueDecoder(value: value, path: PlistPath(parent: path, key: key), settings: settings)
    }

    // MARK: - Scalars

    func decodeBool() throws -> Bool {
        guard case .boolean(let b) = value else { throw mismatch("a boolean", Bool.self) }
        return b
    }

    func decodeString() throws -> String {
        guard let s = value.nonNullString else { throw mismatch("a string", String.self) }
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
        let result: T
        switch value {
        case .real(let r): result = T(r)
        case .integer(let i): result = T(i)
        case .unsignedInteger(let u): result = T(u)
        default: throw mismatch("a real", type)
        }
        // A finite real too large for the type (a Float) does not fit, as Foundation says.
        if result.isInfinite, let r = value.doubleValue, r.isFinite {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(describePath(codingPath)): \(describeFound(value)) does not fit in \(type)"))
        }
        return result
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: PlistValueDecoder
        /// Keys are found by their code points (a key `K` does not read `\u{212A}`).
        let dictionary: OrderedDictionary<PropertyList.DictionaryKey, PropertyList>
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { dictionary.keys.compactMap { Key(stringValue: $0.string) } }

        /// The value under `key`, found by its code points.
        private func entry(_ key: any CodingKey) -> PropertyList? { dictionary[PropertyList.DictionaryKey(key.stringValue)] }

        func contains(_ key: Key) -> Bool { entry(key) != nil }

        func child(_ key: Key) throws -> PlistValueDecoder {
            guard let value = entry(key) else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "\(describePath(codingPath + [key])): the key is missing"))
            }
            return decoder.child(value, key: key)
        }

        /// True for Foundation's `$null`; an absent key is `keyNotFound`, as in Foundation
        /// (`decodeIfPresent` asks `contains(_:)` first).
        func decodeNil(forKey key: Key) throws -> Bool {
            // The value straight from the dictionary; a child decoder only to report a missing key.
            if let value = entry(key) { return PlistValueDecoder.isNull(value) }
            return PlistValueDecoder.isNull(try child(key).value)
        }

        // The common scalars straight from the dictionary: a child decoder (and its coding
        // path) is made only to report a mismatch.
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            if case .boolean(let b)? = entry(key) { return b }
            return try child(key).decodeBool()
        }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            if let s = entry(key)?.nonNullString { return s }
            return try child(key).decodeString()
        }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            if case .real(let r)? = entry(key) { return r }
            return try child(key).decodeFloatingPoint(type)
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decodeFloatingPoint(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            if case .integer(let i)? = entry(key), let value = Int(exactly: i) { return value }
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
            if type == Date.self, case .date(let d)? = entry(key) { return d as! T }
            if type == Data.self, case .data(let d)? = entry(key) { return d as! T }
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

        /// The superclass's values, under the key `super` as Foundation writes them.
        func superDecoder() throws -> any Decoder { superDecoder(under: PlistKey.super) }
        func superDecoder(forKey key: Key) throws -> any Decoder { superDecoder(under: key) }

        private func superDecoder(under key: any CodingKey) -> any Decoder {
            // Absent, it is nil, as in Foundation: a superclass that decodes anything fails
            // with valueNotFound at `super`.
            decoder.child(entry(key) ?? PropertyList.foundationNull, key: key)
        }
    }

    /// An array's elements in order. A decode that fails leaves the position where it was,
    /// so a caller may try another type (as Foundation's does).
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

        /// A decoder for the current element, without moving past it.
        func current(_ type: Any.Type) throws -> PlistValueDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type,
                    .init(
                        codingPath: codingPath + [PlistKey(intValue: currentIndex)],
                        debugDescription: "\(describePath(codingPath)): only \(items.count) elements"))
            }
            return decoder.child(items[currentIndex], key: PlistKey(intValue: currentIndex))
        }

        /// Decodes the current element with `body`, and moves past it only when that succeeds.
        mutating func next<T>(_ type: Any.Type, _ body: (PlistValueDecoder) throws -> T) throws -> T {
            let value = try body(current(type))
            currentIndex += 1
            return value
        }

        /// True, moving past it, when the current element is Foundation's `$null`.
        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any?.self,
                    .init(
                        codingPath: codingPath + [PlistKey(intValue: currentIndex)],
                        debugDescription: "\(describePath(codingPath)): only \(items.count) elements"))
            }
            guard PlistValueDecoder.isNull(items[currentIndex]) else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.decodeBool() } }
        mutating func decode(_ type: String.Type) throws -> String {
            if currentIndex < items.count, let s = items[currentIndex].nonNullString {
                currentIndex += 1
                return s
            }
            return try next(type) { try $0.decodeString() }
        }
        mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.decodeFloatingPoint(type) } }
        mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.decodeFloatingPoint(type) } }
        mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.decodeInteger(type) } }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.decodeInteger(type) } }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.decodeInteger(type) } }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.decodeInteger(type) } }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.decodeInteger(type) } }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.decodeInteger(type) } }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.decodeInteger(type) } }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.decodeInteger(type) } }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.decodeInteger(type) } }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.decodeInteger(type) } }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decodeValue(type) } }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
        }
        mutating func superDecoder() throws -> any Decoder { try next((any Decoder).self) { $0 } }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: PlistValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { PlistValueDecoder.isNull(decoder.value) }
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
