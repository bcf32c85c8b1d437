import XMLStreaming
import XMLWriting
internal import XMLSyntax
/// A node in XPath's data model: a tree node, or one of the attribute and namespace nodes
/// that XPath gives every element.
public enum XPathNode: Hashable, Sendable {
    /// A node of the tree: the document, an element, text, a comment or a processing instruction.
    case node(XMLTreeNode)
    /// The element's attribute at this index (in document order).
    case attribute(XMLTreeNode, index: Int)
    /// A namespace in scope on the element (`prefix` empty for the default namespace).
    case namespace(XMLTreeNode, prefix: String, uri: String)

    /// The tree node, or the element an attribute or namespace belongs to.
    public var element: XMLTreeNode {
        switch self {
        case .node(let node), .attribute(let node, _), .namespace(let node, _, _): return node
        }
    }

    /// The tree node, when this is one.
    public var treeNode: XMLTreeNode? {
        if case .node(let node) = self { return node }
        return nil
    }

    /// XPath's string value. An entity reference the parser could not expand reads as
    /// `&name;` (see ``stringValue(unexpandedEntities:)``).
    public var stringValue: String {
        switch self {
        case .node(let node):
            // A text node is its whole run of text and CDATA (XPathTextNodes).
            return TreeStorage.isText(node.record) ? node.storage.xpathText(startingAt: node.index) : node.stringValue
        case .attribute(let element, let index): return element.attributeValue(at: index)
        case .namespace(_, _, let uri): return uri
        }
    }

    /// XPath's string value, with each entity reference the parser could not expand read as
    /// `policy` says.
    ///
    /// - Throws: ``XMLTreeError`` ``XMLTreeError/Code/unexpandedEntity`` naming the entity and
    ///   its position, under `XMLUnexpandedEntityPolicy.throw` (or a table without the name).
    public func stringValue(unexpandedEntities policy: XMLUnexpandedEntityPolicy) throws(XMLTreeError) -> String {
        guard case .node(let node) = self, node.storage.hasEntityReferences else { return stringValue }
        return TreeStorage.isText(node.record)
            ? try node.storage.xpathText(startingAt: node.index, policy)
            : try node.stringValue(unexpandedEntities: policy)
    }

    /// The expanded name's local part (empty for nodes without a name).
    public var localName: String {
        switch self {
        case .node(let node): return node.kind == .element ? node.name!.localName : (node.target ?? "")
        case .attribute(let element, let index): return element.attributeName(at: index).localName
        case .namespace(_, let prefix, _): return prefix
        }
    }

    /// The namespace URI of the expanded name (empty when none).
    public var namespaceURI: String {
        switch self {
        case .node(let node): return node.name?.namespaceURI ?? ""
        case .attribute(let element, let index): return element.attributeName(at: index).namespaceURI ?? ""
        case .namespace: return ""
        }
    }

    /// The qualified name as written (empty for nodes without a name).
    public var qualifiedName: String {
        switch self {
        case .node(let node): return node.kind == .element ? node.name!.qualifiedName : (node.target ?? "")
        case .attribute(let element, let index): return element.attributeName(at: index).qualifiedName
        case .namespace(_, let prefix, _): return prefix
        }
    }

    /// The node as XML: an element or other tree node as markup, an attribute as
    /// `name="value"`, a namespace as `xmlns:prefix="uri"`.
    public var xmlString: String {
        switch self {
        case .node(let node):
            return TreeStorage.isText(node.record) ? stringValue : node.xmlString
        case .attribute(let element, let index):
            // This one attribute, read in place: building all of the element's attributes
            // for each one printed made `//@*` quadratic in a tag's attributes.
            let name = element.attributeName(at: index).qualifiedName
            return name + "=\"" + Self.escaped(element.attributeValue(at: index)) + "\""
        case .namespace(_, let prefix, let uri):
            return (prefix.isEmpty ? "xmlns" : "xmlns:" + prefix) + "=\"" + Self.escaped(uri) + "\""
        }
    }

    /// An attribute value as the writer escapes it (line breaks and tabs as references, so
    /// they survive reading back); characters XML does not allow are left out.
    private static func escaped(_ value: String) -> String {
        (try? XMLEscaping.escapedAttributeValue(value)) ?? value
    }

    /// Document order: an element, then its namespaces, then its attributes, then its children.
    var orderKey: (Int32, Int, Int) {
        switch self {
        case .node(let node): return (node.index, 0, 0)
        case .namespace(let element, let prefix, _): return (element.index, 1, prefix.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) })
        case .attribute(let element, let index): return (element.index, 2, index)
        }
    }

    /// Namespace nodes compare their prefixes and URIs by code points, as XPath compares
    /// names and strings (the synthesized hash agrees: equal code points hash alike).
    public static func == (a: XPathNode, b: XPathNode) -> Bool {
        switch (a, b) {
        case (.node(let x), .node(let y)): return x == y
        case (.attribute(let x, let i), .attribute(let y, let j)): return x == y && i == j
        case (.namespace(let x, let p, let u), .namespace(let y, let q, let v)):
            return x == y && p.hasSameCodePoints(as: q) && u.hasSameCodePoints(as: v)
        default: return false
        }
    }

    static func inDocumentOrder(_ a: XPathNode, _ b: XPathNode) -> Bool {
        let (x, y) = (a.orderKey, b.orderKey)
        if x != y { return x < y }
        // Namespace nodes whose prefixes hash alike: order them by the prefix itself.
        if case .namespace(_, let p, _) = a, case .namespace(_, let q, _) = b { return p.precedesInCodePointOrder(q) }
        return false
    }
}

/// The result of an XPath expression: one of XPath 1.0's four types.
public enum XPathValue: Hashable, Sendable, CustomStringConvertible {
    /// A node-set; an expression's result holds its nodes in document order, each once.
    case nodeSet([XPathNode])
    /// A string.
    case string(String)
    /// A number: XPath's numbers are IEEE doubles, NaN and the infinities included.
    case number(Double)
    /// A boolean.
    case boolean(Bool)

    /// Strings are equal when their code points are, as in XPath (Swift's `==` would make
    /// `"é"` and `"e\u{301}"` one value).
    public static func == (a: XPathValue, b: XPathValue) -> Bool {
        switch (a, b) {
        case (.nodeSet(let x), .nodeSet(let y)): return x == y
        case (.string(let x), .string(let y)): return x.hasSameCodePoints(as: y)
        case (.number(let x), .number(let y)): return x == y
        case (.boolean(let x), .boolean(let y)): return x == y
        default: return false
        }
    }

    /// XPath's `string()` of the value.
    public var string: String {
        switch self {
        case .nodeSet(let nodes): return nodes.first?.stringValue ?? ""
        case .string(let s): return s
        case .number(let n): return Self.format(n)
        case .boolean(let b): return b ? "true" : "false"
        }
    }

    /// XPath's `number()` of the value.
    public var number: Double {
        switch self {
        case .number(let n): return n
        case .boolean(let b): return b ? 1 : 0
        case .string(let s): return Self.parseNumber(s)
        case .nodeSet: return Self.parseNumber(string)
        }
    }

    /// XPath's `boolean()` of the value.
    public var boolean: Bool {
        switch self {
        case .boolean(let b): return b
        case .number(let n): return n != 0 && !n.isNaN
        case .string(let s): return !s.isEmpty
        case .nodeSet(let nodes): return !nodes.isEmpty
        }
    }

    /// The nodes of a node-set; empty for the other types.
    public var nodes: [XPathNode] {
        if case .nodeSet(let nodes) = self { return nodes }
        return []
    }

    /// A node-set as the XML of each node (``XPathNode/xmlString``), one per line; any other
    /// value as its `string`.
    public var description: String {
        switch self {
        case .nodeSet(let nodes): return nodes.map(\.xmlString).joined(separator: "\n")
        default: return string
        }
    }

    /// XPath's number syntax: optional white space, an optional minus, digits with an
    /// optional fraction; anything else is NaN.
    static func parseNumber(_ text: String) -> Double {
        let trimmed = text.trimmingXPathWhitespace()
        var body = Substring(trimmed)
        var negative = false
        if body.utf8.first == UInt8(ascii: "-") {
            negative = true
            body = Substring(body.unicodeScalars.dropFirst())
        }
        // Bytes, not Characters: a digit followed by a combining mark is no digit.
        guard !body.isEmpty, body.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }),
            body.utf8.filter({ $0 == 0x2E }).count <= 1, body != "."
        else { return .nan }
        var digits = String(body)
        if digits.hasPrefix(".") { digits = "0" + digits }
        if digits.hasSuffix(".") { digits += "0" }
        guard let value = Double(digits) else { return .nan }
        return negative ? -value : value
    }

    /// XPath's number-to-string: NaN, Infinity, integers without a point, no exponent.
    static func format(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
        if n == 0 { return "0" }
        if n == n.rounded(), abs(n) < 1e18 { return String(Int64(n)) }
        var text = "\(n)"
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        // Expand the exponent form Swift prints for very large or small values.
        let exponent = Int(text[text.index(after: e)...])!
        var mantissa = String(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = whole + fraction
        var point = whole.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: -point + 1) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var result = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        while result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
        text = (negative ? "-" : "") + result
        return text
    }
}

extension String {
    /// Without XPath's white space (space, tab, CR, LF) at either end.
    /// By code points: a space followed by a combining mark is a space and a mark.
    func trimmingXPathWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !XPathLexer.isWhitespace($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !XPathLexer.isWhitespace($0) })!
        return String(scalars[start...end])
    }
}
