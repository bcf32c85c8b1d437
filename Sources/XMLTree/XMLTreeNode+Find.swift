internal import XMLSyntax

// The seeds' navigation (TBXML's childElementNamed:, XMLTreeParser's findChild:) and
// XMLTreeParser's path queries.
extension XMLTreeNode {
    /// Whether this is an element called `name`: its qualified name, or, for a name
    /// without a colon, its local name. Names are compared by code points, as XML
    /// compares them (`é` and `e` + U+0301 are two names).
    public func hasName(_ name: String) -> Bool {
        guard let own = self.name else { return false }
        return own.qualifiedName.hasSameCodePoints(as: name)
            || (own.localName.hasSameCodePoints(as: name) && !name.utf8.contains(UInt8(ascii: ":")))
    }

    /// The first child element called `name`.
    public func firstChild(named name: String) -> XMLTreeNode? {
        for child in children where child.hasName(name) { return child }
        return nil
    }

    /// Every child element called `name`, in document order.
    public func children(named name: String) -> [XMLTreeNode] {
        childElements.filter { $0.hasName(name) }
    }

    /// The next sibling element called `name`.
    public func nextSibling(named name: String) -> XMLTreeNode? {
        var node = nextSibling
        while let current = node {
            if current.hasName(name) { return current }
            node = current.nextSibling
        }
        return nil
    }

    /// The string value of the first child element called `name` (its text and its
    /// descendants'), the seeds' `stringValueOfChildNamed:`.
    public func childText(named name: String) -> String? {
        firstChild(named: name)?.stringValue
    }

    /// XMLTreeParser's path query: element names separated by `/`, each optionally with a
    /// 0-based index in brackets (`"whatchacallit[1]/thingamajig[3]/doodad[2]"`), starting
    /// from this node's children (from the document node, the first step is the root).
    /// `nil` when any step finds nothing; never a crash.
    public func find(_ path: String) -> XMLTreeNode? {
        var node = self
        for step in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let (name, index) = Self.parseStep(step) else { return nil }
            var seen = 0
            var found: XMLTreeNode?
            for child in node.childElements where child.hasName(name) {
                if seen == index {
                    found = child
                    break
                }
                seen += 1
            }
            guard let next = found else { return nil }
            node = next
        }
        return node
    }

    /// The path query with an attribute at the end, XMLTreeParser's proposed
    /// `findChildAttr:`: `"stuff/item[1].value"` is the `value` attribute of the second
    /// `item`. The attribute follows the last `.` of the last step (write `name[0].attr` for
    /// an element whose name has a dot).
    public func findAttribute(_ path: String) -> String? {
        let steps = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = steps.last, let dot = last.lastIndex(of: ".") else { return nil }
        let attribute = String(last[last.index(after: dot)...])
        let elementStep = last[..<dot]
        guard !attribute.isEmpty, !elementStep.isEmpty else { return nil }
        let elementPath = (steps.dropLast().map(String.init) + [String(elementStep)]).joined(separator: "/")
        return find(elementPath)?[attribute]
    }

    private static func parseStep(_ step: Substring) -> (String, Int)? {
        guard let open = step.firstIndex(of: "[") else { return (String(step), 0) }
        guard step.last == "]", let index = Int(step[step.index(after: open)..<step.index(before: step.endIndex)]),
            index >= 0
        else { return nil }
        return (String(step[..<open]), index)
    }
}
