internal import XMLSyntax
/// The 13 axes (section 2.2), each in its own order: forward axes in document order,
/// reverse axes nearest first.
enum XPathAxes {
    static func nodes(on axis: XPathAxis, from context: XPathNode) -> [XPathNode] {
        let nodes = treeNodes(on: axis, from: context)
        switch axis {
        case .child, .descendant, .descendantOrSelf, .followingSibling, .precedingSibling, .following, .preceding:
            // Text and CDATA records that are no text node of XPath's (TextNodes) drop out.
            return nodes.filter(\.isXPathNode)
        default:
            return nodes
        }
    }

    /// The records on `axis`, every text and CDATA record included.
    private static func treeNodes(on axis: XPathAxis, from context: XPathNode) -> [XPathNode] {
        switch axis {
        case .self:
            return [context]
        case .child:
            guard case .node(let node) = context else { return [] }
            return node.children.map { .node($0) }
        case .descendant:
            guard case .node(let node) = context else { return [] }
            return node.descendants.map { .node($0) }
        case .descendantOrSelf:
            guard case .node(let node) = context else { return [context] }
            return [context] + node.descendants.map { .node($0) }
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
                result.append(.node(current))
                sibling = current.nextSibling
            }
            return result
        case .precedingSibling:
            guard case .node(let node) = context else { return [] }
            var result: [XPathNode] = []
            var sibling = node.previousSibling
            while let current = sibling {
                result.append(.node(current))
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
            return (Int(start)..<storage.nodes.count).map { .node(XMLTreeNode(storage: storage, index: Int32($0))) }
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
            return (0..<Int(end)).reversed().filter { !skip.contains(Int32($0)) }.map {
                .node(XMLTreeNode(storage: storage, index: Int32($0)))
            }
        }
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
