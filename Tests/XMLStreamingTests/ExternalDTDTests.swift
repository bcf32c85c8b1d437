import Testing
import XMLStreaming
import XMLTestSupport

/// `XMLParserOptions.externalDTD`: a DTD the caller names, read as the external subset.
@Suite("An external DTD the caller names")
struct ExternalDTDTests {
    /// Records each declaration and element with the file and position the locator gives.
    struct Recorder: XMLEventHandler {
        var locator = XMLLocator.detached
        var lines: [String] = []
        var attributes: [String: String] = [:]
        var text = ""

        mutating func startDocument(_ locator: XMLLocator) { self.locator = locator }
        private mutating func note(_ what: String) {
            let position = locator.position
            lines.append("\(locator.fileName ?? "-"):\(position.line):\(position.column) \(what)")
        }
        mutating func elementDeclaration(_ declaration: XMLElementDeclaration) { note("ELEMENT \(declaration.name)") }
        mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) {
            note("ATTLIST \(declaration.elementName) \(declaration.attributeName)")
        }
        mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) {
            note("ENTITY \(declaration.isParameterEntity ? "% " : "")\(declaration.name)")
        }
        mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) {
            note("skipped \(isParameterEntity ? "%" : "&")\(name.string);")
        }
        mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
            note("<\(name.qualifiedName)>")
            for attribute in attributes { self.attributes[attribute.name.qualifiedName] = attribute.value.string }
        }
        mutating func characters(_ text: XMLStringView) { self.text += text.string }
    }

    static let dtd = """
        <!ELEMENT note (#PCDATA)>
        <!ATTLIST note kind (memo|letter) "memo"
                       lang NMTOKEN #IMPLIED>
        <!ENTITY % shared "<!ENTITY sig 'Signed, the DTD'>">
        %shared;
        <!ENTITY % far SYSTEM "elsewhere.ent">
        %far;
        <!ENTITY late "declared after an unread parameter entity">
        """

    static func parse(_ document: String, dtd: XMLExternalDTD = XMLExternalDTD(bytes: Array(dtd.utf8), name: "note.dtd")) throws
        -> Recorder
    {
        var options = XMLParserOptions()
        options.externalDTD = dtd
        let parser = XMLStreamParser(handler: Recorder(), options: options)
        parser.fileName = "doc.xml"
        try parser.parse(document)
        return parser.handler
    }

    @Test("its declarations follow the internal subset's, positioned in the DTD; its defaults and entities apply")
    func declarations() throws {
        let document = """
            <!DOCTYPE note SYSTEM "never-read.dtd" [
              <!ATTLIST note lang NMTOKEN "en">
            ]>
            <note>&sig;</note>
            """
        let recorder = try Self.parse(document)
        // Positions are where expat reports each declaration: once read, at its last token.
        #expect(recorder.lines == [
            "doc.xml:2:31 ATTLIST note lang",
            "note.dtd:1:24 ELEMENT note",
            "note.dtd:2:35 ATTLIST note kind",
            "note.dtd:3:29 ATTLIST note lang",
            "note.dtd:4:19 ENTITY % shared",
            "note.dtd:5:1 ENTITY sig",
            "note.dtd:6:38 ENTITY % far",
            "note.dtd:7:1 skipped %far;",
            "doc.xml:4:1 <note>",
        ])
        // The first declaration of `lang` binds (the internal subset's); `kind`'s default
        // comes from the DTD; `sig` expands; `late`, after the unread `%far;`, is not declared.
        #expect(recorder.attributes == ["lang": "en", "kind": "memo"])
        #expect(recorder.text == "Signed, the DTD")
    }

    @Test("a document without a DOCTYPE, or with one that names no file, reads it too")
    func foreign() throws {
        for document in ["<note>x</note>", "<!DOCTYPE note [<!ENTITY own 'x'>]><note>&own;</note>"] {
            let recorder = try Self.parse(document)
            #expect(recorder.attributes == ["kind": "memo"], "\(document)")
            #expect(recorder.lines.contains("note.dtd:1:24 ELEMENT note"), "\(document)")
        }
    }

    @Test("a file, by path; one that cannot be read stops the document with an error naming it")
    func files() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Self.dtd, named: "note.dtd")
        let recorder = try Self.parse("<note/>", dtd: XMLExternalDTD(contentsOf: path))
        #expect(recorder.lines.first == "\(path):1:24 ELEMENT note")
        let missing = try #require(throws: XMLInputError.self) {
            try Self.parse("<note/>", dtd: XMLExternalDTD(contentsOf: "/nonexistent/note.dtd"))
        }
        #expect(missing.code == .cannotOpen && missing.fileName == "/nonexistent/note.dtd")
    }

    @Test("a DTD that is not well-formed: the error is positioned in it, and names it")
    func malformed() throws {
        let dtd = XMLExternalDTD(bytes: Array("<!ELEMENT a EMPTY>\n<!ELEMENT b (c,>".utf8), name: "bad.dtd")
        let error = try #require(throws: XMLParseError.self) { try Self.parse("<a/>", dtd: dtd) }
        #expect(error.fileName == "bad.dtd")
        #expect(error.position.line == 2)
        #expect(error.message.hasPrefix("in the DTD: "))
    }

    @Test("a handler's error during the DTD stops the document, and the parser reads the next document's DTD again")
    func handlerErrorAndReuse() throws {
        struct Refuses: XMLEventHandler {
            struct Refused: Error {}
            var locator = XMLLocator.detached
            var refuse = true
            var elements = 0
            mutating func startDocument(_ locator: XMLLocator) { self.locator = locator }
            mutating func elementDeclaration(_ declaration: XMLElementDeclaration) throws {
                elements += 1
                if refuse { throw Refused() }
            }
        }
        var options = XMLParserOptions()
        options.externalDTD = XMLExternalDTD(bytes: Array(Self.dtd.utf8), name: "note.dtd")
        let parser = XMLStreamParser(handler: Refuses(), options: options)
        #expect(throws: Refuses.Refused.self) { try parser.parse("<note/>") }
        #expect(parser.position.line == 1)
        parser.reset()
        parser.handler.refuse = false
        try parser.parse("<note/>")
        #expect(parser.handler.elements == 2)
    }

    @Test("an undeclared entity in an attribute value is still reported, not dropped")
    func undeclaredInAttribute() throws {
        var options = XMLParserOptions()
        options.externalDTD = XMLExternalDTD(bytes: Array("<!ELEMENT a EMPTY><!ATTLIST a b CDATA #IMPLIED>".utf8), name: "a.dtd")
        let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true), options: options)
        try parser.parse("<a b=\"x&undef;y\"/>")
        let skipped = try #require(parser.handler.events.firstIndex { $0.description == "skippedAttributeEntity &undef; in b" })
        #expect(parser.handler.positions[skipped].column == 8)
        // Without a handler that takes the event, the reference stops the parse, at its place.
        let plain = XMLStreamParser(handler: Recorder(), options: options)
        let error = try #require(throws: XMLParseError.self) { try plain.parse("<a b=\"x&undef;y\"/>") }
        #expect(error.code == .unexpandedEntity && error.position.column == 8, "\(error)")
    }

    @Test("the DTD's text declaration is its own, not the document's: no second XML declaration reaches the handler")
    func textDeclaration() throws {
        var options = XMLParserOptions()
        options.externalDTD = XMLExternalDTD(
            bytes: Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><!ELEMENT a (#PCDATA)>".utf8), name: "a.dtd")
        let parser = XMLStreamParser(handler: XMLEventCollector(), options: options)
        try parser.parse("<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>\u{E9}</a>")
        let declarations = parser.handler.events.compactMap { event -> XMLDeclaration? in
            if case .xmlDeclaration(let declaration) = event { return declaration }
            return nil
        }
        #expect(declarations.map(\.encoding) == ["UTF-8"])
        #expect(parser.handler.events.contains(.characters("\u{E9}")))
    }

    @Test("without the option, nothing external is read, as before")
    func notByDefault() throws {
        let parser = XMLStreamParser(handler: Recorder())
        try parser.parse("<!DOCTYPE note SYSTEM \"note.dtd\"><note/>")
        #expect(parser.handler.lines == ["-:1:34 <note>"])
        #expect(parser.handler.attributes.isEmpty)
    }
}
