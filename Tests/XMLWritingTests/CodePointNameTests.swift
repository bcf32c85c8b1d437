import Testing
import XMLStreaming
import XMLTestSupport
import XMLWriting

/// XML compares names, prefixes and namespace URIs by code points; Swift's `==` by canonical
/// equivalence. Names that differ only there are two names to the writer too.
@Suite("The writer: names are code points")
struct CodePointNameTests {
    /// Canonically equivalent, different code points.
    static let pairs: [(String, String)] = [
        ("\u{E9}", "e\u{301}"), ("\u{212B}x", "\u{C5}x"), ("\u{AC00}", "\u{1100}\u{1161}"), ("\u{3A9}", "\u{2126}"),
    ]

    func reads(_ xml: String) throws -> [XMLEvent] {
        try EventRecorder.events(of: xml)
    }

    @Test("Two attributes whose names are canonically equivalent are both written", arguments: pairs)
    func attributes(_ pair: (String, String)) throws {
        let writer = try XMLStreamWriter()
        try writer.startElement("r")
        try writer.attribute(pair.0, value: "1")
        try writer.attribute(pair.1, value: "2")
        #expect(throws: XMLWriterError.self) { try writer.attribute(pair.0, value: "3") }
        try writer.attribute("q", value: "4", namespace: "urn:\(pair.0)")
        try writer.attribute("q", value: "5", namespace: "urn:\(pair.1)")
        try writer.endElement()
        try writer.finish()
        #expect(writer.string.contains(" \(pair.0)=\"1\" \(pair.1)=\"2\""))
        // Whatever the writer accepted reads back: no duplicate attribute for expat.
        _ = try reads(writer.string)
    }

    @Test("Checked names keep their own bytes", arguments: pairs)
    func checkedNames(_ pair: (String, String)) throws {
        let first = try XMLWriterName(pair.0)
        let second = try XMLWriterName(pair.1)
        #expect(first != second)
        let writer = try XMLStreamWriter()
        try writer.startElement(first)
        try writer.attribute(second, value: "x")
        try writer.attribute(pair.0, value: "y")
        try writer.element(second, text: "t")
        try writer.endElement()
        try writer.finish()
        #expect(Array(writer.string.utf8) == Array("<\(pair.0) \(pair.1)=\"x\" \(pair.0)=\"y\"><\(pair.1)>t</\(pair.1)></\(pair.0)>".utf8))
    }

    @Test("A prefix bound to one URI is not reused for a canonically equivalent other URI", arguments: pairs)
    func namespaces(_ pair: (String, String)) throws {
        let writer = try XMLStreamWriter()
        try writer.startElement("r", namespace: "urn:\(pair.0)", prefix: "p")
        try writer.startElement("c", namespace: "urn:\(pair.1)")
        try writer.endElement()
        try writer.startElement("d", namespace: "urn:\(pair.1)", prefix: "p")
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        let document = try XMLStreamParser(handler: NamespaceCollector()).parsing(Array(writer.string.utf8))
        #expect(document.namespaces.map { Array($0.unicodeScalars) } == [
            Array("urn:\(pair.0)".unicodeScalars), Array("urn:\(pair.1)".unicodeScalars), Array("urn:\(pair.1)".unicodeScalars),
        ])
    }

    @Test("A DOCTYPE's system ID with a quote before a combining mark is quoted with the other quote")
    func doctypeQuote() throws {
        let writer = try XMLStreamWriter()
        let systemID = "a\"\u{301}.dtd"
        try writer.doctype(name: "r", systemID: systemID)
        try writer.element("r", text: "")
        try writer.finish()
        let expected = "<!DOCTYPE r SYSTEM '" + systemID + "'>"
        #expect(writer.string.contains(expected))
        _ = try reads(writer.string)
        let bothQuotes = "'\"\u{301}"
        let refusing = try XMLStreamWriter()
        #expect(throws: XMLWriterError.self) { try refusing.doctype(name: "r", systemID: bothQuotes) }
    }
}

/// The namespace URI of each element, in document order.
private struct NamespaceCollector: XMLEventHandler {
    var namespaces: [String] = []
    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        namespaces.append(name.namespaceURI?.string ?? "")
    }
}

extension XMLStreamParser {
    fileprivate func parsing(_ bytes: [UInt8]) throws -> Handler {
        try parse(bytes)
        return handler
    }
}
