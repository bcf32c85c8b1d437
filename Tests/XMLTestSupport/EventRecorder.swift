import XMLStreaming

/// Records the events of a document as owned values, with adjacent text joined, so that
/// two parses compare equal whatever the chunking.
public enum EventRecorder {
    /// The events of `bytes` fed in pieces of `chunkSize` bytes (the whole at once when `nil`).
    public static func events(
        of bytes: [UInt8], chunkSize: Int? = nil, options: XMLParserOptions = XMLParserOptions()
    ) throws -> [XMLEvent] {
        let parser = XMLStreamParser(handler: XMLEventCollector(), options: options)
        for piece in ChunkSplitter.pieces(of: bytes, size: chunkSize ?? max(bytes.count, 1)) {
            try parser.feed(piece)
        }
        try parser.finish()
        return parser.handler.events
    }

    /// The events of a UTF-8 string.
    public static func events(
        of string: String, chunkSize: Int? = nil, options: XMLParserOptions = XMLParserOptions()
    ) throws -> [XMLEvent] {
        try events(of: Array(string.utf8), chunkSize: chunkSize, options: options)
    }

    /// The events with whitespace-only text dropped, for comparing with tables that ignore
    /// the line breaks between tags.
    public static func withoutWhitespaceText(_ events: [XMLEvent]) -> [XMLEvent] {
        events.filter {
            if case .characters(let text) = $0 { return !text.allSatisfy { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" } }
            return true
        }
    }
}
