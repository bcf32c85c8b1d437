import ArgumentParser
import Foundation

/// `xmlstack-bench generate [DIR] [--large]`: writes the deterministic corpus.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the benchmark corpus (the same bytes on every machine)."
    )

    @Argument(help: "The directory to write to; defaults to Benchmarks/corpus.")
    var directory: String = defaultCorpusDirectory

    @Flag(help: "Also write the 512 MiB schedule feed (off by default).")
    var large = false

    func run() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for fixture in CorpusFixture.all where large || !fixture.isLarge {
            let path = (directory as NSString).appendingPathComponent(fixture.fileName)
            let start = monotonicSeconds()
            try fixture.generate(at: path)
            let seconds = monotonicSeconds() - start
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            print("wrote \(path): \(grouped(size)) bytes in \(formatted(seconds, decimals: 2)) s")
        }
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
