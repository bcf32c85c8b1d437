internal import XMLSyntax

/// The elements of a document by ID, indexed once per evaluation: `id()` in a predicate runs
/// once per context node, and a scan of every node each time made such a path quadratic
/// (the subsets that XML signatures canonicalize are written that way).
final class XPathIdentifiers {
    private var storage: TreeStorage?
    /// Each ID to the elements that carry it, in document order.
    private var index: [CodePointString: [Int32]] = [:]

    /// The elements whose ID is one of `tokens`, in document order: by `xml:id`, or by an
    /// attribute the DTD declares of type ID. IDs and names compare by code points.
    func elements(withIDs tokens: Set<CodePointString>, in document: XMLTreeDocument) -> [XMLTreeNode] {
        if storage !== document.storage { build(document) }
        let found = Set(tokens.flatMap { index[$0] ?? [] }).sorted()
        return found.map { XMLTreeNode(storage: document.storage, index: $0) }
    }

    private func build(_ document: XMLTreeDocument) {
        storage = document.storage
        index = [:]
        let declared = document.storage.idAttributes
        for node in document.allNodes where node.isElement {
            if let id = node.attribute(localName: "id", namespace: "http://www.w3.org/XML/1998/namespace") ?? node["xml:id"] {
                index[CodePointString(id), default: []].append(node.index)
            }
            guard !declared.isEmpty, let names = declared[CodePointString(node.name!.qualifiedName)] else { continue }
            for name in names {
                if let id = node[name.string] { index[CodePointString(id), default: []].append(node.index) }
            }
        }
    }
}
