import XMLStreaming
import XMLValidation

/// Builds ``XMLRecord``s from the parser's events: the whole document, or (with a path)
/// each element at the path as a record of its own, handed to `body` as it ends.
struct XMLRecordBuilder: XMLEventHandler {
    /// Element names from the root to the records (`["schedule", "sites", "site"]`); empty:
    /// the document element is the one record.
    let path: [String]
    let namespaced: Bool
    let body: (XMLRecord) throws -> Void

    private var record: Partial
    /// Checks the document before anything is built from it (``XMLDecoder/validation``): it
    /// sees every event first, and its error stops the parse before the record that holds
    /// the fault is complete. `nil`: no validation, one branch per event. In a box: the
    /// builder stays small, and the check is a pointer's.
    private let validation: ValidatorBox?

    private final class ValidatorBox {
        /// A DTD or a schema validator: opened in place for each event, never copied.
        var validator: any XMLEventHandler
        init(_ validator: any XMLEventHandler) { self.validator = validator }

        /// Out of line, so that an event's handling without validation is not made larger
        /// (and less inlined) by the validator's.
        @inline(never)
        func send(_ event: (inout any XMLEventHandler) throws -> Void) throws {
            try event(&validator)
        }
    }
    private var locator = XMLLocator.detached
    private var depth = 0
    /// How many of the open elements match the path step for step.
    private var matched = 0
    /// The depth of the record's element, or 0 while outside a record.
    private var recordDepth = 0
    /// Whether any record was found, and otherwise how far the path got: the most steps
    /// any element matched, and the first few names found one level below that (for the
    /// error that a path matching nothing is).
    private var foundRecord = false
    private var deepestMatch = 0
    private var namesBelowDeepest: [String] = []

    /// `inputSize`, when known, gives a whole document's record (the only caller passes it
    /// with an empty path) room from the start; reset keeps that room for the one record.
    /// `controlCharacters`: the parser reads control-character references as U+FDD0 plus
    /// their value (``XMLDecoder/readsControlCharacterReferences``), which the record maps back.
    init(
        path: [String], namespaced: Bool, controlCharacters: Bool = false, inputSize: Int? = nil,
        validation: XMLValidator? = nil, body: @escaping (XMLRecord) throws -> Void
    ) {
        self.path = path
        self.validation = validation.map { ValidatorBox($0.makeHandler()) }
        self.namespaced = namespaced
        self.body = body
        record = Partial(namespaced: namespaced, fileName: nil, controlCharacters: controlCharacters)
        if let inputSize { record.reserve(forInputOf: inputSize) }
    }

    mutating func startDocument(_ locator: XMLLocator) throws {
        self.locator = locator
        if let validation { try validation.send { try $0.startDocument(locator) } }
    }

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        if let validation { try validation.send { try $0.startElement(name, attributes: attributes) } }
        depth += 1
        // Declarations pending for an element outside every record are dropped.
        defer { record.dropPendingDeclarations() }
        if recordDepth == 0 {
            // Outside a record: follow the path.
            if path.isEmpty {
                guard depth == 1 else { return }
            } else {
                guard matched == depth - 1, depth <= path.count,
                    path[depth - 1] == "*" || name.localName == path[depth - 1]
                else {
                    if !foundRecord && matched == depth - 1 && depth == deepestMatch + 1 && namesBelowDeepest.count < 4
                    {
                        let local = name.localName.string
                        if !namesBelowDeepest.contains(local) { namesBelowDeepest.append(local) }
                    }
                    return
                }
                matched = depth
                if depth > deepestMatch {
                    deepestMatch = depth
                    namesBelowDeepest = []
                }
                guard depth == path.count else { return }
            }
            foundRecord = true
            recordDepth = depth
            record.reset(fileName: locator.fileName)
        }
        record.start(name, attributes: attributes, at: locator.position)
    }

    // What a fragment (XMLFragment) gives back of a record: comments, PIs, CDATA sections,
    // namespace declarations. Nothing else reads them.

    mutating func comment(_ text: XMLStringView) throws {
        if let validation { try validation.send { try $0.comment(text) } }
        guard recordDepth > 0 else { return }
        record.addMarkup(.comment, text, nil)
    }

    mutating func processingInstruction(target: XMLStringView, data: XMLStringView) throws {
        if let validation { try validation.send { try $0.processingInstruction(target: target, data: data) } }
        guard recordDepth > 0 else { return }
        record.addMarkup(.processingInstruction, target, data)
    }

    mutating func startCDATA() throws {
        if let validation { try validation.send { try $0.startCDATA() } }
        guard recordDepth > 0 else { return }
        record.startCDATA()
    }

    mutating func endCDATA() throws {
        if let validation { try validation.send { try $0.endCDATA() } }
        guard recordDepth > 0 else { return }
        record.endCDATA()
    }

    /// A declaration comes before the start tag that makes it: kept for the next element
    /// in a record (that element is not known yet to be one), dropped otherwise.
    mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) throws {
        if let validation { try validation.send { try $0.startPrefixMapping(prefix: prefix, uri: uri) } }
        record.pendDeclaration(prefix: prefix, uri: uri)
    }

    mutating func endElement(_ name: XMLName) throws {
        if let validation { try validation.send { try $0.endElement(name) } }
        defer {
            depth -= 1
            if matched > depth { matched = depth }
        }
        guard recordDepth > 0 else { return }
        record.end()
        if depth == recordDepth {
            recordDepth = 0
            try body(record.record)
        }
    }

    mutating func characters(_ text: XMLStringView) throws {
        if let validation { try validation.send { try $0.characters(text) } }
        guard recordDepth > 0 else { return }
        record.text(text)
    }

    /// A reference the parser could not expand, inside a record: its text would lack it, so
    /// decoding stops, naming it and where it is (`XMLParserOptions.unexpandedEntities`
    /// keeps, skips or replaces such references instead). Outside every record nothing reads
    /// it.
    mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws {
        if let validation {
            try validation.send { try $0.skippedEntity(name: name, isParameterEntity: isParameterEntity) }
        }
        guard recordDepth > 0, !isParameterEntity else { return }
        throw XMLParseError.unexpandedEntity(name.string, at: locator.position, fileName: locator.fileName)
    }

    // Events only a validator reads: the DTD, the ends of prefix mappings, references in
    // attribute values (which stop the decode as they always did, after the validator had
    // its say), repairs.

    mutating func xmlDeclaration(_ declaration: XMLDeclaration) throws {
        if let validation { try validation.send { try $0.xmlDeclaration(declaration) } }
    }
    mutating func startDoctype(_ doctype: XMLDoctype) throws {
        if let validation { try validation.send { try $0.startDoctype(doctype) } }
    }
    mutating func endDoctype() throws { if let validation { try validation.send { try $0.endDoctype() } } }
    mutating func elementDeclaration(_ declaration: XMLElementDeclaration) throws {
        if let validation { try validation.send { try $0.elementDeclaration(declaration) } }
    }
    mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) throws {
        if let validation { try validation.send { try $0.attributeDeclaration(declaration) } }
    }
    mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) throws {
        if let validation { try validation.send { try $0.entityDeclaration(declaration) } }
    }
    mutating func notationDeclaration(_ notation: XMLNotation) throws {
        if let validation { try validation.send { try $0.notationDeclaration(notation) } }
    }
    mutating func endPrefixMapping(prefix: XMLStringView?) throws {
        if let validation { try validation.send { try $0.endPrefixMapping(prefix: prefix) } }
    }
    mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) throws {
        if let validation {
            try validation.send { try $0.skippedAttributeEntity(name: name, attribute: attribute, position: position) }
        }
        throw XMLParseError(
            code: .unexpandedEntity,
            message: XMLParseError.unexpandedAttributeEntityMessage(
                name: name.string, attribute: attribute.qualifiedName)
                + " (XMLParserOptions.unexpandedEntities can keep, skip or replace it)",
            position: position)
    }
    mutating func repaired(_ repair: XMLRepair) throws {
        if let validation { try validation.send { try $0.repaired(repair) } }
    }

    /// A path that matched nothing is an error (a misspelled step would otherwise give no
    /// records and no word), unless it leads as far as elements that are empty: a feed with
    /// nothing in it today (`<sites/>` for `schedule/sites/site`, or `<schedule/>`).
    mutating func endDocument() throws {
        if let validation { try validation.send { try $0.endDocument() } }
        guard !path.isEmpty, !foundRecord else { return }
        let matchedPath = path.prefix(deepestMatch).joined(separator: "/")
        let found = namesBelowDeepest.map { "<\($0)>" }.joined(separator: ", ")
        let description: String
        if deepestMatch == 0 {
            description =
                "the path \(path.joined(separator: "/")) matches nothing: the document element is \(found), not <\(path[0])>"
        } else if !namesBelowDeepest.isEmpty {
            description =
                "the path \(path.joined(separator: "/")) matches nothing: \(matchedPath) has no child <\(path[deepestMatch])>; its children include \(found)"
        } else {
            return
        }
        throw DecodingError.valueNotFound(
            Any.self, DecodingError.Context(codingPath: [], debugDescription: description))
    }
}

extension XMLRecordBuilder {
    /// Builds one record from calls: the parser's events through the builder above, or what
    /// a handler-stack consumer sees of its element (starts with attributes, text, ends).
    struct Partial {
        private var nodes: [XMLRecord.Node] = []
        private var attributes: [XMLRecord.Attribute] = []
        private var nameTable = XMLNameTable()
        private var bytes: [UInt8] = []
        private var fileName: String?
        private var open: [Int] = []
        private var hasNamespacedAttributes = false
        private var extras: [XMLRecord.Extra] = []
        private var extraText: [UInt8] = []
        /// The open CDATA section's start in `bytes`, or -1.
        private var cdataStart = -1
        /// Declarations for the next start tag, prefix and URI (kept apart from `extraText`,
        /// which a record starting at that tag empties first).
        private var pendingDeclarations: [(prefix: [UInt8], uri: [UInt8])] = []
        let namespaced: Bool
        /// Whether text and attribute values carry control characters as U+FDD0 plus their
        /// value, mapped back here (see ``XMLRecordBuilder/init(path:namespaced:controlCharacters:inputSize:body:)``).
        let controlCharacters: Bool

        /// The names a builder keeps from record to record; past this many (a hostile
        /// document of ever new names) the next record starts a table of its own, so a record
        /// never carries more names than this beyond its own.
        static let sharedNameLimit = 1024

        init(namespaced: Bool, fileName: String?, controlCharacters: Bool = false) {
            self.namespaced = namespaced
            self.fileName = fileName
            self.controlCharacters = controlCharacters
        }

        /// Appends text or a value to `bytes`, with the control characters mapped back.
        @inline(__always)
        private mutating func appendContent(_ view: XMLStringView) {
            if controlCharacters {
                appendMappingControlCharacters(view)
            } else {
                unsafe view.withUnsafeBytes { unsafe bytes.append(contentsOf: $0) }
            }
        }

        private mutating func appendMappingControlCharacters(_ view: XMLStringView) {
            unsafe view.withUnsafeBytes { source in
                var i = 0
                var copied = 0
                while i < source.count {
                    // U+FDD0...U+FDEF is EF B7 90...AF; the parser let no other through.
                    if unsafe source[i] == 0xEF && i + 2 < source.count && source[i + 1] == 0xB7
                        && (0x90...0xAF).contains(source[i + 2])
                    {
                        unsafe bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<i]))
                        unsafe bytes.append(source[i + 2] - 0x90)
                        i += 3
                        copied = i
                    } else {
                        i += 1
                    }
                }
                unsafe bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied...]))
            }
        }

        /// Room for the record of a whole document of `size` bytes, so its arrays are not
        /// copied as they grow (a tenth of a large document's decode went to that, and to the
        /// fresh pages the copies touched). Generous, since pages never written cost no
        /// memory; inputs past 256 MiB get the room of 256 MiB.
        mutating func reserve(forInputOf size: Int) {
            let size = Swift.min(size, 256 << 20)
            nodes.reserveCapacity(size / 24)
            attributes.reserveCapacity(size / 32)
            bytes.reserveCapacity(size / 2)
        }

        /// Empties the builder for the next record, keeping its names and, for its arrays,
        /// the room the last record needed: a stream of similar records then allocates each
        /// array once per record (or not at all, once the last record has been released)
        /// instead of growing it step by step.
        mutating func reset(fileName: String?) {
            self.fileName = fileName
            nodes.removeAll(keepingCapacity: true)
            attributes.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            open.removeAll(keepingCapacity: true)
            hasNamespacedAttributes = false
            extras.removeAll(keepingCapacity: true)
            extraText.removeAll(keepingCapacity: true)
            cdataStart = -1
            if nameTable.count > Self.sharedNameLimit { nameTable = XMLNameTable() }
        }

        /// The record built so far (the whole of it once its element has ended).
        var record: XMLRecord {
            XMLRecord(
                nodes: nodes, attributes: attributes, names: nameTable.names, bytes: bytes, fileName: fileName,
                hasNamespacedAttributes: hasNamespacedAttributes, extras: extras, extraText: extraText)
        }

        /// Keeps two strings in `extraText` for an extra.
        private mutating func keep(_ first: XMLStringView?, _ second: XMLStringView?, in extra: inout XMLRecord.Extra) {
            extra.textStart = extraText.count
            if let first { unsafe first.withUnsafeBytes { unsafe extraText.append(contentsOf: $0) } }
            extra.firstCount = extraText.count - extra.textStart
            if let second { unsafe second.withUnsafeBytes { unsafe extraText.append(contentsOf: $0) } }
            extra.secondCount = extraText.count - extra.textStart - extra.firstCount
        }

        /// A comment or PI in the open element, where it stands among its children.
        mutating func addMarkup(_ kind: XMLRecord.Extra.Kind, _ first: XMLStringView, _ second: XMLStringView?) {
            guard let parent = open.last else { return }
            var extra = XMLRecord.Extra(
                kind: kind, element: parent, after: nodes[parent].lastChild, offset: bytes.count)
            keep(first, second, in: &extra)
            extras.append(extra)
        }

        mutating func startCDATA() { cdataStart = bytes.count }

        mutating func endCDATA() {
            defer { cdataStart = -1 }
            guard let parent = open.last, cdataStart >= 0, cdataStart < bytes.count else { return }
            extras.append(XMLRecord.Extra(kind: .cdata, element: parent, offset: cdataStart, end: bytes.count))
        }

        mutating func pendDeclaration(prefix: XMLStringView?, uri: XMLStringView?) {
            func bytes(_ view: XMLStringView?) -> [UInt8] {
                guard let view else { return [] }
                return unsafe view.withUnsafeBytes { unsafe Array($0) }
            }
            pendingDeclarations.append((bytes(prefix), bytes(uri)))
        }

        mutating func dropPendingDeclarations() {
            if !pendingDeclarations.isEmpty { pendingDeclarations.removeAll(keepingCapacity: true) }
        }

        private mutating func intern(_ name: XMLName) -> Int { nameTable.index(of: name, namespaced: namespaced) }

        private mutating func append(_ node: XMLRecord.Node) -> Int {
            let index = nodes.count
            nodes.append(node)
            if node.parent >= 0 {
                let last = nodes[node.parent].lastChild
                if last >= 0 { nodes[last].next = index } else { nodes[node.parent].firstChild = index }
                nodes[node.parent].lastChild = index
            }
            return index
        }

        mutating func start(_ name: XMLName, attributes: XMLAttributes, at position: XMLPosition) {
            var node = XMLRecord.Node(kind: .element, parent: open.last ?? -1)
            node.name = intern(name)
            node.line = position.line
            node.column = position.column
            node.start = self.attributes.count
            for attribute in attributes {
                let value = attribute.value
                let start = bytes.count
                appendContent(value)
                let name = intern(attribute.name)
                if !hasNamespacedAttributes && nameTable.names[name].uri != nil { hasNamespacedAttributes = true }
                self.attributes.append(
                    XMLRecord.Attribute(name: name, valueStart: start, valueCount: bytes.count - start))
            }
            node.count = self.attributes.count - node.start
            let element = append(node)
            open.append(element)
            if !pendingDeclarations.isEmpty {
                for (prefix, uri) in pendingDeclarations {
                    var extra = XMLRecord.Extra(kind: .namespace, element: element, textStart: extraText.count)
                    extraText.append(contentsOf: prefix)
                    extraText.append(contentsOf: uri)
                    (extra.firstCount, extra.secondCount) = (prefix.count, uri.count)
                    extras.append(extra)
                }
                pendingDeclarations.removeAll(keepingCapacity: true)
            }
        }

        /// Text of the open element (appended after its children so far); the next piece of
        /// a run of text joins the one before it.
        mutating func text(_ text: XMLStringView) {
            guard let parent = open.last, !text.isEmpty else { return }
            let last = nodes[parent].lastChild
            if last >= 0 && nodes[last].kind == .text
                && nodes[last].start + nodes[last].count == bytes.count
            {
                let before = bytes.count
                appendContent(text)
                nodes[last].count += bytes.count - before
                return
            }
            var node = XMLRecord.Node(kind: .text, parent: parent)
            node.start = bytes.count
            appendContent(text)
            node.count = bytes.count - node.start
            _ = append(node)
        }

        mutating func end() {
            _ = open.popLast()
        }
    }
}
