import BenchmarkSupport
import Foundation

/// What the runner learned about one workload on one file.
struct Measurement {
    /// Seconds per timed run, by round; a round is missing when the workload failed in it.
    var samples: [Int: Double] = [:]
    var parsesPerSample = 1
    var fileBytes = 0
    /// Peak RSS in bytes of the child that parsed the file once.
    var peakBytes: Int?
    var summary = ""
    var elements: Int?
    /// Why there is no time: the workload's error, a crash, or the time limit.
    var failure: String?
    /// Set when the child was stopped by the time limit.
    var exceededLimit = false

    /// The median time of a timed run, in seconds; `nil` when the workload failed.
    var medianSeconds: Double? {
        failure == nil && !samples.isEmpty ? median(Array(samples.values)) : nil
    }

    /// Throughput in MiB/s of the median run.
    var throughput: Double? {
        medianSeconds.map { Double(fileBytes * parsesPerSample) / Double(1 << 20) / $0 }
    }

    var throughputText: String {
        if exceededLimit { return "—" }
        guard let throughput else { return "failed" }
        return formatted(throughput, decimals: throughput < 10 ? 2 : 1)
    }

    var millisecondsText: String {
        guard let medianSeconds else { return exceededLimit ? "—" : "failed" }
        return formatted(medianSeconds / Double(parsesPerSample) * 1000, decimals: 2)
    }

    func secondsText(limit: Int?) -> String {
        if exceededLimit, let limit { return "> \(limit)" }
        guard let medianSeconds else { return "failed" }
        return formatted(medianSeconds / Double(parsesPerSample), decimals: 3)
    }

    var peakText: String {
        guard let peakBytes else { return "—" }
        return formatted(Double(peakBytes) / Double(1 << 20), decimals: 1)
    }

    /// This workload's throughput divided by the reference's: the median over the rounds both
    /// ran of the ratio within each round, so that a machine that speeds up or slows down
    /// during the run moves both sides of each ratio alike.
    func ratio(to reference: Measurement?) -> Double? {
        guard failure == nil, let reference, reference.failure == nil else { return nil }
        var ratios: [Double] = []
        for (round, mine) in samples {
            guard let theirs = reference.samples[round], mine > 0 else { continue }
            let myRate = Double(fileBytes * parsesPerSample) / mine
            let theirRate = Double(reference.fileBytes * reference.parsesPerSample) / theirs
            ratios.append(myRate / theirRate)
        }
        return ratios.isEmpty ? nil : median(ratios)
    }

    /// The reference's time per parse divided by this one's (median of the ratios within
    /// each round): how fast this is against the reference on the same content, whatever
    /// the two files' sizes.
    func speed(against reference: Measurement?) -> Double? {
        guard failure == nil, let reference, reference.failure == nil else { return nil }
        var ratios: [Double] = []
        for (round, mine) in samples {
            guard let theirs = reference.samples[round], mine > 0 else { continue }
            ratios.append((theirs / Double(reference.parsesPerSample)) / (mine / Double(parsesPerSample)))
        }
        return ratios.isEmpty ? nil : median(ratios)
    }

    func ratioText(to reference: Measurement?) -> String {
        ratio(to: reference).map { formatted($0, decimals: 2) } ?? "—"
    }

    /// The printed result, flagging a start-tag count that differs from raw expat's.
    func resultText(checkedAgainst baseline: Measurement?) -> String {
        if let failure { return failure }
        guard let elements, let expected = baseline?.elements else { return summary }
        return elements == expected ? summary + " ✓" : summary + " ✗ MISMATCH: raw expat saw \(grouped(expected))"
    }
}

/// Starts `xmlstack-bench single …` children and reads what they print.
struct MeasurementRunner {
    let executable: String
    let corpus: String
    let filter: String?
    let repetitions: Int

    func path(of fixture: CorpusFixture) -> String {
        (corpus as NSString).appendingPathComponent(fixture.fileName)
    }

    func isSelected(_ identifier: String) -> Bool {
        guard let filter else { return true }
        return identifier.contains(filter)
    }

    func isSelected(_ fixture: CorpusFixture, _ workload: Workload) -> Bool {
        isSelected("\(fixture.name)/\(workload.rawValue)")
    }

    /// Measures several workloads on files in interleaved rounds: in each of `repetitions`
    /// rounds every workload runs once in a fresh child (a discarded warm-up parse, then one
    /// timed run), so slow and fast phases of the machine fall on all of them alike. Then a
    /// child per workload parses its file exactly once for peak memory.
    func measure(_ plan: [(Workload, CorpusFixture)]) -> [Measurement] {
        var results = Array(repeating: Measurement(), count: plan.count)
        for round in 0..<repetitions {
            for offset in plan.indices {
                // Rotate the order each round, so no workload always runs first.
                let i = (offset + round) % plan.count
                guard results[i].failure == nil else { continue }
                let (workload, fixture) = plan[i]
                printToStandardError("round \(round + 1)/\(repetitions): \(fixture.name)/\(workload.rawValue)")
                let outcome = child(["single", workload.rawValue, path(of: fixture), "--repeat", "1", "--warm-up"])
                let sample = read(outcome, into: &results[i], timeLimit: nil)
                if let sample { results[i].samples[round] = sample }
            }
        }
        for (i, (workload, fixture)) in plan.enumerated() {
            // Also for a workload that failed: what it held until then is worth knowing.
            results[i].peakBytes =
                child(["single", workload.rawValue, path(of: fixture), "--repeat", "1"])?.peakResidentBytes
            report(results[i], "\(fixture.name)/\(workload.rawValue)", limit: nil)
        }
        return results
    }

    /// Measures one parse in one child, stopped after `timeLimit` seconds: for runs that may
    /// be quadratic. Its peak memory comes from the same child.
    func measureOnce(_ workload: Workload, on fixture: CorpusFixture, timeLimit: Int) -> Measurement {
        printToStandardError("\(fixture.name)/\(workload.rawValue) (one run, at most \(timeLimit) s)")
        var measurement = Measurement()
        let outcome = child([
            "single", workload.rawValue, path(of: fixture), "--repeat", "1", "--time-limit", "\(timeLimit)",
        ])
        if let sample = read(outcome, into: &measurement, timeLimit: timeLimit) { measurement.samples[0] = sample }
        measurement.peakBytes = outcome?.peakResidentBytes
        report(measurement, "\(fixture.name)/\(workload.rawValue)", limit: timeLimit)
        return measurement
    }

    /// The peak memory of a child that parses nothing.
    func idlePeakBytes() -> Int? {
        child(["single", Workload.idle.rawValue, path(of: .schedule1M), "--repeat", "1"])?.peakResidentBytes
    }

    private func report(_ measurement: Measurement, _ identifier: String, limit: Int?) {
        var line = "\(identifier): "
        if let failure = measurement.failure {
            line += failure
        } else {
            line += "\(measurement.throughputText) MiB/s, \(measurement.secondsText(limit: limit)) s per parse"
        }
        printToStandardError(line + ", peak RSS \(measurement.peakText) MiB")
    }

    private func child(_ arguments: [String]) -> ChildOutcome? {
        do {
            return try runChild(executable, arguments)
        } catch {
            printToStandardError("cannot start a child: \(error)")
            return nil
        }
    }

    /// Reads a child's lines into `measurement`; returns its timed run's seconds, if any.
    private func read(_ outcome: ChildOutcome?, into measurement: inout Measurement, timeLimit: Int?) -> Double? {
        guard let outcome else {
            measurement.failure = "the child process could not be started"
            return nil
        }
        var sample: Double?
        for line in outcome.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "parses-per-sample": measurement.parsesPerSample = Int(parts[1]) ?? 1
            case "file-bytes": measurement.fileBytes = Int(parts[1]) ?? 0
            case "sample": sample = Double(parts[1])
            case "result":
                let fields = parts[1].split(separator: " ", maxSplits: 1).map(String.init)
                let elements = Int(fields[0]) ?? -1
                measurement.elements = elements >= 0 ? elements : nil
                measurement.summary = fields.count > 1 ? fields[1] : ""
            case "failed": measurement.failure = "failed: " + parts[1]
            default: break
            }
        }
        switch outcome.termination {
        case .exited(0): break
        case .signaled(SIGALRM) where timeLimit != nil:
            measurement.exceededLimit = true
            measurement.failure = "stopped after \(timeLimit!) s"
        case .signaled(let signal):
            measurement.failure = "crashed with signal \(signal)"
        case .exited(let code):
            measurement.failure = measurement.failure ?? "exited with status \(code)"
        }
        if measurement.failure == nil && sample == nil { measurement.failure = "no timed run" }
        return measurement.failure == nil ? sample : nil
    }
}
