import Foundation
import XMLStreaming
internal import XMLSyntax

extension XMLDecoder {
    /// Decodes each element at `path` (`"schedule/sites/site"`: element names from the
    /// document element, `*` for any one name) as a `T`, one at a time as the file is read:
    /// memory holds the largest record and one chunk of input, whatever the file's size.
    ///
    /// ```swift
    /// let sites = try XMLDecoder().decode(Site.self, eachAt: "schedule/sites/site", contentsOf: "feed.xml")
    /// while let site = try sites.next() { print(site.name) }
    /// // or, in async code: for try await site in sites { … }
    /// ```
    ///
    /// An error names the record's place among the records (`Index 3`) at the start of its
    /// coding path, and its line and column in the file.
    public func decode<T: Decodable>(_ type: T.Type, eachAt path: String, contentsOf file: String) throws -> XMLRecordStream<T> {
        let fd = try XMLInputError.openForReading(file)
        return XMLRecordStream(decoder: self, path: path, source: .file(fd, name: file))
    }

    /// The same for a document in memory.
    public func decode<T: Decodable>(_ type: T.Type, eachAt path: String, from bytes: [UInt8], fileName: String? = nil)
        -> XMLRecordStream<T>
    {
        XMLRecordStream(decoder: self, path: path, source: .bytes(bytes, name: fileName))
    }

    /// Calls `body` with each record at `path` as it is decoded; throwing from `body` stops.
    public func decode<T: Decodable>(
        _ type: T.Type, eachAt path: String, contentsOf file: String, _ body: (T) throws -> Void
    ) throws {
        let records = try decode(type, eachAt: path, contentsOf: file)
        while let record = try records.next() { try body(record) }
    }
}

/// The records of a document, decoded one at a time as the input is read: from
/// `XMLDecoder.decode(_:eachAt:contentsOf:)`.
///
/// Call ``next()`` until it returns `nil`, or iterate it with `for try await`. After an
/// error the stream is finished. A file is closed at its end, after an error, or when the
/// stream is released.
public final class XMLRecordStream<T: Decodable>: AsyncSequence {
    /// Each record, decoded as a `T`.
    public typealias Element = T

    enum Source {
        case file(Int32, name: String)
        case bytes([UInt8], name: String?)
    }

    private let settings: XMLDecoder.Settings
    /// Records parsed but not yet decoded; with a chunk of input at a time, at most a chunk's worth.
    private let queue: XMLDecoder.Records
    private let parser: XMLStreamParser<XMLRecordBuilder>
    private var source: Source
    private var offset = 0
    private var finished = false
    private var pendingError: (any Error)?
    private var decoded = 0
    private var buffer: [UInt8]
    private let traits = XMLTypeTraits.Cache()
    private lazy var blockingRead = BlockingRead()

    init(decoder: XMLDecoder, path: String, source: Source) {
        settings = decoder.settings
        self.source = source
        (parser, queue) = XMLDecoder.recordParser(
            path: path.split(separator: "/").map(String.init), options: settings.parserOptions, validation: settings.validation)
        switch source {
        case .file(_, let name): parser.fileName = name
        case .bytes(_, let name): parser.fileName = name
        }
        buffer = [UInt8](repeating: 0, count: settings.parserOptions.chunkSize)
    }

    deinit { close() }

    private func close() {
        if case .file(let fd, let name) = source, fd >= 0 {
            _ = systemClose(fd)
            source = .file(-1, name: name)
        }
    }

    /// The next record, or `nil` after the last. Reads the input in the calling thread; in
    /// `async` code, iterate with `for try await`, which reads a file on a thread that may block.
    public func next() throws -> T? {
        while true {
            switch try step() {
            case .record(let record): return record
            case .end: return nil
            case .needsInput:
                do { try readChunk() } catch { pendingError = error }
            }
        }
    }

    /// The next record for `for try await`: a file is read on a thread that may block
    /// (`BlockingRead`), never on the cooperative pool, so that a stalled pipe holds up
    /// only this stream; parsing and decoding run in the task.
    func nextAsync() async throws -> T? {
        while true {
            switch try step() {
            case .record(let record): return record
            case .end: return nil
            case .needsInput:
                do {
                    guard case .file(let fd, let name) = source else {
                        try readChunk()
                        continue
                    }
                    let bytes = try await blockingRead.read(fd, upTo: buffer.count, source: name)
                    unsafe try bytes.withUnsafeBytes { unsafe try feed($0) }
                } catch { pendingError = error }
            }
        }
    }

    /// What the stream does next: hand out a decoded record, end, or read more input.
    private enum Step {
        case record(T)
        case end
        case needsInput
    }

    private func step() throws -> Step {
        if let record = queue.take() {
            let index = decoded
            decoded += 1
            do {
                return .record(
                    try XMLDecoder.decode(
                        T.self, from: record, settings: settings, codingPath: [XMLKey(index: index)], traits: traits))
            } catch {
                finish()
                throw error
            }
        }
        if let error = pendingError {
            pendingError = nil
            finish()
            throw error
        }
        // A parse error comes after the records completed before it.
        return finished ? .end : .needsInput
    }

    private func finish() {
        finished = true
        queue.queue.removeAll()
        queue.head = 0
        close()
    }

    /// Feeds the parser one chunk, or finishes it at the end of the input.
    private func readChunk() throws {
        switch source {
        case .bytes(let bytes, _):
            let end = Swift.min(bytes.count, offset + buffer.count)
            if offset < end {
                unsafe try bytes.withUnsafeBytes { unsafe try parser.feed(UnsafeRawBufferPointer(rebasing: $0[offset..<end])) }
                offset = end
            } else {
                try parser.finish()
                finished = true
            }
        case .file(let fd, let name):
            let count = unsafe buffer.withUnsafeMutableBytes { unsafe systemRead(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { return }
                throw XMLInputError.system(.cannotRead, fileName: name, errno: errno)
            }
            unsafe try buffer.withUnsafeBytes { unsafe try feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// Feeds the parser bytes read from the file; no bytes is its end.
    private func feed(_ bytes: UnsafeRawBufferPointer) throws {
        if unsafe bytes.isEmpty {
            try parser.finish()
            finished = true
            close()
        } else {
            unsafe try parser.feed(bytes)
        }
    }

    /// Pulls records for `for try await`. Every iterator reads the one stream, so a record is
    /// handed out once, not once per iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let stream: XMLRecordStream

        /// The next record, or `nil` after the last. A file is read on a thread that may block,
        /// never on the cooperative pool.
        public mutating func next() async throws -> T? { try await stream.nextAsync() }
    }

    /// An iterator over the records not yet read; the stream does not start again.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(stream: self) }
}

@available(*, unavailable, message: "A record stream reads its input for one task.")
extension XMLRecordStream: Sendable {}
