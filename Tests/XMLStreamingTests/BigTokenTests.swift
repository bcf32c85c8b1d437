import Testing
import XMLTestSupport

@testable import XMLStreaming

@Suite("A token spanning many chunks is scanned a bounded number of times")
struct BigTokenTests {
    private let valueLength = 4 * 1024 * 1024
    private var document: [UInt8] {
        Array("<r><a v='".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: valueLength) + Array("'/>ok</r>".utf8)
    }
    private var options: XMLParserOptions { XMLParserOptions(limits: .unlimited, chunkSize: 64 * 1024) }

    struct ValueLength: XMLEventHandler {
        var length = 0
        var text = ""
        mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
            if let v = attributes["v"] { length = v.count }
        }
        mutating func characters(_ text: XMLStringView) { self.text += text.string }
    }

    @Test("Fed in 4 KiB pieces, a 4 MiB attribute value reaches expat in geometrically growing pieces")
    func pushFeedHoldsBack() throws {
        let parser = XMLStreamParser(handler: ValueLength(), options: options)
        for piece in ChunkSplitter.pieces(of: document, size: 4096) { try parser.feed(piece) }
        try parser.finish()
        #expect(parser.handler.length == valueLength)
        #expect(parser.handler.text == "ok")
        let calls = parser.receiver.expatParseCalls
        if ExpatLibrary.hasReparseDeferral {
            // expat defers re-scanning itself: every piece goes to it as it comes.
            #expect(calls >= 1025, "\(calls)")
        } else {
            // 1,025 pieces; without holding back, expat would re-scan the token on each.
            #expect(calls > 1 && calls < 40, "\(calls)")
        }
    }

    @Test("Read from a file, the read size grows with the pending token")
    func fileReadGrows() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(document, named: "big.xml")
        let parser = XMLStreamParser(handler: ValueLength(), options: options)
        try parser.parse(contentsOf: path)
        #expect(parser.handler.length == valueLength)
        let calls = parser.receiver.expatParseCalls
        // The 4 MiB file in fixed 64 KiB reads would be 65 calls; growing the read with the
        // pending token makes it fewer on an expat that re-scans.
        #expect(calls > 1, "\(calls)")
        if !ExpatLibrary.hasReparseDeferral { #expect(calls < 20, "\(calls)") }
    }

    @Test("The pull reader and the async sequence handle the same token")
    func pullAndAsync() async throws {
        let reader = XMLEventReader(bytes: document, options: options)
        var found = 0
        while let event = try reader.next() {
            if case .startElement(_, let attributes) = event { found = max(found, attributes.first?.value.utf8.count ?? 0) }
        }
        #expect(found == valueLength)
        let pieces = ChunkSplitter.pieces(of: document, size: 8192)
        let chunks = AsyncStream<[UInt8]> { continuation in
            for piece in pieces { continuation.yield(Array(piece)) }
            continuation.finish()
        }
        var asyncFound = 0
        for try await event in XMLEventStream(chunks, options: options) {
            if case .startElement(_, let attributes) = event { asyncFound = max(asyncFound, attributes.first?.value.utf8.count ?? 0) }
        }
        #expect(asyncFound == valueLength)
    }
}
