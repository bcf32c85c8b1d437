import Foundation
import Testing
import XMLStreaming
import XMLTestSupport

/// The encodings expat does not read itself, converted to UTF-8 by iconv ahead of it. The
/// feeds in `Fixtures/encodings` were written with Python's codecs
/// (`scripts/make-encoding-fixtures.py`): each `NAME.xml` has a twin `NAME.utf8.xml`, Python's
/// decoding of its bytes declared UTF-8, and `NAME.starts`, the line, column and byte offset
/// of every start tag in `NAME.xml`.
@Suite("Encodings through iconv: multi-byte, stateful, UTF-32, EBCDIC, and every name for them")
struct EncodingTranscodingTests {
    static let feeds = [
        "big5", "big5-hkscs", "gb2312", "gbk", "gb18030", "euc-kr", "cp949", "euc-jp", "shift_jis", "cp932", "iso-2022-jp",
        "utf-32", "utf-32be", "utf-32be-bom", "ibm866", "tis-620", "koi8-r", "ibm037",
    ]

    private static func bytes(_ name: String) throws -> [UInt8] { try Fixture.bytes("encodings/\(name)") }

    /// The events but the declaration's, which names the encoding.
    private static func content(_ events: [XMLEvent]) -> [XMLEvent] {
        events.filter { if case .xmlDeclaration = $0 { return false }; return true }
    }

    private static func startPositions(of bytes: [UInt8], chunkSize: Int? = nil) throws -> [XMLPosition] {
        let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true))
        for piece in ChunkSplitter.pieces(of: bytes, size: chunkSize ?? bytes.count) { try parser.feed(piece) }
        try parser.finish()
        return zip(parser.handler.events, parser.handler.positions).compactMap {
            if case .startElement = $0.0 { return $0.1 }
            return nil
        }
    }

    @Test("Each feed gives the characters Python's codecs give, whole and fed in pieces", arguments: feeds)
    func sameCharactersAsPython(feed: String) throws {
        let oracle = try Self.content(EventRecorder.events(of: Self.bytes("\(feed).utf8.xml")))
        let input = try Self.bytes("\(feed).xml")
        #expect(try Self.content(EventRecorder.events(of: input)) == oracle)
        // Pieces that cut characters, shift sequences and the declaration.
        for size in [1, 2, 3, 7, 64] {
            #expect(try Self.content(EventRecorder.events(of: input, chunkSize: size)) == oracle, "chunks of \(size)")
        }
        // The declaration still names the encoding the document declared.
        let declaration = try EventRecorder.events(of: input).compactMap { event -> XMLDeclaration? in
            if case .xmlDeclaration(let declaration) = event { return declaration }
            return nil
        }.first
        #expect(declaration?.encoding != "UTF-8")
    }

    @Test("Lines and columns are the input's characters, byte offsets the input's bytes", arguments: feeds)
    func positionsAreTheInputs(feed: String) throws {
        let expected = try String(decoding: Self.bytes("\(feed).starts"), as: UTF8.self).split(separator: "\n").map { row in
            let fields = row.split(separator: ":").map { Int($0)! }
            return XMLPosition(line: fields[0], column: fields[1], byteOffset: Int64(fields[2]))
        }
        let input = try Self.bytes("\(feed).xml")
        let actual = try Self.startPositions(of: input)
        #expect(actual == expected, "\(actual.prefix(4)) \(expected.prefix(4))")
        #expect(try Self.startPositions(of: input, chunkSize: 5) == expected)
    }

    @Test("A byte sequence the encoding does not allow stops the document where it is, naming the encoding")
    func invalidSequence() throws {
        // 0x81 0x20: a Shift_JIS lead byte followed by a space.
        let header = Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<a>".utf8)  // 46 bytes
        let input = header + [0x82, 0xA0] + Array("ok\n  <b>x".utf8) + [0x81, 0x20] + Array("y</b></a>\n".utf8)
        for size in [nil, 1, 3] {
            let parser = XMLStreamParser(handler: XMLEventCollector())
            let error = try #require(throws: XMLParseError.self) {
                for piece in ChunkSplitter.pieces(of: input, size: size ?? input.count) { try parser.feed(piece) }
                try parser.finish()
            }
            #expect(error.code == .invalidEncoding)
            #expect(error.position == XMLPosition(line: 3, column: 7, byteOffset: 57))
            #expect(error.message.contains("0x81 0x20 at offset 57 are not a character of Shift_JIS"), "\(error.message)")
            // What came before was read.
            #expect(parser.handler.events.contains(.characters("あok\n  ")))
            #expect(parser.handler.events.last == .startElement(XMLQualifiedName(localName: "b"), attributes: []))
        }
    }

    @Test("The bytes an error names do not depend on where the input was cut")
    func invalidSequenceInPieces() throws {
        // UTF-7: +ENTITY leaves four bits that are not zero, so the space that ends it is wrong.
        let input = Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<a>+ENTITY #x</a>".utf8)
        for size in [input.count, 1, 2, 3, 5] {
            let parser = XMLStreamParser(handler: XMLEventCollector())
            let error = try #require(throws: XMLParseError.self) {
                for piece in ChunkSplitter.pieces(of: input, size: size) { try parser.feed(piece) }
                try parser.finish()
            }
            #expect(error.position == XMLPosition(line: 2, column: 6, byteOffset: 49), "chunks of \(size)")
            #expect(error.message.contains("the bytes 0x20 0x23 at offset 49 are not a character of UTF-7"), "\(error.message)")
        }
    }

    @Test("Input that ends inside a character is an error at its end")
    func truncatedCharacter() throws {
        let input = Array("<?xml version='1.0' encoding='GB18030'?><a>".utf8) + [0x81, 0x30, 0x81]
        let parser = XMLStreamParser(handler: XMLEventCollector())
        let error = try #require(throws: XMLParseError.self) { try parser.parse(input) }
        #expect(error.code == .invalidEncoding)
        #expect(error.position.byteOffset == 43)
        #expect(error.message.contains("ends inside a character of GB18030"), "\(error.message)")
    }

    @Test("The recovering reader reads a wrong sequence as U+FFFD, reports it, and goes on")
    func recoveryRepairsWrongSequences() throws {
        let input = Array("<?xml version='1.0' encoding='EUC-JP'?><a>".utf8) + [0xC6, 0xFC, 0xFF, 0xCB, 0xDC] + Array("</a>".utf8)
        let events = try EventRecorder.events(of: input, options: XMLParserOptions(recovery: XMLRecovery()))
        #expect(events.contains(.characters("日\u{FFFD}本")))
        let repairs = events.compactMap { if case .repaired(let repair) = $0 { return repair }; return nil }
        #expect(repairs.count == 1)
        #expect(repairs.first?.message.contains("does not begin a EUC-JP character") == true)
    }

    @Test("A caller's override reads through iconv too")
    func overrideThroughIconv() throws {
        // Declared UTF-8 but saved as GBK: the override decides.
        let input = Array("<?xml version='1.0' encoding='UTF-8'?><a>".utf8) + [0xD6, 0xD0, 0xCE, 0xC4] + Array("</a>".utf8)
        let events = try EventRecorder.events(of: input, options: XMLParserOptions(encoding: "gbk"))
        #expect(events.contains(.characters("中文")))
    }

    @Test(
        "Names match as IANA and iconv match them, in a declaration and as an override",
        arguments: [
            ("latin1", "ISO-8859-1"), ("latin-1", "ISO-8859-1"), ("l1", "ISO-8859-1"), ("iso8859-1", "ISO-8859-1"),
            ("ISO_8859-1", "ISO-8859-1"), ("ISO-IR-100", "ISO-8859-1"), ("utf8", "UTF-8"), ("UTF8", "UTF-8"),
            ("ascii", "US-ASCII"), ("cp1252", "windows-1252"), ("Windows-1252", "windows-1252"), ("sjis", "shift_jis"),
            ("x-sjis", "shift_jis"), ("gbk", "gbk"), ("CP936", "gbk"), ("gb2312", "gb2312"), ("GB18030", "gb18030"),
            ("ks_c_5601-1987", "cp949"), ("big5", "big5"), ("EUC-JP", "euc_jp"), ("EUC_JP", "euc_jp"), ("ibm866", "cp866"), ("tis-620", "tis_620"),
        ])
    func namesAndAliases(name: String, pythonCodec: String) throws {
        // "é" where the encoding has it; otherwise a character every one of these has.
        let (text, bytes): (String, [UInt8]) =
            switch pythonCodec {
            case "ISO-8859-1", "windows-1252": ("café", Array("caf".utf8) + [0xE9])
            case "UTF-8": ("café", Array("café".utf8))
            case "shift_jis": ("日本", [0x93, 0xFA, 0x96, 0x7B])
            case "gbk", "gb2312", "gb18030": ("中文", [0xD6, 0xD0, 0xCE, 0xC4])
            case "cp949": ("한국", [0xC7, 0xD1, 0xB1, 0xB9])
            case "big5": ("中文", [0xA4, 0xA4, 0xA4, 0xE5])
            case "euc_jp": ("日本", [0xC6, 0xFC, 0xCB, 0xDC])
            case "cp866": ("Мир", [0x8C, 0xA8, 0xE0])
            case "tis_620": ("ไทย", [0xE4, 0xB7, 0xC2])
            default: ("cafe", Array("cafe".utf8))
            }
        let declared = Array("<?xml version=\"1.0\" encoding=\"\(name)\"?><a>".utf8) + bytes + Array("</a>".utf8)
        #expect(try EventRecorder.events(of: declared).contains(.characters(text)), "declared \(name)")
        let undeclared = Array("<a>".utf8) + bytes + Array("</a>".utf8)
        let options = XMLParserOptions(encoding: XMLEncodingName(rawValue: name))
        #expect(try EventRecorder.events(of: undeclared, options: options).contains(.characters(text)), "override \(name)")
        #expect(XMLEncodingName(rawValue: name).isSupported)
    }

    @Test("An unknown encoding's error names it and says what to do")
    func unknownEncodingNamed() throws {
        let parser = XMLStreamParser(handler: XMLEventCollector())
        let error = try #require(throws: XMLParseError.self) {
            try parser.parse("<?xml version='1.0' encoding='x-klingon'?><r/>")
        }
        #expect(error.code == .unknownEncoding)
        #expect(error.message.contains("\"x-klingon\""))
        #expect(error.message.contains("XMLParserOptions.encoding"))
        #expect(!XMLEncodingName(rawValue: "x-klingon").isSupported)
    }

    @Test("UTF-32 without a byte-order mark is recognised as appendix F says; unusual octet orders are refused")
    func utf32Detection() throws {
        let text = "<?xml version='1.0'?><a b='😀'>Ünïcödé</a>"
        for (codec, encode) in [("BE", true), ("LE", false)] {
            var bytes: [UInt8] = []
            for scalar in text.unicodeScalars {
                let value = scalar.value
                let big: [UInt8] = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
                bytes += encode ? big : big.reversed()
            }
            let events = try EventRecorder.events(of: bytes, chunkSize: 3)
            #expect(events.contains(.characters("Ünïcödé")), "UTF-32\(codec)")
        }
        let parser = XMLStreamParser(handler: XMLEventCollector())
        let error = try #require(throws: XMLParseError.self) { try parser.parse([0x00, 0x00, 0x3C, 0x00, 0, 0, 0x61, 0]) }
        #expect(error.code == .unknownEncoding)
        #expect(error.message.contains("2143"))
    }

    @Test("Limits apply to the text expat reads")
    func limitsApply() throws {
        var limits = XMLLimits()
        limits.maximumTextLength = 100
        let input = Array("<?xml version='1.0' encoding='GB18030'?><a>".utf8) + Array(repeating: [0xD6, 0xD0], count: 200).flatMap { $0 }
            + Array("</a>".utf8)
        let parser = XMLStreamParser(handler: XMLEventCollector(), options: XMLParserOptions(limits: limits))
        let error = try #require(throws: XMLParseError.self) { try parser.parse(input) }
        #expect(error.code == .textTooLong)
    }

    @Test("The pull readers read a transcoded feed as the push parser does")
    func pullReaders() async throws {
        let oracle = try Self.content(EventRecorder.events(of: Self.bytes("shift_jis.utf8.xml")))
        let reader = try XMLEventReader(contentsOf: Fixture.path("encodings/shift_jis.xml"))
        var read: [XMLEvent] = []
        while let event = try reader.next() { read.append(event) }
        #expect(Self.content(read) == oracle)
        let input = try Self.bytes("shift_jis.xml")
        let chunks = AsyncStream<[UInt8]> { continuation in
            for piece in ChunkSplitter.pieces(of: input, size: 17) { continuation.yield(Array(piece)) }
            continuation.finish()
        }
        var pulled: [XMLEvent] = []
        for try await event in XMLEventStream(chunks) { pulled.append(event) }
        #expect(Self.content(pulled) == oracle)
    }

    @Test("The pull readers read a transcoded feed larger than a slice, in any chunk size")
    func pullReadersOnLargeInput() async throws {
        // 200,000 bytes of Shift_JIS: several of the stage's 64 KiB slices per read.
        let item = Array("<item a='".utf8) + [0x93, 0xFA] + Array("'>".utf8) + [0x96, 0x7B, 0x8C, 0xEA] + Array("</item>\n".utf8)
        let input = Array("<?xml version='1.0' encoding='Shift_JIS'?>\n<feed>\n".utf8)
            + Array(repeating: item, count: 9_000).flatMap { $0 } + Array("</feed>\n".utf8)
        let expected = try EventRecorder.events(of: input)
        #expect(expected.filter { if case .startElement = $0 { return true }; return false }.count == 9_001)
        let directory = try TemporaryDirectory()
        let path = try directory.write(input, named: "big.xml")
        for chunkSize in [4096, 64 * 1024] {
            let reader = try XMLEventReader(contentsOf: path, options: XMLParserOptions(chunkSize: chunkSize))
            var read: [XMLEvent] = []
            while let event = try reader.next() { read.append(event) }
            #expect(read == expected, "chunk size \(chunkSize)")
        }
        let chunks = AsyncStream<[UInt8]> { continuation in
            for piece in ChunkSplitter.pieces(of: input, size: 150_000) { continuation.yield(Array(piece)) }
            continuation.finish()
        }
        var pulled: [XMLEvent] = []
        for try await event in XMLEventStream(chunks) { pulled.append(event) }
        #expect(pulled == expected)
    }

    @Test("An encoding that writes more than three bytes of UTF-8 for a byte (TSCII) loses nothing")
    func widerThanThreeBytes() throws {
        // TSCII's 0x82 is the four characters of ஸ்ரீ, twelve bytes of UTF-8.
        let input = Array("<?xml version='1.0' encoding='TSCII'?><a>".utf8) + Array(repeating: 0x82, count: 10_000) + Array("</a>".utf8)
        let events = try EventRecorder.events(of: input)
        #expect(events.contains(.characters(String(repeating: "\u{0BB8}\u{0BCD}\u{0BB0}\u{0BC0}", count: 10_000))))
    }

    @Test("In a stateful encoding a tag after a shifted run is placed at its own first byte, however the input is cut")
    func statefulPositionsAfterShiftedRuns() throws {
        // UTF-7: é is +AOk- (or +AOk when a character outside base64 follows), ЖЖ is +BBYEFg.
        // A walk that reached a tag's offset at the end of the input held used to take in
        // the next run's + and first base64 bytes, so positions moved with the chunking.
        let input = Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<r>+AOk-<b/>+BBYEFg<c/>x+AOk<d/>+AOkA6Q-<e/></r>".utf8)
        let offsets: [Int64] = [39, 47, 58, 67, 79]
        for size in [input.count, 1, 2, 3, 4, 5, 7] {
            let positions = try Self.startPositions(of: input, chunkSize: size)
            #expect(positions.map(\.byteOffset) == offsets, "chunks of \(size)")
            #expect(positions.map(\.column) == [1, 5, 11, 17, 23], "chunks of \(size)")
        }
    }

    @Test("A byte-order mark and a declaration of another encoding: the error says they disagree")
    func byteOrderMarkConflict() throws {
        let input = [0xEF, 0xBB, 0xBF] + Array("<?xml version='1.0' encoding='Shift_JIS'?><a/>".utf8)
        let error = try #require(throws: XMLParseError.self) { try XMLStreamParser(handler: XMLEventCollector()).parse(input) }
        #expect(error.message.hasPrefix("the document starts with a UTF-8 byte-order mark but declares Shift_JIS"), "\(error.message)")
    }

    @Test("In a single-byte encoding a truncated document's element is placed by bytes, its name read through the table")
    func singleByteColumns() throws {
        // windows-1252: “x” are one byte each; <ü> is a name outside ASCII.
        let input = Array("<?xml version='1.0' encoding='windows-1252'?>\n<r>\n".utf8) + [0x93, 0x78, 0x94] + Array(" <".utf8) + [0xFC]
            + Array(">text".utf8)
        let error = try #require(throws: XMLParseError.self) { try XMLStreamParser(handler: XMLEventCollector()).parse(input) }
        #expect(error.message == "premature end of input: <ü> opened at 3:5 is not closed")
    }

    @Test("Recovering a transcoded document with many wrong bytes takes linear time")
    func recoveryScaling() {
        let scaling = Scaling.measure(n: 20_000, prepare: { n in
            Array("<?xml version='1.0' encoding='EUC-JP'?><a>".utf8) + Array(repeating: [0xC6, 0xFC, 0xFF], count: n).flatMap { $0 }
                + Array("</a>".utf8)
        }) { input in
            let parser = XMLStreamParser(handler: Discard(), options: XMLParserOptions(recovery: XMLRecovery(maximumRecordedRepairs: 10)))
            try? parser.parse(input)
        }
        #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("A parser reads documents in different encodings one after another")
    func resetBetweenEncodings() throws {
        let parser = XMLStreamParser(handler: XMLEventCollector())
        for feed in ["gb18030", "utf-32", "koi8-r", "gb18030"] {
            parser.reset()
            try parser.parse(Self.bytes("\(feed).xml"))
        }
        let plain = XMLStreamParser(handler: XMLEventCollector())
        try plain.parse(Self.bytes("gb18030.xml"))
        try plain.parse("<a>plain</a>")
        #expect(plain.handler.events.contains(.characters("plain")))
    }

    @Test("Transcoding scales linearly: one long text, and many short elements")
    func scaling() throws {
        // 4 MB of GB18030 against 16 MB: 6 and 24 MB of UTF-8 for expat.
        let longText = try Scaling.measure(n: 2_000_000, prepare: { n in
            Array("<?xml version='1.0' encoding='GB18030'?><a>".utf8) + Array(repeating: [0xD6, 0xD0], count: n).flatMap { $0 }
                + Array("</a>".utf8)
        }) { input in
            let parser = XMLStreamParser(handler: Discard(), options: XMLParserOptions(limits: .unlimited))
            try parser.parse(input)
        }
        #expect(longText.isNearLinear(), "\(longText)")
        let manyElements = Scaling.measure(n: 5_000, prepare: { n in
            Array("<?xml version='1.0' encoding='Shift_JIS'?><a>".utf8)
                + Array(repeating: Array("<b c='".utf8) + [0x93, 0xFA] + Array("'>".utf8) + [0x96, 0x7B] + Array("</b>".utf8), count: n)
                .flatMap { $0 } + Array("</a>".utf8)
        }) { input in
            // Positions asked at every element, as a handler keeping them does.
            let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true))
            try? parser.parse(input)
        }
        #expect(manyElements.isNearLinear(), "\(manyElements)")
        // A stateful encoding: every element's text a shifted run, its position asked.
        let shifted = Scaling.measure(n: 5_000, prepare: { n in
            Array("<?xml version='1.0' encoding='UTF-7'?><a>".utf8)
                + Array(repeating: Array("<b c='+BBYEFg'>+AOkA6Q-</b>".utf8), count: n).flatMap { $0 } + Array("</a>".utf8)
        }) { input in
            let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true))
            try? parser.parse(input)
        }
        #expect(shifted.isNearLinear(), "\(shifted)")
    }
}

/// Reads and drops every event.
private struct Discard: XMLEventHandler {}
