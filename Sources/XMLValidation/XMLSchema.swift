import XMLStreaming

/// A W3C XML Schema 1.0, compiled once from its documents and reused by any number of
/// validations, on any thread.
///
/// ```swift
/// let schema = try XMLSchema(contentsOf: "schedule.xsd")
/// let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: schema))
/// try parser.parse(contentsOf: "feed.xml")   // throws XMLValidationError at the first error
/// ```
///
/// The documents a schema includes and imports are read from local files only: a
/// `schemaLocation` is taken relative to the document that names it, and a namespace or
/// URL can be mapped to a file through ``Options/catalog``. Nothing is fetched from the
/// network, and a document that would need it is an error (`unreadable-schema`). A schema
/// that breaks the recommendation's rules for schemas is an error too (`invalid-schema`),
/// at the schema element at fault; constructs this version does not validate yet are
/// refused (`unsupported-schema-feature`) rather than ignored.
public final class XMLSchema: Sendable {
    /// Where a schema's documents may come from, and the limits on reading them.
    public struct Options: Hashable, Sendable {
        /// Local files for namespaces and URLs: an `<xs:import>` of a namespace in the
        /// catalog reads its file, and a `schemaLocation` in the catalog reads the file it
        /// maps to. The XML namespace's attributes (`xml:lang`, `xml:space`, `xml:base`,
        /// `xml:id`) are built in.
        public var catalog: [String: String]
        /// The most documents one schema may read. Default 1,000.
        public var maximumDocuments: Int
        /// The largest schema document, in bytes; `nil` for no limit. Default 64 MiB.
        public var maximumDocumentSize: Int?
        /// The most work one content model may take, counted in its particles (each group as
        /// often as it is referenced) and the particles compared checking its Unique Particle
        /// Attribution; all of a schema's content models together may take ten times as much.
        /// Default 1,000,000: a model of thousands of particles takes a fraction of it, and
        /// DocBook 5's schema all of its models together less than a tenth.
        public var maximumContentModelWork: Int
        /// The most instructions one `pattern` may compile to, its counts expanded
        /// (`[a-z]{1000}` is 1,000). Default 100,000.
        public var maximumPatternSize: Int

        /// Creates options; each default is described with its property.
        public init(
            catalog: [String: String] = [:], maximumDocuments: Int = 1_000, maximumDocumentSize: Int? = 64 << 20,
            maximumContentModelWork: Int = 1_000_000, maximumPatternSize: Int = 100_000
        ) {
            self.catalog = catalog
            self.maximumDocuments = maximumDocuments
            self.maximumDocumentSize = maximumDocumentSize
            self.maximumContentModelWork = maximumContentModelWork
            self.maximumPatternSize = maximumPatternSize
        }
    }

    let model: XSDModel

    /// What the schema compiled without: each `<xs:import>` whose document could not be
    /// read (a file that is not there, or a location on the network, which is never
    /// reached), once per namespace, at the import, and each `<xs:include>` (or
    /// `<xs:redefine>` that redefines nothing) whose document could not be read, at it. A
    /// location that does not resolve is not an error (Structures 4.2.1 to 4.2.3), so the
    /// schema compiles, but the components that document would declare are unknown: a
    /// reference to one is an error when the schema is compiled, and its elements under a
    /// `lax` or `skip` wildcard pass unchecked. `xmllint --schema` prints the same for an
    /// import as warnings.
    public let warnings: [XMLValidationError]

    /// The schema whose first document is the file at `path`.
    public convenience init(contentsOf path: String, options: Options = Options()) throws(XMLValidationError) {
        try self.init(sources: [.file(path)], options: options)
    }

    /// The schema whose first documents are the files at `paths` (one per namespace, as
    /// `xmllint --schema` takes one and xmlschema several).
    public convenience init(contentsOf paths: [String], options: Options = Options()) throws(XMLValidationError) {
        try self.init(sources: paths.map { .file($0) }, options: options)
    }

    /// The schema whose first document is `bytes`; `name` is its file name in messages, and
    /// the directory relative `schemaLocation`s start from.
    public convenience init(bytes: [UInt8], name: String = "schema.xsd", options: Options = Options()) throws(XMLValidationError) {
        try self.init(sources: [.bytes(bytes, name: name)], options: options)
    }

    /// The schema whose first document is `text`, as ``init(bytes:name:options:)``.
    public convenience init(string text: String, name: String = "schema.xsd", options: Options = Options()) throws(XMLValidationError) {
        try self.init(bytes: Array(text.utf8), name: name, options: options)
    }

    private init(sources: [XSDSchemaSource], options: Options) throws(XMLValidationError) {
        do {
            var loader = XSDSchemaLoader(options: options)
            try loader.load(sources)
            var compiler = XSDSchemaCompiler(
                documents: loader.documents, options: options, unreadImports: loader.unreadImports, unreadIncludes: loader.unreadIncludes)
            model = try compiler.compile()
            let imports = compiler.unreadImports.map { namespace, unread in
                var warning = unread
                warning.message = "the <xs:import> of \(namespace.map { "namespace \($0)" } ?? "no namespace") was passed over: "
                    + "\(unread.message); its components are unknown, and its elements that a lax or skip wildcard allows are not checked"
                return warning
            }
            let includes = loader.unreadIncludes.map { unread in
                var warning = unread.error
                warning.message = "the <xs:\(unread.element)> was passed over: \(unread.error.message); the components of the "
                    + "document it names are unknown"
                return warning
            }
            warnings = (imports + includes).sorted { ($0.file ?? "", $0.position.byteOffset) < ($1.file ?? "", $1.position.byteOffset) }
                .map(\.validationError)
        } catch {
            throw error.validationError
        }
    }

    /// The schema's documents, in the order they were read.
    public var files: [String] { model.files }
}
