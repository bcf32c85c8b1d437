import Foundation
import Testing
import XMLCoding

@Suite("Choices: expanded-name cases, arrays in a case, hand-written coding")
struct ChoiceCaseTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    enum Geometry: Codable, Equatable, XMLChoice {
        case point(Coordinates)
        case track(Track)
        enum CodingKeys: String, CodingKey {
            case point = "{http://www.opengis.net/kml/2.2}Point"
            case track = "{http://www.google.com/kml/ext/2.2}Track"
        }
    }
    struct Coordinates: Codable, Equatable { var coordinates: String }
    struct Track: Codable, Equatable { var coord: [String] }

    @Test("a case keyed {uri}local decodes the element of that expanded name, and is written in it")
    func expandedNameCases() throws {
        let xml = #"<g xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">"#
            + "<Point><coordinates>6.9,50.9</coordinates></Point><gx:Track><gx:coord>1 2</gx:coord><gx:coord>3 4</gx:coord></gx:Track></g>"
        let shapes = try XMLDecoder().decode([Geometry].self, from: Array(xml.utf8))
        #expect(shapes == [.point(Coordinates(coordinates: "6.9,50.9")), .track(Track(coord: ["1 2", "3 4"]))])
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.namespaceDeclarations = ["gx": "http://www.google.com/kml/ext/2.2"]
        let data = try encoder.encode(shapes, withRootKey: "{http://www.opengis.net/kml/2.2}g")
        #expect(string(data)
            == #"<g xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">"#
            + "<Point><coordinates>6.9,50.9</coordinates></Point><gx:Track><gx:coord>1 2</gx:coord><gx:coord>3 4</gx:coord></gx:Track></g>")
        #expect(try XMLDecoder().decode([Geometry].self, from: data) == shapes)
        // The same local name in another namespace is no case.
        #expect(throws: DecodingError.self) {
            try XMLDecoder().decode([Geometry].self, from: Array(#"<g><Point xmlns="urn:other"><coordinates/></Point></g>"#.utf8))
        }
    }

    enum Snake: Codable, Equatable, XMLChoice {
        case siteCode(String)
        case team_name(String)
    }

    @Test("a case is found under the key strategy, or by its name as written")
    func casesUnderAKeyStrategy() throws {
        let decoder = XMLDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let xml = "<list><site_code>1</site_code><team_name>Z</team_name></list>"
        #expect(try decoder.decode([Snake].self, from: Array(xml.utf8)) == [.siteCode("1"), .team_name("Z")])
    }

    /// A case holding an array, coded by hand through a nested unkeyed container.
    enum Block: Equatable, XMLChoice, Codable {
        case para(String)
        case list([String])
        enum CodingKeys: String, CodingKey { case para, list }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.para) {
                self = .para(try container.decode(String.self, forKey: .para))
                return
            }
            var items = try container.nestedUnkeyedContainer(forKey: .list)
            var list: [String] = []
            while !items.isAtEnd { list.append(try items.decode(String.self)) }
            self = .list(list)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .para(let text): try container.encode(text, forKey: .para)
            case .list(let list):
                var items = container.nestedUnkeyedContainer(forKey: .list)
                for item in list { try items.encode(item) }
            }
        }
    }

    /// The same, synthesized.
    enum SynthesizedBlock: Codable, Equatable, XMLChoice {
        case para(String)
        case list([String])
    }

    struct Doc: Codable, Equatable, XMLArrayLayouts {
        var blocks: [Block]
        var last: Block
        static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "block") }
    }
    struct SynthesizedDoc: Codable, Equatable, XMLArrayLayouts {
        var blocks: [SynthesizedBlock]
        var last: SynthesizedBlock
        static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "block") }
    }

    @Test("an array in a case is one case element holding the items, hand-written or synthesized, in a wrapper or under a key")
    func arraysInACase() throws {
        let doc = Doc(blocks: [.para("a"), .list(["x", "y"]), .list([])], last: .list(["z"]))
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        let handWritten = try encoder.encode(doc, withRootKey: "doc")
        let synthesized = try encoder.encode(
            SynthesizedDoc(blocks: [.para("a"), .list(["x", "y"]), .list([])], last: .list(["z"])), withRootKey: "doc")
        #expect(string(handWritten)
            == "<doc><blocks><para>a</para><list><item>x</item><item>y</item></list><list/></blocks><last><list><item>z</item></list></last></doc>")
        #expect(string(handWritten) == string(synthesized))
        #expect(try XMLDecoder().decode(Doc.self, from: handWritten) == doc)
        #expect(try XMLDecoder().decode(SynthesizedDoc.self, from: handWritten).last == .list(["z"]))
    }
}

@Suite("Choices: elements no case reads")
struct UnknownChoiceTests {
    enum Feature: Codable, Equatable, XMLChoice {
        case placemark(Placemark)
        case folder(Folder)
        enum CodingKeys: String, CodingKey, CaseIterable { case placemark = "Placemark", folder = "Folder" }
    }
    struct Placemark: Codable, Equatable { var name: String }
    struct Folder: Codable, Equatable { var name: String }
    static let kml = """
        <Document xmlns:gx="http://www.google.com/kml/ext/2.2">
          <Placemark><name>a</name></Placemark>
          <gx:Tour><name>t</name></gx:Tour>
          <Folder><name>f</name></Folder>
        </Document>
        """

    @Test("by default the array fails, naming the element, its namespace, its position and the cases")
    func namesTheElement() throws {
        struct Features: Decodable { var features: [Feature]; enum CodingKeys: String, CodingKey { case features = "" } }
        #expect {
            try XMLDecoder().decode(Features.self, from: Array(Self.kml.replacingOccurrences(of: "<name>t</name>", with: "").utf8), fileName: "doc.kml")
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["", "Index 1"]
                && context.debugDescription
                    == "<Tour> in the namespace http://www.google.com/kml/ext/2.2 at doc.kml:3:3 is no case of Feature; its cases are <Placemark>, <Folder> (set skipsUnknownChoiceElements to leave such elements out)"
        }
    }

    @Test("skipsUnknownChoiceElements leaves them out; count and isAtEnd agree")
    func skips() throws {
        let decoder = XMLDecoder()
        decoder.skipsUnknownChoiceElements = true
        struct Features: Decodable, Equatable { var features: [Feature]; enum CodingKeys: String, CodingKey { case features = "" } }
        let read = try decoder.decode(Features.self, from: Array(Self.kml.utf8))
        #expect(read.features == [.placemark(Placemark(name: "a")), .folder(Folder(name: "f"))])
        // Text that no case reads is left out too.
        #expect(try decoder.decode([Feature].self, from: Array("<d>x<Folder><name>f</name></Folder>y<Other/></d>".utf8)) == [.folder(Folder(name: "f"))])
        // In a wrapper.
        struct Wrapped: Decodable, Equatable, XMLArrayLayouts {
            var features: [Feature]
            static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "feature") }
        }
        #expect(try decoder.decode(Wrapped.self, from: Array("<d><features><X/><Folder><name>f</name></Folder><Y/></features></d>".utf8))
            == Wrapped(features: [.folder(Folder(name: "f"))]))
    }
}
