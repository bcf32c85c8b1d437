import Foundation
import Synchronization
import Testing
import XMLCoding
import XMLStreaming

/// Pipes whose writers stall: the async record stream must wait for them without holding a
/// thread of the cooperative pool, which has one per core.
@Suite("Async decoding of stalled pipes starves no other task")
struct StalledInputTests {
    private struct Item: Decodable, Equatable {
        var n: Int
    }

    /// The write ends of pipes, closed exactly once by whoever gets there first.
    private final class Writers: Sendable {
        private let descriptors: Mutex<[Int32]?>
        init(_ descriptors: [Int32]) { self.descriptors = Mutex(descriptors) }
        func closeAll() {
            for descriptor in descriptors.withLock({ taken in defer { taken = nil }; return taken ?? [] }) { close(descriptor) }
        }
        var areClosed: Bool { descriptors.withLock { $0 == nil } }
    }

    @Test("Many record streams waiting on stalled pipes leave the pool free for other tasks")
    func stalledPipes() async throws {
        // More stalled streams than the pool has threads on any machine this runs on.
        let streams = 4 * ProcessInfo.processInfo.activeProcessorCount + 8
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
        // If the streams did block the pool, nothing below would run again until the pipes
        // end: a thread outside the pool ends them after 240 s, and the test fails then. (Not
        // a timing: the other tests of a parallel run, slower still under a sanitizer, may
        // keep the pool's threads busy for a minute; CI's AddressSanitizer run took over 30 s.)
        let watchdog = Thread { Thread.sleep(forTimeInterval: 240); writers.closeAll() }
        watchdog.start()

        let decodes = readEnds.map { descriptor in
            Task { () -> (items: [Item], error: (any Error)?) in
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
        // Other tasks still run: a sleep resumes, and a batch of small tasks completes.
        try await Task.sleep(for: .milliseconds(300))
        let sums = await withTaskGroup(of: Int.self) { group in
            for i in 0..<100 { group.addTask { i } }
            return await group.reduce(0, +)
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
