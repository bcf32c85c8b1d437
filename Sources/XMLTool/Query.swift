import ArgumentParser
import XMLStreaming
import XMLTree

/// `xml query XPATH FILE...`: an XPath 1.0 expression over each file.
struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate an XPath 1.0 expression on each file.",
        discussion: """
            Prints each selected node as XML (an attribute as name="value", text as its text), one \
            per line, or the value of a string, number or boolean expression. With several files, \
            each line starts with FILE:. Prefixes in the expression need --ns. A malformed \
            expression is reported with its column and exits 1.
            """
    )

    @Argument(help: "The XPath 1.0 expression.")
    var expression: String

    @Argument(help: "The files to query; - reads standard input.")
    var files: [String]

    @Option(name: .customLong("ns"), help: "Bind a prefix for the expression: --ns a=urn:example (repeatable).")
    var namespaces: [String] = []

    @OptionGroup var input: InputOptions

    func validate() throws {
        for binding in namespaces where !binding.contains("=") {
            throw ValidationError("--ns takes prefix=uri, not \"\(binding)\".")
        }
    }

    func run() throws {
        var bindings: [String: String] = [:]
        for binding in namespaces {
            let parts = binding.split(separator: "=", maxSplits: 1)
            bindings[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        let compiled: XPathExpression
        do {
            compiled = try XPathExpression(expression, namespaces: bindings)
        } catch {
            var standardError = StandardError()
            print("xml: error: \(error)", to: &standardError)
            throw ExitCode.failure
        }
        var failed = false
        let options = XMLTreeDocument.Options(parser: input.parserOptions)
        for file in files {
            do {
                let document =
                    file == "-"
                    ? try XMLTreeDocument(fileDescriptor: 0, name: "<stdin>", options: options)
                    : try XMLTreeDocument(contentsOf: file, options: options)
                let prefix = files.count > 1 ? "\(file): " : ""
                switch try compiled.evaluate(at: document.documentNode) {
                case .nodeSet(let nodes):
                    for node in nodes { print(prefix + node.xmlString) }
                case let value:
                    print(prefix + value.string)
                }
            } catch {
                Diagnostics.report(error, file: file)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}
