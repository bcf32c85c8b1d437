import Dispatch
internal import XMLSyntax

/// `read(2)` for `async` code: the call runs on a thread that may block, never on the
/// cooperative pool that runs tasks, so a stalled pipe or a slow disk holds up only the task
/// that waits for it. One per input.
package struct BlockingRead: Sendable {
    /// A serial queue of its own. A serial queue overcommits: it gets a thread of its own
    /// even when every other is busy or blocked. A concurrent queue (or the global one) does
    /// not; on Linux it shares the threads of the pool that runs tasks, one per core, and
    /// blocked reads there stop every task (StalledInputTests saw it, when its probes ran
    /// on that pool).
    private let queue = DispatchQueue(label: "XMLStack.blocking-read")

    package init() {}

    /// Up to `count` bytes read from `descriptor`; empty at the end of the input. Retries
    /// after an interrupted call; any other failure throws an ``XMLInputError`` naming `source`.
    package func read(_ descriptor: Int32, upTo count: Int, source: String) async throws -> [UInt8] {
        let (bytes, failure) = await withCheckedContinuation { (continuation: CheckedContinuation<([UInt8], Int32), Never>) in
            queue.async {
                var bytes = [UInt8](repeating: 0, count: count)
                var result: Int
                repeat {
                    result = unsafe bytes.withUnsafeMutableBytes { unsafe systemRead(descriptor, $0.baseAddress!, count) }
                } while result < 0 && errno == EINTR
                if result < 0 {
                    continuation.resume(returning: ([], errno))
                } else {
                    bytes.removeLast(count - result)
                    continuation.resume(returning: (bytes, 0))
                }
            }
        }
        if failure != 0 { throw XMLInputError.system(.cannotRead, fileName: source, errno: failure) }
        return bytes
    }
}
