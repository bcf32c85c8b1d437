import Testing
import XMLStreaming
import XMLTestSupport
import XMLValidation

/// Validates `xml` against its own DTD and returns the errors as `LINE:COLUMN CODE: MESSAGE`.
func dtdErrors(_ xml: String, maximum: Int = 100) throws -> [String] {
    let parser = XMLStreamParser(
        handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: maximum))))
    parser.fileName = "doc.xml"
    try parser.parse(xml)
    return parser.handler.errors.map { "\($0.position.line):\($0.position.column) \($0.code): \($0.message)" }
}

/// Validates `xml` against `dtd`, given as the caller's DTD (`XMLParserOptions.externalDTD`)
/// named `name`, and returns the errors as `LINE:COLUMN CODE: MESSAGE`.
func dtdErrors(_ xml: String, againstDTD dtd: String, named name: String) throws -> [String] {
    var parserOptions = XMLParserOptions()
    parserOptions.externalDTD = XMLExternalDTD(bytes: Array(dtd.utf8), name: name)
    let parser = XMLStreamParser(
        handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: parserOptions)
    try parser.parse(xml)
    return parser.handler.errors.map { "\($0.position.line):\($0.position.column) \($0.code.rawValue): \($0.message)" }
}

@Suite("DTD validation: XML 1.0's validity constraints on the stream")
struct DTDValidationTests {
    static let book = """
        <?xml version="1.0"?>
        <!DOCTYPE book [
          <!ELEMENT book (title, chapter+, appendix*)>
          <!ELEMENT title (#PCDATA)>
          <!ELEMENT chapter (title, (para | list)*)>
          <!ELEMENT para (#PCDATA | em | ref)*>
          <!ELEMENT em (#PCDATA)>
          <!ELEMENT ref EMPTY>
          <!ELEMENT list (item+)>
          <!ELEMENT item ANY>
          <!ELEMENT appendix (title, para*)>
          <!ATTLIST book lang NMTOKEN #IMPLIED status (draft | final) "draft" version CDATA #FIXED "2">
          <!ATTLIST chapter id ID #REQUIRED>
          <!ATTLIST ref to IDREF #REQUIRED also IDREFS #IMPLIED>
          <!ATTLIST list kind (bullet | number) #IMPLIED>
          <!ENTITY company "Example &amp; Co">
        ]>
        <book lang="en" version="2">
          <title>A book</title>
          <chapter id="c1">
            <title>One</title>
            <para>By &company;, see <ref to="c2"/> and <em>this</em>.</para>
            <list kind="bullet"><item>anything <em>at all</em></item><item/></list>
            <!-- a comment in element content -->
          </chapter>
          <chapter id="c2"><title>Two</title><para><ref to="c1" also="c1 c2"/></para></chapter>
        </book>
        """

    @Test("a valid document: no errors, and every event reaches the next handler as the parser gave it")
    func validDocument() throws {
        #expect(try dtdErrors(Self.book) == [])
        let plain = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true))
        try plain.parse(Self.book)
        let validated = XMLStreamParser(handler: XMLDTDValidator(next: XMLEventCollector(recordsPositions: true)))
        try validated.parse(Self.book)
        #expect(validated.handler.next.events == plain.handler.events)
        #expect(validated.handler.next.positions == plain.handler.positions)
        #expect(plain.handler.events.count > 40)
    }

    @Test("elements: undeclared, not allowed by the parent's model, ending early; each with what was expected")
    func elementContent() throws {
        let xml = """
            <!DOCTYPE book [
              <!ELEMENT book (title, chapter+)>
              <!ELEMENT title (#PCDATA)>
              <!ELEMENT chapter (title, para*)>
              <!ELEMENT para (#PCDATA | em)*>
              <!ELEMENT em (#PCDATA)>
            ]>
            <book>
              <chapter><title>x</title></chapter>
              <title>t</title>
              <chapter><para>p <b>bold</b></para><title/></chapter>
              <chapter><title>t</title><para/><em/></chapter>
            </book>
            """
        #expect(
            try dtdErrors(xml) == [
                "9:3 unexpected-element: element <chapter> not expected here in <book>; expected <title>",
                "11:12 unexpected-element: element <para> not expected here in <chapter>; expected <title>",
                "11:20 unexpected-element: element <b> is not allowed in <para>",
                "11:20 undeclared-element: element <b> is not declared",
                "12:35 unexpected-element: element <em> not expected here in <chapter>; expected <para> or the end of <chapter>",
            ])
        // After an unexpected child the state stays where it was: the <title> on line 10
        // and the <title/> closing line 11 are what <book> and <chapter> still expected.
        let early = """
            <!DOCTYPE a [<!ELEMENT a (b, c?, d)> <!ELEMENT b EMPTY> <!ELEMENT c EMPTY> <!ELEMENT d EMPTY>]>
            <a><b/>
            </a>
            """
        #expect(
            try dtdErrors(early) == [
                "3:1 incomplete-content: element <a> ends before its content is complete; expected <c> or <d>"
            ])
    }

    @Test(
        "content: text and CDATA in element content, anything at all in EMPTY, white space and comments allowed where they are"
    )
    func textContent() throws {
        let xml = """
            <!DOCTYPE a [<!ELEMENT a (b*)> <!ELEMENT b EMPTY>]>
            <a>
              <!-- fine --><?pi fine?>
              <b/>words<b> </b><b><!--c--></b>
              <b><?pi?></b>
              <![CDATA[ ]]>
            </a>
            """
        #expect(
            try dtdErrors(xml) == [
                "4:7 unexpected-content: element <a> has element content; found text",
                "4:15 unexpected-content: element <b> is declared EMPTY; found text",
                "4:23 unexpected-content: element <b> is declared EMPTY; found a comment",
                "5:6 unexpected-content: element <b> is declared EMPTY; found a processing instruction",
            ])
        // Each element's content is reported once; the CDATA section in <a> went unreported
        // because <a>'s text already was.
        let cdata = """
            <!DOCTYPE a [<!ELEMENT a (b*)> <!ELEMENT b EMPTY>]>
            <a><b/><![CDATA[ ]]></a>
            """
        #expect(
            try dtdErrors(cdata) == ["2:8 unexpected-content: element <a> has element content; found a CDATA section"])
        // A reference to an entity whose text is empty is content too: EMPTY allows not even
        // that (xmllint agrees); written with nothing between the tags, or as <b/>, fine.
        let reference = """
            <!DOCTYPE a [<!ELEMENT a (b*)> <!ELEMENT b EMPTY> <!ENTITY nil "">]>
            <a>&nil;<b>&nil;</b><b>&nil;&nil;</b><b></b><b/></a>
            """
        // Reported at the first reference.
        #expect(
            try dtdErrors(reference) == [
                "2:12 unexpected-content: element <b> is declared EMPTY; found an entity reference",
                "2:24 unexpected-content: element <b> is declared EMPTY; found an entity reference",
            ])
        // Before other content, the reference comes first; a character reference is text.
        let before = """
            <!DOCTYPE a [<!ELEMENT a (b*)> <!ELEMENT b EMPTY> <!ENTITY nil "">]>
            <a><b>&nil;&nil;&#32;</b><b>&nil;<b/></b><b>&#59;</b></a>
            """
        #expect(
            try dtdErrors(before) == [
                "2:7 unexpected-content: element <b> is declared EMPTY; found an entity reference",
                "2:29 unexpected-content: element <b> is declared EMPTY; found an entity reference",
                "2:45 unexpected-content: element <b> is declared EMPTY; found text",
            ])
        // Tags written in an entity's text, around a reference (at the document's reference
        // to the outer entity, once for each), and a reference to an external entity,
        // whatever its text.
        let inEntities = """
            <!DOCTYPE a [<!ELEMENT a (b*)> <!ELEMENT b EMPTY> <!ENTITY nil ""> <!ENTITY nil2 "&nil;">
              <!ENTITY b "<b>&nil2;</b>"> <!ENTITY bb "<b></b>&b;"> <!ENTITY ok "<b></b><b/>"> <!ENTITY x SYSTEM "x.txt">]>
            <a>&ok;&b;&bb;<b>&x;</b></a>
            """
        #expect(
            try dtdErrors(inEntities) == [
                "3:8 unexpected-content: element <b> is declared EMPTY; found an entity reference",
                "3:11 unexpected-content: element <b> is declared EMPTY; found an entity reference",
                "3:18 unexpected-content: element <b> is declared EMPTY; found an entity reference",
            ])
        // Not for an element whose tags an entity's text writes after another reference
        // (the `;` before it is that reference's), in UTF-8 and UTF-16, nor for a reference
        // in a comment or CDATA section of an entity's text.
        let afterReference = """
            <!DOCTYPE p [<!ELEMENT p (#PCDATA|e)*><!ELEMENT e EMPTY><!ENTITY z ""><!ENTITY ent "<e></e>">
              <!ENTITY noted "<e></e><!-- was <e>&#38;z;</e> --><![CDATA[<e>&#38;z;</e>]]>">]>
            <p>A&amp;&ent;&z;&ent;&noted;</p>
            """
        #expect(try dtdErrors(afterReference).isEmpty)
        let afterReference16 = Array("\u{FEFF}\(afterReference)".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let parser16 = XMLStreamParser(handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))))
        try parser16.parse(afterReference16)
        #expect(parser16.handler.errors.isEmpty, "\(parser16.handler.errors)")
        // In UTF-16 and in Latin-1 too, at the same places.
        func places(_ bytes: [UInt8], _ options: XMLParserOptions = XMLParserOptions()) throws -> [String] {
            let parser = XMLStreamParser(
                handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: options)
            try parser.parse(bytes)
            return parser.handler.errors.map { "\($0.position.line):\($0.position.column) \($0.code)" }
        }
        let utf16 = Array("\u{FEFF}\(reference)".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try places(utf16) == ["2:12 unexpected-content", "2:24 unexpected-content"])
        var latin1 = XMLParserOptions()
        latin1.encoding = .iso8859_1
        let accented = reference.replacingOccurrences(of: "<a>&nil;", with: "<a>&nil;<!--é-->")
        #expect(try places(Array(accented.unicodeScalars.map { UInt8($0.value) }), latin1) == ["2:20", "2:32"].map { $0 + " unexpected-content" })
    }

    @Test(
        "content: a character reference to white space in element content is not white space (VC: Element Valid), in UTF-8 and UTF-16, whole and byte by byte; an entity whose replacement text is a space is"
    )
    func whitespaceReferenceInElementContent() throws {
        // From an entity's text (`&#38;#32;` in its literal is `&#32;` in its text), directly
        // or through another entity, outside its tags: at the document's reference to it.
        let fromEntity = """
            <!DOCTYPE a [<!ELEMENT a (b*)> <!ELEMENT b (#PCDATA)> <!ENTITY sp "&#38;#32;"> <!ENTITY sp2 "&sp;">
              <!ENTITY in "<b>&#38;#32;</b>"> <!ENTITY lit "&#32;">]>
            <a><b/>&in;&lit;<b/>&sp2;</a>
            """
        // Not for white space written as itself in an element that the entity's text begins.
        let inside = """
            <!DOCTYPE m [<!ELEMENT m (#PCDATA|c)*> <!ELEMENT c (d*)> <!ELEMENT d EMPTY> <!ENTITY ent "&#38;#32;<c> <d/> </c>">]>
            <m>&ent;</m>
            """
        #expect(try dtdErrors(inside).isEmpty)
        #expect(
            try dtdErrors(fromEntity) == [
                "3:21 unexpected-content: element <a> has element content; found a character reference to white space, where only "
                    + "white space written as itself may stand"
            ])
        let xml = """
            <!DOCTYPE a [<!ELEMENT a (b*)> <!ELEMENT b (#PCDATA)> <!ENTITY sp "&#32;">]>
            <a>
              <b>&#32;</b>&sp;<b/>&#x20;<b/>
            </a>
            """
        let expected = [
            "3:23 unexpected-content: element <a> has element content; found a character reference to white space, "
                + "where only white space written as itself may stand"
        ]
        #expect(try dtdErrors(xml) == expected)
        // The same document in other encodings and in pieces of one byte.
        let encodings: [(String, [UInt8])] = [
            ("UTF-8", Array(xml.utf8)),
            ("UTF-16LE", [0xFF, 0xFE] + xml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ("UTF-16BE", [0xFE, 0xFF] + xml.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
        ]
        for (name, bytes) in encodings {
            for pieceSize in [bytes.count, 1] {
                let parser = XMLStreamParser(
                    handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))))
                for piece in ChunkSplitter.pieces(of: bytes, size: pieceSize) { try parser.feed(piece) }
                try parser.finish()
                let found = parser.handler.errors.map { "\($0.position.line):\($0.position.column) \($0.code): \($0.message)" }
                #expect(found == expected, "\(name) in pieces of \(pieceSize)")
            }
        }
        // In mixed content and in ANY, a reference to a space is text like any other.
        #expect(
            try dtdErrors(
                """
                <!DOCTYPE a [<!ELEMENT a (#PCDATA | b)*> <!ELEMENT b ANY>]>
                <a>&#32;<b>&#10;</b>&#9;</a>
                """
            ).isEmpty)
    }

    @Test("attributes: undeclared, required, #FIXED, enumerations, name tokens, unparsed entities and notations")
    func attributes() throws {
        let xml = """
            <!DOCTYPE a [
              <!ELEMENT a (b*)>
              <!ELEMENT b EMPTY>
              <!NOTATION gif SYSTEM "image/gif">
              <!ENTITY logo SYSTEM "logo.gif" NDATA gif>
              <!ENTITY text SYSTEM "text.xml">
              <!ATTLIST a version CDATA #FIXED "1" need CDATA #REQUIRED>
              <!ATTLIST b kind (x | y) #IMPLIED size NMTOKEN #IMPLIED sizes NMTOKENS #IMPLIED
                          pic ENTITY #IMPLIED pics ENTITIES #IMPLIED type NOTATION (gif) #IMPLIED>
            ]>
            <a version="2" extra="e">
              <b kind="z" size="a b" sizes="  ok  fine "/>
              <b pic="text" pics="logo nothing" type="png"/>
              <b pic="logo" pics="logo" type="gif" kind="y" size="12" sizes="1 2"/>
            </a>
            """
        #expect(
            try dtdErrors(xml) == [
                "10:2 invalid-declaration: <b> is declared EMPTY and has a NOTATION attribute, type",
                "11:4 invalid-attribute-value: attribute version of <a> must be \"1\" (#FIXED), not \"2\"",
                "11:16 undeclared-attribute: attribute extra is not declared for element <a>",
                "11:1 missing-attribute: element <a> needs attribute need (#REQUIRED)",
                "12:6 invalid-attribute-value: attribute kind=\"z\" of <b> is not one of (x|y)",
                "12:15 invalid-attribute-value: attribute size=\"a b\" of <b> is not a name token",
                "13:6 invalid-attribute-value: attribute pic=\"text\" of <b> is not an unparsed entity",
                "13:17 invalid-attribute-value: attribute pics=\"logo nothing\" of <b> names nothing, which is not an unparsed entity",
                "13:37 invalid-attribute-value: attribute type=\"png\" of <b> is not one of NOTATION (gif)",
            ])
    }

    @Test("IDs are unique; an IDREF names an ID anywhere in the document, reported where the reference is, at its attribute, in the order written")
    func identifiers() throws {
        let xml = """
            <!DOCTYPE a [
              <!ELEMENT a (b*)>
              <!ELEMENT b EMPTY>
              <!ATTLIST b id ID #IMPLIED ref IDREF #IMPLIED refs IDREFS #IMPLIED>
            ]>
            <a>
              <b ref="later" refs="m1 m2 x1 m3 m4 m5"/>
              <b id="x1"/>
              <b id="x1"/>
              <b id="later" ref="gone"/>
              <b id="1bad"/>
            </a>
            """
        #expect(
            try dtdErrors(xml) == [
                "9:6 duplicate-id: ID x1 is already an earlier element's",
                "11:6 invalid-attribute-value: attribute id=\"1bad\" of <b> is not a name",
                // The names of one IDREFS value share its position, and keep its order.
                "7:18 unresolved-reference: IDREF m1 matches no element's ID",
                "7:18 unresolved-reference: IDREF m2 matches no element's ID",
                "7:18 unresolved-reference: IDREF m3 matches no element's ID",
                "7:18 unresolved-reference: IDREF m4 matches no element's ID",
                "7:18 unresolved-reference: IDREF m5 matches no element's ID",
                "10:17 unresolved-reference: IDREF gone matches no element's ID",
            ])
    }

    @Test("against a DTD the caller names (xmllint --dtdvalid): its declarations count, and errors name its lines")
    func externalDTD() throws {
        let dtd = """
            <!ELEMENT feed (entry*)>
            <!ELEMENT entry (title, link?)>
            <!ELEMENT title (#PCDATA)>
            <!ELEMENT link EMPTY>
            <!ATTLIST link href CDATA #REQUIRED>
            """
        var parserOptions = XMLParserOptions()
        parserOptions.externalDTD = XMLExternalDTD(bytes: Array(dtd.utf8), name: "feed.dtd")
        let parser = XMLStreamParser(
            handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: parserOptions)
        parser.fileName = "feed.xml"
        try parser.parse("<feed>\n<entry><title>a</title><link/></entry>\n<entry><link href='x'/></entry>\n</feed>")
        #expect(parser.handler.errors.map(\.description) == [
            "feed.xml:2:24: error: element <link> needs attribute href (#REQUIRED) (<!ATTLIST link href> at feed.dtd:5)",
            // One error for the element whose children stop following its model.
            "feed.xml:3:8: error: element <link> not expected here in <entry>; expected <title> (<!ELEMENT entry> at feed.dtd:2)",
        ])
    }

    @Test(
        "standalone=\"yes\": an external declaration's default, a tokenized value only its type normalizes, white space in content it makes element content are errors; the same declared in the internal subset are not, in a parameter entity are"
    )
    func standaloneDocumentDeclaration() throws {
        let declarations = """
            <!ELEMENT feed (entry*)>
            <!ELEMENT entry (#PCDATA)>
            <!ATTLIST entry kind NMTOKEN "news" tags NMTOKENS #IMPLIED>
            """
        func errors(_ bytes: [UInt8], dtd: String = declarations) throws -> [String] {
            var parserOptions = XMLParserOptions()
            parserOptions.externalDTD = XMLExternalDTD(bytes: Array(dtd.utf8), name: "feed.dtd")
            let parser = XMLStreamParser(
                handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))),
                options: parserOptions)
            try parser.parse(bytes)
            return parser.handler.errors.map { "\($0.position.line):\($0.position.column) \($0.code): \($0.message)" }
        }
        let body = """
            <feed>
              <entry kind="news" tags="a b">a</entry>
              <entry kind=" news" tags="a&#32;b\tc">b</entry>
              <entry kind="news" tags="a&#32; b">c</entry>
              <entry>d</entry>
            </feed>
            """
        let document = "<?xml version=\"1.0\" standalone=\"yes\"?>\n" + body
        let expected = [
            "2:7 not-standalone: element <feed> has element content by an external declaration, so its white space is not text "
                + "only with that declaration; the document says standalone=\"yes\"",
            "4:10 not-standalone: attribute kind of <entry> is normalized to \"news\" by its type, declared externally, but the "
                + "document says standalone=\"yes\"",
            "5:22 not-standalone: attribute tags of <entry> is normalized to \"a b\" by its type, declared externally, but the "
                + "document says standalone=\"yes\"",
            "6:3 not-standalone: attribute kind of <entry> takes its default \"news\" from an external declaration, but the "
                + "document says standalone=\"yes\"",
        ]
        #expect(try errors(Array(document.utf8)) == expected)
        // Not standalone: all of it is valid.
        #expect(try errors(Array(document.replacingOccurrences(of: "\"yes\"", with: "\"no\"").utf8)).isEmpty)
        #expect(try errors(Array(body.utf8)).isEmpty)
        // Declared in the internal subset, the declarations are the document's own.
        let inSubset = "<?xml version=\"1.0\" standalone=\"yes\"?><!DOCTYPE feed [\(declarations)]>\n" + body
        #expect(try errors(Array(inSubset.utf8), dtd: "").isEmpty)
        // Declared in a parameter entity of the internal subset, they are external markup
        // (XML 1.0, 2.9), in UTF-16 as in UTF-8.
        let quoted = declarations.replacingOccurrences(of: "\"", with: "'").replacingOccurrences(of: "\n", with: " ")
        let inEntity = "<?xml version=\"1.0\" standalone=\"yes\"?><!DOCTYPE feed [<!ENTITY % decls \"\(quoted)\"> %decls;]>\n" + body
        #expect(try errors(Array(inEntity.utf8), dtd: "") == expected)
        let utf16: [UInt8] = [0xFF, 0xFE] + inEntity.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try errors(utf16, dtd: "") == expected)
        // The white space is reported apart from the content's own errors, which it does
        // not hide.
        let text = document.replacingOccurrences(of: "<entry>d</entry>", with: "<entry>d</entry>oops")
        let withText = try errors(Array(text.utf8))
        #expect(withText == expected + [
            "6:19 unexpected-content: element <feed> has element content; found text"
        ])
        // A namespace declaration's default, under namespace processing (where it is a prefix
        // mapping) and without.
        let namespaceDTD = "<!ELEMENT r EMPTY><!ATTLIST r xmlns CDATA #FIXED 'urn:x' xmlns:p CDATA #FIXED 'urn:p'>"
        let defaulted = "<?xml version='1.0' standalone='yes'?>\n<r xmlns='urn:x'/>"
        let defaultedErrors = try errors(Array(defaulted.utf8), dtd: namespaceDTD)
        #expect(defaultedErrors == [
            "2:1 not-standalone: attribute xmlns:p of <r> takes its default \"urn:p\" from an external declaration, but the "
                + "document says standalone=\"yes\""
        ])
        var noNamespaces = XMLParserOptions()
        noNamespaces.processesNamespaces = false
        noNamespaces.externalDTD = XMLExternalDTD(bytes: Array(namespaceDTD.utf8), name: "feed.dtd")
        let plain = XMLStreamParser(
            handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: noNamespaces)
        try plain.parse(defaulted)
        #expect(plain.handler.errors.map(\.code) == [.notStandalone])
        // A reference to an entity declared externally is the parser's error in a
        // standalone document (a well-formedness constraint), and fine in another.
        let withEntity = declarations + "<!ENTITY site \"Dom\">"
        #expect {
            try errors(Array("<?xml version='1.0' standalone='yes'?><feed><entry>&site;</entry></feed>".utf8), dtd: withEntity)
        } throws: { error in (error as? XMLParseError)?.code == .entityDeclaredInParameterEntity }
        #expect(try errors(Array("<?xml version='1.0'?><feed><entry>&site;</entry></feed>".utf8), dtd: withEntity).isEmpty)
        // A value an internal entity's text makes need normalizing: its spaces count, the
        // entities it references included.
        let spaced = """
            <?xml version="1.0" standalone="yes"?><!DOCTYPE feed [<!ENTITY sp " "> <!ENTITY sp2 "&sp;"> <!ENTITY b "b">]>
            <feed><entry kind="news" tags="a&sp;&sp2;b">a</entry><entry kind="news" tags="a&sp;&b;">b</entry></feed>
            """
        #expect(
            try errors(Array(spaced.utf8)) == [
                "2:26 not-standalone: attribute tags of <entry> is normalized to \"a b\" by its type, declared externally, but the "
                    + "document says standalone=\"yes\""
            ])
    }

    @Test("Proper Declaration/PE Nesting: a declaration begun in a parameter entity's text and ended outside it stops the parse")
    func declarationAcrossParameterEntity() throws {
        func parse(_ xml: String, dtd: String) throws {
            var parserOptions = XMLParserOptions()
            parserOptions.externalDTD = XMLExternalDTD(bytes: Array(dtd.utf8), name: "split.dtd")
            let parser = XMLStreamParser(handler: XMLDTDValidator(), options: parserOptions)
            try parser.parse(xml)
        }
        /// The parse error of `<a/>` against `dtd` as the caller's DTD, `nil` when none.
        func refusal(_ dtd: String) -> XMLParseError? {
            do {
                try parse("<a/>", dtd: dtd)
                return nil
            } catch {
                return error as? XMLParseError
            }
        }
        func beginsOutside(_ entity: String) -> String {
            "in the DTD: the text of parameter entity %\(entity); begins a declaration or a conditional section "
                + "that does not end in it (WFC: PE Between Declarations)"
        }
        let split = "<!ENTITY % p \"<!ELEMENT a\"> %p; EMPTY>"
        // In the internal subset and in the DTD the caller names.
        #expect { try parse("<!DOCTYPE a [\(split)]><a/>", dtd: "") } throws: { error in
            (error as? XMLParseError)?.code == .incompleteParameterEntity
        }
        let splitError = refusal(split)
        #expect(splitError?.code == .incompleteParameterEntity && splitError?.position.column == 29 && splitError?.message == beginsOutside("p"))
        // The same for a conditional section the entity's text opens: its literal's `<![` is
        // not a section the reference is in.
        #expect(refusal("<!ENTITY % s \"<![INCLUDE[\">\n%s; <!ELEMENT a EMPTY> ]]>")?.message == beginsOutside("s"))
        // Whole in the entity's text, the same declaration is fine.
        try parse("<a/>", dtd: "<!ENTITY % p \"<!ELEMENT a EMPTY>\"> %p;")
        // A DTD that ends inside a declaration or a conditional section: the same code, said
        // as what it is.
        for truncated in ["<!ELEMENT a (b", "<![INCLUDE[ <!ELEMENT a EMPTY>"] {
            let error = refusal(truncated)
            #expect(
                error?.code == .incompleteParameterEntity
                    && error?.message == "in the DTD: the DTD ends inside a declaration or a conditional section")
        }
        // A reference between declarations inside a conditional section whose keyword is not
        // known before the DTD is read (an entity whose text references another), which
        // expat ends there as incomplete (a comment's ]]> does not close the section): said so.
        #expect(
            refusal("<!ENTITY % i 'INCLUDE'><!ENTITY % kw '%i;'><!ENTITY % c \"<!ELEMENT a EMPTY>\">\n<![%kw;[ <!-- ]]> --> %c; ]]>")?
                .message
                == "in the DTD: parameter entity %c; is referenced between declarations inside a conditional section, which the "
                + "parser (expat) cannot read; write its declarations there, or reference it outside the section")
        // Outside one, it is read; after an ignored one whose keyword is an entity's, and whose
        // content has a quote, a reference opening a declaration is said to be that.
        try parse("<a/>", dtd: "<!ENTITY % c \"<!ELEMENT a EMPTY>\">\n<![INCLUDE[ ]]> %c;")
        #expect(
            refusal("<!ENTITY % ign 'IGNORE'><!ENTITY % open '<!ELEMENT a ANY'>\n<![%ign;[ <!ATTLIST a x CDATA 'don't'> ]]>\n%open;")?
                .message == beginsOutside("open"))
    }

    @Test(
        "A parameter entity referenced between declarations inside an included section is read, as in modular DTDs (<![%module;[ %decls; ]]>); in an ignored one it is not; positions stay as written"
    )
    func referenceInsideIncludedSection() throws {
        func errors(_ xml: String, _ dtd: String) throws -> [String] { try dtdErrors(xml, againstDTD: dtd, named: "modules.dtd") }
        let modules = """
            <!ENTITY % feed.module "INCLUDE">
            <!ENTITY % draft.module "IGNORE">
            <!ENTITY % feed.decls "<!ELEMENT feed (entry*)> <!ELEMENT entry EMPTY>">
            <!ENTITY % draft.decls "<!ELEMENT draft EMPTY>">
            <![%feed.module;[
              %feed.decls;
              <![INCLUDE[ <![ INCLUDE [ <!ATTLIST entry id ID #REQUIRED> ]]> ]]>
            ]]>
            <![%draft.module;[ %draft.decls; ]]>
            <!ATTLIST feed version CDATA #FIXED "1">
            """
        #expect(try errors("<feed><entry id='e1'/><entry id='e2'/></feed>", modules).isEmpty)
        // The entity's declarations are there: the content model, the ID, the fixed value
        // after the sections, at their places in the DTD.
        let broken = try errors("<feed version='2'><entry/><draft/></feed>", modules)
        #expect(
            broken == [
                "1:7 invalid-attribute-value: attribute version of <feed> must be \"1\" (#FIXED), not \"2\"",
                "1:19 missing-attribute: element <entry> needs attribute id (#REQUIRED)",
                "1:27 unexpected-element: element <draft> not expected here in <feed>; expected <entry> or the end of <feed>",
                "1:27 undeclared-element: element <draft> is not declared",
            ], "\(broken)")
        // Each declaration where the DTD writes it.
        var parserOptions = XMLParserOptions()
        parserOptions.externalDTD = XMLExternalDTD(bytes: Array(modules.utf8), name: "modules.dtd")
        let validator = XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10)))
        let parser = XMLStreamParser(handler: validator, options: parserOptions)
        try parser.parse("<feed version='2'><entry/></feed>")
        #expect(parser.handler.errors.map { $0.component ?? "" } == ["<!ATTLIST feed version> at modules.dtd:10", "<!ATTLIST entry id> at modules.dtd:7"])
        // The document's internal subset switches a module, as modular DTDs are used.
        let switched = try errors("<!DOCTYPE feed SYSTEM 'modules.dtd' [<!ENTITY % feed.module 'IGNORE'>]><feed/>", modules)
        #expect(
            switched == [
                "1:72 undeclared-element: element <feed> is not declared"
            ], "\(switched)")
        // A section whose keyword is not known before the DTD is read (a character reference
        // in it) may be ignored: a declaration inside it does not decide a later section.
        let ignored = """
            <!ENTITY % off "&#73;GNORE">
            <!ENTITY % decls "<!ELEMENT a EMPTY>">
            <!ELEMENT r (a*)>
            <![%off;[ <!ENTITY % mod "INCLUDE"> ]]>
            <!ENTITY % mod "IGNORE">
            <![%mod;[ %decls; ]]>
            """
        #expect(try errors("<r><a/></r>", ignored) == ["1:4 undeclared-element: element <a> is not declared"])
        // An error in the DTD after a section on the same line is where it is written.
        #expect { try errors("<feed/>", "<!ENTITY % d '<!ELEMENT feed EMPTY>'><![INCLUDE[ %d; ]]> <!ELEMENT x (y)") } throws: { error in
            let error = error as? XMLParseError
            return error?.code == .incompleteParameterEntity && error?.fileName == "modules.dtd"
        }
        #expect {
            try errors("<feed/>", "<!ENTITY % d '<!ELEMENT feed EMPTY>'><![INCLUDE[ %d; ]]> <!ELEMENT x ((y)%z;)> <!ELEMENT>")
        } throws: { error in
            let error = error as? XMLParseError
            return error?.position.line == 1 && error?.position.column == 89
        }
    }

    @Test(
        "Proper Conditional Section/PE Nesting: a section whose [ is in a parameter entity's text and its <![ is not, in the DTD the caller names; one a reference between its declarations ends is not well-formed"
    )
    func conditionalSectionAcrossParameterEntity() throws {
        func errors(_ dtd: String) throws -> [String] { try dtdErrors("<r/>", againstDTD: dtd, named: "sections.dtd") }
        let element = "<!ELEMENT r EMPTY>"
        #expect(
            try errors("<!ENTITY % kw \"INCLUDE[\">\n<![%kw; \(element) ]]>") == [
                "2:1 invalid-declaration: the conditional section begun here is split across a parameter entity: its [ is in the text "
                    + "of parameter entity %kw;, its <![ is not (Proper Conditional Section/PE Nesting)"
            ])
        // A reference between declarations whose text ends the section is not well-formed:
        // its text must be whole declarations (WFC: PE Between Declarations).
        #expect { try errors("<!ENTITY % end \"]]>\">\n<![INCLUDE[ \(element) %end;") } throws: { error in
            let error = error as? XMLParseError
            return error?.code == .incompleteParameterEntity && error?.position.line == 2 && error?.position.column == 32
                && error?.message == "in the DTD: the text of parameter entity %end; ends a conditional section it does not begin "
                + "(WFC: PE Between Declarations)"
        }
        // The reference blamed is the one whose text holds the ]]>, not a later one.
        #expect {
            try errors("<!ENTITY % end \"]]>\"><!ENTITY % decls \"<!ELEMENT b EMPTY>\">\n<![INCLUDE[ \(element)\n%end;\n%decls;")
        } throws: { error in
            let error = error as? XMLParseError
            return error?.position.line == 3 && error?.message.contains("%end;") == true
        }
        // Whole in the DTD's text, or whole in an entity's; a keyword from an entity; an
        // IGNORE section's content (a quote there is no literal), a literal's ]]>, a comment's.
        #expect(try errors("<!ENTITY % kw \"INCLUDE\">\n<![%kw;[ \(element) ]]>").isEmpty)
        #expect(try errors("<!ENTITY % whole \"<![INCLUDE[ \(element) ]]>\">\n%whole;").isEmpty)
        #expect(try errors("<!ENTITY % draft \"IGNORE\"><![%draft;[ ' <![ x ]]> ]]><![IGNORE[ \" ]]>\(element)").isEmpty)
        #expect(try errors("<![INCLUDE[ <!ENTITY e \"]]>\"> <!-- ]]> --> <?pi ]]>?> \(element) ]]>").isEmpty)
        // The document's internal subset binds a keyword's entity first.
        let overridden = "<!ENTITY % draft \"INCLUDE\">\(element)<![%draft;[ <!ATTLIST r t CDATA \"it's> ]]>"
        #expect(
            try dtdErrors("<!DOCTYPE r SYSTEM \"s.dtd\" [<!ENTITY % draft \"IGNORE\">]><r/>", againstDTD: overridden, named: "s.dtd").isEmpty)
        // A keyword through two entities is the text the parser read.
        #expect(try errors("<!ENTITY % ig \"IGNORE\"><!ENTITY % draft \"%ig;\">\(element)<![%draft;[ <!ATTLIST r t CDATA \"it's> ]]>").isEmpty)
    }

    @Test("a parameter-entity reference right after a ) is read, as XML 1.0 reads it with a space before, positions as written")
    func referenceAfterParenthesis() throws {
        let dtd = "<!ENTITY % more \",b\">\n<!ELEMENT r ((a)%more;)> <!ELEMENT a EMPTY> <!ELEMENT b EMPTY> <!ATTLIST r x NMTOKEN \"a b\">"
        // The default's error is placed where the DTD as written has it, after the `)%`.
        let defaultError = "2:86 invalid-declaration: the default of attribute x, \"a b\", is not a name token"
        #expect(try dtdErrors("<r x='a'><a/><b/></r>", againstDTD: dtd, named: "more.dtd") == [defaultError])
        #expect(
            try dtdErrors("<r x='a'><a/></r>", againstDTD: dtd, named: "more.dtd") == [
                defaultError, "1:14 incomplete-content: element <r> ends before its content is complete; expected <b>",
            ])
        // After an ignored section whose content has a quote (which opens no literal there),
        // its keyword written or from a parameter entity declared before it.
        let valid = dtd.replacingOccurrences(of: "\"a b\"", with: "\"a\"")
        for ignored in ["<![IGNORE[ <!ATTLIST r t CDATA 'x ]]>\n", "<!ENTITY % ign 'IGNORE'><![%ign;[ <!ATTLIST r t CDATA 'don't'> ]]>\n"] {
            #expect(try dtdErrors("<r x='a'><a/><b/></r>", againstDTD: ignored + valid, named: "more.dtd").isEmpty, "\(ignored)")
        }
    }

    @Test("Proper Group/PE Nesting: a group opened in a parameter entity's text and closed outside it, in the DTD the caller names")
    func groupAcrossParameterEntity() throws {
        func errors(_ dtd: String, _ xml: String = "<a><b/></a>") throws -> [String] {
            try dtdErrors(xml, againstDTD: dtd, named: "split.dtd")
        }
        let elementB = "<!ELEMENT b EMPTY>\n"
        let message = "invalid-declaration: parameter entity %p; holds a parenthesis of the content model of <a> without its match: "
            + "a group must open and close in the same entity's text (Proper Group/PE Nesting)"
        // The group opens in the entity, closes outside it (reported at its `)`); closes in
        // it, opened outside (reported at the reference, where the declaration ends).
        #expect(try errors(elementB + "<!ENTITY % p \"(b\">\n<!ELEMENT a %p;)>") == ["3:16 " + message])
        #expect(try errors(elementB + "<!ENTITY % p \"b)\">\n<!ELEMENT a (%p;>") == ["3:14 " + message])
        #expect(try errors(elementB + "<!ENTITY % p \"#PCDATA\">\n<!ENTITY % q \"b)*\">\n<!ELEMENT a (%p;|%q;>", "<a/>").count == 1)
        #expect(try errors(elementB + "<!ENTITY % p \"b|(c\">\n<!ELEMENT c EMPTY>\n<!ELEMENT a (%p;))>").count == 1)
        // Whole groups in the entities' texts, or the whole declaration in one: fine.
        #expect(try errors(elementB + "<!ENTITY % p \"(b)\">\n<!ELEMENT a %p;>").isEmpty)
        #expect(try errors(elementB + "<!ENTITY % p \"b\">\n<!ELEMENT a (%p;, (%p;)?)>", "<a><b/><b/></a>").isEmpty)
        #expect(try errors(elementB + "<!ENTITY % d \"<!ELEMENT a (b)>\">\n%d;").isEmpty)
        // An entity's own references are expanded when it is declared: its text is whole.
        #expect(try errors(elementB + "<!ENTITY % o \"(\">\n<!ENTITY % p \"%o;b)\">\n<!ELEMENT a %p;>").isEmpty)
        // Asked twice during one declaration (two validators in a chain), the same answer.
        var parserOptions = XMLParserOptions()
        parserOptions.externalDTD = XMLExternalDTD(bytes: Array((elementB + "<!ENTITY % p \"(b\">\n<!ELEMENT a %p;)>").utf8), name: "split.dtd")
        let options = XMLValidationOptions(reporting: .allErrors(maximum: 10))
        let chain = XMLStreamParser(handler: XMLDTDValidator(next: XMLDTDValidator(options: options), options: options), options: parserOptions)
        try chain.parse("<a><b/></a>")
        #expect(chain.handler.errors.map(\.code) == [.invalidDeclaration])
        #expect(chain.handler.next.errors.map(\.code) == [.invalidDeclaration])
        // Not a group: an attribute's enumeration is not checked, as xmllint does not.
        #expect(try errors(elementB + "<!ELEMENT a (b)>\n<!ENTITY % v \"(x\">\n<!ATTLIST a t %v;|y) 'x'>").isEmpty)
    }

    @Test("Proper Declaration/PE Nesting: a declaration of any kind begun in the DTD's text and ended in a parameter entity's text")
    func declarationEndingInParameterEntity() throws {
        func errors(_ dtd: String) throws -> [String] { try dtdErrors("<a><b/></a>", againstDTD: dtd, named: "split.dtd") }
        let elementB = "<!ELEMENT b EMPTY>\n"
        let message = { (declaration: String, entity: String) in
            "invalid-declaration: the declaration \(declaration) begins in the DTD's own text, but its > is in the text of "
                + "parameter entity %\(entity);: a declaration must begin and end in the same entity's text (Proper Declaration/PE Nesting)"
        }
        // The `>` in the entity's text, after a whole group or a whole keyword; in a second
        // entity's text (which is named). xmllint refuses all three.
        #expect(try errors(elementB + "<!ENTITY % e \"(b)>\">\n<!ELEMENT a %e;") == ["3:13 " + message("<!ELEMENT a>", "e")])
        #expect(try errors(elementB + "<!ENTITY % e \"ANY>\">\n<!ELEMENT a %e;") == ["3:13 " + message("<!ELEMENT a>", "e")])
        #expect(
            try errors(elementB + "<!ENTITY % e \"(b)\">\n<!ENTITY % g \">\">\n<!ELEMENT a %e;%g;") == [
                "4:16 " + message("<!ELEMENT a>", "g")
            ])
        // An attribute list, an entity, a parameter entity and a notation, the same; a
        // reference between declarations after one is not taken for part of it.
        let declarations = elementB + "<!ELEMENT a (b)>\n<!ENTITY % t \"CDATA #IMPLIED>\">\n<!ENTITY % v '\"v\">'>\n"
            + "<!ENTITY % s 'SYSTEM \"n\">'>\n<!ENTITY % more \"<!ELEMENT c EMPTY>\">\n"
        #expect(
            try errors(declarations + "<!ATTLIST a x %t;\n%more;\n<!ENTITY x %v;\n<!ENTITY % y %v;\n<!NOTATION n %s;") == [
                "7:15 " + message("<!ATTLIST a>", "t"), "9:12 " + message("<!ENTITY x>", "v"),
                "10:14 " + message("<!ENTITY % y>", "v"), "11:14 " + message("<!NOTATION n>", "s"),
            ])
        let parserOptions = {
            var options = XMLParserOptions()
            options.externalDTD = XMLExternalDTD(bytes: Array((declarations + "<!ATTLIST a x %t;").utf8), name: "split.dtd")
            return options
        }()
        let parser = XMLStreamParser(handler: XMLDTDValidator(), options: parserOptions)
        #expect { try parser.parse("<a><b/></a>") } throws: { error in
            (error as? XMLValidationError)?.component == "<!ATTLIST a> at split.dtd:7"
        }
        // The `>` in the DTD's text, after white space, or in a literal of the entity's text:
        // fine.
        #expect(try errors(elementB + "<!ENTITY % e \"(b)\">\n<!ELEMENT a %e; \n >").isEmpty)
        #expect(try errors(elementB + "<!ELEMENT a (b)>\n<!ENTITY % d '\"a>b\"'>\n<!ATTLIST a y CDATA %d;>").isEmpty)
        // In an ignored section, nothing is a declaration (a quote there opens no literal).
        #expect(try errors(elementB + "<![IGNORE[ <!ATTLIST a x %t; \" ]]> <!ELEMENT a (b)>").isEmpty)
    }

    @Test("text in element content is placed at its first character other than white space, however the input is cut, in UTF-8 and UTF-16")
    func textPlacedAlikeInPieces() throws {
        let xml = "<!DOCTYPE r [<!ELEMENT r (a*)> <!ELEMENT a EMPTY>]>\n<r>  \t<a/>   ID  <a/>\n</r>"
        let encodings: [(String, [UInt8], Int64)] = [
            ("UTF-8", Array(xml.utf8), 65),
            ("UTF-16LE", [0xFF, 0xFE] + xml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, 2 + 2 * 65),
        ]
        for (name, bytes, offset) in encodings {
            for pieceSize in [bytes.count, 1, 2, 3, 5, 7, 64, 66] {
                let parser = XMLStreamParser(
                    handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))))
                for piece in ChunkSplitter.pieces(of: bytes, size: pieceSize) { try parser.feed(piece) }
                try parser.finish()
                #expect(
                    parser.handler.errors.map { "\($0.position) \($0.position.byteOffset) \($0.message)" } == [
                        "2:14 \(offset) element <r> has element content; found text"
                    ], "\(name) in pieces of \(pieceSize)")
            }
        }
    }

    @Test("a namespace declaration's error is placed at it in the tag, as any attribute's, in the tag's order, with namespaces on or off")
    func namespaceDeclarationPositions() throws {
        let xml = """
            <!DOCTYPE a [<!ELEMENT a EMPTY><!ATTLIST a t (x) #IMPLIED xmlns CDATA #FIXED "urn:a" xmlns:q (u) #IMPLIED>]>
            <a t="z"   xmlns="urn:b" xmlns:q="urn:q" xmlns:r="urn:r"/>
            """
        for namespaces in [true, false] {
            let parser = XMLStreamParser(
                handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))),
                options: XMLParserOptions(processesNamespaces: namespaces))
            try parser.parse(xml)
            #expect(parser.handler.errors.map { "\($0.position)" } == ["2:4", "2:12", "2:26", "2:42"], "namespaces \(namespaces)")
        }
    }

    @Test("once a child breaks its parent's model, one error for the parent; its later children are still checked against their declarations")
    func oneErrorPerBrokenModel() throws {
        let xml = """
            <!DOCTYPE r [<!ELEMENT r (a, b, c, d)> <!ELEMENT a EMPTY> <!ELEMENT b EMPTY> <!ELEMENT c (#PCDATA)> <!ELEMENT d EMPTY>
            <!ATTLIST d n NMTOKEN #REQUIRED>]>
            <r><b/><c/><d/><c><b/></c></r>
            """
        #expect(
            try dtdErrors(xml) == [
                "3:4 unexpected-element: element <b> not expected here in <r>; expected <a>",
                "3:12 missing-attribute: element <d> needs attribute n (#REQUIRED)",
                "3:19 unexpected-element: element <b> is not allowed in <c>",
            ])
    }

    @Test("standalone=\"yes\" and text after white space in element content an external declaration makes: the same errors however the input is cut")
    func standaloneSpaceInPieces() throws {
        var parserOptions = XMLParserOptions()
        parserOptions.externalDTD = XMLExternalDTD(bytes: Array("<!ELEMENT r (a+)><!ELEMENT a EMPTY>".utf8), name: "r.dtd")
        // White space before the text is reported, and none after it (which may come with it).
        let bytes = Array("<?xml version=\"1.0\" standalone=\"yes\"?>\n<r>\t\tword  <a/>\n</r>".utf8)
        for pieceSize in [bytes.count, 1, 2, 3, 45, 50] {
            let parser = XMLStreamParser(
                handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: parserOptions)
            for piece in ChunkSplitter.pieces(of: bytes, size: pieceSize) { try parser.feed(piece) }
            try parser.finish()
            #expect(parser.handler.errors.map { "\($0.position) \($0.code)" } == ["2:4 not-standalone", "2:6 unexpected-content"], "in pieces of \(pieceSize)")
        }
    }

    @Test("the root must be the DOCTYPE's; a document without a DTD is not valid")
    func root() throws {
        #expect(
            try dtdErrors("<!DOCTYPE a [<!ELEMENT a EMPTY><!ELEMENT b EMPTY>]><b/>") == [
                "1:52 wrong-root-element: the root element is <b>, but the DOCTYPE names <a>"
            ])
        // Once, not once per element.
        #expect(try dtdErrors("<a><b/><c x='1'>t</c></a>") == ["1:1 no-dtd: the document has no DTD to be valid against: it has no <!DOCTYPE>, and no DTD given to the parser declares anything"])
    }

    @Test(
        "the DTD's own rules: one declaration per element, deterministic models, IDs without defaults, declared notations"
    )
    func declarations() throws {
        let xml = """
            <!DOCTYPE a [
              <!ELEMENT a ((b, c) | (b, d))>
              <!ELEMENT a EMPTY>
              <!ELEMENT b (#PCDATA | c | c)*>
              <!ELEMENT c EMPTY>
              <!ELEMENT d (c?, c)>
              <!ATTLIST c id ID "x" key ID #IMPLIED>
              <!ATTLIST d kind (p | q | p) #IMPLIED pic NOTATION (jpeg) #IMPLIED n NMTOKEN "not one">
              <!ENTITY e SYSTEM "e.bin" NDATA bin>
            ]>
            <a/>
            """
        // A declaration's errors are positioned where expat reports the declaration, at its
        // last token; the notations, known to be missing only at the DTD's end, at `]>`.
        #expect(
            try dtdErrors(xml) == [
                "2:31 nondeterministic-content-model: the content model of <a> is not deterministic: <b> at its start could match two of its names",
                "3:15 invalid-declaration: element <a> is declared twice",
                "4:31 invalid-declaration: <c> appears twice in the mixed content of <b>",
                "6:21 nondeterministic-content-model: the content model of <d> is not deterministic: <c> at its start could match two of its names",
                "7:21 invalid-declaration: ID attribute id has a default; it must be #IMPLIED or #REQUIRED",
                "7:32 invalid-declaration: <c> has two ID attributes, id and key",
                "8:32 invalid-declaration: token p is listed twice",
                "8:80 invalid-declaration: the default of attribute n, \"not one\", is not a name token",
                "10:2 invalid-declaration: notation jpeg is not declared",
                "10:2 invalid-declaration: notation bin is not declared",
            ])
    }

    @Test(
        "the first error stops the parse: it is thrown with its file, position and declaration, and nothing after it goes on"
    )
    func firstError() throws {
        let xml = """
            <!DOCTYPE a [<!ELEMENT a (b)> <!ELEMENT b EMPTY>]>
            <a><c/><b/></a>
            """
        let parser = XMLStreamParser(handler: XMLDTDValidator(next: XMLEventCollector()))
        parser.fileName = "doc.xml"
        let error = try #require(throws: XMLValidationError.self) { try parser.parse(xml) }
        #expect(error.code == .unexpectedElement)
        #expect(error.position == XMLPosition(line: 2, column: 4, byteOffset: 54))
        #expect(error.component == "<!ELEMENT a> at doc.xml:1")
        #expect(
            "\(error)"
                == "doc.xml:2:4: error: element <c> not expected here in <a>; expected <b> (<!ELEMENT a> at doc.xml:1)")
        let names = parser.handler.next.events.compactMap { event -> String? in
            if case .startElement(let name, _) = event { return name.qualifiedName }
            return nil
        }
        #expect(names == ["a"])
    }

    @Test("a parser reused for another document validates it against its own DTD, from a clean slate")
    func reuse() throws {
        let parser = XMLStreamParser(handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))))
        try parser.parse("<!DOCTYPE a [<!ELEMENT a EMPTY><!ATTLIST a id ID #IMPLIED>]><a id='x'>text</a>")
        #expect(parser.handler.errors.map(\.code) == [.unexpectedContent])
        parser.reset()
        // Another DTD: <a> may hold text now, and the ID x is free again.
        try parser.parse("<!DOCTYPE a [<!ELEMENT a (#PCDATA)><!ATTLIST a id ID #IMPLIED>]><a id='x'>text</a>")
        #expect(parser.handler.errors.isEmpty)
    }

    @Test("tokens are split by code point: a combining mark after | or a space starts a token of its own")
    func combiningMarks() throws {
        let mark = String(Unicode.Scalar(0x301)!)
        let xml = "<!DOCTYPE a [<!ELEMENT a EMPTY><!ATTLIST a n NMTOKENS #IMPLIED e (x|\(mark)y) #IMPLIED>]>"
            + "<a n=\"x \(mark)y\" e=\"\(mark)y\"/>"
        #expect(try dtdErrors(xml) == [])
    }

    @Test("values are names of XML 1.0's fifth edition, whose characters are wider than the names expat reads in markup")
    func fifthEditionNames() throws {
        let dtd = "<!DOCTYPE r [<!ELEMENT r EMPTY><!ATTLIST r t NMTOKEN #IMPLIED i ID #IMPLIED s NMTOKENS #IMPLIED>]>\n"
        // U+203F (a NameChar), U+2C00 and U+10000 (NameStartChars): none is in expat's tables.
        #expect(try dtdErrors(dtd + "<r t=\"a\u{203F}\" i=\"\u{2C00}x\" s=\"\u{10000} b\u{2040}\"/>") == [])
        // U+00D7 and U+037E are in neither edition's.
        #expect(
            try dtdErrors(dtd + "<r t=\"a\u{D7}\" i=\"\u{37E}x\"/>") == [
                "2:4 invalid-attribute-value: attribute t=\"a\u{D7}\" of <r> is not a name token",
                "2:11 invalid-attribute-value: attribute i=\"\u{37E}x\" of <r> is not a name",
            ])
    }

    @Test("an entity the parser could not expand in an attribute value is an error of the document, at the reference")
    func attributeEntity() throws {
        let xml = """
            <!DOCTYPE a SYSTEM "never-read.dtd" [<!ELEMENT a EMPTY><!ATTLIST a t CDATA #IMPLIED>]>
            <a t="x&nbsp;y"/>
            """
        #expect(try dtdErrors(xml) == ["2:8 undeclared-entity: entity &nbsp; in attribute t is not declared"])
        // In the text of a declared entity the value references: expat leaves it out too.
        let nested = """
            <!DOCTYPE a SYSTEM "never-read.dtd" [<!ELEMENT a EMPTY><!ATTLIST a t CDATA #IMPLIED>
              <!ENTITY f "a&g;"> <!ENTITY g "b&zz;">]>
            <a t="x&f;"/>
            """
        #expect(try dtdErrors(nested) == ["3:8 undeclared-entity: entity &zz; in attribute t is not declared"])
    }

    @Test(
        "an entity a default value references must be declared before it (VC: Entity Declared): in the DTD the caller names, and in an internal subset with a parameter entity reference, directly or through another entity"
    )
    func defaultValueEntity() throws {
        let prefix = "<!ELEMENT r EMPTY>\n<!ENTITY ok \"y\">\n"
        let message = "undeclared-entity: entity &e; in the default value of attribute t is not declared before it (VC: Entity Declared)"
        // Declared after, declared never, or inside an entity declared before: the default
        // would lose it without a word.
        #expect(try dtdErrors("<r/>", againstDTD: prefix + "<!ATTLIST r t CDATA \"x&e;\">\n<!ENTITY e \"x\">", named: "r.dtd") == ["3:23 " + message])
        #expect(try dtdErrors("<r/>", againstDTD: prefix + "<!ATTLIST r t CDATA #FIXED 'x&ok;&e;'>", named: "r.dtd") == ["3:34 " + message])
        #expect(
            try dtdErrors("<r/>", againstDTD: prefix + "<!ENTITY f \"&e;\">\n<!ATTLIST r t CDATA \"&f;\">", named: "r.dtd") == [
                "4:22 " + message
            ])
        // Declared before: fine, and the default has its text.
        #expect(try dtdErrors("<r/>", againstDTD: prefix + "<!ENTITY e \"x\">\n<!ATTLIST r t CDATA #FIXED \"&e;\">", named: "r.dtd").isEmpty)
        let internalSubset = """
            <!DOCTYPE r [<!ENTITY % p ""> %p; <!ELEMENT r EMPTY>
              <!ATTLIST r t NMTOKEN "a&zz;b">]>
            <r/>
            """
        // (The parameter entities of the internal subset are read when a DTD, here an empty
        // one, is given, as `xml validate --valid` gives one.)
        #expect(
            try dtdErrors(internalSubset, againstDTD: "", named: "none") == [
                "2:27 undeclared-entity: entity &zz; in the default value of attribute t is not declared before it (VC: Entity Declared)"
            ])
        // Written in a parameter entity's text: read from that text, and placed at the
        // reference it was read through; in the DTD named, through a reference in another
        // entity's text too (a comment's quote is none of the declaration's).
        let throughEntity = """
            <!DOCTYPE r [<!ENTITY % att '<!ATTLIST r a (x|y) "x" t CDATA "&zz;">'> <!ELEMENT r EMPTY>
            %att;]>
            <r/>
            """
        #expect(
            try dtdErrors(throughEntity, againstDTD: "", named: "none") == [
                "2:1 undeclared-entity: entity &zz; in the default value of attribute t is not declared before it (VC: Entity Declared)"
            ])
        let nested = prefix + """
            <!ENTITY % inner '<!ATTLIST r b (x|y) #IMPLIED t CDATA #FIXED "&e;">'>
            <!ENTITY % outer '<!-- "&no;" --> %inner;'>
             %outer;
            """
        #expect(try dtdErrors("<r/>", againstDTD: nested, named: "r.dtd") == ["5:2 " + message])
        #expect(try dtdErrors("<r/>", againstDTD: nested.replacingOccurrences(of: "&e;", with: "&ok;"), named: "r.dtd").isEmpty)
        // Each definition is read where expat reads it: an ignored section's are none, and
        // of two of one attribute, each default is its own (read in order, through a
        // reference in place).
        let ignored = prefix + #"<!ENTITY % pe "<![IGNORE[<!ATTLIST r t CDATA '&e;'>]]><!ATTLIST r t CDATA 'ok'>">%pe;"#
        #expect(try dtdErrors("<r/>", againstDTD: ignored, named: "r.dtd").isEmpty)
        #expect(try dtdErrors("<r/>", againstDTD: ignored.replacingOccurrences(of: "'&e;'", with: "'&ok;'").replacingOccurrences(of: "'ok'", with: "'&e;'"), named: "r.dtd") == ["3:84 " + message])
        for inner in ["'&e;'", "'x'"] {
            let outer = inner == "'x'" ? "'&e;'" : "'x'"
            let ordered = prefix + #"<!ENTITY % pe2 "<!ATTLIST r t CDATA \#(inner)>"><!ENTITY % pe1 "&#37;pe2; <!ATTLIST r t CDATA \#(outer)>">%pe1;"#
            #expect(try dtdErrors("<r/>", againstDTD: ordered, named: "r.dtd") == ["3:97 " + message], "\(ordered)")
        }
        // In a DTD in another encoding than UTF-8: at the reference too.
        var latin1 = Array("<?xml version='1.0' encoding='ISO-8859-1'?>\n<!ELEMENT r EMPTY>\n<!ATTLIST r b CDATA \"".utf8)
        latin1 += [0xE9] + Array("&nope;\">".utf8)
        var latin1Options = XMLParserOptions()
        latin1Options.externalDTD = XMLExternalDTD(bytes: latin1, name: "latin1.dtd")
        let latin1Parser = XMLStreamParser(
            handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: latin1Options)
        try latin1Parser.parse("<r/>")
        #expect(latin1Parser.handler.errors.map { "\($0.position.line):\($0.position.column) \($0.code)" } == ["3:23 undeclared-entity"])
        // Any other handler hears of it, as of one in a start tag: the default throws.
        var options = XMLParserOptions()
        options.externalDTD = XMLExternalDTD(bytes: Array((prefix + "<!ATTLIST r t CDATA \"&e;\">").utf8), name: "r.dtd")
        struct Plain: XMLEventHandler {}
        #expect { try XMLStreamParser(handler: Plain(), options: options).parse("<r/>") } throws: { error in
            (error as? XMLParseError)?.code == .unexpandedEntity
        }
        // The `.skip` policy leaves it out, as asked.
        options.unexpandedEntities = .skip
        try XMLStreamParser(handler: Plain(), options: options).parse("<r/>")
    }

    @Test("messages put a value's tabs and line ends as escapes, on one line; a notation declared twice names the first")
    func messagesOnOneLine() throws {
        let xml = """
            <!DOCTYPE r [<!ELEMENT r EMPTY><!ENTITY cr "&#38;#13;"><!ATTLIST r t NMTOKENS #IMPLIED>
              <!NOTATION n SYSTEM "a"> <!NOTATION n SYSTEM "b">]>
            <r t="a&cr;b&#9;c"/>
            """
        #expect(
            try dtdErrors(xml) == [
                "2:48 invalid-declaration: notation n is declared twice",
                #"3:4 invalid-attribute-value: attribute t="a\rb\tc" of <r> is not a list of name tokens"#,
            ])
        let parser = XMLStreamParser(handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))))
        try parser.parse(xml)
        #expect(parser.handler.errors.first?.component == "<!NOTATION n> at <input>:2")
        // A long value is cut, with an ellipsis: the message stays a line.
        let long = try dtdErrors("<!DOCTYPE r [<!ELEMENT r EMPTY><!ATTLIST r t NMTOKEN #IMPLIED>]><r t='\(String(repeating: "a ", count: 50_000))'/>")
        #expect(long == [#"1:68 invalid-attribute-value: attribute t=""# + String(repeating: "a ", count: 100) + #"…" of <r> is not a name token"#])
        // And a long name.
        let reference = String(repeating: "n", count: 100_000)
        let unresolved = try dtdErrors("<!DOCTYPE r [<!ELEMENT r EMPTY><!ATTLIST r t IDREF #IMPLIED>]><r t='\(reference)'/>")
        #expect(unresolved == ["1:66 unresolved-reference: IDREF " + String(repeating: "n", count: 200) + "… matches no element's ID"])
    }

    @Test(
        "an empty DTD given only expands parameter entities: an undeclared entity in a document without an external subset or a reference to one stays not well-formed"
    )
    func undeclaredEntityWithEmptyDTD() throws {
        var options = XMLParserOptions()
        options.externalDTD = XMLExternalDTD(bytes: [], name: "(no external DTD)")
        func outcome(_ xml: String) -> String {
            let parser = XMLStreamParser(
                handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: options)
            do {
                try parser.parse(xml)
                return parser.handler.errors.map { "\($0.position.line):\($0.position.column) \($0.code)" }.joined(separator: ", ")
            } catch let error as XMLParseError {
                return "not well-formed \(error.position.line):\(error.position.column) \(error.code)"
            } catch {
                return "\(error)"
            }
        }
        // WFC: Entity Declared: only an internal subset, without parameter entity references.
        #expect(outcome("<!DOCTYPE r [<!ELEMENT r ANY>]>\n<r>&u;</r>") == "not well-formed 2:4 undefinedEntity")
        #expect(outcome("<!DOCTYPE r [<!ELEMENT r ANY><!ATTLIST r a CDATA #IMPLIED>]>\n<r a='&u;'/>") == "not well-formed 2:1 undefinedEntity")
        #expect(outcome("<r>&u;</r>").hasPrefix("not well-formed 1:4 undefinedEntity"))
        // VC: Entity Declared: an external subset named (not read), or a parameter entity referenced.
        #expect(outcome("<!DOCTYPE r SYSTEM \"r.dtd\" [<!ELEMENT r ANY>]>\n<r>&u;</r>") == "2:4 undeclared-entity")
        #expect(outcome("<!DOCTYPE r [<!ENTITY % d \"<!ELEMENT r ANY>\"> %d;]>\n<r>&u;</r>") == "2:4 undeclared-entity")
    }

    @Test("a parameter entity that was not read makes the DTD incomplete: said once, and nothing reported undeclared after it")
    func unreadParameterEntity() throws {
        let xml = """
            <!DOCTYPE a [
              <!ENTITY % more SYSTEM "more.dtd">
              %more;
              <!ELEMENT a (b)>
              <!ATTLIST a t CDATA #REQUIRED>
            ]>
            <a t="1" u="&y;"><b/>&x;</a>
            """
        let incomplete = "3:3 incomplete-dtd: parameter entity %more; was not read, so the attribute-list and entity "
            + "declarations after it are unknown (the parser reads no file a DTD names, and expands parameter entities only "
            + "with XMLParserOptions.externalDTD)"
        // Parameter entities are not expanded at all by default: the reference says so.
        #expect(try dtdErrors(xml) == [incomplete])
        // Nor is one that is not declared, which the message says.
        #expect(
            try dtdErrors(xml.replacingOccurrences(of: "<!ENTITY % more SYSTEM \"more.dtd\">", with: "")) == [
                "3:3 incomplete-dtd: parameter entity %more; is not declared before its reference, so the attribute-list and "
                    + "entity declarations after it are unknown (VC: Entity Declared)"
            ])
        // With a DTD given, they are, but one naming a file is not read.
        var options = XMLParserOptions()
        options.externalDTD = XMLExternalDTD(bytes: [], name: "empty.dtd")
        let parser = XMLStreamParser(
            handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: options)
        try parser.parse(xml)
        #expect(parser.handler.errors.map { "\($0.position.line):\($0.position.column) \($0.code): \($0.message)" } == [incomplete])
        // An internal one is expanded then, and its declarations count.
        let expanded = """
            <!DOCTYPE a [<!ENTITY % list "<!ATTLIST a t CDATA #REQUIRED>"> %list; <!ELEMENT a EMPTY>]><a t="1"/>
            """
        try parser.parse(expanded)
        #expect(parser.handler.errors.isEmpty, "\(parser.handler.errors)")
        try parser.parse(expanded.replacingOccurrences(of: " t=\"1\"", with: ""))
        #expect(parser.handler.errors.map(\.code) == [.missingAttribute])
    }

    @Test("an undeclared parameter entity in an entity value of the DTD named, which expat passes over, makes the DTD incomplete")
    func undeclaredParameterEntityInValue() throws {
        func errors(_ dtd: String) throws -> [String] { try dtdErrors("<r/>", againstDTD: dtd, named: "r.dtd") }
        let rest = "\n<!ELEMENT r EMPTY>\n<!ATTLIST r k CDATA #REQUIRED>"
        // expat stops processing the attribute-list declarations after it: the missing k is not seen.
        #expect(
            try errors("<!ENTITY % a \"x%b;y\">" + rest) == [
                "1:14 incomplete-dtd: parameter entity %b; is not declared before its reference, so the attribute-list and "
                    + "entity declarations after it are unknown (VC: Entity Declared)"
            ])
        // Declared before it, it is expanded, and the declarations after it count.
        #expect(try errors("<!ENTITY % b 'z'><!ENTITY % a \"x%b;y\">" + rest) == ["1:1 missing-attribute: element <r> needs attribute k (#REQUIRED)"])
        // A percent sign written as a character reference is no reference.
        #expect(try errors("<!ENTITY % a \"x&#37;b;y\">" + rest) == ["1:1 missing-attribute: element <r> needs attribute k (#REQUIRED)"])
    }

    @Test("an ID attribute with a default is one error, of its declaration, not a duplicate ID at every element")
    func idDefault() throws {
        let xml = "<!DOCTYPE r [<!ELEMENT r (a*)><!ELEMENT a EMPTY><!ATTLIST a id ID \"x\">]><r><a/><a/><a/></r>"
        let errors = try dtdErrors(xml)
        #expect(errors.count == 1 && errors[0].contains("invalid-declaration"), "\(errors)")
    }

    @Test("xmlns attributes: checked as prefix mappings; a required one is not reported missing when the parser does not report them")
    func namespaceDeclarations() throws {
        let xml = """
            <!DOCTYPE a [<!ELEMENT a EMPTY><!ATTLIST a xmlns CDATA #REQUIRED xmlns:x CDATA #FIXED "urn:x">]>
            <a xmlns="urn:a" xmlns:x="urn:y"/>
            """
        #expect(try dtdErrors(xml).map { $0.prefix(31) } == ["2:18 invalid-attribute-value: a"])
        let missing = "<!DOCTYPE a [<!ELEMENT a EMPTY><!ATTLIST a xmlns CDATA #REQUIRED>]><a/>"
        #expect(try dtdErrors(missing).count == 1)
        let parser = XMLStreamParser(
            handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))),
            options: XMLParserOptions(reportsNamespacePrefixes: false))
        try parser.parse(xml)
        #expect(parser.handler.errors.isEmpty, "\(parser.handler.errors)")
    }

    @Test("with all errors asked for, the list stops at its maximum and counts the rest")
    func maximum() throws {
        let xml = "<!DOCTYPE a [<!ELEMENT a EMPTY>]><a>" + String(repeating: "<x/>", count: 10) + "</a>"
        let parser = XMLStreamParser(
            handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 3))))
        try parser.parse(xml)
        #expect(parser.handler.errors.count == 3)
        // Ten undeclared <x>, and the first in an EMPTY element.
        #expect(parser.handler.uncountedErrors == 8)
    }
}
