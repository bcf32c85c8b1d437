/// The `xml:lang` in effect on each node, found once per evaluation: `lang()` on every
/// element of a deep chain would otherwise climb the whole chain from each of them.
final class XPathLanguages {
    private struct Key: Hashable {
        let storage: ObjectIdentifier
        let index: Int32
    }

    /// The language of each node visited (`nil`: no `xml:lang` above it).
    private var known: [Key: String?] = [:]

    /// The nearest `xml:lang` on `node` or an ancestor, `nil` when there is none.
    func language(of node: XMLTreeNode) -> String? {
        let storage = ObjectIdentifier(node.storage)
        var path: [Key] = []
        var current: XMLTreeNode? = node
        var found: String?
        while let element = current {
            let key = Key(storage: storage, index: element.index)
            if let language = known[key] {
                found = language
                break
            }
            path.append(key)
            if let language = element.attribute(localName: "lang", namespace: "http://www.w3.org/XML/1998/namespace")
                ?? element["xml:lang"]
            {
                found = language
                break
            }
            current = element.parent
        }
        for key in path { known[key] = found }
        return found
    }
}
