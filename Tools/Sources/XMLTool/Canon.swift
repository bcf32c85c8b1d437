import ArgumentParser
import Foundation
import XMLStreaming
import XMLTree

/// `xml canon FILE`: James Clark's canonical form, to compare with the W3C suite's out/ files.
struct Canon: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a document in James Clark's canonical form (the W3C conformance suite's out/ files).",
        discussion: """
            UTF-8 without declaration, DOCTYPE or comments; the root element and the processing \
            instructions around it; attributes sorted by name; <a></a> for empty elements; only \
            & < > " tab LF CR escaped. Names and xmlns attributes are written as in the document, \
            so the document is always read without namespace processing. A reference to an \
            entity the parser cannot expand (the external DTD is never read) is written as \
            &name; unless --entities says otherwise. For the W3C forms that XML signatures use, \
            see xml c14n.
            """
    )

    @Argument(help: "The file to read; - reads standard input.")
    var file: String

    @OptionGroup var input: InputOptions
    @OptionGroup var entities: EntityOptions

    func run() throws {
        var options = XMLTreeDocument.Options(parserOptions: input.parserOptions)
        options.parserOptions.processesNamespaces = false
        do {
            let policy = try entities.policy() ?? .keep
            // A reference in an attribute value has no node: the parser decides for those.
            if policy != .keep { options.parserOptions.unexpandedEntities = policy }
            let document = try readTree(file, options: options)
            FileHandle.standardOutput.write(Data(try document.canonicalForm(unexpandedEntities: policy)))
        } catch {
            Diagnostics.report(error, file: file)
            throw ExitCode.failure
        }
    }
}
