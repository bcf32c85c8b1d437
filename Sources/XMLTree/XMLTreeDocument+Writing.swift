import XMLWriting
internal import XMLSyntax

// A tree back to XML, through the writer: what reads back gives the same tree.
extension XMLTreeDocument {
    /// Writes the document to `output`, compact or indented, with its DOCTYPE (name,
    /// external identifiers and internal subset), comments and processing instructions
    /// where they were. Attributes the internal subset supplies as defaults are left to it,
    /// as `xmllint --format` leaves them: the document says what it said.
    ///
    /// Indentation changes only white space that carries nothing: in an element whose children
    /// are elements, comments and PIs (and white space between them), that white space is
    /// replaced by the indentation. An element holding other text (mixed content such as
    /// `<p><em>Note:</em> read this.</p>`), a CDATA section, or `xml:space="preserve"` is
    /// written exactly as read, its descendants included, as `xmllint --format` does.
    @discardableResult
    public func write(to output: XMLWriterOutput = .memory, indentation: String? = nil, declaration: Bool = true) throws
        -> XMLStreamWriter
    {
        let writer = try XMLStreamWriter(to: output, options: .init(indentation: indentation))
        do {
            if declaration { try writer.declaration() }
            var position = 0
            for child in documentNode.children {
                if position == storage.doctype?.position { try writeDoctype(to: writer) }
                try child.write(to: writer, writesDefaultedAttributes: false)
                position += 1
            }
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
        return writer
    }

    private func writeDoctype(to writer: XMLStreamWriter) throws {
        guard let doctype else { return }
        try writer.doctype(name: doctype.name, publicID: doctype.publicID, systemID: doctype.systemID, internalSubset: internalSubset)
    }

    /// The document as a string (compact unless `indentation` is given).
    public func xmlString(indentation: String? = nil, declaration: Bool = true) throws -> String {
        try write(to: .memory, indentation: indentation, declaration: declaration).string
    }
}

extension XMLTreeNode {
    /// Writes this node and its subtree with `writer` (without recursion: see
    /// `walk(enter:leave:)`). When the writer indents, white space between child elements
    /// is left to it, and elements with text are kept exactly (see
    /// ``XMLTreeDocument/write(to:indentation:declaration:)``). Attributes the DTD supplied
    /// are written too: out of its document, the node keeps what they mean.
    public func write(to writer: XMLStreamWriter) throws {
        try write(to: writer, writesDefaultedAttributes: true)
    }

    /// Writes the subtree, with or without the attributes the DTD supplied (left out where
    /// the DTD is written with them).
    func write(to writer: XMLStreamWriter, writesDefaultedAttributes: Bool) throws {
        let indenting = writer.options.indentation != nil
        // The element whose subtree is being written exactly as read, if any.
        var keptElement: Int32 = -1
        try walk(
            enter: { node in
                switch node.kind {
                case .document: break
                case .element:
                    try node.writeStartTag(to: writer, writesDefaultedAttributes: writesDefaultedAttributes)
                    if indenting && keptElement < 0 && node.keepsContentAsWritten {
                        try writer.keepContentAsWritten()
                        keptElement = node.index
                    }
                case .text:
                    if indenting && keptElement < 0 && node.isWhitespaceText { break }
                    try writer.text(node.text)
                case .cdata: try writer.cdata(node.text)
                case .comment: try writer.comment(node.text)
                case .processingInstruction: try writer.processingInstruction(target: node.target ?? "", data: node.text)
                case .entityReference: try writer.entityReference(node.entityName ?? "")
                }
            },
            leave: { node in
                guard node.kind == .element else { return }
                try writer.endElement()
                if node.index == keptElement { keptElement = -1 }
            })
    }

    /// Text nodes only of XML's white space (space, tab, line feed, carriage return),
    /// read in the storage: no string is made for a node that is then written or skipped.
    private var isWhitespaceText: Bool {
        let record = record
        guard record.kind == .text else { return false }
        return storage.pool[Int(record.textStart)..<Int(record.textStart + record.textLength)].allSatisfy {
            $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D
        }
    }

    /// Whether indenting inside this element would change its text: it holds text other than
    /// white space or a CDATA section, or asks for `xml:space="preserve"`.
    private var keepsContentAsWritten: Bool {
        for child in children
        where child.kind == .cdata || child.kind == .entityReference || (child.kind == .text && !child.isWhitespaceText) {
            return true
        }
        return self["xml:space"] == "preserve"
    }

    /// The element's name and attributes, as read: with namespaces when the tree has them,
    /// otherwise names as written (`xmlns` declarations then are ordinary attributes).
    private func writeStartTag(to writer: XMLStreamWriter, writesDefaultedAttributes: Bool) throws {
        let name = self.name!
        var attributes = self.attributes
        var defaulted: [XMLTreeAttribute] = []
        // The side table says which elements have defaults: no scan of the others.
        if !writesDefaultedAttributes && specifiedAttributeCount < attributeCount {
            defaulted = attributes.filter { !$0.isSpecified }
            // Without namespaces a default `xmlns` is an attribute like any other: written, so
            // that the writer, which reads it as a declaration, adds none of its own.
            attributes.removeAll {
                !$0.isSpecified && (storage.namespaced || NamespaceDeclaration(attributeName: $0.name.qualifiedName) == nil)
            }
        }
        if storage.namespaced {
            try writer.startElement(name.localName, namespace: name.namespaceURI, prefix: name.prefix)
            for attribute in attributes {
                try writer.attribute(
                    attribute.name.localName, value: attribute.value, namespace: attribute.name.namespaceURI,
                    prefix: attribute.name.prefix)
            }
            // A default left to the DTD still needs its prefix bound where it applies.
            for attribute in defaulted {
                if let prefix = attribute.name.prefix, let uri = attribute.name.namespaceURI {
                    try writer.declareNamespace(prefix: prefix, uri: uri)
                }
            }
        } else {
            try writer.startElement(name.qualifiedName)
            for attribute in attributes { try writer.attribute(attribute.name.qualifiedName, value: attribute.value) }
        }
    }

    /// This node and its subtree as XML, compact. An entity reference the parser could not
    /// expand is written back as `&name;`, as in the document it came from.
    public var xmlString: String {
        guard let writer = try? XMLStreamWriter() else { return "" }
        // The node comes from a document whose DTD may declare its entities: the fragment is
        // read back in that document's context.
        if storage.doctype.map({ $0.declaration.publicID != nil || $0.declaration.systemID != nil }) ?? false {
            writer.assumesExternalDTD()
        }
        guard (try? write(to: writer)) != nil else { return "" }
        return writer.string
    }
}
