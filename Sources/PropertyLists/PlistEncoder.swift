import Foundation
import OrderedCollections
internal import XMLSyntax

/// Encodes `Encodable` values as property lists: Foundation's `PropertyListEncoder` under
/// another name. It is an open class with the same properties and methods, so a port renames
/// the type and nothing else:
///
/// ```swift
/// let encoder = PlistEncoder()          // was: PropertyListEncoder()
/// encoder.outputFormat = .xml           // binary by default, as Foundation's
/// let data = try encoder.encode(["floors": 3])
/// ```
///
/// Beyond Foundation: it also writes OpenStep and JSON, and ``encodeValue(_:)`` gives the
/// ``PropertyList`` itself. Like Foundation, it writes `nil` as the string `$null` (which
/// ``PlistDecoder`` and Foundation read back as `nil`); ``nilEncodingStrategy`` can leave
/// such keys out instead.
open class PlistEncoder: @unchecked Sendable {
    /// The file formats, spelled as Foundation's `PropertyListDecoder.PropertyListFormat`.
    public typealias PropertyListFormat = PropertyList.Format

    /// What an encoded `nil` becomes.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum NilEncodingStrategy: Hashable, Sendable {
        /// The string `$null`, as Foundation's `PropertyListEncoder` writes it; ``PlistDecoder``
        /// and Foundation's decoder read it back as `nil` where an optional is decoded.
        case nullString
        /// A keyed `nil` leaves its key out; a `nil` in an array or on its own is an
        /// `EncodingError` (plists have no null).
        case omit
    }

    struct Options: Sendable {
        var outputFormat = PropertyList.Format.binary
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        var nilEncodingStrategy = NilEncodingStrategy.nullString
        var invalidXMLCharacters = PropertyList.InvalidXMLCharacterPolicy.throw
    }

    private let options: LockedValue<Options>

    /// The format ``encode(_:)`` writes: `.binary` by default, as Foundation's.
    open var outputFormat: PropertyList.Format {
        get { options.withLock { $0.outputFormat } }
        set { options.withLock { $0.outputFormat = newValue } }
    }

    /// Passed to `Encodable` implementations as `encoder.userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options.withLock { $0.userInfo } }
        set { options.withLock { $0.userInfo = newValue } }
    }

    /// What `nil` becomes: `$null` by default, as Foundation writes it.
    open var nilEncodingStrategy: NilEncodingStrategy {
        get { options.withLock { $0.nilEncodingStrategy } }
        set { options.withLock { $0.nilEncodingStrategy = newValue } }
    }

    /// What happens to characters an XML plist cannot hold (U+0000 and most other control
    /// characters) when ``outputFormat`` is XML: by default the value is refused with an
    /// `EncodingError` naming its coding path, as Foundation refuses it.
    ///
    /// Each option is read and set under a lock, so an encoder may be shared between
    /// threads; a change made while another thread encodes applies to its next value.
    open var invalidXMLCharacters: PropertyList.InvalidXMLCharacterPolicy {
        get { options.withLock { $0.invalidXMLCharacters } }
        set { options.withLock { $0.invalidXMLCharacters = newValue } }
    }

    /// Creates an encoder with Foundation's defaults: binary output, `nil` as `$null`, and
    /// characters an XML plist cannot hold refused.
    public init() {
        options = LockedValue(Options())
    }

    /// The options as the properties give them now (through their getters, so a subclass
    /// that overrides one is heard).
    private var currentOptions: Options {
        Options(
            outputFormat: outputFormat, userInfo: userInfo, nilEncodingStrategy: nilEncodingStrategy,
            invalidXMLCharacters: invalidXMLCharacters)
    }

    /// Encodes a value as plist data in ``outputFormat``.
    open func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let options = currentOptions
        return try Self.write(encodeValue(value, options: options) { try $0.box(value) }, options: options)
    }

    /// Encodes a value that needs a configuration to encode itself.
    open func encode<Value: EncodableWithConfiguration>(_ value: Value, configuration: Value.EncodingConfiguration) throws -> Data {
        let options = currentOptions
        let plist = try encodeValue(value, options: options) { encoder in
            try value.encode(to: encoder, configuration: configuration)
            return encoder.box.resolved
        }
        return try Self.write(plist, options: options)
    }

    /// Encodes a value with the configuration its provider type gives.
    open func encode<Value, Provider: EncodingConfigurationProviding>(_ value: Value, configuration: Provider.Type) throws -> Data
    where Value: EncodableWithConfiguration, Value.EncodingConfiguration == Provider.EncodingConfiguration {
        try encode(value, configuration: Provider.encodingConfiguration)
    }

    /// Encodes a value as a property list.
    open func encodeValue<Value: Encodable>(_ value: Value) throws -> PropertyList {
        try encodeValue(value, options: currentOptions) { try $0.box(value) }
    }

    /// A property list as a file in ``outputFormat``, with this encoder's options.
    func write(_ plist: PropertyList) throws -> Data { try Self.write(plist, options: currentOptions) }

    private func encodeValue(
        _ value: Any, options: Options, _ body: (PlistValueEncoder) throws -> PropertyList?
    ) throws -> PropertyList {
        let encoder = PlistValueEncoder(codingPath: [], settings: PlistValueEncoder.Settings(options))
        let result = try body(encoder)
        // As Foundation: a value that writes nothing is an error at the top level (nested,
        // it is an empty dictionary).
        if case .empty = encoder.box.content {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "the top level \(type(of: value)) did not encode any values"))
        }
        guard let result else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "the top level is nil, which .omit cannot leave out"))
        }
        return result
    }

    /// The file, with a value the format cannot hold reported as an `EncodingError` at its
    /// coding path.
    private static func write(_ plist: PropertyList, options: Options) throws -> Data {
        do {
            return try plist.data(format: options.outputFormat, invalidXMLCharacters: options.invalidXMLCharacters)
        } catch let error as PropertyListError {
            let codingPath = error.path.map { step -> any CodingKey in
                switch step {
                case .key(let key): return PlistKey(key)
                case .index(let index): return PlistKey(intValue: index)
                }
            }
            throw EncodingError.invalidValue(
                error.unwritableString ?? plist,
                .init(codingPath: codingPath, debugDescription: "\(describePath(codingPath)): \(error.message)", underlyingError: error))
        }
    }
}

/// Where a container writes: shared by the containers of one value, resolved to a
/// property list when the value is done.
final class PlistBox {
    enum Content {
        /// Nothing written yet; resolves to an empty dictionary, as Foundation writes a
        /// value that encodes nothing.
        case empty
        /// A nil left out (``PlistEncoder/NilEncodingStrategy/omit``).
        case omitted
        case value(PropertyList)
        case dictionary(OrderedDictionary<PropertyList.DictionaryKey, PlistBox>)
        case array([PlistBox])
    }

    var content: Content = .empty

    var resolved: PropertyList? {
        switch content {
        case .empty: return .dictionary([:])
        case .omitted: return nil
        case .value(let v): return v
        case .dictionary(let d):
            var result = OrderedDictionary<PropertyList.DictionaryKey, PropertyList>()
            for (key, box) in d { if let value = box.resolved { result[key] = value } }
            return .dictionary(result)
        case .array(let a): return .array(a.compactMap(\.resolved))
        }
    }

    /// Whether a keyed container may write here: nothing yet, a keyed container, or a
    /// dictionary value (which becomes one).
    var canHoldDictionary: Bool {
        switch content {
        case .empty, .dictionary, .value(.dictionary): return true
        default: return false
        }
    }

    /// Whether an unkeyed container may write here.
    var canHoldArray: Bool {
        switch content {
        case .empty, .array, .value(.array): return true
        default: return false
        }
    }

    /// Makes the content a keyed container, keeping what one wrote before; false when it
    /// holds something else.
    func makeDictionary() -> Bool {
        switch content {
        case .dictionary: return true
        case .empty: content = .dictionary([:])
        case .value(.dictionary(let values)):
            content = .dictionary(values.mapValues { PlistBox(.value($0)) })
        default: return false
        }
        return true
    }

    /// Makes the content an unkeyed container, keeping what one wrote before; false when it
    /// holds something else.
    func makeArray() -> Bool {
        switch content {
        case .array: return true
        case .empty: content = .array([])
        case .value(.array(let values)): content = .array(values.map { PlistBox(.value($0)) })
        default: return false
        }
        return true
    }

    init(_ content: Content = .empty) { self.content = content }

    /// A keyed container's box for `key`.
    func child(forKey key: String) -> PlistBox? {
        guard case .dictionary(let d) = content else { return nil }
        return d[PropertyList.DictionaryKey(key)]
    }

    /// Puts `box` under `key` in a keyed container.
    func setChild(_ box: PlistBox, forKey key: String) {
        guard case .dictionary(var d) = content else { return }
        // Drop this reference first, so the dictionary is mutated in place.
        content = .empty
        d[PropertyList.DictionaryKey(key)] = box
        content = .dictionary(d)
    }
}

struct PlistValueEncoder: Encoder {
    /// What every encoder of one value shares.
    final class Settings {
        let userInfo: [CodingUserInfoKey: Any]
        let nilEncodingStrategy: PlistEncoder.NilEncodingStrategy

        init(_ options: PlistEncoder.Options) {
            userInfo = options.userInfo
            nilEncodingStrategy = options.nilEncodingStrategy
        }
    }


    let codingPath: [any CodingKey]
    let settings: Settings
    let box: PlistBox
    var userInfo: [CodingUserInfoKey: Any] { settings.userInfo }

    init(codingPath: [any CodingKey], settings: Settings, box: PlistBox = PlistBox()) {
        self.codingPath = codingPath
        self.settings = settings
        self.box = box
    }

    /// Encodes `value`, with the types plists hold natively kept as they are.
    func box<T: Encodable>(_ value: T) throws -> PropertyList? {
        let native: PropertyList
        switch value {
        case let date as Date: native = .date(date)
        case let data as Data: native = .data(data)
        case let plist as PropertyList: native = plist
        default:
            try value.encode(to: self)
            return box.resolved
        }
        set(native)
        return native
    }

    func child(_ key: any CodingKey, box: PlistBox = PlistBox()) -> PlistValueEncoder {
        PlistValueEncoder(codingPath: codingPath + [key], settings: settings, box: box)
    }

    /// A second request for a container at one path adds to the first, as Foundation's does;
    /// asking for another kind of container there is a programming error, reported as
    /// Foundation reports it.
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard box.makeDictionary() else {
            preconditionFailure("Attempt to push new keyed encoding container when already previously encoded at this path.")
        }
        return KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard box.makeArray() else {
            preconditionFailure("Attempt to push new unkeyed encoding container when already previously encoded at this path.")
        }
        return Unkeyed(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    func set(_ value: PropertyList) { box.content = .value(value) }

    static func integer<T: FixedWidthInteger>(_ value: T) -> PropertyList { .integer(exactly: value) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: PlistValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        private func put(_ value: PropertyList?, _ key: Key) {
            encoder.box.setChild(PlistBox(value.map { .value($0) } ?? .omitted), forKey: key.stringValue)
        }

        mutating func encodeNil(forKey key: Key) throws {
            if encoder.settings.nilEncodingStrategy == .nullString { put(PropertyList.foundationNull, key) }
        }
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

        /// The encoder for a nested container under `key`: the one already there, so that a
        /// second request adds to the first, or a new one.
        private func nested(_ key: Key, keyed: Bool) -> PlistValueEncoder {
            if let existing = encoder.box.child(forKey: key.stringValue) {
                guard keyed ? existing.canHoldDictionary : existing.canHoldArray else {
                    preconditionFailure(
                        "Attempt to re-encode into nested \(keyed ? "KeyedEncodingContainer<\(Key.self)>" : "UnkeyedEncodingContainer") "
                            + "for key \"\(key.stringValue)\" is invalid: \(keyed ? "non-keyed" : "keyed") container already encoded for this key")
                }
                return encoder.child(key, box: existing)
            }
            let child = encoder.child(key)
            encoder.box.setChild(child.box, forKey: key.stringValue)
            return child
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            nested(key, keyed: true).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            nested(key, keyed: false).unkeyedContainer()
        }

        /// The superclass's values under the key `super`, as Foundation writes them.
        mutating func superEncoder() -> any Encoder { superEncoder(under: PlistKey.super) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(under: key) }

        private func superEncoder(under key: any CodingKey) -> any Encoder {
            let child = encoder.child(key)
            encoder.box.setChild(child.box, forKey: key.stringValue)
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
            guard encoder.settings.nilEncodingStrategy == .nullString else {
                throw Self.cannotHoldNil(Optional<Int>.none as Any, at: codingPath + [PlistKey(intValue: count)])
            }
            append(PropertyList.foundationNull)
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
            guard let boxed = try child.box(value) else { throw Self.cannotHoldNil(value, at: child.codingPath) }
            append(boxed)
        }

        /// A nil element under ``PlistEncoder/NilEncodingStrategy/omit``, which only keys can leave out.
        private static func cannotHoldNil(_ value: Any, at codingPath: [any CodingKey]) -> EncodingError {
            .invalidValue(
                value,
                .init(
                    codingPath: codingPath,
                    debugDescription: "\(describePath(codingPath)): a plist array cannot hold nil (nilEncodingStrategy is .omit)"))
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

        /// `$null`; with `.omit`, nothing, so that a keyed optional leaves its key out (and
        /// an array element or the top level that encodes nothing is refused).
        mutating func encodeNil() throws {
            encoder.box.content = encoder.settings.nilEncodingStrategy == .nullString ? .value(PropertyList.foundationNull) : .omitted
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
