import Foundation
import XMLStreaming
import XMLWriting

/// An element's content as markup, kept whole: what a format leaves open, like a Maven
/// POM's `<configuration>`, Atom's `type="xhtml"` content or a SOAP `<detail>`.
///
/// ```swift
/// struct Plugin: Codable {
///     var artifactId: String
///     var configuration: XMLFragment?
/// }
/// // plugin.configuration?.markup == "<includes><include>**/*Test.java</include></includes>"
/// ```
///
/// Decoded, it holds the element's content as XML writes it: child elements with their
/// attributes, text escaped, CDATA sections, comments and processing instructions, in
/// document order, each element declaring the namespaces its names use (and those it
/// declared itself), so the markup stands on its own. Encoded, the markup is written back
/// as markup, through the writer, so the document still reads back. Its `Codable` form for
/// other coders (JSON) is the markup as a string.
///
/// Not kept: a namespace declared above the element and used by no name inside it (a
/// prefix inside a value, as `xsi:type="xs:int"`, needs its declaration inside the
/// fragment). Read through a handler-stack route, comments, PIs and CDATA sections are not
/// kept, and text comes after the child elements.
public struct XMLFragment: Hashable, Sendable, CustomStringConvertible {
    /// The content as markup: `Only <b>3</b> left<!-- draft -->`.
    public let markup: String
    /// The markup's events, for writing it into a document.
    let events: [XMLEvent]

    /// A fragment of `markup`, checked: it must be well-formed XML content (elements closed,
    /// `&` and `<` escaped, only the five predefined entities, every prefix declared inside
    /// it), or this throws the parser's error (its column counts from 4: the markup is read
    /// inside a three-byte element).
    public init(markup: String) throws {
        let parser = XMLStreamParser(handler: XMLEventCollector())
        try parser.parse("<w>" + markup + "</w>")
        var events = parser.handler.events
        // The content of the wrapper: from after its start to before its end.
        guard let start = events.firstIndex(where: { if case .startElement = $0 { return true } else { return false } }),
            let end = events.lastIndex(where: { if case .endElement = $0 { return true } else { return false } })
        else { preconditionFailure("a parsed <w> has a start and an end") }
        events = Array(events[(start + 1)..<end])
        self.init(events: events)
    }

    /// Plain text as a fragment (its markup escaped).
    public init(text: String) {
        self.init(events: text.isEmpty ? [] : [.characters(text)])
    }

    /// A fragment of events a parse or a record gave; its markup is written from them.
    init(events: [XMLEvent]) {
        self.events = events
        markup = Self.markup(of: events)
    }

    /// The markup.
    public var description: String { markup }

    /// Whether two fragments have the same markup.
    public static func == (a: XMLFragment, b: XMLFragment) -> Bool { a.markup == b.markup }
    /// Hashes the markup.
    public func hash(into hasher: inout Hasher) { hasher.combine(markup) }

    /// The markup of `events`: written inside a wrapper element, which is then cut off.
    private static func markup(of events: [XMLEvent]) -> String {
        guard !events.isEmpty else { return "" }
        do {
            let writer = try XMLStreamWriter(to: .memory)
            try writer.startElement("w")
            try write(events, to: writer)
            try writer.endElement()
            try writer.finish()
            let bytes = writer.bytes
            // `<w>` … `</w>`, or `<w/>` for content that wrote nothing.
            guard bytes.count > 7, bytes[2] == UInt8(ascii: ">") else { return "" }
            return String(decoding: bytes[3..<(bytes.count - 4)], as: UTF8.self)
        } catch {
            // Events from a parse of well-formed content always write.
            preconditionFailure("a fragment's events failed to write: \(error)")
        }
    }

    /// Writes the events where `writer` is, inside an open element, as they are: with
    /// indentation on, the element's content gets none (it has its own white space).
    func write(to writer: XMLStreamWriter) throws(XMLWriterError) {
        try writer.keepContentAsWritten()
        try Self.write(events, to: writer)
    }

    private static func write(_ events: [XMLEvent], to writer: XMLStreamWriter) throws(XMLWriterError) {
        var cdata: String?
        var declarations: [(prefix: String?, uri: String)] = []
        for event in events {
            switch event {
            case .startPrefixMapping(let prefix, let uri):
                // Undeclaring (xmlns="") the writer does itself where a name needs it.
                if let uri, !uri.isEmpty { declarations.append((prefix, uri)) }
            case .startElement(let name, let attributes):
                try writer.startElement(name.localName, namespace: name.namespaceURI, prefix: name.prefix)
                for (prefix, uri) in declarations { try writer.declareNamespace(prefix: prefix, uri: uri) }
                declarations.removeAll()
                for attribute in attributes where attribute.isSpecified {
                    try writer.attribute(
                        attribute.name.localName, value: attribute.value, namespace: attribute.name.namespaceURI,
                        prefix: attribute.name.prefix)
                }
            case .endElement: try writer.endElement()
            case .characters(let text):
                if cdata != nil { cdata! += text } else { try writer.text(text) }
            case .startCDATA: cdata = ""
            case .endCDATA:
                if let text = cdata, !text.isEmpty { try writer.cdata(text) }
                cdata = nil
            case .comment(let text): try writer.comment(text)
            case .processingInstruction(let target, let data): try writer.processingInstruction(target: target, data: data)
            default: break
            }
        }
    }
}

extension XMLFragment: Codable {
    /// The markup, as a string (for coders other than XMLCoding's, which write it as markup).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(markup)
    }

    /// A fragment from a string holding markup (for coders other than XMLCoding's).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let markup = try container.decode(String.self)
        do { try self.init(markup: markup) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not well-formed XML content: \(error)")
        }
    }
}
