internal import XMLSyntax
import XMLStreaming

/// An element of a schema document, as the schema compiler reads it: its name, attributes
/// and the namespaces in scope, where it stands (for errors), and its children. Schema
/// documents are small; their elements are held whole while the schema is compiled, and
/// dropped after.
final class SchemaNode {
    let namespace: String?
    let localName: String
    /// Attributes without a namespace by local name (all of XML Schema's own), others as
    /// `{namespace}local`.
    let attributes: SchemaAttributes
    /// The prefixes in scope (`""` for the default namespace), told apart by code point, and
    /// their namespaces.
    let namespaces: [CodePointString: String]
    let position: XMLPosition
    /// The schema document's path, for errors.
    let file: String
    var children: [SchemaNode] = []
    /// The first text other than white space written directly in it, and where: only
    /// `appinfo` and `documentation` of XML Schema's elements may hold any.
    var strayText: (text: String, position: XMLPosition)?

    init(
        namespace: String?, localName: String, attributes: SchemaAttributes, namespaces: [CodePointString: String],
        position: XMLPosition, file: String
    ) {
        self.namespace = namespace
        self.localName = localName
        self.attributes = attributes
        self.namespaces = namespaces
        self.position = position
        self.file = file
    }

    static let xsdNamespace = "http://www.w3.org/2001/XMLSchema"

    /// Whether this is XML Schema's element `name`.
    func isXSD(_ name: String) -> Bool { namespace == Self.xsdNamespace && localName == name }

    /// The children in XML Schema's namespace, without `annotation`.
    var components: [SchemaNode] {
        children.filter { $0.namespace == Self.xsdNamespace && $0.localName != "annotation" }
    }

    /// `file:line` for a component's place in messages.
    var location: String { "\(file):\(position.line)" }

    /// The namespace a prefix stands for here, as `QName` values in the schema read it.
    func lookup(prefix: String) -> String?? {
        if let namespace = namespaces[CodePointString(prefix)] { return .some(namespace.isEmpty ? nil : namespace) }
        // No default namespace: an unprefixed name is in none. `xml` is always bound.
        if prefix.isEmpty { return .some(nil) }
        if prefix == "xml" { return .some("http://www.w3.org/XML/1998/namespace") }
        return nil
    }
}

/// Builds the tree of ``SchemaNode``s of one schema document from the parser's events.
struct SchemaTreeBuilder: XMLEventHandler {
    let file: String
    private(set) var root: SchemaNode?
    private var open: [SchemaNode] = []
    private var scopes: [[CodePointString: String]] = [[:]]
    private var pendingMappings: [CodePointString: String] = [:]
    private var locator = XMLLocator.detached

    init(file: String) { self.file = file }

    mutating func startDocument(_ locator: XMLLocator) throws { self.locator = locator }

    mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) throws {
        pendingMappings[CodePointString(prefix?.string ?? "")] = uri?.string ?? ""
    }

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        var scope = scopes[scopes.count - 1]
        scope.merge(pendingMappings) { $1 }
        pendingMappings.removeAll()
        scopes.append(scope)
        var values = SchemaAttributes()
        let isXSD = name.namespaceURI.map { $0 == SchemaNode.xsdNamespace } ?? false
        for attribute in attributes {
            let key = attribute.name.namespaceURI.map { "{\($0.string)}\(attribute.name.localName.string)" }
                ?? attribute.name.localName.string
            // The schema for schemas types every attribute of its elements as one whose white
            // space collapses (names, QNames, tokens, booleans, numbers, URIs), but for the
            // values written in the schema's types: a facet's value, `fixed` and `default`.
            let keepsWhiteSpace = !isXSD || attribute.name.namespaceURI != nil || ["value", "fixed", "default"].contains(key)
            values.append(name: key, value: keepsWhiteSpace ? attribute.value.string : XSDWhiteSpace.collapse.normalize(attribute.value.string))
        }
        let node = SchemaNode(
            namespace: name.namespaceURI?.string, localName: name.localName.string, attributes: values,
            namespaces: scope, position: locator.position, file: file)
        if let parent = open.last { parent.children.append(node) } else { root = node }
        open.append(node)
    }

    mutating func characters(_ text: XMLStringView) throws {
        guard let node = open.last, node.strayText == nil, node.namespace == SchemaNode.xsdNamespace, !text.isWhitespace else { return }
        node.strayText = (text.string, locator.position)
    }

    mutating func endElement(_ name: XMLName) throws {
        open.removeLast()
        scopes.removeLast()
    }
}
