import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XMLStreaming

/// The options every subcommand that reads XML shares.
struct InputOptions: ParsableArguments {
    @Option(help: "Read the input in this encoding, whatever it declares (default: as declared).")
    var encoding: String?

    @Flag(help: "Do not process namespaces: report names as written (default: process them).")
    var noNamespaces = false

    @Option(help: "The deepest element nesting allowed.")
    var maxDepth: Int = 10_000

    var parserOptions: XMLParserOptions {
        var limits = XMLLimits()
        limits.maximumDepth = maxDepth
        return XMLParserOptions(
            processNamespaces: !noNamespaces, encoding: encoding.map(XMLEncodingName.init(rawValue:)), limits: limits)
    }
}

/// Prints a runtime failure the way compilers do and leaves the exit code to the caller.
enum Diagnostics {
    static func report(_ error: any Error, file: String) {
        var standardError = StandardError()
        switch error {
        case let error as XMLParseError: print(error, to: &standardError)
        case let error as XMLInputError: print(error, to: &standardError)
        default: print("\(file): error: \(error)", to: &standardError)
        }
    }
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = systemWrite(2, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
