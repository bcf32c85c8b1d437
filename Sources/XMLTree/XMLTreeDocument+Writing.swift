import XMLWriting

// A tree back to XML, through the writer: what reads back gives the same tree.
extension XMLTreeDocument {
    /// Writes the document to `output`, compact or indented. Indentation adds white space
    /// only inside elements that hold no text, so a tree read with
    /// ``Options/dropsWhitespaceText`` reads back the same.
    @discardableResult
    public func write(to output: XMLWriterOutput = .memory, indentation: String? = nil, declaration: Bool = true) throws
        -> XMLStreamWriter
    {
        let writer = try XMLStreamWriter(to: output, options: .init(indentation: indentation))
        do {
            if declaration { try writer.declaration() }
            for child in documentNode.children { try child.write(to: writer) }
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
        return writer
    }

    /// The document as a string (compact unless `indentation` is given).
    public func xmlString(indentation: String? = nil, declaration: Bool = true) throws -> String {
        try write(to: .memory, indentation: indentation, declaration: declaration).string
    }
}

extension XMLTreeNode {
    /// Writes this node and its subtree with `writer` (without recursion: see
    /// ``walk(enter:leave:)``).
    public func write(to writer: XMLStreamWriter) throws {
        try walk(
            enter: { node in
                switch node.kind {
                case .document: break
                case .element: try node.writeStartTag(to: writer)
                case .text: try writer.text(node.text)
                case .cdata: try writer.cdata(node.text)
                case .comment: try writer.comment(node.text)
                case .processingInstruction: try writer.processingInstruction(target: node.target ?? "", data: node.text)
                }
            },
            leave: { node in
                if node.kind == .element { try writer.endElement() }
            })
    }

    /// The element's name and attributes, as read: with namespaces when the tree has them,
    /// otherwise names as written (`xmlns` declarations then are ordinary attributes).
    private func writeStartTag(to writer: XMLStreamWriter) throws {
        let name = self.name!
        if storage.namespaced {
            try writer.startElement(name.localName, namespace: name.namespaceURI, prefix: name.prefix)
            for attribute in attributes {
                try writer.attribute(
                    attribute.name.localName, value: attribute.value, namespace: attribute.name.namespaceURI,
                    prefix: attribute.name.prefix)
            }
        } else {
            try writer.startElement(name.qualifiedName)
            for attribute in attributes { try writer.attribute(attribute.name.qualifiedName, value: attribute.value) }
        }
    }

    /// This node and its subtree as XML, compact.
    public var xmlString: String {
        guard let writer = try? XMLStreamWriter(), (try? write(to: writer)) != nil else { return "" }
        return writer.string
    }
}
