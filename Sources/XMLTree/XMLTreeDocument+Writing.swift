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
    /// Writes this node and its subtree with `writer`.
    public func write(to writer: XMLStreamWriter) throws {
        switch kind {
        case .document:
            for child in children { try child.write(to: writer) }
        case .element:
            let name = self.name!
            if storage.namespaced {
                try writer.startElement(name.localName, namespace: name.namespaceURI, prefix: name.prefix)
                for attribute in attributes {
                    try writer.attribute(
                        attribute.name.localName, value: attribute.value, namespace: attribute.name.namespaceURI,
                        prefix: attribute.name.prefix)
                }
            } else {
                // Names as written; `xmlns` declarations are ordinary attributes.
                try writer.startElement(name.qualifiedName)
                for attribute in attributes { try writer.attribute(attribute.name.qualifiedName, value: attribute.value) }
            }
            for child in children { try child.write(to: writer) }
            try writer.endElement()
        case .text:
            try writer.text(text)
        case .cdata:
            try writer.cdata(text)
        case .comment:
            try writer.comment(text)
        case .processingInstruction:
            try writer.processingInstruction(target: target ?? "", data: text)
        }
    }

    /// This node and its subtree as XML, compact.
    public var xmlString: String {
        guard let writer = try? XMLStreamWriter(), (try? write(to: writer)) != nil else { return "" }
        return writer.string
    }
}
