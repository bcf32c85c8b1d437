import Testing
import XMLTree

/// A document with what the recommendation's examples need: chapters, titles, paras with
/// attributes, a namespace, a comment, a PI, mixed content.
let xpathDocument = try! XMLTreeDocument(string: """
    <doc xmlns:x="urn:x" xml:lang="en"><chapter id="c1"><title>One</title><para type="warning">p1</para>\
    <para>p2</para></chapter><chapter id="c2" xml:lang="de-CH"><title>Two</title><para>p3</para>\
    <x:note x:level="2">n</x:note></chapter><!--c--><?pi data?><item n="1"/><item n="2"/><item n="10"/></doc>
    """)

func names(_ expression: String, at node: XMLTreeNode? = nil, namespaces: [String: String] = ["x": "urn:x"]) throws -> [String] {
    let context = node ?? xpathDocument.documentNode
    return try context.nodes(forXPath: expression, namespaces: namespaces).map { node -> String in
        switch node {
        case .node(let n):
            switch n.kind {
            case .element: return n.name!.qualifiedName + (n["id"].map { "#\($0)" } ?? "")
            case .text, .cdata: return "text:" + n.text
            case .comment: return "comment"
            case .processingInstruction: return "pi:" + (n.target ?? "")
            case .entityReference: return "&" + (n.entityName ?? "") + ";"
            case .document: return "/"
            }
        case .attribute: return "@" + node.qualifiedName + "=" + node.stringValue
        case .namespace: return "ns:" + node.localName
        }
    }
}

func value(_ expression: String, at node: XMLTreeNode? = nil) throws -> String {
    try (node ?? xpathDocument.documentNode).xpath(expression, namespaces: ["x": "urn:x"]).string
}

@Suite("XPath 1.0: location paths")
struct XPathPathTests {
    let chapter1 = try! #require(xpathDocument.root?.firstChild(named: "chapter"))

    @Test("the recommendation's abbreviated examples (2.5)")
    func abbreviated() throws {
        #expect(try names("para", at: chapter1) == ["para", "para"])
        #expect(try names("*", at: chapter1) == ["title", "para", "para"])
        #expect(try names("text()", at: chapter1.firstChild(named: "title")) == ["text:One"])
        #expect(try names("@id", at: chapter1) == ["@id=c1"])
        #expect(try names("@*", at: xpathDocument.root!.children(named: "chapter")[1]) == ["@id=c2", "@xml:lang=de-CH"])
        #expect(try names("para[1]", at: chapter1).count == 1)
        #expect(try value("para[last()]", at: chapter1) == "p2")
        #expect(try names("*/para", at: xpathDocument.root) == ["para", "para", "para"])
        #expect(try value("/doc/chapter[2]/title") == "Two")
        #expect(try names("chapter//para", at: xpathDocument.root).count == 3)
        #expect(try names("//para").count == 3)
        #expect(try names(".", at: chapter1) == ["chapter#c1"])
        #expect(try names(".//para", at: chapter1).count == 2)
        #expect(try names("..", at: chapter1) == ["doc"])
        #expect(try value("../@xml:lang", at: chapter1) == "en")
        #expect(try value("para[@type='warning']", at: chapter1) == "p1")
        #expect(try names("para[@type='warning'][2]", at: chapter1).isEmpty)
        #expect(try names("chapter[title='Two']", at: xpathDocument.root) == ["chapter#c2"])
        #expect(try names("chapter[title]", at: xpathDocument.root) == ["chapter#c1", "chapter#c2"])
        #expect(try names("/") == ["/"])
        #expect(try names("//x:note") == ["x:note"])
        #expect(try names("//x:*/@x:*") == ["@x:level=2"])
        #expect(try names("/doc/comment() | /doc/processing-instruction('pi') | /doc/processing-instruction('no')") == ["comment", "pi:pi"])
    }

    @Test("all thirteen axes, reverse axes counting from the nearest")
    func axes() throws {
        let note = try #require(xpathDocument.documentNode.find("doc/chapter[1]/note"))
        #expect(try names("ancestor::*", at: note) == ["doc", "chapter#c2"])
        #expect(try names("ancestor::*[1]", at: note) == ["chapter#c2"])
        #expect(try names("ancestor-or-self::*[1]", at: note) == ["x:note"])
        #expect(try names("preceding-sibling::*", at: note) == ["title", "para"])
        #expect(try names("preceding-sibling::*[1]", at: note) == ["para"])
        #expect(try names("following-sibling::*", at: chapter1) == ["chapter#c2", "item", "item", "item"])
        #expect(try names("following::para", at: chapter1) == ["para"])
        #expect(try names("preceding::para", at: note) == ["para", "para", "para"])
        #expect(try names("preceding::*[1]", at: note) == ["para"])
        #expect(try names("descendant::text()", at: chapter1) == ["text:One", "text:p1", "text:p2"])
        #expect(try names("descendant-or-self::chapter", at: chapter1) == ["chapter#c1"])
        #expect(try names("self::chapter", at: chapter1) == ["chapter#c1"])
        #expect(try names("self::para", at: chapter1).isEmpty)
        #expect(try names("child::node()", at: note) == ["text:n"])
        #expect(try names("parent::*", at: note) == ["chapter#c2"])
        #expect(try names("namespace::*", at: note).sorted() == ["ns:x", "ns:xml"])
        #expect(try names("attribute::*/parent::*", at: note) == ["x:note"])
        #expect(try names("@x:level/following::text()", at: note) == ["text:n"])
    }
}

@Suite("XPath 1.0: expressions and the function library")
struct XPathFunctionTests {
    @Test("numbers, operators and their string forms")
    func arithmetic() throws {
        #expect(try value("1 + 2 * 3") == "7")
        #expect(try value("7 mod 3") == "1")
        #expect(try value("-7 mod 3") == "-1")
        #expect(try value("5 div 2") == "2.5")
        #expect(try value("1 div 0") == "Infinity")
        #expect(try value("-1 div 0") == "-Infinity")
        #expect(try value("0 div 0") == "NaN")
        #expect(try value("1 div 3") == "0.3333333333333333")
        #expect(try value("0.0000001") == "0.0000001")
        #expect(try value("100000000000000000000") == "100000000000000000000")
        #expect(try value("- - 2") == "2")
        #expect(try value("2*3") == "6")
        #expect(try value("count(//item)*2") == "6")
    }

    @Test("comparisons between node-sets, numbers, strings and booleans (3.4)")
    func comparisons() throws {
        #expect(try value("//item/@n = 10") == "true")
        #expect(try value("//item/@n > 9") == "true")
        #expect(try value("//item/@n != 1") == "true")
        #expect(try value("//item/@n = '10'") == "true")
        #expect(try value("//item/@n < //item/@n") == "true")
        #expect(try value("//para = //title") == "false")
        #expect(try value("//nothing = 'x'") == "false")
        #expect(try value("//nothing != 'x'") == "false")
        #expect(try value("//item = true()") == "true")
        #expect(try value("'1' = 1") == "true")
        #expect(try value("true() = 2") == "true")
        #expect(try value("'abc' < 'b'") == "false")
        #expect(try value("1 < 2 and 2 < 3 or false()") == "true")
    }

    @Test("all 27 core functions")
    func library() throws {
        let chapter2 = try #require(xpathDocument.root?.children(named: "chapter").last)
        #expect(try value("count(//chapter)") == "2")
        #expect(try value("//chapter[last()]/@id") == "c2")
        #expect(try value("//item[position() = 2]/@n") == "2")
        #expect(try value("local-name(//x:note)") == "note")
        #expect(try value("namespace-uri(//x:note)") == "urn:x")
        #expect(try value("name(//x:note)") == "x:note")
        #expect(try value("name()") == "")
        #expect(try value("string(//title)") == "One")
        #expect(try value("string(12)") == "12")
        #expect(try value("concat('a', 1, true())") == "a1true")
        #expect(try value("starts-with('XMLStack', 'XML')") == "true")
        #expect(try value("contains('XMLStack', 'Sta')") == "true")
        #expect(try value("substring-before('1999/04/01', '/')") == "1999")
        #expect(try value("substring-after('1999/04/01', '/')") == "04/01")
        #expect(try value("substring('12345', 2, 3)") == "234")
        #expect(try value("substring('12345', 2)") == "2345")
        #expect(try value("substring('12345', 1.5, 2.6)") == "234")
        #expect(try value("substring('12345', 0, 3)") == "12")
        #expect(try value("substring('12345', 0 div 0, 3)") == "")
        #expect(try value("substring('12345', 1, 0 div 0)") == "")
        #expect(try value("substring('12345', -42, 1 div 0)") == "12345")
        #expect(try value("substring('12345', -1 div 0, 1 div 0)") == "")
        #expect(try value("string-length('Köln')") == "4")
        #expect(try value("string-length()", at: chapter2) == "6")
        #expect(try value("normalize-space('  a \n\t b  ')") == "a b")
        #expect(try value("translate('bar', 'abc', 'ABC')") == "BAr")
        #expect(try value("translate('--aaa--', 'abc-', 'ABC')") == "AAA")
        #expect(try value("boolean(//nothing)") == "false")
        #expect(try value("not(0)") == "true")
        #expect(try value("true()") == "true" && value("false()") == "false")
        #expect(try value("lang('de')", at: chapter2) == "true")
        #expect(try value("lang('en')", at: chapter2) == "false")
        #expect(try value("lang('EN')", at: xpathDocument.root) == "true")
        #expect(try value("number('  12.5 ')") == "12.5")
        #expect(try value("number('12abc')") == "NaN")
        #expect(try value("sum(//item/@n)") == "13")
        #expect(try value("floor(-1.5)") == "-2")
        #expect(try value("ceiling(1.2)") == "2")
        #expect(try value("round(2.5)") == "3")
        #expect(try value("round(-2.5)") == "-2")
        #expect(try value("id('c2')") == "")
        let withIDs = try XMLTreeDocument(string: "<r><a xml:id='one'>1</a><b xml:id='two'>2</b></r>")
        #expect(try withIDs.documentNode.xpath("id('two one')").nodes.map(\.stringValue) == ["1", "2"])
    }

    @Test("hostile expressions are errors, not stack overflows")
    func hostile() throws {
        for expression in [
            String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000),
            String(repeating: "-", count: 10_000) + "1",
            Array(repeating: "1", count: 5_000).joined(separator: "+"),
            String(repeating: "a[", count: 3_000) + "1" + String(repeating: "]", count: 3_000),
        ] {
            #expect(throws: XPathError.self) { try XPathExpression(expression) }
        }
        let huge = "1" + String(repeating: "0", count: 300)
        #expect(try value("substring('abc', \(huge), \(huge))") == "")
        #expect(try value("substring('abc', -\(huge), 1 div 0)") == "abc")
        #expect(try value("round(\(huge))") == huge)
        #expect(try value("string(-1000000000000000000)") == "-1000000000000000000")
        #expect(throws: XPathError.self) { try XPathExpression("1e308") }
    }

    @Test("cases a review found: exact rounding, namespace nodes in unions, many PI targets")
    func reviewCases() throws {
        #expect(try value("round(4503599627370497)") == "4503599627370497")
        #expect(try value("round(0.49999999999999994)") == "0")
        let namespaced = try XMLTreeDocument(string: "<r xmlns:Aa='u' xmlns:BB='v'/>")
        #expect(try namespaced.documentNode.xpath("count(/r/namespace::* | /r/namespace::*)").number == 3)
        let targets = (1...300).map { "<?p\($0)?>" }.joined()
        let many = try XMLTreeDocument(string: "<r>\(targets)<a/><b/></r>")
        #expect(many.root.map { Array($0.children).count } == 302)
    }

    @Test("variables, and one compiled expression used on several documents")
    func variablesAndReuse() throws {
        let expression = try XPathExpression("//item[@n = $n]/@n")
        #expect(try expression.evaluate(at: xpathDocument.documentNode, variables: ["n": .number(2)]).string == "2")
        let other = try XMLTreeDocument(string: "<r><item n='2'/><item n='3'/></r>")
        #expect(try expression.evaluate(at: other.documentNode, variables: ["n": .string("3")]).string == "3")
        #expect(throws: XPathError.self) { try expression.evaluate(at: other.documentNode) }
    }

    @Test("malformed expressions and undeclared prefixes throw with their column, never crash",
        arguments: [
            ("//para[", 8), ("foo(", 1), ("unknown()", 1), ("//y:item", 3), ("1 +", 4), ("@", 2), ("'abc", 1),
            ("count()", 1), ("//para]", 7), ("1 2", 3), ("child::", 8), ("bogus::para", 1), ("a/", 3), ("!", 1),
            ("$", 1), ("1 | 2", 3), ("string(1)[1]", 1), ("concat('a')", 1),
        ])
    func errors(_ expression: String, _ column: Int) {
        do {
            _ = try xpathDocument.documentNode.xpath(expression, namespaces: ["x": "urn:x"])
            Issue.record("\(expression) did not throw")
        } catch {
            #expect(error.column == column, "\(expression): \(error)")
        }
    }
}
