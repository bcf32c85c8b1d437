// Validation on the stream: a generated SiteSchedule feed checked against the sample's schema
// (Samples/SiteSchedule/schedule.xsd) by XMLSchemaValidator, next to the same parse with no
// validation (what `xml check` does), raw expat in C, `xmllint --stream --schema`, and the
// pure-Python xmlschema package, in the same run; every workload in a child process of its
// own, which gives its peak memory. Then the same on a 1 GiB feed, once each, for memory.
//
//     swift build -c release --package-path Benchmarks
//     Benchmarks/.build/release/xmlvalidation-bench [MB] [rounds] [large MB]
//
// XMLSCHEMA_PYTHON names the Python that has xmlschema (default python3); without it, that
// row says it was skipped.
import BenchmarkSupport
import CExpatBaseline
import Foundation
import XMLStreaming
import XMLValidation
import SiteScheduleImport

#if DEBUG
print("WARNING: debug build; run with -c release. These numbers mean nothing.")
#endif

let arguments = CommandLine.arguments
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let corpus = ProcessInfo.processInfo.environment["SITESCHEDULE_CORPUS"] ?? here.appendingPathComponent("corpus").path
let schemaPath = here.deletingLastPathComponent().appendingPathComponent("Samples/SiteSchedule/schedule.xsd").path

/// This process's peak resident memory in bytes (`VmHWM`): not `wait4`'s, which on Linux
/// also counts the parent's memory at the spawn.
func peakResidentBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
}

/// Seconds since `start`.
func elapsed(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

// MARK: Children: one workload each, printing its seconds and what it counted.

if arguments.count >= 3 && arguments[1].hasPrefix("child-") {
    let feed = arguments[2]
    let start = DispatchTime.now().uptimeNanoseconds
    switch arguments[1] {
    case "child-check":
        // What `xml check` does: the stream parser with a handler that keeps nothing.
        let parser = XMLStreamParser(handler: XMLDiscardingHandler())
        try parser.parse(contentsOf: feed)
        print(elapsed(since: start), 0, peakResidentBytes())
    case "child-validate":
        // The schema compiled in the timed part, as xmllint compiles its own.
        let schema = try XMLSchema(contentsOf: schemaPath)
        let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: schema, options: XMLValidationOptions(reporting: .allErrors(maximum: 100))))
        try parser.parse(contentsOf: feed)
        print(elapsed(since: start), parser.handler.errors.count + parser.handler.uncountedErrors, peakResidentBytes())
    case "child-expat":
        let result = CExpatBaseline_parseFile(feed, 256 * 1024, 1, 0)
        precondition(result.error == 0, "expat failed: \(result.error)")
        print(elapsed(since: start), 0, peakResidentBytes())
    default:
        fatalError("unknown child \(arguments[1])")
    }
    exit(0)
}

// MARK: The parent

let megabytes = arguments.count > 1 ? Int(arguments[1]) ?? 64 : 64
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let largeMegabytes = arguments.count > 3 ? Int(arguments[3]) ?? 1024 : 1024
try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)

/// The generated feed of `megabytes` MiB (the generator's seed fixes its bytes).
func feed(megabytes: Int) throws -> String {
    let path = "\(corpus)/siteschedule-\(megabytes)mib.xml"
    if !FileManager.default.fileExists(atPath: path) {
        FileHandle.standardError.write(Data("generating \(path)\n".utf8))
        _ = try ScheduleFeedGenerator(size: megabytes * 1_048_576).write(to: .file(path: path))
    }
    return path
}

struct Measurement {
    var seconds: Double
    var peakBytes: Int
    var errors: Int
}

/// One of this program's children: its own time, and its peak memory.
func child(_ workload: String, _ feed: String) throws -> Measurement {
    let outcome = try runChild(currentExecutablePath(), ["child-\(workload)", feed])
    precondition(outcome.termination == .exited(0), "\(workload) ended with \(outcome.termination)")
    let printed = outcome.standardOutput.split(whereSeparator: \.isWhitespace)
    return Measurement(seconds: Double(printed[0])!, peakBytes: Int(printed[2])!, errors: Int(printed[1])!)
}

/// Another program, through GNU time (`/usr/bin/time`), which forks before the exec, so the
/// peak it reports is the program's own: its status and peak memory, or `nil` when either
/// is missing.
func timed(_ program: String, _ arguments: [String]) -> (ChildOutcome, Int)? {
    let report = NSTemporaryDirectory() + "xmlvalidation-bench-\(getpid()).time"
    defer { try? FileManager.default.removeItem(atPath: report) }
    guard let outcome = try? runChild("/usr/bin/time", ["-f", "%M", "-o", report, program] + arguments),
        let kibibytes = (try? String(contentsOfFile: report, encoding: .utf8))?.split(separator: "\n").last.flatMap({ Int($0) })
    else { return nil }
    return (outcome, kibibytes * 1024)
}

/// `xmllint --noout --stream --schema`, timed from outside (process start included; it is
/// milliseconds against seconds). `nil` when xmllint is not installed.
func xmllint(_ feed: String) throws -> Measurement? {
    let start = DispatchTime.now().uptimeNanoseconds
    guard let (outcome, peak) = timed("xmllint", ["--noout", "--stream", "--schema", schemaPath, feed]) else { return nil }
    let seconds = elapsed(since: start)
    guard outcome.termination == .exited(0) || outcome.termination == .exited(3) else { return nil }
    return Measurement(seconds: seconds, peakBytes: peak, errors: outcome.termination == .exited(0) ? 0 : 1)
}

/// The Python anchor, once (it is slow): its own time, and its peak memory.
func python(_ feed: String) -> (Measurement, String)? {
    let interpreter = ProcessInfo.processInfo.environment["XMLSCHEMA_PYTHON"] ?? "python3"
    let script = here.appendingPathComponent("python/xmlschema_validate.py").path
    guard let (outcome, peak) = timed(interpreter, [script, schemaPath, feed]), outcome.termination == .exited(0) else { return nil }
    let printed = outcome.standardOutput.split(whereSeparator: \.isWhitespace)
    guard printed.count == 3, let seconds = Double(printed[0]), let errors = Int(printed[1]) else { return nil }
    return (Measurement(seconds: seconds, peakBytes: peak, errors: errors), String(printed[2]))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func mib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

let path = try feed(megabytes: megabytes)
let bytes = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0)
_ = try child("check", path)  // warm-up (the file into the page cache), discarded

var times: [String: [Double]] = [:]
var peaks: [String: Int] = [:]
let workloads = ["expat", "check", "validate", "xmllint"]
for round in 0..<rounds {
    // A different order each round, so the machine's drift falls on all alike.
    for index in workloads.indices {
        let workload = workloads[(index + round) % workloads.count]
        let measured: Measurement?
        if workload == "xmllint" { measured = try xmllint(path) } else { measured = try child(workload, path) }
        guard let measured else { continue }
        precondition(measured.errors == 0, "\(workload) found the feed invalid")
        times[workload, default: []].append(measured.seconds)
        peaks[workload] = max(peaks[workload] ?? 0, measured.peakBytes)
    }
}

print("# Validation on the stream")
print("")
print("- date: \(Date())")
print("- feed: \(path), \(Int(bytes)) bytes; schema: Samples/SiteSchedule/schedule.xsd (valid, so every check runs to the end)")
print("- median of \(rounds) rounds after a warm-up, each workload in a child process of its own, in a different order each round")
print("")
print("| workload | seconds (median) | MB/s | time ÷ validate's | peak RSS (MiB) |")
print("| --- | ---: | ---: | ---: | ---: |")
let validateSeconds = median(times["validate"]!)
let rows: [(String, String)] = [
    ("expat", "raw expat in C, no-op callbacks"),
    ("check", "XMLStreamParser, no handler (`xml check`)"),
    ("validate", "XMLSchemaValidator (`xml validate --schema`), schema compiled in the run"),
    ("xmllint", "`xmllint --noout --stream --schema` (libxml2)"),
]
for (workload, label) in rows {
    guard let measured = times[workload] else {
        print("| \(label) | not run | | | |")
        continue
    }
    let seconds = median(measured)
    print(String(format: "| %@ | %.3f | %.1f | %.2f | %@ |", label, seconds, bytes / 1e6 / seconds, seconds / validateSeconds, mib(peaks[workload]!)))
}
if let (measured, version) = python(path) {
    print(String(format: "| Python xmlschema %@, lazy (one round) | %.3f | %.1f | %.2f | %@ |", version, measured.seconds,
        bytes / 1e6 / measured.seconds, measured.seconds / validateSeconds, mib(measured.peakBytes)))
} else {
    print("| Python xmlschema | skipped: set XMLSCHEMA_PYTHON to a Python with xmlschema | | | |")
}
let checkSeconds = median(times["check"]!)
print("")
print(String(format: "Validation runs at %.2f× the speed of the parse alone (target ≥ 0.5×)", checkSeconds / validateSeconds)
    + (times["xmllint"].map { String(format: " and %.2f× xmllint's (target ≥ 2×).", median($0) / validateSeconds) } ?? "."))

if largeMegabytes > 0 {
    let large = try feed(megabytes: largeMegabytes)
    let largeBytes = (try FileManager.default.attributesOfItem(atPath: large)[.size] as? NSNumber)?.intValue ?? 0
    print("")
    print("\(large): \(largeBytes) bytes, once each:")
    print("")
    print("| workload | seconds | MB/s | peak RSS (MiB) |")
    print("| --- | ---: | ---: | ---: |")
    for (workload, label) in rows {
        let measured: Measurement? = workload == "xmllint" ? try xmllint(large) : try child(workload, large)
        guard let measured else { continue }
        precondition(measured.errors == 0, "\(workload) found the large feed invalid")
        print(String(format: "| %@ | %.1f | %.1f | %@ |", label, measured.seconds, Double(largeBytes) / 1e6 / measured.seconds, mib(measured.peakBytes)))
    }
}
