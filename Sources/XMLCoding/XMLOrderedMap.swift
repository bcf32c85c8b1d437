import OrderedCollections
internal import XMLSyntax

/// `OrderedDictionary<String, V>` (swift-collections): a map whose entries the coders write
/// and read in its own order, the document's. Its own `Codable` is an array of keys and values
/// one after the other (an unkeyed container); XMLCoding reads and writes it as a dictionary,
/// its entries named by their keys (or laid out as ``XMLMapLayout`` says), in order.
protocol XMLOrderedStringMap {}
extension OrderedDictionary: XMLOrderedStringMap where Key == String {}
/// Its keys are data, as a `[String: V]`'s: no key strategy converts them.
extension OrderedDictionary: XMLStringKeyedDictionary where Key == String {}

extension XMLTypeTraits {
    /// Whether `type` is an `OrderedDictionary<String, V>`. Asked only of a type that is no
    /// array or set and asks for an unkeyed container, so the types of a model are not each
    /// checked against one more protocol.
    static func isOrderedStringMap(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        if let known = orderedMaps.withLock({ $0[id] }) { return known }
        let isMap = type is any XMLOrderedStringMap.Type
        orderedMaps.withLock { $0[id] = isMap }
        return isMap
    }

    private static let orderedMaps = LockedValue<[ObjectIdentifier: Bool]>([:])
}

/// An ordered map's unkeyed container, for its `encode(to:)`: keys and values arrive one
/// after the other, and each pair is written as the map's keyed member.
struct XMLOrderedMapEncodingContainer: UnkeyedEncodingContainer {
    var keyed: KeyedEncodingContainer<XMLKey>
    let encoder: XMLValueEncoder
    private var pendingKey: String?
    private(set) var count = 0

    init(encoder: XMLValueEncoder) {
        self.encoder = encoder
        keyed = encoder.container(keyedBy: XMLKey.self)
    }

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encode(_ value: String) throws { try add(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try add(value) }

    /// A key, or the value of the key before it.
    private mutating func add<T: Encodable>(_ value: T) throws {
        count += 1
        guard let key = pendingKey else {
            guard let key = value as? String else {
                throw EncodingError.invalidValue(
                    value, EncodingError.Context(codingPath: codingPath, debugDescription: "an ordered map's key must be a String"))
            }
            pendingKey = key
            return
        }
        pendingKey = nil
        try keyed.encode(value, forKey: XMLKey(key))
    }

    mutating func encodeNil() throws {
        count += 1
        guard let key = pendingKey else { return }
        pendingKey = nil
        try keyed.encodeNil(forKey: XMLKey(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        let key = pendingKey ?? ""
        pendingKey = nil
        return keyed.nestedContainer(keyedBy: keyType, forKey: XMLKey(key))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        let key = pendingKey ?? ""
        pendingKey = nil
        return keyed.nestedUnkeyedContainer(forKey: XMLKey(key))
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        let key = pendingKey ?? ""
        pendingKey = nil
        return keyed.superEncoder(forKey: XMLKey(key))
    }
}

/// An ordered map's unkeyed container, for its `init(from:)`: the element's members, in
/// document order, as a key and its value one after the other.
struct XMLOrderedMapDecodingContainer: UnkeyedDecodingContainer {
    let keyed: KeyedDecodingContainer<XMLKey>
    let keys: [XMLKey]
    private(set) var currentIndex = 0

    init(keyed: KeyedDecodingContainer<XMLKey>) {
        self.keyed = keyed
        keys = keyed.allKeys
    }

    var codingPath: [any CodingKey] { keyed.codingPath }
    var count: Int? { keys.count * 2 }
    var isAtEnd: Bool { currentIndex >= keys.count * 2 }

    private func key() throws -> XMLKey {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "the map has no more entries"))
        }
        return keys[currentIndex / 2]
    }

    mutating func decodeNil() throws -> Bool {
        let key = try key()
        guard currentIndex % 2 == 1, try keyed.decodeNil(forKey: key) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let key = try key()
        if currentIndex % 2 == 0 {
            guard let name = key.stringValue as? T else {
                throw DecodingError.typeMismatch(
                    type, DecodingError.Context(codingPath: codingPath, debugDescription: "an ordered map's key is a String"))
            }
            currentIndex += 1
            return name
        }
        let value = try keyed.decode(type, forKey: key)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try keyed.nestedContainer(keyedBy: type, forKey: try key())
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try keyed.nestedUnkeyedContainer(forKey: try key())
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try keyed.superDecoder(forKey: try key())
        currentIndex += 1
        return decoder
    }
}
