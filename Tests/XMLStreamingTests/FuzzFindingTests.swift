import Testing
import XMLStreaming
import XMLTestSupport

/// Inputs the fuzz targets (Fuzz/, docs/Fuzzing.md) found, kept as tests.
@Suite("Fuzz findings: the stream parser")
struct StreamFuzzFindingTests {
    /// A control character, then bytes that are not UTF-8 a few characters on: expat
    /// refuses the control character, and the error must say so however the input is fed
    /// (the explanation of bad UTF-8 used to blame the later byte when it was in the buffer).
    @Test("An illegal character before a bad UTF-8 byte is reported as itself, whatever the chunks")
    func controlCharacterBeforeBadByte() throws {
        let bytes: [UInt8] = Array("<r>\u{1}\u{C} bad ".utf8) + [0xFF, 0xFE] + Array(" </r>".utf8)
        var messages: Set<String> = []
        for size in [1, 3, 7, bytes.count] {
            let parser = XMLStreamParser(handler: XMLEventCollector())
            let error = try #require(throws: XMLParseError.self) {
                for piece in ChunkSplitter.pieces(of: bytes, size: size) { try parser.feed(piece) }
                try parser.finish()
            }
            #expect(error.code == .invalidToken, "chunks of \(size)")
            #expect(error.position.line == 1 && error.position.column == 4, "chunks of \(size)")
            messages.insert(error.description)
        }
        #expect(messages.count == 1, "\(messages)")
    }

    /// `</<r>` is refused at its second `<`; a bad byte a few characters on used to be
    /// blamed instead when it happened to be in the same buffer.
    @Test("Markup refused before a bad UTF-8 byte is reported as itself")
    func markupBeforeBadByte() throws {
        let bytes: [UInt8] = Array("</<r>><!--d ".utf8) + [0xFF, 0xFE] + Array(" </r>".utf8)
        let parser = XMLStreamParser(handler: XMLEventCollector())
        let error = try #require(throws: XMLParseError.self) { try parser.parse(bytes) }
        #expect(error.code == .invalidToken)
        #expect(error.position.column == 2)
        #expect(!error.message.contains("UTF-8"))
    }
}
