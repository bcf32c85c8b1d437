import Testing
import XMLStreaming
import XMLTestSupport

@Suite("Errors: typed, positioned, and never leaving the parser unusable")
struct ErrorTests {
    private func parseError(_ xml: String, options: XMLParserOptions = XMLParserOptions()) throws -> XMLParseError {
        let parser = XMLStreamParser(handler: XMLEventCollector(), options: options)
        return try #require(throws: XMLParseError.self) { try parser.parse(xml) }
    }

    @Test("A mismatched end tag reports expat's code, line, 1-based column and byte offset")
    func tagMismatch() throws {
        let error = try parseError("<a>\n  <b></c>\n</a>")
        #expect(error.code == .tagMismatch)
        #expect(error.position == XMLPosition(line: 2, column: 8, byteOffset: 11))
        #expect(error.message == "mismatched tag")
        #expect(error.description == "<input>:2:8: error: mismatched tag")
        #expect(error.excerpt == "  <b></c>")
    }

    @Test("An undefined entity's error names it, at its &: without a DOCTYPE, in a standalone document, in a value")
    func undefinedEntityNamed() throws {
        let plain = try parseError("<p>Price:\n &ndash; 10</p>")
        #expect(plain.code == .undefinedEntity && plain.message == "undefined entity &ndash;")
        #expect(plain.position == XMLPosition(line: 2, column: 2, byteOffset: 11))
        let standalone = try parseError(
            "<?xml version='1.0' standalone='yes'?><!DOCTYPE p SYSTEM 'p.dtd'><p>&nbsp;</p>")
        #expect(standalone.message == "undefined entity &nbsp;")
        let inValue = try parseError("<p title='Buy &hellip;'/>")
        #expect(inValue.code == .undefinedEntity && inValue.message == "undefined entity &hellip;", "\(inValue)")
        // Inside a declared entity's text: the one not declared, at the reference to the outer.
        let nested = try parseError("<!DOCTYPE p [<!ENTITY f 'a&g;'><!ENTITY g '&zz;'>]>\n<p>&f;</p>")
        #expect(nested.message == "undefined entity &zz; (in the text of entity &f;)" && nested.position.column == 4, "\(nested)")
        // Declared only in the external DTD, which a standalone document may not reference.
        var options = XMLParserOptions()
        options.externalDTD = XMLExternalDTD(bytes: Array("<!ENTITY e 'x'>".utf8), name: "p.dtd")
        let external = try parseError("<?xml version='1.0' standalone='yes'?><!DOCTYPE p SYSTEM 'p.dtd'>\n<p>&e;</p>", options: options)
        #expect(
            external.message == "entity &e; is declared in the external DTD or in a parameter entity, which a document that "
                + "says standalone=\"yes\" may not reference (WFC: Entity Declared)", "\(external)")
    }

    @Test("An unbound prefix's error names the prefix and where it is written: an attribute's before the element's, as expat checks them")
    func unboundPrefixNamed() throws {
        let element = try parseError("<feed>\n  <geo:point/></feed>")
        #expect(element.code == .unboundPrefix && element.position == XMLPosition(line: 2, column: 3, byteOffset: 9))
        #expect(element.message == "unbound prefix geo in <geo:point>: no xmlns:geo declaration is in scope", "\(element)")
        // An ancestor's declaration binds p; q is bound by nothing; xml is always bound.
        let attribute = try parseError("<r xmlns:p='urn:p'><p:a xml:lang='en' q:x='1' p:y='2'/></r>")
        #expect(attribute.message == "unbound prefix q in attribute q:x of <p:a>: no xmlns:q declaration is in scope", "\(attribute)")
        // A tag's own declaration binds its prefix; one that has gone out of scope does not.
        let outOfScope = try parseError("<r><a xmlns:p='urn:p' p:x='1'><p:b/></a><p:c/></r>")
        #expect(outOfScope.message == "unbound prefix p in <p:c>: no xmlns:p declaration is in scope", "\(outOfScope)")
        // Declared twice, in scope once after the inner one ends.
        let nested = try parseError("<p:r xmlns:p='urn:p'><a xmlns:p='urn:q'/><p:b/><c><d:e/></c></p:r>")
        #expect(nested.message == "unbound prefix d in <d:e>: no xmlns:d declaration is in scope", "\(nested)")
        // In a single-byte encoding expat reads itself, and in UTF-16, the tag is decoded to
        // read its names: one beyond ASCII is named as written.
        func latin1(_ xml: String) throws -> XMLParseError {
            let parser = XMLStreamParser(handler: XMLEventCollector())
            let bytes = Array("<?xml version='1.0' encoding='ISO-8859-1'?>".utf8) + xml.unicodeScalars.map { UInt8($0.value) }
            return try #require(throws: XMLParseError.self) { try parser.parse(bytes) }
        }
        #expect(try latin1("<r xmlns:\u{E9}='u'><q:a \u{E9}:b='1'/></r>").message == "unbound prefix q in <q:a>: no xmlns:q declaration is in scope")
        #expect(try latin1("<r>\u{E9}<\u{E9}:a x='\u{E9}>'/></r>").message == "unbound prefix \u{E9} in <\u{E9}:a>: no xmlns:\u{E9} declaration is in scope")
        let utf16 = try #require(throws: XMLParseError.self) {
            try XMLStreamParser(handler: XMLEventCollector()).parse([0xFF, 0xFE] + "<r>\n <p:a \u{E9}:b='1'/></r>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        }
        #expect(utf16.message == "unbound prefix \u{E9} in attribute \u{E9}:b of <p:a>: no xmlns:\u{E9} declaration is in scope", "\(utf16)")
        #expect(utf16.position.line == 2 && utf16.position.column == 2, "\(utf16)")
        // Whether or not the handler hears the declarations.
        let quiet = try parseError("<r xmlns:p='urn:p'><p:a><q:b/></p:a></r>", options: XMLParserOptions(reportsNamespacePrefixes: false))
        #expect(quiet.message == "unbound prefix q in <q:b>: no xmlns:q declaration is in scope", "\(quiet)")
    }

    @Test("An undefined entity is named, and the excerpt reads, in a document in Latin-1 or UTF-16 as in UTF-8")
    func undefinedEntityInOtherEncodings() throws {
        func error(_ bytes: [UInt8]) throws -> XMLParseError {
            try #require(throws: XMLParseError.self) { try XMLStreamParser(handler: XMLEventCollector()).parse(bytes) }
        }
        let latin1 = try error(Array("<?xml version='1.0' encoding='ISO-8859-1'?>\n<r>caf".utf8) + [0xE9, 0x20, 0x26, 0xE9, 0x3B] + Array("</r>".utf8))
        #expect(latin1.message == "undefined entity &\u{E9};" && latin1.excerpt == "<r>caf\u{E9} &\u{E9};</r>" && latin1.excerptColumn == 9, "\(latin1)")
        let utf16 = try error([0xFF, 0xFE] + "<?xml version='1.0' encoding='UTF-16'?>\n<r>caf\u{E9} &zz;</r>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(utf16.message == "undefined entity &zz;" && utf16.excerpt == "<r>caf\u{E9} &zz;</r>" && utf16.excerptColumn == 9, "\(utf16)")
        #expect(utf16.position.line == 2 && utf16.position.column == 9, "\(utf16)")
    }

    @Test("Columns count characters, not bytes, on a line with umlauts")
    func columnAfterNonASCII() throws {
        let error = try parseError("<r>\n<a>Kölner Dom</b></r>")
        #expect(error.code == .tagMismatch)
        #expect(error.position.line == 2)
        // expat points at the name in "</b>": after "<a>Kölner Dom</", 15 characters but 16 bytes.
        #expect(error.position.column == 16)
        #expect(error.position.byteOffset == 4 + 16)
    }

    @Test("Parsing stops at the first error, with no events after it")
    func stopsAtFirstError() throws {
        let parser = XMLStreamParser(handler: XMLEventCollector())
        #expect(throws: XMLParseError.self) { try parser.parse("<r><a>1</a><b>2</c><d>3</d></r>") }
        let events = parser.handler.events
        #expect(!events.contains(.endDocument))
        #expect(!events.contains { if case .startElement(let n, _) = $0 { return n.localName == "d" }; return false })
    }

    @Test("Empty input, truncated input and junk after the root are errors")
    func incompleteDocuments() throws {
        let empty = try parseError("")
        #expect(empty.code == .noElements, "\(empty.code) \(empty)")
        let truncated = try parseError("<r><a>text")
        #expect(truncated.code == .noElements || truncated.code == .unclosedToken)
        #expect(try parseError("<r/><s/>").code == .junkAfterDocumentElement)
        #expect(try parseError("<r a='1' a='2'/>").code == .duplicateAttribute)
        #expect(try parseError("<p:r/>").code == .unboundPrefix)
        #expect(try parseError("<r>&nope;</r>").code == .undefinedEntity)
    }

    @Test("Errors from a file name the file")
    func fileName() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("<r>\n<a></b>\n</r>\n", named: "broken.xml")
        let parser = XMLStreamParser(handler: XMLEventCollector())
        let error = try #require(throws: XMLParseError.self) { try parser.parse(contentsOf: path) }
        #expect(error.fileName == path)
        #expect(error.description == "\(path):2:6: error: mismatched tag")
    }

    @Test("A missing file is an input error with errno, not a parse error")
    func missingFile() throws {
        let parser = XMLStreamParser(handler: XMLEventCollector())
        let error = try #require(throws: XMLInputError.self) { try parser.parse(contentsOf: "/nonexistent/feed.xml") }
        #expect(error.errno == 2)
        #expect(error.description == "/nonexistent/feed.xml: error: No such file or directory")
    }

    struct Refusal: Error, Equatable { let element: String }

    struct Refuser: XMLEventHandler {
        var locator = XMLLocator.detached
        var seenAfterRefusal = 0
        var refused = false
        mutating func startDocument(_ locator: XMLLocator) { self.locator = locator }
        mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
            if refused { seenAfterRefusal += 1 }
            if name.localName == "stop" {
                refused = true
                throw Refusal(element: name.localName.string)
            }
        }
    }

    @Test("A handler's error surfaces unchanged, with the position where parsing stopped")
    func handlerErrorUnchanged() throws {
        let parser = XMLStreamParser(handler: Refuser())
        let error = try #require(throws: Refusal.self) { try parser.parse("<r>\n  <a/>\n  <stop/><after/>\n</r>") }
        #expect(error == Refusal(element: "stop"))
        #expect(parser.position == XMLPosition(line: 3, column: 3, byteOffset: 13))
        #expect(parser.handler.seenAfterRefusal == 0)
    }

    @Test("After an error the parser refuses more input until reset, then parses again")
    func resetAndReuse() throws {
        let parser = XMLStreamParser(handler: XMLEventCollector())
        #expect(throws: XMLParseError.self) { try parser.feed("<r><a></b>") }
        let again = try #require(throws: XMLParseError.self) { try parser.feed("<more/>") }
        #expect(again.code == .finished)
        parser.reset()
        _ = parser.handler.takeEvents()
        try parser.feed("<r>ok</r>")
        try parser.finish()
        #expect(parser.handler.events.contains(.characters("ok")))
        // The whole-document conveniences reset by themselves.
        #expect(throws: XMLParseError.self) { try parser.parse("<broken") }
        try parser.parse("<fine/>")
    }

    @Test("A file's name labels only that file's errors")
    func fileNameDoesNotLeak() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("<ok/>", named: "a.xml")
        let parser = XMLStreamParser(handler: XMLEventCollector())
        try parser.parse(contentsOf: path)
        let error = try #require(throws: XMLParseError.self) { try parser.parse("<broken") }
        #expect(error.fileName == nil)
        parser.fileName = "mine.xml"
        let named = try #require(throws: XMLParseError.self) { try parser.parse("<broken") }
        #expect(named.fileName == "mine.xml")
    }

    @Test("The input-size limit stops parsing where the input crossed it")
    func inputLimitState() throws {
        let parser = XMLStreamParser(
            handler: XMLEventCollector(), options: XMLParserOptions(limits: XMLLimits(maximumInputSize: 10)))
        try parser.feed("<r>")
        let error = try #require(throws: XMLParseError.self) { try parser.feed("<a/><b/><c/>") }
        #expect(error.code == .inputTooLarge)
        #expect(parser.position == error.position)
        #expect(try #require(throws: XMLParseError.self) { try parser.feed("<d/>") }.code == .finished)
    }

    @Test("A bare & is reported at the &, with the line and a caret under it")
    func bareAmpersand() throws {
        func error(_ document: String) throws -> XMLParseError {
            try #require(throws: XMLParseError.self) { try XMLStreamParser(handler: XMLEventCollector()).parse(document) }
        }
        let bare = try error("<a>\n  x & y\n</a>")
        #expect(bare.position == XMLPosition(line: 2, column: 5, byteOffset: 8))
        #expect(bare.message == "not well-formed: & begins no entity reference (write &amp; for the character)")
        #expect(bare.excerpt == "  x & y")
        #expect(bare.excerptWithCaret == "  x & y\n    ^")
        let unfinished = try error("<a>x &amp y</a>")
        #expect(unfinished.position.column == 6)
        #expect(unfinished.message.hasPrefix("not well-formed: the entity reference &amp does not end with ;"))
        let inValue = try error("<a b=\"1 & 2\"/>")
        #expect(inValue.position.column == 9)
        #expect(inValue.excerptWithCaret == "<a b=\"1 & 2\"/>\n        ^")
        // A tab before the error stays a tab under it.
        // expat places a mismatched end tag at its name.
        #expect(try error("<a>\n\t<b></a>").excerptWithCaret == "\t<b></a>\n\t     ^")
    }

    @Test("On a long line the excerpt is 60 bytes either side, and the caret still under the error")
    func longLineExcerpt() throws {
        let document = "<a>" + String(repeating: "x", count: 100) + "</b>" + String(repeating: "y", count: 100) + "</a>"
        let error = try #require(throws: XMLParseError.self) { try XMLStreamParser(handler: XMLEventCollector()).parse(document) }
        // expat places a mismatched end tag at its name: the b of </b>, column 106.
        #expect(error.position.column == 106)
        #expect(error.excerpt == String(repeating: "x", count: 58) + "</b>" + String(repeating: "y", count: 58))
        #expect(error.excerptColumn == 61)
    }
}
