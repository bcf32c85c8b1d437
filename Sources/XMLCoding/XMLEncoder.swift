import Foundation
import XMLStreaming
import XMLWriting
internal import XMLSyntax

/// Encodes `Encodable` values as XML, the way `JSONEncoder` encodes them as JSON, through
/// `XMLStreamWriter`: whatever the values hold, the output reads back.
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
// `@unchecked`: the class's one stored property is a `LockedValue` holding every setting, so
// an encoder shared between threads reads and writes them under its lock (SharedCoderTests
// share one between 64 tasks, under ThreadSanitizer in CI); a subclass adds its own state at
// its own risk, as with Foundation's coders, which are `@unchecked Sendable` the same way.
open class XMLEncoder: @unchecked Sendable {
    /// The namespace of `xsi:nil`, which marks nil in an array.
    public static let schemaInstanceNamespace = "http://www.w3.org/2001/XMLSchema-instance"

    /// How Swift keys are spelled in the document.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum KeyEncodingStrategy: Sendable {
        /// As the Swift key is spelled.
        case useDefaultKeys
        /// `site_code` for `siteCode`.
        case convertToSnakeCase
        /// `site-code` for `siteCode`.
        case convertToKebabCase
        /// `SiteCode` for `siteCode`.
        case convertToCapitalized
        /// Your own spelling of each Swift key (the coding path ends with it).
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> String)

        /// `SiteCode` for `siteCode`: the name before 0.2, beside the decoder's
        /// `convertFromCapitalized`.
        @available(*, deprecated, renamed: "convertToCapitalized")
        public static var capitalized: KeyEncodingStrategy { .convertToCapitalized }
    }

    /// Where a key's value is written (shared with the decoder).
    public typealias NodePlacement = XMLNodePlacement
    /// How an array under a key is laid out (shared with the decoder).
    public typealias ArrayLayout = XMLArrayLayout

    /// How dates are written.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum DateEncodingStrategy: Sendable {
        /// ISO 8601 in UTC (`2012-03-01T06:00:00Z`), with milliseconds when the date has a
        /// fraction of a second; the default.
        case iso8601
        /// RFC 1123's form of RFC 822, in UTC, as RSS and HTTP write dates:
        /// `Mon, 15 Jan 2024 10:11:12 GMT`. The format has no fraction of a second: it is
        /// dropped.
        case rfc822
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
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
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
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum NonConformingFloatEncodingStrategy: Sendable {
        /// XML Schema's `INF`, `-INF` and `NaN` (the default; the decoder always reads them).
        case xmlSchema
        /// Refuse with `EncodingError.invalidValue`.
        case `throw`
        /// Your own spellings.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How a `Bool` is written.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum BoolEncodingStrategy: Sendable {
        /// `true` and `false` (the default).
        case trueFalse
        /// `1` and `0`, as SOAP 1.1's `mustUnderstand` and many schemas' `xs:boolean`
        /// values are written. The decoder reads both spellings whatever this says.
        case oneZero
    }

    /// How a `String` written as an element's text is written. Attribute values are never
    /// CDATA, and neither is a string holding a carriage return (a reader turns a CR in a
    /// CDATA section into a line feed; as escaped text it reads back as written).
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum StringEncodingStrategy: Sendable {
        /// Text with `<`, `&` and `>` escaped (the default).
        case escaped
        /// A CDATA section (`<![CDATA[<p>Hi</p>]]>`) for every non-empty string, split
        /// where it holds `]]>`; the decoder reads it as the same string.
        case cdata
        /// A CDATA section for the strings whose coding path (ending with the string's key)
        /// the closure accepts, escaped text for the others.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> Bool)
    }

    /// Which of ``namespaceDeclarations`` the document element carries. Wherever they are
    /// declared, they give the prefix of every name in their namespace.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum NamespaceDeclarationStrategy: Sendable {
        /// Every one, used or not (the default).
        case allOnRoot
        /// Only those whose namespace a name of the document is in.
        case usedOnRoot
        /// None: each is declared on the elements that need it and have it in no ancestor,
        /// as SOAP toolkits write a payload's namespace on the payload.
        case whereUsed
    }

    /// How Swift keys are spelled in the document; as in Swift by default.
    open var keyEncodingStrategy: KeyEncodingStrategy {
        get { state.withLock { $0.keyEncodingStrategy } }
        set { state.withLock { $0.keyEncodingStrategy = newValue } }
    }
    /// How dates are written; ISO 8601 by default.
    open var dateEncodingStrategy: DateEncodingStrategy {
        get { state.withLock { $0.dateEncodingStrategy } }
        set { state.withLock { $0.dateEncodingStrategy = newValue } }
    }
    /// How `Data` is written; base64 by default.
    open var dataEncodingStrategy: DataEncodingStrategy {
        get { state.withLock { $0.dataEncodingStrategy } }
        set { state.withLock { $0.dataEncodingStrategy = newValue } }
    }
    /// How a `Bool` is written; `true` and `false` by default.
    open var boolEncodingStrategy: BoolEncodingStrategy {
        get { state.withLock { $0.boolEncodingStrategy } }
        set { state.withLock { $0.boolEncodingStrategy = newValue } }
    }
    /// Whether strings are written as escaped text (the default) or as CDATA sections.
    open var stringEncodingStrategy: StringEncodingStrategy {
        get { state.withLock { $0.stringEncodingStrategy } }
        set { state.withLock { $0.stringEncodingStrategy = newValue } }
    }
    /// How infinities and NaN are written; XML Schema's spellings by default.
    open var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
        get { state.withLock { $0.nonConformingFloatEncodingStrategy } }
        set { state.withLock { $0.nonConformingFloatEncodingStrategy = newValue } }
    }
    /// Where each key is written: given the coding path ending with the key. Keys are child
    /// elements unless this (or the type, by adopting ``XMLNodePlacing``) says `.attribute`;
    /// only a scalar can be an attribute.
    open var nodePlacement: (@Sendable (_ codingPath: [any CodingKey]) -> NodePlacement)? {
        get { state.withLock { $0.nodePlacement } }
        set { state.withLock { $0.nodePlacement = newValue } }
    }
    /// How each array is laid out: given the coding path ending with the array's key. The
    /// default is repeated elements; a type can also decide by adopting ``XMLArrayLayouts``.
    open var arrayLayout: (@Sendable (_ codingPath: [any CodingKey]) -> ArrayLayout)? {
        get { state.withLock { $0.arrayLayout } }
        set { state.withLock { $0.arrayLayout = newValue } }
    }
    /// Namespaces declared on the value's element (the document element), prefix → URI;
    /// the prefix `""` is the default namespace.
    ///
    /// A key spelled `{uri}local` is written in that namespace, with its prefix from here,
    /// or else unprefixed with a default-namespace declaration (an attribute gets a made-up
    /// prefix). A plain root key is in the default namespace given here, and a plain key's
    /// element is in its parent's namespace (see ``XMLKeyNamespace``).
    ///
    /// ```swift
    /// encoder.namespaceDeclarations = ["": "http://www.w3.org/2005/Atom", "media": "http://search.yahoo.com/mrss/"]
    /// ```
    open var namespaceDeclarations: [String: String] {
        get { state.withLock { $0.namespaceDeclarations } }
        set { state.withLock { $0.namespaceDeclarations = newValue } }
    }
    /// Which of ``namespaceDeclarations`` the document element declares: all of them by
    /// default. A type can declare namespaces on its own element with
    /// ``XMLNamespaceDeclaring``.
    open var namespaceDeclarationStrategy: NamespaceDeclarationStrategy {
        get { state.withLock { $0.namespaceDeclarationStrategy } }
        set { state.withLock { $0.namespaceDeclarationStrategy = newValue } }
    }
    /// Attributes written on the value's element (the document element), after its
    /// namespace declarations and before its own attributes: `xsi:schemaLocation`,
    /// `xml:lang`. An attribute named `xmlns` or `xmlns:p` is read as a namespace
    /// declaration, as XMLCoder's `rootAttributes` reads it.
    open var rootAttributes: [XMLOwnedAttribute] {
        get { state.withLock { $0.rootAttributes } }
        set { state.withLock { $0.rootAttributes = newValue } }
    }
    /// How each dictionary is laid out: given the coding path ending with the dictionary's
    /// key. The default names each entry by its key; a type can also decide for its own keys
    /// by adopting ``XMLMapLayouts``.
    open var mapLayout: (@Sendable (_ codingPath: [any CodingKey]) -> XMLMapLayout)? {
        get { state.withLock { $0.mapLayout } }
        set { state.withLock { $0.mapLayout = newValue } }
    }
    /// Prefixes for namespaces, URI → prefix: the map before 0.5, turned the other way from
    /// every other namespace map of the library. Merged with ``namespaceDeclarations``,
    /// which wins for a prefix both give. (A subclass's override of it is not read.)
    @available(*, deprecated, message: "a map of URI → prefix; use namespaceDeclarations, prefix → URI")
    open var namespacePrefixes: [String: String] {
        get { state.withLock { $0.uriPrefixes } }
        set { state.withLock { $0.uriPrefixes = newValue } }
    }
    /// The writer's options: indentation, and the policy for characters XML does not allow
    /// (`XMLCharacterPolicy.strip` by default; `.throw` makes such a string an
    /// `EncodingError` that names its coding path).
    open var writerOptions: XMLStreamWriter.Options {
        get { state.withLock { $0.writerOptions } }
        set { state.withLock { $0.writerOptions = newValue } }
    }
    /// Whether a dictionary's entries are written in the code-point order of their keys, so
    /// the same dictionary gives the same bytes on every run (Swift's `Dictionary` has an
    /// order of its own that changes from one run to the next). Unlike `JSONEncoder`'s
    /// `.sortedKeys`, a struct's keys keep the order its `encode(to:)` gives them, which a
    /// schema's sequence depends on. `false` by default.
    open var sortsKeys: Bool {
        get { state.withLock { $0.sortsKeys } }
        set { state.withLock { $0.sortsKeys = newValue } }
    }
    /// Whether the document starts with `<?xml version="1.0" encoding="UTF-8"?>`.
    open var writesDeclaration: Bool {
        get { state.withLock { $0.writesDeclaration } }
        set { state.withLock { $0.writesDeclaration = newValue } }
    }
    /// Values for your types' `encode(to:)`, as `encoder.userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] {
        get { state.withLock { $0.userInfo } }
        set { state.withLock { $0.userInfo = newValue } }
    }

    /// Every setting as one `Sendable` value, taken when an encode starts.
    struct Settings: Sendable {
        var keyEncodingStrategy = KeyEncodingStrategy.useDefaultKeys
        var dateEncodingStrategy = DateEncodingStrategy.iso8601
        var dataEncodingStrategy = DataEncodingStrategy.base64
        var nonConformingFloatEncodingStrategy = NonConformingFloatEncodingStrategy.xmlSchema
        var boolEncodingStrategy = BoolEncodingStrategy.trueFalse
        var stringEncodingStrategy = StringEncodingStrategy.escaped
        var nodePlacement: (@Sendable (_ codingPath: [any CodingKey]) -> NodePlacement)?
        var arrayLayout: (@Sendable (_ codingPath: [any CodingKey]) -> ArrayLayout)?
        var mapLayout: (@Sendable (_ codingPath: [any CodingKey]) -> XMLMapLayout)?
        var namespaceDeclarations: [String: String] = [:]
        var rootAttributes: [XMLOwnedAttribute] = []
        var namespaceDeclarationStrategy = NamespaceDeclarationStrategy.allOnRoot
        var uriPrefixes: [String: String] = [:]
        var writerOptions = XMLStreamWriter.Options()
        var writesDeclaration = true
        var sortsKeys = false
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]

        var characterPolicy: XMLCharacterPolicy { writerOptions.characterPolicy }
    }

    /// The settings, under a lock: an encoder may be shared between tasks and threads, as
    /// Foundation's `JSONEncoder` may; a change made while another thread encodes applies
    /// to its next encode.
    private let state = LockedValue(Settings())

    /// The settings as the properties give them now (through their getters, so that a
    /// subclass that overrides one is heard).
    var settings: Settings {
        Settings(
            keyEncodingStrategy: keyEncodingStrategy, dateEncodingStrategy: dateEncodingStrategy,
            dataEncodingStrategy: dataEncodingStrategy, nonConformingFloatEncodingStrategy: nonConformingFloatEncodingStrategy,
            boolEncodingStrategy: boolEncodingStrategy, stringEncodingStrategy: stringEncodingStrategy, nodePlacement: nodePlacement, arrayLayout: arrayLayout, mapLayout: mapLayout,
            namespaceDeclarations: namespaceDeclarations, rootAttributes: rootAttributes,
            namespaceDeclarationStrategy: namespaceDeclarationStrategy,
            uriPrefixes: state.withLock { $0.uriPrefixes }, writerOptions: writerOptions, writesDeclaration: writesDeclaration, sortsKeys: sortsKeys, userInfo: userInfo)
    }

    /// Creates an encoder with the default settings.
    public init() {}

    /// Encodes a value as a document in memory.
    ///
    /// - Parameter value: The value to encode.
    /// - Parameter rootKey: the document element's name (`{uri}local` for one in a
    ///   namespace); `nil` takes the type's name with its first letter lowercased (`Site` →
    ///   `site`).
    /// - Throws: `EncodingError.invalidValue` for a value XML cannot hold (a key that is no
    ///   XML name, a non-scalar placed as an attribute, a character refused by the
    ///   `.throw` policy), naming its coding path.
    open func encode<T: Encodable>(_ value: T, withRootKey rootKey: String? = nil) throws -> Data {
        let settings = settings
        let writer = try XMLStreamWriter(to: .memory, options: settings.writerOptions)
        try encodeDocument(value, rootKey: rootKey, writer: writer, settings: settings)
        return Data(writer.bytes)
    }

    /// Encodes a value as a document into a file (written atomically: a failed encode leaves
    /// the old file, and a replaced file keeps its mode) or a file descriptor.
    open func encode<T: Encodable>(_ value: T, withRootKey rootKey: String? = nil, to output: XMLWriterOutput) throws {
        let settings = settings
        let writer = try XMLStreamWriter(to: output, options: settings.writerOptions)
        do {
            try encodeDocument(value, rootKey: rootKey, writer: writer, settings: settings)
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// Encodes a value as one element where `writer` is: the document element, or an element
    /// inside one you are writing (a record of a large file, written one at a time). The
    /// writer's own options apply. ``namespaceDeclarations`` gives prefixes and a plain root
    /// key's namespace, but only the bindings the element's names need are declared (where
    /// the writer has them in scope already, none), and ``rootAttributes`` are not written. What the encoder refuses (names, characters under
    /// `.throw`, non-scalar attributes) is found before anything of the value is written.
    open func encode<T: Encodable>(_ value: T, withRootKey rootKey: String? = nil, into writer: XMLStreamWriter) throws {
        let settings = settings
        let namespaces = XMLEncodingNamespaces(settings: settings)
        let (tree, root) = try encodeTree(value, rootKey: rootKey, settings: settings, namespaces: namespaces)
        try tree.write(root, to: writer, namespaces: namespaces, declaresOnRoot: false)
    }

    private func encodeDocument<T: Encodable>(_ value: T, rootKey: String?, writer: XMLStreamWriter, settings: Settings) throws {
        let namespaces = XMLEncodingNamespaces(settings: settings)
        let (tree, root) = try encodeTree(value, rootKey: rootKey, settings: settings, namespaces: namespaces)
        if settings.writesDeclaration { try writer.declaration() }
        try tree.write(root, to: writer, namespaces: namespaces, declaresOnRoot: true)
        try writer.finish()
    }

    /// The value as a tree of elements, every name and (under `.throw`) every string checked.
    func encodeTree<T: Encodable>(_ value: T, rootKey: String?, settings: Settings, namespaces: XMLEncodingNamespaces) throws
        -> (XMLEncodedTree, root: Int)
    {
        var name = rootKey ?? Self.defaultRootKey(for: T.self)
        let context = XMLEncodingContext(settings: settings, bindings: namespaces.bindings)
        // A type whose plain keys are in a namespace is itself: its document element too.
        if let namespace = context.traits(of: T.self).keyNamespacing?.keyNamespace, XMLKeySpelling.isPlain(name) { name = "{\(namespace)}\(name)" }
        // Above the root, in the default namespace: a plain root key is in it.
        let document = context.tree.makeElement(XMLCodingName(local: "", uri: namespaces.defaultNamespace))
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
