import Foundation
import Testing
import XMLStreaming
import XMLTestSupport

@Suite("Limits, encodings and streaming edge cases")
struct EdgeCaseTests {
    private func parseError(_ xml: [UInt8], options: XMLParserOptions = XMLParserOptions()) throws -> XMLParseError {
        let parser = XMLStreamParser(handler: XMLEventCollector(), options: options)
        return try #require(throws: XMLParseError.self) { try parser.parse(xml) }
    }

    private func parseError(_ xml: String, options: XMLParserOptions = XMLParserOptions()) throws -> XMLParseError {
        try parseError(Array(xml.utf8), options: options)
    }

    @Test("An attribute value built by entities, or defaulted by the DTD, still meets the value limit")
    func valueLimitThroughEntitiesAndDefaults() throws {
        let options = XMLParserOptions(limits: XMLLimits(maximumAttributeValueLength: 100))
        let long = String(repeating: "x", count: 80)
        let viaEntities = "<!DOCTYPE r [<!ENTITY big \"\(long)\">]><r><a v=\"&big;&big;\"/></r>"
        #expect(try parseError(viaEntities, options: options).code == .attributeValueTooLong)
        let viaDefault = "<!DOCTYPE r [<!ATTLIST a v CDATA \"\(long)\(long)\">]><r><a/></r>"
        #expect(try parseError(viaDefault, options: options).code == .attributeValueTooLong)
    }

    @Test("The name limit counts the name as written, not the namespace URI in front of it")
    func nameLimitIgnoresURI() throws {
        let options = XMLParserOptions(limits: XMLLimits(maximumNameLength: 16))
        let uri = "http://example.com/" + String(repeating: "very-long-namespace/", count: 5)
        let xml = "<s:site xmlns:s=\"\(uri)\" s:code=\"1\"/>"
        #expect(try EventRecorder.events(of: xml, options: options).count == 6)
        #expect(try parseError("<s:averyveryverylongname xmlns:s='u'/>", options: options).code == .nameTooLong)
    }

    @Test("Comments inside a run of text do not reset the text limit")
    func textLimitAcrossComments() throws {
        let options = XMLParserOptions(limits: XMLLimits(maximumTextLength: 12))
        #expect(try parseError("<r>0123456789<!---->0123456789</r>", options: options).code == .textTooLong)
        #expect(try EventRecorder.events(of: "<r>0123456789<a/>0123456789</r>", options: options).count == 8)
    }

    @Test("A UTF-16 document's error is not explained as bad UTF-8")
    func utf16ErrorsAreNotEncodingErrors() throws {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("<r>&\u{D7}</r>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let error = try parseError(bytes)
        #expect(error.code != .invalidEncoding)
    }

    @Test("An external entity referenced through an internal one is reported by its own name")
    func externalEntityNames() throws {
        let xml = "<!DOCTYPE r [<!ENTITY ext SYSTEM \"x.txt\"><!ENTITY w \"[&ext;]\">]><r>&w;</r>"
        let events = try EventRecorder.events(of: xml)
        #expect(events.contains(.skippedEntity(name: "ext", isParameterEntity: false)))
        #expect(!events.contains(.skippedEntity(name: "w", isParameterEntity: false)))
    }

    @Test("The pull reader hands out what a live pipe has delivered without waiting for more")
    func readerOnLivePipe() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Foundation.pipe(&pipe) == 0)
        defer { close(pipe[0]) }
        let head = Array("<r><a/>".utf8)
        _ = head.withUnsafeBytes { write(pipe[1], $0.baseAddress, $0.count) }
        let reader = XMLEventReader(fileDescriptor: pipe[0], name: "pipe")
        #expect(try reader.next() == .startDocument)
        #expect(try reader.next() == .startElement("r", attributes: []))
        #expect(try reader.next() == .startElement("a", attributes: []))
        let tail = Array("</r>".utf8)
        _ = tail.withUnsafeBytes { write(pipe[1], $0.baseAddress, $0.count) }
        close(pipe[1])
        var rest: [XMLEvent] = []
        while let event = try reader.next() { rest.append(event) }
        #expect(rest == [.endElement("a"), .endElement("r"), .endDocument])
    }

    @Test("A chunk size below 4 KiB is raised to it")
    func chunkSizeClamped() {
        var options = XMLParserOptions()
        options.chunkSize = 0
        #expect(options.chunkSize == 4096)
        #expect(XMLParserOptions(chunkSize: -5).chunkSize == 4096)
    }

    @Test("A handler that resets its own parser from a callback stops the process")
    func reentrancyIsRefused() async {
        await #expect(processExitsWith: .failure) {
            final class Box: @unchecked Sendable { var parser: XMLStreamParser<Resetter>? }
            struct Resetter: XMLEventHandler {
                let box: Box
                mutating func startElement(_ name: XMLName, attributes: XMLAttributes) { box.parser?.reset() }
            }
            let box = Box()
            let parser = XMLStreamParser(handler: Resetter(box: box))
            box.parser = parser
            try? parser.parse("<r/>")
        }
    }
}
