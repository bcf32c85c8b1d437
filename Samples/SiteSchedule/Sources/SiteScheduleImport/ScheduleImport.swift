import Foundation
import SiteScheduleModel
import XMLHandlerStack
import XMLStreaming
import XMLValidation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A feed to import.
public enum ScheduleFeed: Sendable {
    /// A file, read in chunks.
    case file(String)
    /// The process's standard input (`-` on the command line).
    case standardInput
    /// Bytes in memory, under a name for errors.
    case bytes([UInt8], name: String)

    /// The name errors and progress use.
    public var name: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "<stdin>"
        case .bytes(_, let name): return name
        }
    }
}

/// How an import reads the feed's entities.
public enum FeedReading: Sendable {
    /// The hand-written `Parseable` conformances on the handler stack (the default).
    case handWritten
    /// Codable types (``FeedTeam``, ``FeedSite``) decoded by XMLCoding on the same stack.
    case codable
}

/// How far an import has come, for a progress display.
public struct ImportProgress: Sendable {
    /// The feed being read.
    public var feed: String
    /// Bytes of it read so far.
    public var bytesRead: Int64
    /// Its size, when known (not for a pipe).
    public var totalBytes: Int64?
}

/// Imports SiteSchedule feeds into a ``ScheduleStore`` (the SQLite ``ScheduleDatabase`` or a
/// shared server): the book's sample as a tool.
///
/// All the feeds of one call are one transaction. Teams and sites are written as their
/// elements end, so a feed of any size imports in bounded memory. Any error (malformed XML,
/// a team without a code, an unreadable date, an activity naming an unknown team, a failing
/// write) rolls the whole import back and is rethrown with its file, line and column; the
/// database is then exactly as it was. SQLite's journal gives the same guarantee when the
/// process is killed in the middle.
///
/// With a schema, each feed is validated against it as it is read (an ``XMLSchemaValidator``
/// in front of the handler stack): the first error stops the import before the record that
/// holds it reaches the store, and rolls everything back, as any other error does.
///
/// The feeds are parsed on a thread of their own while the calling thread writes: the
/// entities pass through a bounded queue (``ImportChannel``), so the parse and SQLite's work
/// overlap on two cores and memory stays bounded when one side is faster.
public enum ScheduleImport {
    /// How many bytes are read and parsed at a time.
    public static let chunkSize = 256 * 1024

    /// Imports `feeds` in order, in one transaction, and says what changed; with `schema`,
    /// each feed must be valid against it (``ScheduleSchema`` is the feed's).
    public static func run(
        _ feeds: [ScheduleFeed], into store: some ScheduleStore, reading: FeedReading = .handWritten,
        validatingAgainst schema: XMLSchema? = nil, progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        let clock = ContinuousClock()
        var started = clock.now
        var summary = try store.importTransaction { writer -> ImportSummary in
            // The rate leaves out any wait for another import's lock.
            started = clock.now
            let teams = TeamDirectory(try writer.teamCodes())
            let channel = ImportChannel()
            let parsed = DispatchSemaphore(value: 0)
            let parsing = Thread {
                parse(feeds, teams: teams, reading: reading, schema: schema, into: channel)
                parsed.signal()
            }
            // Room for deep documents; the stack and expat do not recurse, but a consumer may.
            parsing.stackSize = 8 << 20
            parsing.start()
            do {
                let summary = try write(from: channel, with: writer, progress: progress)
                parsed.wait()
                return summary
            } catch {
                // Stop the parser (its next send throws) and wait for it before rolling back.
                channel.cancel()
                parsed.wait()
                throw error
            }
        }
        let elapsed = clock.now - started
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    /// The parsing thread: every feed through the handler stack (behind a validator, with a
    /// schema), each entity to the channel.
    private static func parse(
        _ feeds: [ScheduleFeed], teams: TeamDirectory, reading: FeedReading, schema: XMLSchema?, into channel: ImportChannel
    ) {
        let routes = reading == .codable ? ScheduleImporter.codableRoutes() : ScheduleImporter.routes(teams: teams)
        do {
            for feed in feeds {
                var bytes: Int64 = 0
                let root = ScheduleImporter(channel: channel, teams: teams, reading: reading)
                let parsed: ScheduleImporter
                if let schema {
                    let stack = HandlerStack(root: root, routes: routes)
                    let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: schema, next: stack))
                    parser.fileName = feed.name
                    do {
                        bytes = try read(feed, into: parser) { try channel.send([.progress($0)]) }
                    } catch {
                        parser.handler.next.abandon(after: error)
                        throw error
                    }
                    parsed = parser.handler.next.root
                } else {
                    parsed = try HandlerStack.parse(root: root, routes: routes) { parser in
                        parser.fileName = feed.name
                        bytes = try read(feed, into: parser) { try channel.send([.progress($0)]) }
                    }
                }
                guard parsed.foundSchedule else {
                    throw ScheduleError(
                        file: feed.name,
                        message: "no schedule found: the root element is <\(parsed.lastEndedElement)>, not <schedule>")
                }
                try channel.send([.feedEnded(bytes: bytes)])
            }
            channel.finish(throwing: nil)
        } catch {
            channel.finish(throwing: error)
        }
    }

    /// The writing side, on the caller's thread inside the transaction: every entity the
    /// parser sends, in order. A failed write carries the position of the entity's end tag.
    private static func write(
        from channel: ImportChannel, with writer: any ScheduleStoreWriter, progress: ((ImportProgress) -> Void)?
    ) throws -> ImportSummary {
        var summary = ImportSummary()
        var entities: [ScheduleEntity] = []
        var positions: [(XMLPosition, String)] = []
        var previousPositions: [(XMLPosition, String)] = []
        /// The feed position of the entity a store refused.
        func failure(_ error: ScheduleStoreWriteError) -> HandlerStackError {
            let batch = error.inPreviousBatch ? previousPositions : positions
            let (position, file) = batch[min(error.index, batch.count - 1)]
            return HandlerStackError(kind: .model(error.underlying), position: position, fileName: file.isEmpty ? nil : file)
        }
        while let batch = try channel.receive() {
            // The batch's entities go to the store together (a server store sends them in a
            // few statements); progress and feed ends touch no rows.
            for item in batch {
                switch item {
                case .team(let team, let position, let file):
                    entities.append(.team(team))
                    positions.append((position, file))
                case .site(let site, let position, let file):
                    entities.append(.site(site))
                    positions.append((position, file))
                case .progress(let report):
                    progress?(report)
                case .feedEnded(let bytes):
                    summary.bytes += bytes
                }
            }
            guard !entities.isEmpty else { continue }
            do {
                try writer.save(entities, into: &summary)
            } catch let error as ScheduleStoreWriteError {
                throw failure(error)
            }
            entities.removeAll(keepingCapacity: true)
            swap(&positions, &previousPositions)
            positions.removeAll(keepingCapacity: true)
        }
        do {
            try writer.finish(into: &summary)
        } catch let error as ScheduleStoreWriteError {
            throw failure(error)
        }
        return summary
    }

    /// Streams one feed through the parser; returns its size in bytes.
    private static func read<Handler>(
        _ feed: ScheduleFeed, into parser: XMLStreamParser<Handler>, progress: (ImportProgress) throws -> Void
    ) throws -> Int64 {
        let fd: Int32
        switch feed {
        case .bytes(let bytes, _):
            try parser.feed(bytes)
            try parser.finish()
            return Int64(bytes.count)
        case .standardInput:
            fd = 0
        case .file(let path):
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw XMLInputError(code: .cannotOpen, fileName: path, errno: errno, message: String(cString: strerror(errno)))
            }
        }
        defer { if fd != 0 { close(fd) } }
        var status = stat()
        let total: Int64? = fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int64(status.st_size) : nil
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var read: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw XMLInputError(code: .cannotRead, fileName: feed.name, errno: errno, message: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            try buffer.withUnsafeBytes { try parser.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            read += Int64(count)
            try progress(ImportProgress(feed: feed.name, bytesRead: read, totalBytes: total))
        }
        try parser.finish()
        return read
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif
