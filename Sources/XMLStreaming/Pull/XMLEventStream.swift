/// The events of a document that arrives as an asynchronous sequence of byte chunks
/// (`[UInt8]`, `ArraySlice<UInt8>`, `Data`: an `AsyncStream` you feed from a socket, a NIO
/// channel's buffers mapped to arrays, …). A sequence of single bytes must be gathered into
/// chunks first.
///
/// ```swift
/// for try await event in XMLEventStream(chunks) {
///     print(event)
/// }
/// ```
///
/// Each iterator makes its own parser, reads only as many chunks as it needs for the next
/// event (expat's suspend and resume), and joins adjacent text into one event. Chunks may
/// be split anywhere. Memory stays bounded, and while a large token is unfinished chunks are
/// gathered to its size, so even a huge token is scanned in linear time.
public struct XMLEventStream<Chunks: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Chunks.Element: Sequence<UInt8> {
    /// The stream's events, as owned values.
    public typealias Element = XMLEvent

    private let chunks: Chunks
    private let options: XMLParserOptions
    private let name: String?

    /// Creates the event stream of `chunks`.
    /// - Parameters:
    ///   - chunks: The document's bytes, in pieces of any size, cut anywhere.
    ///   - name: The name to use in errors.
    ///   - options: The parser's options: limits, encodings, namespaces, recovery.
    public init(_ chunks: Chunks, name: String? = nil, options: XMLParserOptions = XMLParserOptions()) {
        self.chunks = chunks
        self.options = options
        self.name = name
    }

    /// A new iterator, with a parser of its own, over a new iterator of the chunks.
    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator(), options: options, name: name)
    }

    /// Pulls events, parsing chunks as it needs them.
    public struct Iterator: AsyncIteratorProtocol {
        private var chunks: Chunks.AsyncIterator
        private var loop: PullLoop
        private var inputEnded = false
        private var gathered: [UInt8] = []

        init(chunks: Chunks.AsyncIterator, options: XMLParserOptions, name: String?) {
            self.chunks = chunks
            loop = PullLoop(options: options, fileName: name)
        }

        /// The next event, reading chunks as it needs them; `nil` after the last. Throws
        /// ``XMLParseError`` for input it cannot read, or the chunks' own error; after an error, `nil`.
        public mutating func next() async throws -> XMLEvent? {
            while true {
                switch try loop.step() {
                case .event(let event): return event
                case .end: return nil
                case .needsInput:
                    do { try await gather() } catch {
                        loop.end()
                        throw error
                    }
                    let bytes = gathered
                    gathered.removeAll(keepingCapacity: true)
                    let receiver = loop.receiver
                    try loop.run {
                        if bytes.isEmpty {
                            try receiver.finish()
                        } else {
                            _ = unsafe try receiver.feed(fillingUpTo: bytes.count) { buffer in
                                unsafe bytes.withUnsafeBytes { unsafe buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                                return bytes.count
                            }
                        }
                    }
                }
            }
        }

        /// Reads chunks until there is something to feed. One chunk is enough to go on,
        /// unless a large token is pending: then at least as much as it already has, so
        /// expat scans it a bounded number of times.
        private mutating func gather() async throws {
            let pending = loop.receiver.pendingTokenBytes
            let wanted = pending > loop.receiver.options.chunkSize ? pending : 1
            while !inputEnded && gathered.count < wanted {
                if let chunk = try await chunks.next() {
                    gathered.append(contentsOf: chunk)
                } else {
                    inputEnded = true
                }
            }
        }
    }
}

@available(*, unavailable)
extension XMLEventStream.Iterator: Sendable {}
