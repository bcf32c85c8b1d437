import Foundation
import Testing
import XMLCoding

@Suite("sortsKeys: a dictionary's entries in code-point order, a struct's in its own")
struct SortedKeysTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    struct Project: Codable, Equatable {
        var version: String
        var properties: [String: String]
        var attributes: [String: Int]
        var counts: [String: [Int]]
        var build: String
    }

    @Test("elements and attributes of dictionaries are sorted, an array's items keep their order, struct keys are not sorted")
    func sorted() throws {
        let keys = ["zeta", "alpha", "Beta", "é", "m.n", "a_b", "a", "ea"]
        let project = Project(
            version: "1", properties: Dictionary(uniqueKeysWithValues: keys.map { ($0, $0.uppercased()) }),
            attributes: ["z": 1, "y": 2, "a": 3], counts: ["b": [3, 1, 2], "a": [9, 8]], build: "b")
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.sortsKeys = true
        encoder.nodePlacement = { path in path.count == 2 && path[0].stringValue == "attributes" ? .attribute : .element }
        let data = try encoder.encode(project, withRootKey: "project")
        #expect(string(data)
            == "<project><version>1</version><properties><Beta>BETA</Beta><a>A</a><a_b>A_B</a_b><alpha>ALPHA</alpha>"
            + "<ea>EA</ea><m.n>M.N</m.n><zeta>ZETA</zeta><é>É</é></properties>"
            + #"<attributes a="3" y="2" z="1"/><counts><a>9</a><a>8</a><b>3</b><b>1</b><b>2</b></counts><build>b</build></project>"#)
        #expect(try XMLDecoder().decode(Project.self, from: data) == project)
    }

    enum Setting: Codable, Equatable, XMLChoice {
        case values([String: Int])
    }

    @Test("a dictionary written into its parent's element (a choice's case value) sorts only its own entries")
    func sortedInPlace() throws {
        struct Holder: Encodable {
            var dictionary: [String: Int]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: XMLKeyName.self)
                try container.encode("first", forKey: XMLKeyName("z"))
                // The dictionary under the text key: its entries go into this element.
                try container.encode(dictionary, forKey: XMLKeyName(""))
            }
        }
        struct XMLKeyName: CodingKey {
            var stringValue: String
            init(_ string: String) { stringValue = string }
            init?(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.sortsKeys = true
        #expect(string(try encoder.encode(Holder(dictionary: ["c": 1, "b": 2, "a": 3]), withRootKey: "h"))
            == "<h><z>first</z><a>3</a><b>2</b><c>1</c></h>")
        #expect(string(try encoder.encode([Setting.values(["y": 1, "x": 2])], withRootKey: "s"))
            == "<s><values><x>2</x><y>1</y></values></s>")
    }
}
