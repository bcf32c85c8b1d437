// Property lists: reading XML and binary plists and decoding them into Codable values,
// against Foundation (PropertyListSerialization, PropertyListDecoder), Python's plistlib,
// libplist (C) and raw expat, and converting whole files against the toolchain's plutil.
// Every measurement runs in a child process of its own (time and peak memory).
//
//     apt-get install libplist-dev; pip install (nothing: plistlib is in CPython)
//     swift build -c release --package-path Benchmarks
//     swift build -c release --product plist             (the converter, for the plutil row)
//     Benchmarks/.build/release/plist-bench [rounds]      (from the repository's root)
import BenchmarkSupport
import CExpatBaseline
import CLibplistBaseline
import Foundation
import PropertyLists

#if DEBUG
print("WARNING: debug build; run with -c release. These numbers mean nothing.")
#endif

/// One record of the benchmark's plist: an array of these, like a music library or a catalogue.
struct Record: Codable {
    var name: String
    var identifier: Int
    var price: Double
    var added: Date
    var tags: [String]
    var available: Bool
    var artwork: Data
}

func makeRecords(bytes: Int) -> PropertyList {
    var records: [PropertyList] = []
    var i = 0
    var size = 0
    let words = ["Kölner Dom", "Frauenkirche", "Stephansdom", "Grossmünster", "Kaiserdom", "Zeche Zollverein"]
    while size < bytes {
        let record: PropertyList = [
            "name": .string("\(words[i % words.count]) – Bauabschnitt \(i)"),
            "identifier": .integer(Int64(100_000 + i)),
            "price": .real(Double(i % 1000) * 1.25 + 0.5),
            "added": .date(Date(timeIntervalSince1970: 1_330_581_600 + Double(i * 3600))),
            "tags": .array([.string("tag\(i % 7)"), .string("bereich \(i % 13)")]),
            "available": .boolean(i % 3 != 0),
            "artwork": .data(Data((0..<24).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ i) })),
        ]
        records.append(record)
        size += 420
        i += 1
    }
    return .array(records)
}

enum Workload: String, CaseIterable {
    case idle
    case expat
    case ours, foundation, plistlib, libplist
    case oursCodable = "ours-codable", foundationCodable = "foundation-codable"
    case oursConvert = "ours-convert", plutilConvert = "plutil-convert"

    func title(_ format: String) -> String {
        switch self {
        case .idle: return "the benchmark process, nothing read"
        case .expat: return "raw expat (C, no-op handlers) — XML only"
        case .ours: return "PropertyList(data:)"
        case .foundation: return "Foundation PropertyListSerialization"
        case .plistlib: return "Python plistlib.loads"
        case .libplist: return "libplist 2.2 (C)"
        case .oursCodable: return "PlistDecoder → [Record]"
        case .foundationCodable: return "Foundation PropertyListDecoder → [Record]"
        case .oursConvert: return "plist -convert \(format == "xml" ? "binary1" : "xml1") (whole process)"
        case .plutilConvert: return "toolchain plutil -convert \(format == "xml" ? "binary1" : "xml1") (whole process)"
        }
    }
}

let arguments = CommandLine.arguments

if arguments.count >= 4 && arguments[1] == "single" {
    let workload = Workload(rawValue: arguments[2])!
    let path = arguments[3]
    let repeats = arguments.count > 4 ? Int(arguments[4])! : 1
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let binary = data.starts(with: Array("bplist00".utf8))
    func once() throws -> String {
        switch workload {
        case .idle: return "nothing"
        case .expat: return "\(CExpatBaseline_parseFile(path, 256 * 1024, 0, 0).elements) elements"
        case .ours: return "\(try PropertyList(data: data).arrayValue?.count ?? 0) records"
        case .foundation:
            let value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            return "\((value as? [Any])?.count ?? 0) records"
        case .libplist:
            let count = data.withUnsafeBytes { CLibplistBaseline_parse($0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count, binary ? 1 : 0) }
            return "\(count) records"
        case .oursCodable: return "\(try PlistDecoder().decode([Record].self, from: data).count) records"
        case .foundationCodable: return "\(try PropertyListDecoder().decode([Record].self, from: data).count) records"
        case .plistlib, .oursConvert, .plutilConvert: return "in another process"
        }
    }
    var summary = try once()  // warm-up
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats { summary = try once() }
    print("\(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(repeats))\t\(summary)")
    exit(0)
}

let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 5 : 5
let corpus = ProcessInfo.processInfo.environment["PLIST_CORPUS"] ?? "Benchmarks/corpus"
let plistTool = ProcessInfo.processInfo.environment["PLIST_TOOL"] ?? "Tools/.build/release/plist"
let executable = currentExecutablePath()
try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Times a whole process; returns seconds and peak RSS.
func timeProcess(_ command: String, _ args: [String]) throws -> (Double, Int, String) {
    let start = DispatchTime.now().uptimeNanoseconds
    let outcome = try runChild(command, args)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard outcome.termination == .exited(0) else { throw BenchError("\(command) failed: \(outcome.termination)") }
    return (seconds, outcome.peakResidentBytes, outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
}

print("# Property-list benchmarks")
print("")
print("- date: \(Date())")
print("- rounds: \(rounds), each workload once per round in a fresh child, the order rotating; medians")

for (label, size, repeats) in [("1mb", 1_000_000, 10), ("64mb", 64_000_000, 1)] {
    let value = makeRecords(bytes: size)
    let xmlPath = "\(corpus)/records-\(label).xml.plist"
    let binaryPath = "\(corpus)/records-\(label).binary.plist"
    if !FileManager.default.fileExists(atPath: xmlPath) { try value.write(to: xmlPath, format: .xml) }
    if !FileManager.default.fileExists(atPath: binaryPath) { try value.write(to: binaryPath, format: .binary) }
    for (format, path) in [("xml", xmlPath), ("binary", binaryPath)] {
        let bytes = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0)
        let workloads = Workload.allCases.filter { $0 != .idle && !($0 == .expat && format == "binary") }
        var times: [Workload: [Double]] = [:]
        var peaks: [Workload: Int] = [:]
        var summaries: [Workload: String] = [:]
        let output = "\(corpus)/converted.plist"
        for round in 0..<rounds {
            for k in workloads.indices {
                let workload = workloads[(k + round) % workloads.count]
                FileHandle.standardError.write(Data("round \(round + 1): \(label) \(format) \(workload.rawValue)\n".utf8))
                let to = format == "xml" ? "binary1" : "xml1"
                switch workload {
                case .plistlib:
                    let script = "import plistlib,sys,time\ndata=open(sys.argv[1],'rb').read()\nplistlib.loads(data)\nn=\(repeats)\nt=time.perf_counter()\nfor _ in range(n): v=plistlib.loads(data)\nprint(f'{(time.perf_counter()-t)/n}\\t{len(v)} records')"
                    let (_, peak, out) = try timeProcess("python3", ["-c", script, path])
                    let fields = out.split(separator: "\t")
                    times[workload, default: []].append(Double(fields[0])!)
                    peaks[workload] = max(peaks[workload] ?? 0, peak)
                    summaries[workload] = String(fields[1])
                case .oursConvert:
                    let (seconds, peak, _) = try timeProcess(plistTool, ["-convert", to, "-o", output, path])
                    times[workload, default: []].append(seconds)
                    peaks[workload] = max(peaks[workload] ?? 0, peak)
                    summaries[workload] = "converted"
                case .plutilConvert:
                    let (seconds, peak, _) = try timeProcess("plutil", ["-convert", to, "-o", output, path])
                    times[workload, default: []].append(seconds)
                    peaks[workload] = max(peaks[workload] ?? 0, peak)
                    summaries[workload] = "converted"
                default:
                    let outcome = try runChild(executable, ["single", workload.rawValue, path, String(repeats)])
                    let fields = outcome.standardOutput.split(separator: "\t")
                    guard outcome.termination == .exited(0), fields.count == 2, let seconds = Double(fields[0]) else {
                        summaries[workload] = "failed: \(outcome.termination)"
                        continue
                    }
                    times[workload, default: []].append(seconds)
                    summaries[workload] = String(fields[1]).trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
        }
        let idle = try runChild(executable, ["single", "idle", path, "0"]).peakResidentBytes
        for workload in workloads where peaks[workload] == nil {
            peaks[workload] = try runChild(executable, ["single", workload.rawValue, path, "0"]).peakResidentBytes
        }
        print("\n## \(label) \(format) (\(Int(bytes)) bytes)\n")
        print("| workload | ms (median) | MB/s | peak RSS MiB | above idle, × input | × Foundation | × raw expat |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        let foundation = times[.foundation].map(median)
        let foundationCodable = times[.foundationCodable].map(median)
        let plutil = times[.plutilConvert].map(median)
        let expat = times[.expat].map(median)
        for workload in workloads {
            guard let t = times[workload], !t.isEmpty else {
                print("| \(workload.title(format)) | — | — | — | — | — | — | \(summaries[workload] ?? "") |")
                continue
            }
            let seconds = median(t)
            let anchor: Double? = {
                switch workload {
                case .oursCodable, .foundationCodable: return foundationCodable
                case .oursConvert, .plutilConvert: return plutil
                default: return foundation
                }
            }()
            let peak = peaks[workload] ?? 0
            print(
                "| \(workload.title(format)) | \(String(format: "%.2f", seconds * 1000)) | \(String(format: "%.1f", bytes / 1e6 / seconds)) | "
                    + "\(String(format: "%.1f", Double(peak) / 1_048_576)) | \(String(format: "%.2f", Double(max(0, peak - idle)) / bytes)) | "
                    + "\(anchor.map { String(format: "%.2f", $0 / seconds) } ?? "—") | \(expat.map { String(format: "%.2f", $0 / seconds) } ?? "—") |")
        }
        print("\nIdle child: \(String(format: "%.1f", Double(idle) / 1_048_576)) MiB. × Foundation: Codable rows against PropertyListDecoder, conversion rows against the toolchain's plutil, the others against PropertyListSerialization.")
    }
}
