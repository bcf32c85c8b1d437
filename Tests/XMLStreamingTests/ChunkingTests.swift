import Foundation
import Testing
import XMLStreaming
import XMLTestSupport

@Suite("Input split anywhere gives the same events")
struct ChunkingTests {
    @Test("Feeding a fixture one byte at a time gives exactly the events of feeding it whole", arguments: Fixture.all)
    func oneByteAtATime(fixture: String) throws {
        let bytes = try Fixture.bytes(fixture)
        let whole = try EventRecorder.events(of: bytes)
        let byByte = try EventRecorder.events(of: bytes, chunkSize: 1)
        #expect(byByte == whole)
        #expect(whole.first == .startDocument && whole.last == .endDocument)
    }

    @Test("Cutting a fixture in two at every byte gives the same events", arguments: ["multibyte.xml", "book-table-8-8.xml", "utf16le-bom.xml", "windows1252.xml"])
    func everySplit(fixture: String) throws {
        let bytes = try Fixture.bytes(fixture)
        let whole = try EventRecorder.events(of: bytes)
        for (first, second) in ChunkSplitter.everySplit(of: bytes) {
            let parser = XMLStreamParser(handler: XMLEventCollector())
            try parser.feed(first)
            try parser.feed(second)
            try parser.finish()
            #expect(parser.handler.events == whole, "split at \(first.count)")
        }
    }

    @Test("A bad document fails at the same place whether fed whole or one byte at a time")
    func errorsIndependentOfChunking() throws {
        for xml in [
            try Fixture.bytes("macroman-declared-utf8.xml"), Array("<r>\n  <a>K\u{00F6}ln</b>\n</r>".utf8),
            Array("<r><a x='1' x='2'/></r>".utf8),
        ] {
            let whole = try #require(throws: XMLParseError.self) { try EventRecorder.events(of: xml) }
            let byByte = try #require(throws: XMLParseError.self) { try EventRecorder.events(of: xml, chunkSize: 1) }
            #expect(byByte.code == whole.code)
            #expect(byByte.position == whole.position)
            #expect(byByte.message == whole.message)
        }
    }

    @Test("Text arrives in pieces that the collector joins: K + öln")
    func textInPieces() throws {
        struct Pieces: XMLEventHandler {
            var pieces: [String] = []
            mutating func characters(_ text: XMLStringView) { pieces.append(text.string) }
        }
        let parser = XMLStreamParser(handler: Pieces())
        for byte in "<c>Köln</c>".utf8 { try parser.feed([byte]) }
        try parser.finish()
        #expect(parser.handler.pieces.count > 1)
        #expect(parser.handler.pieces.joined() == "Köln")
    }

    @Test("Every convenience gives the same events: file, URL, descriptor, bytes, string, async chunks")
    func conveniences() async throws {
        let path = Fixture.path("schedule.xml")
        let bytes = try Fixture.bytes("schedule.xml")
        let expected = try EventRecorder.events(of: bytes)
        let parser = XMLStreamParser(handler: XMLEventCollector())

        func take() -> [XMLEvent] { parser.handler.takeEvents() }
        try parser.parse(contentsOf: path)
        #expect(take() == expected)
        try parser.parse(contentsOf: Fixture.url("schedule.xml"))
        #expect(take() == expected)
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        try parser.parse(fileDescriptor: fd)
        #expect(take() == expected)
        try parser.parse(bytes)
        #expect(take() == expected)
        try parser.parse(String(decoding: bytes, as: UTF8.self))
        #expect(take() == expected)
        try parser.parse(Data(bytes))
        #expect(take() == expected)
        try parser.parse(bytes[...])
        #expect(take() == expected)
        let chunks = AsyncStream<[UInt8]> { continuation in
            for piece in ChunkSplitter.pieces(of: bytes, size: 7) { continuation.yield(Array(piece)) }
            continuation.finish()
        }
        try await parser.parse(chunks)
        #expect(take() == expected)
    }
}
