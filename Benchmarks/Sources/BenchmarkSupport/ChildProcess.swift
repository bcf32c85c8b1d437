import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a child process ended, with what it printed and its peak memory.
public struct ChildOutcome {
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)
    }

    public var termination: Termination
    public var standardOutput: String
    /// The child's peak resident set size in bytes, from `wait4`'s `ru_maxrss`.
    public var peakResidentBytes: Int
}

/// The path of the running executable, to start it again as a child.
public func currentExecutablePath() -> String {
    #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    #endif
    return Bundle.main.executablePath ?? CommandLine.arguments[0]
}

/// Starts `executable` with `arguments` (searching `PATH` when it has no slash), collects its
/// standard output, and waits for it with `wait4` to read its own peak memory. Standard
/// error is inherited, so a child's progress and warnings show.
public func runChild(_ executable: String, _ arguments: [String]) throws -> ChildOutcome {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw BenchError("pipe failed: \(String(cString: strerror(errno)))") }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])

    #if os(Linux)
        var actions = posix_spawn_file_actions_t()
    #else
        var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)

    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }

    var pid: pid_t = 0
    let status =
        executable.contains("/")
        ? posix_spawn(&pid, executable, &actions, nil, argv, envp)
        : posix_spawnp(&pid, executable, &actions, nil, argv, envp)
    close(writeEnd)
    guard status == 0 else {
        close(readEnd)
        throw BenchError("cannot start \(executable): \(String(cString: strerror(status)))")
    }

    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress!, $0.count) }
        if n > 0 {
            output.append(contentsOf: chunk[..<n])
        } else if n == 0 || errno != EINTR {
            break
        }
    }
    close(readEnd)

    var waitStatus: Int32 = 0
    var usage = rusage()
    while wait4(pid, &waitStatus, 0, &usage) < 0 {
        guard errno == EINTR else { throw BenchError("wait4 failed: \(String(cString: strerror(errno)))") }
    }
    // WIFEXITED and friends are macros Swift cannot import.
    let signal = waitStatus & 0x7f
    let termination: ChildOutcome.Termination =
        signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signaled(signal)
    #if os(Linux)
        let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #else
        let peak = Int(usage.ru_maxrss)  // bytes on macOS
    #endif
    return ChildOutcome(
        termination: termination, standardOutput: String(decoding: output, as: UTF8.self), peakResidentBytes: peak)
}
