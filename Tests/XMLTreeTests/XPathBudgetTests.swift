import Testing
import XMLTestSupport
import XMLStreaming
import XMLTree

@Suite("XPath: what one evaluation may gather, and axes gathered once for many contexts")
struct XPathBudgetTests {
    /// 1,000 prefixes declared at the top of a chain 9,000 elements deep: 139 KB whose
    /// namespace axis holds nine million nodes (1.3 GB before the limit).
    static let manyScopes: XMLTreeDocument = {
        var xml = "<r"
        for i in 0..<1_000 { xml += " xmlns:p\(i)=\"u\"" }
        xml += ">" + String(repeating: "<a>", count: 9_000) + String(repeating: "</a>", count: 9_000) + "</r>"
        return try! XMLTreeDocument(string: xml)
    }()

    @Test("count(//namespace::*) on 1,000 prefixes × 9,000 levels stops with an error that names the option")
    func namespaceAxis() throws {
        let expression = try XPathExpression("count(//namespace::*)")
        let error = #expect(throws: XPathError.self) { try expression.evaluate(at: Self.manyScopes.documentNode) }
        #expect(error?.message.contains("XPathExpression.Options.maximumNodes") == true)
        #expect(error?.message.contains("1000000") == true)
        // The element count itself is well within the default.
        let count = try XPathExpression("count(//*)").evaluate(at: Self.manyScopes.documentNode)
        #expect(count == .number(9_001))
    }

    @Test("The limit counts every step and predicate, and can be raised or lowered")
    func explicitLimit() throws {
        let document = try XMLTreeDocument(string: "<r>" + String(repeating: "<a><b/></a>", count: 100) + "</r>")
        let expression = try XPathExpression("count(//a[b])")
        #expect(try expression.evaluate(at: document.documentNode) == .number(100))
        #expect(try expression.evaluate(at: document.documentNode, options: .init(maximumNodes: 1_000)) == .number(100))
        // The path gathers at least the 100 a elements and a b under each.
        let error = #expect(throws: XPathError.self) {
            try expression.evaluate(at: document.documentNode, options: .init(maximumNodes: 150))
        }
        #expect(error?.message.contains("more than 150 nodes") == true)
    }

    @Test("docs/TreeAndXPath.md: raising the limit for one evaluation")
    func documentedExample() throws {
        let document = try XMLTreeDocument(string: "<r>" + String(repeating: "<a><b/></a>", count: 10) + "</r>")
        let deep = try XPathExpression("count(//a[b])")
        let counted = try deep.evaluate(at: document.documentNode, options: .init(maximumNodes: 50_000_000))
        #expect(counted == .number(10))
    }

    /// Random trees with attributes; each axis from every node of a node-set, gathered
    /// once for all (no position in the predicate) and per context (a predicate that
    /// holds everywhere but asks for the position).
    @Test("Axes gathered once for many contexts select what they select per context", arguments: [
        "descendant::*", "descendant-or-self::node()", "following::node()", "preceding::node()",
        "ancestor::*", "ancestor-or-self::node()", "descendant::b[@x]", "preceding::*[not(@x)]",
    ])
    func unionMatchesPerContext(_ axisStep: String) throws {
        var random = SeededGenerator(seed: 77)
        for round in 0..<40 {
            var xml = "<r>"
            var open = 0
            for _ in 0..<Int.random(in: 5..<60, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where open > 0: xml += "</\(open % 2 == 0 ? "a" : "b")>"; open -= 1
                case 1: xml += "t"
                default:
                    open += 1
                    xml += "<\(open % 2 == 0 ? "a" : "b")\(Bool.random(using: &random) ? " x=\"1\"" : "")>"
                }
            }
            while open > 0 { xml += "</\(open % 2 == 0 ? "a" : "b")>"; open -= 1 }
            xml += "</r>"
            let document = try XMLTreeDocument(string: xml)
            for contexts in ["//a", "//*", "//@x", "//b | //@x", "//text()"] {
                let once = try document.documentNode.nodes(forXPath: "(\(contexts))/\(axisStep)")
                let perContext = try document.documentNode.nodes(forXPath: "(\(contexts))/\(axisStep)[position() > 0]")
                #expect(once == perContext, "round \(round): (\(contexts))/\(axisStep) on \(xml)")
            }
        }
    }

    @Test("Comparing two node-sets: =, != and the order comparisons, as every pair would")
    func nodeSetComparisons() throws {
        let document = try XMLTreeDocument(string: """
            <r><a v="1"/><a v="5"/><a v="x"/><b v="5"/><b v="7"/><c v="3"/><c v="3"/></r>
            """)
        func holds(_ expression: String) throws -> Bool {
            try XPathExpression(expression).evaluate(at: document.documentNode).boolean
        }
        #expect(try holds("//a/@v = //b/@v"))
        #expect(try !holds("//a/@v = //c/@v"))
        #expect(try holds("//a/@v != //b/@v"))
        #expect(try !holds("//c/@v != //c/@v"))
        #expect(try holds("//c/@v != //a/@v"))
        #expect(try holds("//a/@v < //c/@v"))  // 1 < 3
        #expect(try !holds("//b/@v < //c/@v"))
        #expect(try holds("//b/@v >= //a/@v"))
        #expect(try !holds("//c/@v > //b/@v"))
        #expect(try holds("//c/@v <= //c/@v"))
        #expect(try !holds("//a[@v='x']/@v < //b/@v"))  // NaN compares false
        #expect(try !holds("//none = //a/@v"))
        #expect(try !holds("//none != //a/@v"))
    }

    @Test("contains, substring-before and translate on long strings")
    func longStrings() throws {
        let long = String(repeating: "a", count: 20_000)
        let document = try XMLTreeDocument(string: "<r><h>\(long)b</h><n>\(long.dropLast(1000))b</n></r>")
        let root = document.documentNode
        #expect(try root.xpath("contains(/r/h, /r/n)").boolean)
        #expect(try !root.xpath("contains(/r/n, /r/h)").boolean)
        #expect(try root.xpath("string-length(substring-before(/r/h, /r/n))") == .number(1000))
        #expect(try root.xpath("translate('abcabc', 'cbac', 'XYZW')").string == "ZYXZYX")
        #expect(try root.xpath("id('i2 i1')").nodes.isEmpty)
    }
}

@Suite("Deep trees")
struct DeepTreeTests {
    /// 100,000 levels (limits lifted): writing and the canonical form walk the tree without
    /// recursion, so they cannot overflow a thread's stack, even a task's.
    @Test("A tree 100,000 deep writes, prints its canonical form and reads back, inside a task")
    func deepTree() async throws {
        let depth = 100_000
        let xml = String(repeating: "<a x=\"1\">", count: depth) + "t" + String(repeating: "</a>", count: depth)
        let options = XMLTreeDocument.Options(parserOptions: XMLParserOptions(limits: .unlimited))
        let written = try await Task.detached {
            let document = try XMLTreeDocument(string: xml, options: options)
            let canonical = document.canonicalForm()
            #expect(canonical == Array(xml.utf8))
            return try document.xmlString(declaration: false)
        }.value
        #expect(written == xml)
        #expect(try XMLTreeDocument(string: written, options: options).nodeCount == depth + 2)
    }
}
