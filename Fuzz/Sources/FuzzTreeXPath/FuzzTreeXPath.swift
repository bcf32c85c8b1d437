import FuzzSupport
import XMLStreaming
import XMLTree

/// The tree builder and XPath: the input's first line is an expression, the rest a
/// document. Compiling and evaluating fail only with typed errors; the tree writes back to
/// a document with the same canonical form.
@main
struct FuzzTreeXPath {
    static func main() {
        Fuzzer.run { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            let all = input.rest()
            let newline = all.firstIndex(of: 0x0A) ?? all.endIndex
            let source = String(decoding: all[..<newline], as: UTF8.self)
            let document = newline < all.endIndex ? Array(all[(newline + 1)...]) : []
            let options = XMLTreeDocument.Options(
                parserOptions: XMLParserOptions(processesNamespaces: flags & 1 == 0), dropsWhitespaceText: flags & 2 != 0)

            let expression = try? XPathExpression(source, namespaces: ["p": "urn:p", "q": "urn:q"])
            guard let tree = try? XMLTreeDocument(bytes: document, options: options) else { return }
            if let expression {
                do {
                    let value = try expression.evaluate(at: tree.documentNode, variables: ["v": .string("1")])
                    for node in value.nodes.prefix(100) { _ = node.stringValue }
                    _ = value.string
                } catch {
                    // A typed XPathError is an accepted outcome.
                }
            }
            let written: String
            do {
                written = try tree.xmlString()
            } catch {
                Fuzzer.check(
                    (flags & 1 != 0 && ReadBack.isNamespaceRefusal(error)) || ReadBack.isLatin1NameRefusal(error),
                    "a parsed tree does not write: \(error)")
                return
            }
            do {
                let back = try XMLTreeDocument(bytes: Array(written.utf8), options: options)
                Fuzzer.check(
                    back.canonicalForm() == tree.canonicalForm(),
                    "the written tree reads back differently:\n\(written)")
            } catch {
                Fuzzer.check(false, "the written tree does not parse: \(error)\n\(written)")
            }
        }
    }
}
