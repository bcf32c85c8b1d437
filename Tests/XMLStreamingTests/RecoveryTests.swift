import Testing
import XMLStreaming
import XMLTestSupport

/// Rebuilds a compact document from events, so a test reads as input → what a consumer got.
struct Echo: XMLEventHandler {
    var text = ""
    var repairs: [XMLRepair] = []

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        text += "<" + name.qualifiedName
        for attribute in attributes { text += " \(attribute.name.qualifiedName)=\"\(escape(attribute.value.string))\"" }
        text += ">"
    }
    mutating func endElement(_ name: XMLName) { text += "</\(name.qualifiedName)>" }
    mutating func characters(_ text: XMLStringView) { self.text += escape(text.string) }
    mutating func comment(_ text: XMLStringView) { self.text += "<!--\(text.string)-->" }
    mutating func processingInstruction(target: XMLStringView, data: XMLStringView) {
        text += "<?\(target.string) \(data.string)?>"
    }
    mutating func startCDATA() { text += "[CDATA:" }
    mutating func endCDATA() { text += "]" }
    mutating func repaired(_ repair: XMLRepair) { repairs.append(repair) }

    private func escape(_ s: String) -> String {
        s.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
    }
}

/// Reads `input` with recovery; returns the rebuilt document and the repairs.
func recovered(
    _ input: [UInt8], chunkSize: Int? = nil, namespaces: Bool = true, recovery: XMLRecovery = .default
) throws -> (text: String, repairs: [XMLRepair]) {
    let options = XMLParserOptions(processesNamespaces: namespaces, recovery: recovery)
    let parser = XMLStreamParser(handler: Echo(), options: options)
    for piece in ChunkSplitter.pieces(of: input, size: chunkSize ?? max(input.count, 1)) { try parser.feed(piece) }
    try parser.finish()
    #expect(parser.repairs == parser.handler.repairs)
    #expect(parser.repairCount == parser.handler.repairs.count)
    return (parser.handler.text, parser.handler.repairs)
}

func recovered(_ input: String, namespaces: Bool = true, recovery: XMLRecovery = .default) throws -> (
    text: String, repairs: [XMLRepair]
) {
    try recovered(Array(input.utf8), namespaces: namespaces, recovery: recovery)
}

/// `kind@line:column` for each repair, compact enough to compare in one line.
func summary(_ repairs: [XMLRepair]) -> [String] {
    repairs.map { "\($0.kind)@\($0.line):\($0.column)" }
}

@Suite("Recovering reader: characters and references")
struct RecoveryCharacterTests {
    @Test("characters XML does not allow are left out, or replaced, with their position")
    func illegalCharacters() throws {
        let input = "<a t=\"x\u{01}y\">form\u{0C}feed\n\u{00}<!-- c\u{0B} --></a>"
        let stripped = try recovered(input)
        #expect(stripped.text == "<a t=\"xy\">formfeed\n<!-- c --></a>")
        #expect(summary(stripped.repairs) == ["illegal-character@1:8", "illegal-character@1:16", "illegal-character@2:1", "illegal-character@2:8"])
        let replaced = try recovered(input, recovery: XMLRecovery(illegalCharacters: .replace))
        #expect(replaced.text == "<a t=\"x\u{FFFD}y\">form\u{FFFD}feed\n\u{FFFD}<!-- c\u{FFFD} --></a>")
        #expect(try recovered("<a>\u{FFFE}</a>").text == "<a></a>")
    }

    @Test("a stray & is kept as text")
    func strayAmpersand() throws {
        let result = try recovered("<a href=\"?a=1&b=2\">Tom & Jerry &amp; &#65; &#x42;&</a>")
        #expect(result.text == "<a href=\"?a=1&amp;b=2\">Tom &amp; Jerry &amp; A B&amp;</a>")
        #expect(summary(result.repairs) == ["stray-ampersand@1:14", "stray-ampersand@1:24", "stray-ampersand@1:50"])
    }

    @Test("HTML's named characters become characters; unknown entities stay as text; bad character references go")
    func entities() throws {
        let result = try recovered("<a>caf&eacute;&nbsp;&mdash; &foo; &#12; &#x0;</a>")
        #expect(result.text == "<a>café\u{A0}— &amp;foo;  </a>")
        #expect(result.repairs.map(\.kind) == [.undefinedEntity, .undefinedEntity, .undefinedEntity, .undefinedEntity, .invalidCharacterReference, .invalidCharacterReference])
        #expect(result.repairs.map(\.column) == [7, 15, 21, 29, 35, 41])
    }

    @Test("entities the internal subset declares are expanded, not repaired")
    func declaredEntities() throws {
        let result = try recovered("<!DOCTYPE a [<!ENTITY Yes \"yes\"><!-- ] > --><!ENTITY % p \"x\">]><a>&Yes; &p;</a>")
        #expect(result.text == "<!-- ] > --><a>yes &amp;p;</a>")
        #expect(result.repairs.map(\.kind) == [.undefinedEntity])
    }

    @Test("a bare < and ]]> in text are escaped")
    func bareLessThan() throws {
        let result = try recovered("<a>1 < 2, x<=y, <3 ]]> </ a <!x></a>")
        #expect(result.text == "<a>1 &lt; 2, x&lt;=y, &lt;3 ]]> &lt;/ a &lt;!x></a>")
        #expect(result.repairs.map(\.kind) == [.bareLessThan, .bareLessThan, .bareLessThan, .cdataEndInText, .bareLessThan, .bareLessThan])
    }

    @Test("bytes that are not UTF-8 are read as windows-1252, with their position")
    func invalidUTF8() throws {
        var input = Array("<a>caf".utf8) + [0xE9] + Array("\nna".utf8) + [0xEF, 0xBF] + Array("ve \u{201C}ok\u{201D} ".utf8) + [0x93, 0x81] + Array("</a>".utf8)
        let result = try recovered(input)
        #expect(result.text == "<a>café\nnaï¿ve “ok” “\u{FFFD}</a>")
        #expect(summary(result.repairs) == ["invalid-byte@1:7", "invalid-byte@2:3", "invalid-byte@2:4", "invalid-byte@2:13", "invalid-byte@2:14"])
        // The same bytes split at every point give the same result.
        for size in [1, 2, 3, 5, 7] {
            let split = try recovered(input, chunkSize: size)
            #expect(split.text == result.text)
            #expect(split.repairs == result.repairs)
        }
        input = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>".utf8) + [0x80, 0x81] + Array("</a>".utf8)
        let declared = try recovered(input)
        #expect(declared.text == "<a>€\u{FFFD}</a>")
        #expect(declared.repairs.map(\.kind) == [.invalidByte])
    }

    @Test("UTF-16 with an unpaired surrogate, and an unknown encoding read as UTF-8")
    func otherEncodings() throws {
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in Array("<a>x".utf16) + [0xD800] + Array("y</a>".utf16) { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let result = try recovered(utf16)
        #expect(result.text == "<a>x\u{FFFD}y</a>")
        #expect(summary(result.repairs) == ["invalid-byte@1:5"])
        let unknown = try recovered("<?xml version=\"1.0\" encoding=\"x-unknown\"?><a>é</a>")
        #expect(unknown.text == "<a>é</a>")
        #expect(unknown.repairs.map(\.kind) == [.unsupportedEncoding])
    }
}

@Suite("Recovering reader: structure")
struct RecoveryStructureTests {
    @Test("a truncated end: the open tag is completed and every open element closed")
    func truncated() throws {
        let result = try recovered("<list>\n  <item n=\"1\">one</item>\n  <item n=\"2\">tw")
        #expect(result.text == "<list>\n  <item n=\"1\">one</item>\n  <item n=\"2\">tw</item></list>")
        #expect(summary(result.repairs) == ["truncated@3:17", "truncated@3:17"])
        #expect(result.repairs[0].message.contains("<item> from 3:3"))
        #expect(try recovered("<a><b title=\"half").text == "<a><b title=\"half\"></b></a>")
        #expect(try recovered("<a><b ").text == "<a><b></b></a>")
        #expect(try recovered("<a><!-- note").text == "<a><!-- note--></a>")
        #expect(try recovered("<a><![CDATA[x]").text == "<a>[CDATA:x]]</a>")
        #expect(try recovered("<a><?pi data").text == "<a><?pi data?></a>")
        #expect(try recovered("<a></a").text == "<a></a>")
    }

    @Test("end tags that skip open elements close them; end tags that match nothing are dropped")
    func mismatchedEndTags() throws {
        let skipped = try recovered("<a><b><i>x</b>y</a>")
        #expect(skipped.text == "<a><b><i>x</i></b>y</a>")
        #expect(summary(skipped.repairs) == ["unclosed-element@1:11"])
        let unmatched = try recovered("<a>x</p>y</a>")
        #expect(unmatched.text == "<a>xy</a>")
        #expect(summary(unmatched.repairs) == ["unmatched-end-tag@1:5"])
    }

    @Test("damaged tags: unquoted values, bare attributes, duplicates, stray characters, a missing >")
    func damagedTags() throws {
        let result = try recovered("<a x=1 y z=\"2\"z='3' \"w\"=4 v=a\"b/ q=1><b/ ><c <d/></c></a>")
        #expect(result.text == "<a x=\"1\" y=\"y\" z=\"2\" w=\"w\" v=\"a\"b/\" q=\"1\"><b><c><d></d></c></b></a>")
        #expect(result.repairs.map(\.kind) == [
            .unquotedAttributeValue, .attributeWithoutValue, .malformedTag, .duplicateAttribute, .malformedTag,
            .attributeWithoutValue, .unquotedAttributeValue, .unquotedAttributeValue, .malformedTag, .malformedTag,
            .unclosedElement,
        ])
        #expect(try recovered("<a v=x/>tail").text == "<a v=\"x\">tail</a>")
    }

    @Test("undeclared prefixes are declared; names that are not qualified names are fixed")
    func namespaces() throws {
        let result = try recovered("<x:a y:k=\"v\"><x:b/><c:d:e/></x:a>")
        #expect(result.text == "<x:a y:k=\"v\"><x:b></x:b><c_d_e></c_d_e></x:a>")
        #expect(result.repairs.map(\.kind) == [.undeclaredPrefix, .undeclaredPrefix, .invalidName])
        // Without namespace processing, colons are just name characters.
        #expect(try recovered("<x:a><c:d:e/></x:a>", namespaces: false).repairs.isEmpty)
    }

    @Test("content after the root goes inside it; text before it is left out")
    func outsideRoot() throws {
        let after = try recovered("<a>x</a> tail <b/><!-- end -->\n")
        #expect(after.text == "<a>x tail <b></b><!-- end -->\n</a>")
        #expect(after.repairs.map(\.kind) == [.contentOutsideRoot])
        let comments = try recovered("<a/><!-- kept after -->")
        #expect(comments.text == "<a></a><!-- kept after -->")
        #expect(comments.repairs.isEmpty)
        let before = try recovered("junk here\n<a>x</a>")
        #expect(before.text == "<a>x</a>")
        #expect(summary(before.repairs) == ["content-outside-root@1:1"])
    }

    @Test("misplaced declarations, bad comments and processing instructions")
    func declarations() throws {
        let result = try recovered("<?xml version=\"1.0\" standalone=\"maybe\"?><a><?xml version=\"1.0\"?><!DOCTYPE a><!-- a--b- --><?:: x?></a>")
        #expect(result.text == "<a><!-- a- -b- --></a>")
        #expect(result.repairs.map(\.kind) == [.misplacedDeclaration, .misplacedDeclaration, .invalidComment, .invalidProcessingInstruction])
    }

    @Test("an unclosed comment or PI ends at its first >, so it does not swallow the document")
    func runawayComment() throws {
        let comment = try recovered("<a><!-- note -> <b>kept</b>\n</a>")
        #expect(comment.text == "<a><!-- note - --> <b>kept</b>\n</a>")
        #expect(summary(comment.repairs) == ["truncated@1:4", "invalid-comment@1:4"])
        let pi = try recovered("<?xml version=\"1.0\"?>\n<?schedule>\n<teams><team/></teams>")
        #expect(pi.text == "<?schedule ?><teams><team></team></teams>")
        #expect(summary(pi.repairs) == ["truncated@2:1"])
        // An XML declaration cannot hold "<" or ">": a damaged one ends at either.
        let declaration = try recovered("<?xml version=\"1.0\" encoding=\"UTF-8\"?\n]<schedule>x</schedule>")
        #expect(declaration.text == "<schedule>x</schedule>")
        #expect(declaration.repairs.map(\.kind) == [.malformedTag])
    }

    @Test("several unclosed comments and PIs each end at their first >, reported in order")
    func runawayRepeated() throws {
        let comments = try recovered("<a><!-- one > <!-- two > <b/>")
        #expect(comments.text == "<a><!-- one --> <!-- two --> <b></b></a>")
        #expect(summary(comments.repairs) == ["truncated@1:4", "truncated@1:15", "truncated@1:30"])
        let instructions = try recovered("<a><?p one> <?q two> <b/>")
        #expect(instructions.text == "<a><?p one?> <?q two?> <b></b></a>")
    }

    @Test("names expat does not read (fifth-edition letters, characters above U+FFFF) are not kept as names")
    func namesExpatRefuses() throws {
        let start = try recovered("<r><\u{370}x/><a\u{370}/><b\u{10000}/></r>")
        #expect(start.text == "<r>&lt;\u{370}x/><a></a><b></b></r>")
        #expect(start.repairs.map(\.kind) == [.bareLessThan, .malformedTag, .malformedTag])
    }

    @Test("a well-formed document passes unchanged, with no repairs")
    func wellFormed() throws {
        let bytes = try Fixture.bytes("schedule.xml")
        let strict = try EventRecorder.events(of: bytes)
        let options = XMLParserOptions(recovery: .default)
        let recovering = try EventRecorder.events(of: bytes, options: options)
        #expect(recovering == strict)
    }

    @Test("without recovery the same damage is still an error")
    func strictStillFails() {
        #expect(throws: XMLParseError.self) { try EventRecorder.events(of: "<a>Tom & Jerry</a>") }
    }

    @Test("repairs and events do not depend on where the input is split")
    func everySplit() throws {
        let input = Array("<?xml version=\"1.0\"?>\n<r a=1 b><x>T & J &eacute; &#0; <3 ]]> \u{0C}</y><!-- a--b --><![CDATA[c]]]></x>\n<z k='v'>caf".utf8) + [0xE9]
        let whole = try recovered(input)
        #expect(!whole.repairs.isEmpty)
        for (head, tail) in ChunkSplitter.everySplit(of: input) {
            let parser = XMLStreamParser(handler: Echo(), options: XMLParserOptions(recovery: .default))
            try parser.feed(head)
            try parser.feed(tail)
            try parser.finish()
            #expect(parser.handler.text == whole.text, "split at \(head.count)")
            #expect(parser.handler.repairs == whole.repairs, "split at \(head.count)")
        }
    }

    @Test("the pull reader recovers too")
    func pullReader() throws {
        let reader = XMLEventReader(bytes: Array("<a>x & y".utf8), options: XMLParserOptions(recovery: .default))
        var events: [XMLEvent] = []
        while let event = try reader.next() { events.append(event) }
        #expect(events.map(\.description).contains("characters \"x & y\""))
        #expect(events.last == .endDocument)
        #expect(reader.repairs.map(\.kind) == [.strayAmpersand, .truncated])
    }

    @Test("a handler that throws from repaired(_:) stops parsing")
    func handlerStops() throws {
        struct Refuse: XMLEventHandler {
            struct Damaged: Error {}
            mutating func repaired(_ repair: XMLRepair) throws { throw Damaged() }
        }
        let parser = XMLStreamParser(handler: Refuse(), options: XMLParserOptions(recovery: .default))
        #expect(throws: Refuse.Damaged.self) { try parser.feed("<a>\n x & y</a>") }
        #expect(parser.position.line == 2)
    }
}
