import Foundation
import XMLStreaming

/// One schema document, read: its tree, and the namespace its components go into.
struct XSDSchemaDocument {
    let root: SchemaNode
    /// The `targetNamespace`, or, for a document included without one, the includer's.
    let targetNamespace: String?
    let elementsQualified: Bool
    let attributesQualified: Bool
    /// Included without a target namespace into one: its references to names in no
    /// namespace are to names in the includer's (Structures 4.2.1).
    var isChameleon = false

    /// The `finalDefault` and `blockDefault` of the document's root.
    var finalDefault: String? { root.attributes["finalDefault"] }
    var blockDefault: String? { root.attributes["blockDefault"] }
}

/// Reads a schema's documents: the ones the caller names, and those they include and
/// import, from local files only, each once, under the limits of ``XMLSchema/Options``.
struct XSDSchemaLoader {
    let options: XMLSchema.Options
    private(set) var documents: [XSDSchemaDocument] = []
    /// Documents read, by path and the namespace they were read into (a document without a
    /// target namespace included into two namespaces is two documents).
    private var seen: Set<String> = []
    /// Documents read, by path and the namespace their components went into: a document
    /// named first and then included back (a cycle of includes) is read once.
    private var readInto: Set<String> = []
    /// Documents to read: the namespace an include or redefine reads one into, and the one
    /// an import names (`.some(nil)`: no namespace), which its `targetNamespace` must be.
    private var pending: [(source: XSDSchemaSource, namespace: String??, imported: String??, from: SchemaNode?)] = []
    /// The `targetNamespace` of each document read, by identity, for a second import of it.
    private var declaredNamespaces: [String: String?] = [:]
    /// Imports whose document could not be read, by the namespace they name: why, at the
    /// first such `<xs:import>`, for the references to that namespace that then find nothing
    /// and for the schema's warnings (an import's location is a hint).
    private(set) var unreadImports: [String?: XSDSchemaError] = [:]
    /// Includes (and redefines that redefine nothing) whose document could not be read, with
    /// the namespace they read into: "It is not an error for the actual value of the
    /// schemaLocation [attribute] to fail to resolve" (Structures 4.2.1, 4.2.2). Warnings, as
    /// an unread import's, and named by the references that then find nothing.
    private(set) var unreadIncludes: [XSDUnreadInclude] = []
    /// Each `<xs:include>` and `<xs:redefine>`: the document it is in and the one it reads,
    /// by path and namespace (as ``readInto``), for the cycles a schema may not have.
    private var links: [(from: String, to: String, node: SchemaNode, isRedefine: Bool)] = []

    init(options: XMLSchema.Options) { self.options = options }

    /// Reads `sources` and everything they include or import.
    mutating func load(_ sources: [XSDSchemaSource]) throws(XSDSchemaError) {
        try read(sources)
        try checkRedefinitionCycles()
    }

    /// A document that redefines itself, or documents that redefine one another in a cycle
    /// (of redefinitions and includes): each redefinition would build on the other, a type
    /// deriving from itself in the end (Structures 4.2.2, src-redefine; ct-props-correct.3).
    /// xmllint refuses them too. A cycle with one redefinition in it (`a` redefines `b`,
    /// which includes `a`) is not one: the redefinition applies once, and xmllint and
    /// xmlschema read it so; nor is a cycle of includes, each document read once.
    ///
    /// The documents are grouped by the cycles they are on (strongly connected components,
    /// Kosaraju's two passes): a group with two redefinitions inside it has a cycle through
    /// both. Linear in the links.
    private func checkRedefinitionCycles() throws(XSDSchemaError) {
        guard links.contains(where: \.isRedefine) else { return }
        if let itself = links.first(where: { $0.isRedefine && $0.from == $0.to }) {
            throw XSDSchemaError(
                "<xs:redefine> of \(itself.node.attributes["schemaLocation"] ?? "") redefines the schema document it is in (src-redefine)",
                at: itself.node)
        }
        var forward: [String: [String]] = [:]
        var backward: [String: [String]] = [:]
        for link in links {
            forward[link.from, default: []].append(link.to)
            backward[link.to, default: []].append(link.from)
        }
        // First pass: the documents in order of finishing, on the links as they are.
        var finished: [String] = []
        var visited: Set<String> = []
        for start in forward.keys.sorted() where visited.insert(start).inserted {
            var path: [(document: String, next: Int)] = [(start, 0)]
            while let (document, next) = path.last {
                let targets = forward[document] ?? []
                if next < targets.count {
                    path[path.count - 1].next += 1
                    if visited.insert(targets[next]).inserted { path.append((targets[next], 0)) }
                } else {
                    finished.append(document)
                    path.removeLast()
                }
            }
        }
        // Second pass: on the links reversed, from the last finished, each search is a group.
        var group: [String: Int] = [:]
        var groups = 0
        for start in finished.reversed() where group[start] == nil {
            let id = groups
            groups += 1
            group[start] = id
            var stack = [start]
            while let document = stack.popLast() {
                for source in backward[document] ?? [] where group[source] == nil {
                    group[source] = id
                    stack.append(source)
                }
            }
        }
        var redefinitionsInGroup: [Int: Int] = [:]
        for link in links where link.isRedefine {
            guard let id = group[link.from], group[link.to] == id else { continue }
            redefinitionsInGroup[id, default: 0] += 1
            if redefinitionsInGroup[id] == 2 {
                throw XSDSchemaError(
                    "<xs:redefine> of \(link.node.attributes["schemaLocation"] ?? "") is circular: the schema it reads redefines "
                        + "this one in turn, directly or through the documents it includes (src-redefine)",
                    at: link.node)
            }
        }
    }

    /// A document read into a namespace, as ``readInto`` and ``links`` name it.
    private static func key(_ identity: String, _ namespace: String?) -> String { identity + "\u{0}" + (namespace ?? "") }

    /// Reads `sources` and everything they include, import or redefine.
    private mutating func read(_ sources: [XSDSchemaSource]) throws(XSDSchemaError) {
        pending = sources.map { ($0, nil, nil, nil) }
        // Read in order through a cursor: removing the first of an array moves the rest, and
        // a schema whose n documents each import all the others queues n² of them.
        var next = 0
        while next < pending.count {
            let (source, chameleon, imported, from) = pending[next]
            next += 1
            let identity = source.identity
            if let imported, let declared = declaredNamespaces[identity], declared != imported, let from {
                throw Self.importMismatch(source.name, declared: declared, imported: imported, at: from)
            }
            guard seen.insert(identity + "\u{0}" + (chameleon.map { $0 ?? "" } ?? "-")).inserted else { continue }
            guard documents.count < options.maximumDocuments else {
                throw XSDSchemaError(
                    "the schema has more than \(options.maximumDocuments) documents (XMLSchema.Options.maximumDocuments)",
                    at: from, code: .unreadableSchema)
            }
            // A file another document names is looked at once, here.
            if let from, case .file(let path) = source, !Self.isReadableFile(path) {
                if let imported {
                    // An import's location is a hint (Structures 4.3.2): a file that is not there
                    // leaves the namespace's components unknown, which a reference to one says.
                    unreadImports[imported] =
                        unreadImports[imported] ?? XSDSchemaError("\(path) cannot be read", at: from, code: .unreadableSchema)
                    continue
                }
                guard Self.mayBeUnread(from) else {
                    throw XSDSchemaError(
                        "<xs:\(from.localName)> reads \(path), which cannot be read: there is no such file, it is not readable, or it is a directory",
                        at: from, code: .unreadableSchema)
                }
                unreadIncludes.append(
                    XSDUnreadInclude(
                        namespace: chameleon ?? nil, element: from.localName,
                        error: XSDSchemaError("\(path) cannot be read", at: from, code: .unreadableSchema)))
                continue
            }
            let root = try read(source, from: from)
            guard root.isXSD("schema") else {
                throw XSDSchemaError(
                    "\(source.name) is not a schema: its root is <\(root.localName)>, not <xs:schema> in \(SchemaNode.xsdNamespace)",
                    at: root)
            }
            let declared = root.attributes["targetNamespace"]
            if let declared, declared.isEmpty {
                throw XSDSchemaError("targetNamespace must not be empty (leave it out for no namespace)", at: root)
            }
            declaredNamespaces[identity] = declared
            if let imported, declared != imported, let from {
                throw Self.importMismatch(source.name, declared: declared, imported: imported, at: from)
            }
            var namespace = declared
            if let chameleon {
                // An included document has the includer's namespace, or none of its own.
                if declared == nil {
                    namespace = chameleon
                } else if declared != chameleon {
                    let verb = from?.localName == "redefine" ? "redefining" : "including"
                    throw XSDSchemaError(
                        "\(source.name) has targetNamespace \"\(declared!)\", but the schema \(verb) it has "
                            + (chameleon.map { "\"\($0)\"" } ?? "none"), at: from)
                }
            }
            let document = Self.key(identity, namespace)
            guard readInto.insert(document).inserted else { continue }
            documents.append(
                XSDSchemaDocument(
                    root: root, targetNamespace: namespace,
                    elementsQualified: root.attributes["elementFormDefault"] == "qualified",
                    attributesQualified: root.attributes["attributeFormDefault"] == "qualified",
                    isChameleon: declared == nil && namespace != nil))
            for child in root.components {
                switch child.localName {
                case "include":
                    guard let location = child.attributes["schemaLocation"] else {
                        throw XSDSchemaError("<xs:include> needs a schemaLocation", at: child)
                    }
                    let included: XSDSchemaSource
                    do {
                        included = try resolve(location, from: child)
                    } catch {
                        unreadIncludes.append(XSDUnreadInclude(namespace: namespace, element: "include", error: error))
                        continue
                    }
                    links.append((document, Self.key(included.identity, namespace), child, false))
                    pending.append((included, .some(namespace), nil, child))
                case "import":
                    let imported = child.attributes["namespace"]
                    if imported == namespace {
                        throw XSDSchemaError(
                            "<xs:import> of the schema's own namespace; use <xs:include>", at: child)
                    }
                    let location = child.attributes["schemaLocation"]
                    if imported == SchemaNode.xmlNamespace, options.catalog[SchemaNode.xmlNamespace] == nil,
                        location.flatMap({ Self.localPath(of: $0, relativeTo: child.file, catalog: options.catalog) }) == nil
                    {
                        // The xml: attributes are built in; xml.xsd is not read from the web
                        // (a local copy named, or one in the catalog, is read as any import).
                        continue
                    }
                    do {
                        if let source = try resolveImport(location, namespace: imported, from: child) {
                            pending.append((source, nil, .some(imported), child))
                        }
                    } catch {
                        // Not a local file (the network is never reached): as one that cannot be read.
                        unreadImports[imported] =
                            unreadImports[imported] ?? XSDSchemaError(error.message, at: child, code: .unreadableSchema)
                    }
                case "redefine":
                    // Read as an include; the compiler puts its redefinitions in place.
                    guard let location = child.attributes["schemaLocation"] else {
                        throw XSDSchemaError("<xs:redefine> needs a schemaLocation", at: child)
                    }
                    let redefined: XSDSchemaSource
                    do {
                        redefined = try resolve(location, from: child)
                    } catch where Self.mayBeUnread(child) {
                        unreadIncludes.append(XSDUnreadInclude(namespace: namespace, element: "redefine", error: error))
                        continue
                    }
                    links.append((document, Self.key(redefined.identity, namespace), child, true))
                    pending.append((redefined, .some(namespace), nil, child))
                default:
                    break
                }
            }
        }
    }

    /// src-import.3: the document an import reads has the namespace the import names, or
    /// none when it names none.
    private static func importMismatch(_ name: String, declared: String?, imported: String?, at node: SchemaNode) -> XSDSchemaError {
        let has = declared.map { "has targetNamespace \"\($0)\"" } ?? "has no targetNamespace"
        let names = imported.map { "names namespace \"\($0)\" (src-import.3.1)" } ?? "names no namespace (src-import.3.2)"
        return XSDSchemaError("\(name) \(has), but the <xs:import> that reads it \(names)", at: node)
    }

    /// Whether `node` may name a document that cannot be read: an include, or a redefine
    /// that redefines nothing (src-redefine.1 requires the document of one that does).
    private static func mayBeUnread(_ node: SchemaNode) -> Bool {
        node.isXSD("include") || (node.isXSD("redefine") && node.components.isEmpty)
    }

    /// Whether `path` names a file that can be read: a directory is readable, but holds no
    /// schema document (an include of one is passed over, as of a missing file).
    static func isReadableFile(_ path: String) -> Bool {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType
        return type != nil && type != .typeDirectory && FileManager.default.isReadableFile(atPath: path)
    }

    /// Where an include or import points: a local path (relative to the document that
    /// names it), or what the catalog maps a URI to. Never the network.
    private func resolve(_ location: String, from node: SchemaNode) throws(XSDSchemaError) -> XSDSchemaSource {
        guard let path = Self.localPath(of: location, relativeTo: node.file, catalog: options.catalog) else {
            throw XSDSchemaError(
                "\(location) is not a local file, and the schema never reaches the network; map it to a file in XMLSchema.Options.catalog",
                at: node, code: .unreadableSchema)
        }
        return .file(path)
    }

    /// The local file `location` names: what `catalog` maps it to, a `file:` URL's path
    /// (percent escapes decoded; on no host or `localhost`), or a path relative to the
    /// directory of `file` (the document that names it; `nil` for the current directory).
    /// `nil` for any other URL or URN: the network is never reached.
    static func localPath(of location: String, relativeTo file: String?, catalog: [String: String]) -> String? {
        if let mapped = catalog[location] { return mapped }
        var location = location
        if location.lowercased().hasPrefix("file:") {
            guard let url = URL(string: location), url.host == nil || url.host == "" || url.host == "localhost" else { return nil }
            location = url.path
            guard !location.isEmpty else { return nil }
        } else if location.contains("://") || location.hasPrefix("urn:") {
            return nil
        } else {
            // A URI reference: its escapes stand for the characters of the file's name.
            location = location.removingPercentEncoding ?? location
        }
        if location.hasPrefix("/") { return location }
        let directory = file.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        return directory.isEmpty ? location : (directory as NSString).appendingPathComponent(location)
    }

    /// An import: the catalog's file for the namespace first, then the location; `nil` when
    /// neither names a readable file (an import may only say a namespace is used).
    private func resolveImport(_ location: String?, namespace: String?, from node: SchemaNode) throws(XSDSchemaError) -> XSDSchemaSource? {
        if let namespace, let mapped = options.catalog[namespace] { return .file(mapped) }
        guard let location else { return nil }
        return try resolve(location, from: node)
    }

    private func read(_ source: XSDSchemaSource, from node: SchemaNode?) throws(XSDSchemaError) -> SchemaNode {
        var parserOptions = XMLParserOptions()
        parserOptions.limits.maximumDepth = XSDSchemaCompiler.maximumNesting
        parserOptions.limits.maximumInputSize = options.maximumDocumentSize.map(Int64.init)
        let parser = XMLStreamParser(handler: SchemaTreeBuilder(file: source.name), options: parserOptions)
        do {
            switch source {
            case .file(let path): try parser.parse(contentsOf: path)
            case .bytes(let bytes, _): try parser.parse(bytes)
            }
        } catch let error as XMLParseError {
            var message = "\(source.name) cannot be read as a schema: \(error.message)"
            if error.code == .depthLimitExceeded || error.code == .inputTooLarge { message += " (XMLSchema.Options limits schema documents)" }
            throw XSDSchemaError(message: message, position: error.position, file: source.name, code: .unreadableSchema)
        } catch let error as XMLInputError {
            // Named once: the error's own description names the file too.
            throw XSDSchemaError(
                message: "\(source.name) cannot be read: \(error.message)", position: node?.position ?? .start,
                file: node?.file ?? source.name, code: .unreadableSchema)
        } catch {
            throw XSDSchemaError(
                message: "\(source.name) cannot be read as a schema: \(error)", position: node?.position ?? .start,
                file: node?.file ?? source.name, code: .unreadableSchema)
        }
        guard let root = parser.handler.root else {
            throw XSDSchemaError("\(source.name) has no element", at: node, code: .unreadableSchema)
        }
        return root
    }
}

/// An `<xs:include>` (or an `<xs:redefine>` of nothing) whose document could not be read:
/// the namespace it reads into, which element it is, and why.
struct XSDUnreadInclude {
    var namespace: String?
    var element: String
    var error: XSDSchemaError
}

/// Where a schema document comes from.
enum XSDSchemaSource {
    case file(String)
    case bytes([UInt8], name: String)

    var name: String {
        switch self {
        case .file(let path): return path
        case .bytes(_, let name): return name
        }
    }

    /// What makes two sources one document: a file's absolute path with symbolic links,
    /// `.` and `..` resolved (`..` after the link before it, as the file is opened), so that
    /// `a.xsd` and `./a.xsd` are read once.
    var identity: String {
        switch self {
        case .file(let path): return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        case .bytes(_, let name): return name
        }
    }
}

extension XSDSchemaError {
    init(message: String, position: XMLPosition, file: String?, code: XMLValidationError.Code) {
        self.message = message
        self.position = position
        self.file = file
        self.code = code
    }
}

extension SchemaNode {
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
}
