import BenchmarkSupport
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

    @Option(
        help: ArgumentHelp(
            "Run only the measurements whose identifier contains this text; default all.",
            discussion: "Identifiers are corpus/workload (schedule-64m/stream-reading), idle and alloc-check."))
    var filter: String?

    @Option(
        name: .customLong("repeat"),
        help: "Rounds of timed runs, each after a discarded warm-up; the median is reported (default 5).")
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

            Each measurement runs in child processes of its own. In each of \(repetitions) rounds every \
            workload of a table runs once, in a fresh child that discards a warm-up parse and times the \
            next; the order rotates between rounds. Throughput is the median round, in MiB/s (2^20 bytes) \
            of input read from the page cache; files under 16 MiB are parsed several times per timed \
            run. A ratio is the median over rounds of the two throughputs within each round (higher is \
            better for the row), so a machine that speeds up or slows down moves both sides alike. Peak \
            RSS is `ru_maxrss` of one more child that parsed the file exactly once.
            """)
        if isDebugBuild { print("\n**DEBUG BUILD: these numbers mean nothing.**") }

        if runner.isSelected("idle") {
            let idle = runner.idlePeakBytes().map { formatted(Double($0) / Double(1 << 20), decimals: 1) } ?? "—"
            print(
                "\nPeak RSS of the benchmark process parsing nothing (the floor under every figure below): \(idle) MiB."
            )
        }

        for fixture in [CorpusFixture.schedule1M, .namespaced1M, .schedule64M, .namespaced64M] {
            try printThroughputTable(fixture, runner: runner)
        }
        _ = try printRatioTable(
            .damaged64M, workloads: [.streamReadingRecovering], runner: runner, generate: "xmlstack-bench generate",
            inSeconds: false)
        try printEncodingTable(runner: runner)
        try printBigTokenTable(runner: runner)
        try printLargeTable(runner: runner)
        printAllocationCheck(runner: runner)
        print(
            "\nLoad average (1, 5, 15 min) at the end: \(MachineDescription.loadAverages()); "
                + "the run took \(formatted(monotonicSeconds() - started, decimals: 0)) s.")
        printToStandardError("done in \(formatted(monotonicSeconds() - started, decimals: 0)) s")
    }

    // MARK: Tables

    private func printThroughputTable(_ fixture: CorpusFixture, runner: MeasurementRunner) throws {
        let sameModels: [Workload] = fixture.shape == .schedule ? [.handWrittenModels, .foundationModelStack] : []
        let workloads: [Workload] =
            [
                .expatC, .expatCNoNamespaces, .expatCReading, .streamNoOp, .streamReading, .streamReadingRecovering,
                .streamText, .handlerStack,
            ] + sameModels + [.foundationStream, .foundationData]
        guard
            let results = try printRatioTable(
                fixture, workloads: workloads, runner: runner, generate: "xmlstack-bench generate", inSeconds: false)
        else { return }
        if let stack = results.first(where: { $0.0 == .handlerStack })?.1,
            let hand = results.first(where: { $0.0 == .handWrittenModels })?.1,
            let book = results.first(where: { $0.0 == .foundationModelStack })?.1,
            let overHand = stack.ratio(to: hand), let overBook = stack.ratio(to: book)
        {
            let same = stack.summary == hand.summary && stack.summary == book.summary ? "the same counts and checksum" : "DIFFERENT RESULTS"
            print(
                "\nThe handler stack building the models, with \(same): \(formatted(overHand, decimals: 2))× the hand-written "
                    + "handler, \(formatted(overBook, decimals: 2))× the book's delegate stack on Foundation.")
        }
        let cReading = results.first { $0.0 == .expatCReading }?.1
        if let reading = results.first(where: { $0.0 == .streamReading })?.1, let ratio = reading.ratio(to: cReading) {
            let same = reading.summary == cReading?.summary ? "the same checksum" : "A DIFFERENT CHECKSUM"
            print(
                "\nThe reading handler against raw expat (C) reading the same names and values, with \(same): "
                    + "\(formatted(ratio, decimals: 2))×.")
        }
    }

    private func printLargeTable(runner: MeasurementRunner) throws {
        _ = try printRatioTable(
            .schedule512M, workloads: [.expatC, .streamNoOp, .streamReading, .streamReadingRecovering, .foundationStream],
            runner: runner,
            generate: "xmlstack-bench generate --large", inSeconds: true)
    }

    /// Measures the selected `workloads` on `fixture` and prints one table of time, throughput,
    /// peak memory and ratios to raw expat and Foundation. Returns the results, or `nil` when
    /// nothing was selected or the file was not generated.
    private func printRatioTable(
        _ fixture: CorpusFixture, workloads: [Workload], runner: MeasurementRunner, generate: String,
        inSeconds: Bool
    ) throws -> [(Workload, Measurement)]? {
        guard workloads.contains(where: { runner.isSelected(fixture, $0) }) else { return nil }
        guard FileManager.default.fileExists(atPath: runner.path(of: fixture)) else {
            print("\n## \(fixture.fileName)\n\nNot generated: run `\(generate)`.")
            return nil
        }
        let selected = workloads.filter { runner.isSelected(fixture, $0) }
        let results = Array(zip(selected, runner.measure(selected.map { ($0, fixture) })))
        let baseline = results.first { $0.0 == .expatC }?.1
        let foundation = results.first { $0.0 == .foundationStream }?.1
        var table = MarkdownTable([
            ("workload", .left), (inSeconds ? "seconds (median)" : "ms per parse", .right), ("MiB/s (median)", .right),
            ("peak RSS MiB", .right), ("× raw expat", .right), ("× Foundation", .right), ("result", .left),
        ])
        for (workload, measurement) in results {
            table.add([
                workload.title(for: fixture.shape),
                inSeconds ? measurement.secondsText(limit: nil) : measurement.millisecondsText,
                measurement.throughputText, measurement.peakText, measurement.ratioText(to: baseline),
                measurement.ratioText(to: foundation), measurement.resultText(checkedAgainst: baseline),
            ])
        }
        print("\n## \(fixture.fileName) (\(grouped(results.first?.1.fileBytes ?? 0)) bytes): \(fixture.stresses)\n")
        print(table.rendered)
        return results
    }

    /// The same news feed in UTF-8, UTF-16 and the multi-byte encodings iconv converts
    /// ahead of expat: how fast each reads against UTF-8.
    private func printEncodingTable(runner: MeasurementRunner) throws {
        let fixtures = CorpusFixture.newsFeeds
        let plan: [(Workload, CorpusFixture)] =
            [(.expatC, fixtures[0]), (.expatC, fixtures[1])] + fixtures.map { (.streamReading, $0) }
        let selected = plan.filter { runner.isSelected($0.1, $0.0) }
        guard !selected.isEmpty else { return }
        guard fixtures.allSatisfy({ FileManager.default.fileExists(atPath: runner.path(of: $0)) }) else {
            print("\n## Encodings\n\nNot generated: run `xmlstack-bench generate`.")
            return
        }
        let results = Array(zip(selected, runner.measure(selected)))
        let utf8 = results.first { $0.0.0 == .streamReading && $0.0.1.fileName == fixtures[0].fileName }?.1
        let expat = results.first { $0.0.0 == .expatC && $0.0.1.fileName == fixtures[0].fileName }?.1
        var table = MarkdownTable([
            ("workload", .left), ("encoding", .left), ("file MiB", .right), ("ms per parse", .right),
            ("MiB/s of input", .right), ("speed × UTF-8", .right), ("speed × raw expat, UTF-8", .right), ("result", .left),
        ])
        for ((workload, fixture), measurement) in results {
            guard case .news(let encoding) = fixture.shape else { continue }
            table.add([
                workload == .expatC ? "raw expat (C)" : "XMLStreamParser, reading handler",
                encoding.map { NewsFeedWriter.labels[$0] ?? $0 } ?? "UTF-8",
                formatted(Double(measurement.fileBytes) / Double(1 << 20), decimals: 1), measurement.millisecondsText,
                measurement.throughputText,
                workload == .expatC ? "—" : measurement.speed(against: utf8).map { formatted($0, decimals: 2) } ?? "—",
                measurement.speed(against: expat).map { formatted($0, decimals: 2) } ?? "—",
                measurement.resultText(checkedAgainst: nil),
            ])
        }
        print(
            """

            ## Encodings: one news feed in Chinese characters, 32 MiB in UTF-8

            The same feed in each encoding (`NewsFeedWriter`: the ideographs GB2312, Big5, windows-31j and \
            windows-949 share). expat reads UTF-8 and UTF-16 itself; the others are converted to UTF-8 by \
            iconv ahead of it. Speed is the time per parse of the UTF-8 feed over this one's (higher is \
            faster), the median of the ratios within each round; the same checksum on every row means the \
            same names and values were read.

            """)
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
        let timed = runner.measure(selected.filter { !$0.2 }.map { ($0.0, $0.1) })
        var timedResults = timed.makeIterator()
        for (workload, fixture, capped) in selected {
            let measurement =
                capped
                ? runner.measureOnce(workload, on: fixture, timeLimit: quadraticLimit)
                : timedResults.next()!
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
