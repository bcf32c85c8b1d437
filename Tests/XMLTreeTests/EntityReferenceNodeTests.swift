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
        // The text around a reference is text as before; the reference has none of its own.
        let holder = try #require(document.root?.descendants.first { $0.name?.localName == "holder" })
        #expect(holder.children.map(\.kind) == [.text, .entityReference, .text])
        #expect(holder.children.map(\.text) == ["ACME", "", "Corp."])
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
}
