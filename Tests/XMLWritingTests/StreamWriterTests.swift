import Foundation
import Testing
import XMLStreaming
import XMLTestSupport
import XMLWriting

@Suite("The streaming writer")
struct StreamWriterTests {
    /// The characters of `text` that XML 1.0's Char production allows, written here rather
    /// than taken from the writer (whose own filter is what is being tested).
    static func xmlCharacters(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { scalar in
                    let c = scalar.value
                    return c == 0x9 || c == 0xA || c == 0xD || (0x20...0xD7FF).contains(c) || (0xE000...0xFFFD).contains(c)
                        || c >= 0x10000
                }))
    }

    @Test("A compact document: declaration, attributes, escaping, CDATA with ]]>, comment, PI")
    func compact() throws {
        let writer = try XMLStreamWriter()
        try writer.declaration()
        try writer.processingInstruction(target: "stylesheet", data: "href=\"s.css\"")
        try writer.startElement("schedule")
        try writer.attribute("note", value: "a \"quoted\" <tab>\there")
        try writer.comment(" Köln & co ")
        try writer.element("name", text: "Faust & <Co.>\r\n")
        try writer.startElement("raw")
        try writer.cdata("x]]>y")
        try writer.cdata("]]>\u{301}")
        try writer.endElement()
        try writer.startElement("empty")
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        #expect(
            writer.string == """
                <?xml version="1.0" encoding="UTF-8"?><?stylesheet href="s.css"?><schedule note="a &quot;quoted&quot; &lt;tab&gt;&#9;here">\
                <!-- Köln & co --><name>Faust &amp; &lt;Co.&gt;&#13;
                </name><raw><![CDATA[x]]]]><![CDATA[>y]]><![CDATA[]]]]><![CDATA[>\u{301}]]></raw><empty/></schedule>
                """)
    }

    @Test("A DOCTYPE: with public and system identifiers, before the root, once")
    func doctype() throws {
        let writer = try XMLStreamWriter()
        try writer.declaration()
        try writer.doctype(name: "html", publicID: "-//W3C//DTD XHTML 1.0 Strict//EN", systemID: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd")
        #expect(throws: XMLWriterError(.misplacedDoctype)) { try writer.doctype(name: "html") }
        try writer.element("html", text: "")
        try writer.finish()
        #expect(writer.string == #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html/>"#)
        _ = try EventRecorder.events(of: writer.bytes)

        let system = try XMLStreamWriter()
        try system.doctype(name: "a", systemID: #"say "hi".dtd"#)
        #expect(throws: XMLWriterError(.invalidIdentifier("é"))) { try XMLStreamWriter().doctype(name: "a", publicID: "é") }
        try system.element("a", text: "")
        #expect(throws: XMLWriterError(.misplacedDoctype)) { try system.doctype(name: "a") }
        try system.finish()
        #expect(system.string == #"<!DOCTYPE a SYSTEM 'say "hi".dtd'><a/>"#)
        #expect(throws: XMLWriterError(.invalidName("1a"))) { try XMLStreamWriter().doctype(name: "1a") }
        #expect(throws: XMLWriterError(.invalidIdentifier(#"'""#))) { try XMLStreamWriter().doctype(name: "a", systemID: #"'""#) }
    }

    @Test("Indented output leaves elements with text untouched")
    func indented() throws {
        let writer = try XMLStreamWriter(options: .init(indentation: "  "))
        try writer.declaration()
        try writer.startElement("teams")
        try writer.startElement("team")
        try writer.attribute("code", value: "100")
        try writer.element("name", text: "Betonbauer")
        try writer.startElement("contact")
        try writer.text("Hr. ")
        try writer.element("b", text: "Meier")
        try writer.endElement()
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        #expect(
            writer.string == """
                <?xml version="1.0" encoding="UTF-8"?>
                <teams>
                  <team code="100">
                    <name>Betonbauer</name>
                    <contact>Hr. <b>Meier</b></contact>
                  </team>
                </teams>

                """)
    }

    @Test("The writer declares the namespace prefixes it needs, once per scope")
    func namespaces() throws {
        let writer = try XMLStreamWriter()
        try writer.startElement("feed", namespace: "urn:feed")
        try writer.startElement("entry", namespace: "urn:feed")
        try writer.attribute("lang", value: "de", namespace: "http://www.w3.org/XML/1998/namespace", prefix: "xml")
        try writer.attribute("id", value: "7", namespace: "urn:meta")
        try writer.element("title", text: "x", namespace: "urn:dc", prefix: "dc")
        try writer.element("plain", text: "y")
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        #expect(
            writer.string == """
                <feed xmlns="urn:feed"><entry xml:lang="de" xmlns:ns1="urn:meta" ns1:id="7">\
                <dc:title xmlns:dc="urn:dc">x</dc:title><plain xmlns="">y</plain></entry></feed>
                """)
        let events = try EventRecorder.events(of: writer.bytes)
        #expect(events.contains(.startElement(XMLQualifiedName(localName: "plain"), attributes: [])))
        #expect(events.contains(.endElement(XMLQualifiedName(localName: "title", namespaceURI: "urn:dc", prefix: "dc"))))
    }

    @Test("Whatever could not be well-formed is refused with a typed error")
    func refusals() throws {
        func refusal(_ body: (XMLStreamWriter) throws -> Void) throws -> XMLWriterError.Kind {
            let writer = try XMLStreamWriter()
            return try #require(throws: XMLWriterError.self) { try body(writer) }.kind
        }
        #expect(try refusal { try $0.endElement() } == .unbalancedEnd)
        #expect(try refusal { try $0.startElement("1st") } == .invalidName("1st"))
        #expect(try refusal { try $0.startElement("a b") } == .invalidName("a b"))
        #expect(try refusal { w in try w.element("r", text: ""); try w.startElement("s") } == .contentOutsideRoot)
        #expect(try refusal { try $0.text("loose") } == .contentOutsideRoot)
        #expect(try refusal { w in try w.startElement("r"); try w.comment("a--b") } == .invalidComment)
        #expect(try refusal { w in try w.startElement("r"); try w.comment("ends-") } == .invalidComment)
        #expect(try refusal { try $0.processingInstruction(target: "xml", data: "x") } == .invalidProcessingInstruction("xml"))
        #expect(try refusal { try $0.processingInstruction(target: "p", data: "a?>b") } == .invalidProcessingInstruction("p"))
        #expect(try refusal { w in try w.startElement("r"); try w.text("t"); try w.attribute("a", value: "1") } == .misplacedAttribute("a"))
        #expect(try refusal { w in try w.startElement("r"); try w.attribute("a", value: "1"); try w.attribute("a", value: "2") } == .misplacedAttribute("a"))
        #expect(try refusal { w in try w.startElement("r"); try w.startElement("s"); try w.finish() } == .unclosedElements(["r", "s"]))
        #expect(try refusal { try $0.finish() } == .missingRoot)
        #expect(try refusal { w in try w.comment("c"); try w.declaration() } == .misplacedDeclaration)
        #expect(try refusal { w in try w.startElement("r", prefix: "p") } == .invalidPrefix("p"))
        // A combining mark after "-" or ">" hides "--" and "?>" from a Character search.
        #expect(try refusal { w in try w.startElement("r"); try w.comment("a--\u{301}b") } == .invalidComment)
        #expect(try refusal { try $0.processingInstruction(target: "p", data: "a?>\u{301}") } == .invalidProcessingInstruction("p"))
        let strict = try XMLStreamWriter(options: .init(characterPolicy: .throw))
        try strict.startElement("r")
        let error = try #require(throws: XMLWriterError.self) { try strict.text("form\u{0C}feed") }
        #expect(error.kind == .invalidCharacter(XMLInvalidCharacterError(scalar: "\u{0C}", scalarOffset: 4)))
    }

    @Test("A file is replaced only by a complete document; a failed write leaves the old file")
    func atomicFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("<old/>", named: "out.xml")

        do {
            let failing = try XMLStreamWriter(to: .file(path: path))
            try failing.startElement("new")
            #expect(throws: XMLWriterError(.unclosedElements(["new"]))) { try failing.finish() }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "<old/>")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.xml"])

        do {
            let abandoned = try XMLStreamWriter(to: .file(path: path))
            try abandoned.element("dropped", text: "")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<old/>")

        let writer = try XMLStreamWriter(to: .file(path: path))
        try writer.element("new", text: "Köln")
        try writer.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<new>Köln</new>")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.xml"])

        // A refused finish writes nothing and leaves the writer usable.
        do {
            let unfinished = try XMLStreamWriter(to: .file(path: path))
            try unfinished.startElement("late")
            #expect(throws: XMLWriterError.self) { try unfinished.finish() }
            try unfinished.endElement()
            try unfinished.finish()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "<late/>")
        }
    }

    @Test("A large document streams through a file in constant memory and parses back")
    func largeDocument() throws {
        let directory = try TemporaryDirectory()
        let path = (directory.path as NSString).appendingPathComponent("big.xml")
        let writer = try XMLStreamWriter(to: .file(path: path))
        try writer.startElement("sites")
        for i in 0..<20_000 {
            try writer.startElement("site")
            try writer.attribute("code", value: "\(i)")
            try writer.text("Baustelle \(i) – Köln")
            try writer.endElement()
        }
        try writer.endElement()
        try writer.finish()
        struct Count: XMLEventHandler {
            var sites = 0
            mutating func startElement(_ name: XMLName, attributes: XMLAttributes) { if name.localName == "site" { sites += 1 } }
        }
        #expect(try XMLStreamParser.parse(contentsOf: path, with: Count()).sites == 20_000)
    }

    /// Scalars around every boundary of XML 1.0's Char production, and from every plane.
    private static func randomString(using generator: inout some RandomNumberGenerator) -> String {
        let edges: [UInt32] = [
            0x0, 0x8, 0x9, 0xA, 0xC, 0xD, 0x1F, 0x20, 0x22, 0x26, 0x2D, 0x3C, 0x3E, 0x3F, 0x5D, 0x7F, 0x85, 0x301, 0xD7FF,
            0xE000, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x10FFFF,
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...16, using: &generator) {
            let value =
                Bool.random(using: &generator)
                ? edges.randomElement(using: &generator)!
                : (UInt32.random(in: 0...16, using: &generator) << 16) | UInt32.random(in: 0...0xFFFF, using: &generator)
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    @Test("Random strings in text, attributes, comments, CDATA and PIs: what is written reads back sanitized")
    func roundTripProperty() throws {
        var generator = SeededGenerator(seed: 0x57A7)
        var refusedComments = 0
        var refusedInstructions = 0
        for _ in 0..<1_500 {
            let text = Self.randomString(using: &generator)
            let value = Self.randomString(using: &generator)
            let comment = Self.randomString(using: &generator)
            let cdata = Self.randomString(using: &generator)
            let data = Self.randomString(using: &generator)
            let writer = try XMLStreamWriter()
            try writer.startElement("r")
            try writer.attribute("v", value: value)
            try writer.text(text)
            var expected: [XMLEvent] = [
                .startDocument,
                .startElement("r", attributes: [XMLOwnedAttribute(name: "v", value: Self.xmlCharacters(value))]),
            ]
            if !Self.xmlCharacters(text).isEmpty { expected.append(.characters(Self.xmlCharacters(text))) }
            // A comment cannot hold "--" or end with "-": refused exactly then.
            let commentText = Self.xmlCharacters(comment)
            let commentRefused = commentText.contains("--") || commentText.hasSuffix("-")
            do {
                try writer.comment(comment)
                #expect(!commentRefused, "\(comment.debugDescription) was written")
                expected.append(.comment(normalizedLineEnds(commentText)))
            } catch let error {
                #expect(error.kind == .invalidComment)
                #expect(commentRefused, "\(comment.debugDescription) was refused")
                refusedComments += 1
            }
            try writer.cdata(cdata)
            expected += cdataEvents(normalizedLineEnds(Self.xmlCharacters(cdata)))
            // A processing instruction's data cannot hold "?>": refused exactly then.
            let cleaned = normalizedLineEnds(Self.xmlCharacters(data))
            let instructionRefused = Self.xmlCharacters(data).contains("?>")
            do {
                try writer.processingInstruction(target: "pi", data: data)
                #expect(!instructionRefused, "\(data.debugDescription) was written")
                // The parser drops white space between target and data.
                let scalars = cleaned.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                expected.append(.processingInstruction(target: "pi", data: String(String.UnicodeScalarView(scalars))))
            } catch let error {
                #expect(error.kind == .invalidProcessingInstruction("pi"))
                #expect(instructionRefused, "\(data.debugDescription) was refused")
                refusedInstructions += 1
            }
            try writer.endElement()
            try writer.finish()
            expected += [.endElement("r"), .endDocument]
            let events: [XMLEvent]
            do { events = try EventRecorder.events(of: writer.bytes) } catch {
                Issue.record("\(error) in \(writer.bytes)")
                return
            }
            #expect(events == expected, "\(writer.string.unicodeScalars.map { $0.value })")
        }
        // Both refusals happened among the seeded strings, so their checks ran.
        #expect(refusedComments > 0 && refusedInstructions > 0, "\(refusedComments) \(refusedInstructions)")
    }

    /// What a parser reports for raw text it may not escape (comments, PIs, CDATA): XML's
    /// end-of-line handling turns CR LF and lone CR into LF.
    private func normalizedLineEnds(_ string: String) -> String {
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in string.unicodeScalars {
            if scalar == "\r" {
                result.append("\n")
                previousWasCR = true
                continue
            }
            if !(scalar == "\n" && previousWasCR) { result.append(scalar) }
            previousWasCR = false
        }
        return String(result)
    }

    /// The events of a CDATA section the writer split at each "]]>".
    private func cdataEvents(_ text: String) -> [XMLEvent] {
        let pieces = text.components(separatedBy: "]]>")
        var events: [XMLEvent] = []
        for (index, piece) in pieces.enumerated() {
            let content = (index > 0 ? ">" : "") + piece + (index < pieces.count - 1 ? "]]" : "")
            events.append(.startCDATA)
            if !content.isEmpty { events.append(.characters(content)) }
            events.append(.endCDATA)
        }
        return events
    }
}
