import Foundation
import SiteScheduleModel
import XMLStreaming

/// What the parsing thread hands the database writer, in feed order.
enum ImportItem {
    /// A finished team, with the position of its end tag (for an error the write raises).
    case team(Team, at: XMLPosition, in: String)
    /// A finished site.
    case site(Site, at: XMLPosition, in: String)
    /// A chunk of a feed was read.
    case progress(ImportProgress)
    /// A feed was read to its end and found to be a schedule: its size in bytes.
    case feedEnded(bytes: Int64)
}

/// The bounded queue between the parsing thread and the database writer.
///
/// Items travel in batches (one lock round trip per batch, not per entity); at most
/// ``capacity`` batches wait, so a parser faster than the database blocks instead of
/// filling memory: the import's peak memory stays a few batches of entities whatever the
/// feed's size. Either side can stop the other: the parser by finishing or failing, the
/// writer by cancelling (a failed write), after which the parser's next send throws.
final class ImportChannel: @unchecked Sendable {
    /// Entities per batch.
    static let batchSize = 256
    /// Batches that may wait for the writer.
    static let capacity = 4

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var batches: [[ImportItem]] = []
    private var ended = false
    private var failure: (any Error)?
    private var cancelled = false

    /// Thrown to the parser when the writer has stopped.
    struct Cancelled: Error {}

    /// Queues a batch, waiting while the queue is full. Throws ``Cancelled`` once the
    /// writer has stopped.
    func send(_ batch: [ImportItem]) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.capacity && !cancelled { condition.wait() }
        if cancelled { throw Cancelled() }
        batches.append(batch)
        condition.broadcast()
    }

    /// The parser is done: `error` is why it stopped early, or `nil` when every feed ended.
    func finish(throwing error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        ended = true
        failure = error
        condition.broadcast()
    }

    /// The next batch; `nil` once the parser finished and every batch was taken. Rethrows the
    /// parser's error after the batches queued before it.
    func receive() throws -> [ImportItem]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !ended { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The writer stopped: wakes the parser, whose next send throws.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        batches.removeAll()
        condition.broadcast()
    }
}
