import XMLStreaming
import XMLWriting

/// The parser's events for a document, and the same events written back with the writer:
/// the round trip most targets check.
public enum EventCopy {
    /// The events of `bytes` (adjacent text joined, so chunking does not show), or the
    /// error that stopped the parser, as its compiler-style line.
    public static func events(
        of bytes: [UInt8], options: XMLParserOptions = XMLParserOptions(), chunks: [Int] = []
    ) -> Result<[XMLEvent], ParseFailure> {
        let parser = XMLStreamParser(handler: XMLEventCollector(), options: options)
        do {
            try ChunkedReading.parse(bytes, with: parser, chunks: chunks)
        } catch {
            return .failure(ParseFailure(description: "\(error)", error: error))
        }
        return .success(parser.handler.events)
    }

    /// Writes `events` (as a parser with or without namespaces reports them) with the
    /// writer, refusing characters XML does not allow, and returns the bytes.
    public static func write(_ events: [XMLEvent]) throws -> [UInt8] {
        let writer = try XMLStreamWriter(options: .init(characterPolicy: .throw))
        var declarations: [(prefix: String?, uri: String)] = []
        var cdata: String?
        for event in events {
            switch event {
            case .startPrefixMapping(let prefix, let uri):
                declarations.append((prefix, uri ?? ""))
            case .startElement(let name, let attributes):
                // Without a namespace the name is written as read (a prefix then is part of
                // a name read without namespace processing).
                if name.namespaceURI == nil {
                    try writer.startElement(name.qualifiedName)
                } else {
                    try writer.startElement(name.localName, namespace: name.namespaceURI, prefix: name.prefix)
                }
                for declaration in declarations { try writer.declareNamespace(prefix: declaration.prefix, uri: declaration.uri) }
                declarations.removeAll()
                for attribute in attributes {
                    if attribute.name.namespaceURI == nil {
                        try writer.attribute(attribute.name.qualifiedName, value: attribute.value)
                    } else {
                        try writer.attribute(
                            attribute.name.localName, value: attribute.value,
                            namespace: attribute.name.namespaceURI, prefix: attribute.name.prefix)
                    }
                }
            case .endElement: try writer.endElement()
            case .characters(let text):
                if cdata != nil { cdata! += text } else { try writer.text(text) }
            case .startCDATA: cdata = ""
            case .endCDATA:
                try writer.cdata(cdata ?? "")
                cdata = nil
            case .comment(let text): try writer.comment(text)
            case .processingInstruction(let target, let data): try writer.processingInstruction(target: target, data: data)
            case .startDocument, .endDocument, .xmlDeclaration, .startDoctype, .endDoctype, .endPrefixMapping, .skippedEntity,
                .skippedAttributeEntity, .notationDeclaration, .attributeDeclaration, .elementDeclaration, .entityDeclaration, .repaired:
                break
            @unknown default:
                break
            }
        }
        try writer.finish()
        return writer.bytes
    }

    /// The events a written copy must reproduce: the document's content, without what the
    /// writer cannot or need not carry (the declaration, the DOCTYPE, which attributes
    /// came from DTD defaults, where namespaces were declared); `nil` when the document
    /// has a skipped entity, which no writer call reproduces.
    public static func content(of events: [XMLEvent]) -> [XMLEvent]? {
        var result: [XMLEvent] = []
        for event in events {
            switch event {
            case .skippedEntity: return nil
            case .startDocument, .endDocument, .xmlDeclaration, .startDoctype, .endDoctype,
                .startPrefixMapping, .endPrefixMapping, .notationDeclaration, .attributeDeclaration, .entityDeclaration,
                .repaired:
                continue
            case .startElement(let name, let attributes):
                let specified = attributes.map {
                    XMLOwnedAttribute(name: $0.name, value: $0.value, isSpecified: true)
                }
                result.append(.startElement(name, attributes: specified))
            default:
                result.append(event)
            }
        }
        return result
    }
}

/// Why a parse failed, as the message a user sees.
public struct ParseFailure: Error, CustomStringConvertible {
    public let description: String
    public let error: any Error
}
