import Foundation
internal import XMLSyntax
import XMLWriting

/// A value's coding path, built only when asked for (an error, a strategy closure): the
/// encoder of the container the value is in, and the value's own key.
struct XMLCodingPathTail {
    /// The encoder whose container holds the value; nil at the root.
    let parent: XMLValueEncoder?
    let key: (any CodingKey)?

    init(_ parent: XMLValueEncoder?, _ key: (any CodingKey)? = nil) {
        self.parent = parent
        self.key = key
    }

    var path: [any CodingKey] {
        let parentPath = parent?.codingPath ?? []
        return key.map { parentPath + [$0] } ?? parentPath
    }
}

/// Where one value goes.
enum XMLEncodingSlot {
    /// Under a key of `parent`: an attribute, child elements, or (the text key) the parent
    /// itself. `name` is the document's spelling; `map`, how a dictionary there is laid out
    /// when as entries (an index into the context's ``XMLEncodingContext/mapLayoutTable``; -1 for
    /// none: a plain integer keeps the slot cheap to copy).
    case member(parent: Int, name: String, placement: XMLNodePlacement, layout: XMLArrayLayout, map: Int = -1)
    /// An element named `name` in `parent`: an item of an array, or the document element.
    /// When `flattensChoice`, an ``XMLChoice`` is its case's element, with none around it.
    case item(parent: Int, name: String, flattensChoice: Bool)
    /// The element itself (the text key, `_0`, `superEncoder()`).
    case itself(Int)
}

extension XMLEncodingSlot {
    /// The element the slot is in (for `.itself`, the element itself).
    var parent: Int {
        switch self {
        case .member(let parent, _, _, _, _), .item(let parent, _, _): return parent
        case .itself(let element): return element
        }
    }
}

/// The settings and the shared steps of one encode.
final class XMLEncodingContext {
    let settings: XMLEncoder.Settings
    let userInfo: [CodingUserInfoKey: Any]
    let keyConversion: XMLKeySpelling.Conversion
    /// The elements gathered so far (element handles are indexes into it).
    let tree = XMLEncodedTree()
    private let traitsCache = XMLTypeTraits.Cache()

    /// Prefix → URI, as the caller binds them: `p:local` is `{uri}local`.
    private let bindings: [String: String]
    /// Whether there are any (a flag: reading the dictionary's `isEmpty` for every name
    /// costs reference counting).
    private let hasBindings: Bool

    init(settings: XMLEncoder.Settings, bindings: [String: String] = [:]) {
        self.settings = settings
        self.bindings = bindings
        hasBindings = !bindings.isEmpty
        self.userInfo = settings.userInfo
        decidesMapsByPath = settings.mapLayout != nil
        switch settings.keyEncodingStrategy {
        case .useDefaultKeys: keyConversion = .none
        case .convertToSnakeCase: keyConversion = .separated("_")
        case .convertToKebabCase: keyConversion = .separated("-")
        case .convertToCapitalized: keyConversion = .capitalized
        case .custom(let convert): keyConversion = .custom(convert)
        }
    }

    func traits(of type: Any.Type) -> XMLTypeTraits { traitsCache.traits(of: type) }
    /// Whether the settings decide how maps are laid out, by coding path.
    private let decidesMapsByPath: Bool

    /// A checked name: an element's or an attribute's. `p:local` with a prefix the caller
    /// binds (``XMLEncoder/namespaceDeclarations``) is `{uri}local`; any other is written as
    /// given (`xml:lang` included, which needs no declaration).
    func checkedName(_ spelled: String, codingPath: @autoclosure () -> [any CodingKey]) throws -> XMLCodingName {
        var name = XMLCodingName(spelled)
        guard XMLNameValidation.isValid(name.local, allowingColon: name.uri == nil) else {
            throw EncodingError.invalidValue(
                spelled,
                EncodingError.Context(codingPath: codingPath(), debugDescription: "\"\(spelled)\" is not an XML name"))
        }
        if hasBindings, name.uri == nil, let colon = name.local.utf8.firstIndex(of: UInt8(ascii: ":")),
            let uri = bindings[String(name.local[..<colon])]
        {
            name = XMLCodingName(local: String(name.local[name.local.index(after: colon)...]), uri: uri)
        }
        return name
    }

    /// A new element in `parent`. A plain name (no `{uri}`, no colon) is in the parent's
    /// namespace: a value encoded under `{http://www.w3.org/2005/Atom}feed` stays in Atom's
    /// namespace, as the document's default namespace keeps it, where no namespace would
    /// write every child `xmlns=""`.
    func makeElement(_ spelled: String, in parent: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> Int {
        var name = try checkedName(spelled, codingPath: codingPath())
        if name.uri == nil, let namespace = tree.namespace(of: parent), !name.local.utf8.contains(UInt8(ascii: ":")) {
            name.uri = namespace
        }
        let element = tree.makeElement(name)
        tree.append(child: element, to: parent)
        return element
    }

    /// Text as the character policy wants it: under `.throw` a refused character is an error
    /// naming the coding path; the other policies are the writer's.
    func checkedText(_ text: String, codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        guard settings.characterPolicy == .throw else { return text }
        do { return try text.validXMLString(policy: .throw) } catch {
            throw EncodingError.invalidValue(
                text, EncodingError.Context(codingPath: codingPath(), debugDescription: error.description, underlyingError: error))
        }
    }

    /// Puts a scalar's text in its slot; `isString` when it is a `String`'s, which the string
    /// strategy may write as CDATA.
    func writeScalar(_ text: String, in slot: XMLEncodingSlot, at tail: XMLCodingPathTail, isString: Bool = false) throws {
        let text = try checkedText(text, codingPath: tail.path)
        switch slot {
        case .member(let parent, let name, let placement, _, _):
            if name == XMLDecoder.textKey {
                tree.append(text: text, to: parent, asCDATA: isString && writesCDATA(text, at: tail))
            } else if placement == .attribute {
                tree.appendAttribute(try checkedName(name, codingPath: tail.path), value: text, to: parent)
            } else {
                let element = try makeElement(name, in: parent, codingPath: tail.path)
                if !text.isEmpty { tree.append(text: text, to: element, asCDATA: isString && writesCDATA(text, at: tail)) }
            }
        case .item(let parent, let name, _):
            let element = try makeElement(name, in: parent, codingPath: tail.path)
            if !text.isEmpty { tree.append(text: text, to: element, asCDATA: isString && writesCDATA(text, at: tail)) }
        case .itself(let element):
            if !text.isEmpty { tree.append(text: text, to: element, asCDATA: isString && writesCDATA(text, at: tail)) }
        }
    }

    /// Whether the string strategy writes this element text as CDATA. Not with a carriage
    /// return: a reader turns one in a CDATA section into a line feed.
    private func writesCDATA(_ text: String, at tail: XMLCodingPathTail) -> Bool {
        switch settings.stringEncodingStrategy {
        case .escaped: return false
        case .cdata: return !text.isEmpty && !text.utf8.contains(0x0D)
        case .custom(let isCDATA): return !text.isEmpty && !text.utf8.contains(0x0D) && isCDATA(tail.path)
        }
    }

    /// A `Bool`'s text under the bool strategy.
    func boolText(_ value: Bool) -> String {
        switch settings.boolEncodingStrategy {
        case .trueFalse: return value ? "true" : "false"
        case .oneZero: return value ? "1" : "0"
        }
    }

    /// Encodes any value: scalars the XML way, everything else through its `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T, in slot: XMLEncodingSlot, at tail: XMLCodingPathTail) throws {
        // Scalars are recognised by their type's identity: a cast of every value to
        // `any XMLScalar` costs a conformance lookup and a copy of the value.
        let scalar = XMLTypeTraits.scalar(T.self) != nil ? value as? any XMLScalar : nil
        var marks = (item: -1, attribute: -1)
        if settings.sortsKeys, scalar == nil {
            switch slot {
            case .itself(let element): marks = tree.lastMembers(of: element)
            case .member(let parent, _, _, _, let map) where map >= 0: marks = tree.lastMembers(of: parent)
            default: break
            }
        }
        if let text = try scalar?.xmlText(in: self, at: tail) {
            try writeScalar(text, in: slot, at: tail, isString: T.self == String.self)
            return
        }
        let encoder = XMLValueEncoder(context: self, slot: slot, at: tail, encodedType: T.self)
        // A scalar without text is a date or data its strategy writes through the encoder.
        if let scalar { try scalar.encodeByStrategy(to: encoder, in: self) } else { try value.encode(to: encoder) }
        if let failure = encoder.failure { throw failure }
        if settings.sortsKeys, scalar == nil, traits(of: T.self).isDictionary {
            // What the dictionary wrote: all of its own element, or (in its parent's element,
            // under the text key) what follows the parent's members from before.
            switch slot {
            case .itself(let element): tree.sortMembers(of: element, after: marks)
            case .member(let parent, _, _, _, let map) where map >= 0:
                if case .flattenedEntries = mapLayoutTable[map] {
                    tree.sortEntries(of: parent, after: marks.item)
                } else if let element = encoder.madeElement {
                    tree.sortEntries(of: element, after: -1)
                }
            default: if let element = encoder.madeElement { tree.sortMembers(of: element, after: (-1, -1)) }
            }
        }
        // A value that wrote nothing (an empty struct) is still an element where one belongs.
        if !encoder.didEncode { _ = try encoder.element() }
    }

    func floatText<F: XMLFloatScalar>(_ value: F, at tail: XMLCodingPathTail) throws -> String {
        if value.isFinite { return value.description }
        switch settings.nonConformingFloatEncodingStrategy {
        case .xmlSchema: return value.isNaN ? "NaN" : value < 0 ? "-INF" : "INF"
        case .convertToString(let positive, let negative, let nan): return value.isNaN ? nan : value < 0 ? negative : positive
        case .throw:
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: tail.path, debugDescription: "\(value) is not a finite number"))
        }
    }

    func dateText(_ date: Date, at tail: XMLCodingPathTail) throws -> String? {
        switch settings.dateEncodingStrategy {
        case .iso8601: return XMLDateText.text(for: date)
        case .rfc822:
            guard let text = XMLDateFormats.rfc1123Text(for: date) else {
                throw EncodingError.invalidValue(
                    date, EncodingError.Context(codingPath: tail.path, debugDescription: "RFC 822 has no year for \(date)"))
            }
            return text
        case .secondsSince1970: return date.timeIntervalSince1970.description
        case .millisecondsSince1970: return (date.timeIntervalSince1970 * 1000).description
        case .formatted(let formatter): return formatter.string(from: date)
        case .custom, .deferredToDate: return nil
        }
    }

    func dataText(_ data: Data) -> String? {
        switch settings.dataEncodingStrategy {
        case .base64: return data.base64EncodedString()
        case .hex:
            let digits = Array("0123456789abcdef".utf8)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(data.count * 2)
            for byte in data {
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
            return String(decoding: bytes, as: UTF8.self)
        case .custom, .deferredToData: return nil
        }
    }

    /// Where a key's value goes, in `parent`; `placing` and `layouts` are the encoded type's
    /// own declarations, looked up once per element by its container.
    func slot(
        for key: any CodingKey, in parent: Int, codingPath: @autoclosure () -> [any CodingKey],
        placing: (any XMLNodePlacing.Type)?, layouts: (any XMLArrayLayouts.Type)?, mapLayouts: (any XMLMapLayouts.Type)? = nil,
        keepingKey: Bool = false, keyNamespace: String? = nil
    ) -> XMLEncodingSlot {
        var name = XMLKeySpelling.documentName(for: key, codingPath: codingPath(), conversion: keepingKey ? .none : keyConversion)
        if name == XMLDecoder.textKey { return .itself(parent) }
        let placement: XMLNodePlacement =
            settings.nodePlacement.map { $0(codingPath() + [key]) } ?? placing?.nodePlacement(for: key) ?? .element
        // The type's namespace for its plain keys' elements (an attribute's plain name is in none).
        if let keyNamespace, placement != .attribute, XMLKeySpelling.isPlain(name) { name = "{\(keyNamespace)}\(name)" }
        let layout: XMLArrayLayout =
            settings.arrayLayout.map { $0(codingPath() + [key]) } ?? layouts?.arrayLayout(for: key) ?? .repeated
        var map = -1
        if decidesMapsByPath || mapLayouts != nil,
            let layout = settings.mapLayout.map({ $0(codingPath() + [key]) }) ?? mapLayouts?.mapLayout(for: key), layout != .namedByKeys
        {
            map = mapLayoutIndex(layout)
        }
        return .member(parent: parent, name: name, placement: placement, layout: layout, map: map)
    }

    /// The map layouts the encode's slots refer to, each once.
    private(set) var mapLayoutTable: [XMLMapLayout] = []

    private func mapLayoutIndex(_ layout: XMLMapLayout) -> Int {
        if let index = mapLayoutTable.firstIndex(of: layout) { return index }
        mapLayoutTable.append(layout)
        return mapLayoutTable.count - 1
    }
}

/// The `Encoder` for one value that is not a scalar.
final class XMLValueEncoder: Encoder {
    let context: XMLEncodingContext
    let slot: XMLEncodingSlot
    let tail: XMLCodingPathTail
    /// The type being encoded (for ``XMLNodePlacing``, ``XMLArrayLayouts`` and ``XMLChoice``).
    let encodedType: Any.Type?
    /// Whether the encoded type is a map, which a map layout lays out: a `Dictionary` or an
    /// `OrderedDictionary` (a layout asked for another type's key does not apply to it).
    func isMap(_ traits: XMLTypeTraits?) -> Bool {
        traits?.isDictionary == true || encodedType.map { XMLTypeTraits.isOrderedStringMap($0) } == true
    }

    /// The encoded type's traits (a lookup in the encode's small cache, made where needed:
    /// a lazy property's checked accesses cost more than the lookup).
    func traits() -> XMLTypeTraits? { encodedType.map { context.traits(of: $0) } }
    /// The element made for a keyed value, reused when a container is asked for again.
    private var made: Int?
    var madeElement: Int? { made }
    /// The path, once built.
    private var path: [any CodingKey]?
    /// Whether anything was asked for: a container, a value, nil.
    private(set) var didEncode = false
    /// An error a container call could not throw (they cannot), thrown at the next chance
    /// and at the end of the value.
    var failure: (any Error)?

    init(
        context: XMLEncodingContext, slot: XMLEncodingSlot, at tail: XMLCodingPathTail, encodedType: Any.Type?,
        failure: (any Error)? = nil
    ) {
        self.context = context
        self.slot = slot
        self.tail = tail
        self.encodedType = encodedType
        self.failure = failure
    }

    var codingPath: [any CodingKey] {
        if let path { return path }
        let built = tail.path
        path = built
        return built
    }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    /// The element a keyed value is written into, made once; `traits`, the encoded type's
    /// when the caller has them.
    func element(traits known: XMLTypeTraits? = nil) throws -> Int {
        didEncode = true
        if let failure { throw failure }
        if let made { return made }
        do { return try makeElement(traits: known ?? traits()) } catch {
            failure = error
            throw error
        }
    }

    private func makeElement(traits: XMLTypeTraits?) throws -> Int {
        let element: Int
        switch slot {
        case .itself(let itself): element = itself
        case .member(let parent, let name, let placement, _, let map):
            if placement == .attribute {
                throw EncodingError.invalidValue(
                    name,
                    EncodingError.Context(codingPath: codingPath, debugDescription: "only a scalar can be the attribute \"\(name)\""))
            }
            if map >= 0, isMap(traits), case .flattenedEntries = context.mapLayoutTable[map] {
                // Each entry is an element of the member's name, in the parent: no element of its own.
                element = parent
                break
            }
            element = try context.makeElement(name, in: parent, codingPath: codingPath)
        case .item(let parent, let name, let flattensChoice):
            // A choice in a wrapper is its case's element: its keys go straight into the wrapper.
            if flattensChoice, traits?.isChoice == true {
                element = parent
            } else {
                element = try context.makeElement(name, in: parent, codingPath: codingPath)
            }
        }
        made = element
        if let declaring = traits?.namespaceDeclaring, element != slot.parent {
            context.tree.declare(declaring, on: element)
        }
        return element
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // The protocol gives this call no way to throw: when the element cannot be made, the
        // first write through the container reports `failure`.
        let traits = traits()
        return KeyedEncodingContainer(XMLKeyedEncodingContainer<Key>(encoder: self, element: try? element(traits: traits), traits: traits))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        // An ordered map (its own Codable an array of keys and values) is a map here.
        if let encodedType, traits()?.absentAsEmpty == false, XMLTypeTraits.isOrderedStringMap(encodedType) {
            return XMLOrderedMapEncodingContainer(encoder: self)
        }
        didEncode = true
        do {
            if let failure { throw failure }
            switch slot {
            case .member(let parent, let name, _, .repeated, _):
                return XMLUnkeyedEncodingContainer(encoder: self, parent: parent, itemName: name, flattensChoice: false)
            case .member(let parent, let name, _, .wrapped(let item), _):
                let wrapper = try context.makeElement(name, in: parent, codingPath: codingPath)
                return XMLUnkeyedEncodingContainer(encoder: self, parent: wrapper, itemName: item, flattensChoice: true)
            case .item, .itself:
                return XMLUnkeyedEncodingContainer(encoder: self, parent: try element(), itemName: "item", flattensChoice: true)
            }
        } catch {
            failure = error
            return XMLUnkeyedEncodingContainer(encoder: self, parent: nil, itemName: "item", flattensChoice: false)
        }
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        XMLSingleValueEncodingContainer(encoder: self)
    }

    /// Writes nil: nothing under a key (an absent key reads back as nil), `xsi:nil="true"`
    /// for an item, which must keep its place.
    func encodeNil() throws {
        didEncode = true
        if let failure { throw failure }
        if case .item = slot { context.tree.markNil(try element()) }
    }

    /// Encodes a value in this encoder's own slot (a single-value container's value).
    func encodeHere<T: Encodable>(_ value: T) throws {
        didEncode = true
        if let failure { throw failure }
        try context.encodeValue(value, in: slot, at: tail)
    }

    /// Markup in this encoder's own slot: the content of the key's element, or of the
    /// element itself under the text key; never an attribute.
    func encodeHere(_ fragment: XMLFragment) throws {
        didEncode = true
        if let failure { throw failure }
        switch slot {
        case .member(let parent, let name, let placement, _, _):
            if name == XMLDecoder.textKey {
                context.tree.append(fragment: fragment, to: parent)
            } else if placement == .attribute {
                throw EncodingError.invalidValue(
                    fragment,
                    EncodingError.Context(codingPath: codingPath, debugDescription: "markup (XMLFragment) cannot be the attribute \"\(name)\""))
            } else {
                let element = try context.makeElement(name, in: parent, codingPath: codingPath)
                context.tree.append(fragment: fragment, to: element)
            }
        case .item(let parent, let name, _):
            let element = try context.makeElement(name, in: parent, codingPath: codingPath)
            context.tree.append(fragment: fragment, to: element)
        case .itself(let element):
            context.tree.append(fragment: fragment, to: element)
        }
    }

    /// A string in this encoder's own slot (a single-value container's `encode(_: String)`,
    /// which a type's `encode(to:)` writing its own text calls).
    func encodeHere(_ text: String) throws {
        didEncode = true
        if let failure { throw failure }
        try context.writeScalar(text, in: slot, at: tail, isString: true)
    }
}
