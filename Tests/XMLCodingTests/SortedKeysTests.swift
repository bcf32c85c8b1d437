import Foundation
import Testing
import OrderedCollections
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

@Suite("OrderedDictionary: a map in its own order")
struct OrderedMapTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    struct Properties: Codable, Equatable {
        var properties: OrderedDictionary<String, String>
        var counts: OrderedDictionary<String, [Int]>
    }

    @Test("written in insertion order (sortsKeys leaves it so), read in document order, keys as written under a key strategy")
    func order() throws {
        let value = Properties(
            properties: ["zeta": "1", "alpha": "2", "mid_key": "3"], counts: ["b": [1, 2], "a": [3]])
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.sortsKeys = true
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(value, withRootKey: "p")
        #expect(string(data)
            == "<p><properties><zeta>1</zeta><alpha>2</alpha><mid_key>3</mid_key></properties><counts><b>1</b><b>2</b><a>3</a></counts></p>")
        let decoder = XMLDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let read = try decoder.decode(Properties.self, from: data)
        #expect(read == value)
        #expect(Array(read.properties.keys) == ["zeta", "alpha", "mid_key"])
        // As entries, keys that are no XML names.
        struct Tags: Codable, Equatable, XMLMapLayouts {
            var tags: OrderedDictionary<String, String>
            static func mapLayout(for key: any CodingKey) -> XMLMapLayout { .entries() }
        }
        let tags = Tags(tags: ["z z": "1", "a a": "2"])
        let tagData = try encoder.encode(tags, withRootKey: "t")
        #expect(string(tagData) == "<t><tags><entry><key>z z</key><value>1</value></entry><entry><key>a a</key><value>2</value></entry></tags></t>")
        #expect(try XMLDecoder().decode(Tags.self, from: tagData) == tags)
        // A top-level ordered map.
        let top: OrderedDictionary<String, Int> = ["y": 1, "x": 2]
        #expect(string(try encoder.encode(top, withRootKey: "m")) == "<m><y>1</y><x>2</x></m>")
        #expect(try XMLDecoder().decode(OrderedDictionary<String, Int>.self, from: Array("<m><y>1</y><x>2</x></m>".utf8)) == top)
    }
}
