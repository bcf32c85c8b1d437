import Foundation
import OrderedCollections

/// Encodes `Encodable` values as property lists, with the API of Foundation's
/// `PropertyListEncoder`. `nil` leaves the key out (plists have no null).
public struct PlistEncoder {
    /// The format `encode(_:)` writes. Default XML.
    public var outputFormat: PropertyList.Format = .xml
    /// Passed to `Encodable` implementations as `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    /// Encodes a value as plist data in ``outputFormat``.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try encodeValue(value).data(format: outputFormat)
    }

    /// Encodes a value as a property list.
    public func encodeValue<T: Encodable>(_ value: T) throws -> PropertyList {
        let encoder = PlistValueEncoder(codingPath: [], userInfo: userInfo)
        guard let result = try encoder.box(value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "the top level encoded nothing"))
        }
        return result
    }
}

/// Where a container writes: shared by the containers of one value, resolved to a
/// property list when the value is done.
final class PlistBox {
    enum Content {
        case empty
        case value(PropertyList)
        case dictionary(OrderedDictionary<String, PlistBox>)
        case array([PlistBox])
    }

    var content: Content = .empty

    var resolved: PropertyList? {
        switch content {
        case .empty: return nil
        case .value(let v): return v
        case .dictionary(let d):
            var result = OrderedDictionary<String, PropertyList>()
            for (key, box) in d { if let value = box.resolved { result[key] = value } }
            return .dictionary(result)
        case .array(let a): return .array(a.compactMap(\.resolved))
        }
    }
}

struct PlistValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    let box = PlistBox()

    init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    /// Encodes `value`, with the types plists hold natively kept as they are.
    func box<T: Encodable>(_ value: T) throws -> PropertyList? {
        switch value {
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let plist as PropertyList: return plist
        default:
            try value.encode(to: self)
            return box.resolved
        }
    }

    func child(_ key: any CodingKey) -> PlistValueEncoder {
        PlistValueEncoder(codingPath: codingPath + [key], userInfo: userInfo)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .dictionary = box.content {} else { box.content = .dictionary([:]) }
        return KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.content {} else { box.content = .array([]) }
        return Unkeyed(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    func set(_ value: PropertyList) { box.content = .value(value) }

    static func integer<T: FixedWidthInteger>(_ value: T) -> PropertyList { .integer(exactly: value) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: PlistValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        private func put(_ value: PropertyList?, _ key: Key) {
            let box = PlistBox()
            if let value { box.content = .value(value) }
            putBox(box, key)
        }

        private func putBox(_ box: PlistBox, _ key: Key) {
            guard case .dictionary(var d) = encoder.box.content else { return }
            // Drop the box's reference first, so the dictionary is mutated in place.
            encoder.box.content = .empty
            d[key.stringValue] = box
            encoder.box.content = .dictionary(d)
        }

        // Plists have no null: a nil value leaves the key out.
        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode(_ value: Bool, forKey key: Key) throws { put(.boolean(value), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { put(.real(value), key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { put(.real(Double(value)), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { put(PlistValueEncoder.integer(value), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { put(PlistValueEncoder.integer(value), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { put(PlistValueEncoder.integer(value), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { put(PlistValueEncoder.integer(value), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { put(PlistValueEncoder.integer(value), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { put(PlistValueEncoder.integer(value), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { put(PlistValueEncoder.integer(value), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { put(PlistValueEncoder.integer(value), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { put(PlistValueEncoder.integer(value), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { put(PlistValueEncoder.integer(value), key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            put(try encoder.child(key).box(value), key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            let child = encoder.child(key)
            putBox(child.box, key)
            return child.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = encoder.child(key)
            putBox(child.box, key)
            return child.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let child = encoder.child(key)
            putBox(child.box, key)
            return child
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: PlistValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int {
            if case .array(let a) = encoder.box.content { return a.count }
            return 0
        }

        private func append(_ box: PlistBox) {
            guard case .array(var a) = encoder.box.content else { return }
            // Drop the box's reference first, so the array is mutated in place.
            encoder.box.content = .empty
            a.append(box)
            encoder.box.content = .array(a)
        }

        private func append(_ value: PropertyList) {
            let box = PlistBox()
            box.content = .value(value)
            append(box)
        }

        mutating func encodeNil() throws {
            throw EncodingError.invalidValue(
                Optional<Int>.none as Any,
                .init(codingPath: codingPath, debugDescription: "\(describePath(codingPath)): a plist array cannot hold nil"))
        }
        mutating func encode(_ value: Bool) throws { append(.boolean(value)) }
        mutating func encode(_ value: String) throws { append(.string(value)) }
        mutating func encode(_ value: Double) throws { append(.real(value)) }
        mutating func encode(_ value: Float) throws { append(.real(Double(value))) }
        mutating func encode(_ value: Int) throws { append(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: Int8) throws { append(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: Int16) throws { append(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: Int32) throws { append(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: Int64) throws { append(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: UInt) throws { append(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: UInt8) throws { append(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: UInt16) throws { append(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: UInt32) throws { append(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: UInt64) throws { append(PlistValueEncoder.integer(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            let child = encoder.child(PlistKey(intValue: count))
            guard let boxed = try child.box(value) else {
                throw EncodingError.invalidValue(
                    value, .init(codingPath: child.codingPath, debugDescription: "\(describePath(child.codingPath)): encoded nothing"))
            }
            append(boxed)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = encoder.child(PlistKey(intValue: count))
            append(child.box)
            return child.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = encoder.child(PlistKey(intValue: count))
            append(child.box)
            return child.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let child = encoder.child(PlistKey(intValue: count))
            append(child.box)
            return child
        }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: PlistValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws {
            throw EncodingError.invalidValue(
                Optional<Int>.none as Any,
                .init(codingPath: codingPath, debugDescription: "\(describePath(codingPath)): plists cannot hold nil"))
        }
        mutating func encode(_ value: Bool) throws { encoder.set(.boolean(value)) }
        mutating func encode(_ value: String) throws { encoder.set(.string(value)) }
        mutating func encode(_ value: Double) throws { encoder.set(.real(value)) }
        mutating func encode(_ value: Float) throws { encoder.set(.real(Double(value))) }
        mutating func encode(_ value: Int) throws { encoder.set(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: Int8) throws { encoder.set(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: Int16) throws { encoder.set(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: Int32) throws { encoder.set(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: Int64) throws { encoder.set(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: UInt) throws { encoder.set(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: UInt8) throws { encoder.set(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: UInt16) throws { encoder.set(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: UInt32) throws { encoder.set(PlistValueEncoder.integer(value)) }
        mutating func encode(_ value: UInt64) throws { encoder.set(PlistValueEncoder.integer(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            guard let boxed = try encoder.box(value) else { return }
            encoder.set(boxed)
        }
    }
}
