import XMLStreaming

// One-call parsing: make the stack, stream the input, return the root, or roll back and
// rethrow.
extension HandlerStack {
    /// Parses with a fresh stack over `root` and returns the root, or throws after telling
    /// the root that parsing failed.
    ///
    /// - Parameters:
    ///   - root: The consumer of the document element, returned filled in.
    ///   - routes: Which consumer takes which child element.
    ///   - unknownElementPolicy: What to do with an element no route names.
    ///   - trimsWhitespace: Whether text is trimmed of XML white space before consumers get it.
    ///   - options: The parser's options: limits, encodings, namespaces, recovery.
    ///   - input: Feeds the parser (for example `{ try $0.parse(contentsOf: path) }`).
    public static func parse(
        root: Root, routes: ParseRoutes, unknownElementPolicy: UnknownElementPolicy = .ignore, trimsWhitespace: Bool = true,
        options: XMLParserOptions = XMLParserOptions(),
        input: (XMLStreamParser<HandlerStack>) throws -> Void
    ) throws -> Root {
        let stack = HandlerStack(root: root, routes: routes, unknownElementPolicy: unknownElementPolicy, trimsWhitespace: trimsWhitespace)
        let parser = XMLStreamParser(handler: stack, options: options)
        do {
            try input(parser)
        } catch {
            parser.handler.abandon(after: error)
            throw error
        }
        return parser.handler.root
    }

    /// Streams a file through a fresh stack and returns the root.
    public static func parse(
        contentsOf path: String, root: Root, routes: ParseRoutes, unknownElementPolicy: UnknownElementPolicy = .ignore,
        trimsWhitespace: Bool = true, options: XMLParserOptions = XMLParserOptions()
    ) throws -> Root {
        try parse(
            root: root, routes: routes, unknownElementPolicy: unknownElementPolicy, trimsWhitespace: trimsWhitespace, options: options
        ) { try $0.parse(contentsOf: path) }
    }

    /// Parses a document in memory through a fresh stack and returns the root.
    public static func parse(
        _ bytes: some Sequence<UInt8>, root: Root, routes: ParseRoutes,
        unknownElementPolicy: UnknownElementPolicy = .ignore, trimsWhitespace: Bool = true,
        options: XMLParserOptions = XMLParserOptions()
    ) throws -> Root {
        try parse(
            root: root, routes: routes, unknownElementPolicy: unknownElementPolicy, trimsWhitespace: trimsWhitespace, options: options
        ) { try $0.parse(bytes) }
    }

    /// Parses a document in a string through a fresh stack and returns the root.
    public static func parse(
        _ string: String, root: Root, routes: ParseRoutes, unknownElementPolicy: UnknownElementPolicy = .ignore,
        trimsWhitespace: Bool = true, options: XMLParserOptions = XMLParserOptions()
    ) throws -> Root {
        try parse(Array(string.utf8), root: root, routes: routes, unknownElementPolicy: unknownElementPolicy,
            trimsWhitespace: trimsWhitespace, options: options)
    }
}
