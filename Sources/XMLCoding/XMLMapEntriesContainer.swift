internal import XMLSyntax

/// A dictionary laid out as entries (``XMLMapLayout/entries(entry:key:value:)`` and
/// ``XMLMapLayout/flattenedEntries(key:value:)``): its keys are the entries' `<key>` texts, in
/// document order, and each key's value is its entry's `<value>`.
struct XMLMapEntriesContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let scope: XMLDecodingScope
    /// The keys in document order, and each key's entry and value element (-1: no value).
    private let keys: [String]
    private let entries: [(entry: Int, value: Int)]
    /// Each key's index in `keys`, by code points (`é` and `e` + U+0301 are two keys).
    private let index: [CodePointString: Int]

    /// Reads the entries of `elements` (the one wrapper, or the repeated entries), refusing
    /// an entry without a key and a key written twice.
    init(decoder: XMLValueDecoder, elements: XMLNodeList, layout: XMLMapLayout) throws {
        scope = decoder.valueScope
        let context = decoder.context
        let record = context.record
        let entryElements: [Int]
        let (keyName, valueName): (String, String)
        switch layout {
        case .entries(let entry, let key, let value):
            (keyName, valueName) = (key, value)
            // No wrapper is an empty map.
            guard let wrapper = try decoder.singleElement() else {
                entryElements = []
                break
            }
            entryElements = record.childElements(of: wrapper).filter { record.names[record.nodes[$0].name].local.hasSameCodePoints(as: entry) }
        case .flattenedEntries(let key, let value):
            (keyName, valueName) = (key, value)
            entryElements = elements.array(in: context)
        case .namedByKeys:
            preconditionFailure("a dictionary named by its keys is read by XMLKeyedContainer")
        }
        var keys: [String] = []
        var entries: [(entry: Int, value: Int)] = []
        var index: [CodePointString: Int] = [:]
        keys.reserveCapacity(entryElements.count)
        entries.reserveCapacity(entryElements.count)
        for entry in entryElements {
            var keyElement = -1
            var valueElement = -1
            for child in record.childElements(of: entry) {
                let local = record.names[record.nodes[child].name].local
                if keyElement < 0, local.hasSameCodePoints(as: keyName) { keyElement = child }
                if valueElement < 0, local.hasSameCodePoints(as: valueName) { valueElement = child }
            }
            guard keyElement >= 0 else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "the map entry at \(context.location(of: entry)) has no <\(keyName)>"))
            }
            // A key is data, read as written (" Team" and "Team" are two keys).
            let key = record.elementText(keyElement, trimmed: false)
            if let first = index.updateValue(keys.count, forKey: CodePointString(key)) {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "the map has two entries for the key \"\(key)\", at \(context.location(of: entries[first].entry)) and \(context.location(of: entry))"))
            }
            keys.append(key)
            entries.append((entry, valueElement))
        }
        self.keys = keys
        self.entries = entries
        self.index = index
    }

    var codingPath: [any CodingKey] { scope.codingPath }
    var allKeys: [Key] { keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { index[CodePointString(key.stringValue)] != nil }

    /// The decoder of the key's value: its `<value>` element, or (without one) an absent value.
    private func valueDecoder(for key: Key, type: Any.Type? = nil) throws -> XMLValueDecoder {
        guard let i = index[CodePointString(key.stringValue)] else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "the map has no entry for the key \"\(key.stringValue)\""))
        }
        let (entry, value) = entries[i]
        let found: XMLDecodingValue = value >= 0 ? .element(value) : .elements(XMLNodeList(), parent: entry)
        return XMLValueDecoder(scope: scope, value: found, key: .key(key), decodedType: type)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try valueDecoder(for: key).isEmptyOrAbsent }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try valueDecoder(for: key, type: type)
        if value.isAbsent && !scope.context.traits(of: type).absentAsEmpty && XMLTypeTraits.optional(type) == nil {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "the map entry for the key \"\(key.stringValue)\" at \(scope.context.location(of: value.node)) has no value"))
        }
        return try value.decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try valueDecoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try valueDecoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "a map has no superclass value"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try valueDecoder(for: key) }
}
