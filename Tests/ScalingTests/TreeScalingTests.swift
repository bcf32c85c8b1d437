import Testing
import XMLStreaming
import XMLTestSupport
import XMLTree

/// The tree, XPath and output paths.
@Suite("Tree and XPath scaling", .serialized)
struct TreeScalingTests {
    @Test("A tag with n attributes: building the tree, //@* as XML, writing the tree back")
    func attributes() throws {
        let query = try XPathExpression("//@*")
        let scaling = try Scaling.measure(n: 10_000, prepare: { try XMLTreeDocument(bytes: HostileInput.manyAttributes($0)) }) {
            document in
            guard case .nodeSet(let nodes) = try query.evaluate(at: document.documentNode) else {
                Issue.record("//@* gave no node-set")
                return
            }
            var total = 0
            for node in nodes { total += node.xmlString.utf8.count }
            total += try document.xmlString().utf8.count
            #expect(total > 0)
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
        // At 10,000 prefixes expat itself sits on a cache cliff (pyexpat 2.5, 2026-11-23:
        // 10k to 40k 7.7x, 40k to 160k 4.8x), so the test starts past it.
        let build = try Scaling.measure(n: 40_000, prepare: HostileInput.manyNamespaces) { bytes in
            _ = try XMLTreeDocument(bytes: bytes)
        }
        print("scaling: a tag with n prefixes: \(build)"); #expect(build.isNearLinear(), "a tag with n prefixes: \(build)")
    }

    @Test("An internal subset of n declarations and n defaulted attributes: building the tree, writing it back")
    func internalSubset() throws {
        func document(_ n: Int) -> [UInt8] {
            var xml = "<!DOCTYPE r [\n"
            for i in 0..<n {
                xml += "<!ATTLIST r a\(i) CDATA \"v\(i)\">\n<!ENTITY e\(i) \"text &amp; \(i)\">\n<!-- c\(i) -->\n"
            }
            return Array((xml + "]><r/>").utf8)
        }
        let scaling = try Scaling.measure(n: 5_000, prepare: document) { bytes in
            let tree = try XMLTreeDocument(bytes: bytes)
            #expect(tree.root!.attributes.allSatisfy { !$0.isSpecified })
            #expect(try tree.xmlString().hasSuffix("]><r/>"))
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("n entity references the parser could not expand: building the tree, writing it indented, the canonical form")
    func entityReferences() throws {
        func document(_ n: Int) -> [UInt8] {
            var xml = "<!DOCTYPE r SYSTEM \"r.dtd\"><r>"
            for i in 0..<n { xml += "&e\(i % 1000);x" }
            return Array((xml + "</r>").utf8)
        }
        let scaling = try Scaling.measure(n: 20_000, prepare: document) { bytes in
            let tree = try XMLTreeDocument(bytes: bytes)
            #expect(try tree.xmlString(indentation: "  ").utf8.count > bytes.count / 2)
            #expect(!tree.canonicalForm().isEmpty)
        }
        print("scaling: entity references: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("W3C canonical forms: a tag with n prefixes, n levels each declaring one, a subset below n left-out levels")
    func canonicalForms() throws {
        let methods: [XMLCanonicalization.Method] = [.canonical10, .canonical11, .exclusive()]
        let prefixes = try Scaling.measure(n: 2_500, prepare: { try XMLTreeDocument(bytes: HostileInput.manyNamespaces($0)) }) {
            document in
            for method in methods {
                let bytes = try document.canonicalized(XMLCanonicalization(method))
                #expect(!bytes.isEmpty)
            }
        }
        print("scaling: c14n, a tag with n prefixes: \(prefixes)"); #expect(prefixes.isNearLinear(), "\(prefixes)")
        let levels = try Scaling.measure(
            n: 2_000,
            prepare: { n in
                let open = (0..<n).map { "<p\($0 % 7):e xmlns:p\($0 % 7)=\"urn:\($0)\">" }.joined()
                let close = (0..<n).reversed().map { "</p\($0 % 7):e>" }.joined()
                return try XMLTreeDocument(bytes: Array((open + close).utf8), options: .init(parserOptions: .init(limits: .unlimited)))
            }
        ) { document in
            for method in methods {
                let bytes = try document.canonicalized(XMLCanonicalization(method))
                #expect(!bytes.isEmpty)
            }
        }
        print("scaling: c14n, n levels: \(levels)"); #expect(levels.isNearLinear(), "\(levels)")
        // n written leaves below a chain of n elements left out, each with an xml:lang the
        // leaves inherit (a search up the chain per leaf would be quadratic).
        let subset = try XPathExpression("(//. | //@* | //namespace::*)[not(self::c)]")
        let orphans = try Scaling.measure(
            n: 1_000,
            prepare: { n in
                let xml = "<r>" + String(repeating: "<c xml:lang=\"de\">", count: n) + String(repeating: "<leaf/>", count: n)
                    + String(repeating: "</c>", count: n) + "</r>"
                let document = try XMLTreeDocument(bytes: Array(xml.utf8))
                return (document, try subset.evaluate(at: document.documentNode).nodes)
            }
        ) { input in
            let (document, nodes) = input
            for method in [XMLCanonicalization.Method.canonical10, .canonical11] {
                let bytes = try document.canonicalized(XMLCanonicalization(method), subset: nodes)
                #expect(!bytes.isEmpty)
            }
        }
        print("scaling: c14n, leaves under n left-out levels: \(orphans)"); #expect(orphans.isNearLinear(), "\(orphans)")
    }

    @Test("An element builder with n attributes")
    func builder() throws {
        let scaling = Scaling.measure(n: 20_000, prepare: { $0 }) { n in
            let element = XMLElementBuilder("r")
            for i in 0..<n { element.addAttribute("a\(i)", "v") }
            #expect(element.attributes.count == n)
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }
}

/// XPath paths that visit a node once per context when done naively.
@Suite("XPath scaling", .serialized)
struct XPathScalingTests {
    @Test("Descendants, ancestors, following and preceding from every element of a deep chain")
    func axesFromManyContexts() throws {
        let queries = try [
            "count(//a/descendant::a)", "count(//a/ancestor::a)", "count(//a/following::node())",
            "count(//a/preceding::node())", "count(//a//a[@x])", "count(//a[lang('en')])",
        ].map { try XPathExpression($0) }
        let scaling = try Scaling.measure(n: 1_500, prepare: { try XMLTreeDocument(bytes: HostileInput.deep($0)) }) { document in
            for query in queries { _ = try query.evaluate(at: document.documentNode) }
        }
        print("scaling: XPath axes from n nested contexts: \(scaling)")
        #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("Comparing two node-sets of n nodes")
    func nodeSetComparison() throws {
        let queries = try ["//a/@xml:id = //a/@ref", "//a/@ref < //a/@xml:id", "//a != //a"].map { try XPathExpression($0) }
        let scaling = try Scaling.measure(n: 5_000, prepare: { try XMLTreeDocument(bytes: HostileInput.siblings($0)) }) { document in
            for query in queries { _ = try query.evaluate(at: document.documentNode) }
        }
        print("scaling: XPath node-set comparisons: \(scaling)")
        #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("id() in a predicate, once per context node (as signature subsets use it)")
    func idInPredicate() throws {
        let query = try XPathExpression("count(//*[count(id('i2') | .) = 1])")
        let scaling = try Scaling.measure(n: 5_000, prepare: { try XMLTreeDocument(bytes: HostileInput.siblings($0)) }) { document in
            let count = try query.evaluate(at: document.documentNode).number
            #expect(count > 0)
        }
        print("scaling: XPath id() per context node: \(scaling)")
        #expect(scaling.isNearLinear(), "\(scaling)")
    }
}

@Suite("Subtree stream scaling", .serialized)
struct SubtreeStreamScalingTests {
    @Test("n subtrees, each with an element name of its own")
    func distinctNames() throws {
        let scaling = try Scaling.measure(n: 5_000, prepare: { n in
            Array(("<r>" + (0..<n).map { "<s><e\($0)/></s>" }.joined() + "</r>").utf8)
        }) { bytes in
            var count = 0
            try XMLSubtreeStream.forEach("r/s", in: bytes) { _ in count += 1 }
            #expect(count > 0)
        }
        print("scaling: subtree stream, a new name per subtree: \(scaling)")
        #expect(scaling.isNearLinear(), "\(scaling)")
    }
}
