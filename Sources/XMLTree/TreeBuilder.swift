import XMLStreaming
import XMLWriting
internal import XMLSyntax

/// Builds a tree from the parser's events. Text pieces of one run are joined into one
/// node; CDATA sections are nodes of their own; whitespace-only text is dropped on request.
struct TreeBuilder: XMLEventHandler {
    var nodes: [TreeStorage.Node] = []
    var attributes: [TreeStorage.Attribute] = []
    var names: [XMLTreeName] = []
    var pool: [UInt8] = []
    let dropsWhitespaceText: Bool

    /// The element children are added to.
    private var current: Int32 = 0
    /// The last child of each open element, the document node first (the records keep no
    /// last-child link: it is needed only while building).
    private var openLastChild: [Int32] = [-1]
    /// The text node being extended, or -1.
    private var openText: Int32 = -1
    private var inCDATA = false
    private var nameTable = NameTable()
    private var pendingDeclarations: [(prefix: String, uri: String)] = []
    private var declarations: [Int32: [(prefix: String, uri: String)]] = [:]
    private var doctype: TreeStorage.Doctype?
    /// Between the DOCTYPE's start and end: comments and processing instructions there
    /// belong to the internal subset, not to the document's children.
    private var inDoctype = false
    private var locator = XMLLocator.detached
    private var entityPositions: [Int32: XMLPosition] = [:]
    /// The input's file name, while the parser still knows it.
    private var fileName: String?
    private var idAttributes: [CodePointString: Swift.Set<CodePointString>] = [:]
    /// Elements with attributes the DTD supplied: how many their start tags gave.
    private var specifiedAttributeCounts: [Int32: Int32] = [:]

    init(dropsWhitespaceText: Bool) {
        self.dropsWhitespaceText = dropsWhitespaceText
        reset()
    }

    mutating func reset() {
        nodes.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        pool.removeAll(keepingCapacity: true)
        nodes.append(TreeStorage.Node(kind: .document, parent: -1))
        current = 0
        openLastChild = [-1]
        openText = -1
        inCDATA = false
    }

    /// Reserves room for a document of `size` bytes, so the arrays need not grow (and copy)
    /// while building: about one node per 30 bytes of XML, half the bytes as text.
    mutating func reserve(forDocumentOfSize size: Int) {
        nodes.reserveCapacity(size / 28 + 16)
        attributes.reserveCapacity(size / 48 + 16)
        pool.reserveCapacity(size / 2 + 64)
    }

    /// Takes what was built as storage, leaving the builder empty for the next document.
    mutating func takeStorage(namespaced: Bool) -> TreeStorage {
        closeText()
        let storage = TreeStorage(
            nodes: nodes, attributes: attributes, names: names, pool: pool, namespaced: namespaced,
            namespaceDeclarations: declarations, doctype: doctype, idAttributes: idAttributes,
            entityPositions: entityPositions, fileName: fileName, specifiedAttributeCounts: specifiedAttributeCounts)
        declarations = [:]
        specifiedAttributeCounts = [:]
        entityPositions = [:]
        idAttributes = [:]
        doctype = nil
        inDoctype = false
        nodes = []
        attributes = []
        pool = []
        reset()
        return storage
    }

    /// Builds a tree whose root node is an element (for streamed subtrees): no document node.
    mutating func beginFragment() {
        // Names start afresh: the last fragment's storage shares the array, so adding to
        // it would copy every name seen so far, once per fragment that brings a new one.
        names = []
        nameTable.removeAll()
        declarations = [:]
        specifiedAttributeCounts = [:]
        pendingDeclarations.removeAll()
        nodes.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        pool.removeAll(keepingCapacity: true)
        nodes.append(TreeStorage.Node(kind: .document, parent: -1))
        current = 0
        openLastChild = [-1]
        openText = -1
    }

    // MARK: - Links

    /// Appends a child of the current element.
    @inline(__always)
    private mutating func append(_ node: TreeStorage.Node) -> Int32 {
        let index = Int32(nodes.count)
        var node = node
        let parent = Int(node.parent)
        let last = openLastChild[openLastChild.count - 1]
        node.previous = last
        nodes.append(node)
        if last >= 0 { nodes[Int(last)].next = index } else { nodes[parent].firstChild = index }
        openLastChild[openLastChild.count - 1] = index
        return index
    }

    /// The error for a document past the records' 32-bit offsets, where the parser is.
    private func tooLarge(_ message: String) -> XMLTreeError {
        XMLTreeError(code: .documentTooLarge, message: message, position: locator.position, fileName: locator.fileName)
    }

    private mutating func appendToPool(_ view: XMLStringView) throws -> (Int32, Int32) {
        // The records hold 32-bit offsets: a tree holds at most 2 GiB of text and 2^31 nodes.
        guard pool.count + view.count < Int(Int32.max), nodes.count < Int(Int32.max) - 1 else {
            throw tooLarge("the document is too large for a tree (2 GiB of text or 2^31 nodes); stream it instead")
        }
        let start = Int32(pool.count)
        unsafe view.withUnsafeBytes { unsafe pool.append(contentsOf: $0) }
        return (start, Int32(view.count))
    }

    /// Ends the current text run, dropping it when it is whitespace only and that was asked.
    private mutating func closeText() {
        guard openText >= 0 else { return }
        let index = Int(openText)
        openText = -1
        guard dropsWhitespaceText, nodes[index].kind == .text, index == nodes.count - 1 else { return }
        let node = nodes[index]
        let isWhitespace = pool[Int(node.textStart)..<Int(node.textStart + node.textLength)].allSatisfy {
            $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D
        }
        guard isWhitespace else { return }
        // The node is the last one appended and its text the last in the pool: unlink both.
        let parent = Int(node.parent)
        openLastChild[openLastChild.count - 1] = node.previous
        if node.previous >= 0 { nodes[Int(node.previous)].next = -1 } else { nodes[parent].firstChild = -1 }
        nodes.removeLast()
        pool.removeLast(Int(node.textLength))
    }

    // MARK: - Events

    mutating func startDocument(_ locator: XMLLocator) throws {
        self.locator = locator
        fileName = locator.fileName
    }

    mutating func startElement(_ name: XMLName, attributes list: XMLAttributes) throws {
        closeText()
        let nameIndex = nameTable.intern(name, into: &names)
        let attributeStart = Int32(attributes.count)
        var specified: Int32 = 0
        for attribute in list {
            let (start, length) = try appendToPool(attribute.value)
            attributes.append(
                TreeStorage.Attribute(name: nameTable.intern(attribute.name, into: &names), valueStart: start, valueLength: length))
            if attribute.isSpecified { specified += 1 }
        }
        var node = TreeStorage.Node(kind: .element, parent: current)
        node.name = nameIndex
        node.attributeStart = attributeStart
        node.attributeCount = Int32(attributes.count) - attributeStart
        current = append(node)
        if specified < node.attributeCount { specifiedAttributeCounts[current] = specified }
        openLastChild.append(-1)
        if !pendingDeclarations.isEmpty {
            declarations[current] = pendingDeclarations
            pendingDeclarations.removeAll()
        }
    }

    mutating func startDoctype(_ declaration: XMLDoctype) throws {
        var count = 0
        var child = nodes[0].firstChild
        while child >= 0 {
            count += 1
            child = nodes[Int(child)].next
        }
        doctype = TreeStorage.Doctype(declaration: declaration, position: count)
        inDoctype = true
    }

    mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) throws {
        if declaration.isID {
            idAttributes[CodePointString(declaration.elementName), default: []].insert(CodePointString(declaration.attributeName))
        }
        doctype?.subset.append(XMLMarkupDeclaration(declaration))
    }

    mutating func elementDeclaration(_ declaration: XMLElementDeclaration) throws {
        doctype?.subset.append(XMLMarkupDeclaration(declaration))
    }

    mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) throws {
        if let kept = XMLMarkupDeclaration(declaration) { doctype?.subset.append(kept) }
    }

    mutating func notationDeclaration(_ notation: XMLNotation) throws {
        doctype?.subset.append(XMLMarkupDeclaration(notation))
    }

    mutating func endDoctype() throws {
        inDoctype = false
    }

    mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) throws {
        pendingDeclarations.append((prefix?.string ?? "", uri?.string ?? ""))
    }

    mutating func endElement(_ name: XMLName) throws {
        closeText()
        current = nodes[Int(current)].parent
        openLastChild.removeLast()
    }

    mutating func characters(_ text: XMLStringView) throws {
        if openText >= 0 {
            guard pool.count + text.count < Int(Int32.max) else {
                throw tooLarge("the document is too large for a tree (2 GiB of text); stream it instead")
            }
            unsafe text.withUnsafeBytes { unsafe pool.append(contentsOf: $0) }
            nodes[Int(openText)].textLength += Int32(text.count)
            return
        }
        // Text outside the root element is not part of the tree.
        guard current != 0 else { return }
        let (start, length) = try appendToPool(text)
        var node = TreeStorage.Node(kind: inCDATA ? .cdata : .text, parent: current)
        node.textStart = start
        node.textLength = length
        openText = append(node)
    }

    mutating func startCDATA() throws {
        closeText()
        inCDATA = true
        var node = TreeStorage.Node(kind: .cdata, parent: current)
        node.textStart = Int32(pool.count)
        openText = append(node)
    }

    mutating func endCDATA() throws {
        openText = -1
        inCDATA = false
    }

    mutating func comment(_ text: XMLStringView) throws {
        guard !inDoctype else {
            doctype?.subset.append(.comment(text.string))
            return
        }
        closeText()
        let (start, length) = try appendToPool(text)
        var node = TreeStorage.Node(kind: .comment, parent: current)
        node.textStart = start
        node.textLength = length
        _ = append(node)
    }

    /// A reference the parser could not expand (an entity of the external DTD, never read,
    /// or an external entity, never loaded) becomes a node of its own, so that writing the
    /// tree gives `&name;` back. A parameter entity concerns the DTD, not the tree.
    mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws {
        guard !isParameterEntity, current != 0 else { return }
        closeText()
        var node = TreeStorage.Node(kind: .entityReference, parent: current)
        node.name = nameTable.intern(target: name.string, into: &names)
        node.textStart = Int32(pool.count)
        node.textLength = 0
        let index = append(node)
        entityPositions[index] = locator.position
    }

    mutating func processingInstruction(target: XMLStringView, data: XMLStringView) throws {
        guard !inDoctype else {
            doctype?.subset.append(.processingInstruction(target: target.string, data: data.string))
            return
        }
        closeText()
        let (start, length) = try appendToPool(data)
        var node = TreeStorage.Node(kind: .processingInstruction, parent: current)
        node.name = nameTable.intern(target: target.string, into: &names)
        node.textStart = start
        node.textLength = length
        _ = append(node)
    }
}

/// Interns names by expat's bytes for them, without allocating for names already seen:
/// open addressing over a hash of the bytes.
struct NameTable {
    private var slots: [Int32] = Array(repeating: -1, count: 64)
    private var keys: [[UInt8]] = []
    /// A random start for the hash, per table, and a final mix: names crafted to share a
    /// slot under a fixed hash (hash flooding, which makes probing quadratic) share one here
    /// only by chance.
    private let seed = UInt64.random(in: 1...UInt64.max)

    @inline(__always)
    private func slot(for bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash = seed
        for unsafe b in unsafe bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        hash ^= hash >> 29
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 32
        return Int(hash & UInt64(slots.count - 1))
    }

    mutating func intern(_ name: XMLName, into names: inout [XMLTreeName]) -> Int32 {
        let raw = name.rawBytes
        var slot = unsafe raw.withUnsafeBytes { unsafe self.slot(for: $0) }
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if Self.equal(raw, keys[index]) { return Int32(index) }
            slot = (slot + 1) & (slots.count - 1)
        }
        let index = Int32(keys.count)
        keys.append(raw.bytes)
        names.append(
            XMLTreeName(localName: name.localName.string, namespaceURI: name.namespaceURI?.string, prefix: name.prefix?.string))
        slots[slot] = index
        if keys.count * 2 > slots.count { grow() }
        return index
    }

    /// Byte equality without the generic `elementsEqual` (names are short and compared
    /// once per element).
    @inline(__always)
    private static func equal(_ view: XMLStringView, _ key: [UInt8]) -> Bool {
        guard view.count == key.count else { return false }
        return unsafe view.withUnsafeBytes { bytes in
            unsafe key.withUnsafeBufferPointer { stored in
                var i = 0
                while i < stored.count {
                    if unsafe bytes[i] != stored[i] { return false }
                    i += 1
                }
                return true
            }
        }
    }

    /// By code points: `<?é?>` and `<?e` + U+0301 `?>` have two targets.
    private var targets: [CodePointString: Int32] = [:]

    /// Interns a processing instruction's target as a name.
    mutating func intern(target: String, into names: inout [XMLTreeName]) -> Int32 {
        if let index = targets[CodePointString(target)] { return index }
        let index = Int32(names.count)
        // Keeps `keys` and `names` aligned: a key no element name can have (it holds a NUL).
        keys.append([0] + Array(target.utf8))
        names.append(XMLTreeName(localName: target))
        targets[CodePointString(target)] = index
        if keys.count * 2 > slots.count { grow() }
        return index
    }

    /// Forgets every name, keeping the seed (drawing a new one costs a system call).
    mutating func removeAll() {
        slots = Array(repeating: -1, count: 64)
        keys.removeAll()
        targets.removeAll()
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        for (index, key) in keys.enumerated() {
            var slot = unsafe key.withUnsafeBufferPointer { unsafe self.slot(for: $0) }
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(index)
        }
    }
}
