import Foundation
import XMLStreaming
import XMLValidation
internal import XMLSyntax

/// Decodes `Decodable` values from XML, the way `JSONDecoder` decodes them from JSON.
///
/// ```swift
/// struct Site: Decodable { var code: String; var name: String; var activity: [Activity] }
/// let site = try XMLDecoder().decode(Site.self, from: Array(xml.utf8))
/// ```
///
/// The document element is the value; its name is not checked. A key reads the attribute of
/// that name, or else the child elements of that name; the element's own text is the key
/// `""` (see ``XMLDecoder/textKey``). The rules for the ambiguities of XML (one element or
/// an array of one, `<a/>` and absent, white space) are in the guide, docs/CodableXML.md.
// `@unchecked`: the class's one stored property is a `LockedValue` holding every setting, so
// a decoder shared between threads reads and writes them under its lock (SharedCoderTests
// share one between 64 tasks, under ThreadSanitizer in CI); a subclass adds its own state at
// its own risk, as with Foundation's coders, which are `@unchecked Sendable` the same way.
open class XMLDecoder: @unchecked Sendable {
    /// The key that reads an element's own text, beside its attributes and children:
    /// `case value = ""` in `CodingKeys`.
    public static let textKey = ""

    /// How keys are spelled in the document.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum KeyDecodingStrategy: Sendable {
        /// As the Swift key is spelled.
        case useDefaultKeys
        /// `site_code` for `siteCode`.
        case convertFromSnakeCase
        /// `site-code` for `siteCode`.
        case convertFromKebabCase
        /// `SiteCode` for `siteCode`.
        case convertFromCapitalized
        /// Your own spelling of each Swift key in the document (the coding path ends with it).
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> String)
    }

    /// Where a key's value is read from (shared with the encoder).
    public typealias NodePlacement = XMLNodePlacement
    /// How an array under a key is laid out (shared with the encoder).
    public typealias ArrayLayout = XMLArrayLayout

    /// How dates are read.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum DateDecodingStrategy: Sendable {
        /// ISO 8601 as XML Schema's `dateTime` and `date` spell it (`2012-03-01T06:00:00Z`,
        /// with any number of fractional digits, `2024-01-15`), and the variants feeds write: no
        /// seconds, a space for `T`, `±hhmm`; a date or time without a zone is read in
        /// ``XMLDecoder/assumedTimeZone``. The default.
        case iso8601
        /// RFC 822 as RFC 1123 and RFC 2822 revise it, the dates of RSS, HTTP and mail
        /// (`Mon, 15 Jan 2024 10:11:12 GMT`, `15 Jan 24 10:11 +0100`): an optional weekday (not
        /// checked against the date), English month names in any case, optional seconds, a
        /// numeric offset, `GMT`, `UT`, `Z` or a US zone name (`EST`, `PDT` …); none is read in
        /// ``XMLDecoder/assumedTimeZone``.
        case rfc822
        /// A number of seconds since 1970.
        case secondsSince1970
        /// A number of milliseconds since 1970.
        case millisecondsSince1970
        /// Through a formatter.
        case formatted(DateFormatter)
        /// Your own reading. A `DecodingError` it throws about the value is given the value's
        /// line and column, as the decoder's own errors are.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
        /// `Date`'s own `Decodable` (seconds since 2001, as `JSONDecoder` defaults to).
        case deferredToDate
    }

    /// How `Data` is read.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum DataDecodingStrategy: Sendable {
        /// Base64 (the default).
        case base64
        /// Hexadecimal digits, either case.
        case hex
        /// Your own reading; a `DecodingError` it throws is given the value's line and column.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
        /// `Data`'s own `Decodable` (an array of bytes).
        case deferredToData
    }

    /// How infinities and NaN are read. XML Schema's `INF`, `-INF` and `NaN` (and Swift's
    /// spellings) are always accepted; this adds your own.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum NonConformingFloatDecodingStrategy: Sendable {
        /// Read only XML Schema's and Swift's spellings; any other text is a `DecodingError`. The default.
        case `throw`
        /// Read these strings as positive infinity, negative infinity and NaN as well.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// What the text key (``textKey``) reads of an element whose text stands beside child
    /// elements: mixed content, `<string>Only <g>%1$s</g> left</string>`. To keep the text and
    /// the children in order, decode an array of an ``XMLChoice`` instead.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum MixedTextDecodingStrategy: Sendable {
        /// Fail, naming the element and its first child element: the text key alone would
        /// leave the children out. The default.
        case `throw`
        /// The element's own text, its runs joined, its children left out (`"Only  left"`).
        case ownText
        /// All the text inside the element, its children's included, in document order, as
        /// XPath's `string()` reads it (`"Only %1$s left"`).
        case allText
    }

    /// How keys are spelled in the document; as in Swift by default.
    open var keyDecodingStrategy: KeyDecodingStrategy {
        get { state.withLock { $0.keyDecodingStrategy } }
        set { state.withLock { $0.keyDecodingStrategy = newValue } }
    }
    /// How dates are read; ISO 8601 by default.
    open var dateDecodingStrategy: DateDecodingStrategy {
        get { state.withLock { $0.dateDecodingStrategy } }
        set { state.withLock { $0.dateDecodingStrategy = newValue } }
    }
    /// The time zone of a date written without one (`2024-03-05T10:11:12`, `2024-01-15`, an
    /// RFC 822 date with no zone), for ``DateDecodingStrategy/iso8601`` and
    /// ``DateDecodingStrategy/rfc822``; UTC by default. In a zone with summer time, a local
    /// time the clocks skip or repeat is read with the offset in force just before the change.
    open var assumedTimeZone: TimeZone {
        get { state.withLock { $0.assumedTimeZone } }
        set { state.withLock { $0.assumedTimeZone = newValue } }
    }
    /// How `Data` is read; base64 by default.
    open var dataDecodingStrategy: DataDecodingStrategy {
        get { state.withLock { $0.dataDecodingStrategy } }
        set { state.withLock { $0.dataDecodingStrategy = newValue } }
    }
    /// Spellings of infinities and NaN beside XML Schema's.
    open var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
        get { state.withLock { $0.nonConformingFloatDecodingStrategy } }
        set { state.withLock { $0.nonConformingFloatDecodingStrategy = newValue } }
    }
    /// Where each key is read from: given the coding path ending with the key. The default
    /// reads an attribute or else child elements; a type can also decide for its own keys by
    /// adopting ``XMLNodePlacing``.
    open var nodePlacement: (@Sendable (_ codingPath: [any CodingKey]) -> NodePlacement)? {
        get { state.withLock { $0.nodePlacement } }
        set { state.withLock { $0.nodePlacement = newValue } }
    }
    /// How each array is laid out: given the coding path ending with the array's key. The
    /// default is repeated elements; a type can also decide for its own keys by adopting
    /// ``XMLArrayLayouts``.
    open var arrayLayout: (@Sendable (_ codingPath: [any CodingKey]) -> ArrayLayout)? {
        get { state.withLock { $0.arrayLayout } }
        set { state.withLock { $0.arrayLayout = newValue } }
    }
    /// How each dictionary is laid out: given the coding path ending with the dictionary's
    /// key. The default names each entry by its key; a type can also decide for its own keys
    /// by adopting ``XMLMapLayouts``.
    open var mapLayout: (@Sendable (_ codingPath: [any CodingKey]) -> XMLMapLayout)? {
        get { state.withLock { $0.mapLayout } }
        set { state.withLock { $0.mapLayout = newValue } }
    }
    /// Whether text is trimmed of leading and trailing XML white space before it becomes a
    /// value (the default); `false` keeps it as written.
    open var trimsWhitespace: Bool {
        get { state.withLock { $0.trimsWhitespace } }
        set { state.withLock { $0.trimsWhitespace = newValue } }
    }
    /// What the text key reads of mixed content; by default it fails rather than drop the
    /// child elements' text.
    open var mixedTextDecodingStrategy: MixedTextDecodingStrategy {
        get { state.withLock { $0.mixedTextDecodingStrategy } }
        set { state.withLock { $0.mixedTextDecodingStrategy = newValue } }
    }
    /// Whether an element of an array of ``XMLChoice`` items that no case reads (a KML
    /// extension's element, a newer version's) is left out of the array, as a keyed value
    /// leaves out the elements no key reads. By default the array fails, naming the element
    /// and where it is. A choice whose own `init(from:)` asks first for something other than
    /// its keyed container has cases the decoder cannot learn: its items are never left out.
    open var skipsUnknownChoiceElements: Bool {
        get { state.withLock { $0.skipsUnknownChoiceElements } }
        set { state.withLock { $0.skipsUnknownChoiceElements = newValue } }
    }
    /// Whether references to the control characters XML 1.0 forbids are read into strings
    /// instead of failing the document: `&#1;` to `&#x1F;` but tab, line feed and carriage
    /// return, in text and attribute values. Default `false`.
    ///
    /// This reads documents that are not XML 1.0: XML 1.1 allows these references, and
    /// services write them (Amazon S3 lists an object key holding U+001E as `&#x1E;`). The
    /// characters themselves, written unescaped, are refused still, as are references in
    /// comments, CDATA sections and processing instructions, which are not references. While
    /// it is on, the noncharacters U+FDD0 to U+FDEF, which carry the references through the
    /// parser, cannot appear in the document: one stops it with
    /// `XMLParseError.Code.reservedCharacter` at its line and column. It applies to the
    /// decoder's own parses (`decode`, `document`, record streams), not to a handler stack's
    /// parser, whose options are the stack's; with recovery (``parserOptions``), the
    /// recovering reader reads them the same way.
    open var readsControlCharacterReferences: Bool {
        get { state.withLock { $0.readsControlCharacterReferences } }
        set { state.withLock { $0.readsControlCharacterReferences = newValue } }
    }
    /// What each document is validated against as it is read (`.dtd()`: its DTD, and the
    /// one ``parserOptions`` name in `externalDTD`; `.schema(schema)`: an XML Schema), or
    /// `nil` (the default) for no validation. While validating against a DTD, the parser
    /// expands the parameter entities of the internal subset, as a validating parser must. The first error stops the decode as an
    /// `XMLValidationError` with its line
    /// and column, before any value is made from the record that holds it; in a record
    /// stream, the records before it have been handed out, and what only the end of the
    /// document shows (an IDREF matching no ID, a root element ending early) comes after the
    /// last one.
    open var validation: XMLValidator? {
        get { state.withLock { $0.validation } }
        set { state.withLock { $0.validation = newValue } }
    }
    /// The parser's options: limits, encodings, namespaces, recovery.
    open var parserOptions: XMLParserOptions {
        get { state.withLock { $0.parserOptions } }
        set { state.withLock { $0.parserOptions = newValue } }
    }
    /// Values for your types' `init(from:)`, as `decoder.userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] {
        get { state.withLock { $0.userInfo } }
        set { state.withLock { $0.userInfo = newValue } }
    }

    /// Every setting as one `Sendable` value: what a decode reads, taken when it starts (a
    /// record stream and a handler-stack route keep theirs).
    struct Settings: Sendable {
        var keyDecodingStrategy = KeyDecodingStrategy.useDefaultKeys
        var dateDecodingStrategy = DateDecodingStrategy.iso8601
        var assumedTimeZone = TimeZone(identifier: "UTC")!
        var dataDecodingStrategy = DataDecodingStrategy.base64
        var nonConformingFloatDecodingStrategy = NonConformingFloatDecodingStrategy.throw
        var nodePlacement: (@Sendable (_ codingPath: [any CodingKey]) -> NodePlacement)?
        var arrayLayout: (@Sendable (_ codingPath: [any CodingKey]) -> ArrayLayout)?
        var mapLayout: (@Sendable (_ codingPath: [any CodingKey]) -> XMLMapLayout)?
        var trimsWhitespace = true
        var mixedTextDecodingStrategy = MixedTextDecodingStrategy.throw
        var skipsUnknownChoiceElements = false
        var readsControlCharacterReferences = false
        var parserOptions = XMLParserOptions()
        var validation: XMLValidator?
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    }

    /// The settings, under a lock: a decoder may be shared between tasks and threads, as
    /// Foundation's `JSONDecoder` may; a change made while another thread decodes applies
    /// to its next decode.
    private let state = LockedValue(Settings())

    /// The settings as the properties give them now (through their getters, so that a
    /// subclass that overrides one is heard).
    var settings: Settings {
        var options = parserOptions
        options.readsControlCharacterReferences = readsControlCharacterReferences
        return Settings(
            keyDecodingStrategy: keyDecodingStrategy, dateDecodingStrategy: dateDecodingStrategy, assumedTimeZone: assumedTimeZone,
            dataDecodingStrategy: dataDecodingStrategy, nonConformingFloatDecodingStrategy: nonConformingFloatDecodingStrategy,
            nodePlacement: nodePlacement, arrayLayout: arrayLayout, mapLayout: mapLayout, trimsWhitespace: trimsWhitespace,
            mixedTextDecodingStrategy: mixedTextDecodingStrategy, skipsUnknownChoiceElements: skipsUnknownChoiceElements,
            readsControlCharacterReferences: readsControlCharacterReferences, parserOptions: options, validation: validation,
            userInfo: userInfo)
    }

    /// Creates a decoder with the default settings.
    public init() {}

    /// Decodes a value from a document in memory.
    open func decode<T: Decodable>(_ type: T.Type, from bytes: some Sequence<UInt8>, fileName: String? = nil) throws -> T {
        try decodeDocument(type, size: bytes.underestimatedCount) { parser in
            parser.fileName = fileName
            try parser.parse(bytes)
        }
    }

    /// Decodes a value from a document in memory.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, from: data, fileName: nil)
    }

    /// Decodes a value from a file.
    open func decode<T: Decodable>(_ type: T.Type, contentsOf path: String) throws -> T {
        try decodeDocument(type, size: Self.fileSize(path)) { try $0.parse(contentsOf: path) }
    }

    /// Decodes a value from a file descriptor, read to its end.
    open func decode<T: Decodable>(_ type: T.Type, fileDescriptor: Int32, name: String? = nil) throws -> T {
        try decodeDocument(type) { try $0.parse(fileDescriptor: fileDescriptor, name: name) }
    }

    /// Decodes a value from chunks of bytes as they arrive.
    open func decode<T: Decodable, Chunks: AsyncSequence>(_ type: T.Type, from chunks: Chunks) async throws -> T
    where Chunks.Element: Sequence<UInt8> {
        let settings = settings
        let (parser, records) = Self.recordParser(path: [], options: settings.parserOptions, validation: settings.validation)
        try await parser.parse(chunks)
        return try Self.decode(type, from: records.document(), settings: settings)
    }

    /// Reads a whole document through `input` and decodes it, with the settings as they are
    /// when it starts. `size`: the input's size when known (0 when not), to size the record.
    private func decodeDocument<T: Decodable>(
        _ type: T.Type, size: Int = 0, _ input: (XMLStreamParser<XMLRecordBuilder>) throws -> Void
    ) throws -> T {
        let settings = settings
        let (parser, records) = Self.recordParser(
            path: [], options: settings.parserOptions, validation: settings.validation, inputSize: size > 0 ? size : nil)
        try input(parser)
        return try Self.decode(type, from: records.document(), settings: settings)
    }

    /// A regular file's size, or 0.
    static func fileSize(_ path: String) -> Int {
        var info = stat()
        guard unsafe stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
        return Int(info.st_size)
    }

    /// The records a parser made, in order, until they are taken.
    final class Records {
        var queue: [XMLRecord] = []
        var head = 0

        /// The next record, or `nil`.
        func take() -> XMLRecord? {
            guard head < queue.count else { return nil }
            defer {
                head += 1
                if head == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    head = 0
                }
            }
            return queue[head]
        }

        /// The document element's record, after a whole document.
        func document() throws -> XMLRecord {
            guard let record = take() else { throw XMLDecodingFailure.noDocumentElement }
            return record
        }
    }

    /// A parser that builds a record of each element at `path` (the document element when
    /// empty) and queues it.
    static func recordParser(path: [String], options: XMLParserOptions, validation: XMLValidator?, inputSize: Int? = nil)
        -> (XMLStreamParser<XMLRecordBuilder>, Records)
    {
        let records = Records()
        let parser = XMLStreamParser(
            handler: XMLRecordBuilder(
                path: path, namespaced: options.processesNamespaces, controlCharacters: options.readsControlCharacterReferences,
                inputSize: inputSize, validation: validation
            ) {
                records.queue.append($0)
            },
            options: validation?.parserOptions(options) ?? options)
        return (parser, records)
    }

    /// Decodes one record (the document element, or one element of a stream).
    func decode<T: Decodable>(_ type: T.Type, from record: XMLRecord, codingPath: [any CodingKey] = []) throws -> T {
        try Self.decode(type, from: record, settings: settings, codingPath: codingPath)
    }

    /// `traits` may come from the records decoded before, so each type's conformances are
    /// looked up once per stream or route rather than once per record.
    static func decode<T: Decodable>(
        _ type: T.Type, from record: XMLRecord, settings: Settings, codingPath: [any CodingKey] = [],
        traits: XMLTypeTraits.Cache = XMLTypeTraits.Cache()
    ) throws -> T {
        let context = XMLDecodingContext(record: record, settings: settings, traits: traits)
        let decoder = XMLValueDecoder(context: context, value: .element(XMLRecord.root), codingPath: codingPath)
        return try decoder.decodeValue(type)
    }
}

/// Failures that are not about a value.
enum XMLDecodingFailure: Error, CustomStringConvertible {
    case noDocumentElement

    var description: String { "the document has no element" }
}
