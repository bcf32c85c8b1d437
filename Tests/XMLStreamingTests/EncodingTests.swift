import Testing
import XMLStreaming
import XMLTestSupport

@Suite("Encodings: expat's own, single-byte tables, overrides and mismatches")
struct EncodingTests {
    private func textAndAttribute(_ events: [XMLEvent]) -> (String, String)? {
        var attribute: String?
        var text = ""
        for event in events {
            if case .startElement(_, let attributes) = event { attribute = attributes.first?.value }
            if case .characters(let t) = event { text += t }
        }
        return attribute.map { (text, $0) }
    }

    @Test(
        "Documents in each encoding give the same Unicode text",
        arguments: [
            ("utf16le-bom.xml", "Größe: 5€ Ærø", "Köln – “quoted” €"),
            ("utf16be-bom.xml", "Größe: 5€ Ærø", "Köln – “quoted” €"),
            ("windows1252.xml", "Größe: 5€ Ærø", "Köln – “quoted” €"),
            ("macroman.xml", "Größe: 5€ Ærø", "Köln – “quoted” €"),
            ("iso8859-15.xml", "Größe: 5€ Ærø", "Köln"),
            ("latin1.xml", "Größe Ærø", "Köln"),
            ("ascii.xml", "text ä", "plain"),
        ])
    func decodes(fixture: String, text: String, attribute: String) throws {
        let events = try EventRecorder.events(of: Fixture.bytes(fixture))
        let decoded = try #require(textAndAttribute(events))
        #expect(decoded.0 == text)
        #expect(decoded.1 == attribute)
    }

    @Test("Encoding names are matched ignoring case and by alias")
    func aliases() throws {
        for name in ["CP1252", "Windows-1252", "x-mac-roman", "MacRoman", "latin9", "KOI8-R", "iso_8859-2"] {
            let xml = Array("<?xml version='1.0' encoding='\(name)'?><r>x</r>".utf8)
            #expect(try EventRecorder.events(of: xml).contains(.characters("x")), "\(name)")
        }
    }

    @Test("An unknown encoding is an error naming the problem")
    func unknownEncoding() throws {
        let parser = XMLStreamParser(handler: XMLEventCollector())
        let error = try #require(throws: XMLParseError.self) {
            try parser.parse("<?xml version='1.0' encoding='x-klingon'?><r/>")
        }
        #expect(error.code == .unknownEncoding)
    }

    @Test("A caller's encoding overrides the declaration")
    func override() throws {
        // The book's MacRoman file declared UTF-8: the override reads it correctly.
        let options = XMLParserOptions(encoding: .macRoman)
        let events = try EventRecorder.events(of: Fixture.bytes("macroman-declared-utf8.xml"), options: options)
        #expect(events.contains(.characters("Köln")))
    }

    @Test("MacRoman bytes declared as UTF-8 give a clear error with the byte offset, never mojibake")
    func mismatch() throws {
        let parser = XMLStreamParser(handler: XMLEventCollector())
        let error = try #require(throws: XMLParseError.self) {
            try parser.parse(contentsOf: Fixture.path("macroman-declared-utf8.xml"))
        }
        #expect(error.code == .invalidEncoding)
        #expect(error.position.byteOffset == 53)  // the byte 0x9A of "K\u{9A}ln"
        #expect(error.position.line == 3)
        #expect(error.position.column == 8)
        #expect(error.message.contains("byte 0x9A at offset 53 is not valid UTF-8"))
        #expect(!parser.handler.events.contains { if case .characters(let t) = $0 { return t.contains("K") }; return false })
    }

    @Test("Every supported single-byte encoding decodes its own upper half", arguments: XMLEncodingName.supportedSingleByte)
    func singleByteTables(name: String) throws {
        // A document of every byte 0xA0...0xFF the encoding defines, checked against itself
        // through numeric character references of the same characters.
        var bytes = Array("<?xml version='1.0' encoding='\(name)'?><r>".utf8)
        bytes += (0xA0...0xFF).map { UInt8($0) }
        bytes += Array("</r>".utf8)
        let parser = XMLStreamParser(handler: XMLEventCollector())
        do {
            try parser.parse(bytes)
        } catch let error as XMLParseError {
            // Some encodings leave bytes undefined; expat must reject them, not guess.
            #expect(error.code == .invalidToken || error.code == .invalidEncoding, "\(name): \(error)")
            return
        }
        let text = parser.handler.events.compactMap { if case .characters(let t) = $0 { return t }; return nil }.joined()
        #expect(text.unicodeScalars.count == 96)
        #expect(text.unicodeScalars.allSatisfy { $0.value >= 0x80 })
    }
}
