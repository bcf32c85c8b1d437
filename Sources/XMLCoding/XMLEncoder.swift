import Foundation
import XMLWriting

/// Encodes `Encodable` values as XML, the way `JSONEncoder` encodes them as JSON, through
/// ``XMLStreamWriter``: whatever the values hold, the output reads back.
///
/// ```swift
/// struct Team: Encodable { var code: String; var name: String }
/// let encoder = XMLEncoder()
/// encoder.nodePlacement = { path in path.last?.stringValue == "code" ? .attribute : .element }
/// let xml = try encoder.encode(Team(code: "100", name: "Betonbauer"), withRootKey: "team")
/// // <?xml version="1.0" encoding="UTF-8"?><team code="100"><name>Betonbauer</name></team>
/// ```
///
/// Keys become child elements unless placed as attributes (``nodePlacement`` or
/// ``XMLNodePlacing``); the key `""` is the element's own text; arrays repeat their elements
/// in place unless laid out `.wrapped`. The rules, the same as the decoder's, are in the
/// guide, docs/CodableXML.md.
open class XMLEncoder {
    /// The namespace of `xsi:nil`, which marks nil in an array.
    public static let schemaInstanceNamespace = "http://www.w3.org/2001/XMLSchema-instance"

    /// How Swift keys are spelled in the document.
    public enum KeyEncodingStrategy: Sendable {
        /// As the Swift key is spelled.
        case useDefaultKeys
        /// `site_code` for `siteCode`.
        case convertToSnakeCase
        /// `site-code` for `siteCode`.
        case convertToKebabCase
        /// `SiteCode` for `siteCode`.
        case capitalized
        /// Your own spelling of each Swift key (the coding path ends with it).
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> String)
    }

    /// Where a key's value is written (shared with the decoder).
    public typealias NodePlacement = XMLNodePlacement
    /// How an array under a key is laid out (shared with the decoder).
    public typealias ArrayLayout = XMLArrayLayout

    /// How dates are written.
    public enum DateEncodingStrategy: Sendable {
        /// ISO 8601 in UTC (`2012-03-01T06:00:00Z`), with milliseconds when the date has a
        /// fraction of a second; the default.
        case iso8601
        /// Seconds since 1970.
        case secondsSince1970
        /// Milliseconds since 1970.
        case millisecondsSince1970
        /// Through a formatter.
        case formatted(DateFormatter)
        /// Your own writing, through the encoder.
        case custom(@Sendable (_ date: Date, _ encoder: any Encoder) throws -> Void)
        /// `Date`'s own `Encodable` (seconds since 2001).
        case deferredToDate
    }

    /// How `Data` is written.
    public enum DataEncodingStrategy: Sendable {
        /// Base64 (the default).
        case base64
        /// Lowercase hexadecimal digits.
        case hex
        /// Your own writing, through the encoder.
        case custom(@Sendable (_ data: Data, _ encoder: any Encoder) throws -> Void)
        /// `Data`'s own `Encodable` (an array of bytes).
        case deferredToData
    }

    /// How infinities and NaN are written.
    public enum NonConformingFloatEncodingStrategy: Sendable {
        /// XML Schema's `INF`, `-INF` and `NaN` (the default; the decoder always reads them).
        case xmlSchema
        /// Refuse with `EncodingError.invalidValue`.
        case `throw`
        /// Your own spellings.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How Swift keys are spelled in the document; as in Swift by default.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// How dates are written; ISO 8601 by default.
    public var dateEncodingStrategy: DateEncodingStrategy = .iso8601
    /// How `Data` is written; base64 by default.
    public var dataEncodingStrategy: DataEncodingStrategy = .base64
    /// How infinities and NaN are written; XML Schema's spellings by default.
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .xmlSchema
    /// Where each key is written: given the coding path ending with the key. Keys are child
    /// elements unless this (or the type, by adopting ``XMLNodePlacing``) says `.attribute`;
    /// only a scalar can be an attribute.
    public var nodePlacement: (@Sendable (_ codingPath: [any CodingKey]) -> NodePlacement)?
    /// How each array is laid out: given the coding path ending with the array's key. The
    /// default is repeated elements; a type can also decide by adopting ``XMLArrayLayouts``.
    public var arrayLayout: (@Sendable (_ codingPath: [any CodingKey]) -> ArrayLayout)?
    /// Prefixes for namespaces (URI → prefix), declared on the root element. A key spelled
    /// `{uri}local` is written in that namespace, with its prefix from here, or else as the
    /// default namespace (an attribute gets a made-up prefix).
    public var namespacePrefixes: [String: String] = [:]
    /// The writer's options: indentation, and the policy for characters XML does not allow
    /// (``XMLCharacterPolicy/strip`` by default; `.throw` makes such a string an
    /// `EncodingError` that names its coding path).
    public var writerOptions = XMLStreamWriter.Options()
    /// Whether the document starts with `<?xml version="1.0" encoding="UTF-8"?>`.
    public var writesDeclaration = true
    /// Values for your types' `encode(to:)`, as `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Every setting as one `Sendable` value, taken when an encode starts.
    struct Settings: Sendable {
        var keyEncodingStrategy: KeyEncodingStrategy
        var dateEncodingStrategy: DateEncodingStrategy
        var dataEncodingStrategy: DataEncodingStrategy
        var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy
        var nodePlacement: (@Sendable (_ codingPath: [any CodingKey]) -> NodePlacement)?
        var arrayLayout: (@Sendable (_ codingPath: [any CodingKey]) -> ArrayLayout)?
        var namespacePrefixes: [String: String]
        var characterPolicy: XMLCharacterPolicy
        var userInfo: [CodingUserInfoKey: any Sendable]
    }

    var settings: Settings {
        Settings(
            keyEncodingStrategy: keyEncodingStrategy, dateEncodingStrategy: dateEncodingStrategy,
            dataEncodingStrategy: dataEncodingStrategy, nonConformingFloatEncodingStrategy: nonConformingFloatEncodingStrategy,
            nodePlacement: nodePlacement, arrayLayout: arrayLayout, namespacePrefixes: namespacePrefixes,
            characterPolicy: writerOptions.characterPolicy, userInfo: userInfo)
    }

    public init() {}

    /// Encodes a value as a document in memory.
    ///
    /// - Parameter rootKey: the document element's name (`{uri}local` for one in a
    ///   namespace); `nil` takes the type's name with its first letter lowercased (`Site` →
    ///   `site`).
    /// - Throws: `EncodingError.invalidValue` for a value XML cannot hold (a key that is no
    ///   XML name, a non-scalar placed as an attribute, a character refused by the
    ///   `.throw` policy), naming its coding path.
    open func encode<T: Encodable>(_ value: T, withRootKey rootKey: String? = nil) throws -> Data {
        let writer = try XMLStreamWriter(to: .memory, options: writerOptions)
        try encodeDocument(value, rootKey: rootKey, writer: writer)
        return Data(writer.bytes)
    }

    /// Encodes a value as a document into a file (written atomically: a failed encode leaves
    /// the old file, and a replaced file keeps its mode) or a file descriptor.
    open func encode<T: Encodable>(_ value: T, withRootKey rootKey: String? = nil, to output: XMLWriterOutput) throws {
        let writer = try XMLStreamWriter(to: output, options: writerOptions)
        do {
            try encodeDocument(value, rootKey: rootKey, writer: writer)
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// Encodes a value as one element where `writer` is: the document element, or an element
    /// inside one you are writing (a record of a large file, written one at a time). The
    /// writer's own options apply. What the encoder refuses (names, characters under
    /// `.throw`, non-scalar attributes) is found before anything of the value is written.
    open func encode<T: Encodable>(_ value: T, withRootKey rootKey: String? = nil, into writer: XMLStreamWriter) throws {
        let (tree, root) = try encodeTree(value, rootKey: rootKey)
        try tree.write(root, to: writer, prefixes: namespacePrefixes, declaresPrefixes: false)
    }

    private func encodeDocument<T: Encodable>(_ value: T, rootKey: String?, writer: XMLStreamWriter) throws {
        let (tree, root) = try encodeTree(value, rootKey: rootKey)
        if writesDeclaration { try writer.declaration() }
        try tree.write(root, to: writer, prefixes: namespacePrefixes, declaresPrefixes: true)
        try writer.finish()
    }

    /// The value as a tree of elements, every name and (under `.throw`) every string checked.
    func encodeTree<T: Encodable>(_ value: T, rootKey: String?) throws -> (XMLEncodedTree, root: Int) {
        let name = rootKey ?? Self.defaultRootKey(for: T.self)
        let context = XMLEncodingContext(settings: settings)
        let document = context.tree.makeElement(XMLCodingName(local: "", uri: nil))
        try context.encodeValue(value, in: .item(parent: document, name: name, flattensChoice: false), at: XMLCodingPathTail(nil))
        guard let root = context.tree.firstChildElement(of: document) else {
            return (context.tree, try context.makeElement(name, in: document, codingPath: []))
        }
        return (context.tree, root)
    }

    /// `Site` → `site`.
    static func defaultRootKey(for type: Any.Type) -> String {
        let name = String(describing: type)
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }
}
