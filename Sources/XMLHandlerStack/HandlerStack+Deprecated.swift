import XMLStreaming

// The spellings before 0.2, for one release (CHANGELOG.md): `unknownElements:` set the
// policy while the property of that name is the list it collects, and `trimsText` was the
// decoder's `trimsWhitespace` under another name.
extension HandlerStack {
    /// Creates a stack over `root`: the labels before 0.2.
    @available(*, deprecated, renamed: "init(root:routes:unknownElementPolicy:trimsWhitespace:)")
    @_disfavoredOverload
    public init(root: Root, routes: ParseRoutes, unknownElements: UnknownElementPolicy = .ignore, trimsText: Bool = true) {
        self.init(root: root, routes: routes, unknownElementPolicy: unknownElements, trimsWhitespace: trimsText)
    }

    /// Whether text is trimmed: the name before 0.2.
    @available(*, deprecated, renamed: "trimsWhitespace")
    public var trimsText: Bool {
        get { trimsWhitespace }
        set { trimsWhitespace = newValue }
    }

    /// Parses with a fresh stack over `root`: the labels before 0.2.
    @available(*, deprecated, renamed: "parse(root:routes:unknownElementPolicy:trimsWhitespace:options:input:)")
    @_disfavoredOverload
    public static func parse(
        root: Root, routes: ParseRoutes, unknownElements: UnknownElementPolicy = .ignore, trimsText: Bool = true,
        options: XMLParserOptions = XMLParserOptions(), input: (XMLStreamParser<HandlerStack>) throws -> Void
    ) throws -> Root {
        try parse(
            root: root, routes: routes, unknownElementPolicy: unknownElements, trimsWhitespace: trimsText, options: options,
            input: input)
    }

    /// Streams a file through a fresh stack: the labels before 0.2.
    @available(*, deprecated, renamed: "parse(contentsOf:root:routes:unknownElementPolicy:trimsWhitespace:options:)")
    @_disfavoredOverload
    public static func parse(
        contentsOf path: String, root: Root, routes: ParseRoutes, unknownElements: UnknownElementPolicy = .ignore,
        trimsText: Bool = true, options: XMLParserOptions = XMLParserOptions()
    ) throws -> Root {
        try parse(
            contentsOf: path, root: root, routes: routes, unknownElementPolicy: unknownElements, trimsWhitespace: trimsText,
            options: options)
    }

    /// Parses a document in memory through a fresh stack: the labels before 0.2.
    @available(*, deprecated, renamed: "parse(_:root:routes:unknownElementPolicy:trimsWhitespace:options:)")
    @_disfavoredOverload
    public static func parse(
        _ bytes: some Sequence<UInt8>, root: Root, routes: ParseRoutes, unknownElements: UnknownElementPolicy = .ignore,
        trimsText: Bool = true, options: XMLParserOptions = XMLParserOptions()
    ) throws -> Root {
        try parse(
            bytes, root: root, routes: routes, unknownElementPolicy: unknownElements, trimsWhitespace: trimsText,
            options: options)
    }

    /// Parses a document in a string through a fresh stack: the labels before 0.2.
    @available(*, deprecated, renamed: "parse(_:root:routes:unknownElementPolicy:trimsWhitespace:options:)")
    @_disfavoredOverload
    public static func parse(
        _ string: String, root: Root, routes: ParseRoutes, unknownElements: UnknownElementPolicy = .ignore,
        trimsText: Bool = true, options: XMLParserOptions = XMLParserOptions()
    ) throws -> Root {
        try parse(
            string, root: root, routes: routes, unknownElementPolicy: unknownElements, trimsWhitespace: trimsText,
            options: options)
    }
}
