// Writer throughput: XMLStreamWriter producing a SiteSchedule-style document, against
// Foundation's XMLDocument/XMLElement producing the same document, and against writing the
// same bytes with a plain buffered write. Prints a Markdown table of medians.
//
//     swift run -c release --package-path Benchmarks xmlstack-write-bench [MiB] [rounds]
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@_spi(Benchmarks) import XMLWriting

#if DEBUG
print("WARNING: debug build; run with -c release. These numbers mean nothing.")
#endif

let arguments = CommandLine.arguments
let targetMiB = arguments.count > 1 ? Int(arguments[1]) ?? 64 : 64
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xmlstack-write-bench")
try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let streamPath = directory.appendingPathComponent("stream.xml").path
let foundationPath = directory.appendingPathComponent("foundation.xml").path
let plainPath = directory.appendingPathComponent("plain.xml").path

/// The document's content, made once so every workload writes the same values.
struct Site {
    let code: String
    let name: String
    let street: String
    let city: String
    let zip: String
    let activities: [Activity]
}

/// A struct rather than a tuple: a tuple's copies go through the runtime's generic value
/// witnesses, which cost the loop more than some of the writer's calls.
struct Activity {
    let team: String
    let start: String
    let end: String
    let text: String
}

let cities = ["Köln", "Düsseldorf", "München", "Straßburg", "Zürich", "Graz"]
let tasks = ["Stabilisierungsarbeiten", "Fundament & Bodenplatte", "Dachstuhl <Süd>", "Fassade"]
// About 600 bytes per site: enough sites for the target size.
let siteCount = targetMiB * 1024 * 1024 / 600
let sites: [Site] = (0..<siteCount).map { i in
    Site(
        code: "\(10_000 + i)", name: "Baustelle \(i) – \(cities[i % cities.count])",
        street: "Domkloster \(i % 97)", city: cities[i % cities.count], zip: "\(50_000 + i % 9_999)",
        activities: (0..<3).map { k in
            Activity(team: "\(100 + (i + k) % 250)", start: "2012-03-0\(1 + k) 6:00", end: "2012-03-3\(k % 2) 12:00",
                     text: tasks[(i + k) % tasks.count])
        })
}

/// The document's names, one value each, of whichever kind the writer is given them in.
struct ScheduleNames<Name> {
    let schedule, sites, site, code, name, street, city, zip, countryCode, activities, activity, team, start, end: Name

    init(_ make: (String) throws -> Name) rethrows {
        (schedule, sites, site, code, name, street) = try (make("schedule"), make("sites"), make("site"), make("code"), make("name"), make("street"))
        (city, zip, countryCode, activities, activity) = try (make("city"), make("zip"), make("countryCode"), make("activities"), make("activity"))
        (team, start, end) = try (make("team"), make("start"), make("end"))
    }
}

/// How the writer takes one kind of name: `String`s (checked on every call) or
/// ``XMLWriterName``s (checked once). The document is written by one generic function, so
/// the two rows differ only in the calls they make.
protocol ScheduleNaming {
    associatedtype Name
    var names: ScheduleNames<Name> { get }
    func start(_ writer: XMLStreamWriter, _ name: Name) throws
    func attribute(_ writer: XMLStreamWriter, _ name: Name, _ value: String) throws
    func element(_ writer: XMLStreamWriter, _ name: Name, _ text: String) throws
}

struct StringNaming: ScheduleNaming {
    let names = ScheduleNames<String> { $0 }
    func start(_ writer: XMLStreamWriter, _ name: String) throws { try writer.startElement(name) }
    func attribute(_ writer: XMLStreamWriter, _ name: String, _ value: String) throws { try writer.attribute(name, value: value) }
    func element(_ writer: XMLStreamWriter, _ name: String, _ text: String) throws { try writer.element(name, text: text) }
}

struct CheckedNaming: ScheduleNaming {
    let names: ScheduleNames<XMLWriterName>
    init() throws { names = try ScheduleNames { try XMLWriterName($0) } }
    func start(_ writer: XMLStreamWriter, _ name: XMLWriterName) throws { try writer.startElement(name) }
    func attribute(_ writer: XMLStreamWriter, _ name: XMLWriterName, _ value: String) throws { try writer.attribute(name, value: value) }
    func element(_ writer: XMLStreamWriter, _ name: XMLWriterName, _ text: String) throws { try writer.element(name, text: text) }
}

/// Writes the schedule to `path`; returns the bytes written.
func writeSchedule<Naming: ScheduleNaming>(_ naming: Naming, to path: String, options: XMLStreamWriter.Options = .init()) throws -> Int {
    let writer = try XMLStreamWriter(to: .file(path: path), options: options)
    let n = naming.names
    try writer.declaration()
    try naming.start(writer, n.schedule)
    try naming.start(writer, n.sites)
    for site in sites {
        try naming.start(writer, n.site)
        try naming.attribute(writer, n.code, site.code)
        try naming.element(writer, n.name, site.name)
        try naming.element(writer, n.street, site.street)
        try naming.start(writer, n.city)
        try naming.attribute(writer, n.zip, site.zip)
        try writer.text(site.city)
        try writer.endElement()
        try naming.element(writer, n.countryCode, "de")
        try naming.start(writer, n.activities)
        for activity in site.activities {
            try naming.start(writer, n.activity)
            try naming.attribute(writer, n.team, activity.team)
            try naming.attribute(writer, n.start, activity.start)
            try naming.attribute(writer, n.end, activity.end)
            try writer.text(activity.text)
            try writer.endElement()
        }
        try writer.endElement()
        try writer.endElement()
    }
    try writer.endElement()
    try writer.endElement()
    try writer.finish()
    return writer.bytesWritten
}

func writeWithStreamWriter(checkingCharacters: Bool = true) throws -> Int {
    var options = XMLStreamWriter.Options()
    options.skipsCharacterCheck = !checkingCharacters
    return try writeSchedule(StringNaming(), to: streamPath, options: options)
}

func writeWithFoundation() throws -> Int {
    let root = XMLElement(name: "schedule")
    let document = XMLDocument(rootElement: root)
    document.characterEncoding = "UTF-8"
    let sitesElement = XMLElement(name: "sites")
    root.addChild(sitesElement)
    for site in sites {
        let element = XMLElement(name: "site")
        element.addAttribute(XMLNode.attribute(withName: "code", stringValue: site.code) as! XMLNode)
        element.addChild(XMLElement(name: "name", stringValue: site.name))
        element.addChild(XMLElement(name: "street", stringValue: site.street))
        let city = XMLElement(name: "city", stringValue: site.city)
        city.addAttribute(XMLNode.attribute(withName: "zip", stringValue: site.zip) as! XMLNode)
        element.addChild(city)
        element.addChild(XMLElement(name: "countryCode", stringValue: "de"))
        let activities = XMLElement(name: "activities")
        for activity in site.activities {
            let a = XMLElement(name: "activity", stringValue: activity.text)
            a.addAttribute(XMLNode.attribute(withName: "team", stringValue: activity.team) as! XMLNode)
            a.addAttribute(XMLNode.attribute(withName: "start", stringValue: activity.start) as! XMLNode)
            a.addAttribute(XMLNode.attribute(withName: "end", stringValue: activity.end) as! XMLNode)
            activities.addChild(a)
        }
        element.addChild(activities)
        sitesElement.addChild(element)
    }
    let data = document.xmlData(options: [])
    try data.write(to: URL(fileURLWithPath: foundationPath), options: .atomic)
    return data.count
}

/// The same bytes as the stream writer's output, written with write(2) in 64 KiB pieces.
func writePlain(_ bytes: [UInt8]) throws -> Int {
    let fd = open(plainPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0)
    defer { close(fd) }
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, min(65_536, raw.count - offset))
            precondition(n > 0)
            offset += n
        }
    }
    fsync(fd)
    return bytes.count
}

func measure(_ body: () throws -> Int) rethrows -> (seconds: Double, bytes: Int) {
    _ = try body()  // warm-up, discarded
    var times: [Double] = []
    var bytes = 0
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        bytes = try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return (times[times.count / 2], bytes)
}

/// The same document through names checked once (``XMLWriterName``): the writer's way for
/// names written again and again.
let preparedPath = streamPath + ".prepared"
func writeWithPreparedNames() throws -> Int { try writeSchedule(try CheckedNaming(), to: preparedPath) }

// XMLSTACK_WRITER_ONLY=1 measures the stream writer alone (for profiling it);
// XMLSTACK_WRITER_ONLY=unchecked the writer without the character check.
if let only = ProcessInfo.processInfo.environment["XMLSTACK_WRITER_ONLY"] {
    if only == "prepared" {
        let alone = try measure(writeWithPreparedNames)
        print("XMLStreamWriter (prepared names): \(alone.bytes) bytes, \(alone.seconds) s")
        exit(0)
    }
    let alone = try measure { try writeWithStreamWriter(checkingCharacters: only != "unchecked") }
    print("XMLStreamWriter (\(only)): \(alone.bytes) bytes, \(alone.seconds) s")
    exit(0)
}
/// The writer with and without the character check, alternating within each round (the
/// order swapped every round) so that the machine's drift hits both alike: the median of
/// the per-round ratios is the check's cost.
func measureCheckCost() throws -> (checked: (seconds: Double, bytes: Int), unchecked: (seconds: Double, bytes: Int), ratio: Double) {
    _ = try writeWithStreamWriter()
    _ = try writeWithStreamWriter(checkingCharacters: false)
    var checkedTimes: [Double] = []
    var uncheckedTimes: [Double] = []
    var ratios: [Double] = []
    var bytes = (0, 0)
    func time(_ checking: Bool) throws -> (Double, Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        let written = try writeWithStreamWriter(checkingCharacters: checking)
        return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, written)
    }
    for round in 0..<rounds {
        let first = round % 2 == 0
        let a = try time(first)
        let b = try time(!first)
        let (checked, unchecked) = first ? (a, b) : (b, a)
        checkedTimes.append(checked.0)
        uncheckedTimes.append(unchecked.0)
        ratios.append(checked.0 / unchecked.0)
        bytes = (checked.1, unchecked.1)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return ((median(checkedTimes), bytes.0), (median(uncheckedTimes), bytes.1), median(ratios))
}

let checkCost = try measureCheckCost()
let stream = checkCost.checked
let streamBytes = Array(try Data(contentsOf: URL(fileURLWithPath: streamPath)))
let plain = try measure { try writePlain(streamBytes) }
let unchecked = checkCost.unchecked
let prepared = try measure(writeWithPreparedNames)
guard try Data(contentsOf: URL(fileURLWithPath: preparedPath)) == Data(streamBytes) else {
    print("the writer with checked names wrote other bytes")
    exit(1)
}
let foundation = try measure(writeWithFoundation)

func mibPerSecond(_ m: (seconds: Double, bytes: Int)) -> Double { Double(m.bytes) / 1_048_576 / m.seconds }

print("# XMLStreamWriter throughput")
print("")
print("- date: \(Date())")
print("- sites: \(sites.count); median of \(rounds) rounds after a warm-up")
print("")
print("| workload | bytes | seconds (median) | MiB/s | × plain write | × Foundation |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for (name, m) in [
    ("plain buffered write(2) of the same bytes", plain), ("XMLStreamWriter to an atomically replaced file", stream),
    ("XMLStreamWriter without the character check (benchmark only)", unchecked),
    ("XMLStreamWriter with names checked once (XMLWriterName)", prepared),
    ("Foundation XMLDocument/XMLElement, xmlData, write", foundation),
] {
    let speed = mibPerSecond(m)
    print(
        "| \(name) | \(m.bytes) | \(String(format: "%.3f", m.seconds)) | \(String(format: "%.1f", speed)) | "
            + "\(String(format: "%.2f", speed / mibPerSecond(plain))) | \(String(format: "%.2f", speed / mibPerSecond(foundation))) |")
}
print("")
print(
    "The character check costs \(String(format: "%.1f", (checkCost.ratio - 1) * 100))% of write time on this clean text "
        + "(median of the per-round ratios, the two variants alternating within each round).")
