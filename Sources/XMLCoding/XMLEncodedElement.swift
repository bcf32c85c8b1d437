import XMLWriting

/// One element of a value being encoded. Keys arrive in whatever order `encode(to:)` calls
/// them, and a start tag must be complete before its content, so a value is gathered first
/// (attributes apart from content) and written when it is complete.
final class XMLEncodedElement {
    enum Content {
        case element(XMLEncodedElement)
        case text(String)
    }

    let name: XMLCodingName
    var attributes: [(name: XMLCodingName, value: String)] = []
    var content: [Content] = []
    /// Written with `xsi:nil="true"`: nil in an array.
    var isNil = false

    init(name: XMLCodingName) {
        self.name = name
    }

    /// Writes the element and everything in it. The root declares `prefixes` when asked.
    func write(to writer: XMLStreamWriter, prefixes: [String: String], declaresPrefixes: Bool) throws(XMLWriterError) {
        try writer.startElement(name.local, namespace: name.uri, prefix: name.uri.flatMap { prefixes[$0] })
        if declaresPrefixes {
            for (uri, prefix) in prefixes.sorted(by: { $0.value < $1.value }) {
                try writer.declareNamespace(prefix: prefix, uri: uri)
            }
        }
        try writeInside(to: writer, prefixes: prefixes)
    }

    private func writeInside(to writer: XMLStreamWriter, prefixes: [String: String]) throws(XMLWriterError) {
        if isNil {
            try writer.attribute("nil", value: "true", namespace: XMLEncoder.schemaInstanceNamespace, prefix: prefixes[XMLEncoder.schemaInstanceNamespace] ?? "xsi")
        }
        for attribute in attributes {
            try writer.attribute(
                attribute.name.local, value: attribute.value, namespace: attribute.name.uri,
                prefix: attribute.name.uri.flatMap { prefixes[$0] })
        }
        for item in content {
            switch item {
            case .text(let text): try writer.text(text)
            case .element(let child): try child.write(to: writer, prefixes: prefixes, declaresPrefixes: false)
            }
        }
        try writer.endElement()
    }
}
