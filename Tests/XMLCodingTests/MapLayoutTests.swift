import Foundation
import Testing
import XMLCoding
import XMLTestSupport

@Suite("Maps: dictionaries as key/value entries, wrapped or flattened, with their own names")
struct MapLayoutTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// An S3 bucket's tagging, and metadata as Smithy's default map shape.
    struct Tagging: Codable, Equatable, XMLMapLayouts {
        var tagSet: [String: String]
        var metadata: [String: Int]
        var flat: [String: String]
        enum CodingKeys: String, CodingKey { case tagSet = "TagSet", metadata = "Metadata", flat = "Flat" }
        static func mapLayout(for key: any CodingKey) -> XMLMapLayout {
            switch key.stringValue {
            case "TagSet": return .entries(entry: "Tag", key: "Key", value: "Value")
            case "Metadata": return .entries()
            default: return .flattenedEntries(key: "K", value: "V")
            }
        }
    }

    @Test("wrapped entries with their own names, Smithy's default names, flattened entries; keys that are no XML names")
    func layouts() throws {
        let xml = "<Tagging><TagSet><Tag><Key>team name</Key><Value>Zimmerei</Value></Tag><Tag><Key>&lt;site&gt;</Key><Value>10001</Value></Tag></TagSet>"
            + "<Metadata><entry><key>a b</key><value>1</value></entry></Metadata>"
            + "<Flat><K>x</K><V>1</V></Flat><Other/><Flat><K>y</K><V>2</V></Flat></Tagging>"
        let tagging = try XMLDecoder().decode(Tagging.self, from: Array(xml.utf8))
        #expect(tagging == Tagging(tagSet: ["team name": "Zimmerei", "<site>": "10001"], metadata: ["a b": 1], flat: ["x": "1", "y": "2"]))

        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.sortsKeys = true
        let data = try encoder.encode(tagging, withRootKey: "Tagging")
        #expect(string(data)
            == "<Tagging><TagSet><Tag><Key>&lt;site&gt;</Key><Value>10001</Value></Tag><Tag><Key>team name</Key><Value>Zimmerei</Value></Tag></TagSet>"
            + "<Metadata><entry><key>a b</key><value>1</value></entry></Metadata>"
            + "<Flat><K>x</K><V>1</V></Flat><Flat><K>y</K><V>2</V></Flat></Tagging>")
        #expect(try XMLDecoder().decode(Tagging.self, from: data) == tagging)

        // Empty maps: a wrapper with no entries, no flattened entries at all; absent wrappers read as empty.
        let empty = Tagging(tagSet: [:], metadata: [:], flat: [:])
        let emptyData = try encoder.encode(empty, withRootKey: "Tagging")
        #expect(string(emptyData) == "<Tagging><TagSet/><Metadata/></Tagging>")
        #expect(try XMLDecoder().decode(Tagging.self, from: emptyData) == empty)
        #expect(try XMLDecoder().decode(Tagging.self, from: Array("<Tagging/>".utf8)) == empty)
    }

    struct Settings: Codable, Equatable {
        var options: [String: Option?]
        struct Option: Codable, Equatable { var level: Int; var tags: [String] }
    }

    @Test("the coders' mapLayout closure; values that are structs, arrays and nil")
    func closureAndValues() throws {
        let value = Settings(options: ["b": Settings.Option(level: 2, tags: ["x", "y"]), "a": nil])
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.sortsKeys = true
        encoder.mapLayout = { path in path.last?.stringValue == "options" ? .entries(entry: "option", key: "name", value: "config") : .namedByKeys }
        let data = try encoder.encode(value, withRootKey: "settings")
        #expect(string(data)
            == #"<settings><options><option><name>a</name><config xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/></option>"#
            + "<option><name>b</name><config><level>2</level><tags>x</tags><tags>y</tags></config></option></options></settings>")
        let decoder = XMLDecoder()
        decoder.mapLayout = encoder.mapLayout
        #expect(try decoder.decode(Settings.self, from: data) == value)
    }

    @Test("an entry without a key, and a key written twice, are errors naming where")
    func errors() throws {
        struct Tags: Decodable, XMLMapLayouts {
            var tags: [String: String]
            static func mapLayout(for key: any CodingKey) -> XMLMapLayout { .entries() }
        }
        #expect {
            try XMLDecoder().decode(Tags.self, from: Array("<t><tags><entry><value>1</value></entry></tags></t>".utf8))
        } throws: { error in "\(error)".contains("the map entry at line 1, column 10 has no <key>") }
        #expect {
            try XMLDecoder().decode(
                Tags.self, from: Array("<t><tags><entry><key>a</key></entry>\n<entry><key>a</key></entry></tags></t>".utf8))
        } throws: { error in "\(error)".contains(#"two entries for the key "a", at line 1, column 10 and line 2, column 1"#) }
        // A key with no value is no String.
        #expect {
            try XMLDecoder().decode(Tags.self, from: Array("<t><tags><entry><key>a</key></entry></tags></t>".utf8))
        } throws: { error in "\(error)".contains(#"the map entry for the key "a" at line 1, column 10 has no value"#) }
    }

    @Test("a map of n entries decodes and encodes in near-linear time")
    func scaling() throws {
        struct Big: Codable, XMLMapLayouts {
            var map: [String: Int]
            static func mapLayout(for key: any CodingKey) -> XMLMapLayout { .entries() }
        }
        func document(_ n: Int) -> [UInt8] {
            var xml = "<b><map>"
            for i in 0..<n { xml += "<entry><key>key \(i)</key><value>\(i)</value></entry>" }
            return Array((xml + "</map></b>").utf8)
        }
        #expect(try XMLDecoder().decode(Big.self, from: document(100)).map["key 99"] == 99)
        let decoding = try Scaling.measure(n: 10_000, prepare: document) { _ = try XMLDecoder().decode(Big.self, from: $0) }
        #expect(decoding.isNearLinear(), "\(decoding)")
        let encoder = XMLEncoder()
        encoder.sortsKeys = true
        let encoding = try Scaling.measure(n: 10_000, prepare: { n in Big(map: Dictionary(uniqueKeysWithValues: (0..<n).map { ("key \($0)", $0) })) }) {
            _ = try encoder.encode($0, withRootKey: "b")
        }
        #expect(encoding.isNearLinear(), "\(encoding)")
    }
}
