import BenchmarkSupport
import Foundation
import XMLStreaming

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The facts a benchmark table needs beside it: when, on what, with which compiler and expat.
struct MachineDescription {
    var date: String
    var processors: Int
    var cpuModel: String
    var memory: String
    var kernel: String
    var swiftVersion: String
    var expatVersion: String
    var sourceRevision: String

    static func current() -> MachineDescription {
        MachineDescription(
            date: utcDate(), processors: sysconf(Int32(_SC_NPROCESSORS_ONLN)), cpuModel: cpuModel(),
            memory: memory(), kernel: kernel(), swiftVersion: swiftVersion(), expatVersion: ExpatLibrary.version,
            sourceRevision: sourceRevision())
    }

    var markdown: String {
        """
        - date: \(date)
        - machine: \(processors) processors (`nproc`), \(cpuModel), \(memory) of memory, \(kernel)
        - compiler: \(swiftVersion)
        - expat: \(expatVersion) (`ExpatLibrary.version`, linked at run time)
        - XMLStack: \(sourceRevision)
        - build: \(isDebugBuild ? "DEBUG — these numbers mean nothing" : "release")
        - load average (1, 5, 15 min) at the start: \(Self.loadAverages())
        """
    }

    /// The time as `date -u` prints it.
    private static func utcDate() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a %b %e %H:%M:%S UTC %Y", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func fileLines(_ path: String) -> [Substring] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n")
    }

    private static func cpuModel() -> String {
        for line in fileLines("/proc/cpuinfo") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown CPU"
    }

    private static func memory() -> String {
        for line in fileLines("/proc/meminfo") where line.hasPrefix("MemTotal:") {
            let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            return "\(formatted(Double(kilobytes) / 1_048_576, decimals: 1)) GiB"
        }
        return "unknown"
    }

    private static func kernel() -> String {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
    }

    /// `/proc/loadavg`'s three load averages ("0.12 0.30 0.25"): other work on the machine
    /// during a run shows here.
    static func loadAverages() -> String {
        fileLines("/proc/loadavg").first.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "unknown"
    }

    /// The main package's commit, and whether its sources had changes not yet committed.
    private static func sourceRevision() -> String {
        let root = (defaultCorpusDirectory as NSString).deletingLastPathComponent + "/.."
        guard let head = try? runChild("git", ["-C", root, "rev-parse", "--short", "HEAD"]),
            head.termination == .exited(0)
        else { return "unknown revision (not a git checkout)" }
        let commit = head.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let status = try? runChild("git", ["-C", root, "status", "--porcelain", "--", "Sources", "Package.swift"])
        let changed = status.map { !$0.standardOutput.isEmpty } ?? false
        return "commit \(commit)" + (changed ? " with uncommitted changes to Sources/ or Package.swift" : "")
    }

    private static func swiftVersion() -> String {
        guard let outcome = try? runChild("swift", ["--version"]), outcome.termination == .exited(0) else {
            return "unknown (swift --version failed)"
        }
        return outcome.standardOutput.split(separator: "\n").first.map(String.init) ?? "unknown"
    }
}
