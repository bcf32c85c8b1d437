import Testing
import XMLTestSupport
import XMLTree

/// `//name[…]` and `count(//…)` read the tree's records where they lie
/// (XPathEvaluator+Descendants): the same nodes as the long form that gathers every node.
@Suite("XPath: descendant steps scanned in place")
struct XPathScanTests {
    /// Random trees of `a` and `b` elements, some with `x="1"` or `x="2"`.
    static func randomDocument(_ random: inout SeededGenerator) throws -> (XMLTreeDocument, String) {
        var xml = "<r>"
        var open = 0
        for _ in 0..<Int.random(in: 5..<80, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where open > 0:
                xml += "</\(open % 2 == 0 ? "a" : "b")>"
                open -= 1
            case 1: xml += "t"
            default:
                open += 1
                let attribute = ["", " x=\"1\"", " x=\"2\" y=\"1\""][Int.random(in: 0..<3, using: &random)]
                xml += "<\(open % 2 == 0 ? "a" : "b")\(attribute)>"
            }
        }
        while open > 0 {
            xml += "</\(open % 2 == 0 ? "a" : "b")>"
            open -= 1
        }
        xml += "</r>"
        return (try XMLTreeDocument(string: xml), xml)
    }

    @Test("A scanned path selects what the gathered one selects", arguments: [
        "//b", "//*", "//b[@x='1']", "//a[@x = '2']", "//*['1' = @x]", "//b[@x]", "//a//b", "//a//b[@y='1']",
        "//node()", "//text()", "/r//a", "//b[@*='1']", "//a[not(@x='1')]",
    ])
    func sameNodes(_ path: String) throws {
        var random = SeededGenerator(seed: 2026)
        for round in 0..<40 {
            let (document, xml) = try Self.randomDocument(&random)
            // A predicate that asks for the position keeps the long form.
            let scanned = try document.documentNode.nodes(forXPath: path)
            let gathered = try document.documentNode.nodes(forXPath: path + "[position() > 0]")
            #expect(scanned == gathered, "round \(round): \(path) on \(xml)")
            let counted = try XPathExpression("count(\(path))").evaluate(at: document.documentNode)
            #expect(counted == .number(Double(gathered.count)), "round \(round): count(\(path)) on \(xml)")
        }
    }

    @Test("Attribute values compare by code points, scanned or gathered")
    func attributeEquality() throws {
        // U+212A KELVIN SIGN is "K" to Swift's string comparison; to XPath it is another string.
        let document = try XMLTreeDocument(string: "<r><b x=\"&#x212A;\"/><b x=\"K\"/><b x=\"k\"/><b x=\"é\"/></r>")
        #expect(try XPathExpression("count(//b[@x='K'])").evaluate(at: document.documentNode) == .number(1))
        #expect(try XPathExpression("count(//b[@x='e\u{301}'])").evaluate(at: document.documentNode) == .number(0))
        #expect(try XPathExpression("count(//b[@x='\u{E9}'])").evaluate(at: document.documentNode) == .number(1))
        #expect(try document.documentNode.nodes(forXPath: "//b[@x='K']").count == 1)
        #expect(try document.documentNode.nodes(forXPath: "//b[@x='K'][position() > 0]").count == 1)
    }

    @Test("An attribute predicate on nodes that are not elements holds for none of them")
    func attributeOfText() throws {
        let document = try XMLTreeDocument(string: "<r>t<e a=\"x\"/><!-- c --><?p d?></r>")
        #expect(try document.documentNode.nodes(forXPath: "//text()[@a='x']").isEmpty)
        #expect(try XPathExpression("count(//node()[@a='x'])").evaluate(at: document.documentNode) == .number(1))
        #expect(try XPathExpression("count(//@a/descendant::*)").evaluate(at: document.documentNode) == .number(0))
    }

    @Test("A scan counts what it visits against the limit")
    func budget() throws {
        let document = try XMLTreeDocument(string: "<r>" + String(repeating: "<a/>", count: 500) + "</r>")
        #expect(throws: XPathError.self) {
            try XPathExpression("count(//a)").evaluate(at: document.documentNode, options: .init(maximumNodes: 100))
        }
        #expect(try XPathExpression("count(//a)").evaluate(at: document.documentNode, options: .init(maximumNodes: 1_000)) == .number(500))
    }
}
