import XMLStreaming
internal import XMLSyntax

/// A node of an ``XMLTreeDocument``: a small handle (the document's storage and an index),
/// cheap to copy and compare. Everything it returns is an owned value.
public struct XMLTreeNode: Hashable, Sendable {
    /// What a node is.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum Kind: UInt8, Sendable {
        /// The document node: the parent of the root element and of what stands around it.
        case document
        /// An element.
        case element
        /// Text: character data, with references and entities expanded.
        case text
        /// The text of a CDATA section, kept apart from other text.
        case cdata
        /// A comment.
        case comment
        /// A processing instruction.
        case processingInstruction
        /// A reference to an entity the parser could not expand, `&nbsp;` on a page whose
        /// external DTD (never read) declares it: kept so that writing the tree gives it back.
        /// ``XMLTreeNode/entityName`` names it. XPath sees it as part of the text around it, with
        /// no characters of its own.
        case entityReference
    }

    let storage: TreeStorage
    let index: Int32

    init(storage: TreeStorage, index: Int32) {
        self.storage = storage
        self.index = index
    }

    /// Whether two handles are the same node of the same document (not whether two nodes hold
    /// equal content).
    public static func == (a: XMLTreeNode, b: XMLTreeNode) -> Bool { a.storage === b.storage && a.index == b.index }
    /// Hashes the document's storage and the node's index, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(storage))
        hasher.combine(index)
    }

    @inline(__always) var record: TreeStorage.Node { storage.nodes[Int(index)] }

    private func node(_ i: Int32) -> XMLTreeNode? { i < 0 ? nil : XMLTreeNode(storage: storage, index: i) }

    /// The node's place in document order (the document node is 0).
    public var documentOrder: Int { Int(index) }

    /// What the node is.
    public var kind: Kind { record.kind }
    /// Whether the node is an element.
    public var isElement: Bool { record.kind == .element }

    // MARK: - Links

    /// The node that holds this one; `nil` for the document node.
    public var parent: XMLTreeNode? { node(record.parent) }
    /// The first child, of any kind; `nil` when there is none.
    public var firstChild: XMLTreeNode? { node(record.firstChild) }
    /// The last child (found by following the siblings: the records keep no last-child link).
    public var lastChild: XMLTreeNode? {
        var last: Int32 = -1
        var i = record.firstChild
        while i >= 0 {
            last = i
            i = storage.nodes[Int(i)].next
        }
        return node(last)
    }
    /// The next node with the same parent; `nil` for the last.
    public var nextSibling: XMLTreeNode? { node(record.next) }
    /// The previous node with the same parent; `nil` for the first.
    public var previousSibling: XMLTreeNode? { node(record.previous) }

    /// The document this node belongs to.
    public var document: XMLTreeDocument { XMLTreeDocument(storage: storage) }

    /// The children in document order.
    public var children: Children { Children(storage: storage, first: record.firstChild) }

    /// The element children in document order.
    public var childElements: LazyFilterSequence<Children> { children.lazy.filter(\.isElement) }

    /// The first child that is an element.
    public var firstChildElement: XMLTreeNode? {
        for child in children where child.isElement { return child }
        return nil
    }

    /// The nodes below this one, in document order (not this node itself).
    public var descendants: Descendants { Descendants(storage: storage, root: index) }

    /// The children of a node, as a sequence that follows the sibling links.
    public struct Children: Sequence, Sendable {
        let storage: TreeStorage
        let first: Int32

        /// An iterator over the children, from the first.
        public func makeIterator() -> Iterator { Iterator(storage: storage, cursor: first) }

        /// Follows the sibling links from the first child to the last.
        public struct Iterator: IteratorProtocol {
            let storage: TreeStorage
            var cursor: Int32

            /// The next child, or `nil` after the last.
            public mutating func next() -> XMLTreeNode? {
                guard cursor >= 0 else { return nil }
                let node = XMLTreeNode(storage: storage, index: cursor)
                cursor = storage.nodes[Int(cursor)].next
                return node
            }
        }
    }

    /// The descendants of a node in document order: they are the records after it up to
    /// the end of its subtree, which the storage keeps contiguous.
    public struct Descendants: Sequence, Sendable {
        let storage: TreeStorage
        let root: Int32

        /// An iterator over the descendants, in document order.
        public func makeIterator() -> Iterator {
            Iterator(storage: storage, cursor: root + 1, end: Self.end(of: root, in: storage))
        }

        /// One past the last record of `root`'s subtree.
        static func end(of root: Int32, in storage: TreeStorage) -> Int32 {
            var i = root
            while i >= 0 {
                let next = storage.nodes[Int(i)].next
                if next >= 0 { return next }
                i = storage.nodes[Int(i)].parent
            }
            return Int32(storage.nodes.count)
        }

        /// Walks the records of a subtree in order, from the one after its root to its end.
        public struct Iterator: IteratorProtocol {
            let storage: TreeStorage
            var cursor: Int32
            let end: Int32

            /// The next descendant in document order, or `nil` after the last.
            public mutating func next() -> XMLTreeNode? {
                guard cursor < end else { return nil }
                defer { cursor += 1 }
                return XMLTreeNode(storage: storage, index: cursor)
            }
        }
    }

    // MARK: - Names and attributes

    /// An element's name; `nil` for other nodes.
    public var name: XMLTreeName? {
        let record = record
        return record.kind == .element ? storage.names[Int(record.name)] : nil
    }

    /// An entity reference's entity name (`nbsp` for `&nbsp;`); `nil` for other nodes.
    public var entityName: String? {
        let record = record
        return record.kind == .entityReference ? storage.names[Int(record.name)].localName : nil
    }

    /// Where an entity reference stands in the document read (its `&`); `nil` for other nodes.
    public var entityPosition: XMLPosition? {
        record.kind == .entityReference ? storage.entityPositions[index] : nil
    }

    /// An element's local name, a processing instruction's target; `nil` otherwise.
    public var localName: String? {
        switch record.kind {
        case .element: return name?.localName
        case .processingInstruction: return target
        default: return nil
        }
    }

    /// A processing instruction's target.
    public var target: String? {
        let record = record
        guard record.kind == .processingInstruction else { return nil }
        return storage.names[Int(record.name)].localName
    }

    /// An element's attributes in document order.
    public var attributes: [XMLTreeAttribute] {
        let record = record
        guard record.kind == .element else { return [] }
        let specified = specifiedAttributeCount
        return (Int(record.attributeStart)..<Int(record.attributeStart + record.attributeCount)).map {
            let attribute = storage.attributes[$0]
            return XMLTreeAttribute(
                name: storage.names[Int(attribute.name)],
                value: storage.string(start: attribute.valueStart, length: attribute.valueLength),
                isSpecified: $0 - Int(record.attributeStart) < specified)
        }
    }

    /// How many of an element's attributes its start tag gave: the first ones (the DTD's
    /// defaults follow them).
    var specifiedAttributeCount: Int {
        // Most documents have no defaults: no hashing then.
        guard !storage.specifiedAttributeCounts.isEmpty else { return attributeCount }
        return storage.specifiedAttributeCounts[index].map(Int.init) ?? attributeCount
    }

    /// How many attributes an element has.
    public var attributeCount: Int { record.kind == .element ? Int(record.attributeCount) : 0 }

    /// The name of the attribute at `index`, without building the others.
    func attributeName(at index: Int) -> XMLTreeName {
        storage.names[Int(storage.attributes[Int(record.attributeStart) + index].name)]
    }

    /// The value of the attribute at `index`.
    func attributeValue(at index: Int) -> String {
        let attribute = storage.attributes[Int(record.attributeStart) + index]
        return storage.string(start: attribute.valueStart, length: attribute.valueLength)
    }

    /// The value of the attribute with this qualified name (or local name when unprefixed).
    /// Names are compared by code points, as XML compares them.
    public subscript(attribute: String) -> String? {
        let record = record
        guard record.kind == .element else { return nil }
        for i in Int(record.attributeStart)..<Int(record.attributeStart + record.attributeCount) {
            let stored = storage.attributes[i]
            if storage.names[Int(stored.name)].qualifiedName.hasSameCodePoints(as: attribute) {
                return storage.string(start: stored.valueStart, length: stored.valueLength)
            }
        }
        return nil
    }

    /// The value of the attribute with this local name in this namespace (compared by
    /// code points).
    public func attribute(localName: String, namespace: String?) -> String? {
        let record = record
        guard record.kind == .element else { return nil }
        for i in Int(record.attributeStart)..<Int(record.attributeStart + record.attributeCount) {
            let stored = storage.attributes[i]
            let name = storage.names[Int(stored.name)]
            if name.localName.hasSameCodePoints(as: localName) && name.namespaceURI.hasSameCodePoints(as: namespace) {
                return storage.string(start: stored.valueStart, length: stored.valueLength)
            }
        }
        return nil
    }

    // MARK: - Text

    /// A text, CDATA or comment node's content, a processing instruction's data; for an
    /// element, its own text (the text and CDATA children joined, not the descendants').
    ///
    /// A reference the parser could not expand (an entity-reference node, `&nbsp;` on a page
    /// whose DTD is never read) reads as the characters `&nbsp;`: seen, not lost.
    /// ``text(unexpandedEntities:)`` chooses otherwise.
    public var text: String {
        // `.keep` never throws.
        (try? text(unexpandedEntities: .keep)) ?? ""
    }

    /// The node's ``text``, with each entity reference the parser could not expand read as
    /// `policy` says.
    ///
    /// - Throws: ``XMLTreeError`` ``XMLTreeError/Code/unexpandedEntity`` naming the entity and
    ///   its position, under `XMLUnexpandedEntityPolicy.throw` (or a table without the name).
    public func text(unexpandedEntities policy: XMLUnexpandedEntityPolicy) throws(XMLTreeError) -> String {
        let record = record
        switch record.kind {
        case .text, .cdata, .comment, .processingInstruction:
            return storage.string(start: record.textStart, length: record.textLength)
        case .entityReference:
            return try storage.entityText(index, policy)
        case .element, .document:
            var bytes: [UInt8] = []
            for child in children where TreeStorage.isText(child.record) {
                try storage.appendText(of: child.index, to: &bytes, policy)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// XPath's string value: for an element or the document, all descendant text in
    /// document order; for other nodes, their content. An entity reference the parser could
    /// not expand reads as `&name;`, as in ``text``.
    public var stringValue: String {
        (try? stringValue(unexpandedEntities: .keep)) ?? ""
    }

    /// XPath's string value, with each entity reference the parser could not expand read as
    /// `policy` says (what XPath's `string()` gives with
    /// ``XPathExpression/Options/unexpandedEntities``).
    ///
    /// - Throws: ``XMLTreeError`` ``XMLTreeError/Code/unexpandedEntity`` naming the entity and
    ///   its position, under `XMLUnexpandedEntityPolicy.throw` (or a table without the name).
    public func stringValue(unexpandedEntities policy: XMLUnexpandedEntityPolicy) throws(XMLTreeError) -> String {
        let record = record
        switch record.kind {
        case .element, .document:
            var bytes: [UInt8] = []
            for node in descendants where TreeStorage.isText(node.record) {
                try storage.appendText(of: node.index, to: &bytes, policy)
            }
            return String(decoding: bytes, as: UTF8.self)
        default:
            return try text(unexpandedEntities: policy)
        }
    }
}

/// An attribute of a tree element.
public struct XMLTreeAttribute: Hashable, Sendable {
    /// The attribute's name.
    public var name: XMLTreeName
    /// The attribute's value, as the parser reported it (entities expanded).
    public var value: String
    /// Whether the start tag gave it; `false` for a default the DTD's internal subset
    /// supplied (`<!ATTLIST p class CDATA "normal">`), which writing the document leaves to
    /// the DTD, as DOM's `Attr.specified` tells.
    public var isSpecified: Bool

    /// Creates an attribute of a name and a value.
    public init(name: XMLTreeName, value: String, isSpecified: Bool = true) {
        self.name = name
        self.value = value
        self.isSpecified = isSpecified
    }
}
