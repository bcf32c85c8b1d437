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
    // The service formats: a page of S3 keys (decoded `pageRepeats` times), many pages, RSS.
    case "s3page-xmlcoding", "s3page-controls", "s3page-xmlcoder", "s3page-foundation":
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var objects = 0
        for _ in 0..<pageRepeats {
            switch workload {
            case "s3page-xmlcoding": objects += try XMLCoding.XMLDecoder().decode(ListBucketPage.self, from: data).contents.count
            case "s3page-controls": objects += try controlsDecoder().decode(ListBucketPage.self, from: data).contents.count
            case "s3page-xmlcoder": objects += try S3Listing.xmlCoderDecoder().decode(ListBucketPage.self, from: data).contents.count
            default: objects += try foundationPages(data).reduce(0) { $0 + $1.contents.count }
            }
        }
        return objects
    case "s3pages-xmlcoding":
        return try XMLCoding.XMLDecoder().decode(ListBucketPages.self, contentsOf: path).page.reduce(0) { $0 + $1.contents.count }
    case "s3pages-controls":
        return try controlsDecoder().decode(ListBucketPages.self, contentsOf: path).page.reduce(0) { $0 + $1.contents.count }
    case "s3pages-stream":
        var objects = 0
        try XMLCoding.XMLDecoder().decode(ListBucketPage.self, eachAt: "ListBucketResults/ListBucketResult", contentsOf: path) { page in
            objects += page.contents.count
        }
        return objects
    case "s3pages-xmlcoder":
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try S3Listing.xmlCoderDecoder().decode(ListBucketPages.self, from: data).page.reduce(0) { $0 + $1.contents.count }
    case "s3pages-foundation":
        return try foundationPages(try Data(contentsOf: URL(fileURLWithPath: path))).reduce(0) { $0 + $1.contents.count }
    case "rss-text":
        var items = 0
        try XMLCoding.XMLDecoder().decode(RSSItemText.self, eachAt: "rss/channel/item", contentsOf: path) { _ in items += 1 }
        return items
    case "rss-date":
        var items = 0
        let decoder = XMLCoding.XMLDecoder()
        decoder.dateDecodingStrategy = .rfc822
        try decoder.decode(RSSItemDate.self, eachAt: "rss/channel/item", contentsOf: path) { _ in items += 1 }
        return items
    case "rss-dateformatter":
        // What RSS users did before .rfc822: a POSIX DateFormatter.
        var items = 0
        let decoder = XMLCoding.XMLDecoder()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        decoder.dateDecodingStrategy = .formatted(formatter)
        try decoder.decode(RSSItemDate.self, eachAt: "rss/channel/item", contentsOf: path) { _ in items += 1 }
        return items
    default:
        throw BenchError("unknown workload \(workload)")
    }
}

/// How many times a page of 1,000 keys is decoded in one timed round.
let pageRepeats = 20

func foundationPages(_ data: Data) throws -> [ListBucketPage] {
    #if canImport(FoundationXML)
    return try S3Listing.foundationPages(data)
    #else
    throw BenchError("FoundationXML is not available")
    #endif
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
let formatsOnly = arguments.contains("--formats-only")
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

/// A decoder that reads control-character references (the input stage that rewrites them
/// runs over every byte; the pages hold none, so the rows compare the stage's cost alone).
func controlsDecoder() -> XMLCoding.XMLDecoder {
    let decoder = XMLCoding.XMLDecoder()
    decoder.readsControlCharacterReferences = true
    return decoder
}

/// Issue 30's rows: an S3 page of 1,000 keys, a 64 MiB file of pages, a feed of 500,000 RSS
/// items with dates as text and as `Date`.
func formatRows() throws {
    let pagePath = "\(corpus)/s3-page-1000.xml"
    if !FileManager.default.fileExists(atPath: pagePath) {
        try Data(S3Listing.page(count: 1000, seed: 42).utf8).write(to: URL(fileURLWithPath: pagePath))
    }
    // About 233 KB a page: 36 pages make 8 MiB, 288 make 64 MiB.
    var pagesPaths: [(path: String, mebibytes: Int)] = []
    for (pageCount, mebibytes) in [(36, 8), (288, 64)] {
        let path = "\(corpus)/s3-pages-\(mebibytes)mib.xml"
        if !FileManager.default.fileExists(atPath: path) {
            FileHandle.standardError.write(Data("generating \(path)\n".utf8))
            try S3Listing.write(pages: pageCount, to: path)
        }
        pagesPaths.append((path, mebibytes))
    }
    let rssPath = "\(corpus)/rss-500000.xml"
    if !FileManager.default.fileExists(atPath: rssPath) {
        FileHandle.standardError.write(Data("generating \(rssPath)\n".utf8))
        try RSSFeed.write(items: 500_000, to: rssPath)
    }
    func size(_ path: String) throws -> Int { Int(try FileManager.default.attributesOfItem(atPath: path)[.size] as! UInt64) }

    print("| input | workload | median s | MB/s | peak RSS | vs XMLCoder | vs XMLDocument |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    let pageBytes = try size(pagePath) * pageRepeats
    var page: [String: Measured] = [:]
    for workload in ["s3page-xmlcoding", "s3page-controls", "s3page-xmlcoder", "s3page-foundation"] { page[workload] = try measure(workload, pagePath, rounds: rounds) }
    guard Set(page.values.map(\.count)).count == 1 else { throw BenchError("the page decoders disagree: \(page.mapValues(\.count))") }
    for (workload, name) in [
        ("s3page-xmlcoding", "XMLCoding"), ("s3page-controls", "XMLCoding, readsControlCharacterReferences"),
        ("s3page-xmlcoder", "XMLCoder 0.18.2"), ("s3page-foundation", "Foundation XMLDocument, walked by hand"),
    ] {
        let m = page[workload]!
        print("| S3 page, 1,000 keys (×\(pageRepeats)) | \(name) | \(String(format: "%.3f", m.seconds)) | \(rate(pageBytes, m.seconds)) | \(mib(m.peak)) "
            + "| \(ratio(page["s3page-xmlcoder"]!.seconds, m.seconds)) | \(ratio(page["s3page-foundation"]!.seconds, m.seconds)) |")
    }
    for (pagesPath, _) in pagesPaths {
        let pagesBytes = try size(pagesPath)
        var pages: [String: Measured] = [:]
        var failures: [String: String] = [:]
        for workload in ["s3pages-xmlcoding", "s3pages-controls", "s3pages-stream", "s3pages-xmlcoder", "s3pages-foundation"] {
            do { pages[workload] = try measure(workload, pagesPath, rounds: rounds) } catch { failures[workload] = "\(error)" }
        }
        guard Set(pages.values.map(\.count)).count == 1 else { throw BenchError("the pages decoders disagree: \(pages.mapValues(\.count))") }
        let keys = pages["s3pages-xmlcoding"]!.count
        for (workload, name) in [
            ("s3pages-xmlcoding", "XMLCoding, whole document"), ("s3pages-controls", "XMLCoding, whole document, readsControlCharacterReferences"),
            ("s3pages-stream", "XMLCoding, decode(_:eachAt:) page by page"),
            ("s3pages-xmlcoder", "XMLCoder 0.18.2"), ("s3pages-foundation", "Foundation XMLDocument, walked by hand"),
        ] {
            let input = "\(String(format: "%.0f", Double(pagesBytes) / 1_048_576)) MiB of pages (\(keys) keys)"
            guard let m = pages[workload] else {
                // Foundation's XMLParser on Linux (libxml2 fed the whole input at once) refuses
                // more than 10 MB: XMLCoder, built on it, fails.
                print("| \(input) | \(name) | fails: \(failures[workload] ?? "") | | | | |")
                continue
            }
            let versusCoder = pages["s3pages-xmlcoder"].map { ratio($0.seconds, m.seconds) } ?? ""
            let versusDocument = pages["s3pages-foundation"].map { ratio($0.seconds, m.seconds) } ?? ""
            print("| \(input) | \(name) | \(String(format: "%.3f", m.seconds)) | \(rate(pagesBytes, m.seconds)) | \(mib(m.peak)) | \(versusCoder) | \(versusDocument) |")
        }
    }
    let rssBytes = try size(rssPath)
    let rssRounds = max(1, rounds / 2 + 1)
    var rss: [String: Measured] = [:]
    for workload in ["rss-text", "rss-date", "rss-dateformatter"] { rss[workload] = try measure(workload, rssPath, rounds: rssRounds) }
    print("")
    print("| RSS feed (\(String(format: "%.0f", Double(rssBytes) / 1_048_576)) MiB, \(rss["rss-text"]!.count) items), decode(_:eachAt:) | median s | MB/s | peak RSS | vs dates as text |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for (workload, name) in [("rss-text", "pubDate as String"), ("rss-date", "pubDate as Date, .rfc822"), ("rss-dateformatter", "pubDate as Date, .formatted(DateFormatter)")] {
        let m = rss[workload]!
        print("| \(name) | \(String(format: "%.3f", m.seconds)) | \(rate(rssBytes, m.seconds)) | \(mib(m.peak)) | \(ratio(rss["rss-text"]!.seconds, m.seconds)) |")
    }
}

if formatsOnly {
    try formatRows()
    exit(0)
}

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
print("")
try formatRows()
