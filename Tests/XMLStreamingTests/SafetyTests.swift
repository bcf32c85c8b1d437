import Testing
import XMLTestSupport

@testable import XMLStreaming

@Suite("Safe by default: nothing external is loaded and every limit is a positioned error")
struct SafetyTests {
    private func parseError(_ xml: String, options: XMLParserOptions = XMLParserOptions()) throws -> XMLParseError {
        let parser = XMLStreamParser(handler: XMLEventCollector(), options: options)
        return try #require(throws: XMLParseError.self) { try parser.parse(xml) }
    }

    @Test("An external entity is never loaded, whatever the document says; it is reported as skipped")
    func externalEntityNotLoaded() throws {
        let directory = try TemporaryDirectory()
        let secret = try directory.write("TOP SECRET", named: "secret.txt")
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY leak SYSTEM "file://\(secret)">]>
            <r>before &leak; after</r>
            """
        let events = try EventRecorder.events(of: xml)
        #expect(events.contains(.skippedEntity(name: "leak", isParameterEntity: false)))
        #expect(events.contains(.characters("before ")) && events.contains(.characters(" after")))
        #expect(!events.contains { if case .characters(let t) = $0 { return t.contains("SECRET") }; return false })
    }

    @Test("An external DTD subset is never loaded; entities it might declare are skipped")
    func externalDTDNotLoaded() throws {
        let directory = try TemporaryDirectory()
        let dtd = try directory.write("<!ENTITY e 'FROM THE DTD'>", named: "defs.dtd")
        let xml = "<!DOCTYPE r SYSTEM \"file://\(dtd)\"><r>&e;</r>"
        let events = try EventRecorder.events(of: xml)
        #expect(events.contains(.startDoctype(XMLDoctype(name: "r", systemID: "file://\(dtd)"))))
        #expect(events.contains(.skippedEntity(name: "e", isParameterEntity: false)))
        #expect(!events.contains(.characters("FROM THE DTD")))
    }

    @Test("Parameter entities are never parsed, so an external one is never fetched")
    func parameterEntitiesOff() throws {
        let directory = try TemporaryDirectory()
        let dtd = try directory.write("<!ENTITY e 'INJECTED'>", named: "p.dtd")
        let xml = "<!DOCTYPE r [<!ENTITY % p SYSTEM \"file://\(dtd)\"> %p;]><r>&e;</r>"
        let events = try EventRecorder.events(of: xml)
        #expect(events.contains(.skippedEntity(name: "e", isParameterEntity: false)))
        #expect(!events.contains(.characters("INJECTED")))
    }

    @Test("The billion-laughs attack fails with expat's amplification error")
    func billionLaughs() throws {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n"
        for i in 1...9 {
            xml += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n"
        }
        xml += "]>\n<lolz>&lol9;</lolz>"
        let error = try parseError(xml)
        #expect(error.code == .amplificationLimitBreach)
        #expect(error.position.line == 14)
    }

    @Test("The amplification factor and activation threshold are configurable")
    func amplificationConfigurable() throws {
        // 10^4 × "lol" = 30 KB from a few hundred bytes: allowed by default (under the
        // 8 MiB activation threshold), refused with a tight limit.
        var xml = "<!DOCTYPE r [<!ENTITY a0 \"lol\">"
        for i in 1...4 { xml += "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">" }
        xml += "]><r>&a4;</r>"
        #expect(try EventRecorder.events(of: xml).count > 3)
        let tight = XMLParserOptions(
            limits: XMLLimits(maximumAmplification: 2, amplificationActivationThreshold: 1024))
        #expect(try parseError(xml, options: tight).code == .amplificationLimitBreach)
    }

    @Test("Nesting deeper than 10,000 is an error, not a stack overflow, at the element that crossed it")
    func depthLimit() throws {
        let depth = 100_000
        let xml = String(repeating: "<d>", count: depth) + String(repeating: "</d>", count: depth)
        let error = try parseError(xml)
        #expect(error.code == .depthLimitExceeded)
        #expect(error.position == XMLPosition(line: 1, column: 30_001, byteOffset: 30_000))
        let shallow = XMLParserOptions(limits: XMLLimits(maximumDepth: 3))
        #expect(try parseError("<a><b><c><d/></c></b></a>", options: shallow).position.column == 10)
    }

    @Test("Names, attribute values, text runs and input size have limits")
    func sizeLimits() throws {
        let limits = XMLLimits(
            maximumNameLength: 8, maximumAttributeValueLength: 10, maximumTextLength: 12, maximumInputSize: 200)
        let options = XMLParserOptions(limits: limits)
        let name = try parseError("<r><averyveryverylongname/></r>", options: options)
        #expect(name.code == .nameTooLong)
        #expect(name.position.column == 4)
        let value = try parseError("<r>\n<a v='0123456789ABC'/></r>", options: options)
        #expect(value.code == .attributeValueTooLong)
        #expect(value.position.line == 2)
        let text = try parseError("<r>0123456789<!-- -->0123456789ABC</r>", options: options)
        #expect(text.code == .textTooLong)
        #expect(try parseError("<r>" + String(repeating: "<a/>", count: 60) + "</r>", options: options).code == .inputTooLarge)
        // Within the limits everything parses.
        #expect(try EventRecorder.events(of: "<r><a v='short'>0123456789</a></r>", options: options).count == 7)
    }

    @Test("A token that grows past every limit is stopped before expat buffers it whole")
    func tokenLimit() throws {
        let limits = XMLLimits(maximumNameLength: 100, maximumAttributeValueLength: 1000, maximumTextLength: 1000)
        let parser = XMLStreamParser(handler: XMLEventCollector(), options: XMLParserOptions(limits: limits))
        try parser.feed("<r><a v='")
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        let error = try #require(throws: XMLParseError.self) {
            for _ in 0..<10 { try parser.feed(chunk) }
        }
        #expect(error.code == .tokenTooLarge)
    }

    @Test("Each parser gets its own random hash salt")
    func randomHashSalt() {
        let salts = Set((0..<8).map { _ in XMLStreamParser(handler: XMLEventCollector()).receiver.currentHashSalt })
        // Never 0 (expat's "pick one"), and handed to expat (configure() checks that expat
        // took it): eight parsers, eight salts.
        #expect(salts.count == 8)
    }

    @Test("A locator kept after its parser is gone answers the start, not freed memory")
    func locatorOutlivesParser() throws {
        struct KeepLocator: XMLEventHandler {
            var locator = XMLLocator.detached
            mutating func startDocument(_ locator: XMLLocator) { self.locator = locator }
        }
        var kept = XMLLocator.detached
        do {
            let parser = XMLStreamParser(handler: KeepLocator())
            parser.fileName = "kept.xml"
            try parser.parse("<r>\n<a/></r>")
            kept = parser.handler.locator
            #expect(kept.fileName == "kept.xml")
        }
        // The parser (and its receiver) went away at the end of the block above.
        #expect(kept.position == .start)
        #expect(kept.fileName == nil)
        #expect(kept.depth == 0)
    }

    @Test("The linked expat has the features the safety settings rely on")
    func featureList() {
        let features = ExpatLibrary.features
        #expect(features["XML_DTD"] != nil)
        #expect(features["XML_NS"] != nil)
        #expect(features["XML_CONTEXT_BYTES"] != nil)
        #expect(features["XML_BLAP_MAX_AMP"] != nil)
        #expect(ExpatLibrary.version.hasPrefix("2."))
    }
}
