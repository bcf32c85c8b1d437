// SiteSchedule import throughput: a generated feed imported into a fresh SQLite database,
// next to parsing the same feed through the same handler stack without a database, in the
// same run; then the peak memory of importing a much larger feed in a child process.
//
//     swift build -c release --package-path Benchmarks
//     Benchmarks/.build/release/siteschedule-bench [MB] [rounds] [large MB]
import Foundation
import SiteScheduleImport
import SiteScheduleModel
import XMLHandlerStack
import XMLStreaming

#if DEBUG
print("WARNING: debug build; run with -c release. These numbers mean nothing.")
#endif

let arguments = CommandLine.arguments
// Benchmarks/corpus (which git ignores), found from this file's place, whatever the working
// directory: a relative path wrote a 64 MB feed into Benchmarks/Benchmarks/corpus when run from
// Benchmarks/.
let corpus =
    ProcessInfo.processInfo.environment["SITESCHEDULE_CORPUS"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("corpus").path

/// `siteschedule-bench child-import FEED DB`: one import, for the parent to measure.
if arguments.count == 4 && arguments[1] == "child-import" {
    try? FileManager.default.removeItem(atPath: arguments[3])
    let summary = try ScheduleImport.run([.file(arguments[2])], into: ScheduleDatabase(path: arguments[3]))
    print(summary.rows)
    exit(0)
}

let megabytes = arguments.count > 1 ? Int(arguments[1]) ?? 64 : 64
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let largeMegabytes = arguments.count > 3 ? Int(arguments[3]) ?? 1000 : 1000
try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)

func feed(megabytes: Int) throws -> String {
    let path = "\(corpus)/siteschedule-\(megabytes)mb.xml"
    if !FileManager.default.fileExists(atPath: path) {
        FileHandle.standardError.write(Data("generating \(path)\n".utf8))
        try ScheduleFeedGenerator(size: megabytes * 1_000_000).write(to: .file(path: path))
    }
    return path
}

/// The import's handler stack without the database: every entity is built and dropped.
struct DropEntities: ElementConsumer {
    var rows = 0
    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        if let site = child.value(as: Site.self) {
            rows += 1 + site.activities.count
        } else if let team = child.value(as: Team.self) {
            rows += 1 + team.contacts.count
        }
    }
    func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool { true }
}

func parseOnly(_ path: String) throws -> Int {
    var routes = ParseRoutes()
    routes.route("team", to: Team.self)
    routes.route("contact", to: Contact.self)
    routes.route("site", to: Site.self)
    routes.route("activity", to: Activity.self)
    return try HandlerStack.parse(contentsOf: path, root: DropEntities(), routes: routes).rows
}

func importFresh(_ path: String, database: String) throws -> Int {
    try? FileManager.default.removeItem(atPath: database)
    return try ScheduleImport.run([.file(path)], into: ScheduleDatabase(path: database)).rows
}

/// Imports the same feed again into the database the fresh import left: every row read back
/// and compared, none written.
func importAgain(_ path: String, database: String) throws -> Int {
    let summary = try ScheduleImport.run([.file(path)], into: ScheduleDatabase(path: database))
    precondition(summary.rows == summary.teams.unchanged + summary.contacts.unchanged + summary.sites.unchanged
        + summary.activities.unchanged, "a repeated import changed rows")
    return summary.rows
}

func seconds(_ body: () throws -> Int) rethrows -> (Double, Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    let rows = try body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, rows)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let path = try feed(megabytes: megabytes)
let bytes = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0)
let database = "\(corpus)/siteschedule-bench.sqlite"
_ = try parseOnly(path)  // warm-up, discarded
_ = try importFresh(path, database: database)
var parseTimes: [Double] = []
var importTimes: [Double] = []
var ratios: [Double] = []
var repeatTimes: [Double] = []
var rows = 0
for round in 0..<rounds {
    // Alternate the order so the machine's drift falls on both alike.
    let parseFirst = round % 2 == 0
    var parse = (0.0, 0)
    var load = (0.0, 0)
    if parseFirst { parse = try seconds { try parseOnly(path) } }
    load = try seconds { try importFresh(path, database: database) }
    let again = try seconds { try importAgain(path, database: database) }
    precondition(again.1 == load.1, "the repeated import saw \(again.1) rows, the first \(load.1)")
    repeatTimes.append(again.0)
    if !parseFirst { parse = try seconds { try parseOnly(path) } }
    precondition(parse.1 == load.1, "parse-only saw \(parse.1) rows, the import \(load.1)")
    rows = load.1
    parseTimes.append(parse.0)
    importTimes.append(load.0)
    ratios.append(parse.0 / load.0)
}

print("# SiteSchedule import")
print("")
print("- date: \(Date())")
print("- feed: \(path), \(Int(bytes)) bytes, \(rows) rows (teams, contacts, sites, activities)")
print("- median of \(rounds) rounds after a warm-up; parse-only and import alternate within each round")
print("")
print("| workload | seconds (median) | MB/s | rows/s | × parse-only |")
print("| --- | ---: | ---: | ---: | ---: |")
let parseSeconds = median(parseTimes)
let importSeconds = median(importTimes)
print(String(format: "| parse-only: the handler stack building every entity, no database | %.3f | %.1f | %.0f | 1.00 |",
    parseSeconds, bytes / 1e6 / parseSeconds, Double(rows) / parseSeconds))
print(String(format: "| import into a fresh SQLite database, one transaction | %.3f | %.1f | %.0f | %.2f |",
    importSeconds, bytes / 1e6 / importSeconds, Double(rows) / importSeconds, median(ratios)))
let repeatSeconds = median(repeatTimes)
print(String(format: "| the same feed imported again: every row read back and compared, none written | %.3f | %.1f | %.0f | %.2f |",
    repeatSeconds, bytes / 1e6 / repeatSeconds, Double(rows) / repeatSeconds, parseSeconds / repeatSeconds))

// The anchor, in the same run: Python's lxml iterparse feeding sqlite3 (needs
// `pip install lxml`; skipped without it).
let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("python/lxml_import.py").path
let python = Process()
python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
python.arguments = ["python3", script, path, "3"]
let pythonOutput = Pipe()
python.standardOutput = pythonOutput
python.standardError = FileHandle.nullDevice
if (try? python.run()) != nil {
    let line = String(decoding: pythonOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    python.waitUntilExit()
    if python.terminationStatus == 0, let rate = line.split(separator: " ").dropLast().last.flatMap({ Double($0) }) {
        print("")
        print("\(line) (same feed, same schema, one transaction); the import here runs at "
            + String(format: "%.2f× its rows/s.", Double(rows) / importSeconds / rate))
    } else {
        print("")
        print("lxml anchor skipped: `python3 \(script)` failed (is lxml installed?)")
    }
}

if largeMegabytes > 0 {
    let large = try feed(megabytes: largeMegabytes)
    let largeBytes = (try FileManager.default.attributesOfItem(atPath: large)[.size] as? NSNumber)?.intValue ?? 0
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["child-import", large, "\(corpus)/siteschedule-large.sqlite"]
    let pipe = Pipe()
    process.standardOutput = pipe
    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    let peak = Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    print("")
    print(
        "Importing \(large) (\(largeBytes) bytes, \(output.trimmingCharacters(in: .whitespacesAndNewlines)) rows) "
            + String(format: "in a child process: %.1f s, %.1f MB/s, peak RSS %.1f MiB.", elapsed, Double(largeBytes) / 1e6 / elapsed, peak))
    try? FileManager.default.removeItem(atPath: "\(corpus)/siteschedule-large.sqlite")
}
