// Codable XML: the SiteSchedule feed decoded into its models with XMLCoding (a whole
// document, and record by record through routes on the handler stack), with XMLCoder 0.18.2,
// with the hand-written Parseable conformances on the handler stack, and parsed by raw expat
// in C (the limit); then the same values encoded by XMLCoding and XMLCoder; then feeds of
// 64 MiB and 1 GiB decoded record by record (through routes, and the sites through
// decode(_:eachAt:)), with peak memory. Every row runs in a child
// process of its own, so its peak memory is its own; times are medians.
//
//     swift build -c release --package-path Benchmarks
//     Benchmarks/.build/release/xmlcoding-bench [rounds] [--no-large]
import BenchmarkSupport
import CExpatBaseline
import Foundation
import SiteScheduleImport
import SiteScheduleModel
import XMLCoder
import XMLCoding
import XMLHandlerStack
import XMLStreaming

#if DEBUG
print("WARNING: debug build; run with -c release. These numbers mean nothing.")
#endif

let arguments = CommandLine.arguments
let corpus =
    ProcessInfo.processInfo.environment["SITESCHEDULE_CORPUS"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("corpus").path

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Counts the rows an import would write: one per team, contact, site and activity.
func rows(_ teams: [Team], _ sites: [Site]) -> Int {
    teams.reduce(0) { $0 + 1 + $1.contacts.count } + sites.reduce(0) { $0 + 1 + $1.activities.count }
}

/// The hand-written conformances: every entity built, counted and dropped.
struct HandWrittenRoot: ElementConsumer {
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

/// XMLCoding's records on the same stack, made into the same models: `import --codable`.
struct DecodedRoot: ElementConsumer {
    var rows = 0
    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        if let site = child.decoded(as: FeedSite.self) {
            rows += 1 + (try site.site { _ in true }).activities.count
        } else if let team = child.decoded(as: FeedTeam.self) {
            rows += 1 + (try team.team()).contacts.count
        }
    }
    func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool { true }
}

/// One workload on one file: returns the rows (or bytes written) it produced.
func run(_ workload: String, _ path: String) throws -> Int {
    switch workload {
    case "expat":
        let result = CExpatBaseline_parseFile(path, 256 * 1024, 1, 0)
        guard result.error == 0 else { throw BenchError("expat error \(result.error)") }
        return Int(result.elements)
    case "handwritten":
        var routes = ParseRoutes()
        routes.route("team", to: Team.self)
        routes.route("contact", to: Contact.self)
        routes.route("site", to: Site.self)
        routes.route("activity", to: Activity.self)
        return try HandlerStack.parse(contentsOf: path, root: HandWrittenRoot(), routes: routes).rows
    case "routes":
        var routes = ParseRoutes()
        routes.route("team", decoding: FeedTeam.self)
        routes.route("site", decoding: FeedSite.self)
        return try HandlerStack.parse(contentsOf: path, root: DecodedRoot(), routes: routes).rows
    case "stream":
        // decode(_:eachAt:) on the sites, one record at a time (the teams are not read).
        var rows = 0
        try XMLCoding.XMLDecoder().decode(FeedSite.self, eachAt: "schedule/sites/site", contentsOf: path) { site in
            rows += 1 + (try site.site { _ in true }).activities.count
        }
        return rows
    case "document":
        let models = try XMLCoding.XMLDecoder().decode(FeedDocument.self, contentsOf: path).models()
        return rows(models.teams, models.sites)
    case "xmlcoder":
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let models = try XMLCoder.XMLDecoder().decode(XCDocument.self, from: data).models()
        return rows(models.teams, models.sites)
    default:
        throw BenchError("unknown workload \(workload)")
    }
}

/// `xmlcoding-bench child WORKLOAD FILE ROUNDS`: prints the median seconds and the count.
if arguments.count == 5 && arguments[1] == "child" {
    let (workload, path, rounds) = (arguments[2], arguments[3], Int(arguments[4])!)
    var times: [Double] = []
    var count = 0
    if workload == "encode" || workload == "xmlcoder-encode" {
        let document = try XMLCoding.XMLDecoder().decode(FeedDocument.self, contentsOf: path)
        let xc = XCDocument(document)
        for _ in 0..<rounds {
            times.append(
                try seconds {
                    if workload == "encode" {
                        count = try XMLCoding.XMLEncoder().encode(document, withRootKey: "schedule").count
                    } else {
                        count = try XMLCoder.XMLEncoder().encode(xc, withRootKey: "schedule").count
                    }
                })
        }
    } else {
        for _ in 0..<rounds { times.append(try seconds { count = try run(workload, path) }) }
    }
    print(median(times), count)
    exit(0)
}

let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 5 : 5
let includesLarge = !arguments.contains("--no-large")
try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)

func feed(mebibytes: Int) throws -> String {
    let name = mebibytes >= 1024 ? "\(mebibytes / 1024)gib" : "\(mebibytes)mib"
    let path = "\(corpus)/siteschedule-\(name).xml"
    if !FileManager.default.fileExists(atPath: path) {
        FileHandle.standardError.write(Data("generating \(path)\n".utf8))
        try ScheduleFeedGenerator(size: mebibytes << 20).write(to: .file(path: path))
    }
    return path
}

struct Measured {
    var seconds: Double
    var count: Int
    var peak: Int
}

func measure(_ workload: String, _ path: String, rounds: Int) throws -> Measured {
    let outcome = try runChild(currentExecutablePath(), ["child", workload, path, "\(rounds)"])
    guard outcome.termination == .exited(0) else { throw BenchError("\(workload) on \(path): \(outcome.termination)") }
    let fields = outcome.standardOutput.split(whereSeparator: \.isWhitespace)
    return Measured(seconds: Double(fields[0])!, count: Int(fields[1])!, peak: outcome.peakResidentBytes)
}

func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
func rate(_ bytes: Int, _ seconds: Double) -> String { String(format: "%.1f", Double(bytes) / 1e6 / seconds) }
func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2fx", a / b) }

print("| feed | workload | median s | MB/s | peak RSS | vs XMLCoder | vs hand-written | vs raw expat |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for size in [1, 8] {
    let path = try feed(mebibytes: size)
    let bytes = Int(try FileManager.default.attributesOfItem(atPath: path)[.size] as! UInt64)
    var results: [String: Measured] = [:]
    for workload in ["expat", "handwritten", "document", "routes", "xmlcoder", "encode", "xmlcoder-encode"] {
        results[workload] = try measure(workload, path, rounds: rounds)
    }
    let counts = Set(["handwritten", "document", "routes", "xmlcoder"].map { results[$0]!.count })
    guard counts.count == 1 else { throw BenchError("the decoders disagree on the rows: \(counts)") }
    let names = [
        "expat": "raw expat in C (no values)", "handwritten": "hand-written Parseable, handler stack",
        "document": "XMLCoding, whole document", "routes": "XMLCoding, records on the handler stack",
        "xmlcoder": "XMLCoder 0.18.2", "encode": "encode: XMLCoding", "xmlcoder-encode": "encode: XMLCoder 0.18.2",
    ]
    for workload in ["expat", "handwritten", "document", "routes", "xmlcoder", "encode", "xmlcoder-encode"] {
        let m = results[workload]!
        let isEncode = workload.hasSuffix("encode")
        let anchor = results[isEncode ? "xmlcoder-encode" : "xmlcoder"]!.seconds
        print(
            "| \(size) MiB | \(names[workload]!) | \(String(format: "%.3f", m.seconds)) | \(rate(bytes, m.seconds)) | \(mib(m.peak)) "
                + "| \(ratio(anchor, m.seconds)) | \(isEncode ? "" : ratio(results["handwritten"]!.seconds, m.seconds)) "
                + "| \(isEncode ? "" : ratio(results["expat"]!.seconds, m.seconds)) |")
    }
}
if includesLarge {
    for size in [64, 1024] {
        let path = try feed(mebibytes: size)
        let bytes = Int(try FileManager.default.attributesOfItem(atPath: path)[.size] as! UInt64)
        let r = size > 64 ? 1 : rounds
        let expat = try measure("expat", path, rounds: r)
        let handwritten = try measure("handwritten", path, rounds: r)
        let routes = try measure("routes", path, rounds: r)
        let stream = try measure("stream", path, rounds: r)
        for (name, m) in [
            ("raw expat in C (no values)", expat), ("hand-written Parseable, handler stack", handwritten),
            ("XMLCoding, records on the handler stack", routes),
            ("XMLCoding, decode(_:eachAt:) stream (sites only: \(stream.count) rows)", stream),
        ] {
            print(
                "| \(size >= 1024 ? "1 GiB" : "\(size) MiB") | \(name) | \(String(format: "%.3f", m.seconds)) | \(rate(bytes, m.seconds)) | \(mib(m.peak)) "
                    + "| | \(ratio(handwritten.seconds, m.seconds)) | \(ratio(expat.seconds, m.seconds)) |")
        }
    }
}
