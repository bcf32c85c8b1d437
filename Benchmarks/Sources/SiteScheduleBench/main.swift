// SiteSchedule import throughput: a generated feed imported into a fresh SQLite database,
// next to parsing the same feed through the same handler stack without a database, in the
// same run; then the peak memory of importing a much larger feed in a child process.
// With SITESCHEDULE_BENCH_POSTGRES_URL set (a server it may drop the schedule's tables in),
// the same imports into PostgreSQL too, beside Python's lxml + psycopg.
//
//     swift build -c release --package-path Benchmarks
//     Benchmarks/.build/release/siteschedule-bench [MB] [rounds] [large MB]
import BenchmarkSupport
import Foundation
import SiteScheduleImport
import SiteScheduleModel
import SiteSchedulePostgres
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

/// This process's peak resident memory in bytes, as the kernel counts it for this program
/// (`VmHWM`): not `wait4`'s, which on Linux also counts the parent's copy it was started from.
func peakResidentBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
}

/// `siteschedule-bench child-import FEED DB`: one import, for the parent to measure; prints
/// the rows and its peak memory.
if arguments.count == 4 && arguments[1] == "child-import" {
    print(try importFresh(arguments[2], database: arguments[3]), peakResidentBytes())
    exit(0)
}

/// `siteschedule-bench child-import-postgres FEED URL`: the same into a fresh PostgreSQL schema.
if arguments.count == 4 && arguments[1] == "child-import-postgres" {
    print(try importFreshPostgres(arguments[2], url: arguments[3]), peakResidentBytes())
    exit(0)
}

/// Drops the schedule's tables (and the record of its migrations) with `psql`, so the next
/// import starts from an empty database.
func dropPostgresTables(_ url: String) throws {
    let psql = Process()
    psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    psql.arguments = ["psql", "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", url, "-c",
        "SET client_min_messages = warning; DROP TABLE IF EXISTS activity, site, contact, team, siteschedule_migration CASCADE"]
    psql.standardError = FileHandle.standardError
    try psql.run()
    psql.waitUntilExit()
    precondition(psql.terminationStatus == 0, "psql could not drop the tables")
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

func importFreshPostgres(_ path: String, url: String) throws -> Int {
    try dropPostgresTables(url)
    return try ScheduleImport.run([.file(path)], into: PostgresScheduleStore(PostgresLocation(url: url))).rows
}

/// Imports the same feed again into the database the fresh import left: every row read back
/// and compared, none written.
func importAgain(_ path: String, into store: some ScheduleStore) throws -> Int {
    let summary = try ScheduleImport.run([.file(path)], into: store)
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
let postgresURL = ProcessInfo.processInfo.environment["SITESCHEDULE_BENCH_POSTGRES_URL"]
if let postgresURL { _ = try importFreshPostgres(path, url: postgresURL) }
var postgresTimes: [Double] = []
var postgresRepeatTimes: [Double] = []
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
    let again = try seconds { try importAgain(path, into: ScheduleDatabase(path: database)) }
    precondition(again.1 == load.1, "the repeated import saw \(again.1) rows, the first \(load.1)")
    repeatTimes.append(again.0)
    if !parseFirst { parse = try seconds { try parseOnly(path) } }
    precondition(parse.1 == load.1, "parse-only saw \(parse.1) rows, the import \(load.1)")
    rows = load.1
    if let postgresURL {
        let fresh = try seconds { try importFreshPostgres(path, url: postgresURL) }
        precondition(fresh.1 == rows, "the PostgreSQL import saw \(fresh.1) rows, SQLite's \(rows)")
        let again = try seconds { try importAgain(path, into: PostgresScheduleStore(PostgresLocation(url: postgresURL))) }
        precondition(again.1 == rows, "the repeated PostgreSQL import saw \(again.1) rows, SQLite's \(rows)")
        postgresTimes.append(fresh.0)
        postgresRepeatTimes.append(again.0)
    }
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
var postgresSeconds: Double?
if !postgresTimes.isEmpty {
    let fresh = median(postgresTimes), again = median(postgresRepeatTimes)
    postgresSeconds = fresh
    print(String(format: "| import into a fresh PostgreSQL database on loopback, one transaction | %.3f | %.1f | %.0f | %.2f |",
        fresh, bytes / 1e6 / fresh, Double(rows) / fresh, parseSeconds / fresh))
    print(String(format: "| the same feed imported again into PostgreSQL: every row read back and compared | %.3f | %.1f | %.0f | %.2f |",
        again, bytes / 1e6 / again, Double(rows) / again, parseSeconds / again))
}

/// Runs one of the Python anchors (`Benchmarks/python/SCRIPT`) and prints its line with the
/// ratio of `rows` in `seconds` to its rate; says so when it cannot run (lxml or psycopg not installed).
func anchor(_ script: String, feed feedPath: String, _ extra: [String], rows: Int, comparedWith seconds: Double, what: String) {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("python/\(script)").path
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", path, feedPath] + extra
    let output = Pipe()
    python.standardOutput = output
    python.standardError = FileHandle.nullDevice
    print("")
    guard (try? python.run()) != nil else {
        print("\(script) skipped: python3 did not start")
        return
    }
    let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    python.waitUntilExit()
    if python.terminationStatus == 0, let rate = line.split(separator: " ").dropLast().last.flatMap({ Double($0) }) {
        print("\(line) (same feed, same schema, one transaction); \(what) here runs at "
            + String(format: "%.2f× its rows/s.", Double(rows) / seconds / rate))
    } else {
        print("\(script) skipped: `python3 \(path)` failed (are its modules installed?)")
    }
}

// The anchors, in the same run: Python's lxml iterparse feeding sqlite3, and psycopg.
anchor("lxml_import.py", feed: path, ["3"], rows: rows, comparedWith: importSeconds, what: "the import into SQLite")
if let postgresURL, let postgresSeconds {
    anchor("lxml_psycopg_import.py", feed: path, [postgresURL, "3"], rows: rows, comparedWith: postgresSeconds, what: "the import into PostgreSQL")
}

if largeMegabytes > 0 {
    let large = try feed(megabytes: largeMegabytes)
    let largeBytes = (try FileManager.default.attributesOfItem(atPath: large)[.size] as? NSNumber)?.intValue ?? 0
    // Each in a child of its own, which reports its own peak memory.
    var targets = [("child-import", "\(corpus)/siteschedule-large.sqlite", "SQLite")]
    if let postgresURL { targets.append(("child-import-postgres", postgresURL, "PostgreSQL")) }
    for (command, destination, name) in targets {
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = try runChild(currentExecutablePath(), [command, large, destination])
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        precondition(outcome.termination == .exited(0), "\(command) ended with \(outcome.termination)")
        let printed = outcome.standardOutput.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        precondition(printed.count == 2, "\(command) printed \(outcome.standardOutput)")
        print("")
        print(
            "Importing \(large) (\(largeBytes) bytes, \(printed[0]) rows) "
                + String(
                    format: "into \(name) in a child process: %.1f s, %.1f MB/s, %.0f rows/s, peak RSS %.1f MiB.", elapsed,
                    Double(largeBytes) / 1e6 / elapsed, Double(printed[0]) / elapsed, Double(printed[1]) / 1_048_576))
    }
    try? FileManager.default.removeItem(atPath: "\(corpus)/siteschedule-large.sqlite")
    if let postgresURL { try dropPostgresTables(postgresURL) }
}
