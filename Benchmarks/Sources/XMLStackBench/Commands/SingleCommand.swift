import BenchmarkSupport
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `xmlstack-bench single WORKLOAD FILE`: measures one workload on one file in this process
/// and prints machine-readable lines. `run` starts one such child per measurement, so
/// each gets its own peak memory.
///
/// Output lines: `parses-per-sample K`, `file-bytes N`, `sample SECONDS` (one per timed
/// run, each K parses), then `result ELEMENTS SUMMARY` or `failed MESSAGE`.
struct SingleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "single",
        abstract: "Measure one workload on one file (run starts these as child processes).",
        shouldDisplay: false
    )

    @Argument(help: "The workload: \(Workload.allCases.map(\.rawValue).joined(separator: ", ")).")
    var workload: Workload

    @Argument(help: "The corpus file.")
    var file: String

    @Option(name: .customLong("repeat"), help: "Timed runs (default 1).")
    var repetitions = 1

    @Flag(help: "Run once first and discard the time.")
    var warmUp = false

    @Option(help: "Stop with SIGALRM after this many seconds; 0, the default, means never.")
    var timeLimit = 0

    func run() throws {
        warnIfDebugBuild()
        if timeLimit > 0 { alarm(UInt32(timeLimit)) }
        let shape = CorpusFixture.all.first { $0.fileName == (file as NSString).lastPathComponent }?.shape ?? .schedule
        var status = stat()
        guard stat(file, &status) == 0 else {
            throw BenchError("cannot read \(file): \(String(cString: strerror(errno)))")
        }
        let size = Int(status.st_size)
        // Small files are parsed several times per sample so that a sample lasts long enough to time.
        let parsesPerSample = workload == .idle ? 1 : max(1, (16 << 20) / max(size, 1))
        print("parses-per-sample \(parsesPerSample)")
        print("file-bytes \(size)")
        do {
            var outcome = WorkloadOutcome(summary: "", elements: nil)
            if warmUp {
                for _ in 0..<parsesPerSample { outcome = try workload.run(file: file, shape: shape) }
            }
            for _ in 0..<repetitions {
                let start = monotonicSeconds()
                for _ in 0..<parsesPerSample { outcome = try workload.run(file: file, shape: shape) }
                let seconds = monotonicSeconds() - start
                print("sample \(seconds)")
            }
            print("result \(outcome.elements ?? -1) \(outcome.summary)")
        } catch {
            print("failed \(String(describing: error).replacingOccurrences(of: "\n", with: " "))")
        }
    }
}
