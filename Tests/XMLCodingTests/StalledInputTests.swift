import Dispatch
import Foundation
import Testing
import XMLCoding
import XMLStreaming

/// Pipes whose writers stall: the async record stream must wait for them without holding the
/// thread its task runs on.
///
/// The streams' tasks and the tasks that check the thread is free run on an executor of one
/// thread of their own, not on the global pool: the other tests of a parallel run may keep
/// every thread of that pool busy for minutes (CI's plain run of 2026-11-27 did for over
/// 240 s, on 2 cores), and how long they do is none of this test's business.
@Suite("Async decoding of stalled pipes starves no other task")
struct StalledInputTests {
    /// Runs the jobs of the tasks that prefer it, one at a time, on one thread of its own.
    /// A value under an `NSLock`: a pthread mutex, which ThreadSanitizer sees (the standard
    /// library's `Mutex` is a futex on Linux, which it does not, and it reports a race on
    /// every use from two threads).
    private final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }

    private final class OneThreadExecutor: TaskExecutor, Sendable {
        private let jobs = Locked<(waiting: [UnownedJob], stopped: Bool)>(([], false))
        private let ready = DispatchSemaphore(value: 0)

        init() {
            let thread = Thread { [self] in
                while true {
                    ready.wait()
                    let (job, stopped) = jobs.withLock { state in
                        (state.waiting.isEmpty ? nil : state.waiting.removeFirst(), state.stopped)
                    }
                    if let job { job.runSynchronously(on: asUnownedTaskExecutor()) } else if stopped { return }
                }
            }
            thread.start()
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            jobs.withLock { $0.waiting.append(job) }
            ready.signal()
        }

        /// Ends the thread once the jobs enqueued so far have run.
        func stop() {
            jobs.withLock { $0.stopped = true }
            ready.signal()
        }
    }

    private struct Item: Decodable, Equatable {
        var n: Int
    }

    /// The write ends of pipes, closed exactly once by whoever gets there first.
    private final class Writers: Sendable {
        private let descriptors: Locked<[Int32]?>
        init(_ descriptors: [Int32]) { self.descriptors = Locked(descriptors) }
        func closeAll() {
            for descriptor in descriptors.withLock({ taken in defer { taken = nil }; return taken ?? [] }) { close(descriptor) }
        }
        var areClosed: Bool { descriptors.withLock { $0 == nil } }
    }

    @Test("Record streams waiting on stalled pipes leave their thread free for other tasks")
    func stalledPipes() async throws {
        let executor = OneThreadExecutor()
        defer { executor.stop() }
        // Several, so that no one of them waiting in place of the others could pass.
        let streams = 8
        var readEnds: [Int32] = []
        var writeEnds: [Int32] = []
        for _ in 0..<streams {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            // One whole record, then nothing: the reader waits for more.
            _ = Array("<r><item><n>1</n></item>".utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            readEnds.append(ends[0])
            writeEnds.append(ends[1])
        }
        let writers = Writers(writeEnds)
        // If a stream did block the executor's thread, nothing below would run on it again
        // until the pipes end: another thread ends them after 120 s, and the test fails then.
        // (Not a timing: nothing else runs on that executor, so the checks below run within
        // a moment unless a stream holds the thread.)
        let watchdog = Thread { Thread.sleep(forTimeInterval: 120); writers.closeAll() }
        watchdog.start()

        let decodes = readEnds.map { descriptor in
            Task(executorPreference: executor) { () -> (items: [Item], error: (any Error)?) in
                var items: [Item] = []
                do {
                    let records = try XMLDecoder().decode(Item.self, eachAt: "r/item", contentsOf: "/dev/fd/\(descriptor)")
                    for try await item in records { items.append(item) }
                    return (items, nil)
                } catch {
                    return (items, error)
                }
            }
        }
        // Other tasks still run on that thread: a sleep resumes, and a batch of small tasks
        // completes.
        let sums = try await withTaskExecutorPreference(executor) {
            try await Task.sleep(for: .milliseconds(300))
            return await withTaskGroup(of: Int.self) { group in
                for i in 0..<100 { group.addTask { i } }
                return await group.reduce(0, +)
            }
        }
        #expect(sums == 4950)
        #expect(!writers.areClosed, "other tasks ran only once the stalled pipes had ended")

        writers.closeAll()
        for decode in decodes {
            // The input ends without </r>: each stream gives its record, then the parse error.
            let (items, error) = await decode.value
            #expect(items == [Item(n: 1)])
            #expect((error as? XMLParseError)?.code == .noElements, "\(String(describing: error))")
        }
        for descriptor in readEnds { close(descriptor) }
    }
}
