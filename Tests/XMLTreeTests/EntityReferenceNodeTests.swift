import Foundation
import Testing
import XMLStreaming
import XMLTestSupport
import XMLTree

/// A reference the parser could not expand (an XHTML page's `&nbsp;`, DocBook's `&mdash;`:
/// declared in an external DTD, never read) is a node of the tree, and writing the tree
/// gives it back: `xmllint --format`'s output, byte for byte.
@Suite("Entity references the parser could not expand, in the tree")
struct EntityReferenceNodeTests {
    /// xmllint writes an XHTML document's empty elements as `<meta … />`; the tree's writer
    /// writes `<meta …/>`, as it writes every document.
    private func withoutXHTMLSpace(_ text: String) -> String { text.replacingOccurrences(of: " />", with: "/>") }

    @Test("Each reference is a node with its entity's name and the position of its &")
    func nodes() throws {
        let document = try XMLTreeDocument(contentsOf: fixture("book.xml"))
        let references = document.root!.descendants.filter { $0.kind == .entityReference }
        #expect(references.map { $0.entityName ?? "" } == ["mdash", "nbsp", "copy", "trade", "nbsp", "euro", "ndash", "hellip"])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture("book.xml"))))
        let ampersand = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("&mdash;".utf8)) })
        #expect(references.first?.entityPosition == XMLPosition(line: 5, column: 20, byteOffset: Int64(ampersand)))
        // XPath reads it as part of the text around it: the title's one text node.
        #expect(references.first?.description == "entity reference &mdash; at /article[1]/articleinfo[1]/title[1]/text()[1]")
        // The text around a reference is text as before; the reference reads as written.
        let holder = try #require(document.root?.descendants.first { $0.name?.localName == "holder" })
        #expect(holder.children.map(\.kind) == [.text, .entityReference, .text])
        #expect(holder.children.map(\.text) == ["ACME", "&nbsp;", "Corp."])
    }

    @Test("Writing the tree indented gives xmllint --format's output, byte for byte (DocBook)")
    func docBookFormat() throws {
        let document = try XMLTreeDocument(contentsOf: fixture("book.xml"))
        let expected = try String(contentsOfFile: fixture("book.xmllint-format.xml"), encoding: .utf8)
        #expect(try document.xmlString(indentation: "  ") == expected)
    }

    @Test("XHTML: the issue's paragraph, a lone &nbsp; cell and a reference among elements are kept as written")
    func xhtmlFormat() throws {
        let document = try XMLTreeDocument(contentsOf: fixture("page.xhtml"))
        let expected = try String(contentsOfFile: fixture("page.xmllint-format.xhtml"), encoding: .utf8)
        let written = try document.xmlString(indentation: "  ")
        #expect(written == withoutXHTMLSpace(expected))
        #expect(written.contains("<p>Price:&nbsp;10&nbsp;&euro; &mdash; &copy;&nbsp;ACME</p>"))
        #expect(written.contains("<td>&nbsp;</td>"))
        // What is written reads back with the same references.
        let again = try XMLTreeDocument(string: written)
        #expect(again.root!.descendants.filter { $0.kind == .entityReference }.count == 10)
    }

    @Test("A node's XML keeps its references, read in its document's context")
    func fragment() throws {
        let document = try XMLTreeDocument(contentsOf: fixture("page.xhtml"))
        let paragraph = try #require(document.root?.descendants.first { $0.name?.localName == "p" })
        #expect(paragraph.xmlString == #"<p xmlns="http://www.w3.org/1999/xhtml">Price:&nbsp;10&nbsp;&euro; &mdash; &copy;&nbsp;ACME</p>"#)
    }

    @Test("Canonical XML fails, naming the entity and where it is, rather than leave it out")
    func canonicalFails() throws {
        let document = try XMLTreeDocument(contentsOf: fixture("page.xhtml"))
        let error = try #require(throws: XMLTreeError.self) { try document.canonicalized() }
        #expect(error.code == .unexpandedEntity)
        #expect(error.position?.line == 5 && error.position?.column == 13)
        #expect(error.message.hasPrefix("entity &ndash; is not expanded"))
        // James Clark's form writes the reference as it stands.
        let clark = String(decoding: document.canonicalForm(), as: UTF8.self)
        #expect(clark.contains("Price:&nbsp;10&nbsp;&euro; &mdash; &copy;&nbsp;ACME"))
    }

    @Test("Text and string values read a reference as &name;, or as a policy says; throw names it and its place")
    func textPolicies() throws {
        let document = try XMLTreeDocument(contentsOf: fixture("book.xml"))
        let holder = try #require(document.root?.descendants.first { $0.name?.localName == "holder" })
        #expect(holder.text == "ACME&nbsp;Corp.")
        #expect(holder.stringValue == "ACME&nbsp;Corp.")
        #expect(try holder.text(unexpandedEntities: .skip) == "ACMECorp.")
        #expect(try holder.stringValue(unexpandedEntities: .replace(.html)) == "ACME\u{A0}Corp.")
        let error = try #require(throws: XMLTreeError.self) { try holder.parent!.stringValue(unexpandedEntities: .throw) }
        #expect(error.code == .unexpandedEntity)
        #expect(error.description.hasSuffix("book.xml:6:45: error: entity &nbsp; is not expanded: it may be declared in the external DTD, which is never read"))
    }

    @Test("XPath: a string value that needs a reference fails by default, naming it; keep, skip and replace")
    func xpathStringValues() throws {
        let document = try XMLTreeDocument(contentsOf: fixture("page.xhtml"))
        let root = document.documentNode
        let paragraph = "string(//*[local-name()='p'])"
        let error = try #require(throws: XPathError.self) { try root.xpath(paragraph) }
        #expect(error.code == .unexpandedEntity)
        #expect(error.unexpandedEntity?.position?.line == 10)
        #expect(error.unexpandedEntity?.fileName?.hasSuffix("page.xhtml") == true)
        #expect(error.message.hasPrefix("the string value needs entity &nbsp; is not expanded"))
        func value(_ policy: XMLUnexpandedEntityPolicy, _ expression: String = paragraph) throws -> XPathValue {
            try XPathExpression(expression).evaluate(at: root, options: XPathExpression.Options(unexpandedEntities: policy))
        }
        #expect(try value(.keep).string == "Price:&nbsp;10&nbsp;&euro; &mdash; &copy;&nbsp;ACME")
        #expect(try value(.skip).string == "Price:10  ACME")  // xmllint's and lxml's value
        #expect(try value(.replace(.html)).string == "Price:\u{A0}10\u{A0}€ — ©\u{A0}ACME")
        // Comparisons and functions read string values the same way.
        #expect(try value(.skip, "//*[local-name()='p'] = 'Price:10  ACME'").boolean)
        #expect(throws: XPathError.self) { try root.xpath("//*[local-name()='p'] = 'x'") }
        #expect(try value(.replace(.html), "contains(//*[local-name()='p'], '€')").boolean)
        // Values that need no reference are unaffected, and node-sets print as XML.
        #expect(try root.xpath("count(//*[local-name()='p'])").number == 1)
        #expect(try root.xpath("string(//*[local-name()='h1'])").string == "Widget")
        // A cell holding only a reference has one text node.
        #expect(try root.xpath("count((//*[local-name()='td'])[1]/text())").number == 1)
    }

    @Test("Canonical forms: keep writes &name;, skip leaves it out, replace writes the character")
    func canonicalPolicies() throws {
        let document = try XMLTreeDocument(contentsOf: fixture("page.xhtml"))
        func c14n(_ policy: XMLUnexpandedEntityPolicy) throws -> String {
            String(decoding: try document.canonicalized(XMLCanonicalization(unexpandedEntities: policy)), as: UTF8.self)
        }
        #expect(try c14n(.keep).contains("<p>Price:&nbsp;10&nbsp;&euro; &mdash; &copy;&nbsp;ACME</p>"))
        #expect(try c14n(.skip).contains("<p>Price:10  ACME</p>"))
        #expect(try c14n(.replace(.html)).contains("<p>Price:\u{A0}10\u{A0}€ — ©\u{A0}ACME</p>"))
        let unqualified = try XMLTreeDocument(
            contentsOf: fixture("page.xhtml"),
            options: XMLTreeDocument.Options(parserOptions: XMLParserOptions(processesNamespaces: false)))
        let clark = String(decoding: try unqualified.canonicalForm(unexpandedEntities: .skip), as: UTF8.self)
        #expect(clark.contains("<p>Price:10  ACME</p>"))
        let error = try #require(throws: XMLTreeError.self) { try unqualified.canonicalForm(unexpandedEntities: .throw) }
        #expect(error.position?.line == 5)
    }

    @Test("A policy in the parser's options expands references before the tree sees them")
    func parserPolicy() throws {
        let options = XMLTreeDocument.Options(parserOptions: XMLParserOptions(unexpandedEntities: .replace(.html)))
        let document = try XMLTreeDocument(contentsOf: fixture("page.xhtml"), options: options)
        #expect(!document.allNodes.contains { $0.kind == .entityReference })
        #expect(try document.documentNode.xpath("string(//*[local-name()='p'])").string == "Price:\u{A0}10\u{A0}€ — ©\u{A0}ACME")
    }

    @Test("A reference in an attribute value stops the tree by default; the subtree stream keeps references")
    func attributeAndSubtrees() throws {
        let xml = #"<!DOCTYPE p SYSTEM "p.dtd"><p title="Buy&nbsp;now">&nbsp;</p>"#
        let error = try #require(throws: XMLParseError.self) { try XMLTreeDocument(string: xml) }
        #expect(error.code == .unexpandedEntity && error.position.column == 41)
        let skipping = XMLTreeDocument.Options(parserOptions: XMLParserOptions(unexpandedEntities: .skip))
        #expect(try XMLTreeDocument(string: xml, options: skipping).root?["title"] == "Buynow")

        var texts: [String] = []
        try XMLSubtreeStream.forEach("article/section/para", contentsOf: fixture("book.xml")) { texts.append($0.text) }
        #expect(texts.contains { $0.contains("&euro;") })
    }
}
