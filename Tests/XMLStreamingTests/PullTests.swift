import Foundation
import Testing
@testable import XMLStreaming
import XMLTestSupport

@Suite("Pull: an iterator and an AsyncSequence over the same events")
struct PullTests {
    private func drain(_ reader: XMLEventReader) throws -> [XMLEvent] {
        var events: [XMLEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    @Test("The reader yields exactly the push parser's events", arguments: Fixture.all)
    func readerMatchesPush(fixture: String) throws {
        let expected = try EventRecorder.events(of: Fixture.bytes(fixture))
        #expect(try drain(XMLEventReader(contentsOf: Fixture.path(fixture))) == expected)
        #expect(try drain(XMLEventReader(bytes: Fixture.bytes(fixture))) == expected)
    }

    @Test("The reader parses only as far as it needs: the first event comes before the input is read")
    func readerIsLazy() throws {
        // The pipe holds only a start tag and then ends: a reader that read everything before
        // answering would throw at once; a lazy one first hands out what it has.
        var pipe: [Int32] = [0, 0]
        #expect(Foundation.pipe(&pipe) == 0)
        let head = Array("<r>".utf8)
        _ = head.withUnsafeBytes { write(pipe[1], $0.baseAddress, $0.count) }
        close(pipe[1])
        let reader = XMLEventReader(fileDescriptor: pipe[0], name: "pipe")
        #expect(try reader.next() == .startDocument)
        #expect(try reader.next() == .startElement("r", attributes: []))
        #expect(throws: XMLParseError.self) { try reader.next() }
        #expect(try reader.next() == nil)
        close(pipe[0])
    }

    @Test("The reader tells the position of each event it returns")
    func readerPositions() throws {
        let reader = try XMLEventReader(contentsOf: Fixture.path("book-table-8-8.xml"))
        var positions: [String] = []
        while let event = try reader.next() {
            if case .startElement(let name, _) = event { positions.append("\(name.qualifiedName)@\(reader.position)") }
            if case .characters(let text) = event { positions.append("\(text)@\(reader.position)") }
        }
        #expect(
            positions == [
                "hello@1:1", "g:text@1:29", "Hallo Welt@1:51", "g:text@1:91", "Hello @2:15", "m:u@2:21", "world@2:26",
                "m:break@2:37",
            ])
    }

    @Test("The reader reports errors with their position and then ends")
    func readerError() throws {
        let reader = XMLEventReader(string: "<r>\n<a></b></r>")
        #expect(try reader.next() == .startDocument)
        #expect(try reader.next() == .startElement("r", attributes: []))
        var caught: XMLParseError?
        do { while try reader.next() != nil {} } catch let error as XMLParseError { caught = error }
        #expect(caught?.code == .tagMismatch)
        #expect(caught?.position.line == 2)
        #expect(reader.position == caught?.position)
        #expect(try reader.next() == nil)
    }

    @Test("The async sequence yields the same events from chunks split anywhere")
    func asyncSequence() async throws {
        let bytes = try Fixture.bytes("everything.xml")
        let expected = try EventRecorder.events(of: bytes)
        for size in [1, 3, 64, 100_000] {
            let chunks = AsyncStream<[UInt8]> { continuation in
                for piece in ChunkSplitter.pieces(of: bytes, size: size) { continuation.yield(Array(piece)) }
                continuation.finish()
            }
            var events: [XMLEvent] = []
            for try await event in XMLEventStream(chunks) { events.append(event) }
            #expect(events == expected, "chunks of \(size)")
        }
    }

    @Test("Pulling a large document keeps only a few events in memory at a time")
    func boundedQueue() throws {
        // A reader that collected everything first would hand out the same events: check
        // what it read before the first item, and the most events it ever held.
        var xml = "<r>"
        for i in 0..<50_000 { xml += "<item n='\(i)'>text \(i)</item>" }
        xml += "</r>"
        let reader = XMLEventReader(string: xml, options: XMLParserOptions(chunkSize: 4096))
        var count = 0
        var readAtFirstItem: Int64 = -1
        while try reader.next() != nil {
            count += 1
            if count == 3 { readAtFirstItem = reader.bytesFed }
        }
        #expect(count == 2 + 1 + 50_000 * 3 + 1)
        #expect(readAtFirstItem > 0 && readAtFirstItem <= 4096, "\(readAtFirstItem)")
        #expect(reader.bytesFed == Int64(xml.utf8.count))
        #expect(reader.mostEventsHeld >= 1 && reader.mostEventsHeld <= 4, "\(reader.mostEventsHeld)")
    }
}
