import Testing
import XMLTree

/// The book's users document, listing 8.13 (section 8.3.1), on which section 8.3.4's
/// XPath examples (tables 8.10, 8.11, 8.12, 8.13 and listing 8.39) are evaluated.
let usersDocument = try! XMLTreeDocument(string: """
    <?xml version="1.0" encoding="UTF-8"?>
    <users>
    <user id="1">
    <name>Spiro</name><job>Kellner</job>
    </user>
    <user id="2">
    <name>Tuttle</name><job>Klempner</job>
    </user>
    <user id="10">
    <name>Lowry</name><job>Verwaltungsangestellter</job>
    </user>
    </users>
    """)

/// `user#2` for a user, `name"Spiro"` for a name or job, `root` for the document node,
/// `@id="1"` for an attribute, the text itself (debug-quoted) for text.
func describe(_ node: XPathNode) -> String {
    switch node {
    case .node(let n):
        switch n.kind {
        case .document: return "root"
        case .element:
            let name = n.name!.qualifiedName
            if let id = n["id"] { return "\(name)#\(id)" }
            if name == "name" || name == "job" { return "\(name)\(n.text.debugDescription)" }
            return name
        default: return n.text.debugDescription
        }
    case .attribute: return "@\(node.qualifiedName)=\(node.stringValue.debugDescription)"
    case .namespace: return "ns:\(node.localName)"
    }
}

@Suite("The book's XPath examples (8.3.4) on the users document (listing 8.13)")
struct BookXPathTests {
    static let vectors: [(String, [String])] = [
        // Listing 8.39 and the running text.
        ("/users/user[1]/@id", ["@id=\"1\""]),
        ("/users/user[2]/following-sibling::*", ["user#10"]),
        ("/users/user[2]/following::*", ["user#10", "name\"Lowry\"", "job\"Verwaltungsangestellter\""]),
        // Table 8.10: selecting nodes (its placeholders taken literally select nothing).
        ("/", ["root"]),
        (".", ["root"]),
        ("..", []),
        ("Elementname", []),
        ("@Attributname", []),
        ("node()", ["users"]),
        ("*", ["users"]),
        ("text()", []),
        ("@*", []),
        ("Ausdruck1 | Ausdruck2", []),
        // Table 8.11: path expressions.
        ("//type", []),
        ("street/text()", []),
        ("//job | //name", ["name\"Spiro\"", "job\"Kellner\"", "name\"Tuttle\"", "job\"Klempner\"", "name\"Lowry\"", "job\"Verwaltungsangestellter\""]),
        ("/users/node()", ["\"\\n\"", "user#1", "\"\\n\"", "user#2", "\"\\n\"", "user#10", "\"\\n\""]),
        ("users/*/street", []),
        ("//*", ["users", "user#1", "name\"Spiro\"", "job\"Kellner\"", "user#2", "name\"Tuttle\"", "job\"Klempner\"", "user#10", "name\"Lowry\"", "job\"Verwaltungsangestellter\""]),
        ("address/@id", []),
        ("/users/*/@*", ["@id=\"1\"", "@id=\"2\"", "@id=\"10\""]),
        // Table 8.13: predicates.
        ("/users/user[2]", ["user#2"]),
        ("/users/user[last()]", ["user#10"]),
        ("/users/user[last()-1]", ["user#2"]),
        ("//user[position() > 3]", []),
        ("//user[@id]", ["user#1", "user#2", "user#10"]),
        ("/root/*/*[@*]", []),
        ("//user[not(@id = 3)]", ["user#1", "user#2", "user#10"]),
        ("//user[@id = 3 or @id = 7]", []),
        ("//user[@id > 3 and @id < 7]", []),
        ("//br[not(node())]", []),
        ("//*[not(@id)]/..", ["root", "user#1", "user#2", "user#10"]),
        ("/root/sub[2]//entry", []),
        ("//text()[. = 'Lowry']/ancestor::*", ["users", "user#10", "name\"Lowry\""]),
    ]

    @Test("each example gives its node-set in document order", arguments: vectors)
    func example(_ expression: String, _ expected: [String]) throws {
        let nodes = try usersDocument.documentNode.nodes(forXPath: expression)
        #expect(nodes.map(describe) == expected, "\(expression)")
    }

    @Test("string values the book's examples imply")
    func strings() throws {
        #expect(try usersDocument.documentNode.xpath("string(/users/user[1]/@id)").string == "1")
        #expect(try usersDocument.documentNode.xpath("string(/)").string
            == "\n\nSpiroKellner\n\n\nTuttleKlempner\n\n\nLowryVerwaltungsangestellter\n\n")
        #expect(try usersDocument.documentNode.xpath("count(//*[not(@id)]/..)").number == 4)
    }

    @Test("what the book shows as invalid is an error with its column, not a crash", arguments: [
        ("//", 3), ("/users/user[last()1]", 19), ("not @id = 3", 5), ("//user[not @id = 3]", 12),
        ("/users/user[2]/preceeding::*", 16), ("/users/user[2]/preceeding-sibling::*", 16),
    ])
    func invalid(_ expression: String, _ column: Int) {
        do {
            _ = try usersDocument.documentNode.xpath(expression)
            Issue.record("\(expression) did not throw")
        } catch {
            #expect(error.column == column, "\(expression): \(error)")
        }
    }
}
