import Testing
import XMLHandlerStack
import XMLStreaming
import XMLTestSupport

@Suite("The handler stack: each model type consumes its own events")
struct HandlerStackTests {
    @Test("A document builds the whole value model: nesting, predecessors, adopted children, text")
    func buildsModel() throws {
        let library = try HandlerStack.parse(libraryXML, root: Library(), routes: .library)
        #expect(library == expectedLibrary)
    }

    @Test("Text split into pieces anywhere is joined before a consumer sees it")
    func textFromPieces() throws {
        let parser = XMLStreamParser(handler: HandlerStack(root: Library(), routes: .library))
        for byte in libraryXML.utf8 { try parser.feed([byte]) }
        try parser.finish()
        #expect(parser.handler.root == expectedLibrary)
    }

    @Test("Without trimming, consumers get the text exactly as written")
    func untrimmedText() throws {
        let library = try HandlerStack.parse(libraryXML, root: Library(), routes: .library, trimsWhitespace: false)
        #expect(library.loans.first?.note == "\n      bis Ende März\n    ")
    }

    @Test("Unknown elements are ignored by default, collected on request, rejected in strict mode")
    func unknownElements() throws {
        let xml = """
            <library>
              <name>X</name>
              <opening>9-18</opening>
              <shelves><shelf code="A"><colour>red</colour></shelf></shelves>
            </library>
            """
        let lenient = try HandlerStack.parse(xml, root: Library(), routes: .library)
        #expect(lenient.shelves.map(\.code) == ["A"])

        let parser = XMLStreamParser(
            handler: HandlerStack(root: Library(), routes: .library, unknownElementPolicy: .collect))
        try parser.parse(xml)
        #expect(
            parser.handler.unknownElements == [
                UnknownElement(name: "opening", position: XMLPosition(line: 3, column: 16, byteOffset: 42)),
                UnknownElement(name: "colour", position: XMLPosition(line: 4, column: 39, byteOffset: 91)),
                UnknownElement(name: "library", position: XMLPosition(line: 5, column: 1, byteOffset: 119)),
            ])

        let error = try #require(throws: HandlerStackError.self) {
            _ = try HandlerStack.parse(xml, root: Library(), routes: .library, unknownElementPolicy: .reject)
        }
        guard case .unknownElement(let name) = error.kind else { Issue.record("wrong kind \(error.kind)"); return }
        #expect(name == "opening")
        #expect(error.code == .unknownElement)
        #expect(error.position.line == 3 && error.position.column == 16)
        #expect(error.description == "<input>:3:16: error: unknown element <opening>")
    }

    @Test("The labels before 0.2 (unknownElements:, trimsText:) still work")
    @available(*, deprecated, message: "uses the labels before 0.2 on purpose")
    func oldLabels() throws {
        let library = try HandlerStack.parse(libraryXML, root: Library(), routes: .library, trimsText: false)
        #expect(library.loans.first?.note == "\n      bis Ende März\n    ")
        var stack = HandlerStack(root: Library(), routes: .library, unknownElements: .collect, trimsText: false)
        #expect(stack.unknownElementPolicy == .collect && !stack.trimsText)
        stack.trimsText = true
        #expect(stack.trimsWhitespace)
    }

    @Test("HandlerStackError is Hashable: errors with the same code, message and place are equal")
    func hashableErrors() throws {
        struct Refusal: Error, CustomStringConvertible { var description: String { "refused" } }
        let position = XMLPosition(line: 2, column: 3, byteOffset: 7)
        let first = HandlerStackError(kind: .model(Refusal()), position: position, fileName: "a.xml")
        let second = HandlerStackError(kind: .model(Refusal()), position: position, fileName: "a.xml")
        let elsewhere = HandlerStackError(kind: .model(Refusal()), position: .start, fileName: "a.xml")
        #expect(first.code == .consumerError && first == second && first != elsewhere)
        #expect(Set([first, second, elsewhere]).count == 2)
        #expect(HandlerStackError(kind: .invalidData("no name"), position: position).code == .invalidData)
    }

    @Test("An empty-element tag is reported where the tag starts, for its end as for its start")
    func emptyElementPosition() throws {
        let error = try #require(throws: HandlerStackError.self) {
            _ = try HandlerStack.parse("<library><odd/></library>", root: Library(), routes: .library, unknownElementPolicy: .reject)
        }
        #expect(error.position == XMLPosition(line: 1, column: 10, byteOffset: 9))
        #expect(error.description == "<input>:1:10: error: unknown element <odd>")
        // A tag over two lines, after multi-byte characters.
        let parser = XMLStreamParser(handler: HandlerStack(root: Library(), routes: .library, unknownElementPolicy: .collect))
        try parser.parse("<library>\n  ä <odd\n a='1'/>\n  <öd a='é'/></library>")
        #expect(
            parser.handler.unknownElements == [
                UnknownElement(name: "odd", position: XMLPosition(line: 2, column: 5, byteOffset: 15)),
                UnknownElement(name: "öd", position: XMLPosition(line: 4, column: 3, byteOffset: 31)),
                UnknownElement(name: "library", position: XMLPosition(line: 4, column: 14, byteOffset: 44)),
            ])
    }

    @Test("A data error names the line and column of the element that caused it")
    func dataErrorPosition() throws {
        let xml = "<library>\n  <shelves>\n    <shelf><label>no code</label></shelf>\n  </shelves>\n</library>"
        let error = try #require(throws: HandlerStackError.self) {
            _ = try HandlerStack.parse(xml, root: Library(), routes: .library)
        }
        #expect(error.message == "a shelf without a code")
        #expect(error.position == XMLPosition(line: 3, column: 5, byteOffset: 26))
    }

    @Test("A consumer's own error passes through unchanged, with the position added")
    func modelErrorUnchanged() throws {
        let xml = """
            <library><shelves><shelf code="A"><book isbn="1"/></shelf></shelves>
            <loans><loan book="999" member="m1"/></loans></library>
            """
        let error = try #require(throws: HandlerStackError.self) {
            _ = try HandlerStack.parse(xml, root: Library(), routes: .library)
        }
        guard case .model(let underlying) = error.kind else { Issue.record("wrong kind \(error.kind)"); return }
        #expect(underlying as? UnknownBook == UnknownBook(isbn: "999"))
        #expect(error.position.line == 2)
    }

    @Test("A syntax error stays an XMLParseError")
    func syntaxError() throws {
        let error = try #require(throws: XMLParseError.self) {
            _ = try HandlerStack.parse("<library>\n<shelves></library>", root: Library(), routes: .library)
        }
        #expect(error.code == .tagMismatch)
        #expect(error.position.line == 2)
    }

    @Test("Routes are namespace-aware: the same local name in another namespace is not an entity")
    func namespaceRouting() throws {
        var routes = ParseRoutes()
        routes.route(XMLQualifiedName(localName: "shelf", namespaceURI: "urn:lib"), to: Shelf.self)
        let xml = """
            <library xmlns="urn:lib" xmlns:o="urn:other">
              <shelves><shelf code="A"/><o:shelf code="X"/></shelves>
            </library>
            """
        let library = try HandlerStack.parse(xml, root: Library(), routes: routes)
        #expect(library.shelves.map(\.code) == ["A"])
    }

    @Test("A new document resets the stack: a failed parse leaves nothing for the next one")
    func resetBetweenDocuments() throws {
        let parser = XMLStreamParser(handler: HandlerStack(root: Library(), routes: .library))
        #expect(throws: XMLParseError.self) {
            try parser.parse("<library><shelves><shelf code='Z'><book isbn='9'>")
        }
        try parser.parse("<library><shelves><shelf code='A'/></shelves></library>")
        #expect(parser.handler.root.shelves.map(\.code) == ["A"])
        #expect(parser.handler.root.shelves.first?.books.isEmpty == true)
    }
}

@Suite("The handler stack driven through your own parser")
struct OwnParserTests {
    /// A root that keeps what it is told.
    final class Journal: ElementConsumer {
        var entries: [String] = []
        func documentDidStart(context: ParseContext) { entries.append("start") }
        func documentDidEnd(context: ParseContext) { entries.append("commit") }
        func documentDidFail(_ error: any Error) { entries.append("rollback") }
        func adopt(_ child: any ElementConsumer, context: ParseContext) {
            if let shelf = child as? Shelf { entries.append("shelf \(shelf.code)") }
        }
    }

    @Test("A document that failed is rolled back when the next one starts, even without abandon()")
    func failedDocumentRolledBack() throws {
        let journal = Journal()
        let parser = XMLStreamParser(handler: HandlerStack(root: journal, routes: .library))
        #expect(throws: XMLParseError.self) {
            try parser.parse("<library><shelves><shelf code='Z'/><shelf")
        }
        try parser.parse("<library><shelves><shelf code='A'/></shelves></library>")
        #expect(journal.entries == ["start", "shelf Z", "rollback", "start", "shelf A", "commit"])
    }
}

@Suite("The handler stack and references the parser could not expand")
struct HandlerStackEntityTests {
    static let xml = """
        <!DOCTYPE library SYSTEM "library.dtd">
        <library>
          <name>Stadtb&uuml;cherei K&ouml;ln</name>
        </library>
        """

    @Test("A reference stops the stack at its &, naming it, rather than leave the text short")
    func stopsByDefault() throws {
        let error = try #require(throws: XMLParseError.self) {
            _ = try HandlerStack.parse(Self.xml, root: Library(), routes: .library)
        }
        #expect(error.code == .unexpandedEntity)
        #expect(error.position.line == 3 && error.position.column == 15)
        #expect(error.message.hasPrefix("entity &uuml; is not expanded"))
    }

    @Test("The parser's policy decides instead: the HTML names read as their characters")
    func parserPolicy() throws {
        let library = try HandlerStack.parse(
            Self.xml, root: Library(), routes: .library,
            options: XMLParserOptions(unexpandedEntities: .replace(.html)))
        #expect(library.name == "Stadtbücherei Köln")
    }
}
