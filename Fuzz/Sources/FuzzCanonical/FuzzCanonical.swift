import FuzzSupport
import XMLStreaming
import XMLTree

/// Canonical output: what `xml canon` prints is a document whose canonical form is itself.
/// James Clark's form writes names as read and leaves out `xmlns` attributes, so it is read
/// back without namespace processing. The W3C forms (`xml c14n`: 1.0, 1.1, exclusive, with
/// or without comments, as the flags choose) are read back with namespaces and must come out
/// the same again.
@main
struct FuzzCanonical {
    static func main() {
        Fuzzer.run { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            let options = XMLTreeDocument.Options(parserOptions: XMLParserOptions(processesNamespaces: flags & 1 == 0))
            guard let tree = try? XMLTreeDocument(bytes: input.rest(), options: options) else { return }
            // A reference the parser could not expand has no canonical form (canonicalized
            // refuses it) and reads back only under its DTD: such documents are left out.
            guard !tree.documentNode.descendants.contains(where: { $0.kind == .entityReference }) else { return }
            if flags & 1 == 0 { checkW3C(tree, flags: flags) }
            let canonical = tree.canonicalForm()
            do {
                let plain = XMLTreeDocument.Options(parserOptions: XMLParserOptions(processesNamespaces: false))
                let again = try XMLTreeDocument(bytes: canonical, options: plain).canonicalForm()
                Fuzzer.check(
                    again == canonical,
                    "canonical form is not a fixed point:\n\(String(decoding: canonical, as: UTF8.self))\n\(String(decoding: again, as: UTF8.self))")
            } catch {
                // expat 2.5 reads ª, µ and º in names of ISO-8859-1 and UTF-16 documents but
                // not of UTF-8 ones, which the canonical form is.
                let latin1Names = ReadBack.hasLatin1OnlyNameCharacter(String(decoding: canonical, as: UTF8.self))
                Fuzzer.check(latin1Names, "canonical form does not parse: \(error)\n\(String(decoding: canonical, as: UTF8.self))")
            }
        }
    }

    static func checkW3C(_ tree: XMLTreeDocument, flags: UInt8) {
        let methods: [XMLCanonicalization.Method] = [.canonical10, .canonical11, .exclusive(), .exclusive(inclusivePrefixes: ["#default", "a"])]
        let canonicalization = XMLCanonicalization(methods[Int(flags >> 1) & 3], includesComments: flags & 8 != 0)
        guard let canonical = try? tree.canonicalized(canonicalization) else {
            return Fuzzer.check(false, "a namespaced tree was not canonicalized")
        }
        do {
            let again = try XMLTreeDocument(bytes: canonical).canonicalized(canonicalization)
            Fuzzer.check(
                again == canonical,
                "\(canonicalization.method) is not a fixed point:\n\(String(decoding: canonical, as: UTF8.self))\n\(String(decoding: again, as: UTF8.self))")
        } catch {
            let latin1Names = ReadBack.hasLatin1OnlyNameCharacter(String(decoding: canonical, as: UTF8.self))
            Fuzzer.check(latin1Names, "\(canonicalization.method) output does not parse: \(error)\n\(String(decoding: canonical, as: UTF8.self))")
        }
    }
}
