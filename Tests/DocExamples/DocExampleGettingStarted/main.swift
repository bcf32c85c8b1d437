// Generated from docs/GettingStarted.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLStreaming

// docs/GettingStarted.md:60
struct ElementCounter: XMLEventHandler {
    var total = 0
    var byName: [String: Int] = [:]

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        total += 1
        byName[name.qualifiedName, default: 0] += 1
    }
}


// docs/GettingStarted.md:115
struct Titles: XMLEventHandler {
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
        text.removeAll(keepingCapacity: true)
    }
}

// docs/GettingStarted.md:307
struct TeamsAndHeads: XMLEventHandler {
    var teamCodes: [String] = []
    var isHead = false

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        switch name.localName {
        case "team":
            if let code = attributes["code"] { teamCodes.append(code.string) }   // copied
        case "contact":
            isHead = attributes["isHead"].map { $0 == "YES" } ?? false           // compared in place
        default:
            break
        }
    }
}

// docs/GettingStarted.md:379
struct StrictDates: XMLEventHandler {
    struct BadDate: Error { let value: String; let position: XMLPosition }
    var locator = XMLLocator.detached

    mutating func startDocument(_ locator: XMLLocator) { self.locator = locator }
    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        if let start = attributes["start"], start.count < 10 {
            throw BadDate(value: start.string, position: locator.position)
        }
    }
}

var failures = 0
failures += await example("docs/GettingStarted.md:60") {
    let parser = XMLStreamParser(handler: ElementCounter())
    try parser.parse(contentsOf: "schedule.xml")
    print(parser.handler.total, parser.handler.byName)
    _ = parser
}
failures += await example("docs/GettingStarted.md:81") {
    let counts = try XMLStreamParser.parse(contentsOf: "schedule.xml", with: ElementCounter())
    _ = counts
}
failures += await example("docs/GettingStarted.md:115") {

}
failures += await example("docs/GettingStarted.md:151") {
    let fileURL = URL(fileURLWithPath: "feed.xml")
    let bytes = Array("<feed/>".utf8)
    let fd = open("feed.xml", O_RDONLY)
    defer { close(fd) }
    let chunks = AsyncStream<[UInt8]> { continuation in
        continuation.yield(Array("<feed><item/></feed>".utf8))
        continuation.finish()
    }
    let parser = XMLStreamParser(handler: ElementCounter())

    try parser.parse(contentsOf: "feed.xml")            // a file path; streamed, never read whole
    try parser.parse(contentsOf: fileURL)               // a file URL (other URL schemes are refused)
    try parser.parse(bytes)                             // [UInt8], Data, ArraySlice<UInt8>, …
    try parser.parse("<r>text</r>")                     // a String, fed as UTF-8
    try parser.parseStandardInput()                     // stdin until it ends; errors say "<stdin>"
    try parser.parse(fileDescriptor: fd, name: "feed")  // a file, pipe or socket; fd is not closed
    try await parser.parse(chunks)                      // an AsyncSequence of byte chunks
    _ = fileURL
    _ = bytes
    _ = fd
    _ = chunks
    _ = parser
}
failures += await example("docs/GettingStarted.md:173") {
    let parser = XMLStreamParser(handler: ElementCounter())
    let chunks = AsyncStream<[UInt8]> { continuation in
        // yield chunks as they arrive from the network, a queue, …
        continuation.yield(Array("<feed><item/>".utf8))
        continuation.yield(Array("</feed>".utf8))
        continuation.finish()
    }
    try await parser.parse(chunks)
    _ = parser
    _ = chunks
}
failures += await example("docs/GettingStarted.md:195") {
    let incomingChunks = ["<feed>", "<item/>", "</feed>"]
    let parser = XMLStreamParser(handler: ElementCounter())
    parser.fileName = "upstream feed"   // optional: names the input in errors
    for chunk in incomingChunks {       // [UInt8], Data, String, or an UnsafeRawBufferPointer
        try parser.feed(chunk)
    }
    try parser.finish()                 // checks that the document is complete, sends endDocument
    _ = incomingChunks
    _ = parser
}
failures += await example("docs/GettingStarted.md:221") {
    let reader = try XMLEventReader(contentsOf: "schedule.xml")
    var sites = 0
    while let event = try reader.next() {
        if case .startElement(let name, let attributes) = event, name.localName == "site" {
            sites += 1
            print(attributes.first?.value ?? "", "at", reader.position)
        }
    }
    _ = reader
    _ = sites
}
failures += await example("docs/GettingStarted.md:246") {
    let chunks = AsyncStream<[UInt8]> { continuation in
        continuation.yield(Array("<feed><item/></feed>".utf8))
        continuation.finish()
    }
    for try await event in XMLEventStream(chunks, name: "feed.xml") {
        print(event)
    }
    _ = chunks
}
failures += await example("docs/GettingStarted.md:264") {
    let reader = XMLEventReader(string: "<a>hi</a>")
    while let event = try reader.next() {
        switch event {
        case .startElement(let name, _): print("<\(name.qualifiedName)>")
        case .characters(let text): print(text)
        case .endElement(let name): print("</\(name.qualifiedName)>")
        default: break   // every other event, including those added later
        }
    }
    _ = reader
}
failures += await example("docs/GettingStarted.md:278") {
    let parser = XMLStreamParser(handler: XMLEventCollector())
    try parser.parse("<a x='1'>hi</a>")
    print(parser.handler.events)
    // [startDocument, startElement a x="1", characters "hi", endElement a, endDocument]
    _ = parser
}
failures += await example("docs/GettingStarted.md:307") {

}
failures += await example("docs/GettingStarted.md:349") {
    let parser = XMLStreamParser(handler: ElementCounter())
    do {
        try parser.parse(contentsOf: "feed.xml")
    } catch let error as XMLParseError {
        print(error)                     // feed.xml:2:8: error: mismatched tag
        switch error.code {
        case .tagMismatch, .invalidToken: break          // malformed
        case .depthLimitExceeded, .textTooLong: break    // a limit, see Security.md
        case .invalidEncoding: break                     // bytes that are not valid UTF-8
        default: break
        }
    } catch let error as XMLInputError {
        print(error)                     // feed.xml: error: No such file or directory
    } catch {
        print("stopped at \(parser.position): \(error)")   // thrown by ElementCounter
    }
    _ = parser
}
failures += await example("docs/GettingStarted.md:379") {

}
failures += await example("docs/GettingStarted.md:425") {
    let options = XMLParserOptions(encoding: .macRoman)   // or .windows1252, "KOI8-R", …
    let parser = XMLStreamParser(handler: ElementCounter(), options: options)
    _ = options
    _ = parser
}
failures += await example("docs/GettingStarted.md:437") {
    let options = XMLParserOptions(
        processesNamespaces: true,        // resolve prefixes (default true)
        reportsNamespacePrefixes: true,  // send start/endPrefixMapping events (default true)
        encoding: nil,                  // override the declared encoding (default: as declared)
        limits: .default,               // depth, sizes, amplification: see Security.md
        chunkSize: 256 * 1024           // bytes per read; never less than 4 KiB
    )
    _ = options
}
exit(failures == 0 ? 0 : 1)
