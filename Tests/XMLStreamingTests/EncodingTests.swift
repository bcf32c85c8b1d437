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

    /// Python's decoding of each encoding's upper half (`Fixtures/single-byte-tables.txt`):
    /// the code point of byte 0x80 + i, or nil where the codec leaves the byte undefined.
    static let oracle: [String: [UInt32?]] = {
        let text = (try? String(contentsOf: Fixture.url("single-byte-tables.txt"), encoding: .utf8)) ?? ""
        var tables: [String: [UInt32?]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            tables[String(fields[0])] = fields[2].split(separator: " ").map { UInt32($0, radix: 16) }
        }
        return tables
    }()

    @Test("Every supported single-byte encoding decodes its upper half as Python's codecs do", arguments: XMLEncodingName.supportedSingleByte)
    func singleByteTables(name: String) throws {
        let expected = try #require(Self.oracle[name], "no oracle for \(name)")
        #expect(expected.count == 128)
        let prefix = Array("<?xml version='1.0' encoding='\(name)'?><r>".utf8)
        // Every byte the codec defines (but the C1 controls, which XML 1.0 allows only as
        // references in some places and expat refuses raw), in one document.
        let defined = (0x80...0xFF).filter { expected[$0 - 0x80].map { !(0x80...0x9F).contains($0) } ?? false }
        let parser = XMLStreamParser(handler: XMLEventCollector())
        try parser.parse(prefix + defined.map(UInt8.init) + Array("</r>".utf8))
        let text = parser.handler.events.compactMap { if case .characters(let t) = $0 { return t }; return nil }.joined()
        #expect(text.unicodeScalars.map(\.value) == defined.map { expected[$0 - 0x80]! }, "\(name)")
        // A byte the codec leaves undefined is an error at that byte, never a guess.
        for byte in (0x80...0xFF) where expected[byte - 0x80] == nil {
            let undefinedParser = XMLStreamParser(handler: XMLEventCollector())
            let error = try #require(throws: XMLParseError.self, "\(name) 0x\(String(byte, radix: 16))") {
                try undefinedParser.parse(prefix + [UInt8(byte)] + Array("</r>".utf8))
            }
            #expect(error.code == .invalidToken || error.code == .invalidEncoding, "\(name): \(error)")
            #expect(error.position.byteOffset == Int64(prefix.count), "\(name) 0x\(String(byte, radix: 16))")
        }
    }
}
