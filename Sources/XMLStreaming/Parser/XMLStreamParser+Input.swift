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
        if let array = bytes as? [UInt8] { unsafe receiver.sourceReader = Self.reader(of: array) }
        defer { unsafe receiver.sourceReader = nil }
        try feed(bytes)
        try finish()
    }

    /// Positional reads from bytes in memory (the caller's own storage: nothing is copied
    /// unless the document turns out truncated).
    private static func reader(of array: [UInt8]) -> UnclosedElementLocator.PositionalRead {
        { offset, buffer in unsafe array.withUnsafeBytes { unsafe copy($0, from: offset, into: buffer) } }
    }

    private static func reader(of string: String) -> UnclosedElementLocator.PositionalRead {
        { offset, buffer in
            var string = string
            return string.withUTF8 { unsafe copy(UnsafeRawBufferPointer($0), from: offset, into: buffer) }
        }
    }

    private static func copy(_ source: UnsafeRawBufferPointer, from offset: Int64, into buffer: UnsafeMutableRawBufferPointer)
        -> Int
    {
        guard offset < source.count else { return 0 }
        let count = min(buffer.count, source.count - Int(offset))
        unsafe buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[Int(offset)..<Int(offset) + count]))
        return count
    }

    /// Parses a whole document held in a string, as its UTF-8 bytes.
    ///
    /// An XML declaration that names another encoding is still honoured and would misread
    /// those bytes; for such text set ``XMLParserOptions/encoding`` to ``XMLEncodingName/utf8``.
    public func parse(_ string: String) throws {
        prepareForDocument(named: fileName)
        unsafe receiver.sourceReader = Self.reader(of: string)
        defer { unsafe receiver.sourceReader = nil }
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
        // A regular file can be read again by offset (pread) to locate an unclosed element.
        var status = stat()
        if unsafe fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG {
            let start = lseek(fd, 0, SEEK_CUR)
            unsafe receiver.sourceReader = { offset, buffer in
                unsafe max(0, pread(fd, buffer.baseAddress!, buffer.count, off_t(offset) + max(0, start)))
            }
        }
        defer { unsafe receiver.sourceReader = nil }
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
