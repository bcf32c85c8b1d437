import XMLStreaming
import XMLWriting
internal import XMLSyntax

/// A parsed XML document as an immutable tree: ordered, compact, `Sendable`.
///
/// ```swift
/// let document = try XMLTreeDocument(contentsOf: "schedule.xml")
/// for site in document.root!.children(named: "sites").first!.children(named: "site") {
///     print(site["code"] ?? "", site.childText(named: "name") ?? "")
/// }
/// ```
///
/// The nodes live in contiguous records with one shared pool of text (see `TreeStorage`),
/// so a tree costs about twice its file in memory, not one heap object per node. Nodes are
/// small handles (``XMLTreeNode``) into it; copying a document or a node copies a reference.
public struct XMLTreeDocument: Sendable {
    let storage: TreeStorage

    init(storage: TreeStorage) {
        self.storage = storage
    }

    /// How the tree is built.
    public struct Options: Hashable, Sendable {
        /// The parser's options (namespaces, limits, encoding, recovery).
        public var parserOptions: XMLParserOptions
        /// Leave out text nodes that are only white space. Default `false`: white space is data.
        public var dropsWhitespaceText: Bool

        /// Creates options: by default the parser's own defaults, and white-space text kept.
        public init(parserOptions: XMLParserOptions = XMLParserOptions(), dropsWhitespaceText: Bool = false) {
            self.parserOptions = parserOptions
            self.dropsWhitespaceText = dropsWhitespaceText
        }

        /// Creates options with the label before 0.2.
        @available(*, deprecated, renamed: "init(parserOptions:dropsWhitespaceText:)")
        @_disfavoredOverload
        public init(parser: XMLParserOptions = XMLParserOptions(), dropsWhitespaceText: Bool = false) {
            self.init(parserOptions: parser, dropsWhitespaceText: dropsWhitespaceText)
        }

        /// The parser's options: the name before 0.2.
        @available(*, deprecated, renamed: "parserOptions")
        public var parser: XMLParserOptions {
            get { parserOptions }
            set { parserOptions = newValue }
        }
    }

    /// Parses a file.
    public init(contentsOf path: String, options: Options = Options()) throws {
        var status = stat()
        let parser = unsafe Self.parser(options, expectedSize: stat(path, &status) == 0 ? Int(status.st_size) : nil)
        try parser.parse(contentsOf: path)
        self.init(parsedBy: parser, options: options)
    }

    /// Parses bytes in memory.
    public init(bytes: some Sequence<UInt8>, options: Options = Options()) throws {
        let parser = Self.parser(options)
        try parser.parse(bytes)
        self.init(parsedBy: parser, options: options)
    }

    /// Parses a string.
    public init(string: String, options: Options = Options()) throws {
        try self.init(bytes: Array(string.utf8), options: options)
    }

    /// Parses everything readable from a file descriptor (a pipe, a socket, standard input).
    public init(fileDescriptor: Int32, name: String? = nil, options: Options = Options()) throws {
        let parser = Self.parser(options)
        try parser.parse(fileDescriptor: fileDescriptor, name: name)
        self.init(parsedBy: parser, options: options)
    }

    /// Parses a document arriving as an asynchronous sequence of byte chunks (a network
    /// download, `FileHandle.bytes`), split anywhere.
    public init<Chunks: AsyncSequence>(chunks: Chunks, options: Options = Options()) async throws
    where Chunks.Element: Sequence<UInt8> {
        let parser = Self.parser(options)
        try await parser.parse(chunks)
        self.init(parsedBy: parser, options: options)
    }

    /// A stream parser that builds a tree, its storage reserved up front when the size of
    /// the document is known.
    private static func parser(_ options: Options, expectedSize: Int? = nil) -> XMLStreamParser<TreeBuilder> {
        var builder = TreeBuilder(dropsWhitespaceText: options.dropsWhitespaceText)
        if let expectedSize { builder.reserve(forDocumentOfSize: expectedSize) }
        return XMLStreamParser(handler: builder, options: options.parserOptions)
    }

    /// The tree a finished parse built.
    private init(parsedBy parser: XMLStreamParser<TreeBuilder>, options: Options) {
        self.init(storage: parser.handler.takeStorage(namespaced: options.parserOptions.processesNamespaces))
    }

    /// The document node: the parent of the root element and of the processing
    /// instructions and comments around it.
    public var documentNode: XMLTreeNode { XMLTreeNode(storage: storage, index: 0) }

    /// The root element, if the document has one (a parsed document always does).
    public var root: XMLTreeNode? { documentNode.firstChildElement }

    /// The document type declaration, if the document has one: its name and external
    /// identifiers (the declarations of its internal subset are ``internalSubset``).
    public var doctype: XMLDoctype? { storage.doctype?.declaration }

    /// The declarations, comments and processing instructions of the DOCTYPE's internal
    /// subset, in document order, as the parser reported them: what
    /// ``write(to:indentation:declaration:)`` writes back, and what
    /// `XMLStreamWriter.doctype(name:publicID:systemID:internalSubset:)` takes. The
    /// entities are expanded in the tree already; their declarations stay here. After a
    /// reference to a parameter entity, which the parser never reads, XML has it ignore the
    /// entity and attribute-list declarations that follow, so those are not here (nor is the
    /// reference).
    public var internalSubset: [XMLMarkupDeclaration] { storage.doctype?.subset ?? [] }

    /// How many nodes the tree has, the document node included.
    public var nodeCount: Int { storage.nodes.count }

    /// Bytes of memory the tree's storage holds.
    public var memoryFootprint: Int { storage.byteCount }

    /// Every node in document order, the document node first.
    public var allNodes: some Sequence<XMLTreeNode> {
        let storage = storage
        return (0..<storage.nodes.count).lazy.map { XMLTreeNode(storage: storage, index: Int32($0)) }
    }
}
