import Foundation

/// What the runner learned about one workload on one file.
struct Measurement {
    /// The median time of a timed run, in seconds; `nil` when the workload failed.
    var medianSeconds: Double?
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

    /// Throughput in MiB/s.
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

    func ratioText(to reference: Measurement?) -> String {
        guard let mine = throughput, let theirs = reference?.throughput, theirs > 0 else { return "—" }
        return formatted(mine / theirs, decimals: 2)
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

    /// Measures `workload` on `fixture`: a child for the timed runs (warm-up plus
    /// `repetitions`), then a child that parses once for peak memory. With a time limit
    /// there is one child and one run, stopped after `timeLimit` seconds.
    func measure(_ workload: Workload, on fixture: CorpusFixture, timed: Bool = true, timeLimit: Int? = nil)
        -> Measurement
    {
        let identifier = "\(fixture.name)/\(workload.rawValue)"
        let file = path(of: fixture)
        printToStandardError("\(identifier) ...")
        var measurement = Measurement()
        if let timeLimit {
            let outcome = child(["single", workload.rawValue, file, "--repeat", "1", "--time-limit", "\(timeLimit)"])
            read(outcome, into: &measurement, timeLimit: timeLimit)
            measurement.peakBytes = outcome?.peakResidentBytes
        } else if timed {
            let outcome = child(["single", workload.rawValue, file, "--repeat", "\(repetitions)", "--warm-up"])
            read(outcome, into: &measurement, timeLimit: nil)
            if measurement.failure == nil {
                measurement.peakBytes = child(["single", workload.rawValue, file, "--repeat", "1"])?.peakResidentBytes
            } else {
                measurement.peakBytes = outcome?.peakResidentBytes
            }
        } else {
            let outcome = child(["single", workload.rawValue, file, "--repeat", "1"])
            read(outcome, into: &measurement, timeLimit: nil)
            measurement.peakBytes = outcome?.peakResidentBytes
        }
        var line = "\(identifier): "
        if let failure = measurement.failure {
            line += failure
        } else {
            line += "\(measurement.throughputText) MiB/s, \(measurement.secondsText(limit: timeLimit)) s per parse"
        }
        printToStandardError(line + ", peak RSS \(measurement.peakText) MiB")
        return measurement
    }

    private func child(_ arguments: [String]) -> ChildOutcome? {
        do {
            return try runChild(executable, arguments)
        } catch {
            printToStandardError("cannot start a child: \(error)")
            return nil
        }
    }

    private func read(_ outcome: ChildOutcome?, into measurement: inout Measurement, timeLimit: Int?) {
        guard let outcome else {
            measurement.failure = "the child process could not be started"
            return
        }
        var samples: [Double] = []
        for line in outcome.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "parses-per-sample": measurement.parsesPerSample = Int(parts[1]) ?? 1
            case "file-bytes": measurement.fileBytes = Int(parts[1]) ?? 0
            case "sample": if let seconds = Double(parts[1]) { samples.append(seconds) }
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
        if measurement.failure == nil {
            if samples.isEmpty {
                measurement.failure = "no samples"
            } else {
                measurement.medianSeconds = median(samples)
            }
        }
    }
}
