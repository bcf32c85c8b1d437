import ArgumentParser
import XMLStreaming

/// `xml events FILE`: the parser's events, one per line.
struct Events: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the parser's events, one per line.",
        discussion: "Streams the input, so files of any size work; adjacent pieces of text are joined."
    )

    @Argument(help: "The file to read; - reads standard input.")
    var file: String

    @Flag(help: "Start each line with the LINE:COLUMN of the event (default: off).")
    var positions = false

    @OptionGroup var input: InputOptions

    func run() throws {
        do {
            let reader =
                file == "-"
                ? XMLEventReader(fileDescriptor: 0, name: "<stdin>", options: input.parserOptions)
                : try XMLEventReader(contentsOf: file, options: input.parserOptions)
            while let event = try reader.next() {
                if positions {
                    print("\(reader.position)\t\(event)")
                } else {
                    print(event)
                }
            }
        } catch {
            Diagnostics.report(error, file: file)
            throw ExitCode.failure
        }
    }
}
