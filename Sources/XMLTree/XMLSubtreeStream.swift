internal import XMLSyntax
import XMLStreaming

/// Streams a big document as small trees, what Python's `iterparse` gives: each element at
/// a path (`"schedule/sites/site"`) is built as a tree of its own, handed over, and
/// forgotten, so memory holds one subtree at a time.
///
/// ```swift
/// try XMLSubtreeStream.forEach("schedule/sites/site", contentsOf: "feed.xml") { site in
///     print(site["code"] ?? "", site.childText(named: "name") ?? "")
/// }
/// ```
public enum XMLSubtreeStream {
    /// Calls `body` with each element at `path` (element names from the root, separated by
    /// `/`; `*` matches any one element), in document order. Throwing from `body` stops.
    public static func forEach(
        _ path: String, contentsOf file: String, options: XMLTreeDocument.Options = XMLTreeDocument.Options(),
        _ body: (XMLTreeNode) throws -> Void
    ) throws {
        try withoutActuallyEscaping(body) { body in
            let parser = XMLStreamParser(handler: SubtreeHandler(path: path, options: options, body: body), options: options.parserOptions)
            try parser.parse(contentsOf: file)
        }
    }

    /// The same for a document in memory.
    public static func forEach(
        _ path: String, in bytes: some Sequence<UInt8>, options: XMLTreeDocument.Options = XMLTreeDocument.Options(),
        _ body: (XMLTreeNode) throws -> Void
    ) throws {
        try withoutActuallyEscaping(body) { body in
            let parser = XMLStreamParser(handler: SubtreeHandler(path: path, options: options, body: body), options: options.parserOptions)
            try parser.parse(bytes)
        }
    }
}

/// Follows the element path; inside a match, forwards events to a tree builder.
struct SubtreeHandler: XMLEventHandler {
    let steps: [String]
    var builder: TreeBuilder
    let namespaced: Bool
    let body: (XMLTreeNode) throws -> Void
    /// The local names of the open elements while they still match the path's prefix.
    private var depth = 0
    /// How many of the open elements match the path step for step.
    private var matched = 0
    /// The depth of the matching element being built, or 0.
    private var buildingAt = 0

    init(path: String, options: XMLTreeDocument.Options, body: @escaping (XMLTreeNode) throws -> Void) {
        steps = path.split(separator: "/").map(String.init)
        builder = TreeBuilder(dropsWhitespaceText: options.dropsWhitespaceText)
        namespaced = options.parserOptions.processesNamespaces
        self.body = body
    }

    mutating func startDocument(_ locator: XMLLocator) throws {
        try builder.startDocument(locator)
    }

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        depth += 1
        if buildingAt > 0 {
            try builder.startElement(name, attributes: attributes)
            return
        }
        guard matched == depth - 1, depth <= steps.count else { return }
        let step = steps[depth - 1]
        // Code points: `é` and `e` + U+0301 are two names (the view compares bytes).
        guard step == "*" || name.localName == step || name.qualifiedName.hasSameCodePoints(as: step) else { return }
        matched = depth
        if depth == steps.count {
            buildingAt = depth
            builder.beginFragment()
            try builder.startElement(name, attributes: attributes)
        }
    }

    mutating func endElement(_ name: XMLName) throws {
        defer {
            if matched == depth { matched -= 1 }
            depth -= 1
        }
        guard buildingAt > 0 else { return }
        try builder.endElement(name)
        if depth == buildingAt {
            buildingAt = 0
            let tree = XMLTreeDocument(storage: builder.takeStorage(namespaced: namespaced))
            if let root = tree.root { try body(root) }
        }
    }

    mutating func characters(_ text: XMLStringView) throws { if buildingAt > 0 { try builder.characters(text) } }
    /// A reference inside a subtree is a node of it; one outside every subtree is in no tree,
    /// and nothing reads it.
    mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws {
        if buildingAt > 0 { try builder.skippedEntity(name: name, isParameterEntity: isParameterEntity) }
    }
    mutating func startCDATA() throws { if buildingAt > 0 { try builder.startCDATA() } }
    mutating func endCDATA() throws { if buildingAt > 0 { try builder.endCDATA() } }
    mutating func comment(_ text: XMLStringView) throws { if buildingAt > 0 { try builder.comment(text) } }
    mutating func processingInstruction(target: XMLStringView, data: XMLStringView) throws {
        if buildingAt > 0 { try builder.processingInstruction(target: target, data: data) }
    }
}
