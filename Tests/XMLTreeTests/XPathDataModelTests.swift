import Testing
import XMLStreaming
import XMLTree

/// XPath's data model over the tree: adjacent text and CDATA are one text node, an empty
/// CDATA section is no node, and the DOCTYPE's internal subset holds no nodes.
@Suite("XPath: the data model")
struct XPathDataModelTests {
    func evaluate(_ expression: String, _ xml: String) throws -> XPathValue {
        try XMLTreeDocument(string: xml).documentNode.xpath(expression)
    }

    @Test("Text and CDATA side by side are one text node with the whole run as its value")
    func adjacentText() throws {
        let xml = "<r>a<![CDATA[b]]>c<x/><![CDATA[d]]>e</r>"
        #expect(try evaluate("count(/r/text())", xml) == .number(2))
        #expect(try evaluate("count(//text())", xml) == .number(2))  // scanned
        #expect(try evaluate("count(//text()[position() > 0])", xml) == .number(2))  // gathered
        #expect(try evaluate("string(/r/text()[1])", xml) == .string("abc"))
        #expect(try evaluate("string(/r/text()[2])", xml) == .string("de"))
        #expect(try evaluate("count(/r/node())", xml) == .number(3))
        #expect(try evaluate("string(/r/x/following-sibling::text())", xml) == .string("de"))
        #expect(try evaluate("string(/r/x/preceding-sibling::node()[1])", xml) == .string("abc"))
        #expect(try evaluate("count(/r/x/preceding::text())", xml) == .number(1))
        #expect(try evaluate("count(/r/x/following::node())", xml) == .number(1))
        #expect(try evaluate("/r/text() = 'abc'", xml) == .boolean(true))
        #expect(try evaluate("/r/text() = 'b'", xml) == .boolean(false))
        let nodes = try XMLTreeDocument(string: xml).documentNode.nodes(forXPath: "/r/text()")
        #expect(nodes.map(\.stringValue) == ["abc", "de"])
        #expect(nodes.map(\.xmlString) == ["abc", "de"])
    }

    @Test("An empty CDATA section is no text node, and joins nothing")
    func emptyCDATA() throws {
        #expect(try evaluate("count(//text())", "<r><![CDATA[]]></r>") == .number(0))
        #expect(try evaluate("count(/r/node())", "<r><![CDATA[]]></r>") == .number(0))
        #expect(try evaluate("count(//node()[position() > 0])", "<r><![CDATA[]]></r>") == .number(1))
        #expect(try evaluate("count(/r/text())", "<r><![CDATA[]]>a<![CDATA[]]></r>") == .number(1))
        #expect(try evaluate("string(/r/text())", "<r><![CDATA[]]>a<![CDATA[]]></r>") == .string("a"))
        #expect(try evaluate("count(/r/node())", "<r><![CDATA[]]><x/><![CDATA[]]></r>") == .number(1))
        // The node that stands for a run is its first record with a character.
        let run = try XMLTreeDocument(string: "<r><![CDATA[]]>a<![CDATA[b]]></r>").documentNode.nodes(forXPath: "/r/text()")
        #expect(run.count == 1 && run.first?.treeNode?.text == "a" && run.first?.stringValue == "ab")
        let subset = try XMLTreeDocument(string: "<r><![CDATA[]]>a<![CDATA[b]]><x/>c</r>")
            .canonicalized(xpath: "(//. | //@* | //namespace::*)[not(self::text()[. = 'c'])]")
        #expect(String(decoding: subset, as: UTF8.self) == "<r>ab<x></x></r>")
    }

    @Test("Comments and PIs of the internal subset are not nodes; James Clark's form keeps the PIs")
    func internalSubset() throws {
        let xml = "<?a 1?><!DOCTYPE r [<!-- c --><?p d?><!ELEMENT r ANY>]><!--after--><r/>"
        #expect(try evaluate("count(//comment())", xml) == .number(1))
        #expect(try evaluate("count(//processing-instruction())", xml) == .number(1))
        #expect(try evaluate("count(/node())", xml) == .number(3))
        let document = try XMLTreeDocument(string: xml)
        #expect(String(decoding: try document.canonicalized(XMLCanonicalization(includesComments: true)), as: UTF8.self)
            == "<?a 1?>\n<!--after-->\n<r></r>")
        #expect(String(decoding: try document.canonicalized(XMLCanonicalization(.exclusive())), as: UTF8.self)
            == "<?a 1?>\n<r></r>")
        // Written back, they stay in the subset, where they were.
        #expect(try document.xmlString(declaration: false) == "<?a 1?><!DOCTYPE r [\n<!-- c -->\n<?p d?>\n<!ELEMENT r ANY>\n]><!--after--><r/>")
        var options = XMLTreeDocument.Options()
        options.parserOptions.processesNamespaces = false
        let flat = try XMLTreeDocument(string: xml, options: options)
        #expect(String(decoding: flat.canonicalForm(), as: UTF8.self) == "<?a 1?><?p d?><r></r>")
    }

    @Test("A subset's text node canonicalizes as its whole run")
    func subsetText() throws {
        let document = try XMLTreeDocument(string: "<r>a<![CDATA[b]]>c<x>d</x></r>")
        let all = try document.canonicalized(xpath: "(//. | //@* | //namespace::*)")
        #expect(String(decoding: all, as: UTF8.self) == "<r>abc<x>d</x></r>")
        let noText = try document.canonicalized(xpath: "(//. | //@* | //namespace::*)[not(self::text())]")
        #expect(String(decoding: noText, as: UTF8.self) == "<r><x></x></r>")
        let firstRun = try document.canonicalized(xpath: "(//. | //@* | //namespace::*)[not(parent::x)]")
        #expect(String(decoding: firstRun, as: UTF8.self) == "<r>abc<x></x></r>")
    }
}
