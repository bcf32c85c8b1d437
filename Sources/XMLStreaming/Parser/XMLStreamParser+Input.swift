#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
internal import XMLSyntax

// Whole-document conveniences. Each starts a new document (resetting the parser when it
// was used), streams the input, and finishes it.
extension XMLStreamParser {
    /// Parses a whole document held in memory (`[UInt8]`, `Data`, a slice, …).
    ///
    /// - Complexity: O(n). Contiguous collections (`[UInt8]`, `Data`, slices) are handed to
    /// expat in chunks without a copy of the whole; other sequences are copied once first.
    public func parse(_ bytes: some Sequence<UInt8>) throws {
        prepareForDocument(named: fileName)
        try feed(bytes)
        try finish()
    }

    /// Parses a whole document held in a string, as its UTF-8 bytes.
    ///
    /// An XML declaration that names another encoding is still honoured and would misread
    /// those bytes; for such text set ``XMLParserOptions/encoding`` to ``XMLEncodingName/utf8``.
    public func parse(_ string: String) throws {
        prepareForDocument(named: fileName)
        try feed(string)
        try finish()
    }

    /// Streams a file from disk, never holding it whole in memory. Errors name the file.
    public func parse(contentsOf path: String) throws {
        let fd = try XMLInputError.openForReading(path)
        defer { close(fd) }
        try parse(fileDescriptor: fd, name: path)
    }

    /// Streams a file URL.
    public func parse(contentsOf url: URL) throws {
        try parse(contentsOf: url.xmlFilePath())
    }

    /// Streams everything readable from a file descriptor (a file, a pipe, a socket) until
    /// its end. The descriptor is not closed.
    ///
    /// - Parameters:
    ///   - fd: The descriptor to read from, positioned where the document starts.
    ///   - name: The name to use in errors; defaults to "file descriptor N".
    public func parse(fileDescriptor fd: Int32, name: String? = nil) throws {
        let source = name ?? "file descriptor \(fd)"
        // The name belongs to this document only; the caller's own setting comes back after.
        let callersName = receiver.fileName
        defer { receiver.fileName = callersName }
        prepareForDocument(named: name ?? callersName)
        while try receiver.feed(fromFileDescriptor: fd, source: source) > 0 {}
        try finish()
    }

    /// Streams standard input.
    public func parseStandardInput() throws {
        try parse(fileDescriptor: 0, name: "<stdin>")
    }

    /// Streams an asynchronous sequence of byte chunks (`[UInt8]`, `Data`, `ArraySlice`…),
    /// as they arrive.
    public func parse<Chunks: AsyncSequence>(_ chunks: Chunks) async throws where Chunks.Element: Sequence<UInt8> {
        prepareForDocument(named: fileName)
        for try await chunk in chunks {
            try feed(chunk)
        }
        try finish()
    }

    private func prepareForDocument(named name: String?) {
        if receiver.state != .ready { receiver.reset() }
        receiver.fileName = name
    }
}

extension XMLStreamParser {
    /// Parses a file with a fresh parser and returns the handler.
    ///
    /// ```swift
    /// let counts = try XMLStreamParser.parse(contentsOf: "feed.xml", with: CountTeams())
    /// ```
    public static func parse(
        contentsOf path: String, with handler: Handler, options: XMLParserOptions = XMLParserOptions()
    ) throws -> Handler {
        let parser = XMLStreamParser(handler: handler, options: options)
        try parser.parse(contentsOf: path)
        return parser.handler
    }
}
