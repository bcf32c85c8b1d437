import Testing
import XMLTestSupport

@testable import XMLStreaming

/// Sound tags skip the repairer's state machine (`MarkupRepairer+WellFormedTags`). Fed one
/// byte at a time, no tag is ever whole in a chunk, so the state machine reads them all:
/// the two readings must write the same bytes, make the same repairs and end at the same
/// position.
@Suite("Recovering reader: sound tags passed through")
struct RecoveryPassThroughTests {
    /// Tags on both sides of every condition of the pass-through.
    static let tags: [String] = [
        "<a/>", "<a />", "<a\t/>", "<a>x</a>", "<a >x</a >", "<a>x</a\t>", "<a.b-c_1>x</a.b-c_1>",
        "<a x=\"1\" y='2'>x</a>", "<a x=\"1\"y=\"2\"/>", "<a x = \"1\"/>", "<a x=\"1\" x=\"2\"/>",
        "<a x=\"caf\u{E9} \u{2603} \u{1F600}\">\u{E9}</a>", "<a x=\"a>b\"/>", "<a x=\"a&amp;b\"/>", "<a x=\"a<b\"/>",
        "<a x=\"a\tb\"/>", "<a\nx=\"1\"/>", "<a x=\"1\"\n/>", "<a x=1/>", "<a x/>", "<a 1=\"1\"/>", "<a x=\"1\" / >",
        "<p:a xmlns:p=\"u\">x</p:a>", "<a xmlns=\"u\">x</a>", "<a p:x=\"1\"/>", "<a xmlnsx=\"1\"/>", "<:a/>",
        "<\u{E9}t\u{E9}>x</\u{E9}t\u{E9}>", "<a>x</b>", "<a>x</ab>", "<ab>x</a>", "<a x=\"\u{FFFE}\"/>",
        "<a " + (1...16).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + "/>",
        "<a " + (1...17).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + "/>",
        "<a " + (1...17).map { "a\($0 % 17)=\"\($0)\"" }.joined(separator: " ") + "/>",
    ]

    /// The tag inside a small document; the stray `&` after it is a repair whose column
    /// shows the position the tag left behind.
    static func document(_ tag: String) -> [UInt8] {
        Array("<?xml version=\"1.0\"?>\n<root>\n <t>".utf8) + Array(tag.utf8) + Array("</t> & \n</root>\n".utf8)
    }

    struct Reading: Equatable {
        var output: [UInt8]
        var repairs: [String]
        var line: Int
        var column: Int
        var offset: Int64
        var passed: Int
    }

    /// Runs the repairer alone, in chunks of `chunkSize` bytes (whole characters).
    static func read(_ input: [UInt8], chunkSize: Int, namespaced: Bool) throws -> Reading {
        var repairer = MarkupRepairer(namespaced: namespaced, illegalCharacters: .strip, tokenLimit: 1 << 20)
        var output: [UInt8] = []
        var start = 0
        repeat {
            // The decoder in front of the repairer hands it whole characters.
            var end = min(input.count, start + chunkSize)
            while end < input.count && input[end] & 0xC0 == 0x80 { end += 1 }
            let isFinal = end == input.count
            try input[start..<end].withUnsafeBufferPointer { try repairer.process($0, notes: [], isFinal: isFinal) }
            repairer.withOutput { output += $0 }
            start = end
        } while start < input.count
        let repairs = repairer.repairs.map { "\($0.kind)@\($0.line):\($0.column) \($0.message)" }
        return Reading(
            output: output, repairs: repairs, line: repairer.line, column: repairer.column, offset: repairer.offset,
            passed: repairer.passedTags)
    }

    @Test("each tag reads the same whole and byte by byte", arguments: tags)
    func sameAsStateMachine(_ tag: String) throws {
        let input = Self.document(tag)
        for namespaced in [true, false] {
            var whole = try Self.read(input, chunkSize: input.count, namespaced: namespaced)
            var split = try Self.read(input, chunkSize: 1, namespaced: namespaced)
            #expect(split.passed == 0)
            whole.passed = 0
            split.passed = 0
            #expect(whole == split, "namespaced: \(namespaced)")
        }
    }

    @Test("sound tags are passed through, and damaged ones are not")
    func exercised() throws {
        // <root> and </root> are the root's (the state machine's); <t>, <a>, </a>, </t> pass.
        let sound = try Self.read(Self.document("<a x=\"1\" y='2'>x</a>"), chunkSize: 1 << 20, namespaced: true)
        #expect(sound.passed == 4)
        #expect(sound.repairs == ["stray-ampersand@3:30 \"&\" does not start a reference; escaped as &amp;"])
        let repeated = try Self.read(Self.document("<a x=\"1\" x=\"2\"/>"), chunkSize: 1 << 20, namespaced: true)
        #expect(repeated.passed == 2)
        #expect(repeated.repairs.count == 2)
        let prefixed = try Self.read(Self.document("<p:a xmlns:p=\"u\">x</p:a>"), chunkSize: 1 << 20, namespaced: true)
        #expect(prefixed.passed == 3)  // the end tag matches the open element's name
        #expect(try Self.read(Self.document("<p:a xmlns:p=\"u\">x</p:a>"), chunkSize: 1 << 20, namespaced: false).passed == 4)
    }

    @Test("events and their positions are the same whole and byte by byte")
    func eventPositions() throws {
        let input = Array(Self.tags.joined(separator: "\n").utf8)
        func events(chunkSize: Int) throws -> ([XMLEvent], [XMLPosition]) {
            let options = XMLParserOptions(recovery: .default)
            let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true), options: options)
            try parser.feed(Array("<root>".utf8))
            for piece in ChunkSplitter.pieces(of: input, size: chunkSize) { try parser.feed(piece) }
            try parser.feed(Array("</root>".utf8))
            try parser.finish()
            return (parser.handler.events, parser.handler.positions)
        }
        // Repairs come before the events of the chunk they were made in, and so can split a
        // text: they are compared apart, by their own positions, and the texts joined.
        func apart(_ events: ([XMLEvent], [XMLPosition])) -> (events: [String], repairs: [String]) {
            var result: (events: [String], repairs: [String]) = ([], [])
            var text: (String, XMLPosition)?
            for (event, position) in zip(events.0, events.1) {
                switch event {
                case .repaired(let repair): result.repairs.append("\(repair.kind) \(repair)")
                case .characters(let piece): text = ((text?.0 ?? "") + piece, text?.1 ?? position)
                default:
                    if let (joined, at) = text { result.events.append("\(at):\(at.byteOffset) \(XMLEvent.characters(joined))") }
                    text = nil
                    result.events.append("\(position):\(position.byteOffset) \(event)")
                }
            }
            return result
        }
        let whole = apart(try events(chunkSize: input.count))
        let split = apart(try events(chunkSize: 1))
        #expect(whole.events == split.events)
        #expect(whole.repairs == split.repairs)
        #expect(whole.events.count > 50)
        #expect(whole.repairs.count > 10)
    }

    @Test("valid UTF-8 skips the decoder's copy; a split character waits for the next chunk")
    func decoderPassThrough() throws {
        var decoder = RecoveringDecoder(override: nil)
        var output: [UInt8] = []
        var notes: [RecoveringDecoder.Note] = []
        // The encoding is decided on the first chunk, which is decoded.
        Array("<?xml version=\"1.0\"?><r>".utf8).withUnsafeBytes { decoder.decode($0, isFinal: false, into: &output, notes: &notes) }
        let split = Array("caf\u{E9}".utf8).dropLast()
        #expect(Array(split).withUnsafeBytes { decoder.passThroughLength($0, isFinal: false) } == 3)
        // The kept byte goes through the decoder with the rest of its character.
        #expect(([0xA9, 0x20] as [UInt8]).withUnsafeBytes { decoder.passThroughLength($0, isFinal: false) } == nil)
        output.removeAll()
        ([0xA9, 0x20] as [UInt8]).withUnsafeBytes { decoder.decode($0, isFinal: false, into: &output, notes: &notes) }
        #expect(output == Array("\u{E9} ".utf8))
        #expect(Array("plain text, then \u{1F600}".utf8).withUnsafeBytes { decoder.passThroughLength($0, isFinal: false) } == 21)
        #expect(([0x61, 0xE9, 0x62] as [UInt8]).withUnsafeBytes { decoder.passThroughLength($0, isFinal: false) } == nil)
        #expect(notes.isEmpty)
    }
}
