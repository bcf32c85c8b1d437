internal import XMLSyntax
/// The 13 axes (section 2.2), each in its own order: forward axes in document order,
/// reverse axes nearest first.
enum XPathAxes {
    /// The nodes on `axis` from `context`. The axes that reach text leave out the text and
    /// CDATA records that are no text node of XPath's (XPathTextNodes) as they gather.
    static func nodes(on axis: XPathAxis, from context: XPathNode) -> [XPathNode] {
        switch axis {
        case .self:
            return [context]
        case .child:
            guard case .node(let node) = context else { return [] }
            return xpathNodes(node.children)
        case .descendant:
            guard case .node(let node) = context else { return [] }
            return xpathNodes(node.descendants)
        case .descendantOrSelf:
            guard case .node(let node) = context else { return [context] }
            return [context] + xpathNodes(node.descendants)
        case .parent:
            switch context {
            case .node(let node): return node.parent.map { [.node($0)] } ?? []
            case .attribute(let element, _), .namespace(let element, _, _): return [.node(element)]
            }
        case .ancestor:
            return ancestors(of: context)
        case .ancestorOrSelf:
            return [context] + ancestors(of: context)
        case .attribute:
            guard case .node(let node) = context, node.kind == .element else { return [] }
            return (0..<node.attributeCount).filter { !isNamespaceDeclaration(node, $0) }.map { .attribute(node, index: $0) }
        case .namespace:
            guard case .node(let node) = context, node.kind == .element else { return [] }
            return node.inScopeNamespaces.map { .namespace(node, prefix: $0.prefix, uri: $0.uri) }
        case .followingSibling:
            guard case .node(let node) = context else { return [] }
            var result: [XPathNode] = []
            var sibling = node.nextSibling
            while let current = sibling {
                if current.isXPathNode { result.append(.node(current)) }
                sibling = current.nextSibling
            }
            return result
        case .precedingSibling:
            guard case .node(let node) = context else { return [] }
            var result: [XPathNode] = []
            var sibling = node.previousSibling
            while let current = sibling {
                if current.isXPathNode { result.append(.node(current)) }
                sibling = current.previousSibling
            }
            return result
        case .following:
            // Everything after the context in document order, but not its descendants: for an
            // attribute or namespace node that is everything after its element's start.
            let storage = context.element.storage
            let start: Int32
            switch context {
            case .node(let node): start = XMLTreeNode.Descendants.end(of: node.index, in: storage)
            case .attribute(let element, _), .namespace(let element, _, _): start = element.index + 1
            }
            return xpathNodes((start..<Int32(storage.nodes.count)).lazy.map { XMLTreeNode(storage: storage, index: $0) })
        case .preceding:
            // Everything before the context in document order, but not its ancestors.
            let storage = context.element.storage
            let node = context.element
            let end: Int32
            var skip = Set<Int32>()
            switch context {
            case .node:
                end = node.index
            case .attribute, .namespace:
                end = node.index + 1
            }
            var ancestor = node.record.parent
            if case .node = context {} else { skip.insert(node.index) }
            while ancestor >= 0 {
                skip.insert(ancestor)
                ancestor = storage.nodes[Int(ancestor)].parent
            }
            return xpathNodes((0..<end).reversed().lazy.filter { !skip.contains($0) }.map { XMLTreeNode(storage: storage, index: $0) })
        }
    }

    /// The nodes of `records` that XPath sees (XPathTextNodes), gathered in one pass.
    private static func xpathNodes(_ records: some Sequence<XMLTreeNode>) -> [XPathNode] {
        var result: [XPathNode] = []
        result.reserveCapacity(records.underestimatedCount)
        for node in records where node.isXPathNode { result.append(.node(node)) }
        return result
    }

    private static func ancestors(of context: XPathNode) -> [XPathNode] {
        var result: [XPathNode] = []
        var node: XMLTreeNode?
        switch context {
        case .node(let n): node = n.parent
        case .attribute(let element, _), .namespace(let element, _, _): node = element
        }
        while let current = node {
            result.append(.node(current))
            node = current.parent
        }
        return result
    }

    /// In a tree read without namespaces, `xmlns` attributes are declarations, which XPath
    /// shows on the namespace axis rather than the attribute axis.
    private static func isNamespaceDeclaration(_ element: XMLTreeNode, _ index: Int) -> Bool {
        isNamespaceDeclaration(element.attributeName(at: index), namespaced: element.storage.namespaced)
    }

    /// Whether an attribute with this name is a declaration (only in a tree read without
    /// namespaces, where declarations are kept as attributes).
    static func isNamespaceDeclaration(_ name: XMLTreeName, namespaced: Bool) -> Bool {
        !namespaced && NamespaceDeclaration(attributeName: name.qualifiedName) != nil
    }
}
