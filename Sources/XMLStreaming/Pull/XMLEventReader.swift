internal import XMLSyntax
/// Pulls events one at a time: `while let event = try reader.next() { … }`.
///
/// The reader parses only as far as the next event, using expat's suspend and resume, so
/// memory stays bounded whatever the size of the input. Adjacent text is joined into one
/// `characters` event. Events are owned values (each copies its strings); the push API
/// (``XMLStreamParser``) is the faster choice when you can use it.
///
/// ```swift
/// let reader = try XMLEventReader(contentsOf: "feed.xml")
/// while let event = try reader.next() {
///     if case .startElement(let name, _) = event, name.localName == "site" { sites += 1 }
/// }
/// ```
///
/// Not `Sendable`; for use from async code see ``XMLEventStream``.
public final class XMLEventReader {
    private enum Source {
        case file(Int32, closeWhenDone: Bool)
        case bytes([UInt8], offset: Int)
    }

    private var loop: PullLoop
    private var receiver: PullReceiver { loop.receiver }
    private var source: Source
    /// The most events the reader held at once (its memory bound, which tests check).
    var mostEventsHeld: Int { loop.mostEventsHeld }
    /// Bytes of input handed to the parser so far.
    var bytesFed: Int64 { receiver.bytesFed }

    /// Reads a file, streaming it.
    public init(contentsOf path: String, options: XMLParserOptions = XMLParserOptions()) throws {
        let fd = try XMLInputError.openForReading(path)
        loop = PullLoop(options: options, fileName: path)
        source = .file(fd, closeWhenDone: true)
    }

    /// Reads from a file descriptor (a file, a pipe, standard input), which it does not close.
    public init(fileDescriptor: Int32, name: String? = nil, options: XMLParserOptions = XMLParserOptions()) {
        loop = PullLoop(options: options, fileName: name)
        source = .file(fileDescriptor, closeWhenDone: false)
    }

    /// Reads a document held in memory.
    public init(bytes: some Sequence<UInt8>, options: XMLParserOptions = XMLParserOptions()) {
        loop = PullLoop(options: options, fileName: nil)
        source = .bytes(Array(bytes), offset: 0)
    }

    /// Reads a document held in a string.
    public convenience init(string: String, options: XMLParserOptions = XMLParserOptions()) {
        self.init(bytes: string.utf8, options: options)
    }

    deinit {
        if case .file(let fd, true) = source { close(fd) }
    }

    /// The position of the event last returned by ``next()`` (of its first piece, for
    /// joined text); after an error, where parsing stopped.
    public var position: XMLPosition { loop.queue.lastPosition ?? receiver.currentPosition() }

    /// The repairs the recovering reader has made so far (see ``XMLParserOptions/recovery``):
    /// the first ``XMLRecovery/maximumRecordedRepairs`` of them.
    public var repairs: [XMLRepair] { receiver.repairs }

    /// How many repairs the recovering reader has made so far.
    public var repairCount: Int { receiver.repairCount }

    /// The next event, or `nil` after ``XMLEvent/endDocument``.
    ///
    /// - Throws: ``XMLParseError`` for malformed input, ``XMLInputError`` when reading
    ///   fails. After an error, `next()` returns `nil`.
    public func next() throws -> XMLEvent? {
        while true {
            switch try loop.step() {
            case .event(let event): return event
            case .end: return nil
            case .needsInput:
                // The loop is being changed while it runs: the closure touches locals only.
                let receiver = receiver
                var source = source
                defer { self.source = source }
                try loop.run { if try Self.readChunk(from: &source, into: receiver) == 0 { try receiver.finish() } }
            }
        }
    }

    private static func readChunk(from source: inout Source, into receiver: PullReceiver) throws -> Int {
        let chunkSize = receiver.options.chunkSize
        switch source {
        case .file(let fd, _):
            return try receiver.feed(fromFileDescriptor: fd, source: receiver.fileName ?? "file descriptor \(fd)")
        case .bytes(let bytes, let offset):
            let count = unsafe try receiver.feed(fillingUpTo: chunkSize) { buffer in
                let n = min(buffer.count, bytes.count - offset)
                unsafe bytes.withUnsafeBytes { source in
                    if n > 0 { unsafe buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: n) }
                }
                return n
            }
            source = .bytes(bytes, offset: offset + count)
            return count
        }
    }
}

@available(*, unavailable, message: "A reader belongs to one task.")
extension XMLEventReader: Sendable {}
