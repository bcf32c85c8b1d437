import Foundation
import Testing
import XMLStreaming
import XMLTestSupport

/// References to entities the unread external DTD may declare (`&nbsp;` in XHTML): in content
/// and in attribute values, where expat drops them without an event.
@Suite("Unexpanded entities: reported in content and attribute values, or handled by a policy")
struct UnexpandedEntityTests {
    static let doctype = #"<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "xhtml1-strict.dtd">"#
    /// Line 2: `<p title="Buy&nbsp;now">` with its `&` at column 14; line 3 the content.
    static let page = """
        \(doctype)
        <html><p title="Buy&nbsp;now" lang="en">
        Price:&nbsp;10&euro;</p></html>
        """

    private func events(_ xml: String, _ policy: XMLUnexpandedEntityPolicy?) throws -> [XMLEvent] {
        let parser = XMLStreamParser(
            handler: XMLEventCollector(), options: XMLParserOptions(processesNamespaces: false, unexpandedEntities: policy))
        try parser.parse(xml)
        return parser.handler.events
    }

    private func error(_ xml: String, _ policy: XMLUnexpandedEntityPolicy?) throws -> XMLParseError {
        let parser = XMLStreamParser(
            handler: XMLEventCollector(), options: XMLParserOptions(processesNamespaces: false, unexpandedEntities: policy))
        return try #require(throws: XMLParseError.self) { try parser.parse(xml) }
    }

    /// The `title` value and the text of `<p>`.
    private func titleAndText(_ events: [XMLEvent]) -> (String?, String) {
        var title: String?
        var text = ""
        for event in events {
            if case .startElement(let name, let attributes) = event, name.localName == "p" {
                title = attributes.first { $0.name.localName == "title" }?.value
            }
            if case .characters(let piece) = event { text += piece }
        }
        return (title, text)
    }

    @Test("By default, content references are events and an attribute reference is an event before its start tag")
    func reportedByDefault() throws {
        let collected = try events(Self.page, nil)
        let kinds = collected.map(\.description)
        #expect(kinds.contains("skippedAttributeEntity &nbsp; in title"))
        #expect(kinds.filter { $0.hasPrefix("skippedEntity") } == ["skippedEntity &nbsp;", "skippedEntity &euro;"])
        let attributeEvent = try #require(kinds.firstIndex(of: "skippedAttributeEntity &nbsp; in title"))
        #expect(kinds[attributeEvent + 1].hasPrefix("startElement p"))
        // expat leaves the reference out of the value.
        #expect(titleAndText(collected).0 == "Buynow")
    }

    @Test("After an internal subset that declares a parameter entity, an undeclared one in an attribute value is reported")
    func afterParameterEntity() throws {
        // expat reports no reference to a parameter entity when it parses none, and from then
        // on lets undeclared references pass, dropping them from attribute values.
        let xml = """
            <!DOCTYPE a [<!ENTITY % more SYSTEM "more.dtd"> %more;]>
            <a t="x&y;z">&w;</a>
            """
        let kinds = try events(xml, nil).map(\.description)
        #expect(kinds.contains("skippedEntity %more;"), "\(kinds)")
        #expect(kinds.contains("skippedAttributeEntity &y; in t"), "\(kinds)")
        #expect(kinds.contains("skippedEntity &w;"), "\(kinds)")
        #expect(try error(xml, .throw).position == XMLPosition(line: 2, column: 8, byteOffset: 64))
        // A reference to one never declared, which expat reports nowhere, the same.
        let undeclared = "<!DOCTYPE a [ %u; <!ENTITY e \"E\"> ]><a t=\"x&e;y\"/>"
        let undeclaredKinds = try events(undeclared, nil).map(\.description)
        #expect(undeclaredKinds.contains("skippedEntity %u;") && undeclaredKinds.contains("skippedAttributeEntity &e; in t"), "\(undeclaredKinds)")
        // Internal entities in content are still expanded after the internal subset.
        let expanded = try events("<!DOCTYPE a [<!ENTITY e \"E\"> %u;]><a>&e;</a>", nil).map(\.description)
        #expect(expanded.contains("characters \"E\""), "\(expanded)")
    }

    @Test("The attribute event's position is the & in the tag, and the pull reader gives the same")
    func attributePosition() throws {
        let parser = XMLStreamParser(
            handler: XMLEventCollector(recordsPositions: true), options: XMLParserOptions(processesNamespaces: false))
        try parser.parse(Self.page)
        let (events, positions) = (parser.handler.events, parser.handler.positions)
        let index = try #require(events.firstIndex { if case .skippedAttributeEntity = $0 { true } else { false } })
        // Line 1 is the DOCTYPE (77 bytes and a line feed); `<html><p title="Buy` is 19 bytes.
        #expect(positions[index] == XMLPosition(line: 2, column: 20, byteOffset: 78 + 19), "\(positions[index].byteOffset)")

        let reader = XMLEventReader(string: Self.page, options: XMLParserOptions(processesNamespaces: false))
        var pulled: [XMLEvent] = []
        while let event = try reader.next() { pulled.append(event) }
        #expect(pulled.contains(.skippedAttributeEntity(name: "nbsp", attribute: XMLQualifiedName(localName: "title"))))
    }

    @Test("A handler that does not implement the attribute event fails, naming the entity, attribute and place")
    func defaultHandlerThrows() throws {
        struct Texts: XMLEventHandler {}
        let parser = XMLStreamParser(handler: Texts(), options: XMLParserOptions(processesNamespaces: false))
        parser.fileName = "page.xhtml"
        let error = try #require(throws: XMLParseError.self) { try parser.parse(Self.page) }
        #expect(error.code == .unexpandedEntity)
        #expect(
            error.description
                == "page.xhtml:2:20: error: entity &nbsp; in the value of attribute title is not expanded and would be left out of the value: it may be declared in the external DTD, which is never read (XMLParserOptions.unexpandedEntities can keep, skip or replace it)"
        )
    }

    @Test("keep, skip and replace in content and in values; throw stops at the first reference")
    func policies() throws {
        #expect(titleAndText(try events(Self.page, .keep)) == ("Buy&nbsp;now", "\nPrice:&nbsp;10&euro;"))
        #expect(titleAndText(try events(Self.page, .skip)) == ("Buynow", "\nPrice:10"))
        #expect(titleAndText(try events(Self.page, .replace(.html))) == ("Buy\u{A0}now", "\nPrice:\u{A0}10€"))
        for policy in [XMLUnexpandedEntityPolicy.keep, .skip, .replace(.html)] {
            #expect(!(try events(Self.page, policy)).contains { $0.description.hasPrefix("skipped") })
        }
        let thrown = try error(Self.page, .throw)
        #expect(thrown.code == .unexpandedEntity && thrown.position.line == 2 && thrown.position.column == 20)
        let missing = try error(Self.page, .replace(XMLEntityTable(["nbsp": " "])))
        #expect(missing.message == "entity &euro; is not expanded, and the entity table has no text for it")
        #expect(missing.position.line == 3 && missing.position.column == 15)
    }

    @Test("A rebuilt value is normalized as expat normalizes: line ends, character and predefined references")
    func rebuiltValueNormalization() throws {
        let xml = "\(Self.doctype)<p title='a&#x9;b\r\n&lt;&nbsp;&#38;\tc'/>"
        #expect(titleAndText(try events(xml, .skip)).0 == "a\tb &lt;& c".replacingOccurrences(of: "&lt;", with: "<"))
        #expect(titleAndText(try events(xml, .keep)).0 == "a\tb <&nbsp;& c")
    }

    @Test("A value that also uses an internal entity is not rebuilt: an error says why")
    func internalEntityRefusesRebuild() throws {
        let xml = """
            <!DOCTYPE p SYSTEM "p.dtd" [<!ENTITY company "ACME">]>
            <p title="&company;&nbsp;Corp"/>
            """
        #expect(titleAndText(try events(xml, .skip)).0 == "ACMECorp")
        let refused = try error(xml, .keep)
        #expect(refused.code == .unexpandedEntity)
        #expect(refused.message.contains("cannot be put back"))
        #expect(refused.position.line == 2 && refused.position.column == 20)
    }

    @Test("Namespace declarations, a multi-line tag and CRLF: the right attribute and position")
    func namespacesAndLines() throws {
        let xml = "\(Self.doctype)\r\n<p xmlns=\"urn:x\"\r\n   xmlns:a=\"urn:a\" a:note=\"x\"\r\n   title=\"&copy;2024\"/>"
        let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true), options: XMLParserOptions())
        try parser.parse(xml)
        let (events, positions) = (parser.handler.events, parser.handler.positions)
        let index = try #require(events.firstIndex { if case .skippedAttributeEntity = $0 { true } else { false } })
        #expect(events[index] == .skippedAttributeEntity(name: "copy", attribute: XMLQualifiedName(localName: "title")))
        #expect(positions[index].line == 4 && positions[index].column == 11)
        #expect(titleAndText(try self.events(xml, .replace(.html))).0 == "©2024")
    }

    @Test("UTF-16 and ISO-8859-1 input: the name and the column are those of the characters")
    func otherEncodings() throws {
        let text = "<?xml version='1.0' encoding='ISO-8859-1'?>\(Self.doctype)\n<p é='1' title='Ä&nbsp;B'/>"
        let latin1 = try #require(text.data(using: .isoLatin1))
        let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true), options: XMLParserOptions())
        try parser.parse(latin1)
        let (events, positions) = (parser.handler.events, parser.handler.positions)
        let index = try #require(events.firstIndex { if case .skippedAttributeEntity = $0 { true } else { false } })
        #expect(positions[index].line == 2 && positions[index].column == 18)

        var utf16 = Data([0xFF, 0xFE])
        utf16.append(try #require("\(Self.doctype)\n<p title='Ä&nbsp;B'/>".data(using: .utf16LittleEndian)))
        let utf16Parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true), options: XMLParserOptions())
        try utf16Parser.parse(utf16)
        let (utf16Events, utf16Positions) = (utf16Parser.handler.events, utf16Parser.handler.positions)
        let utf16Index = try #require(
            utf16Events.firstIndex { if case .skippedAttributeEntity = $0 { true } else { false } })
        #expect(utf16Positions[utf16Index].line == 2 && utf16Positions[utf16Index].column == 12, "\(utf16Positions[utf16Index])")
        let keep = XMLStreamParser(
            handler: XMLEventCollector(), options: XMLParserOptions(unexpandedEntities: .replace(.html)))
        try keep.parse(utf16)
        #expect(titleAndText(keep.handler.events).0 == "Ä\u{A0}B")
    }

    @Test("Without an external DTD nothing is scanned, and predefined and character references stay expat's")
    func noExternalDTD() throws {
        let xml = "<!DOCTYPE p [<!ENTITY e 'E'>]><p title='&e;&amp;&#65;'/>"
        #expect(titleAndText(try events(xml, nil)).0 == "E&A")
    }

    @Test("An entity table from declarations: first declaration binds, markup is refused, names by code points")
    func entityTable() throws {
        let table = try XMLEntityTable(
            declarations: """
                <!-- xhtml-lat1 style -->
                <!ENTITY nbsp   "&#160;"> <!ENTITY copy "&#169;">
                <!ENTITY nbsp "second">
                <!ENTITY % pe "ignored">
                """)
        #expect(table["nbsp"] == "\u{A0}" && table["copy"] == "©" && table.count == 2)
        let markup = try #require(throws: XMLParseError.self) {
            try XMLEntityTable(declarations: "<!ENTITY a 'x'>\n<!ENTITY b '&#60;tag>'>")
        }
        #expect(markup.code == .unexpandedEntity && markup.position.line == 2)
        let broken = try #require(throws: XMLParseError.self) { try XMLEntityTable(declarations: "<!ENTITY a 'x'") }
        #expect(broken.code == .unclosedToken || broken.code == .syntax, "\(broken.code) \(broken.position)")
        #expect(XMLEntityTable.html["nbsp"] == "\u{A0}" && XMLEntityTable.html["\u{212A}appa"] == nil)
        #expect(XMLEntityTable.html["Kappa"] == "Κ" && XMLEntityTable.html.count == 248)
        // The table merged in wins where both have a name.
        let merged = XMLEntityTable.html.merging(XMLEntityTable(["copy": "(c)", "acme": "ACME"]))
        #expect(merged["copy"] == "(c)" && merged["acme"] == "ACME" && merged["nbsp"] == "\u{A0}")
        #expect(merged.count == 249)
    }
}
