import ArgumentParser
import XMLStreaming
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `xml`: check and inspect XML files from the command line.
@main
struct XMLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xml",
        abstract: "Check, validate and inspect XML documents with XMLStack's streaming parser.",
        version: "xml (XMLStack \(XMLStackLibrary.version)) with expat \(ExpatLibrary.version)",
        subcommands: [Check.self, Validate.self, Events.self, Query.self, Canon.self, C14N.self, Fmt.self]
    )

    static func main() {
        // Output to a pipe whose reader has gone ends the process quietly (status 141), as it
        // does for any Unix filter, also when the parent (a Python script, a CI runner)
        // ignores SIGPIPE and the child inherits that: then every write would fail with
        // EPIPE, and some of them silently.
        signal(SIGPIPE, SIG_DFL)
        // No arguments is a usage error like any other: the help on standard error, exit 64.
        if CommandLine.arguments.count == 1 {
            var standardError = StandardError()
            print(helpMessage(), to: &standardError)
            Self.exit(withError: ExitCode(64))
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code.rawValue == 64, let expression = Query.expressionTakenForAFlag(in: arguments) {
                // The parser took an expression such as -1 + 2 for a flag: say where it goes.
                var standardError = StandardError()
                print(fullMessage(for: error), to: &standardError)
                print("xml: note: an expression that starts with - goes after --: xml query -- '\(expression)' FILE...", to: &standardError)
                Self.exit(withError: code)
            }
            Self.exit(withError: error)
        }
    }
}
