internal import XMLSyntax

/// Writes a tree (or a document subset of it) in one of the W3C canonical forms, in one walk.
///
/// Namespaces are tracked as the walk goes rather than looked up per element: the bindings in
/// scope (every element), what the nearest output ancestor has visible (Canonical XML of a
/// subset; for a whole document the bindings' undo log says what changed), and
/// what output ancestors rendered (exclusive), each with an undo log for the way back up.
struct CanonicalWriter {
    let canonicalization: XMLCanonicalization
    let subset: Swift.Set<XPathNode>?
    private(set) var output: [UInt8] = []

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Bindings in scope on the current element: prefix (empty for the default) to URI.
    /// Prefixes are keyed by code points, as XML compares names (`é` and `e` + U+0301 are
    /// two prefixes), here and in the tables below.
    private var inScope: [CodePointString: String] = [:]
    private var inScopeUndo: [[(CodePointString, String?)]] = []
    /// Per output element of a subset (the nearest last): its namespace nodes in the node-set.
    private var visibleNamespaces: [[CodePointString: String]] = []
    /// Exclusive: what output ancestors rendered, nearest winning.
    private var rendered: [CodePointString: String] = [:]
    private var renderedUndo: [[(CodePointString, String?)]] = []
    /// Whether the run of text and CDATA records being written is in the subset: XPath sees
    /// the run as one text node, named by its first record with a character (XPathTextNodes).
    private var textRunIncluded = true
    /// Per element on the path: whether it was written.
    private var written: [Bool] = []

    init(canonicalization: XMLCanonicalization, subset: Swift.Set<XPathNode>?) {
        self.canonicalization = canonicalization
        self.subset = subset
    }

    private func contains(_ node: XPathNode) -> Bool { subset?.contains(node) ?? true }

    private var isExclusive: Bool {
        if case .exclusive = canonicalization.method { return true }
        return false
    }

    /// - Throws: ``XMLTreeError`` for an entity reference the parser could not expand, which
    ///   has no canonical form.
    mutating func write(_ document: XMLTreeNode) throws {
        let rootIndex = document.firstChildElement?.index ?? -1
        try document.walk(
            enter: { node in
                switch node.kind {
                case .document: break
                case .element: enterElement(node)
                case .text, .cdata:
                    // The record that stands for the run decides; the records after it are
                    // included with it, and the empty ones before it write nothing.
                    if subset != nil, node.isXPathNode { textRunIncluded = contains(.node(node)) }
                    if textRunIncluded { Self.escapeText(node.text, into: &output) }
                case .entityReference:
                    // A text run's membership is its first record's: a reference inside a run
                    // that the subset leaves out is left out with it.
                    if subset != nil, node.isXPathNode { textRunIncluded = contains(.node(node)) }
                    guard textRunIncluded else { break }
                    let policy = canonicalization.unexpandedEntities
                    if policy == .keep {
                        output.append(0x26)
                        output.append(contentsOf: (node.entityName ?? "").utf8)
                        output.append(0x3B)
                    } else {
                        do throws(XMLTreeError) {
                            Self.escapeText(try node.text(unexpandedEntities: policy), into: &output)
                        } catch {
                            throw XMLTreeError(
                                code: .unexpandedEntity,
                                message: error.message + " (canonical XML replaces every reference)",
                                position: error.position, fileName: error.fileName)
                        }
                    }
                case .comment:
                    guard canonicalization.includesComments, contains(.node(node)) else { break }
                    around(node, root: rootIndex) { out in
                        out.append(contentsOf: "<!--".utf8)
                        out.append(contentsOf: node.text.utf8)
                        out.append(contentsOf: "-->".utf8)
                    }
                case .processingInstruction:
                    guard contains(.node(node)) else { break }
                    around(node, root: rootIndex) { out in
                        out.append(contentsOf: "<?".utf8)
                        out.append(contentsOf: (node.target ?? "").utf8)
                        if !node.text.isEmpty {
                            out.append(0x20)
                            out.append(contentsOf: node.text.utf8)
                        }
                        out.append(contentsOf: "?>".utf8)
                    }
                }
            },
            leave: { node in
                if node.kind == .element { leaveElement(node) }
            })
    }

    /// A comment or PI: at the document's top level, a line feed after it before the root
    /// element and before it after the root.
    private mutating func around(_ node: XMLTreeNode, root: Int32, _ body: (inout [UInt8]) -> Void) {
        let topLevel = node.parent?.kind == .document
        if topLevel && node.index > root { output.append(0x0A) }
        body(&output)
        if topLevel && node.index < root { output.append(0x0A) }
    }

    // MARK: - Elements

    private mutating func enterElement(_ element: XMLTreeNode) {
        // Bindings in scope here, whether or not the element is written.
        var undo: [(CodePointString, String?)] = []
        for declaration in element.namespaceDeclarations {
            let prefix = CodePointString(declaration.prefix)
            undo.append((prefix, inScope[prefix]))
            inScope[prefix] = declaration.uri.isEmpty ? nil : declaration.uri
        }
        inScopeUndo.append(undo)
        let isWritten = contains(.node(element))
        written.append(isWritten)
        guard isWritten else { return }

        let name = element.name!
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.qualifiedName.utf8)
        let declarations =
            isExclusive
            ? exclusiveDeclarations(element)
            : subset == nil ? changedDeclarations(undo) : inclusiveDeclarations(element)
        for (key, uri) in declarations.sorted(by: { $0.0 < $1.0 }) {
            let prefix = key.string
            output.append(contentsOf: (prefix.isEmpty ? " xmlns=\"" : " xmlns:\(prefix)=\"").utf8)
            Self.escapeAttribute(uri, into: &output)
            output.append(UInt8(ascii: "\""))
        }
        for attribute in attributes(of: element) {
            output.append(0x20)
            output.append(contentsOf: attribute.name.utf8)
            output.append(contentsOf: "=\"".utf8)
            Self.escapeAttribute(attribute.value, into: &output)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: ">"))
    }

    private mutating func leaveElement(_ element: XMLTreeNode) {
        if written.removeLast() {
            // Appended piece by piece: `+` on arrays allocated three temporaries per end tag.
            output.append(contentsOf: "</".utf8)
            output.append(contentsOf: element.name!.qualifiedName.utf8)
            output.append(UInt8(ascii: ">"))
            if isExclusive {
                for (prefix, old) in renderedUndo.removeLast().reversed() { rendered[prefix] = old }
            } else if subset != nil {
                visibleNamespaces.removeLast()
            }
        }
        for (prefix, old) in inScopeUndo.removeLast().reversed() { inScope[prefix] = old }
    }

    /// Canonical XML of a whole document: the nearest output ancestor is the parent, so a
    /// declaration is rendered exactly when the element's own declarations changed a binding
    /// (as its undo log records): no copy of everything in scope per element.
    private func changedDeclarations(_ undo: [(CodePointString, String?)]) -> [(CodePointString, String)] {
        undo.compactMap { prefix, before in
            let now = inScope[prefix]
            guard prefix != Self.xmlPrefix, !now.hasSameCodePoints(as: before) else { return nil }
            // An undeclared default namespace (xmlns="") is rendered only when one was in scope.
            return now.map { (prefix, $0) } ?? (prefix.string.isEmpty ? (prefix, "") : nil)
        }
    }

    private static let xmlPrefix = CodePointString("xml")
    private static let defaultPrefix = CodePointString("")

    /// Canonical XML of a subset: the element's namespace nodes in the node-set, less those the nearest
    /// output ancestor has with the same value; `xmlns=""` when that ancestor has a default
    /// namespace and this element has none.
    private mutating func inclusiveDeclarations(_ element: XMLTreeNode) -> [(CodePointString, String)] {
        let ancestor = visibleNamespaces.last ?? [:]
        var visible: [CodePointString: String] = [:]
        var result: [(CodePointString, String)] = []
        for (prefix, uri) in inScope
        where prefix != Self.xmlPrefix && contains(.namespace(element, prefix: prefix.string, uri: uri)) {
            visible[prefix] = uri
            if !ancestor[prefix].hasSameCodePoints(as: uri) { result.append((prefix, uri)) }
        }
        if visible[Self.defaultPrefix] == nil, let inherited = ancestor[Self.defaultPrefix], !inherited.isEmpty {
            result.append((Self.defaultPrefix, ""))
        }
        visibleNamespaces.append(visible)
        return result
    }

    /// Exclusive: the namespaces the element and its attributes use (and the inclusive
    /// prefixes), less those an output ancestor already rendered with the same value.
    private mutating func exclusiveDeclarations(_ element: XMLTreeNode) -> [(CodePointString, String)] {
        var prefixes: Swift.Set<CodePointString> = [CodePointString(element.name?.prefix ?? "")]
        for index in 0..<element.attributeCount where contains(.attribute(element, index: index)) {
            if let prefix = element.attributeName(at: index).prefix { prefixes.insert(CodePointString(prefix)) }
        }
        if case .exclusive(let inclusive) = canonicalization.method {
            for prefix in inclusive {
                let key = CodePointString(prefix == "#default" ? "" : prefix)
                if key == Self.defaultPrefix || inScope[key] != nil { prefixes.insert(key) }
            }
        }
        var undo: [(CodePointString, String?)] = []
        var result: [(CodePointString, String)] = []
        for prefix in prefixes where prefix != Self.xmlPrefix {
            let uri = inScope[prefix] ?? ""
            if uri.isEmpty {
                // Only the default namespace can be empty: undeclared when an ancestor set one.
                guard let previous = rendered[Self.defaultPrefix], !previous.isEmpty else { continue }
            } else if !contains(.namespace(element, prefix: prefix.string, uri: uri))
                || rendered[prefix].hasSameCodePoints(as: uri)
            {
                continue
            }
            undo.append((prefix, rendered[prefix]))
            rendered[prefix] = uri
            result.append((prefix, uri))
        }
        renderedUndo.append(undo)
        return result
    }

    // MARK: - Attributes

    /// The element's attributes in the node-set, with the `xml:` attributes it inherits
    /// from ancestors left out of a subset, sorted by namespace URI and local name.
    private mutating func attributes(of element: XMLTreeNode) -> [(name: String, value: String)] {
        var keyed: [(uri: String, local: String, name: String, value: String)] = []
        for index in 0..<element.attributeCount where contains(.attribute(element, index: index)) {
            let name = element.attributeName(at: index)
            keyed.append((name.namespaceURI ?? "", name.localName, name.qualifiedName, element.attributeValue(at: index)))
        }
        if subset != nil, !isExclusive, let parent = element.parent, parent.kind == .element, !contains(.node(parent)) {
            let scope = omittedScope(parent)
            for (local, value) in scope.attributes
            where !keyed.contains(where: { $0.uri == Self.xmlNamespace && $0.local.hasSameCodePoints(as: local.string) }) {
                keyed.append((Self.xmlNamespace, local.string, "xml:" + local.string, value))
            }
            if let base = scope.base {
                // Canonical XML 1.1: the element's own xml:base resolved against the joined
                // xml:base of the ancestors left out, in its place.
                let own = keyed.firstIndex { $0.uri == Self.xmlNamespace && $0.local == "base" }
                let joined = own.map { URIReference.resolve(keyed[$0].value, against: base) } ?? base
                if let own { keyed.remove(at: own) }
                keyed.append((Self.xmlNamespace, "base", "xml:base", joined))
            }
        }
        // By namespace URI, then local name, both in code-point order (section 2.2).
        if keyed.count > 1 {
            keyed.sort { a, b in
                let byURI = a.uri.codePointOrder(b.uri)
                return byURI != 0 ? byURI < 0 : a.local.codePointOrder(b.local) < 0
            }
        }
        return keyed.map { ($0.name, $0.value) }
    }

    /// What elements left out of a subset pass on to a written descendant: their `xml:`
    /// attributes (Canonical XML 1.1: only `xml:lang` and `xml:space`), nearest winning, and
    /// for 1.1 their `xml:base` values joined.
    struct OmittedScope {
        var attributes: [CodePointString: String] = [:]
        var base: String?
    }
    private var omittedScopes: [Int32: OmittedScope] = [:]

    /// The scope at `element`, an element left out: its own `xml:` attributes over its
    /// parent's scope when the parent is left out too. Kept per element, so a chain of k left-out
    /// elements costs O(k) however many written elements hang below it.
    private mutating func omittedScope(_ element: XMLTreeNode) -> OmittedScope {
        if let known = omittedScopes[element.index] { return known }
        // Gather the chain up to the first written ancestor (or one already known), then
        // build scopes outermost first, without recursion.
        var chain: [XMLTreeNode] = []
        var current: XMLTreeNode? = element
        var scope = OmittedScope()
        while let node = current, node.kind == .element, !contains(.node(node)) {
            if let known = omittedScopes[node.index] {
                scope = known
                break
            }
            chain.append(node)
            current = node.parent
        }
        let is11 = canonicalization.method == .canonical11
        for node in chain.reversed() {
            for index in 0..<node.attributeCount {
                let name = node.attributeName(at: index)
                guard name.namespaceURI == Self.xmlNamespace else { continue }
                let value = node.attributeValue(at: index)
                if is11 {
                    if name.localName == "base" {
                        scope.base = scope.base.map { URIReference.resolve(value, against: $0) } ?? value
                    } else if name.localName == "lang" || name.localName == "space" {
                        scope.attributes[CodePointString(name.localName)] = value
                    }
                } else {
                    scope.attributes[CodePointString(name.localName)] = value
                }
            }
            omittedScopes[node.index] = scope
        }
        return scope
    }

    // MARK: - Characters

    static func escapeText(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case 0x0D: out.append(contentsOf: "&#xD;".utf8)
            default: out.append(byte)
            }
        }
    }

    static func escapeAttribute(_ value: String, into out: inout [UInt8]) {
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case 0x09: out.append(contentsOf: "&#x9;".utf8)
            case 0x0A: out.append(contentsOf: "&#xA;".utf8)
            case 0x0D: out.append(contentsOf: "&#xD;".utf8)
            default: out.append(byte)
            }
        }
    }
}
