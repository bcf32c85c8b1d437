import Foundation
import Testing
import XMLCoding
import XMLStreaming
import XMLWriting

@Suite("Encoding values as XML")
struct EncodingTests {
    struct Activity: Codable, Equatable, XMLNodePlacing {
        var team: String
        var start: Date
        var summary: String

        enum CodingKeys: String, CodingKey {
            case team, start
            case summary = ""
        }

        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }

    struct Site: Codable, Equatable, XMLNodePlacing {
        var code: String
        var name: String
        var activity: [Activity]
        var note: String?

        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
            key.stringValue == "code" ? .attribute : .element
        }
    }

    static let start = Date(timeIntervalSince1970: 1_330_581_600)

    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test("keys become attributes or child elements, the text key the element's text, in the order encoded")
    func elementsAndAttributes() throws {
        let site = Site(
            code: "10001", name: "Kölner Dom",
            activity: [
                Activity(team: "100", start: Self.start, summary: "Gerüst <aufstellen>"),
                Activity(team: "101", start: Self.start, summary: "Dach & Turm"),
            ],
            note: nil)
        let data = try XMLEncoder().encode(site, withRootKey: "site")
        #expect(
            string(data)
                == #"<?xml version="1.0" encoding="UTF-8"?><site code="10001"><name>Kölner Dom</name>"#
                + #"<activity team="100" start="2012-03-01T06:00:00Z">Gerüst &lt;aufstellen&gt;</activity>"#
                + #"<activity team="101" start="2012-03-01T06:00:00Z">Dach &amp; Turm</activity></site>"#)
        #expect(try XMLDecoder().decode(Site.self, from: data) == site)
    }

    @Test("the root key defaults to the type's name, first letter lowercased; the declaration and indentation are options")
    func rootAndLayout() throws {
        struct Team: Codable, Equatable { var name: String }
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        #expect(string(try encoder.encode(Team(name: "Zimmerei"))) == "<team><name>Zimmerei</name></team>")
        encoder.writerOptions.indentation = "  "
        #expect(string(try encoder.encode([Team(name: "A")], withRootKey: "teams")) == "<teams>\n  <item>\n    <name>A</name>\n  </item>\n</teams>\n")
        #expect(throws: EncodingError.self) { try encoder.encode(Team(name: "x"), withRootKey: "not a name") }
    }

    @Test("key strategies spell Swift keys as the document does, both ways")
    func keyStrategies() throws {
        struct Row: Codable, Equatable { var siteCode: String; var URLValue: Int }
        let row = Row(siteCode: "1", URLValue: 2)
        let cases: [(XMLEncoder.KeyEncodingStrategy, XMLDecoder.KeyDecodingStrategy, String)] = [
            (.convertToSnakeCase, .convertFromSnakeCase, "<row><site_code>1</site_code><url_value>2</url_value></row>"),
            (.convertToKebabCase, .convertFromKebabCase, "<row><site-code>1</site-code><url-value>2</url-value></row>"),
            (.convertToCapitalized, .convertFromCapitalized, "<row><SiteCode>1</SiteCode><URLValue>2</URLValue></row>"),
            (.custom({ "x-" + $0.last!.stringValue }), .custom({ "x-" + $0.last!.stringValue }), "<row><x-siteCode>1</x-siteCode><x-URLValue>2</x-URLValue></row>"),
        ]
        for (encoding, decoding, expected) in cases {
            let encoder = XMLEncoder()
            encoder.writesDeclaration = false
            encoder.keyEncodingStrategy = encoding
            let data = try encoder.encode(row, withRootKey: "row")
            #expect(string(data) == expected)
            let decoder = XMLDecoder()
            decoder.keyDecodingStrategy = decoding
            #expect(try decoder.decode(Row.self, from: data) == row)
        }
    }

    @Test("date, data and float strategies write what the decoder's read")
    func scalarStrategies() throws {
        struct Values: Codable, Equatable { var at: Date; var blob: Data; var ratio: Double }
        let values = Values(at: Date(timeIntervalSince1970: 1_330_581_600.25), blob: Data([0, 0xAB, 0xFF]), ratio: .infinity)
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        #expect(string(try encoder.encode(values, withRootKey: "v"))
            == "<v><at>2012-03-01T06:00:00.250Z</at><blob>AKv/</blob><ratio>INF</ratio></v>")
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.dataEncodingStrategy = .hex
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(values, withRootKey: "v")
        #expect(string(data) == "<v><at>1330581600250.0</at><blob>00abff</blob><ratio>+inf</ratio></v>")
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.dataDecodingStrategy = .hex
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        #expect(try decoder.decode(Values.self, from: data) == values)
        encoder.nonConformingFloatEncodingStrategy = .throw
        #expect(throws: EncodingError.self) { try encoder.encode(values, withRootKey: "v") }
        // Custom strategies write through the encoder, in the value's place.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("day \(Int(date.timeIntervalSince1970) / 86_400)")
        }
        encoder.nonConformingFloatEncodingStrategy = .xmlSchema
        #expect(string(try encoder.encode(values, withRootKey: "v")) == "<v><at>day 15400</at><blob>00abff</blob><ratio>INF</ratio></v>")
    }

    @Test("an array repeats its key in place, or sits in a wrapper with named items; nil items keep their place")
    func arrays() throws {
        struct Plan: Codable, Equatable, XMLArrayLayouts {
            var tag: [String]
            var steps: [Int]
            var maybe: [String?]
            var grid: [[Int]]
            static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout {
                key.stringValue == "steps" ? .wrapped(item: "step") : .repeated
            }
        }
        let plan = Plan(tag: ["a", "b"], steps: [1, 2], maybe: ["", nil, "x"], grid: [[1], []])
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        let data = try encoder.encode(plan, withRootKey: "plan")
        #expect(string(data)
            == #"<plan><tag>a</tag><tag>b</tag><steps><step>1</step><step>2</step></steps>"#
            + #"<maybe/><maybe xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/><maybe>x</maybe>"#
            + #"<grid><item>1</item></grid><grid/></plan>"#)
        #expect(try XMLDecoder().decode(Plan.self, from: data) == plan)
        // An empty array writes nothing, and nothing reads back as empty.
        let empty = Plan(tag: [], steps: [], maybe: [], grid: [])
        let emptyData = try encoder.encode(empty, withRootKey: "plan")
        #expect(string(emptyData) == "<plan><steps/></plan>")
        #expect(try XMLDecoder().decode(Plan.self, from: emptyData) == empty)
    }

    enum Item: Codable, Equatable, XMLChoice {
        case note(String)
        case count(Int)
        case activity(Activity)
        case flag
    }

    @Test("an enum with associated values is a choice: in a wrapper each item is its case's element")
    func choices() throws {
        struct Log: Codable, Equatable, XMLArrayLayouts {
            var entries: [Item]
            var last: Item
            static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "entry") }
        }
        let log = Log(
            entries: [.note("begun"), .count(3), .activity(Activity(team: "100", start: Self.start, summary: "Dach")), .flag, .note("")],
            last: .count(4))
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        let data = try encoder.encode(log, withRootKey: "log")
        #expect(string(data)
            == #"<log><entries><note>begun</note><count>3</count><activity team="100" start="2012-03-01T06:00:00Z">Dach</activity>"#
            + #"<flag/><note/></entries><last><count>4</count></last></log>"#)
        #expect(try XMLDecoder().decode(Log.self, from: data) == log)
        // A name that is no case is the enum's own error.
        #expect(throws: DecodingError.self) {
            try XMLDecoder().decode(Log.self, from: Array("<log><entries><other/></entries><last><flag/></last></log>".utf8))
        }
    }

    enum Inline: Codable, Equatable, XMLChoice {
        case text(String)
        case b(String)
        case a(href: String, label: String)

        enum CodingKeys: String, CodingKey { case text = "", b, a }
        enum ACodingKeys: String, CodingKey { case href, label = "" }
    }

    @Test("mixed content: text between elements is an item of a choice with a text case, kept as written")
    func mixedContent() throws {
        let xml = #"<p>Bauen <b>mit</b> Plan, <a href="https://example.org">hier</a>.</p>"#
        let decoder = XMLDecoder()
        decoder.nodePlacement = { path in path.last?.stringValue == "href" ? .attribute : .attributeOrElement }
        let inlines = try decoder.decode([Inline].self, from: Array(xml.utf8))
        #expect(inlines == [.text("Bauen "), .b("mit"), .text(" Plan, "), .a(href: "https://example.org", label: "hier"), .text(".")])
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.nodePlacement = { path in path.last?.stringValue == "href" ? .attribute : .element }
        #expect(string(try encoder.encode(inlines, withRootKey: "p")) == xml)
        // White space alone between elements is layout, not content.
        #expect(try decoder.decode([Inline].self, from: Array("<p>\n  <b>x</b>\n</p>".utf8)) == [.b("x")])
    }

    @Test("a dictionary's keys are element names; a key that is no XML name is an error naming its path")
    func dictionaries() throws {
        struct Prices: Codable, Equatable { var price: [String: Int] }
        let prices = Prices(price: ["beton": 120, "holz": 80])
        let data = try XMLEncoder().encode(prices, withRootKey: "prices")
        #expect(try XMLDecoder().decode(Prices.self, from: data) == prices)
        #expect(string(data).contains("<price><") && string(data).contains("<beton>120</beton>"))
        do {
            _ = try XMLEncoder().encode(Prices(price: ["two words": 1]), withRootKey: "prices")
            Issue.record("expected an error")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["price", "two words"])
            #expect(context.debugDescription == "\"two words\" is not an XML name")
        }
    }

    @Test("keys spelled {uri}local are written in their namespace and read back namespace-aware; plain keys match local names")
    func namespaces() throws {
        struct Entry: Codable, Equatable {
            var id: String
            var title: String
            var rating: Int
            enum CodingKeys: String, CodingKey {
                case id = "{http://www.w3.org/2005/Atom}id"
                case title = "{http://www.w3.org/2005/Atom}title"
                case rating = "{urn:x-rating}stars"
            }
        }
        let entry = Entry(id: "urn:1", title: "Dom", rating: 5)
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.namespaceDeclarations = ["r": "urn:x-rating"]
        encoder.nodePlacement = { path in path.last?.stringValue.hasSuffix("stars") == true ? .attribute : .element }
        let data = try encoder.encode(entry, withRootKey: "{http://www.w3.org/2005/Atom}entry")
        #expect(string(data)
            == #"<entry xmlns="http://www.w3.org/2005/Atom" xmlns:r="urn:x-rating" r:stars="5"><id>urn:1</id><title>Dom</title></entry>"#)
        #expect(try XMLDecoder().decode(Entry.self, from: data) == entry)
        // The same names in another namespace do not match a key that names its namespace…
        let other = #"<entry xmlns="urn:other" xmlns:r="urn:x-rating" r:stars="5"><id>urn:1</id><title>Dom</title></entry>"#
        #expect(throws: DecodingError.self) { try XMLDecoder().decode(Entry.self, from: Array(other.utf8)) }
        // …while a plain key matches the local name in any namespace.
        struct Plain: Decodable, Equatable { var id: String; var stars: Int }
        #expect(try XMLDecoder().decode(Plain.self, from: Array(other.utf8)) == Plain(id: "urn:1", stars: 5))
    }

    @Test("whatever the strings hold, the output reads back; the .throw policy names the coding path")
    func charactersAlwaysReadBack() throws {
        struct Text: Codable, Equatable { var body: String; var attribute: String; var raw: Data }
        let nasty = "a\u{0}b\u{1B}c]]>d\r\ne\u{FFFE}f\u{1F600}"
        let encoder = XMLEncoder()
        encoder.nodePlacement = { path in path.last?.stringValue == "attribute" ? .attribute : .element }
        // Bytes that are no UTF-8 (a lone surrogate's encoding) through a custom strategy.
        encoder.dataEncodingStrategy = .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(String(decoding: data, as: UTF8.self))
        }
        let value = Text(body: nasty, attribute: nasty, raw: Data([0x61, 0xED, 0xA0, 0x80, 0x62]))
        let data = try encoder.encode(value, withRootKey: "text")
        let decoder = XMLDecoder()
        decoder.trimsWhitespace = false
        decoder.dataDecodingStrategy = .custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) }
        let back = try decoder.decode(Text.self, from: data)
        #expect(back.body == "abc]]>d\r\nef\u{1F600}")
        #expect(back.attribute == "abc]]>d\r\nef\u{1F600}")
        #expect(back.raw == Data("a\u{FFFD}\u{FFFD}\u{FFFD}b".utf8))
        encoder.writerOptions.characterPolicy = .replace
        #expect(try decoder.decode(Text.self, from: try encoder.encode(value, withRootKey: "text")).body == "a\u{FFFD}b\u{FFFD}c]]>d\r\ne\u{FFFD}f\u{1F600}")
        encoder.writerOptions.characterPolicy = .throw
        do {
            _ = try encoder.encode(value, withRootKey: "text")
            Issue.record("expected an error")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["body"])
            #expect(context.debugDescription == "U+0000 at offset 1 is not allowed in XML 1.0")
        }
    }

    @Test("a file is written atomically: an error leaves the old file and its mode")
    func atomicFile() throws {
        struct Note: Codable, Equatable { var text: String; var ratio: Double }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xmlcoding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("note.xml").path
        try Data("<old/>".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let encoder = XMLEncoder()
        encoder.nonConformingFloatEncodingStrategy = .throw
        #expect(throws: EncodingError.self) { try encoder.encode(Note(text: "x", ratio: .nan), withRootKey: "note", to: .file(path: path)) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<old/>")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["note.xml"])
        try encoder.encode(Note(text: "neu", ratio: 0.5), withRootKey: "note", to: .file(path: path))
        #expect(try XMLDecoder().decode(Note.self, contentsOf: path) == Note(text: "neu", ratio: 0.5))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    @Test("records are encoded one at a time into a writer, and read back one at a time")
    func recordsIntoAWriter() throws {
        struct Team: Codable, Equatable { var code: String; var name: String }
        let teams = (0..<50).map { Team(code: "\($0)", name: "Team \($0)") }
        let writer = try XMLStreamWriter()
        try writer.startElement("schedule")
        try writer.startElement("teams")
        let encoder = XMLEncoder()
        for team in teams { try encoder.encode(team, withRootKey: "team", into: writer) }
        // A value that cannot be written leaves nothing behind in the writer.
        #expect(throws: EncodingError.self) { try encoder.encode(["bad key": 1], withRootKey: "team", into: writer) }
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        let stream = XMLDecoder().decode(Team.self, eachAt: "schedule/teams/team", from: writer.bytes)
        var read: [Team] = []
        while let team = try stream.next() { read.append(team) }
        #expect(read == teams)
    }

    @Test("a subclass encodes its superclass's keys into the same element")
    func superEncoder() throws {
        class Base: Codable { var code = "1" }
        final class Derived: Base {
            var extra = "x"
            enum CodingKeys: String, CodingKey { case extra }
            override init() { super.init() }
            required init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                extra = try container.decode(String.self, forKey: .extra)
                try super.init(from: container.superDecoder())
            }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(extra, forKey: .extra)
                try super.encode(to: container.superEncoder())
            }
        }
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        let data = try encoder.encode(Derived(), withRootKey: "d")
        #expect(string(data) == "<d><extra>x</extra><code>1</code></d>")
        let back = try XMLDecoder().decode(Derived.self, from: data)
        #expect(back.code == "1" && back.extra == "x")
    }
}
