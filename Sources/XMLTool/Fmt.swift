import ArgumentParser
import XMLStreaming
import XMLTree
import XMLWriting

/// `xml fmt FILE`: the document re-indented.
struct Fmt: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a document re-indented (or write it back with -o).",
        discussion: """
            Text that is only white space is dropped and the structure indented; elements that \
            hold text keep it exactly. Output goes through the writer, so it always reads back.
            """
    )

    @Argument(help: "The file to read; - reads standard input.")
    var file: String

    @Option(help: "Spaces per level.")
    var indent = 2

    @Option(name: .shortAndLong, help: "Write here (atomically) instead of standard output.")
    var output: String?

    @OptionGroup var input: InputOptions

    func run() throws {
        let options = XMLTreeDocument.Options(parser: input.parserOptions, dropsWhitespaceText: true)
        do {
            let document =
                file == "-"
                ? try XMLTreeDocument(fileDescriptor: 0, name: "<stdin>", options: options)
                : try XMLTreeDocument(contentsOf: file, options: options)
            let indentation = String(repeating: " ", count: max(0, indent))
            try document.write(to: output.map { .file(path: $0) } ?? .fileDescriptor(1), indentation: indentation)
        } catch {
            Diagnostics.report(error, file: file)
            throw ExitCode.failure
        }
    }
}
