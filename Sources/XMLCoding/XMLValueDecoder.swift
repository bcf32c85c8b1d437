import Foundation
internal import XMLSyntax

/// What one decoding step reads.
enum XMLDecodingValue {
    /// An element: a keyed value, a scalar from its text, or an array of its children.
    case element(Int)
    /// The elements of one name under a key: an array, or (one of them) a keyed value. When
    /// `wrapped`, the one element is a wrapper whose children are the array's items.
    case elements(XMLNodeList, parent: Int, wrapped: Bool = false)
    /// An attribute's value.
    case attribute(Int, element: Int)
    /// An element's own text (the text key): a scalar, or the element itself for a keyed or
    /// unkeyed value (an enum case's one value, `_0`).
    case text(element: Int)
    /// An element or a run of text that is one case of an ``XMLChoice``, inside a wrapper.
    case choice(Int)
    /// A run of text between elements: an item of mixed content.
    case textNode(Int)
}

/// The record and the decoder's settings, shared by every step of one decode.
final class XMLDecodingContext {
    let record: XMLRecord
    let settings: XMLDecoder.Settings
    let userInfo: [CodingUserInfoKey: Any]
    let keyConversion: XMLKeySpelling.Conversion
    let traitsCache: XMLTypeTraits.Cache
    /// The elements after the first of every ``XMLNodeList`` of the decode. Unchecked: no
    /// overlapping access, re-entrant calls included: one decode owns it, and an append
    /// finishes before any user code runs.
    @exclusivity(unchecked) var nodeListStore: [Int] = []
    /// Whether a key's spelling, placement and layout can be kept for the next element of
    /// its type: no setting decides them by coding path.
    let plansApply: Bool

    init(record: XMLRecord, settings: XMLDecoder.Settings, traits: XMLTypeTraits.Cache) {
        self.record = record
        self.settings = settings
        self.traitsCache = traits
        self.userInfo = settings.userInfo
        switch settings.keyDecodingStrategy {
        case .useDefaultKeys: keyConversion = .none
        case .convertFromSnakeCase: keyConversion = .separated("_")
        case .convertFromKebabCase: keyConversion = .separated("-")
        case .convertFromCapitalized: keyConversion = .capitalized
        case .custom(let convert): keyConversion = .custom(convert)
        }
        if case .custom = settings.keyDecodingStrategy {
            plansApply = false
        } else {
            plansApply = settings.nodePlacement == nil && settings.arrayLayout == nil && settings.mapLayout == nil
        }
    }

    func traits(of type: Any.Type) -> XMLTypeTraits { traitsCache.traits(of: type) }

    /// The zone a date without one is read in: nil for UTC, which needs no lookup.
    private(set) lazy var zoneForDatesWithoutOne: TimeZone? =
        settings.assumedTimeZone.identifier == "UTC" || settings.assumedTimeZone.identifier == "GMT" ? nil : settings.assumedTimeZone

    /// Each name's Swift spelling under the key strategy (by index into the record's names),
    /// made when first asked: converting a name allocates, and every key absent from an
    /// element asks for all of the element's names (see ``XMLKeyedContainer``).
    private var swiftNames: [String?] = []

    /// The Swift spelling of the record's name `index` (``XMLKeySpelling/swiftName(forDocumentName:conversion:)``).
    func swiftName(ofName index: Int) -> String {
        let name = record.names[index].local
        if keyConversion.isIdentity { return name }
        if swiftNames.isEmpty { swiftNames = Array(repeating: nil, count: record.names.count) }
        if let known = swiftNames[index] { return known }
        let spelled = XMLKeySpelling.swiftName(forDocumentName: name, conversion: keyConversion)
        swiftNames[index] = spelled
        return spelled
    }

    /// "feed.xml:412:19" or "line 412, column 19".
    func location(of node: Int) -> String {
        let (line, column) = record.position(of: node)
        if let file = record.fileName { return "\(file):\(line):\(column)" }
        return "line \(line), column \(column)"
    }

    /// The document's spelling of a Swift key.
    func documentName(for key: any CodingKey, codingPath: @autoclosure () -> [any CodingKey]) -> String {
        XMLKeySpelling.documentName(for: key, codingPath: codingPath(), conversion: keyConversion)
    }
}

/// A container's place in a decode: the shared context and the container's coding path, in
/// one object, so the values and calls of a container retain one reference, not two.
///
/// The path is the enclosing scope and the key under it, made into an array only when
/// asked for (an error, a strategy or a `codingPath` call): a synthesized `init(from:)`
/// never asks, and building it for every container cost an array per value.
///
/// A scope is also a value's own place when the value is handed to a type's `init(from:)`:
/// then it holds the value and the type, and ``XMLNestedDecoder`` is one reference to it, so
/// the `any Decoder` and `any SingleValueDecodingContainer` holding it need no box, and the
/// containers the type asks for share it instead of making their own.
final class XMLDecodingScope {
    let context: XMLDecodingContext
    let parent: XMLDecodingScope?
    /// The key under the parent.
    let keyRef: XMLKeyRef
    /// The value this scope is the place of (nil for a root's scope).
    let value: XMLDecodingValue?
    /// The type being decoded from `value`, when known.
    let decodedType: Any.Type?
    /// The whole path: given for a root, built on first use otherwise.
    private var path: [any CodingKey]?
    /// The number of keys in the path, known without building it.
    let depth: Int

    /// A root: a document's value, or a stream's record with its index.
    init(context: XMLDecodingContext, codingPath: [any CodingKey]) {
        self.context = context
        self.path = codingPath
        parent = nil
        keyRef = .none
        value = nil
        decodedType = nil
        depth = codingPath.count
    }

    /// The place of `value` under `parent`, at `key` (`.none`: the same path as the parent's).
    init(
        context: XMLDecodingContext, parent: XMLDecodingScope, key: XMLKeyRef, value: XMLDecodingValue,
        decodedType: Any.Type?
    ) {
        self.context = context
        self.parent = parent
        self.keyRef = key
        self.value = value
        self.decodedType = decodedType
        depth = parent.depth + (key.isNone ? 0 : 1)
    }

    var codingPath: [any CodingKey] {
        if let path { return path }
        // Up to the nearest scope that knows its path, then back down.
        var keys: [any CodingKey] = []
        var scope: XMLDecodingScope = self
        while scope.path == nil, let parent = scope.parent {
            if let key = scope.keyRef.key { keys.append(key) }
            scope = parent
        }
        let built = (scope.path ?? []) + keys.reversed()
        path = built
        return built
    }
}

/// The `Decoder` a type's own `init(from:)` gets: one reference to the value's scope.
struct XMLNestedDecoder: Decoder {
    let scope: XMLDecodingScope

    /// The reader of the scope's value.
    var reader: XMLValueDecoder { XMLValueDecoder(place: scope) }

    var codingPath: [any CodingKey] { scope.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { scope.context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try reader.container(keyedBy: type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try reader.unkeyedContainer() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { XMLSingleValueContainer(place: scope) }
}

/// Reads one value of the record: a scalar straight from its text, or, for a type's own
/// `init(from:)`, through a scope of its own (``XMLNestedDecoder``). A `Decoder` itself for
/// the strategies' closures and `Date`'s and `Data`'s own `init(from:)`.
struct XMLValueDecoder: Decoder {
    /// The container the value is in (its context and path); the value's own key is kept
    /// apart, so a scalar that decodes without error never builds its path (an array per value).
    let scope: XMLDecodingScope
    let value: XMLDecodingValue
    /// The value's key, unless it has a scope of its own (which holds it): copying an
    /// `any CodingKey` goes through its type's value witnesses, so it is copied once.
    private let ownKey: XMLKeyRef
    /// The type being decoded, when known (for ``XMLNodePlacing``).
    var decodedType: Any.Type?
    /// The value's own scope, when it has one already.
    private let place: XMLDecodingScope?

    var keyRef: XMLKeyRef { place?.keyRef ?? ownKey }
    var key: (any CodingKey)? { keyRef.key }

    /// The decoder of a document's (or a stream record's) root.
    init(context: XMLDecodingContext, value: XMLDecodingValue, codingPath: [any CodingKey]) {
        self.init(scope: XMLDecodingScope(context: context, codingPath: codingPath), value: value, key: .none)
    }

    init(scope: XMLDecodingScope, value: XMLDecodingValue, key: XMLKeyRef, decodedType: Any.Type? = nil) {
        self.scope = scope
        self.value = value
        ownKey = key
        self.decodedType = decodedType
        place = nil
    }

    /// The reader of a value that has its own scope.
    init(place: XMLDecodingScope) {
        scope = place.parent!
        value = place.value!
        ownKey = .none
        decodedType = place.decodedType
        self.place = place
    }

    /// The value's own scope, for the containers it is read through.
    var valueScope: XMLDecodingScope {
        place ?? XMLDecodingScope(context: context, parent: scope, key: ownKey, value: value, decodedType: decodedType)
    }

    var context: XMLDecodingContext { scope.context }

    var codingPath: [any CodingKey] {
        guard let key else { return scope.codingPath }
        return scope.codingPath + [key]
    }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }
    var record: XMLRecord { context.record }

    /// The node errors point at.
    var node: Int {
        switch value {
        case .element(let e): return e
        case .elements(let list, let parent, _): return list.first ?? parent
        case .attribute(_, let element): return element
        case .text(let element): return element
        case .choice(let node), .textNode(let node): return node
        }
    }

    /// The one element this value is, for a keyed container or a scalar.
    func singleElement() throws -> Int? {
        switch value {
        case .element(let e): return e
        case .elements(let list, _, _):
            if list.count > 1 {
                throw DecodingError.typeMismatch(
                    Any.self,
                    DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription:
                            "expected one <\(record.names[record.nodes[list.element(0, in: context)].name].local)>, found \(list.count) at \(context.location(of: list.element(1, in: context)))"
                    ))
            }
            return list.first
        case .attribute, .text, .choice, .textNode: return nil
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if case .choice(let node) = value { return KeyedDecodingContainer(XMLKeyedContainer<Key>(decoder: self, element: node, isChoice: true)) }
        if case .textNode(let node) = value { return KeyedDecodingContainer(XMLKeyedContainer<Key>(decoder: self, element: node)) }
        // The text key (or `_0`) read as a keyed value: the element itself.
        if case .text(let element) = value { return KeyedDecodingContainer(XMLKeyedContainer<Key>(decoder: self, element: element)) }
        // A dictionary laid out as entries.
        if case .elements(let list, _, _) = value, let layout = keyRef.mapLayout, let decodedType,
            context.traits(of: decodedType).isDictionary || XMLTypeTraits.isOrderedStringMap(decodedType)
        {
            return KeyedDecodingContainer(try XMLMapEntriesContainer<Key>(decoder: self, elements: list, layout: layout))
        }
        guard let element = try singleElement() else {
            if case .elements = value {
                throw DecodingError.keyNotFound(
                    codingPath.last ?? XMLKey(""),
                    DecodingError.Context(
                        codingPath: codingPath.dropLast(),
                        debugDescription: "no <\(codingPath.last?.stringValue ?? "")> in the element at \(context.location(of: node))"))
            }
            throw DecodingError.typeMismatch(
                [String: Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "expected an element, found the text \"\(scalarText())\" at \(context.location(of: node))"))
        }
        return KeyedDecodingContainer(XMLKeyedContainer<Key>(decoder: self, element: element))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        // An ordered map (its own Codable an array of keys and values) is a map here.
        if let decodedType, !context.traits(of: decodedType).absentAsEmpty, XMLTypeTraits.isOrderedStringMap(decodedType) {
            return XMLOrderedMapDecodingContainer(keyed: try container(keyedBy: XMLKey.self))
        }
        switch value {
        case .elements(let list, _, false):
            return XMLUnkeyedContainer(decoder: self, items: list.array(in: context), itemsAreChildren: false)
        case .elements(let list, _, true):
            // A wrapper: its child elements, whatever their names, are the items.
            guard let wrapper = try singleElement() else {
                return XMLUnkeyedContainer(decoder: self, items: list.array(in: context), itemsAreChildren: true)
            }
            return XMLUnkeyedContainer(decoder: self, items: items(of: wrapper), itemsAreChildren: true)
        case .element(let e), .text(let e):
            // The document element (or an item of an array) read as an array: its children.
            return XMLUnkeyedContainer(decoder: self, items: items(of: e), itemsAreChildren: true)
        case .attribute, .choice, .textNode:
            throw DecodingError.typeMismatch(
                [Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "expected elements, found the text \"\(scalarText())\" at \(context.location(of: node))"))
        }
    }

    /// The items of an element read as an array: its child elements and, for choices with
    /// mixed content (some text that is not white space), its runs of text too.
    func items(of element: Int) -> [Int] {
        guard let decodedType else { return record.childElements(of: element) }
        let traits = context.traits(of: decodedType)
        guard traits.isChoiceArray else { return record.childElements(of: element) }
        let items = record.hasOnlyWhitespaceText(element) ? record.childElements(of: element) : record.children(of: element)
        // Items no case reads are left out when the settings say so (and the cases are known).
        guard context.settings.skipsUnknownChoiceElements, let cases = XMLTypeTraits.choiceCases(of: decodedType, userInfo: context.userInfo) else { return items }
        return items.filter { context.isChoiceCase($0, cases) }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        XMLSingleValueContainer(place: valueScope)
    }

    // MARK: Scalars

    /// The text of the value, trimmed unless the decoder was told otherwise.
    func scalarText() -> String { context.scalarText(value) }

    /// Whether the value is absent: a key with no attribute and no element.
    var isAbsent: Bool {
        if case .elements(let list, _, _) = value { return list.isEmpty }
        return false
    }

    func mismatch(_ type: Any.Type, expected: String, found text: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "expected \(expected), found \"\(text)\" at \(context.location(of: node))"))
    }

    func missing(_ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "expected \(type), found no <\(codingPath.last?.stringValue ?? "")> in the element at \(context.location(of: node))"))
    }

    func decodeScalarText(_ type: Any.Type) throws -> String {
        if isAbsent { throw missing(type) }
        if let element = try singleElement(), record.hasChildElements(element) {
            throw DecodingError.typeMismatch(
                type,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "expected \(type), found an element with child elements at \(context.location(of: element))"))
        }
        return scalarText()
    }

    func decodeBool() throws -> Bool {
        let text = try decodeScalarText(Bool.self)
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default: throw mismatch(Bool.self, expected: "true, false, 1 or 0", found: text)
        }
    }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let text = try decodeScalarText(type)
        // XML Schema allows a leading +.
        guard let value = I(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
            throw mismatch(type, expected: "an integer that fits \(type)", found: text)
        }
        return value
    }

    func decodeFloat<F: XMLFloatScalar>(_ type: F.Type) throws -> F {
        let text = try decodeScalarText(type)
        switch text {
        case "INF", "+INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        default: break
        }
        if case .convertFromString(let positive, let negative, let nan) = context.settings.nonConformingFloatDecodingStrategy {
            // The caller's spellings, matched by code points as any other text.
            if text.hasSameCodePoints(as: positive) { return .infinity }
            if text.hasSameCodePoints(as: negative) { return -.infinity }
            if text.hasSameCodePoints(as: nan) { return .nan }
        }
        guard let value = F(text) else { throw mismatch(type, expected: "a number", found: text) }
        return value
    }

    func decodeDate() throws -> Date {
        switch context.settings.dateDecodingStrategy {
        case .deferredToDate: return try Date(from: self)
        case .custom(let read): return try positioningErrors { try read(self) }
        case .secondsSince1970: return Date(timeIntervalSince1970: try decodeFloat(Double.self))
        case .millisecondsSince1970: return Date(timeIntervalSince1970: try decodeFloat(Double.self) / 1000)
        case .iso8601:
            let text = try decodeScalarText(Date.self)
            if let date = XMLDateFormats.iso8601(text, zone: context.zoneForDatesWithoutOne) { return date }
            throw mismatch(Date.self, expected: "a date in ISO 8601", found: text)
        case .rfc822:
            let text = try decodeScalarText(Date.self)
            if let date = XMLDateFormats.rfc822(text, zone: context.zoneForDatesWithoutOne) { return date }
            throw mismatch(Date.self, expected: "a date in RFC 822 (\"Mon, 15 Jan 2024 10:11:12 GMT\")", found: text)
        case .formatted(let formatter):
            let text = try decodeScalarText(Date.self)
            guard let date = formatter.date(from: text) else {
                throw mismatch(Date.self, expected: "a date like \"\(formatter.dateFormat ?? "")\"", found: text)
            }
            return date
        }
    }

    func decodeData() throws -> Data {
        switch context.settings.dataDecodingStrategy {
        case .deferredToData: return try Data(from: self)
        case .custom(let read): return try positioningErrors { try read(self) }
        case .base64:
            let text = try decodeScalarText(Data.self)
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw mismatch(Data.self, expected: "base64", found: text)
            }
            return data
        case .hex:
            let text = try decodeScalarText(Data.self)
            var bytes: [UInt8] = []
            var high: UInt8?
            for c in text.utf8 {
                let digit: UInt8
                switch c {
                case 0x30...0x39: digit = c - 0x30
                case 0x41...0x46: digit = c - 0x41 + 10
                case 0x61...0x66: digit = c - 0x61 + 10
                default: throw mismatch(Data.self, expected: "hexadecimal digits", found: text)
                }
                if let h = high {
                    bytes.append(h << 4 | digit)
                    high = nil
                } else {
                    high = digit
                }
            }
            guard high == nil else { throw mismatch(Data.self, expected: "an even number of hexadecimal digits", found: text) }
            return Data(bytes)
        }
    }

    /// Decodes any value: scalars the XML way, everything else through its `init(from:)`.
    consuming func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = XMLTypeTraits.scalar(type) { return try scalar.decodeXML(from: self) as! T }
        if let optional = XMLTypeTraits.optional(type) { return try optional.decodeOptional(from: self) as! T }
        // The value's own place, which the type's decoder and containers share; the node and
        // depth are what an error it throws needs.
        let place = XMLDecodingScope(context: context, parent: scope, key: keyRef, value: value, decodedType: type)
        let (context, node, depth) = (context, node, place.depth)
        do { return try T(from: XMLNestedDecoder(scope: place)) } catch let error as DecodingError {
            throw Self.positioned(error, at: context.location(of: node), depth: depth)
        }
    }
}

extension XMLValueDecoder {
    /// Runs a strategy's closure, giving a `DecodingError` it throws about this value the
    /// value's position, as ``decodeValue(_:)`` does for a type's own `init(from:)`.
    func positioningErrors<R>(_ body: () throws -> R) throws -> R {
        do { return try body() } catch let error as DecodingError {
            throw Self.positioned(error, at: context.location(of: node), depth: codingPath.count)
        }
    }

    /// An error a type's own `init(from:)` threw about this value (`ScheduleTime` refusing
    /// its text), given the value's position like the decoder's own errors.
    static func positioned(_ error: DecodingError, at position: String, depth: Int) -> DecodingError {
        let location = " at \(position)"
        func add(_ context: DecodingError.Context) -> DecodingError.Context? {
            guard context.codingPath.count == depth, !context.debugDescription.hasSuffix(location) else { return nil }
            return DecodingError.Context(
                codingPath: context.codingPath, debugDescription: context.debugDescription + location,
                underlyingError: context.underlyingError)
        }
        switch error {
        case .dataCorrupted(let context): return add(context).map { .dataCorrupted($0) } ?? error
        case .typeMismatch(let type, let context): return add(context).map { .typeMismatch(type, $0) } ?? error
        case .valueNotFound(let type, let context): return add(context).map { .valueNotFound(type, $0) } ?? error
        case .keyNotFound(let key, let context): return add(context).map { .keyNotFound(key, $0) } ?? error
        @unknown default: return error
        }
    }
}

/// The elements of one name under a key: the first in place, and the rest (when there are
/// more) in the decode's node-list store, so the value holding the list is plain data,
/// copied without reference counting.
struct XMLNodeList {
    private var head = -1
    private(set) var count = 0
    /// Where the elements after the first start in ``XMLDecodingContext/nodeListStore``.
    private var rest = -1

    init() {}

    var first: Int? { count > 0 ? head : nil }
    var isEmpty: Bool { count == 0 }

    /// Adds an element; the elements after the first go to the store, back to back (the
    /// elements of one list are appended with nothing in between).
    mutating func append(_ node: Int, in context: XMLDecodingContext) {
        if count == 0 {
            head = node
        } else {
            if count == 1 { rest = unsafe context.nodeListStore.count }
            unsafe context.nodeListStore.append(node)
        }
        count += 1
    }

    func element(_ index: Int, in context: XMLDecodingContext) -> Int {
        unsafe index == 0 ? head : context.nodeListStore[rest + index - 1]
    }

    func array(in context: XMLDecodingContext) -> [Int] {
        guard count > 0 else { return [] }
        guard count > 1 else { return [head] }
        return unsafe [head] + context.nodeListStore[rest..<(rest + count - 1)]
    }
}

/// A key made from a string, or an array's index (spelled `Index 3` only when asked). Small
/// enough (17 bytes) to sit inline in an `any CodingKey`, without a box per array item.
struct XMLKey: CodingKey {
    private enum Storage {
        case string(String)
        case index(Int)
    }
    private let storage: Storage

    var stringValue: String {
        switch storage {
        case .string(let string): return string
        case .index(let index): return "Index \(index)"
        }
    }

    var intValue: Int? {
        if case .index(let index) = storage { return index }
        return nil
    }

    init(_ string: String) { storage = .string(string) }
    init(index: Int) { storage = .index(index) }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}

/// A value's key, as cheap to copy as a reference: the holder of the key (a keyed
/// container's key plan, or a key of its own) or an array index. Copying an `any CodingKey`
/// goes through its type's value witnesses, and the decoder copies a value's key several
/// times; this is one reference and an integer.
struct XMLKeyRef {
    private let holder: XMLKeyHolder?
    private let index: Int

    private init(holder: XMLKeyHolder?, index: Int) {
        self.holder = holder
        self.index = index
    }

    static var none: XMLKeyRef { XMLKeyRef(holder: nil, index: -1) }
    static func index(_ index: Int) -> XMLKeyRef { XMLKeyRef(holder: nil, index: index) }
    static func plan(_ plan: XMLKeyPlan) -> XMLKeyRef { XMLKeyRef(holder: plan, index: -1) }
    static func key(_ key: any CodingKey) -> XMLKeyRef { XMLKeyRef(holder: XMLKeyHolder(key: key), index: -1) }

    var key: (any CodingKey)? {
        if let holder { return holder.key }
        return index >= 0 ? XMLKey(index: index) : nil
    }

    var isNone: Bool { holder == nil && index < 0 }

    /// How the key's dictionary is laid out, when as entries.
    var mapLayout: XMLMapLayout? { holder?.mapLayout }
}

/// A key kept in an object, so that passing it on is a reference count.
class XMLKeyHolder {
    final let key: any CodingKey
    /// For a key whose dictionary is laid out as entries, how (``XMLMapLayout``); nil
    /// for every other key, and for a dictionary named by its keys.
    final let mapLayout: XMLMapLayout?

    init(key: any CodingKey, mapLayout: XMLMapLayout? = nil) {
        self.key = key
        self.mapLayout = mapLayout
    }
}
