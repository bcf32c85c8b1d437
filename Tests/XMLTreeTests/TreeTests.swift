import Foundation
import Testing
import XMLStreaming
import XMLTestSupport
import XMLTree

func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!.path
}

/// The tree as one line per node, indented by depth: two trees with equal outlines hold the
/// same nodes in the same order.
func outline(_ node: XMLTreeNode, depth: Int = 0) -> [String] {
    let pad = String(repeating: " ", count: depth * 2)
    var line: String
    switch node.kind {
    case .document: line = "document"
    case .element:
        let name = node.name!
        line = "<\(name.qualifiedName)\(name.namespaceURI.map { " {\($0)}" } ?? "")"
        for attribute in node.attributes {
            line += " \(attribute.name.qualifiedName)\(attribute.name.namespaceURI.map { "{\($0)}" } ?? "")=\(attribute.value.debugDescription)"
        }
        line += ">"
    case .text: line = "text \(node.text.debugDescription)"
    case .cdata: line = "cdata \(node.text.debugDescription)"
    case .comment: line = "comment \(node.text.debugDescription)"
    case .processingInstruction: line = "pi \(node.target!) \(node.text.debugDescription)"
    case .entityReference: line = "&\(node.entityName!);"
    }
    return [pad + line] + node.children.flatMap { outline($0, depth: depth + 1) }
}

@Suite("The document tree")
struct TreeTests {
    @Test("the book's sample: elements, attributes, text in document order, with every link")
    func sample() throws {
        let document = try XMLTreeDocument(contentsOf: fixture("schedule.xml"))
        let root = try #require(document.root)
        #expect(root.name?.qualifiedName == "schedule")
        #expect(root.parent == document.documentNode)
        #expect(root.childElements.map { $0.name!.localName } == ["teams", "sites"])
        let contact = try #require(document.documentNode.find("schedule/teams/team/contact"))
        #expect(contact.attributes.map(\.name.localName) == ["phone", "isHead"])
        #expect(contact["phone"] == "+49 163 1234567" && contact["isHead"] == "YES")
        #expect(contact.text == "Hr. Meier")
        let team = try #require(contact.parent)
        #expect(team["code"] == "100")
        #expect(team.firstChild?.kind == .text && team.firstChild?.text == "\n")
        #expect(team.firstChild(named: "name")?.nextSibling(named: "contact") == contact)
        #expect(contact.previousSibling?.previousSibling?.hasName("name") == true)
        #expect(team.lastChild?.previousSibling == contact)
        #expect(document.documentNode.find("schedule/sites/site/activities/activity")?.stringValue == "\nStabilisierungsarbeiten")
        #expect(team.stringValue == "\nBetonbauer\nHr. Meier\n")
        #expect(root.descendants.filter(\.isElement).count == 12)
    }

    @Test("children keep document order across names (XMLTreeParser's dictionary lost it)")
    func order() throws {
        let document = try XMLTreeDocument(string: "<r><b/><a/><b>2</b>text<!--c--><?p d?><a/></r>")
        let root = try #require(document.root)
        #expect(root.children.map { $0.localName ?? "#\($0.kind)" } == ["b", "a", "b", "#text", "#comment", "p", "a"])
        #expect(root.children(named: "b").map(\.text) == ["", "2"])
        #expect(root.childText(named: "b") == "")
        #expect(root.firstChild(named: "b")?.nextSibling(named: "b")?.text == "2")
    }

    @Test("white space is data unless dropped on request; CDATA, comments and PIs are nodes")
    func whitespace() throws {
        let xml = "<?top x?><r>\n  <a> x </a>\n  <![CDATA[<c>]]>\n</r><!--end-->"
        let kept = try XMLTreeDocument(string: xml)
        #expect(outline(kept.documentNode) == [
            "document", "  pi top \"x\"", "  <r>", "    text \"\\n  \"", "    <a>", "      text \" x \"",
            "    text \"\\n  \"", "    cdata \"<c>\"", "    text \"\\n\"", "  comment \"end\"",
        ])
        let dropped = try XMLTreeDocument(string: xml, options: .init(dropsWhitespaceText: true))
        #expect(outline(dropped.documentNode) == [
            "document", "  pi top \"x\"", "  <r>", "    <a>", "      text \" x \"", "    cdata \"<c>\"", "  comment \"end\"",
        ])
    }

    @Test("namespaces: names carry URIs and prefixes")
    func namespaces() throws {
        let document = try XMLTreeDocument(
            string: "<f:feed xmlns:f=\"urn:f\" xmlns=\"urn:d\"><entry f:id=\"1\"/></f:feed>")
        let entry = try #require(document.root?.firstChild(named: "entry"))
        #expect(entry.name == XMLTreeName(localName: "entry", namespaceURI: "urn:d"))
        #expect(entry.attribute(localName: "id", namespace: "urn:f") == "1")
        #expect(entry["f:id"] == "1")
        #expect(document.root?.name?.qualifiedName == "f:feed")
    }

    @Test("any input the parser takes: a file, bytes, a descriptor, chunks arriving asynchronously")
    func inputs() async throws {
        let path = fixture("schedule.xml")
        let expected = outline(try XMLTreeDocument(contentsOf: path).documentNode)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(outline(try XMLTreeDocument(bytes: bytes).documentNode) == expected)
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        #expect(outline(try XMLTreeDocument(fileDescriptor: fd, name: path).documentNode) == expected)
        let chunks = AsyncStream<[UInt8]> { continuation in
            for piece in stride(from: 0, to: bytes.count, by: 7) { continuation.yield(Array(bytes[piece..<min(piece + 7, bytes.count)])) }
            continuation.finish()
        }
        #expect(outline(try await XMLTreeDocument(chunks: chunks).documentNode) == expected)
    }

    @Test("a tree is a Sendable value: read from other tasks")
    func sendable() async throws {
        let document = try XMLTreeDocument(contentsOf: fixture("schedule.xml"))
        let codes = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<4 { group.addTask { document.documentNode.findAttribute("schedule/sites/site.code") } }
            var codes: [String?] = []
            for await code in group { codes.append(code) }
            return codes
        }
        #expect(codes == Array(repeating: "10001", count: 4))
    }
}

@Suite("XMLTreeParser's path queries")
struct PathTests {
    static let xml = """
        <doc><stuff><item value="value1"/><item value="value2"/><note>TEXT</note></stuff>
        <whatchacallit/><whatchacallit><thingamajig/><thingamajig/><thingamajig/>
        <thingamajig><doodad>0</doodad><doodad>1</doodad><doodad>2</doodad></thingamajig></whatchacallit></doc>
        """

    @Test("paths with 0-based indexes and an attribute pluck; nothing, not a crash, when a step fails")
    func paths() throws {
        let root = try #require(try XMLTreeDocument(string: Self.xml).root)
        #expect(root.find("stuff/item")?["value"] == "value1")
        #expect(root.find("stuff/item[1]")?["value"] == "value2")
        #expect(root.find("whatchacallit[1]/thingamajig[3]/doodad[2]")?.text == "2")
        #expect(root.findAttribute("stuff/item[1].value") == "value2")
        #expect(root.findAttribute("stuff/item.value") == "value1")
        #expect(root.find("stuff/note")?.text == "TEXT")
        for missing in ["stuff/item[2]", "nothing", "stuff/item[-1]", "stuff/item[x]", "whatchacallit[9]/thingamajig"] {
            #expect(root.find(missing) == nil, "\(missing)")
        }
        #expect(root.findAttribute("stuff/item[1].missing") == nil)
        #expect(root.findAttribute("stuff/item[1]") == nil)
        #expect(root.document.documentNode.find("doc/stuff/note")?.text == "TEXT")
    }
}
