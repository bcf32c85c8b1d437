import ArgumentParser
import XMLStreaming

/// `xml check FILE...`: whether each file is well-formed.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that XML files are well-formed.",
        discussion: """
            Exits 0 when every file is well-formed. Otherwise prints FILE:LINE:COLUMN: error: MESSAGE \
            on standard error for each file that is not, and exits 1.
            """
    )

    @Argument(help: "The files to check; - reads standard input.")
    var files: [String]

    @OptionGroup var input: InputOptions

    /// A handler that keeps nothing: checking costs what expat costs.
    struct NoOp: XMLEventHandler {}

    func run() throws {
        var failed = false
        let parser = XMLStreamParser(handler: NoOp(), options: input.parserOptions)
        for file in files {
            do {
                if file == "-" { try parser.parseStandardInput() } else { try parser.parse(contentsOf: file) }
            } catch {
                Diagnostics.report(error, file: file)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}
