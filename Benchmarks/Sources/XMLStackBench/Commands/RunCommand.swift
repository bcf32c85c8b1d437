import ArgumentParser
import Foundation
import XMLStreaming

/// `xmlstack-bench run`: measures every workload on every corpus file, each in child
/// processes of its own, and prints Markdown tables of median throughput, peak memory and
/// ratios to raw expat and Foundation.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Measure every workload on the corpus and print tables (generate the corpus first)."
    )

    @Option(help: "Run only the measurements whose identifier (corpus/workload, e.g. schedule-64m/stream-reading) contains this text; default all.")
    var filter: String?

    @Option(name: .customLong("repeat"), help: "Timed runs per measurement after a discarded warm-up; the median is reported (default 5).")
    var repetitions = 5

    @Option(help: "The corpus directory; defaults to Benchmarks/corpus.")
    var corpus: String = defaultCorpusDirectory

    @Option(help: "Seconds after which a quadratic raw-expat run is stopped and reported as slower (default 120).")
    var quadraticLimit = 120

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
        guard quadraticLimit >= 1 else { throw ValidationError("--quadratic-limit must be at least 1 second") }
    }

    func run() throws {
        warnIfDebugBuild()
        let runner = MeasurementRunner(
            executable: currentExecutablePath(), corpus: corpus, filter: filter, repetitions: repetitions)
        guard FileManager.default.fileExists(atPath: runner.path(of: .schedule1M)) else {
            throw BenchError("no corpus in \(corpus): run `xmlstack-bench generate` first")
        }
        let started = monotonicSeconds()

        print("# XMLStack stream parser benchmarks\n")
        print(MachineDescription.current().markdown)
        print(
            """

            Throughput is the median of \(repetitions) timed runs after a discarded warm-up, in MiB/s \
            (2^20 bytes) of input, files read from the page cache. Files under 16 MiB are parsed several \
            times per timed run. Peak RSS is `ru_maxrss` of a separate child process that parsed the file \
            once. Ratios divide throughputs (higher is better for the row).
            """)
        if isDebugBuild { print("\n**DEBUG BUILD: these numbers mean nothing.**") }

        if runner.isSelected("idle") {
            let idle = runner.measure(.idle, on: .schedule1M, timed: false)
            print("\nPeak RSS of the benchmark process parsing nothing (the floor under every figure below): "
                + "\(idle.peakText) MiB.")
        }

        for fixture in [CorpusFixture.schedule1M, .namespaced1M, .schedule64M, .namespaced64M] {
            try printThroughputTable(fixture, runner: runner)
        }
        try printBigTokenTable(runner: runner)
        try printLargeTable(runner: runner)
        printAllocationCheck(runner: runner)
        printToStandardError("done in \(formatted(monotonicSeconds() - started, decimals: 0)) s")
    }

    // MARK: Tables

    private func printThroughputTable(_ fixture: CorpusFixture, runner: MeasurementRunner) throws {
        let workloads: [Workload] = [
            .expatC, .expatCNoNamespaces, .streamNoOp, .streamReading, .streamText, .handlerStack,
            .foundationStream, .foundationData,
        ]
        guard workloads.contains(where: { runner.isSelected(fixture, $0) }) else { return }
        guard FileManager.default.fileExists(atPath: runner.path(of: fixture)) else {
            print("\n## \(fixture.fileName)\n\nNot generated: run `xmlstack-bench generate`.")
            return
        }
        var results: [(Workload, Measurement)] = []
        for workload in workloads where runner.isSelected(fixture, workload) {
            results.append((workload, runner.measure(workload, on: fixture)))
        }
        let baseline = results.first { $0.0 == .expatC }?.1
        let foundation = results.first { $0.0 == .foundationStream }?.1

        var table = MarkdownTable([
            ("workload", .left), ("ms per parse", .right), ("MiB/s (median)", .right), ("peak RSS MiB", .right),
            ("× raw expat", .right), ("× Foundation", .right), ("result", .left),
        ])
        for (workload, measurement) in results {
            table.add([
                workload.title(for: fixture.shape), measurement.millisecondsText, measurement.throughputText,
                measurement.peakText, measurement.ratioText(to: baseline), measurement.ratioText(to: foundation),
                measurement.resultText(checkedAgainst: baseline),
            ])
        }
        print("\n## \(fixture.fileName) (\(grouped(results.first?.1.fileBytes ?? 0)) bytes): \(fixture.stresses)\n")
        print(table.rendered)
    }

    private func printBigTokenTable(runner: MeasurementRunner) throws {
        // (workload, fixture, whether raw expat may be quadratic here and gets one capped run)
        let plan: [(Workload, CorpusFixture, Bool)] = [
            (.expatC64K, .schedule32M, false),
            (.expatC64K, .bigAttribute32M, true),
            (.expatC, .schedule32M, false),
            (.expatC, .bigAttribute32M, true),
            (.streamReading64KUnlimited, .schedule32M, false),
            (.streamReading64KUnlimited, .bigAttribute32M, false),
        ]
        let selected = plan.filter { runner.isSelected($0.1, $0.0) }
        guard !selected.isEmpty else { return }
        guard FileManager.default.fileExists(atPath: runner.path(of: .bigAttribute32M)),
            FileManager.default.fileExists(atPath: runner.path(of: .schedule32M))
        else {
            print("\n## Big token\n\nNot generated: run `xmlstack-bench generate`.")
            return
        }
        var table = MarkdownTable([
            ("workload", .left), ("file", .left), ("seconds", .right), ("MiB/s", .right), ("peak RSS MiB", .right),
            ("result", .left),
        ])
        for (workload, fixture, capped) in selected {
            let measurement =
                capped
                ? runner.measure(workload, on: fixture, timeLimit: quadraticLimit)
                : runner.measure(workload, on: fixture)
            table.add([
                workload.title(for: fixture.shape), fixture.fileName,
                measurement.secondsText(limit: capped ? quadraticLimit : nil) + (capped ? " (1 run)" : ""),
                measurement.throughputText, measurement.peakText, measurement.resultText(checkedAgainst: nil),
            ])
        }
        print(
            """

            ## Big token: one 32 MiB attribute value

            expat \(ExpatLibrary.version) re-scans a pending token from its start at every buffer it is given \
            (reparse deferral arrived in 2.6.0). Raw expat fed fixed reads on the big attribute is therefore \
            quadratic; it gets one run, stopped after \(quadraticLimit) s. XMLStreamParser grows its read \
            while a token is pending, so it should take about as long as on ordinary content of the same size.

            """)
        print(table.rendered)
    }

    private func printLargeTable(runner: MeasurementRunner) throws {
        let fixture = CorpusFixture.schedule512M
        let workloads: [Workload] = [.expatC, .streamNoOp, .streamReading]
        guard workloads.contains(where: { runner.isSelected(fixture, $0) }) else { return }
        guard FileManager.default.fileExists(atPath: runner.path(of: fixture)) else {
            print("\n## \(fixture.fileName)\n\nNot generated: run `xmlstack-bench generate --large`.")
            return
        }
        var results: [(Workload, Measurement)] = []
        for workload in workloads where runner.isSelected(fixture, workload) {
            results.append((workload, runner.measure(workload, on: fixture)))
        }
        let baseline = results.first { $0.0 == .expatC }?.1
        var table = MarkdownTable([
            ("workload", .left), ("seconds (median)", .right), ("MiB/s (median)", .right), ("peak RSS MiB", .right),
            ("× raw expat", .right), ("result", .left),
        ])
        for (workload, measurement) in results {
            table.add([
                workload.title(for: fixture.shape), measurement.secondsText(limit: nil), measurement.throughputText,
                measurement.peakText, measurement.ratioText(to: baseline),
                measurement.resultText(checkedAgainst: baseline),
            ])
        }
        print("\n## \(fixture.fileName) (\(grouped(results.first?.1.fileBytes ?? 0)) bytes): \(fixture.stresses)\n")
        print(table.rendered)
    }

    private func printAllocationCheck(runner: MeasurementRunner) {
        guard runner.isSelected("alloc-check") else { return }
        let checker = ((runner.executable as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("xmlstack-alloc-check")
        print("\n## Allocations\n")
        guard FileManager.default.isExecutableFile(atPath: checker) else {
            print(
                "Skipped: \(checker) is missing; build every product with "
                    + "`swift build -c release --package-path Benchmarks`.")
            return
        }
        printToStandardError("alloc-check ...")
        do {
            let outcome = try runChild(checker, [])
            print(outcome.standardOutput, terminator: "")
            if outcome.termination != .exited(0) { print("\nxmlstack-alloc-check ended with \(outcome.termination).") }
        } catch {
            print("Failed: \(error)")
        }
    }
}
