import Foundation
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

    /// expat counts a byte-order mark as a column of line 1; FuzzPlistScanner found the
    /// plist reader's error one column further right on a file with a BOM than the same
    /// file without one.
    @Test("A byte-order mark is no column: positions on line 1 are those of the same text without it",
        arguments: [[], [0xEF, 0xBB, 0xBF], [0xFF, 0xFE]] as [[UInt8]])
    func byteOrderMark(_ mark: [UInt8]) throws {
        func encoded(_ text: String) -> [UInt8] {
            mark.first == 0xFF ? mark + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } : mark + Array(text.utf8)
        }
        for size in [1, 2, 5, 1000] {
            let parser = XMLStreamParser(handler: XMLEventCollector())
            let error = try #require(throws: XMLParseError.self) {
                for piece in ChunkSplitter.pieces(of: encoded("<r><x/><!-- -- --></r>"), size: size) { try parser.feed(piece) }
                try parser.finish()
            }
            #expect(error.position.line == 1 && error.position.column == 15, "\(mark), chunks of \(size)")
        }
        // Events: <r> at 1, the empty <x/> at 4 (its start and its end).
        let reader = XMLEventReader(bytes: encoded("<r><x/></r>"))
        var columns: [Int] = []
        while let event = try reader.next() {
            switch event {
            case .startElement, .endElement: columns.append(reader.position.column)
            default: break
            }
        }
        #expect(columns == [1, 4, 4, 8], "\(mark)")
        // An empty tag over two lines: its end event is at its start too.
        let split = XMLEventReader(bytes: encoded("<r><x\n/></r>"))
        var positions: [String] = []
        while let event = try split.next() {
            switch event {
            case .startElement, .endElement: positions.append("\(split.position.line):\(split.position.column)")
            default: break
            }
        }
        #expect(positions == ["1:1", "1:4", "1:4", "2:3"], "\(mark)")
        // Lines broken by carriage returns alone, before and in the tag (found by
        // FuzzSchemaValidation: the end event's column went negative).
        for text in ["\r\r <r><x a='\r\r\r'\r/></r>", "\r\n\r\n <r><x a='\r\n\r\n'\r\n/></r>"] {
            let cut = XMLEventReader(bytes: encoded(text))
            var places: [String] = []
            while let event = try cut.next() {
                if case .startElement(let name, _) = event, name.localName == "x" { places.append("\(cut.position)") }
                if case .endElement(let name) = event, name.localName == "x" { places.append("\(cut.position)") }
            }
            #expect(places == ["3:5", "3:5"], "\(mark) \(text.debugDescription)")
        }
        let second = try #require(throws: XMLParseError.self) { try XMLStreamParser(handler: XMLEventCollector()).parse(encoded("<r>\n <x")) }
        #expect(second.position.line == 2 && second.position.column == 2)
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

    /// Found by Fuzz/FuzzStreamParser: expat chose the encoding from the first piece it was
    /// given, so a first piece of one byte read UTF-16 without a byte-order mark as UTF-8
    /// (and `\n` then NUL the other way round).
    static let declaredUTF16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><r a=\"é\">ü</r>"
    static func utf16LE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
    static func utf16BE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
    static let detectionInputs: [[UInt8]] = [
        utf16LE(declaredUTF16), utf16BE(declaredUTF16), [0x0A, 0x00, 0x3C, 0x00, 0x72, 0x00, 0x2F, 0x00, 0x3E, 0x00],
        Array("<r/>".utf8),
    ]

    @Test("The encoding is detected the same whatever the size of the first pieces", arguments: detectionInputs)
    func encodingDetection(_ bytes: [UInt8]) async throws {
        func outcome(_ parse: (XMLStreamParser<XMLEventCollector>) throws -> Void) -> String {
            let parser = XMLStreamParser(handler: XMLEventCollector())
            do {
                try parse(parser)
                return "\(parser.handler.events)"
            } catch {
                return "\(error)"
            }
        }
        let whole = outcome { try $0.parse(bytes) }
        for size in 1...5 {
            let pieces = outcome { parser in
                for piece in ChunkSplitter.pieces(of: bytes, size: size) { try parser.feed(piece) }
                try parser.finish()
            }
            #expect(pieces == whole, "pieces of \(size)")
        }
        // The pull reader, and the event stream fed one byte at a time, detect it the same.
        var pulled: [XMLEvent] = []
        let reader = XMLEventReader(bytes: bytes)
        let pulledOutcome: String
        do {
            while let event = try reader.next() { pulled.append(event) }
            pulledOutcome = "\(pulled)"
        } catch {
            pulledOutcome = "\(error)"
        }
        #expect(pulledOutcome == whole, "pull reader")
        let oneByte = AsyncStream<[UInt8]> { continuation in
            for byte in bytes { continuation.yield([byte]) }
            continuation.finish()
        }
        var streamed: [XMLEvent] = []
        let streamedOutcome: String
        do {
            for try await event in XMLEventStream(oneByte) { streamed.append(event) }
            streamedOutcome = "\(streamed)"
        } catch {
            streamedOutcome = "\(error)"
        }
        #expect(streamedOutcome == whole, "event stream, one byte at a time")
    }

    @Test("An asynchronous sequence of one-byte chunks reads UTF-16 without a byte-order mark")
    func asyncOneByteChunks() async throws {
        let bytes = Self.utf16LE("<r>ü</r>")
        let chunks = AsyncStream<[UInt8]> { continuation in
            for byte in bytes { continuation.yield([byte]) }
            continuation.finish()
        }
        var texts: [String] = []
        for try await event in XMLEventStream(chunks) {
            if case .characters(let text) = event { texts.append(text) }
        }
        #expect(texts == ["ü"])
    }
}

@Suite("A document that ends too early")
struct TruncatedDocumentTests {
    struct NoOp: XMLEventHandler {}

    func error(parsing document: String) throws -> XMLParseError {
        try #require(throws: XMLParseError.self) { try XMLStreamParser(handler: NoOp()).parse(document) }
    }

    @Test("The error names the innermost open element and where it started")
    func namesTheOpenElement() throws {
        let inMemory = try error(parsing: "<a><b>")
        #expect(inMemory.message == "premature end of input: <b> opened at 1:4 is not closed")
        #expect(inMemory.position.line == 1 && inMemory.position.column == 7)
        #expect(inMemory.code == .noElements)
        let lines = try error(parsing: "<a>\r\n  <é-b x='1'\n>text")
        #expect(lines.message == "premature end of input: <é-b> opened at 2:3 is not closed")
        let bytes = try #require(throws: XMLParseError.self) {
            try XMLStreamParser(handler: NoOp()).parse(Array("<doc>\n  <item>".utf8))
        }
        #expect(bytes.message == "premature end of input: <item> opened at 2:3 is not closed")
    }

    @Test("Files, pipes and pushed pieces of any size give the same message")
    func filesAndPipes() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("<root>\n<x/>\n<open attr='v'>text", named: "cut.xml")
        let fromFile = try #require(throws: XMLParseError.self) { try XMLStreamParser(handler: NoOp()).parse(contentsOf: path) }
        #expect(fromFile.description == "\(path):3:20: error: premature end of input: <open> opened at 3:1 is not closed")
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let text = Array("<a><b>".utf8)
        _ = text.withUnsafeBytes { write(fds[1], $0.baseAddress!, $0.count) }
        close(fds[1])
        defer { close(fds[0]) }
        let fromPipe = try #require(throws: XMLParseError.self) {
            try XMLStreamParser(handler: NoOp()).parse(fileDescriptor: fds[0], name: "pipe")
        }
        #expect(fromPipe.message == "premature end of input: <b> opened at 1:4 is not closed")
        // Fed a byte at a time: the element's line began pieces before it.
        let parser = XMLStreamParser(handler: NoOp())
        let pushed = try #require(throws: XMLParseError.self) {
            for byte in "<root>\n<x/>\n<open attr='v'>text".utf8 { try parser.feed([byte]) }
            try parser.finish()
        }
        #expect(pushed.message == "premature end of input: <open> opened at 3:1 is not closed")
    }

    @Test("Found however far back its line began: one long line, and a line that began chunks before")
    func longLines() throws {
        // Minified: everything on line 1, the open element 160 KB in.
        let minified = "<r>" + String(repeating: "<i>x</i>", count: 20_000) + "<open>text"
        #expect(try error(parsing: minified).message == "premature end of input: <open> opened at 1:160004 is not closed")
        // The element's line began 200 KB before it, and a line break follows it.
        let long = "<r>\n" + String(repeating: "a", count: 200_000) + "<open>\nmore"
        #expect(try error(parsing: long).message == "premature end of input: <open> opened at 2:200001 is not closed")
        // With a byte-order mark, which is no column.
        let marked = Array([0xEF, 0xBB, 0xBF]) + Array("<r><open>".utf8)
        let markedError = try #require(throws: XMLParseError.self) { try XMLStreamParser(handler: NoOp()).parse(marked) }
        #expect(markedError.message == "premature end of input: <open> opened at 1:4 is not closed")
    }

    @Test("A transcoded document says the same, in its own characters")
    func transcoded() throws {
        // 中文 in GB18030 (two bytes each) before the element.
        let input = Array("<?xml version='1.0' encoding='GB18030'?>\n<r>".utf8) + [0xD6, 0xD0, 0xCE, 0xC4] + Array("<open>x".utf8)
        let error = try #require(throws: XMLParseError.self) { try XMLStreamParser(handler: NoOp()).parse(input) }
        #expect(error.message == "premature end of input: <open> opened at 2:6 is not closed")
    }
}

@Suite("Names compared in place")
struct NameComparisonTests {
    struct Probe: XMLEventHandler {
        var answers: [String] = []
        mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
            for candidate in ["x:a", "a", "b", "x:b", ""] where name.hasQualifiedName(candidate) { answers.append("<\(candidate)>") }
            for candidate in ["c", "x:d", "d", "x:c", "cc"] { if let value = attributes[candidate] { answers.append("\(candidate)=\(value.string)") } }
            #expect(name.localName == name.localName.string)
            #expect(!(name.localName == name.localName.string + "x"))
        }
    }

    @Test("hasQualifiedName and attributes[name] with and without namespaces, prefixed or not")
    func qualifiedNames() throws {
        let document = "<x:a xmlns:x='u' xmlns='d' c='1'><b c='2' x:d='3'/></x:a>"
        let namespaced = XMLStreamParser(handler: Probe())
        try namespaced.parse(document)
        #expect(namespaced.handler.answers == ["<x:a>", "c=1", "<b>", "c=2", "x:d=3"])
        let plain = XMLStreamParser(handler: Probe(), options: XMLParserOptions(processesNamespaces: false))
        try plain.parse(document)
        #expect(plain.handler.answers == ["<x:a>", "c=1", "<b>", "c=2", "x:d=3"])
    }
}

