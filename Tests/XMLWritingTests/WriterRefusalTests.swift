import Testing
import XMLStreaming
import XMLTestSupport
import XMLWriting

/// A call that throws writes nothing, and what the writer writes always reads back, with
/// namespace processing on.
@Suite("A refused call writes nothing")
struct WriterRefusalTests {
    /// Runs `body`, expects it to throw `kind`, and checks the writer's bytes did not change.
    private func expectRefusal(
        _ writer: XMLStreamWriter, _ kind: XMLWriterError.Kind, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) {
        let before = writer.bytes
        #expect(throws: XMLWriterError(kind), sourceLocation: sourceLocation) { try body() }
        #expect(writer.bytes == before, "the refused call wrote \(writer.string)", sourceLocation: sourceLocation)
    }

    @Test("An attribute value refused under the throw policy leaves no half attribute, and the writer goes on")
    func attributeUnderThrowPolicy() throws {
        let writer = try XMLStreamWriter(options: .init(characterPolicy: .throw))
        try writer.startElement("a")
        expectRefusal(writer, .invalidCharacter(XMLInvalidCharacterError(scalar: "\u{1}", scalarOffset: 1))) {
            try writer.attribute("b", value: "x\u{1}")
        }
        try writer.text("t")
        try writer.endElement()
        try writer.finish()
        #expect(writer.string == "<a>t</a>")
    }

    @Test("Text refused under the throw policy does not close the start tag")
    func textUnderThrowPolicy() throws {
        let writer = try XMLStreamWriter(options: .init(characterPolicy: .throw))
        try writer.startElement("a")
        expectRefusal(writer, .invalidCharacter(XMLInvalidCharacterError(scalar: "\u{C}", scalarOffset: 4))) {
            try writer.text("form\u{C}feed")
        }
        try writer.attribute("still", value: "open")
        expectRefusal(writer, .invalidCharacter(XMLInvalidCharacterError(scalar: "\u{B}", scalarOffset: 0))) {
            try writer.element("b", text: "\u{B}")
        }
        try writer.endElement()
        try writer.finish()
        #expect(writer.string == #"<a still="open"/>"#)
    }

    @Test("Prefixes are checked before anything is written")
    func prefixes() throws {
        let writer = try XMLStreamWriter()
        expectRefusal(writer, .invalidPrefix("a b")) { try writer.startElement("r", namespace: "urn:r", prefix: "a b") }
        expectRefusal(writer, .invalidPrefix("p")) { try writer.startElement("r", prefix: "p") }
        expectRefusal(writer, .invalidPrefix("xmlns")) { try writer.startElement("r", namespace: "urn:r", prefix: "xmlns") }
        expectRefusal(writer, .invalidPrefix("xml")) { try writer.startElement("r", namespace: "urn:r", prefix: "xml") }
        try writer.startElement("r")
        expectRefusal(writer, .invalidPrefix("p q")) { try writer.attribute("a", value: "1", prefix: "p q") }
        expectRefusal(writer, .invalidPrefix("p")) { try writer.attribute("a", value: "1", prefix: "p") }
        expectRefusal(writer, .invalidPrefix("p q")) { try writer.attribute("a", value: "1", namespace: "urn:a", prefix: "p q") }
        expectRefusal(writer, .invalidPrefix("xmlns")) { try writer.attribute("a", value: "1", namespace: "urn:a", prefix: "xmlns") }
        expectRefusal(writer, .invalidPrefix("p")) { try writer.declareNamespace(prefix: "p", uri: "") }
        expectRefusal(writer, .invalidPrefix("p")) {
            try writer.declareNamespace(prefix: "p", uri: "http://www.w3.org/XML/1998/namespace")
        }
        expectRefusal(writer, .invalidPrefix("xmlns")) { try writer.declareNamespace(prefix: nil, uri: "http://www.w3.org/2000/xmlns/") }
        expectRefusal(writer, .invalidName("a:b")) { try writer.attribute("a:b", value: "1", namespace: "urn:a") }
        try writer.endElement()
        try writer.finish()
        #expect(writer.string == "<r/>")
    }

    @Test("An attribute repeated by name, or by namespace and local name under two prefixes, is refused")
    func duplicates() throws {
        let writer = try XMLStreamWriter()
        try writer.startElement("r")
        try writer.declareNamespace(prefix: "p", uri: "urn:x")
        try writer.declareNamespace(prefix: "q", uri: "urn:x")
        try writer.attribute("a", value: "1", prefix: "p")
        expectRefusal(writer, .misplacedAttribute("q:a")) { try writer.attribute("a", value: "2", prefix: "q") }
        expectRefusal(writer, .misplacedAttribute("q:a")) { try writer.attribute("a", value: "2", namespace: "urn:x", prefix: "q") }
        expectRefusal(writer, .misplacedAttribute("q:a")) { try writer.attribute("a", value: "2", namespace: "urn:x") }
        expectRefusal(writer, .conflictingPrefix("p")) { try writer.attribute("xmlns:p", value: "urn:y") }
        try writer.attribute("a", value: "3")
        expectRefusal(writer, .misplacedAttribute("a")) { try writer.attribute("a", value: "4") }
        try writer.endElement()
        try writer.finish()
        #expect(writer.string == #"<r xmlns:p="urn:x" xmlns:q="urn:x" p:a="1" a="3"/>"#)
        _ = try EventRecorder.events(of: writer.bytes)
    }

    @Test("A prefix already declared or used in the tag is never declared again for another namespace")
    func conflictingPrefixes() throws {
        let writer = try XMLStreamWriter()
        try writer.startElement("r")
        try writer.declareNamespace(prefix: "p", uri: "urn:a")
        expectRefusal(writer, .conflictingPrefix("p")) { try writer.declareNamespace(prefix: "p", uri: "urn:b") }
        expectRefusal(writer, .conflictingPrefix("p")) { try writer.attribute("x", value: "1", namespace: "urn:b", prefix: "p") }
        try writer.startElement("s")
        try writer.attribute("x", value: "1", prefix: "p")
        // Rebinding p here would move p:x into urn:b.
        expectRefusal(writer, .conflictingPrefix("p")) { try writer.attribute("y", value: "2", namespace: "urn:b", prefix: "p") }
        expectRefusal(writer, .conflictingPrefix("p")) { try writer.declareNamespace(prefix: "p", uri: "urn:b") }
        try writer.endElement()
        try writer.startElement("t")
        try writer.attribute("y", value: "2", namespace: "urn:b", prefix: "p")  // fine on a new tag
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        #expect(
            writer.string == #"<r xmlns:p="urn:a"><s p:x="1"/><t xmlns:p="urn:b" p:y="2"/></r>"#)
        let events = try EventRecorder.events(of: writer.bytes)
        #expect(
            events.contains(
                .startElement(
                    "t", attributes: [XMLOwnedAttribute(name: XMLQualifiedName(localName: "y", namespaceURI: "urn:b", prefix: "p"), value: "2")])))
    }

    @Test("Generated prefixes skip those already in scope")
    func generatedPrefixes() throws {
        let writer = try XMLStreamWriter()
        try writer.startElement("r")
        try writer.declareNamespace(prefix: "ns1", uri: "urn:one")
        try writer.attribute("a", value: "1", namespace: "urn:two")
        try writer.startElement("s")
        try writer.attribute("b", value: "2", namespace: "urn:three")
        try writer.attribute("c", value: "3", namespace: "urn:one")
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        #expect(
            writer.string
                == #"<r xmlns:ns1="urn:one" xmlns:ns2="urn:two" ns2:a="1"><s xmlns:ns3="urn:three" ns3:b="2" ns1:c="3"/></r>"#)
        _ = try EventRecorder.events(of: writer.bytes)
    }

    /// Found by Fuzz/FuzzWriter: stripping U+0001 from a prefix's URI wrote `xmlns:q=""`,
    /// which no namespace-aware reader accepts.
    @Test("A namespace URI with a character XML cannot hold is refused under every policy", arguments: [
        XMLCharacterPolicy.strip, .replace, .throw,
    ])
    func namespaceCharacters(_ policy: XMLCharacterPolicy) throws {
        let writer = try XMLStreamWriter(options: .init(characterPolicy: policy))
        try writer.startElement("r", namespace: "urn:a", prefix: "p")
        let before = writer.bytes
        #expect(throws: XMLWriterError.self) { try writer.declareNamespace(prefix: "q", uri: "\u{1}") }
        #expect(throws: XMLWriterError.self) { try writer.startElement("e", namespace: "urn:\u{1}", prefix: "q") }
        #expect(throws: XMLWriterError.self) { try writer.attribute("a", value: "v", namespace: "urn:\u{FFFE}", prefix: "q") }
        #expect(writer.bytes == before)
        // A declaration written as a plain attribute is a namespace URI too.
        #expect(throws: XMLWriterError.self) { try writer.attribute("xmlns:q", value: "\u{1}") }
        #expect(writer.bytes == before)
        try writer.endElement()
        try writer.finish()
        #expect(writer.string.hasSuffix("<p:r xmlns:p=\"urn:a\"/>"))
    }

    /// Found by Fuzz/FuzzWriter: white space written first let the declaration follow it,
    /// which no parser accepts.
    @Test("The declaration is refused after anything, white space included, and writes nothing")
    func declarationAfterWhiteSpace() throws {
        let writer = try XMLStreamWriter()
        try writer.text("\t")
        #expect(throws: XMLWriterError(.misplacedDeclaration)) { try writer.declaration() }
        try writer.element("r", text: "")
        try writer.finish()
        #expect(writer.string == "\t<r></r>" || writer.string == "\t<r/>")
        _ = try EventRecorder.events(of: writer.bytes)
    }

    /// Found by Fuzz/FuzzWriter: a carriage return after the root was written `&#13;`, a
    /// reference, which is not allowed outside the root element.
    @Test("White space outside the root is written as it is, carriage returns included")
    func whiteSpaceOutsideRoot() throws {
        let writer = try XMLStreamWriter()
        try writer.text("\r\n")
        try writer.element("r", text: "a\rb")
        try writer.text("\n\r\t ")
        try writer.finish()
        #expect(writer.string == "\r\n<r>a&#13;b</r>\n\r\t ")
        let events = try EventRecorder.events(of: writer.bytes)
        #expect(events.contains(.characters("a\rb")))
    }

    /// Found by Fuzz/FuzzWriter: a colon followed by a combining mark is one Character, so
    /// `hasPrefix("xmlns:")` missed `xmlns:\u{300}p`; names are compared by bytes.
    @Test("A literal declaration is recognised by its bytes, whatever follows the colon")
    func literalDeclarationWithCombiningMark() throws {
        let writer = try XMLStreamWriter()
        try writer.startElement("r")
        #expect(throws: XMLWriterError.self) { try writer.attribute("xmlns:\u{300}p", value: "urn:a") }
        try writer.attribute("xmlns:p", value: "urn:a")
        try writer.endElement()
        try writer.finish()
        _ = try EventRecorder.events(of: writer.bytes)
    }

    @Test("An indentation that is not white space is refused when the writer is made")
    func indentation() {
        #expect(throws: XMLWriterError(.invalidIndentation("<x>"))) { try XMLStreamWriter(options: .init(indentation: "<x>")) }
    }

    @Test("Random calls, valid and not: every refused call writes nothing, and the output always reads back")
    func randomCalls() throws {
        // Names with a colon and no namespace are written as given (for documents read
        // without namespaces), so only declarations are among them here.
        let elementNames = ["a", "b", "1x", "a b", "xmlns", "é", ""]
        let names = elementNames + ["xmlns:p", "xmlns:xmlns", "xmlns:xml"]
        let prefixes: [String?] = [nil, nil, "p", "q", "ns1", "xml", "xmlns", "p q", ""]
        let uris: [String?] = [nil, nil, "urn:a", "urn:b", "", "http://www.w3.org/XML/1998/namespace", "urn:\u{1}"]
        let texts = ["t", "", " ", "a\u{C}b", "x]]>y", "--", "?>", "\u{FFFE}"]
        var refusedCalls = 0
        var readBack = 0
        for seed in UInt64(1)...300 {
            var random = SeededGenerator(seed: seed)
            let policy: XMLCharacterPolicy = [.strip, .replace, .throw].randomElement(using: &random)!
            let writer = try XMLStreamWriter(options: .init(indentation: Bool.random(using: &random) ? " " : nil, characterPolicy: policy))
            var refused = 0
            for _ in 0..<40 {
                let before = writer.bytes
                do {
                    switch Int.random(in: 0..<9, using: &random) {
                    case 0, 1:
                        try writer.startElement(
                            elementNames.randomElement(using: &random)!, namespace: uris.randomElement(using: &random)!,
                            prefix: prefixes.randomElement(using: &random)!)
                    case 2, 3:
                        try writer.attribute(
                            names.randomElement(using: &random)!, value: texts.randomElement(using: &random)!,
                            namespace: uris.randomElement(using: &random)!, prefix: prefixes.randomElement(using: &random)!)
                    case 4:
                        try writer.declareNamespace(
                            prefix: prefixes.randomElement(using: &random)!, uri: uris.randomElement(using: &random)! ?? "urn:c")
                    case 5: try writer.text(texts.randomElement(using: &random)!)
                    case 6: try writer.endElement()
                    case 7: try writer.comment(texts.randomElement(using: &random)!)
                    default:
                        try writer.element(elementNames.randomElement(using: &random)!, text: texts.randomElement(using: &random)!)
                    }
                } catch {
                    refused += 1
                    #expect(writer.bytes == before, "seed \(seed): \(error) wrote \(writer.string)")
                }
            }
            refusedCalls += refused
            while (try? writer.endElement()) != nil {}
            // No root: nothing to read back. Any other refusal here is a failure.
            let finished = Result { try writer.finish() }
            if case .failure(let error) = finished {
                let missingRoot = (error as? XMLWriterError)?.code == .missingRoot
                if !missingRoot { Issue.record("seed \(seed): finish() refused: \(error)") }
                continue
            }
            do {
                _ = try EventRecorder.events(of: writer.bytes)
                readBack += 1
            } catch {
                Issue.record("seed \(seed): \(error) reading back \(writer.string)")
            }
        }
        // Both paths ran: calls were refused, and most documents were read back.
        #expect(refusedCalls > 1_000, "\(refusedCalls)")
        #expect(readBack > 150, "\(readBack)")
    }
}

@Suite("Escaping helpers that throw")
struct EscapingRefusalTests {
    @Test("An escaping helper that throws leaves the caller's bytes as they were")
    func appendLeavesOutput() {
        var output = Array("kept".utf8)
        #expect(throws: XMLInvalidCharacterError.self) {
            try XMLEscaping.append("a&b\u{1}", for: .text, policy: .throw, to: &output)
        }
        #expect(output == Array("kept".utf8))
    }
}
