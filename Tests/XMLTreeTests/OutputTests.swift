import Foundation
import Testing
import XMLStreaming
import XMLTestSupport
import XMLTree
import XMLWriting

@Suite("A tree back to XML")
struct OutputTests {
    @Test("compact and indented output reads back as the same tree")
    func roundTrip() throws {
        let source = try XMLTreeDocument(contentsOf: fixture("schedule.xml"))
        let compact = try XMLTreeDocument(string: source.xmlString())
        #expect(outline(compact.documentNode) == outline(source.documentNode))

        let dropped = XMLTreeDocument.Options(dropsWhitespaceText: true)
        let lean = try XMLTreeDocument(contentsOf: fixture("schedule.xml"), options: dropped)
        let indented = try lean.xmlString(indentation: "  ")
        #expect(indented.contains("\n  <teams>\n    <team code=\"100\">\n      <name>Betonbauer</name>"))
        #expect(outline(try XMLTreeDocument(string: indented, options: dropped).documentNode) == outline(lean.documentNode))
    }

    @Test("namespaces, CDATA, comments and PIs survive the round trip")
    func everyKind() throws {
        let xml = """
            <?xml-stylesheet href="s.css"?><f:feed xmlns:f="urn:f" xmlns="urn:d"><!-- c --><entry f:id="1" x="a&amp;b">\
            <![CDATA[<raw>]]>t</entry><?pi data?></f:feed>
            """
        let document = try XMLTreeDocument(string: xml)
        let back = try XMLTreeDocument(string: document.xmlString())
        #expect(outline(back.documentNode) == outline(document.documentNode))
        let flat = try XMLTreeDocument(string: xml, options: .init(parserOptions: XMLParserOptions(processesNamespaces: false)))
        #expect(outline(try XMLTreeDocument(string: flat.xmlString(), options: .init(parserOptions: XMLParserOptions(processesNamespaces: false))).documentNode) == outline(flat.documentNode))
    }

    @Test("Scrivener's one-liners build a document that the writer keeps readable")
    func builder() throws {
        let project = XMLElementBuilder("project")
        let chapter = project.addChild("chapter", stringValue: "Pasted\u{0C}from Word")
        chapter.addAttribute("id", "1")
        chapter.addAttribute("id", "2")
        project.addChild("empty")
        project.addComment(" done ")
        #expect(try project.write().string == """
            <?xml version="1.0" encoding="UTF-8"?><project><chapter id="2">Pastedfrom Word</chapter><empty/><!-- done --></project>
            """)
        let tree = try project.document()
        #expect(tree.root?.firstChild(named: "chapter")?["id"] == "2")
        #expect(project.children.map(\.name) == ["chapter", "empty"])
    }
}

@Suite("Canonical form (James Clark's, as in the W3C suite's out/ files)")
struct CanonicalTests {
    func canon(_ xml: String) throws -> String {
        var options = XMLTreeDocument.Options()
        options.parserOptions.processesNamespaces = false
        return String(decoding: try XMLTreeDocument(string: xml, options: options).canonicalForm(), as: UTF8.self)
    }

    @Test("no declaration, DOCTYPE or comments; PIs around the root kept; empty elements as start and end tag")
    func structure() throws {
        #expect(try canon("<?xml version=\"1.0\"?>\n<!DOCTYPE doc>\n<?pi  data here?><!--c--><doc><e/><!--x--></doc>\n<?after?>")
            == "<?pi data here?><doc><e></e></doc><?after ?>")
    }

    @Test("attributes sorted by code point; exactly & < > \" tab LF CR escaped")
    func escaping() throws {
        #expect(try canon("<doc b=\"1\" a=\"x&#9;y&#10;z&#13;\" A=\"&lt;&amp;&quot;'&gt;\" é=\"é\">\t&lt;&gt;&amp;\"'\r\n</doc>")
            == "<doc A=\"&lt;&amp;&quot;'&gt;\" a=\"x&#9;y&#10;z&#13;\" b=\"1\" é=\"é\">&#9;&lt;&gt;&amp;&quot;'&#10;</doc>")
    }

    @Test("notations make the second canonical form, printed where the DOCTYPE ended")
    func notations() throws {
        let xml = """
            <?before?><!DOCTYPE doc [<!NOTATION b SYSTEM "s.txt"><!NOTATION a PUBLIC "-//P//EN" "s2">\
            <!NOTATION c PUBLIC "-//C//EN">]><?pi x?><doc/>
            """
        #expect(try canon(xml) == """
            <?before ?><!DOCTYPE doc [
            <!NOTATION a PUBLIC '-//P//EN' 's2'>
            <!NOTATION b SYSTEM 's.txt'>
            <!NOTATION c PUBLIC '-//C//EN'>
            ]>
            <?pi x?><doc></doc>
            """)
        #expect(try canon("<!DOCTYPE doc [<!ELEMENT doc EMPTY>]><doc/>") == "<doc></doc>")
    }

    @Test("entities expanded, CDATA as text, default attributes from the DTD, xmlns as attributes")
    func expansion() throws {
        let xml = """
            <!DOCTYPE doc [<!ENTITY e "<x>&#65;</x>"><!ATTLIST doc d CDATA "def">]>\
            <doc xmlns:p="urn:p"><p:a>&e;<![CDATA[<&>]]></p:a></doc>
            """
        #expect(try canon(xml) == "<doc d=\"def\" xmlns:p=\"urn:p\"><p:a><x>A</x>&lt;&amp;&gt;</p:a></doc>")
    }
}

@Suite("Streaming subtrees")
struct SubtreeTests {
    @Test("each element at a path arrives as a small tree, in order")
    func sites() throws {
        var xml = "<schedule><teams><team code=\"1\"/></teams><sites>"
        for i in 0..<1000 { xml += "<site code=\"\(i)\"><name>Site \(i)</name><activities><activity team=\"1\"/></activities></site>" }
        xml += "</sites><site code=\"outside\"/></schedule>"
        var codes: [String] = []
        var names: [String] = []
        try XMLSubtreeStream.forEach("schedule/sites/site", in: Array(xml.utf8)) { site in
            codes.append(site["code"] ?? "")
            names.append(site.childText(named: "name") ?? "")
            #expect(site.parent?.kind == .document)
            #expect(site.document.nodeCount == 6)
        }
        #expect(codes == (0..<1000).map(String.init))
        #expect(names.last == "Site 999")
        var wildcard = 0
        try XMLSubtreeStream.forEach("schedule/*/team", in: Array(xml.utf8)) { _ in wildcard += 1 }
        #expect(wildcard == 1)
    }

    @Test("throwing from the body stops the parse")
    func stops() throws {
        struct Enough: Error {}
        var seen = 0
        #expect(throws: Enough.self) {
            try XMLSubtreeStream.forEach("r/i", in: Array("<r><i/><i/><i/></r>".utf8)) { _ in
                seen += 1
                if seen == 2 { throw Enough() }
            }
        }
        #expect(seen == 2)
    }
}

@Suite("Indented tree output")
struct IndentedTreeOutputTests {
    @Test("White space between elements is re-indented; mixed content and the DOCTYPE are kept")
    func reindents() throws {
        let document = try XMLTreeDocument(
            string: "<!DOCTYPE r SYSTEM \"r.dtd\"><r>\n\t\t<a>  <b/> </a><p>x <em> y </em>\n</p></r>")
        #expect(document.doctype == XMLDoctype(name: "r", systemID: "r.dtd"))
        #expect(
            try document.xmlString(indentation: " ", declaration: false)
                == "<!DOCTYPE r SYSTEM \"r.dtd\">\n<r>\n <a>\n  <b/>\n </a>\n <p>x <em> y </em>\n</p>\n</r>\n")
        // Compact output keeps every text node as read.
        #expect(
            try document.xmlString(declaration: false)
                == "<!DOCTYPE r SYSTEM \"r.dtd\"><r>\n\t\t<a>  <b/> </a><p>x <em> y </em>\n</p></r>")
    }
}

@Suite("Nodes print what they are and where")
struct NodeDescriptionTests {
    @Test("Elements with attributes and path, text, attributes and namespaces of XPath")
    func descriptions() throws {
        let document = try XMLTreeDocument(
            string: "<s xmlns:g='urn:g'><site code='1'/><!--c--><site code='2'><name>Köln\nDom</name></site></s>")
        let second = try #require(try document.documentNode.nodes(forXPath: "//site[2]").first)
        #expect(second.description == "<site code=\"2\"> at /s[1]/site[2]")
        let text = try #require(try document.documentNode.nodes(forXPath: "//name/text()").first)
        #expect("\(text)" == "text \"Köln\\nDom\" at /s[1]/site[2]/name[1]/text()[1]")
        #expect(try document.documentNode.nodes(forXPath: "//comment()").first?.description == "comment \"c\" at /s[1]/comment()[1]")
        #expect(document.documentNode.description == "document")
        let attribute = try #require(try document.documentNode.xpath("//site[1]/@code").nodes.first)
        #expect(attribute.description == "attribute code=\"1\" of <site code=\"1\"> at /s[1]/site[1]")
        let namespace = try #require(try document.documentNode.xpath("/s/namespace::g").nodes.first)
        #expect(namespace.description == "namespace xmlns:g=\"urn:g\" of <s> at /s[1]")
    }
}
