/// The nodes on an axis from many context nodes at once, for the axes where contexts share
/// most of what they reach: gathered per context, `//a//b` on nested `a`s, `//x/following::y`
/// or `//*/ancestor::*` visit the same nodes once per context, which is quadratic.
extension XPathAxes {
    /// Every node on `axis` from any of `contexts`, each at least once, in no particular
    /// order; `nil` for the axes where each context reaches its own nodes (child, attribute,
    /// siblings…) or when the contexts come from more than one document.
    static func union(on axis: XPathAxis, from contexts: [XPathNode]) -> [XPathNode]? {
        guard let storage = contexts.first?.element.storage,
            contexts.allSatisfy({ $0.element.storage === storage })
        else { return nil }
        var ends = SubtreeEnds(storage: storage)
        switch axis {
        case .descendant, .descendantOrSelf:
            return outermost(contexts, ends: &ends).flatMap { nodes(on: axis, from: $0) }
        case .following:
            // following(x) is every node from followingStart(x) on: the earliest start covers all.
            var first = contexts[0]
            var earliest = followingStart(first, ends: &ends)
            for context in contexts.dropFirst() {
                let start = followingStart(context, ends: &ends)
                if start < earliest { (first, earliest) = (context, start) }
            }
            return nodes(on: .following, from: first)
        case .preceding:
            // preceding(x) is every node before precedingEnd(x) but x's ancestors; the context
            // with the latest end reaches every node the others reach. On a tie an element
            // wins over its own attributes (which leave out the element itself).
            let last = contexts.max { a, b in
                let (endA, endB) = (precedingEnd(a), precedingEnd(b))
                return endA != endB ? endA < endB : isTreeNode(b) && !isTreeNode(a)
            }!
            return nodes(on: .preceding, from: last)
        case .ancestor, .ancestorOrSelf:
            var visited = Set<Int32>()
            var result: [XPathNode] = []
            for context in contexts {
                if axis == .ancestorOrSelf {
                    if case .node(let node) = context {
                        if visited.insert(node.index).inserted { result.append(context) }
                    } else {
                        result.append(context)
                    }
                }
                var index: Int32
                switch context {
                case .node(let node): index = node.record.parent
                case .attribute(let element, _), .namespace(let element, _, _): index = element.index
                }
                // Stop at the first ancestor already reached: the rest of the chain was too.
                while index >= 0, visited.insert(index).inserted {
                    result.append(.node(XMLTreeNode(storage: storage, index: index)))
                    index = storage.nodes[Int(index)].parent
                }
            }
            return result
        default:
            return nil
        }
    }

    /// The contexts not inside another context's subtree (attribute and namespace nodes
    /// always stay: they are their own descendant-or-self).
    static func outermost(_ contexts: [XPathNode], ends: inout SubtreeEnds) -> [XPathNode] {
        var result: [XPathNode] = []
        var coveredEnd: Int32 = -1
        var coveredStart: Int32 = -1
        for context in contexts.sorted(by: XPathNode.inDocumentOrder) {
            guard case .node(let node) = context else {
                result.append(context)
                continue
            }
            if node.index > coveredStart && node.index < coveredEnd { continue }
            result.append(context)
            coveredStart = node.index
            coveredEnd = ends.end(of: node.index)
        }
        return result
    }

    private static func followingStart(_ context: XPathNode, ends: inout SubtreeEnds) -> Int32 {
        switch context {
        case .node(let node): return ends.end(of: node.index)
        case .attribute(let element, _), .namespace(let element, _, _): return element.index + 1
        }
    }

    private static func precedingEnd(_ context: XPathNode) -> Int32 {
        switch context {
        case .node(let node): return node.index
        case .attribute(let element, _), .namespace(let element, _, _): return element.index + 1
        }
    }

    private static func isTreeNode(_ context: XPathNode) -> Bool {
        if case .node = context { return true }
        return false
    }
}

/// Where each subtree ends (the index after its last descendant), remembered: finding it
/// climbs to the first ancestor with a next sibling, and in a deep chain every context
/// would climb the same ancestors again.
struct SubtreeEnds {
    let storage: TreeStorage
    private var known: [Int32: Int32] = [:]

    init(storage: TreeStorage) {
        self.storage = storage
    }

    mutating func end(of index: Int32) -> Int32 {
        var path: [Int32] = []
        var i = index
        var result = Int32(storage.nodes.count)
        while i >= 0 {
            if let end = known[i] {
                result = end
                break
            }
            path.append(i)
            let next = storage.nodes[Int(i)].next
            if next >= 0 {
                result = next
                break
            }
            i = storage.nodes[Int(i)].parent
        }
        for node in path { known[node] = result }
        return result
    }
}
