import Testing
import XMLStreaming
import XMLTestSupport

/// Records each push callback as an owned event, written method by method (not through
/// `XMLEventCollector`, which the pull reader itself uses): the push side of the parity test.
private struct EveryCallback: XMLEventHandler {
    var events: [XMLEvent] = []

    /// Pieces of text arrive split anywhere; the pull side joins adjacent ones.
    private mutating func add(_ event: XMLEvent) {
        if case .characters(let text) = event, case .characters(let before)? = events.last {
            events[events.count - 1] = .characters(before + text)
        } else {
            events.append(event)
        }
    }

    mutating func startDocument(_ locator: XMLLocator) { add(.startDocument) }
    mutating func endDocument() { add(.endDocument) }
    mutating func xmlDeclaration(_ declaration: XMLDeclaration) { add(.xmlDeclaration(declaration)) }
    mutating func startDoctype(_ doctype: XMLDoctype) { add(.startDoctype(doctype)) }
    mutating func endDoctype() { add(.endDoctype) }
    mutating func notationDeclaration(_ notation: XMLNotation) { add(.notationDeclaration(notation)) }
    mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) { add(.attributeDeclaration(declaration)) }
    mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) { add(.entityDeclaration(declaration)) }
    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        add(.startElement(name.owned, attributes: attributes.owned))
    }
    mutating func endElement(_ name: XMLName) { add(.endElement(name.owned)) }
    mutating func characters(_ text: XMLStringView) { add(.characters(text.string)) }
    mutating func startCDATA() { add(.startCDATA) }
    mutating func endCDATA() { add(.endCDATA) }
    mutating func comment(_ text: XMLStringView) { add(.comment(text.string)) }
    mutating func processingInstruction(target: XMLStringView, data: XMLStringView) {
        add(.processingInstruction(target: target.string, data: data.string))
    }
    mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) {
        add(.startPrefixMapping(prefix: prefix?.string, uri: uri?.string))
    }
    mutating func endPrefixMapping(prefix: XMLStringView?) { add(.endPrefixMapping(prefix: prefix?.string)) }
    mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) {
        add(.skippedEntity(name: name.string, isParameterEntity: isParameterEntity))
    }
    mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) {
        add(.skippedAttributeEntity(name: name.string, attribute: attribute.owned))
    }
    mutating func repaired(_ repair: XMLRepair) { add(.repaired(repair)) }
}

@Suite("The pull reader and the async sequence deliver every event the push handler gets")
struct EventParityTests {
    /// Every kind of event: the declaration, a DOCTYPE with an external subset (so an
    /// undeclared entity is skipped, not an error) and an internal one declaring a notation,
    /// attributes and entities, namespaces, CDATA, a comment, a PI and text.
    static let everyEvent = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!DOCTYPE page PUBLIC "-//Example//DTD Page//EN" "page.dtd" [
          <!NOTATION png SYSTEM "image/png">
          <!ATTLIST page id ID #IMPLIED lang CDATA "en" version CDATA #FIXED "1" kind (a|b) #REQUIRED>
          <!ENTITY company "ACME">
          <!ENTITY logo SYSTEM "logo.png" NDATA png>
          <!ENTITY chapter PUBLIC "-//Example//Chapter//EN" "chapter.xml">
          <!ENTITY % shared "<!ENTITY shared 'yes'>">
        ]>
        <page kind="a" xmlns="urn:page" xmlns:x="urn:x"><?render fast?><!-- a comment -->
        <p x:id="1" title="Buy&nbsp;now">Price:&nbsp;10&euro; &company; <![CDATA[<raw>]]></p></page>
        """

    /// The kinds `everyEvent` and `damaged` together must contain: one per method of
    /// `XMLEventHandler`, so a kind the pull side lacks shows up here.
    static let handlerMethods: Set<String> = [
        "startDocument", "endDocument", "xmlDeclaration", "startDoctype", "endDoctype", "notationDeclaration",
        "attributeDeclaration", "entityDeclaration", "startElement", "endElement", "characters", "startCDATA", "endCDATA",
        "comment", "processingInstruction", "startPrefixMapping", "endPrefixMapping", "skippedEntity", "skippedAttributeEntity",
        "repaired",
    ]

    /// Damage the recovering reader repairs, for the `repaired` event.
    static let damaged = "<r>fish & chips\n<b>bold</r>"

    private static func push(_ xml: String, options: XMLParserOptions) throws -> [XMLEvent] {
        let parser = XMLStreamParser(handler: EveryCallback(), options: options)
        try parser.parse(xml)
        return parser.handler.events
    }

    private static func pull(_ xml: String, options: XMLParserOptions) throws -> [XMLEvent] {
        let reader = XMLEventReader(string: xml, options: options)
        var events: [XMLEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    private static func async(_ xml: String, chunkSize: Int, options: XMLParserOptions) async throws -> [XMLEvent] {
        let bytes = Array(xml.utf8)
        let chunks = AsyncStream<[UInt8]> { continuation in
            for piece in ChunkSplitter.pieces(of: bytes, size: chunkSize) { continuation.yield(Array(piece)) }
            continuation.finish()
        }
        var events: [XMLEvent] = []
        for try await event in XMLEventStream(chunks, options: options) { events.append(event) }
        return events
    }

    private static func kind(_ event: XMLEvent) -> String {
        String(event.description.prefix { $0 != " " })
    }

    @Test("Push, pull and async give the same events, and together every kind of event")
    func parity() async throws {
        let plain = XMLParserOptions()
        let recovering = XMLParserOptions(recovery: XMLRecovery())
        var kinds: Set<String> = []
        for (xml, options) in [(Self.everyEvent, plain), (Self.damaged, recovering)] {
            let expected = try Self.push(xml, options: options)
            kinds.formUnion(expected.map(Self.kind))
            #expect(try Self.pull(xml, options: options) == expected)
            #expect(try await Self.async(xml, chunkSize: 1 << 20, options: options) == expected)
        }
        // Without repairs, the events do not depend on where the input is cut.
        let expected = try Self.push(Self.everyEvent, options: plain)
        for size in [1, 7, 64] {
            #expect(try await Self.async(Self.everyEvent, chunkSize: size, options: plain) == expected, "chunks of \(size)")
        }
        #expect(kinds == Self.handlerMethods)
    }

    @Test("The DTD's declarations and a repair arrive as owned events with their content")
    func declarationEvents() throws {
        let events = try Self.pull(Self.everyEvent, options: XMLParserOptions())
        #expect(events.contains(.notationDeclaration(XMLNotation(name: "png", systemID: "image/png"))))
        #expect(
            events.contains(
                .attributeDeclaration(
                    XMLAttributeDeclaration(elementName: "page", attributeName: "version", type: "CDATA", defaultValue: "1", isRequired: true))))
        #expect(events.contains(.entityDeclaration(XMLEntityDeclaration(name: "company", value: "ACME"))))
        #expect(
            events.contains(
                .entityDeclaration(XMLEntityDeclaration(name: "logo", systemID: "logo.png", notationName: "png"))))
        #expect(events.contains(.skippedEntity(name: "nbsp", isParameterEntity: false)))
        let repairs = try Self.pull(Self.damaged, options: XMLParserOptions(recovery: XMLRecovery())).compactMap { event in
            if case .repaired(let repair) = event { return "\(repair.line):\(repair.column) \(repair.kind)" }
            return nil
        }
        #expect(repairs == ["1:9 stray-ampersand", "2:8 unclosed-element"])
    }

    @Test("xml events' line for each new kind")
    func descriptions() {
        #expect(XMLEvent.notationDeclaration(XMLNotation(name: "png", systemID: "image/png")).description
            == #"notationDeclaration png system="image/png""#)
        #expect(
            XMLEvent.attributeDeclaration(
                XMLAttributeDeclaration(elementName: "page", attributeName: "kind", type: "(a|b)", isRequired: true)
            ).description == "attributeDeclaration page kind (a|b) #REQUIRED")
        #expect(XMLEvent.entityDeclaration(XMLEntityDeclaration(name: "company", value: "ACME")).description
            == #"entityDeclaration company "ACME""#)
        #expect(XMLEvent.repaired(XMLRepair(kind: .strayAmpersand, message: "escaped", line: 1, column: 9)).description
            == "repaired 1:9 stray-ampersand: escaped")
    }
}
