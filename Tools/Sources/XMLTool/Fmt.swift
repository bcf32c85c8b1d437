import ArgumentParser
import XMLStreaming
import XMLTree
import XMLWriting

/// `xml fmt FILE`: the document re-indented.
struct Fmt: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a document re-indented (or write it with -o).",
        discussion: """
            Like xmllint --format: white space between elements is replaced by indentation; an \
            element that holds text (mixed content such as <p><em>Note:</em> read this.</p>), a \
            CDATA section or xml:space="preserve" is written exactly as read, its descendants \
            included. The DOCTYPE (name, public and system identifiers, and the internal \
            subset's declarations, comments and processing instructions, in order), comments \
            and processing instructions are kept, and attributes the subset supplies as \
            defaults are left to it, not written out, as xmllint does. A reference to an \
            external entity (one the subset declares, or &nbsp; of XHTML's external DTD), which \
            is never read, is kept (--entities says otherwise; one in an attribute value cannot \
            be kept, and is an error unless --entities says skip or html). Unlike xmllint, \
            references to the subset's internal entities are expanded (their declarations \
            stay), and the declarations XML has a parser ignore after a parameter-entity \
            reference are not written. Output goes through the writer, so it always reads \
            back. With -o the file is replaced atomically and keeps its mode; -o - is standard \
            output.
            """
    )

    @Argument(help: "The file to read; - reads standard input.")
    var file: String

    // Unconditional: a negative number is taken as the value, to be refused by name, not
    // read as a flag ("Missing value for '--indent'").
    @Option(parsing: .unconditional, help: "Spaces per level, 0 or more.")
    var indent = 2

    func validate() throws {
        guard indent >= 0 else { throw ValidationError("--indent takes 0 or more spaces per level, not \(indent).") }
    }

    @Option(name: .shortAndLong, help: "Write here (atomically) instead of standard output; - is standard output.")
    var output: String?

    @OptionGroup var input: InputOptions
    @OptionGroup var entities: EntityOptions

    func run() throws {
        // White space is kept when read; the writer decides where it carries nothing.
        var options = XMLTreeDocument.Options(parserOptions: input.parserOptions)
        do {
            // Kept references are nodes of the tree; any other choice is the parser's.
            if let policy = try entities.policy(), policy != .keep { options.parserOptions.unexpandedEntities = policy }
            let document = try readTree(file, options: options)
            let indentation = String(repeating: " ", count: indent)
            try document.write(to: writerOutput(output), indentation: indentation)
        } catch {
            Diagnostics.report(error, file: file)
            throw ExitCode.failure
        }
    }
}
