import ArgumentParser
import Foundation
import XMLStreaming
import XMLTree

/// `xml c14n FILE`: the W3C canonical forms XML signatures digest.
struct C14N: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "c14n",
        abstract: "Print a document in W3C Canonical XML 1.0 or 1.1, or Exclusive XML Canonicalization 1.0.",
        discussion: """
            The bytes XML signatures digest: UTF-8, no declaration or DOCTYPE, <a></a> for empty \
            elements, attributes in double quotes sorted by namespace and name, namespace \
            declarations only where they change something, line feeds only. Canonical XML 1.0 \
            by default, --c14n-version 1.1, or --exclusive (Exclusive XML Canonicalization 1.0, \
            with --inclusive-prefixes as its InclusiveNamespaces PrefixList); comments are left \
            out unless --with-comments. xmllint keeps them: xmllint --c14n is xml c14n \
            --with-comments, --c14n11 is --c14n-version 1.1 --with-comments, --exc-c14n is \
            --exclusive --with-comments.

            --xpath canonicalizes the document subset the expression selects, as the \
            recommendations define it, for example \
            '(//. | //@* | //namespace::*)[ancestor-or-self::signed]' (xmllint has no such \
            option). Its prefixes are those the root element declares (_ for its default \
            namespace), as in xml query, or with --ns only those given.

            A reference to an entity the parser cannot expand (the external DTD is never read) \
            has no canonical form: an error, as with xmllint, unless --entities says keep \
            (written as &name;, not canonical), skip or html. No output file: redirect standard \
            output, as the bytes must not change on the way.

            Exit status: 0 on success, 1 for a file that cannot be read or is not well-formed, 2 \
            for a malformed --xpath expression or a prefix it uses that is not bound (as xml \
            query), 64 for a usage error.
            """
    )

    @Argument(help: "The file to read; - reads standard input.")
    var file: String

    @Flag(help: "Keep comments (the #WithComments variants).")
    var withComments = false

    @Flag(help: "Exclusive XML Canonicalization 1.0.")
    var exclusive = false

    @Option(help: "With --exclusive, prefixes treated inclusively (comma-separated; #default for the default namespace).")
    var inclusivePrefixes: String?

    // Not --version, which is the tool's own (xml --version).
    @Option(name: .customLong("c14n-version"), help: "Canonical XML version: 1.0 or 1.1.")
    var canonicalVersion = "1.0"

    @Option(help: "Canonicalize only the nodes this XPath 1.0 expression selects.")
    var xpath: String?

    @Option(
        name: .customLong("ns"),
        help: "Bind a prefix for --xpath: --ns a=urn:example (repeatable); without it, the root's prefixes.")
    var namespaces: [String] = []

    @OptionGroup var input: InputOptions
    @OptionGroup var entities: EntityOptions

    func validate() throws {
        if canonicalVersion != "1.0" && canonicalVersion != "1.1" {
            throw ValidationError("--c14n-version takes 1.0 or 1.1, not \(canonicalVersion).")
        }
        if exclusive && canonicalVersion != "1.0" {
            throw ValidationError("--exclusive is Exclusive XML Canonicalization 1.0; it has no --c14n-version.")
        }
        if inclusivePrefixes != nil && !exclusive { throw ValidationError("--inclusive-prefixes needs --exclusive.") }
        if input.noNamespaces { throw ValidationError("canonical forms need namespaces: drop --no-namespaces.") }
        try NamespaceBindings.validate(namespaces)
    }

    func canonicalization(_ policy: XMLUnexpandedEntityPolicy) -> XMLCanonicalization {
        let method: XMLCanonicalization.Method
        if exclusive {
            let prefixes = (inclusivePrefixes ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            method = .exclusive(inclusivePrefixes: prefixes)
        } else {
            method = canonicalVersion == "1.1" ? .canonical11 : .canonical10
        }
        return XMLCanonicalization(method, includesComments: withComments, unexpandedEntities: policy)
    }

    func run() throws {
        var options = XMLTreeDocument.Options(parserOptions: input.parserOptions)
        do {
            let policy = try entities.policy() ?? .throw
            // References in content are nodes the canonicalization reads under the policy; one
            // in an attribute value has no node, so the parser decides for those.
            if policy != .keep && policy != .throw { options.parserOptions.unexpandedEntities = policy }
            let document = try readTree(file, options: options)
            let canonicalization = canonicalization(policy)
            // The root's prefixes, as xml query binds them, unless --ns gives its own.
            let bindings = namespaces.isEmpty ? Query.rootBindings(of: document) : NamespaceBindings.parse(namespaces)
            let bytes =
                try xpath.map { try document.canonicalized(canonicalization, xpath: $0, namespaces: bindings) }
                ?? document.canonicalized(canonicalization)
            FileHandle.standardOutput.write(Data(bytes))
        } catch var error as XPathError {
            if let prefix = error.unboundPrefix {
                error.message = "the prefix \"\(prefix)\" is not bound: bind it with --ns \(prefix)=URI"
            }
            var standardError = StandardError()
            print("xml: error: \(error)", to: &standardError)
            throw ExitCode(Query.failed)
        } catch {
            Diagnostics.report(error, file: file)
            throw ExitCode.failure
        }
    }
}
