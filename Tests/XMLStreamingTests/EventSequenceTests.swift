import Testing
import XMLStreaming
import XMLTestSupport

@Suite("Events in document order")
struct EventSequenceTests {
    private func name(_ local: String, _ uri: String? = nil, _ prefix: String? = nil) -> XMLQualifiedName {
        XMLQualifiedName(localName: local, namespaceURI: uri, prefix: prefix)
    }

    @Test("The book's table 8.8 document yields the book's event sequence")
    func bookTable88() throws {
        let events = try EventRecorder.events(of: Fixture.bytes("book-table-8-8.xml"))
        let text = name("text", "/greetings", "g")
        #expect(
            events == [
                .startDocument,
                .startPrefixMapping(prefix: "g", uri: "/greetings"),
                .startElement(name("hello"), attributes: []),
                .startElement(text, attributes: [XMLOwnedAttribute(name: "language", value: "de")]),
                .characters("Hallo Welt"),
                .endElement(text),
                .processingInstruction(target: "printer", data: "pagebreak"),
                .startPrefixMapping(prefix: "m", uri: "/markup"),
                .startElement(text, attributes: [XMLOwnedAttribute(name: "language", value: "en")]),
                .characters("Hello "),
                .startElement(name("u", "/markup", "m"), attributes: []),
                .characters("world"),
                .endElement(name("u", "/markup", "m")),
                .startElement(name("break", "/markup", "m"), attributes: []),
                .endElement(name("break", "/markup", "m")),
                .endElement(text),
                .endPrefixMapping(prefix: "m"),
                .endElement(name("hello")),
                .endPrefixMapping(prefix: "g"),
                .endDocument,
            ])
    }

    @Test("Every kind of event: declaration, doctype, comments, PIs, CDATA, entities, default attributes")
    func everyKindOfEvent() throws {
        let events = EventRecorder.withoutWhitespaceText(try EventRecorder.events(of: Fixture.bytes("everything.xml")))
        let catalog = "urn:catalog"
        #expect(
            events == [
                .startDocument,
                .xmlDeclaration(XMLDeclaration(version: "1.0", encoding: "UTF-8", standalone: true)),
                .startDoctype(XMLDoctype(name: "catalog", hasInternalSubset: true)),
                .entityDeclaration(XMLEntityDeclaration(name: "company", value: "Müller &amp; Söhne")),
                .attributeDeclaration(
                    XMLAttributeDeclaration(elementName: "item", attributeName: "status", type: "CDATA", defaultValue: "active")),
                .endDoctype,
                .comment(" a comment before the root "),
                .processingInstruction(target: "stylesheet", data: "href=\"style.css\""),
                .startPrefixMapping(prefix: nil, uri: catalog),
                .startPrefixMapping(prefix: "x", uri: "urn:extra"),
                .startElement(name("catalog", catalog), attributes: []),
                .startElement(
                    name("item", catalog),
                    attributes: [
                        XMLOwnedAttribute(name: "id", value: "1"),
                        XMLOwnedAttribute(name: name("note", "urn:extra", "x"), value: "first"),
                        XMLOwnedAttribute(name: "status", value: "active", isSpecified: false),
                    ]),
                .characters("Bücher Müller & Söhne © <tag>"),
                .endElement(name("item", catalog)),
                .startElement(
                    name("item", catalog),
                    attributes: [
                        XMLOwnedAttribute(name: "id", value: "2"), XMLOwnedAttribute(name: "status", value: "gone"),
                    ]),
                .startCDATA,
                .characters("<raw> & ]] text"),
                .endCDATA,
                .endElement(name("item", catalog)),
                .startElement(name("empty", "urn:extra", "x"), attributes: []),
                .endElement(name("empty", "urn:extra", "x")),
                .startElement(name("mixed", catalog), attributes: []),
                .characters("one"),
                .startElement(name("b", catalog), attributes: []),
                .characters("two"),
                .endElement(name("b", catalog)),
                .characters("three"),
                .endElement(name("mixed", catalog)),
                .comment(" inside "),
                .startPrefixMapping(prefix: nil, uri: nil),
                .startElement(name("reset"), attributes: []),
                .characters("no namespace"),
                .endElement(name("reset")),
                .endPrefixMapping(prefix: nil),
                .endElement(name("catalog", catalog)),
                .endPrefixMapping(prefix: "x"),
                .endPrefixMapping(prefix: nil),
                .processingInstruction(target: "after", data: "the root"),
                .endDocument,
            ])
    }

    @Test("Without namespace processing, names stay as written and xmlns attributes are attributes")
    func namespacesOff() throws {
        let options = XMLParserOptions(processesNamespaces: false)
        let events = try EventRecorder.events(of: #"<a:r xmlns:a="urn:a" a:x="1"><a:c/></a:r>"#, options: options)
        #expect(
            events == [
                .startDocument,
                .startElement(
                    name("r", nil, "a"),
                    attributes: [
                        XMLOwnedAttribute(name: name("a", nil, "xmlns"), value: "urn:a"),
                        XMLOwnedAttribute(name: name("x", nil, "a"), value: "1"),
                    ]),
                .startElement(name("c", nil, "a"), attributes: []),
                .endElement(name("c", nil, "a")),
                .endElement(name("r", nil, "a")),
                .endDocument,
            ])
    }

    @Test("Borrowed views compare, match and look up without copying")
    func borrowedViews() throws {
        struct Probe: XMLEventHandler {
            var seen: [String] = []
            mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
                if name.localName == "text" && name.matches("text", namespace: "/greetings") {
                    seen.append("text:\(attributes["language"]?.string ?? "-"):\(name.hasQualifiedName("g:text"))")
                }
                switch name.localName {
                case "u": seen.append("u in \(name.namespaceURI?.string ?? "-")")
                default: break
                }
            }
        }
        let parser = XMLStreamParser(handler: Probe())
        try parser.parse(Fixture.bytes("book-table-8-8.xml"))
        #expect(parser.handler.seen == ["text:de:true", "text:en:true", "u in /markup"])
    }
}
