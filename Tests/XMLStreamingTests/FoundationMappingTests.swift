import Foundation
import Testing
import XMLStreaming

#if canImport(FoundationXML)
import FoundationXML
#endif

/// What one start tag or prefix mapping reported, as Foundation's delegate sees it.
private struct Seen: Equatable {
    var kind: String
    var elementName: String?
    var namespaceURI: String?
    var qName: String?
    var attributes: [String: String] = [:]
}

private final class FoundationRecorder: NSObject, XMLParserDelegate {
    var seen: [Seen] = []
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        seen.append(Seen(kind: "start", elementName: elementName, namespaceURI: namespaceURI, qName: qName, attributes: attributeDict))
    }
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        seen.append(Seen(kind: "end", elementName: elementName, namespaceURI: namespaceURI, qName: qName))
    }
    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        seen.append(Seen(kind: "map", elementName: prefix, namespaceURI: namespaceURI))
    }
}

/// XMLStack's events turned into Foundation's values by the expressions the migration
/// guide gives.
private struct GuideMapping: XMLEventHandler {
    let processesNamespaces: Bool
    var seen: [Seen] = []

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        seen.append(
            Seen(
                kind: "start",
                elementName: processesNamespaces ? name.localName.string : name.qualifiedName,
                namespaceURI: processesNamespaces ? name.namespaceURI?.string ?? "" : nil,
                qName: processesNamespaces ? name.qualifiedName : nil,
                attributes: attributes.dictionary))
    }
    mutating func endElement(_ name: XMLName) {
        seen.append(
            Seen(
                kind: "end",
                elementName: processesNamespaces ? name.localName.string : name.qualifiedName,
                namespaceURI: processesNamespaces ? name.namespaceURI?.string ?? "" : nil,
                qName: processesNamespaces ? name.qualifiedName : nil))
    }
    mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) {
        seen.append(Seen(kind: "map", elementName: prefix?.string ?? "", namespaceURI: uri?.string ?? ""))
    }
}

@Suite("docs/MigratingFromFoundation.md: the values a delegate sees")
struct FoundationMappingTests {
    static let document = #"<root xmlns:g="urn:g" a="1" g:b="2"><plain/><g:text/><d xmlns="urn:d"><e/></d><u xmlns=""/></root>"#

    @Test("each row of the guide's table gives Foundation's value", arguments: [false, true])
    func mapping(_ processesNamespaces: Bool) throws {
        let foundation = XMLParser(data: Data(Self.document.utf8))
        let recorder = FoundationRecorder()
        foundation.delegate = recorder
        foundation.shouldProcessNamespaces = processesNamespaces
        foundation.shouldReportNamespacePrefixes = processesNamespaces
        #expect(foundation.parse())

        let parser = XMLStreamParser(
            handler: GuideMapping(processesNamespaces: processesNamespaces),
            options: XMLParserOptions(processesNamespaces: processesNamespaces, reportsNamespacePrefixes: processesNamespaces))
        try parser.parse(Array(Self.document.utf8))
        #expect(parser.handler.seen == recorder.seen)

        // The differences the guide names, seen directly.
        let plain = try #require(recorder.seen.first { $0.elementName == "plain" })
        if processesNamespaces {
            #expect(plain.namespaceURI == "")
            #expect(plain.qName == "plain")
            #expect(recorder.seen.contains(Seen(kind: "map", elementName: "", namespaceURI: "")))
        } else {
            #expect(plain.namespaceURI == nil)
            #expect(plain.qName == nil)
            #expect(recorder.seen.contains { $0.elementName == "g:text" })
        }
    }

    @Test("XMLStack itself gives nil for no namespace and the name as written in both modes")
    func ours() throws {
        struct Names: XMLEventHandler {
            var uris: [String?] = []
            var qualified: [String] = []
            var prefixes: [String?] = []
            mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
                uris.append(name.namespaceURI?.string)
                qualified.append(name.qualifiedName)
            }
            mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) { prefixes.append(prefix?.string) }
        }
        for processesNamespaces in [false, true] {
            let parser = XMLStreamParser(handler: Names(), options: XMLParserOptions(processesNamespaces: processesNamespaces))
            try parser.parse(Array(Self.document.utf8))
            #expect(parser.handler.qualified == ["root", "plain", "g:text", "d", "e", "u"])
            #expect(parser.handler.uris == (processesNamespaces ? [nil, nil, "urn:g", "urn:d", "urn:d", nil] : Array(repeating: nil, count: 6)))
            #expect(parser.handler.prefixes == (processesNamespaces ? ["g", nil, nil] : []))
        }
    }
}
