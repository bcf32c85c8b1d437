import XMLStreaming

extension XMLSchema {
    /// A schema document a document names for itself: a pair of its document element's
    /// `xsi:schemaLocation`, or its `xsi:noNamespaceSchemaLocation`.
    ///
    /// Hints are followed only when you ask (``init(locationHints:relativeTo:options:)``),
    /// and only to local files: as for a schema's own imports, a location is a path relative
    /// to the document's file, a `file:` URL (with no host, or `localhost`), or a URL
    /// ``Options/catalog`` maps to a file.
    public struct LocationHint: Hashable, Sendable {
        /// The namespace the schema document describes; `nil` for
        /// `xsi:noNamespaceSchemaLocation`.
        public var namespace: String?
        /// Where it is, as the document writes it.
        public var location: String

        /// Creates a hint.
        public init(namespace: String?, location: String) {
            self.namespace = namespace
            self.location = location
        }

        /// The local file the hint names, as ``XMLSchema/init(locationHints:relativeTo:options:)``
        /// reads it: what `options.catalog` maps the location to, a `file:` URL's path (its
        /// percent escapes decoded), or the location relative to the directory of
        /// `documentPath` (`nil`: the current directory). `nil` when it names no local file
        /// (`http://…` not in the catalog, or a `file:` URL on another host).
        public func localPath(relativeTo documentPath: String?, options: Options = Options()) -> String? {
            XSDSchemaLoader.localPath(of: location, relativeTo: documentPath, catalog: options.catalog)
        }
    }

    /// The location hints of the document in the file at `path`: its document element's
    /// `xsi:schemaLocation` pairs, then its `xsi:noNamespaceSchemaLocation`, in the order
    /// written. Hints on other elements are not read (as most processors have it). Reads
    /// the file only up to the end of the document element's start tag.
    ///
    /// - Throws: `XMLInputError` when the file cannot be opened; `XMLParseError` when it
    ///   is not well-formed before that point; ``XMLValidationError`` (`unreadable-schema`)
    ///   when `xsi:schemaLocation` does not hold pairs.
    public static func locationHints(inDocumentAt path: String, options: XMLParserOptions = XMLParserOptions()) throws
        -> [LocationHint]
    {
        let parser = XMLStreamParser(handler: LocationHintReader(), options: options)
        do {
            try parser.parse(contentsOf: path)
        } catch is LocationHintReader.Done {}
        return try parser.handler.hints(in: path)
    }

    /// The location hints of the document in `bytes`, as
    /// ``locationHints(inDocumentAt:options:)``; `name` is the document's name in errors.
    public static func locationHints(
        in bytes: [UInt8], name: String = "<input>", options: XMLParserOptions = XMLParserOptions()
    ) throws -> [LocationHint] {
        let parser = XMLStreamParser(handler: LocationHintReader(), options: options)
        parser.fileName = name
        do {
            try parser.parse(bytes)
        } catch is LocationHintReader.Done {}
        return try parser.handler.hints(in: name)
    }

    /// The schema a document's location hints name: one first document per hint (the first
    /// hint for a namespace wins), each location resolved against the directory of
    /// `documentPath` (`nil`: the current directory), or through ``Options/catalog``.
    ///
    /// ```swift
    /// let hints = try XMLSchema.locationHints(inDocumentAt: "feed.xml")
    /// let schema = try XMLSchema(locationHints: hints, relativeTo: "feed.xml")
    /// ```
    ///
    /// - Throws: ``XMLValidationError`` `unreadable-schema` when there is no hint, or one
    ///   names no local file (`http://…` not in the catalog: the network is never reached);
    ///   then as ``init(contentsOf:options:)-(String,_)``.
    public convenience init(locationHints hints: [LocationHint], relativeTo documentPath: String?, options: Options = Options())
        throws(XMLValidationError)
    {
        guard !hints.isEmpty else {
            throw XMLValidationError(
                code: .unreadableSchema,
                message: "the document names no schema: its document element has no xsi:schemaLocation or xsi:noNamespaceSchemaLocation",
                position: .start, fileName: documentPath)
        }
        var paths: [String] = []
        var namespaces: Set<String?> = []
        for hint in hints where namespaces.insert(hint.namespace).inserted {
            guard let path = hint.localPath(relativeTo: documentPath, options: options) else {
                throw XMLValidationError(
                    code: .unreadableSchema,
                    message: "the document names its schema at \(hint.location), which is not a local file; location hints "
                        + "are followed to local files only (map it to a file in XMLSchema.Options.catalog)",
                    position: .start, fileName: documentPath)
            }
            paths.append(path)
        }
        try self.init(contentsOf: paths, options: options)
    }
}

/// Keeps the document element's `xsi:` location attributes, then stops the parse.
struct LocationHintReader: XMLEventHandler {
    /// Thrown to stop the parse at the document element: nothing after it is read.
    struct Done: Error {}

    private var schemaLocation: String?
    private var noNamespaceSchemaLocation: String?
    private var position = XMLPosition.start
    private var locator = XMLLocator.detached

    mutating func startDocument(_ locator: XMLLocator) throws { self.locator = locator }

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        schemaLocation = attributes[localName: "schemaLocation", namespace: xsiNamespace]?.string
        noNamespaceSchemaLocation = attributes[localName: "noNamespaceSchemaLocation", namespace: xsiNamespace]?.string
        position = locator.position
        throw Done()
    }

    /// The hints found; `xsi:schemaLocation` must hold pairs of a namespace and a location.
    func hints(in document: String) throws(XMLValidationError) -> [XMLSchema.LocationHint] {
        var hints: [XMLSchema.LocationHint] = []
        if let schemaLocation {
            let items = schemaLocation.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
            guard items.count % 2 == 0 else {
                throw XMLValidationError(
                    code: .unreadableSchema,
                    message: "xsi:schemaLocation holds \(items.count) items; it takes pairs of a namespace and a location",
                    position: position, fileName: document)
            }
            for pair in stride(from: 0, to: items.count, by: 2) {
                hints.append(XMLSchema.LocationHint(namespace: items[pair], location: items[pair + 1]))
            }
        }
        if let location = noNamespaceSchemaLocation.map({ XSDWhiteSpace.collapse.normalize($0) }), !location.isEmpty {
            hints.append(XMLSchema.LocationHint(namespace: nil, location: location))
        }
        return hints
    }
}
