import ArgumentParser
import XMLStreaming
import XMLTree

/// `xml query XPATH FILE...`: an XPath 1.0 expression over each file.
struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate an XPath 1.0 expression on each file.",
        discussion: """
            Prints each selected node as XML (an attribute as name="value", escaped as the writer \
            escapes it, line feeds as &#10;; text as its text), one per line, or the value of a \
            string, number or boolean expression. With --value, prints the string value of each \
            selected node instead. With several files, each line starts with FILE:.

            Prefixes: with no --ns, the prefixes declared on each document's root element are \
            bound (and _ to its default namespace), as xmlstarlet does: xml query '//_:item' \
            feed.atom. A file whose root lacks a prefix the expression uses is reported by name, \
            and the other files are still read. With --ns, only the prefixes given.

            A reference to an entity the parser cannot expand (&nbsp; under an XHTML DOCTYPE: \
            the DTD is never read) is printed as &name; in nodes, and a string value that needs \
            one is an error (exit 2) unless --entities says keep, skip (xmllint's value) or html.

            An expression that starts with - goes after --: xml query -- '-1 + 2' f.xml.

            Exit status (as grep and xmlstarlet sel): 0 when some file gave a non-empty node-set \
            or a value other than false, 1 when every result was an empty node-set or false (xmllint \
            --xpath exits 10 there), 2 for a malformed expression or a file that cannot be read, \
            is not well-formed or lacks a prefix, 64 for a usage error.
            """
    )

    @Argument(help: "The XPath 1.0 expression.")
    var expression: String

    @Argument(help: "The files to query; - reads standard input.")
    var files: [String]

    @Option(name: .customLong("ns"), help: "Bind a prefix for the expression: --ns a=urn:example (repeatable).")
    var namespaces: [String] = []

    @Flag(name: [.short, .customLong("value")], help: "Print the string value of each selected node, one per line.")
    var value = false

    @OptionGroup var input: InputOptions
    @OptionGroup var entities: EntityOptions

    func validate() throws {
        try NamespaceBindings.validate(namespaces)
    }

    /// Exit statuses, as grep's.
    static let nothingSelected: Int32 = 1
    static let failed: Int32 = 2

    func run() throws {
        let given = NamespaceBindings.parse(namespaces)
        // With --ns the expression compiles once, before any file is read.
        let shared = namespaces.isEmpty ? nil : try compile(given)
        var selected = false
        var failed = false
        var options = XMLTreeDocument.Options(parserOptions: input.parserOptions)
        let policy: XMLUnexpandedEntityPolicy
        do { policy = try entities.policy() ?? .throw } catch {
            Diagnostics.report(error, file: entities.entityTable ?? "")
            throw ExitCode(Self.failed)
        }
        // References in content stay nodes (printed as &name;, read under the policy in string
        // values); one in an attribute value has none, so the parser decides for those.
        if policy != .keep && policy != .throw { options.parserOptions.unexpandedEntities = policy }
        let evaluation = XPathExpression.Options(unexpandedEntities: policy)
        for file in files {
            let document: XMLTreeDocument
            do {
                document = try readTree(file, options: options)
            } catch {
                Diagnostics.report(error, file: file)
                failed = true
                continue
            }
            // Without --ns, each document binds its root's prefixes: one that lacks a prefix the
            // expression uses is reported, by name, and the run goes on, as for a malformed file.
            guard let compiled = try shared ?? compile(Self.rootBindings(of: document), for: file) else {
                failed = true
                continue
            }
            let prefix = files.count > 1 ? "\(file): " : ""
            do {
                selected = try printResult(of: compiled, on: document, prefix: prefix, options: evaluation) || selected
            } catch {
                Diagnostics.report(error, file: file)
                failed = true
            }
        }
        if failed { throw ExitCode(Self.failed) }
        if !selected { throw ExitCode(Self.nothingSelected) }
    }

    /// Prints one document's result; returns whether it selected anything.
    private func printResult(
        of compiled: XPathExpression, on document: XMLTreeDocument, prefix: String, options: XPathExpression.Options
    ) throws -> Bool {
        let result: XPathValue
        do throws(XPathError) { result = try compiled.evaluate(at: document.documentNode, options: options) } catch {
            // A string value that needs a reference it cannot read points into the document.
            if let entityError = error.unexpandedEntity { throw entityError }
            throw error
        }
        switch result {
        case .nodeSet(let nodes):
            for node in nodes {
                print(prefix + (value ? try node.stringValue(unexpandedEntities: options.unexpandedEntities) : node.xmlString))
            }
            return !nodes.isEmpty
        case .boolean(let result):
            print(prefix + (result ? "true" : "false"))
            return result
        case let result:
            print(prefix + result.string)
            return true
        }
    }

    /// The expression compiled with these bindings; a malformed one is reported and exits 2
    /// (its first error that is not a missing prefix). A prefix the bindings lack is reported
    /// with how to bind it: with the bindings of `file`'s root, as that file's error (then
    /// `nil`); with `--ns`, as the run's (exit 2).
    private func compile(_ bindings: [String: String], for file: String? = nil) throws -> XPathExpression? {
        do {
            return try XPathExpression(expression, namespaces: bindings)
        } catch var error {
            var standardError = StandardError()
            guard let prefix = error.unboundPrefix else {
                print("xml: error: \(error)", to: &standardError)
                throw ExitCode(Self.failed)
            }
            // With every prefix bound, would it compile? If not, it is malformed: the run's error.
            var anyBindings = bindings
            var malformed: XPathError?
            while malformed == nil {
                do {
                    _ = try XPathExpression(expression, namespaces: anyBindings)
                    break
                } catch {
                    if let missing = error.unboundPrefix { anyBindings[missing] = "urn:xml-query:any" } else { malformed = error }
                }
            }
            if let malformed {
                print("xml: error: \(malformed)", to: &standardError)
                throw ExitCode(Self.failed)
            }
            guard let file else {
                error.message = "the prefix \"\(prefix)\" is not bound: bind it with --ns \(prefix)=URI"
                print("xml: error: \(error)", to: &standardError)
                throw ExitCode(Self.failed)
            }
            let declared = prefix == "_" ? "no default namespace" : "no prefix \(prefix)"
            print(
                "\(file): error: the prefix \"\(prefix)\" is not bound: the root element declares \(declared); bind it with --ns \(prefix)=URI",
                to: &standardError)
            return nil
        }
    }

    /// The argument of `xml query …` that starts with `-` but is none of the command's flags
    /// (`-1 + 2`, `-count(//x)`), when nothing marks the end of the flags with `--`.
    static func expressionTakenForAFlag(in arguments: [String]) -> String? {
        guard arguments.first == "query", !arguments.contains("--") else { return nil }
        let flags: Set<String> = [
            "--ns", "--value", "-v", "--encoding", "--no-namespaces", "--max-depth", "--huge", "--entities",
            "--entity-table", "-h", "--help", "--version",
        ]
        return arguments.dropFirst().first { argument in
            // A long flag it does not know is only an unknown flag.
            argument.hasPrefix("-") && !argument.hasPrefix("--") && argument != "-" && !flags.contains(argument)
        }
    }

    /// xmlstarlet's convenience: the prefixes the root element declares, and `_` for its
    /// default namespace.
    static func rootBindings(of document: XMLTreeDocument) -> [String: String] {
        var bindings: [String: String] = [:]
        for declaration in document.root?.namespaceDeclarations ?? [] where !declaration.uri.isEmpty {
            bindings[declaration.prefix.isEmpty ? "_" : declaration.prefix] = declaration.uri
        }
        return bindings
    }
}
