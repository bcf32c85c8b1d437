import ArgumentParser
import XMLStreaming
import XMLWriting

/// `xml check FILE...`: whether each file is well-formed; with `--recover`, what it takes to
/// read a damaged one, and the repaired copy.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that XML files are well-formed, or repair damaged ones.",
        discussion: """
            Exits 0 when every file is well-formed. Otherwise prints FILE:LINE:COLUMN: error: MESSAGE \
            on standard error for each file that is not, and exits 1. An entity reference the parser \
            cannot expand (one the external DTD may declare, which is never read, or an external \
            entity, never loaded) is a FILE:LINE:COLUMN: warning: MESSAGE, and the file still passes \
            (--entities fail makes it an error).

            With --recover, reads each file the way the recovering reader does: prints every repair \
            as FILE:LINE:COLUMN: warning: MESSAGE and, with -o, writes the repaired document (atomically: \
            a failure leaves any existing file as it was; with "-o -" the document goes to standard \
            output and the summary to standard error). Exits 1 only for a file that cannot be \
            recovered (one with no element at all, or over a limit).
            """
    )

    @Argument(help: "The files to check; - reads standard input.")
    var files: [String]

    @Flag(help: "Read damaged files by repairing them, and list the repairs.")
    var recover = false

    @Option(name: [.short, .customLong("output")], help: "With --recover, write the repaired document here; - is standard output.")
    var output: String?

    @OptionGroup var input: InputOptions
    @OptionGroup var entities: EntityOptions

    func validate() throws {
        if output != nil && !recover { throw ValidationError("-o/--output needs --recover.") }
        if output != nil && files.count != 1 { throw ValidationError("-o/--output takes exactly one input file.") }
    }

    func run() throws {
        if recover { return try runRecovering() }
        var failed = false
        var options = input.parserOptions
        options.unexpandedEntities = try entities.policy()
        for file in files {
            do {
                let parser = XMLStreamParser(handler: CheckHandler(warnings: EntityWarnings(file: file)), options: options)
                try parse(file, with: parser)
            } catch {
                Diagnostics.report(error, file: file)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    private func runRecovering() throws {
        var failed = false
        var options = input.parserOptions
        options.recovery = XMLRecovery()
        for file in files {
            var writer: XMLStreamWriter?
            do {
                if let output { writer = try XMLStreamWriter(to: writerOutput(output)) }
                let parser = XMLStreamParser(handler: RepairedCopy(writer: writer, file: file), options: options)
                try parse(file, with: parser)
                let count = parser.repairCount
                let written = output.map { $0 == "-" ? "" : ", written to \($0)" } ?? ""
                let summary = "\(file): \(count == 0 ? "well-formed" : "\(count) repair\(count == 1 ? "" : "s")")\(written)"
                // With the document on standard output, the summary goes beside the warnings.
                if output == "-" {
                    var standardError = StandardError()
                    print(summary, to: &standardError)
                } else {
                    print(summary)
                }
            } catch {
                writer?.abandon()
                Diagnostics.report(error, file: file)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    private func parse<Handler>(_ file: String, with parser: XMLStreamParser<Handler>) throws {
        if file == "-" { try parser.parseStandardInput() } else { try parser.parse(contentsOf: file) }
    }
}
