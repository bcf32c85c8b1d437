// The document tree against raw expat, Foundation's XMLDocument (FoundationXML), SWXMLHash
// and pugixml, and XPath against XMLDocument.nodes(forXPath:) and pugixml, in one run. Every
// measurement runs in a child process of its own, which gives its peak memory.
//
//     apt-get install libpugixml-dev
//     swift build -c release --package-path Benchmarks
//     Benchmarks/.build/release/xmltree-bench [rounds]      (from the repository's root)
import BenchmarkSupport
import CExpatBaseline
import CPugiBaseline
import Foundation
import SWXMLHash
import XMLTree

#if canImport(FoundationXML)
import FoundationXML
#endif

#if DEBUG
print("WARNING: debug build; run with -c release. These numbers mean nothing.")
#endif

enum Workload: String, CaseIterable {
    case idle, expat, tree, foundation, swxmlhash, pugixml
    case treeActivity = "tree-xpath-activity", foundationActivity = "foundation-xpath-activity"
    case pugixmlActivity = "pugixml-xpath-activity"
    case treeCount = "tree-xpath-count", foundationCount = "foundation-xpath-count", pugixmlCount = "pugixml-xpath-count"

    var title: String {
        switch self {
        case .idle: return "the benchmark process, nothing parsed"
        case .expat: return "raw expat (C, no-op handlers) — baseline"
        case .tree: return "XMLTreeDocument"
        case .foundation: return "Foundation XMLDocument"
        case .swxmlhash: return "SWXMLHash 8.1.1 (full parse)"
        case .pugixml: return "pugixml 1.13 (C++)"
        case .treeActivity: return "XMLTreeDocument + //activity[@team='100']"
        case .foundationActivity: return "XMLDocument + nodes(forXPath: //activity[@team='100'])"
        case .pugixmlActivity: return "pugixml + //activity[@team='100']"
        case .treeCount: return "XMLTreeDocument + count(//*)"
        case .foundationCount: return "XMLDocument + nodes(forXPath: //*).count"
        case .pugixmlCount: return "pugixml + count(//*)"
        }
    }

    /// Parses (and queries) `path` once; returns a summary to print (so nothing is optimised away).
    func run(_ path: String) throws -> String {
        switch self {
        case .idle:
            return "nothing"
        case .expat:
            let result = CExpatBaseline_parseFile(path, 256 * 1024, 1, 0)
            return "\(result.elements) elements"
        case .tree:
            let document = try XMLTreeDocument(contentsOf: path)
            return "\(document.nodeCount) nodes"
        case .foundation:
            let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
            return "\(document.rootElement()?.childCount ?? 0) root children"
        case .swxmlhash:
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let xml = XMLHash.parse(data)
            // SWXMLHash reports no errors: count what it kept.
            return "\(xml.children.first?.children.count ?? 0) root children"
        case .pugixml:
            return "\(CPugiBaseline_parseFile(path)) elements"
        case .treeActivity:
            let document = try XMLTreeDocument(contentsOf: path)
            return "\(try document.documentNode.nodes(forXPath: "//activity[@team='100']").count) activities"
        case .foundationActivity:
            let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
            return "\(try document.nodes(forXPath: "//activity[@team='100']").count) activities"
        case .pugixmlActivity:
            return "\(Int(CPugiBaseline_countXPath(path, "count(//activity[@team='100'])"))) activities"
        case .treeCount:
            let document = try XMLTreeDocument(contentsOf: path)
            return "\(try document.documentNode.xpath("count(//*)").string) elements"
        case .foundationCount:
            let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
            return "\(try document.nodes(forXPath: "//*").count) elements"
        case .pugixmlCount:
            return "\(Int(CPugiBaseline_countXPath(path, "count(//*)"))) elements"
        }
    }
}

let arguments = CommandLine.arguments

// `xmltree-bench single WORKLOAD FILE REPEATS`: one measurement in this child.
if arguments.count == 5 && arguments[1] == "single" {
    guard let workload = Workload(rawValue: arguments[2]), let repeats = Int(arguments[4]) else { exit(2) }
    let path = arguments[3]
    var summary = try workload.run(path)  // warm-up, discarded
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats { summary = try workload.run(path) }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(repeats)
    print("\(seconds)\t\(summary)")
    exit(0)
}

let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 5 : 5
let corpus = ProcessInfo.processInfo.environment["XMLTREE_CORPUS"] ?? "Benchmarks/corpus"
let executable = currentExecutablePath()

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

struct Result {
    var seconds: [Double] = []
    var peak = 0
    var summary = ""
}

print("# XMLTree benchmarks")
print("")
print("- date: \(Date())")
print("- rounds: \(rounds); in each round every workload runs once in a fresh child (a discarded warm-up, then timed runs), the order rotating between rounds; medians")
print("- peak RSS: `ru_maxrss` of a child that parsed the file once; \"above idle\" subtracts the child that parsed nothing, per MiB of input")

for (name, repeats) in [("schedule-1m.xml", 10), ("schedule-64m.xml", 1)] {
    let path = "\(corpus)/\(name)"
    guard FileManager.default.fileExists(atPath: path) else {
        print("\n## \(name)\n\nNot generated: run `xmlstack-bench generate`.")
        continue
    }
    let bytes = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0)
    let workloads = Workload.allCases.filter { $0 != .idle }
    var results: [Workload: Result] = [:]
    for round in 0..<rounds {
        let order = workloads.indices.map { workloads[($0 + round) % workloads.count] }
        for workload in order {
            FileHandle.standardError.write(Data("round \(round + 1)/\(rounds): \(name) \(workload.rawValue)\n".utf8))
            let outcome = try runChild(executable, ["single", workload.rawValue, path, String(repeats)])
            let fields = outcome.standardOutput.split(separator: "\t", maxSplits: 1)
            guard outcome.termination == .exited(0), fields.count == 2, let seconds = Double(fields[0]) else {
                results[workload, default: Result()].summary = "failed: \(outcome.termination)"
                continue
            }
            results[workload, default: Result()].seconds.append(seconds)
            results[workload, default: Result()].summary = String(fields[1]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
    // Peak memory: one child per workload that parses once.
    let idle = try runChild(executable, ["single", "idle", path, "0"]).peakResidentBytes
    for workload in workloads {
        results[workload, default: Result()].peak = try runChild(executable, ["single", workload.rawValue, path, "0"]).peakResidentBytes
    }
    let expat = results[.expat].map { median($0.seconds) }
    let foundation = results[.foundation].map { median($0.seconds) }
    print("\n## \(name) (\(Int(bytes)) bytes)\n")
    print("| workload | ms (median) | MiB/s | peak RSS MiB | above idle, × input | × raw expat | × XMLDocument | result |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for workload in workloads {
        guard let result = results[workload], !result.seconds.isEmpty else {
            print("| \(workload.title) | — | — | — | — | — | — | \(results[workload]?.summary ?? "") |")
            continue
        }
        let seconds = median(result.seconds)
        let speed = bytes / 1_048_576 / seconds
        let above = Double(max(0, result.peak - idle)) / bytes
        let parseBaseline: Double? = {
            switch workload {
            case .treeActivity, .pugixmlActivity: return results[.foundationActivity].map { median($0.seconds) }
            case .treeCount, .pugixmlCount: return results[.foundationCount].map { median($0.seconds) }
            default: return foundation
            }
        }()
        print(
            "| \(workload.title) | \(String(format: "%.2f", seconds * 1000)) | \(String(format: "%.1f", speed)) | "
                + "\(String(format: "%.1f", Double(result.peak) / 1_048_576)) | \(String(format: "%.2f", above)) | "
                + "\(expat.map { String(format: "%.2f", $0 / seconds) } ?? "—") | "
                + "\(parseBaseline.map { String(format: "%.2f", $0 / seconds) } ?? "—") | \(result.summary) |")
    }
    print("\nIdle child: \(String(format: "%.1f", Double(idle) / 1_048_576)) MiB. The XPath rows' × XMLDocument compares with XMLDocument running the same query (parse included).")
}
