import Foundation

/// Runs an executable built beside the tests (`xml`, `siteschedule`, `plist`) and captures
/// what it prints.
public struct ExecutableRun {
    public var status: Int32
    public var reason: Process.TerminationReason
    public var output: String
    public var errors: String

    /// The built executable called `name`: tests run from the products directory's bundle,
    /// and the executables sit beside it.
    public static func url(of name: String) -> URL {
        var directory = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
            && directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    /// Runs `name` with `arguments`, optionally in `directory`, with `input` on standard
    /// input and `environment` added to the test's own, and waits for it.
    public static func run(
        _ name: String, _ arguments: [String], in directory: String? = nil, input: String? = nil,
        environment: [String: String] = [:]
    ) throws -> ExecutableRun {
        let process = Process()
        process.executableURL = url(of: name)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe()
        let err = Pipe()
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inPipe.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ExecutableRun(
            status: process.terminationStatus, reason: process.terminationReason,
            output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self))
    }
}

extension ExecutableRun {
    /// Runs `name` as a shell whose parent ignores SIGPIPE would (the child inherits that),
    /// reads the first 100 bytes of its output and closes the pipe: how the run ended, and
    /// what it printed on standard error.
    public static func runIntoClosedPipe(_ name: String, _ arguments: [String], in directory: String? = nil) throws
        -> (Process, errors: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' PIPE; exec \"$0\" \"$@\"", url(of: name).path] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        _ = output.fileHandleForReading.readData(ofLength: 100)
        try output.fileHandleForReading.close()
        process.waitUntilExit()
        return (process, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
