internal import XMLSyntax
import XMLWriting

/// The elements of a value being encoded. Keys arrive in whatever order `encode(to:)` calls
/// them, and a start tag must be complete before its content, so a value is gathered first
/// (attributes apart from content) and written when it is complete.
///
/// Flat arrays linked by index, like the decoder's record: no object per element and no
/// arrays of its own, so gathering appends and the whole tree is freed at once.
final class XMLEncodedTree {
    struct Element {
        let name: XMLCodingName
        var firstAttribute = -1
        var lastAttribute = -1
        var firstItem = -1
        var lastItem = -1
        /// Written with `xsi:nil="true"`: nil in an array.
        var isNil = false
        /// The namespaces its type declares on it (``XMLNamespaceDeclaring``): an index into
        /// `typeDeclarations`, -1 for none.
        var declarations = -1
    }

    struct Attribute {
        let name: XMLCodingName
        let value: String
        var next = -1
    }

    /// One piece of an element's content, in order: a child element, or text (`element` -1).
    struct Item {
        let element: Int
        let text: String
        /// Text written as a CDATA section.
        var isCDATA = false
        /// Markup (an index into `fragments`), or -1.
        var fragment = -1
        var next = -1
    }

    // Unchecked: no overlapping access, re-entrant calls included. The tree belongs to one
    // encode; each append finishes before the next value's encode(to:) runs. The dynamic
    // checks cost as much as the appends.
    @exclusivity(unchecked) private var elements: [Element] = []
    /// Whether any element so far is in a namespace: until one is, no plain key's element
    /// looks up its parent's (reading it from `elements` copies the whole element).
    private(set) var hasNamespaces = false
    /// The fragments of markup the items hold.
    private var fragments: [XMLFragment] = []
    /// The declarations of the types that declare namespaces, one entry per type met.
    private var typeDeclarations: [[(prefix: String?, uri: String)]] = []
    private var typeDeclarationIndex: [ObjectIdentifier: Int] = [:]
    @exclusivity(unchecked) private var attributes: [Attribute] = []
    @exclusivity(unchecked) private var items: [Item] = []

    /// A new element, in no parent yet.
    func makeElement(_ name: XMLCodingName) -> Int {
        if name.uri != nil { hasNamespaces = true }
        unsafe elements.append(Element(name: name))
        return unsafe elements.count - 1
    }

    /// Appends `child` to the content of `parent`.
    func append(child: Int, to parent: Int) { appendItem(Item(element: child, text: ""), to: parent) }

    /// Appends text to the content of `parent`.
    func append(text: String, to parent: Int, asCDATA: Bool = false) {
        appendItem(Item(element: -1, text: text, isCDATA: asCDATA), to: parent)
    }

    /// Appends markup to the content of `parent`.
    func append(fragment: XMLFragment, to parent: Int) {
        fragments.append(fragment)
        appendItem(Item(element: -1, text: "", fragment: fragments.count - 1), to: parent)
    }

    private func appendItem(_ item: Item, to parent: Int) {
        let index = unsafe items.count
        unsafe items.append(item)
        let last = unsafe elements[parent].lastItem
        if last >= 0 { unsafe items[last].next = index } else { unsafe elements[parent].firstItem = index }
        unsafe elements[parent].lastItem = index
    }

    func appendAttribute(_ name: XMLCodingName, value: String, to element: Int) {
        let index = unsafe attributes.count
        unsafe attributes.append(Attribute(name: name, value: value))
        let last = unsafe elements[element].lastAttribute
        if last >= 0 { unsafe attributes[last].next = index } else { unsafe elements[element].firstAttribute = index }
        unsafe elements[element].lastAttribute = index
    }

    func markNil(_ element: Int) { unsafe elements[element].isNil = true }

    /// Declares `type`'s namespaces on `element`: read from the type once per encode, the
    /// default namespace first, then by prefix.
    func declare(_ type: any XMLNamespaceDeclaring.Type, on element: Int) {
        let id = ObjectIdentifier(type)
        let index: Int
        if let known = typeDeclarationIndex[id] {
            index = known
        } else {
            index = typeDeclarations.count
            typeDeclarations.append(
                type.namespaceDeclarations.sorted { $0.key.precedesInCodePointOrder($1.key) }.map { ($0.key.isEmpty ? nil : $0.key, $0.value) })
            typeDeclarationIndex[id] = index
        }
        unsafe elements[element].declarations = index
    }

    /// Every namespace URI the tree's names use (`xsi`'s when an element is nil), by code points.
    func namespacesUsed() -> Set<CodePointString> {
        var used = Set<CodePointString>()
        // Not the element above the root (the first), which only carries the default namespace.
        for element in unsafe elements.dropFirst() {
            if let uri = element.name.uri, !uri.isEmpty { used.insert(CodePointString(uri)) }
            if element.isNil { used.insert(CodePointString(XMLEncoder.schemaInstanceNamespace)) }
        }
        for attribute in unsafe attributes {
            if let uri = attribute.name.uri, !uri.isEmpty { used.insert(CodePointString(uri)) }
        }
        return used
    }

    /// The first child element of `element`, if any.
    func firstChildElement(of element: Int) -> Int? {
        var item = unsafe elements[element].firstItem
        while item >= 0 {
            if unsafe items[item].element >= 0 { return unsafe items[item].element }
            item = unsafe items[item].next
        }
        return nil
    }

    /// The last item and the last attribute of `element` so far (-1 for none).
    func lastMembers(of element: Int) -> (item: Int, attribute: Int) {
        unsafe (elements[element].lastItem, elements[element].lastAttribute)
    }

    /// Sorts the child elements and the attributes of `element` that come after `marks`
    /// (``lastMembers(of:)`` before they were written; -1 for all) by name, in code-point
    /// order, keeping the order of equal names (an array's items) and putting text first.
    ///
    /// - Complexity: O(n log n) for the n members sorted.
    func sortMembers(of element: Int, after marks: (item: Int, attribute: Int)) {
        // (item, its element's name or nil for text), in order.
        var chain: [(index: Int, name: XMLCodingName?)] = []
        var item = marks.item >= 0 ? unsafe items[marks.item].next : unsafe elements[element].firstItem
        while item >= 0 {
            let child = unsafe items[item].element
            chain.append((item, child >= 0 ? unsafe elements[child].name : nil))
            item = unsafe items[item].next
        }
        if chain.count > 1 {
            // Text first, then by name; equal names keep their order (the sort is not stable).
            let sorted = chain.enumerated().sorted { a, b in
                switch (a.element.name, b.element.name) {
                case (nil, nil): return a.offset < b.offset
                case (nil, _): return true
                case (_, nil): return false
                case (let x?, let y?):
                    if Self.precedes(x, y) { return true }
                    if Self.precedes(y, x) { return false }
                    return a.offset < b.offset
                }
            }.map(\.element.index)
            for (k, index) in sorted.enumerated() { unsafe items[index].next = k + 1 < sorted.count ? sorted[k + 1] : -1 }
            if marks.item >= 0 { unsafe items[marks.item].next = sorted[0] } else { unsafe elements[element].firstItem = sorted[0] }
            unsafe elements[element].lastItem = sorted[sorted.count - 1]
        }
        var attributeChain: [(index: Int, name: XMLCodingName)] = []
        var attribute = marks.attribute >= 0 ? unsafe attributes[marks.attribute].next : unsafe elements[element].firstAttribute
        while attribute >= 0 {
            attributeChain.append((attribute, unsafe attributes[attribute].name))
            attribute = unsafe attributes[attribute].next
        }
        guard attributeChain.count > 1 else { return }
        // Attribute names are distinct: no ties.
        let sorted = attributeChain.sorted { Self.precedes($0.name, $1.name) }.map(\.index)
        for (k, index) in sorted.enumerated() { unsafe attributes[index].next = k + 1 < sorted.count ? sorted[k + 1] : -1 }
        if marks.attribute >= 0 { unsafe attributes[marks.attribute].next = sorted[0] } else { unsafe elements[element].firstAttribute = sorted[0] }
        unsafe elements[element].lastAttribute = sorted[sorted.count - 1]
    }

    /// Sorts the entries of a dictionary laid out as entries (``XMLMapLayout``), the child
    /// elements of `element` after the item `mark` (-1 for all), by the text of each entry's
    /// first child, its key, in code-point order.
    ///
    /// - Complexity: O(n log n) for the n entries.
    func sortEntries(of element: Int, after mark: Int) {
        var chain: [(index: Int, key: String)] = []
        var item = mark >= 0 ? unsafe items[mark].next : unsafe elements[element].firstItem
        while item >= 0 {
            let entry = unsafe items[item].element
            var key = ""
            if entry >= 0, let keyItem = Optional(unsafe elements[entry].firstItem), keyItem >= 0 {
                let keyElement = unsafe items[keyItem].element
                if keyElement >= 0, let textItem = Optional(unsafe elements[keyElement].firstItem), textItem >= 0 {
                    key = unsafe items[textItem].text
                }
            }
            chain.append((item, key))
            item = unsafe items[item].next
        }
        guard chain.count > 1 else { return }
        // Keys are distinct: no ties.
        let sorted = chain.sorted { $0.key.precedesInCodePointOrder($1.key) }.map(\.index)
        for (k, index) in sorted.enumerated() { unsafe items[index].next = k + 1 < sorted.count ? sorted[k + 1] : -1 }
        if mark >= 0 { unsafe items[mark].next = sorted[0] } else { unsafe elements[element].firstItem = sorted[0] }
        unsafe elements[element].lastItem = sorted[sorted.count - 1]
    }

    /// Names in code-point order: the local name, then the namespace (none first).
    private static func precedes(_ a: XMLCodingName, _ b: XMLCodingName) -> Bool {
        if a.local.precedesInCodePointOrder(b.local) { return true }
        if b.local.precedesInCodePointOrder(a.local) { return false }
        guard let uriB = b.uri else { return false }
        guard let uriA = a.uri else { return true }
        return uriA.precedesInCodePointOrder(uriB)
    }

    /// The namespace of `element`'s name (nil for none): a plain key's element is in it.
    func namespace(of element: Int) -> String? { hasNamespaces ? unsafe elements[element].name.uri : nil }

    /// Writes `element` and everything in it; when `declaresOnRoot`, with the namespace
    /// declarations and the caller's attributes for the value's element.
    ///
    /// - Complexity: O(size of the element), recursing once per level of nesting.
    func write(_ element: Int, to writer: XMLStreamWriter, namespaces: XMLEncodingNamespaces, declaresOnRoot: Bool)
        throws(XMLWriterError)
    {
        // Read once here, not for every element: accesses to these arrays in the write loop
        // are checked dynamically, and the optimizer moved them ahead of their conditions
        // (0.5% of the 1 MiB feed's encode, which has neither).
        try write(element, to: writer, namespaces: namespaces, declaresOnRoot: declaresOnRoot, markup: (fragments, typeDeclarations))
    }

    /// The fragments and the types' declarations, for the write.
    private typealias Markup = (fragments: [XMLFragment], declarations: [[(prefix: String?, uri: String)]])

    private func write(
        _ element: Int, to writer: XMLStreamWriter, namespaces: XMLEncodingNamespaces, declaresOnRoot: Bool, markup: Markup
    ) throws(XMLWriterError) {
        // A type's own declarations give the prefixes of its element and everything in it;
        // without any, the caller's namespaces go on as they are (not copied for each element).
        let declarations = unsafe elements[element].declarations
        if declarations >= 0 {
            try writeElement(
                element, to: writer, namespaces: namespaces.adding(markup.declarations[declarations]), declaresOnRoot: declaresOnRoot,
                markup: markup)
        } else {
            try writeElement(element, to: writer, namespaces: namespaces, declaresOnRoot: declaresOnRoot, markup: markup)
        }
    }

    private func writeElement(
        _ element: Int, to writer: XMLStreamWriter, namespaces: XMLEncodingNamespaces, declaresOnRoot: Bool, markup: Markup
    ) throws(XMLWriterError) {
        let name = unsafe elements[element].name
        let declarations = unsafe elements[element].declarations
        try writer.startElement(name.local, namespace: name.uri, prefix: namespaces.prefix(for: name.uri))
        if declaresOnRoot {
            // The root in no namespace cannot carry a default namespace declaration: it would
            // move into it.
            let declarations = namespaces.declarations(for: self)
            if name.uri?.isEmpty ?? true, declarations.contains(where: { $0.prefix == nil && !$0.uri.isEmpty }) {
                throw XMLWriterError(.conflictingPrefix(""))
            }
            for declaration in declarations {
                try writer.declareNamespace(prefix: declaration.prefix, uri: declaration.uri)
            }
            for attribute in namespaces.rootAttributes {
                try writer.attribute(
                    attribute.name.localName, value: attribute.value, namespace: attribute.name.namespaceURI,
                    prefix: attribute.name.prefix ?? namespaces.prefix(for: attribute.name.namespaceURI))
            }
        }
        if declarations >= 0 {
            for declaration in markup.declarations[declarations] {
                try writer.declareNamespace(prefix: declaration.prefix, uri: declaration.uri)
            }
        }
        if unsafe elements[element].isNil {
            try writer.attribute(
                "nil", value: "true", namespace: XMLEncoder.schemaInstanceNamespace,
                prefix: namespaces.prefix(for: XMLEncoder.schemaInstanceNamespace) ?? "xsi")
        }
        var attribute = unsafe elements[element].firstAttribute
        while attribute >= 0 {
            let name = unsafe attributes[attribute].name
            unsafe try writer.attribute(
                name.local, value: attributes[attribute].value, namespace: name.uri, prefix: namespaces.prefix(for: name.uri))
            attribute = unsafe attributes[attribute].next
        }
        var item = unsafe elements[element].firstItem
        while item >= 0 {
            let child = unsafe items[item].element
            if child >= 0 {
                try write(child, to: writer, namespaces: namespaces, declaresOnRoot: false, markup: markup)
            } else if unsafe items[item].fragment >= 0 {
                try markup.fragments[unsafe items[item].fragment].write(to: writer)
            } else if unsafe items[item].isCDATA {
                unsafe try writer.cdata(items[item].text)
            } else {
                unsafe try writer.text(items[item].text)
            }
            item = unsafe items[item].next
        }
        try writer.endElement()
    }
}
