// Generated from docs/MigratingFromFoundation.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import FoundationXML
import XMLStreaming

// docs/MigratingFromFoundation.md:15
final class TitleDelegate: NSObject, XMLParserDelegate {
    var titles: [String] = []
    var text = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        text = ""
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        if elementName == "title" { titles.append(text) }
    }
}


// docs/MigratingFromFoundation.md:48
struct TitleCollector: XMLEventHandler {
    var titles: [String] = []
    var text: [UInt8] = []

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        text.removeAll(keepingCapacity: true)
    }
    mutating func characters(_ piece: XMLStringView) {
        piece.withUnsafeBytes { text.append(contentsOf: $0) }
    }
    mutating func endElement(_ name: XMLName) {
        if name.localName == "title" { titles.append(String(decoding: text, as: UTF8.self)) }
    }
}


// docs/MigratingFromFoundation.md:149
struct Codes: XMLEventHandler {
    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        let code = attributes["code"]?.string                   // attributeDict["code"]
        let note = attributes[localName: "note", namespace: "urn:extra"]   // by local name and namespace
        for attribute in attributes {                           // document order
            print(attribute.name.qualifiedName, attribute.value.string)
        }
        let all: [String: String] = attributes.dictionary       // the old dictionary, if you need it
        print(code ?? "", note?.string ?? "", all.count)
    }
}

// docs/MigratingFromFoundation.md:192
struct FirstTitle: XMLEventHandler {
    struct Found: Error { let title: String }
    var inTitle = false
    var text = ""
    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) { inTitle = name.localName == "title" }
    mutating func characters(_ piece: XMLStringView) { if inTitle { text += piece.string } }
    mutating func endElement(_ name: XMLName) throws {
        if inTitle { throw Found(title: text) }
    }
}


var failures = 0
failures += await example("docs/MigratingFromFoundation.md:15") {
    let data = try Data(contentsOf: URL(fileURLWithPath: "feed.xml"))
    #if canImport(FoundationXML)
    #endif

    let parser = XMLParser(data: data)
    let delegate = TitleDelegate()
    parser.delegate = delegate
    guard parser.parse() else { throw parser.parserError! }
    print(delegate.titles)
    _ = data
    _ = parser
    _ = delegate
}
failures += await example("docs/MigratingFromFoundation.md:48") {
    let data = try Data(contentsOf: URL(fileURLWithPath: "feed.xml"))
    let parser = XMLStreamParser(handler: TitleCollector())
    try parser.parse(data)                 // throws XMLParseError; no Bool to check
    print(parser.handler.titles)
    _ = data
    _ = parser
}
failures += await example("docs/MigratingFromFoundation.md:149") {

}
failures += await example("docs/MigratingFromFoundation.md:184") {
    let parser = XMLStreamParser(
        handler: TitleCollector(),
        options: XMLParserOptions(processesNamespaces: false, reportsNamespacePrefixes: false))
    _ = parser
}
failures += await example("docs/MigratingFromFoundation.md:192") {
    do {
        try XMLStreamParser(handler: FirstTitle()).parse(contentsOf: "feed.xml")
    } catch let found as FirstTitle.Found {
        print(found.title)   // parsing stopped at the first </title>
    }
}
failures += await example("docs/MigratingFromFoundation.md:254") {
    let reader = try XMLEventReader(contentsOf: "feed.xml")
    var titles: [String] = []
    var inTitle = false
    while let event = try reader.next() {
        switch event {
        case .startElement(let name, _): inTitle = name.localName == "title"
        case .characters(let text) where inTitle: titles.append(text)   // adjacent text already joined
        case .endElement: inTitle = false
        default: break
        }
    }
    _ = reader
    _ = titles
    _ = inTitle
}
exit(failures == 0 ? 0 : 1)
