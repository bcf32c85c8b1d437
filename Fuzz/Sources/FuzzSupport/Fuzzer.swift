import CFuzzerDriver

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a fuzz target under libFuzzer and reports broken properties as crashes, which
/// libFuzzer saves as `crash-…` files.
public enum Fuzzer {
    // libFuzzer calls a C function pointer, which cannot capture: the target's body is
    // kept here. Set once, before the driver starts, and only read after.
    nonisolated(unsafe) private static var body: ([UInt8]) -> Void = { _ in }

    /// Hands every input libFuzzer makes (or every file named on the command line) to
    /// `body`, then exits with libFuzzer's status.
    public static func run(_ body: @escaping ([UInt8]) -> Void) -> Never {
        Fuzzer.body = body
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            Fuzzer.body(bytes)
            return 0
        }
        exit(status)
    }

    /// Stops with `message` when `condition` is false: a finding.
    public static func check(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        guard !condition() else { return }
        let report = Array("FINDING at \(file):\(line): \(message())\n".utf8)
        _ = report.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }
}
