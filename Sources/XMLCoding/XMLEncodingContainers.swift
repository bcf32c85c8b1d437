import Foundation

struct XMLKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: XMLValueEncoder
    /// The element the keys go into; nil when making it failed (the encoder's `failure`).
    let element: Int?
    /// The encoded type's own placement and layouts, looked up once per element.
    private let placing: (any XMLNodePlacing.Type)?
    private let layouts: (any XMLArrayLayouts.Type)?
    /// Whether the keys are a `[String: V]`'s, written as they are (``XMLStringKeyedDictionary``).
    private let keepsKeys: Bool
    /// Whether the encoded type is an ``XMLChoice``: its case is one element, and an array
    /// under a case key goes inside it (as the synthesized `encode(to:)`'s `_0` writes it,
    /// and the decoder reads it), not one case element per item.
    private let isChoice: Bool
    /// Whether the type has a key namespace (``XMLKeyNamespace``) or map layouts
    /// (``XMLMapLayouts``), which each key then asks the type for. A flag, not the metatypes:
    /// the container is made and copied for every keyed value.
    private let hasKeyExtras: Bool
    /// For a dictionary laid out as entries, how (an index into the context's map layouts),
    /// or -1.
    private let mapIndex: Int

    init(encoder: XMLValueEncoder, element: Int?, traits: XMLTypeTraits?) {
        self.encoder = encoder
        self.element = element
        placing = traits?.placing
        layouts = traits?.layouts
        keepsKeys = traits?.isStringKeyedDictionary ?? false
        isChoice = traits?.isChoice ?? false
        hasKeyExtras = traits?.keyNamespacing != nil || traits?.mapLayouts != nil
        if case .member(_, _, _, _, let map) = encoder.slot, map >= 0, encoder.isMap(traits) { mapIndex = map } else { mapIndex = -1 }
    }

    /// Built only when asked for; a value's own path likewise.
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var context: XMLEncodingContext { encoder.context }

    @inline(__always)
    private func slot(for key: Key) throws -> XMLEncodingSlot {
        guard let element else { throw encoder.failure! }
        if mapIndex >= 0 { return try entrySlot(for: key, in: element, layout: context.mapLayoutTable[mapIndex]) }
        let extras = hasKeyExtras ? encoder.traits() : nil
        // The path through the encoder alone: an autoclosure reading `codingPath` would
        // capture (copy) this whole container for every key.
        let encoder = encoder
        let slot = context.slot(
            for: key, in: element, codingPath: encoder.codingPath, placing: placing, layouts: layouts, mapLayouts: extras?.mapLayouts,
            keepingKey: keepsKeys, keyNamespace: extras?.keyNamespacing?.keyNamespace)
        if isChoice, case .member(let parent, let name, let placement, .repeated, let map) = slot {
            return .member(parent: parent, name: name, placement: placement, layout: .wrapped(item: "item"), map: map)
        }
        return slot
    }

    /// For a dictionary laid out as entries, the entry of `key` (with its key element), and
    /// the slot of its value. Kept out of line, so the common path of ``slot(for:)`` inlines.
    @inline(never)
    private func entrySlot(for key: Key, in element: Int, layout: XMLMapLayout) throws -> XMLEncodingSlot {
        let entryName: String
        let keyName: String
        let valueName: String
        switch layout {
        case .entries(let entry, let key, let value): (entryName, keyName, valueName) = (entry, key, value)
        case .flattenedEntries(let key, let value):
            // Each entry is named by the dictionary's own key.
            guard case .member(_, let name, _, _, _) = encoder.slot else { preconditionFailure("a map's entries are under a key") }
            (entryName, keyName, valueName) = (name, key, value)
        case .namedByKeys: preconditionFailure("a dictionary named by its keys has no entries")
        }
        let path = XMLCodingPathTail(encoder, key)
        let entry = try context.makeElement(entryName, in: element, codingPath: path.path)
        let keyElement = try context.makeElement(keyName, in: entry, codingPath: path.path)
        // A key the character policy would change could meet another one: refused, whatever
        // the policy.
        let text = key.stringValue
        do { _ = try text.validXMLString(policy: .throw) } catch {
            throw EncodingError.invalidValue(
                text,
                EncodingError.Context(
                    codingPath: path.path, debugDescription: "the map key \"\(text)\" holds characters XML does not allow",
                    underlyingError: error))
        }
        if !text.isEmpty { context.tree.append(text: text, to: keyElement) }
        return .item(parent: entry, name: valueName, flattensChoice: false)
    }

    mutating func encodeNil(forKey key: Key) throws { _ = try slot(for: key) }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try context.writeScalar(value, in: try slot(for: key), at: XMLCodingPathTail(encoder, key), isString: true)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try context.writeScalar(context.boolText(value), in: try slot(for: key), at: XMLCodingPathTail(encoder, key))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try context.writeScalar(value.description, in: try slot(for: key), at: XMLCodingPathTail(encoder, key))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try context.encodeValue(value, in: try slot(for: key), at: XMLCodingPathTail(encoder, key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        nestedEncoder(for: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(for: key).unkeyedContainer()
    }

    private func nestedEncoder(for key: Key) -> XMLValueEncoder {
        let slot: XMLEncodingSlot
        do { slot = try self.slot(for: key) } catch { return encoder.failed(error) }
        return XMLValueEncoder(context: context, slot: slot, at: XMLCodingPathTail(encoder, key), encodedType: nil)
    }

    /// The superclass's keys go into the same element.
    mutating func superEncoder() -> any Encoder {
        guard let element else { return encoder.failed(encoder.failure!) }
        return XMLValueEncoder(context: context, slot: .itself(element), at: XMLCodingPathTail(encoder, XMLKey("super")), encodedType: nil)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { nestedEncoder(for: key) }
}

extension XMLValueEncoder {
    /// An encoder whose every call reports `error` (container calls cannot throw); its slot
    /// is never reached.
    func failed(_ error: any Error) -> XMLValueEncoder {
        XMLValueEncoder(context: context, slot: slot, at: tail, encodedType: nil, failure: error)
    }
}

struct XMLUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: XMLValueEncoder
    /// The element the items go into; nil when making it failed (the encoder's `failure`).
    let parent: Int?
    let itemName: String
    /// Whether the items sit in a wrapper, where a choice is its case's element.
    let flattensChoice: Bool
    private(set) var count = 0

    init(encoder: XMLValueEncoder, parent: Int?, itemName: String, flattensChoice: Bool) {
        self.encoder = encoder
        self.parent = parent
        self.itemName = itemName
        self.flattensChoice = flattensChoice
    }

    /// Built only when asked for; an item's own path likewise.
    var codingPath: [any CodingKey] { encoder.codingPath }

    private mutating func nextSlot() throws -> (XMLEncodingSlot, XMLCodingPathTail) {
        guard let parent else { throw encoder.failure! }
        defer { count += 1 }
        return (.item(parent: parent, name: itemName, flattensChoice: flattensChoice), XMLCodingPathTail(encoder, XMLKey(index: count)))
    }

    mutating func encodeNil() throws {
        let (slot, tail) = try nextSlot()
        let item = XMLValueEncoder(context: encoder.context, slot: slot, at: tail, encodedType: nil)
        try item.encodeNil()
    }

    mutating func encode(_ value: String) throws {
        let (slot, tail) = try nextSlot()
        try encoder.context.writeScalar(value, in: slot, at: tail, isString: true)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let (slot, tail) = try nextSlot()
        try encoder.context.encodeValue(value, in: slot, at: tail)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nestedEncoder().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { nestedEncoder() }

    private mutating func nestedEncoder() -> XMLValueEncoder {
        do {
            let (slot, tail) = try nextSlot()
            return XMLValueEncoder(context: encoder.context, slot: slot, at: tail, encodedType: nil)
        } catch {
            return encoder.failed(error)
        }
    }
}

struct XMLSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: XMLValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { try encoder.encodeNil() }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeHere(value) }
    mutating func encode(_ value: String) throws { try encoder.encodeHere(value) }
}
