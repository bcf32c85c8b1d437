import Foundation
internal import XMLSyntax

extension XMLValueDecoder {
    /// Whether the value is nil for a scalar: absent, an element with no attributes, no
    /// child elements and only white space (`<count/>` for an `Int?`), or an element marked
    /// `xsi:nil="true"`.
    var isEmptyOrAbsent: Bool {
        switch value {
        case .elements(let list, _, _):
            guard list.count == 1 else { return list.isEmpty }
            return isEmptyElement(list.first!) || isNilElement(list.first!)
        case .element(let e), .choice(let e): return isEmptyElement(e) || isNilElement(e)
        case .attribute, .text, .textNode: return false
        }
    }

    /// Whether the value is `xsi:nil="true"` (how the encoder writes nil in an array).
    var isMarkedNil: Bool {
        switch value {
        case .elements(let list, _, _): return list.count == 1 && isNilElement(list.first!)
        case .element(let e): return isNilElement(e)
        default: return false
        }
    }

    func isEmptyElement(_ e: Int) -> Bool {
        record.nodes[e].kind == .element && record.nodes[e].count == 0 && !record.hasChildElements(e)
            && record.hasOnlyWhitespaceText(e)
    }

    /// Whether the element carries XML Schema's `xsi:nil="true"`.
    func isNilElement(_ e: Int) -> Bool {
        let node = record.nodes[e]
        guard node.kind == .element, node.count > 0 else { return false }
        for a in node.start..<(node.start + node.count) {
            let name = record.names[record.attributes[a].name]
            let isNil =
                name.uri == XMLEncoder.schemaInstanceNamespace ? name.local == "nil"
                : name.uri == nil && name.local == "xsi:nil"
            if isNil {
                let value = record.value(of: a)
                return value == "true" || value == "1"
            }
        }
        return false
    }
}

struct XMLKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    // One reference-counted field: the standard library's box copies the container for every
    // call made on it.
    let scope: XMLDecodingScope
    /// The element whose attributes and children are the keys; for a choice, the element or
    /// run of text that is the one case.
    let element: Int
    /// Whether this is an ``XMLChoice`` read from a wrapper's item: its one key is the item's
    /// own name (`""` for text), and that key's value is the item itself.
    let isChoice: Bool
    /// The decoded type's own placement and layouts, looked up once per element.
    private let placing: (any XMLNodePlacing.Type)?
    private let layouts: (any XMLArrayLayouts.Type)?
    private let mapLayouts: (any XMLMapLayouts.Type)?
    /// The element by name, made only for an element with many attributes and children (a
    /// dictionary of thousands of entries), where every lookup would otherwise scan them all.
    private let index: XMLNameIndex?
    /// Where each key of the decoded type is looked for, shared by every element of the type
    /// (nil when a setting decides by coding path, or the key type is not a plain enum).
    private let plans: XMLKeyPlans?
    /// How this container's keys are spelled: the strategy's conversion, or none for a
    /// `[String: V]` (``XMLStringKeyedDictionary``).
    private let conversion: XMLKeySpelling.Conversion
    /// Whether the decoded type is an ``XMLChoice``, whose case is one element: an array
    /// under a case key is that element's children, as the encoder writes it.
    private let isChoiceType: Bool
    /// The type's namespace for its plain keys' elements (``XMLKeyNamespace``), read when a
    /// key's plan is made (a metatype: no reference counting when the container is copied).
    private let keyNamespacing: (any XMLKeyNamespace.Type)?

    init(decoder: XMLValueDecoder, element: Int, isChoice: Bool = false) {
        self.element = element
        self.isChoice = isChoice
        let traits = decoder.decodedType.map { decoder.context.traits(of: $0) }
        placing = traits?.placing
        layouts = traits?.layouts
        mapLayouts = traits?.mapLayouts
        conversion = traits?.isStringKeyedDictionary == true ? .none : decoder.context.keyConversion
        isChoiceType = traits?.isChoice ?? false
        keyNamespacing = traits?.keyNamespacing
        // The value's scope, shared by every value in the container (made now unless the
        // value was handed to its type's init(from:) with one).
        scope = decoder.valueScope
        index = isChoice ? nil : XMLNameIndex.make(element: element, record: decoder.context.record)
        plans = XMLKeyPlans.usable(for: Key.self, context: decoder.context)
            ? decoder.context.traitsCache.keyPlans(for: decoder.decodedType, keyType: Key.self) : nil
    }

    var codingPath: [any CodingKey] { scope.codingPath }
    private var context: XMLDecodingContext { scope.context }
    private var record: XMLRecord { scope.context.record }

    var allKeys: [Key] {
        let node = record.nodes[element]
        if isChoice {
            guard node.kind != .text else { return Key(stringValue: XMLDecoder.textKey).map { [$0] } ?? [] }
            return choiceKey(for: node.name).map { [$0] } ?? []
        }
        guard node.kind == .element else { return [] }
        // Each distinct name (by code points: `é` and `e` + U+0301 are two keys) in Swift's
        // spelling, as `JSONDecoder` gives a dictionary's keys under a key strategy.
        var names: [String] = []
        var seen = Set<CodePointString>()
        record.forEachMemberName(of: element) { index in
            let name = swiftName(index)
            if seen.insert(CodePointString(name)).inserted { names.append(name) }
            return true
        }
        return names.compactMap { Key(stringValue: $0) }
    }

    /// The case key of the choice whose element has the record's name `index`: the one
    /// spelled `{uri}local` for a name in a namespace (`{}local` for one in none), else the
    /// one whose document spelling is the local name (under the key strategy).
    private func choiceKey(for index: Int) -> Key? {
        let name = record.names[index]
        if let key = Key(stringValue: "{\(name.uri ?? "")}\(name.local)") { return key }
        return Key(stringValue: swiftName(index)) ?? Key(stringValue: name.local)
    }

    private func placement(for key: Key) -> XMLDecoder.NodePlacement {
        if let decide = context.settings.nodePlacement { return decide(codingPath + [key]) }
        if let placing { return placing.nodePlacement(for: key) }
        return .attributeOrElement
    }

    private func arrayLayout(for key: Key) -> XMLDecoder.ArrayLayout {
        if let decide = context.settings.arrayLayout { return decide(codingPath + [key]) }
        if let layouts { return layouts.arrayLayout(for: key) }
        return .repeated
    }

    private func mapLayout(for key: Key) -> XMLMapLayout? {
        if let decide = context.settings.mapLayout { return decide(codingPath + [key]) }
        return mapLayouts?.mapLayout(for: key)
    }

    /// The key's spelling, placement and layout: from the type's plans when it has them.
    private func plan(for key: Key) -> XMLKeyPlan {
        guard let plans else { return makePlan(for: key) }
        let pattern = XMLKeyPlans.pattern(of: key)
        if let plan = plans[pattern] { return plan }
        let plan = makePlan(for: key)
        plans[pattern] = plan
        return plan
    }

    private func makePlan(for key: Key) -> XMLKeyPlan {
        let spelled = documentName(for: key)
        if spelled == XMLDecoder.textKey {
            return XMLKeyPlan(
                key: key, name: XMLCodingName(local: spelled, uri: nil), isText: true, placement: .element, wrapped: false)
        }
        let wrapped: Bool
        if case .wrapped = arrayLayout(for: key) { wrapped = true } else { wrapped = isChoiceType }
        if let keyNamespace = keyNamespacing?.keyNamespace, XMLKeySpelling.isPlain(spelled) {
            return XMLKeyPlan(
                key: key, name: XMLCodingName(local: spelled, uri: keyNamespace), attributeName: XMLCodingName(local: spelled, uri: ""),
                isText: false, placement: placement(for: key), wrapped: wrapped, mapLayout: mapLayout(for: key))
        }
        return XMLKeyPlan(
            key: key, name: XMLCodingName(spelled), isText: false, placement: placement(for: key), wrapped: wrapped,
            mapLayout: mapLayout(for: key))
    }

    /// Where the key's value is.
    func lookup(_ key: Key) throws -> XMLDecodingValue { try lookup(plan(for: key)) }

    /// The document's spelling of a key of this container.
    private func documentName(for key: any CodingKey) -> String {
        XMLKeySpelling.documentName(for: key, codingPath: codingPath, conversion: conversion)
    }

    /// Where the value of the plan's key is. Throws where reading it would lose something
    /// without a word: the text key on mixed content (unless the settings say how to read
    /// it), a plain key matching attributes in two namespaces, a `{uri}name` key whose name is
    /// there only in another namespace.
    private func lookup(_ plan: XMLKeyPlan) throws -> XMLDecodingValue {
        let node = record.nodes[element]
        if isChoice {
            let matches = node.kind == .text ? plan.isText : !plan.isText && matches(record.names[node.name], plan.name)
            if matches { return node.kind == .text ? .textNode(element) : .element(element) }
            return .elements(XMLNodeList(), parent: element)
        }
        if node.kind == .text {
            return plan.isText ? .textNode(element) : .elements(XMLNodeList(), parent: element)
        }
        if plan.isText {
            if context.settings.mixedTextDecodingStrategy == .throw, let child = record.mixedContentChild(of: element) {
                throw mixedText(beside: child, key: plan.key)
            }
            return .text(element: element)
        }
        var found = try plan.isInKeyNamespace ? lookup(plan.name, attribute: plan.attributeName, plan) : lookup(plan.name, plan)
        // Not under the key's document spelling: a name that reads as the key (the way a
        // dictionary's keys were spelled, or `aB` for `aB` under snake case, as JSONDecoder
        // matches them).
        if case .elements(let list, _, _) = found, list.isEmpty, !conversion.isIdentity,
            let written = writtenName(readingAs: plan.key.stringValue), !written.hasSameCodePoints(as: plan.name.local)
        {
            found = try lookup(
                XMLCodingName(local: written, uri: plan.name.uri), attribute: XMLCodingName(local: written, uri: plan.attributeName.uri),
                plan)
        }
        if case .elements(let list, _, _) = found, list.isEmpty, let uri = plan.name.uri, !plan.isInKeyNamespace,
            let (other, otherURI) = namedInAnotherNamespace(plan.name.local, than: uri, placement: plan.placement)
        {
            throw DecodingError.keyNotFound(
                plan.key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "no \(describe(plan.name)) in the element at \(context.location(of: element)); \(other) is there in the namespace \(otherURI) (a mistyped URI, or a version of the format the key does not name?)"
                ))
        }
        return found
    }

    private func lookup(_ name: XMLCodingName, _ plan: XMLKeyPlan) throws -> XMLDecodingValue {
        if plan.placement != .element, let a = try attribute(named: name, key: plan.key) { return .attribute(a, element: element) }
        let list = plan.placement == .attribute ? XMLNodeList() : elements(named: name)
        return .elements(list, parent: element, wrapped: plan.wrapped)
    }

    /// The same, for a plain key of a type with a key namespace, whose attribute is in none.
    private func lookup(_ name: XMLCodingName, attribute attributeName: XMLCodingName, _ plan: XMLKeyPlan) throws
        -> XMLDecodingValue
    {
        if plan.placement != .element, let a = try attribute(named: attributeName, key: plan.key) {
            return .attribute(a, element: element)
        }
        let list = plan.placement == .attribute ? XMLNodeList() : elements(named: name)
        return .elements(list, parent: element, wrapped: plan.wrapped)
    }

    /// `<name>` or `<{uri}name>`, for errors.
    private func describe(_ name: XMLCodingName) -> String {
        guard let uri = name.uri else { return "<\(name.local)>" }
        return uri.isEmpty ? "<\(name.local)> in no namespace" : "<\(name.local)> in the namespace \(uri)"
    }

    /// An attribute or child element called `local` in a namespace other than `uri` (none
    /// for `""`), as `attribute x at 3:5` or `<x> at 3:5`, and that namespace. A name in no
    /// namespace is not reported for a key with a URI: it is what a plain key beside it
    /// reads (RSS's `<link>` beside `<atom:link>`).
    private func namedInAnotherNamespace(_ local: String, than uri: String, placement: XMLNodePlacement)
        -> (String, String)?
    {
        let node = record.nodes[element]
        if placement != .element {
            for a in node.start..<(node.start + node.count) {
                let name = record.names[record.attributes[a].name]
                if let other = name.uri, name.local.hasSameCodePoints(as: local), !other.hasSameCodePoints(as: uri) {
                    return ("the attribute \(local)", other)
                }
            }
        }
        guard placement != .attribute else { return nil }
        var child = node.firstChild
        while child >= 0 {
            let childNode = record.nodes[child]
            if childNode.kind == .element {
                let name = record.names[childNode.name]
                if let other = name.uri, name.local.hasSameCodePoints(as: local), !other.hasSameCodePoints(as: uri) {
                    return ("<\(local)> at \(context.location(of: child))", other)
                }
            }
            child = childNode.next
        }
        return nil
    }

    /// The error for the text key on mixed content.
    private func mixedText(beside child: Int, key: any CodingKey) -> DecodingError {
        let name = record.names[record.nodes[element].name].local
        let childName = record.names[record.nodes[child].name].local
        return DecodingError.typeMismatch(
            String.self,
            DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription:
                    "the text of <\(name)> at \(context.location(of: element)) stands beside the element <\(childName)> at \(context.location(of: child)), whose text the text key would leave out: decode an array of an XMLChoice to keep both in order, or set mixedTextDecodingStrategy to .allText or .ownText"
            ))
    }

    /// The first attribute or child name of the element whose Swift spelling is `key`; through
    /// the index's table for an element with many names (looking each key up by a scan made
    /// a dictionary of n entries n² steps).
    private func writtenName(readingAs key: String) -> String? {
        if let index { return index.writtenNames(spelling: swiftName)[CodePointString(key)] }
        var found: String?
        record.forEachMemberName(of: element) { index in
            if swiftName(index).hasSameCodePoints(as: key) { found = record.names[index].local }
            return found == nil
        }
        return found
    }

    /// The Swift spelling of the record's name `index` in this container.
    private func swiftName(_ index: Int) -> String {
        conversion.isIdentity ? record.names[index].local : context.swiftName(ofName: index)
    }

    /// The element's attribute of that name: through the index when there is one, else a scan.
    /// The attribute that `name` matches. A plain name matching two attributes (the same
    /// local name in two namespaces) is an error, not the first of them.
    private func attribute(named name: XMLCodingName, key: any CodingKey) throws -> Int? {
        var found: Int?
        if let index {
            for a in index.attributes[name.local] ?? [] where matches(record.names[record.attributes[a].name], name) {
                guard let first = found else {
                    found = a
                    continue
                }
                throw twoAttributes(first, a, key: key)
            }
            return found
        }
        let node = record.nodes[element]
        for a in node.start..<(node.start + node.count) where matches(record.names[record.attributes[a].name], name) {
            guard let first = found else {
                // A name with a URI matches one attribute at most (XML allows no duplicates),
                // and so does a plain one when no attribute of the record has a namespace.
                if name.uri != nil || !record.hasNamespacedAttributes { return a }
                found = a
                continue
            }
            throw twoAttributes(first, a, key: key)
        }
        return found
    }

    private func twoAttributes(_ first: Int, _ second: Int, key: any CodingKey) -> DecodingError {
        func spelled(_ a: Int) -> String {
            let name = record.names[record.attributes[a].name]
            return name.uri.map { "{\($0)}\(name.local)" } ?? name.local
        }
        return DecodingError.typeMismatch(
            String.self,
            DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription:
                    "the key \"\(key.stringValue)\" matches two attributes of the element at \(context.location(of: element)), \(spelled(first)) and \(spelled(second)): spell the key {uri}name to choose one"
            ))
    }

    /// The element's child elements of that name, in order.
    private func elements(named name: XMLCodingName) -> XMLNodeList {
        var list = XMLNodeList()
        if let index {
            for child in index.elements[name.local] ?? [] where matches(record.names[record.nodes[child].name], name) {
                list.append(child, in: context)
            }
            return list
        }
        var child = record.nodes[element].firstChild
        while child >= 0 {
            let childNode = record.nodes[child]
            if childNode.kind == .element && matches(record.names[childNode.name], name) { list.append(child, in: context) }
            child = childNode.next
        }
        return list
    }

    /// A plain key matches the local name in any namespace; `{uri}local` matches both. Names
    /// and URIs compare by code points, as XML compares them.
    private func matches(_ name: XMLRecord.Name, _ key: XMLCodingName) -> Bool {
        name.local.hasSameCodePoints(as: key.local)
            && (key.uri == nil || name.uri.hasSameCodePoints(as: key.uri) || (key.uri == "" && name.uri == nil))
    }

    func contains(_ key: Key) -> Bool {
        // A key that cannot be read without an error is there: decoding it reports the error.
        switch try? lookup(key) {
        case .elements(let list, _, _)?: return !list.isEmpty
        default: return true
        }
    }

    private func valueDecoder(for key: Key, type: Any.Type? = nil) throws -> XMLValueDecoder {
        let plan = plan(for: key)
        return XMLValueDecoder(scope: scope, value: try lookup(plan), key: .plan(plan), decodedType: type)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try valueDecoder(for: key).isEmptyOrAbsent }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try valueDecoder(for: key, type: type)
        // An absent array is empty, and so is a map laid out as entries (no entries at all).
        if value.isAbsent && !context.traits(of: type).absentAsEmpty && value.keyRef.mapLayout == nil { throw keyNotFound(key) }
        return try value.decodeValue(type)
    }

    private func keyNotFound(_ key: any CodingKey) -> DecodingError {
        DecodingError.keyNotFound(
            key,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "no attribute or element \"\(documentName(for: key))\" in the element at \(context.location(of: element))"
            ))
    }

    // The scalars a synthesized init(from:) asks for by their own types go straight to the
    // text, without the casts decodeValue makes to learn how a type decodes.
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let plan = plan(for: key)
        let value = try lookup(plan)
        if let text = context.plainString(value) { return text }
        return try decodeScalar(value, plan: plan)
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeScalar(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeScalar(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeScalar(type, forKey: key) }

    private func decodeScalar<S: XMLScalar & Decodable>(_ type: S.Type, forKey key: Key) throws -> S {
        let plan = plan(for: key)
        return try decodeScalar(try lookup(plan), plan: plan)
    }

    private func decodeScalar<S: XMLScalar & Decodable>(_ found: XMLDecodingValue, plan: XMLKeyPlan) throws -> S {
        let value = XMLValueDecoder(scope: scope, value: found, key: .plan(plan))
        if value.isAbsent { throw keyNotFound(plan.key) }
        return try S.decodeXML(from: value)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        // `<count/>` is no number: nil for an optional scalar; a String reads it as "".
        try T?.decodeOptional(from: try valueDecoder(for: key, type: T.self))
    }

    // The standard library's own defaults for these go through decodeNil, which would read
    // `<label/>` as nil for a String?: route them through the rule above, without its casts.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        let plan = plan(for: key)
        let value = try lookup(plan)
        if case .elements(let list, _, _) = value, list.isEmpty { return nil }
        if let text = context.plainString(value) { return text }
        return try XMLValueDecoder(scope: scope, value: value, key: .plan(plan)).decodeScalarIfPresent(type)
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeScalarIfPresent(type, forKey: key) }

    private func decodeScalarIfPresent<S: XMLScalar & Decodable>(_ type: S.Type, forKey key: Key) throws -> S? {
        try valueDecoder(for: key).decodeScalarIfPresent(type)
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
        XMLValueDecoder(scope: scope, value: .element(element), key: .key(XMLKey("super")))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try valueDecoder(for: key) }
}

/// Optionals read the way a keyed `decodeIfPresent` does wherever they are (an item of an
/// array, a single value): nil when absent or `xsi:nil="true"`, and for a scalar other than
/// `String` when empty.
protocol XMLOptionalValue {
    static func decodeOptional(from decoder: XMLValueDecoder) throws -> Self
}

extension Optional: XMLOptionalValue where Wrapped: Decodable {
    static func decodeOptional(from decoder: XMLValueDecoder) throws -> Self {
        if let scalar = XMLTypeTraits.scalar(Wrapped.self) { return try decoder.decodeScalarIfPresent(scalar) as! Self }
        if decoder.isAbsent || decoder.isMarkedNil { return nil }
        return try decoder.decodeValue(Wrapped.self)
    }
}

extension XMLValueDecoder {
    /// The Optional rule for a scalar: nil when absent or `xsi:nil="true"`, and for a scalar
    /// other than `String` when empty.
    func decodeScalarIfPresent<S: XMLScalar>(_ type: S.Type) throws -> S? {
        if isAbsent || isMarkedNil { return nil }
        if S.self != String.self && isEmptyOrAbsent { return nil }
        return try S.decodeXML(from: self)
    }
}

/// Arrays decode an absent key as empty: in XML, no elements and a missing key are the
/// same thing. (A `[T]?` decodes it as `nil`.)
protocol XMLAbsentAsEmpty {}
extension Array: XMLAbsentAsEmpty {}
extension Set: XMLAbsentAsEmpty {}

struct XMLUnkeyedContainer: UnkeyedDecodingContainer {
    /// The context and the container's path, built once and shared by every item.
    let scope: XMLDecodingScope
    let items: [Int]
    /// Whether the items are a wrapper's children (where a choice is the item itself), not
    /// elements repeated under a key.
    let itemsAreChildren: Bool
    private(set) var currentIndex = 0

    init(decoder: XMLValueDecoder, items: [Int], itemsAreChildren: Bool) {
        scope = decoder.valueScope
        self.items = items
        self.itemsAreChildren = itemsAreChildren
    }

    var codingPath: [any CodingKey] { scope.codingPath }
    var count: Int? { items.count }

    /// The last item type asked for and whether it is a choice: an array asks for one type.
    private var lastItemType: (type: ObjectIdentifier, isChoice: Bool)?

    private mutating func isChoice(_ type: Any.Type) -> Bool {
        if let lastItemType, lastItemType.type == ObjectIdentifier(type) { return lastItemType.isChoice }
        let isChoice = scope.context.traits(of: type).isChoice
        lastItemType = (ObjectIdentifier(type), isChoice)
        return isChoice
    }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func itemDecoder(_ type: Any.Type = Any.self) throws -> XMLValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath + [XMLKey(index: currentIndex)],
                    debugDescription: "the array has only \(items.count) elements"))
        }
        let item = items[currentIndex]
        let value: XMLDecodingValue =
            itemsAreChildren && isChoice(type) ? .choice(item)
            : scope.context.record.nodes[item].kind == .text ? .textNode(item) : .element(item)
        return XMLValueDecoder(scope: scope, value: value, key: .index(currentIndex), decodedType: type == Any.self ? nil : type)
    }

    mutating func decodeNil() throws -> Bool {
        let item = try itemDecoder()
        if item.isEmptyOrAbsent {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // A failed decode does not move on, so a fallback can read the same item.
        let item = try itemDecoder(type)
        let value: T
        do { value = try item.decodeValue(type) } catch let error as DecodingError {
            throw unknownChoice(item, type) ?? error
        }
        currentIndex += 1
        return value
    }

    /// For an item that is a choice no case reads, the error that says so (where Swift's
    /// synthesized `init(from:)` says "Invalid number of keys found, expected one.").
    private func unknownChoice(_ item: XMLValueDecoder, _ type: Any.Type) -> DecodingError? {
        guard case .choice(let node) = item.value, let cases = XMLTypeTraits.choiceCases(of: type, userInfo: scope.context.userInfo),
            !scope.context.isChoiceCase(node, cases)
        else { return nil }
        let expected = cases.names.map { names in "; its cases are " + names.map { $0.isEmpty ? "text" : "<\($0)>" }.joined(separator: ", ") } ?? ""
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath + [XMLKey(index: currentIndex)],
                debugDescription:
                    "\(scope.context.describeNode(node)) is no case of \(type)\(expected) (set skipsUnknownChoiceElements to leave such elements out)"))
    }

    // Scalars asked for by their own types: straight to the text, without decodeValue's casts.
    mutating func decode(_ type: String.Type) throws -> String {
        // An element item (String is no choice) in the common shape, straight from the record.
        if !isAtEnd, let text = scope.context.plainString(.element(items[currentIndex])) {
            currentIndex += 1
            return text
        }
        return try decodeScalar(type)
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeScalar(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeScalar(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeScalar(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeScalar(type) }

    private mutating func decodeScalar<S: XMLScalar & Decodable>(_ type: S.Type) throws -> S {
        let value = try S.decodeXML(from: itemDecoder(type))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try itemDecoder().container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try itemDecoder().unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try itemDecoder()
        currentIndex += 1
        return decoder
    }
}

/// One reference (the value's scope), so `any SingleValueDecodingContainer` needs no box.
struct XMLSingleValueContainer: SingleValueDecodingContainer {
    let place: XMLDecodingScope
    var decoder: XMLValueDecoder { XMLValueDecoder(place: place) }
    var codingPath: [any CodingKey] { place.codingPath }

    func decodeNil() -> Bool { decoder.isEmptyOrAbsent }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }

    // Scalars asked for by their own types (a custom type's `init(from:)` reading its text):
    // straight to the text, without decodeValue's casts.
    func decode(_ type: String.Type) throws -> String {
        if let value = place.value, let text = place.context.plainString(value) { return text }
        return try String.decodeXML(from: decoder)
    }
    func decode(_ type: Bool.Type) throws -> Bool { try Bool.decodeXML(from: decoder) }
    func decode(_ type: Int.Type) throws -> Int { try Int.decodeXML(from: decoder) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Int64.decodeXML(from: decoder) }
    func decode(_ type: Double.Type) throws -> Double { try Double.decodeXML(from: decoder) }
}

/// An element's attributes and child elements by local name, made only for an element with
/// more of them than a scan is worth.
final class XMLNameIndex {
    static let threshold = 32
    /// Names grouped as Swift hashes them (canonical equivalence); each lookup then matches
    /// the group's names by code points.
    var attributes: [String: [Int]] = [:]
    var elements: [String: [Int]] = [:]
    /// Each Swift spelling to the first name that reads as it, made on the first lookup that
    /// needs it (a dictionary's keys under a key strategy).
    private var written: [CodePointString: String]?
    private let element: Int
    private let record: XMLRecord

    func writtenNames(spelling: (Int) -> String) -> [CodePointString: String] {
        if let written { return written }
        var table: [CodePointString: String] = [:]
        record.forEachMemberName(of: element) { index in
            let key = CodePointString(spelling(index))
            if table[key] == nil { table[key] = record.names[index].local }
            return true
        }
        written = table
        return table
    }

    /// The index, or nil for an element with few enough names to scan (counted before
    /// anything is allocated: most elements have few).
    static func make(element: Int, record: XMLRecord) -> XMLNameIndex? {
        let node = record.nodes[element]
        guard node.kind == .element else { return nil }
        var count = node.count
        var child = node.firstChild
        while child >= 0 && count <= threshold {
            count += 1
            child = record.nodes[child].next
        }
        guard count > threshold else { return nil }
        return XMLNameIndex(element: element, record: record)
    }

    private init(element: Int, record: XMLRecord) {
        self.element = element
        self.record = record
        let node = record.nodes[element]
        for a in node.start..<(node.start + node.count) {
            attributes[record.names[record.attributes[a].name].local, default: []].append(a)
        }
        var child = node.firstChild
        while child >= 0 {
            let childNode = record.nodes[child]
            if childNode.kind == .element { elements[record.names[childNode.name].local, default: []].append(child) }
            child = childNode.next
        }
    }
}

extension XMLDecodingContext {
    /// A `String` read straight from the record in the shapes most values have (an
    /// attribute, the text key, one element with no attributes and no child elements),
    /// without a value decoder; nil for every other shape, which the general path reads and
    /// reports on.
    /// A value's text as a scalar reads it (trimmed as the settings say; mixed content's
    /// text nodes as written).
    func scalarText(_ value: XMLDecodingValue) -> String {
        let trims = settings.trimsWhitespace
        switch value {
        case .attribute(let a, _):
            let attribute = record.attributes[a]
            return record.string(attribute.valueStart, attribute.valueCount, trimmed: trims)
        case .text(let e):
            guard settings.mixedTextDecodingStrategy == .allText else { return record.elementText(e, trimmed: trims) }
            let all = record.allText(of: e)
            return trims ? XMLRecord.trimmed(all) : all
        case .element(let e): return record.elementText(e, trimmed: trims)
        case .elements(let list, _, _): return list.first.map { record.elementText($0, trimmed: trims) } ?? ""
        case .choice(let node):
            let n = record.nodes[node]
            return n.kind == .text ? record.string(n.start, n.count, trimmed: trims) : record.elementText(node, trimmed: trims)
        case .textNode(let node): return record.text(of: node)
        }
    }

    func plainString(_ value: XMLDecodingValue) -> String? {
        let trims = settings.trimsWhitespace
        switch value {
        case .attribute, .text:
            return scalarText(value)
        case .elements(let list, _, false) where list.count == 1:
            return plainElementText(list.first!, trimmed: trims)
        case .element(let element):
            return plainElementText(element, trimmed: trims)
        default:
            return nil
        }
    }

    private func plainElementText(_ element: Int, trimmed: Bool) -> String? {
        guard record.nodes[element].kind == .element, record.nodes[element].count == 0, !record.hasChildElements(element)
        else { return nil }
        return record.elementText(element, trimmed: trimmed)
    }
}
