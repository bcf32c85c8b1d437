import XMLStreaming

/// The chunking check shared by the stream-parser and recovery targets.
public enum ChunkedReading {
    /// Parses `bytes` with `parser`: whole when `chunks` is empty, else in pieces of the
    /// sizes in `chunks`, taken in turn (a size below 1 as 1), then finishes.
    public static func parse<Handler: XMLEventHandler>(_ bytes: [UInt8], with parser: XMLStreamParser<Handler>, chunks: [Int]) throws {
        guard !chunks.isEmpty else { return try parser.parse(bytes) }
        var start = 0
        var next = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, chunks[next % chunks.count]))
            next += 1
            try parser.feed(bytes[start..<end])
            start = end
        }
        try parser.finish()
    }

    /// Reads `document` whole and in pieces of the sizes in `chunks`: a finding when one
    /// reading fails and the other does not, or when both succeed with different events.
    /// Returns the events, or the whole reading's failure.
    ///
    /// When both fail they need not fail alike: which error expat names, and where, can
    /// depend on whether it saw the offending token whole (`3` then NUL: "invalid token" at
    /// column 2, not "syntax error" at column 1; a quote after the root element read as the
    /// start of a literal when whole, as junk at once when cut).
    public static func events(
        of document: [UInt8], options: XMLParserOptions, chunks: [Int]
    ) -> Result<[XMLEvent], ParseFailure> {
        let whole = EventCopy.events(of: document, options: options)
        let chunked = EventCopy.events(of: document, options: options, chunks: chunks)
        switch (whole, chunked) {
        case (.success(let a), .success(let b)):
            Fuzzer.check(a == b, "chunks \(chunks) change the events:\n\(a)\n\(b)")
        case (.failure, .failure):
            break
        case (.success, .failure(let error)), (.failure(let error), .success):
            Fuzzer.check(false, "chunks \(chunks): one reading failed, the other did not: \(error)")
        }
        return whole
    }
}
