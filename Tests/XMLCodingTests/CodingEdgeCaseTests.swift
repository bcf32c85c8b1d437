import Foundation
import Testing
import XMLCoding
import XMLStreaming
import XMLWriting

/// Cases a review of issue 30's work found, each once wrong.
@Suite("Codable edge cases: dates at their limits, namespaces that would move an element, map keys")
struct CodingEdgeCaseTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
    struct Stamp: Codable, Equatable { var at: Date }

    func decode(_ text: String, _ strategy: XMLDecoder.DateDecodingStrategy = .iso8601, zone: TimeZone? = nil) throws -> Date {
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = strategy
        if let zone { decoder.assumedTimeZone = zone }
        return try decoder.decode(Stamp.self, from: Array("<s><at>\(text)</at></s>".utf8)).at
    }

    @Test("a year too long for the seconds is an error, not a trap; zones past ±14:00 and RFC 822 offsets past 23 hours are refused; a leap second reads")
    func dateLimits() throws {
        #expect(throws: DecodingError.self) { try decode("999999999999-01-01") }
        #expect(throws: DecodingError.self) { try decode("300000000000-01-01T00:00:00Z") }
        #expect(try decode("123456789-01-01T00:00:00Z") > Date.distantFuture)
        #expect(throws: DecodingError.self) { try decode("2024-01-15T10:11:12+14:30") }
        #expect(try decode("2024-01-15T10:11:12-14:00") == Date(timeIntervalSince1970: 1_705_363_872))
        #expect(throws: DecodingError.self) { try decode("Mon, 15 Jan 2024 10:11:12 +9900", .rfc822) }
        #expect(try decode("Sun, 31 Dec 2016 23:59:60 GMT", .rfc822) == Date(timeIntervalSince1970: 1_483_228_800))
    }

    @Test("a local time the clocks repeat or skip is read with the offset in force before the change, on either side of UTC")
    func summerTime() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let newYork = TimeZone(identifier: "America/New_York")!
        // Repeated: 02:30 in Berlin on 27 October 2024 is first +02:00.
        #expect(try decode("2024-10-27T02:30:00", zone: berlin) == Date(timeIntervalSince1970: 1_729_989_000))
        // Skipped: 02:30 in New York on 10 March 2024, read at -05:00.
        #expect(try decode("2024-03-10T02:30:00", zone: newYork) == Date(timeIntervalSince1970: 1_710_055_800))
        // Skipped in Berlin (31 March 2024), repeated in New York (3 November 2024): before.
        #expect(try decode("2024-03-31T02:30:00", zone: berlin) == Date(timeIntervalSince1970: 1_711_848_600))
        #expect(try decode("2024-11-03T01:30:00", zone: newYork) == Date(timeIntervalSince1970: 1_730_611_800))
        // Ordinary times on the day of a change.
        #expect(try decode("2024-03-10T12:00:00", zone: newYork) == Date(timeIntervalSince1970: 1_710_086_400))
        #expect(try decode("2024-10-27T12:00:00", zone: berlin) == Date(timeIntervalSince1970: 1_730_026_800))
    }

    @Test("a declaration that would move an element into another default namespace is refused, by the writer and so by the encoder")
    func defaultNamespaceConflicts() throws {
        let writer = try XMLStreamWriter(to: .memory)
        try writer.startElement("a", namespace: "urn:x")
        #expect(throws: XMLWriterError.self) { try writer.declareNamespace(prefix: nil, uri: "urn:y") }
        try writer.declareNamespace(prefix: nil, uri: "urn:x")
        try writer.startElement("b")
        #expect(throws: XMLWriterError.self) { try writer.declareNamespace(prefix: nil, uri: "urn:y") }

        struct Content: Encodable, XMLNamespaceDeclaring {
            static var namespaceDeclarations: [String: String] { ["": "http://www.w3.org/1999/xhtml"] }
            var p: String
        }
        struct Entry: Encodable { var content: Content }
        #expect(throws: XMLWriterError.self) {
            try XMLEncoder().encode(Entry(content: Content(p: "x")), withRootKey: "{http://www.w3.org/2005/Atom}entry")
        }
        let encoder = XMLEncoder()
        encoder.namespaceDeclarations = ["": "urn:d"]
        #expect(throws: XMLWriterError.self) { try encoder.encode(Entry(content: Content(p: "x")), withRootKey: "{}root") }
    }

    @Test("usedOnRoot leaves an unused default namespace out; keys spelled p:local with a bound prefix are in its namespace")
    func prefixesAndUse() throws {
        struct Item: Encodable {
            var a: String
            var thumbnail: String
            var lang: String
            enum CodingKeys: String, CodingKey { case a = "{urn:x}a", thumbnail = "media:thumbnail", lang = "xml:lang" }
        }
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.namespaceDeclarations = ["": "urn:d", "x": "urn:x", "media": "http://search.yahoo.com/mrss/"]
        encoder.namespaceDeclarationStrategy = .usedOnRoot
        encoder.nodePlacement = { path in path.last?.stringValue == "xml:lang" ? .attribute : .element }
        let data = try encoder.encode(Item(a: "1", thumbnail: "t.png", lang: "de"), withRootKey: "{urn:x}item")
        #expect(string(data)
            == #"<x:item xmlns:x="urn:x" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="de"><x:a>1</x:a><media:thumbnail>t.png</media:thumbnail></x:item>"#)
        let names = try XMLEventCollector.events(of: Array(data))
        #expect(names == ["{urn:x}item", "{urn:x}a", "{http://search.yahoo.com/mrss/}thumbnail"])
    }

    @Test("map keys are read as written and refused when XML cannot hold them; a map layout applies to dictionaries only")
    func mapKeysAndLayouts() throws {
        struct Tags: Codable, Equatable, XMLMapLayouts {
            var tags: [String: String]
            var owner: Owner
            static func mapLayout(for key: any CodingKey) -> XMLMapLayout { .entries() }
        }
        struct Owner: Codable, Equatable { var name: String }
        let tags = Tags(tags: [" Team": "a", "Team": "b"], owner: Owner(name: "o"))
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.sortsKeys = true
        let data = try encoder.encode(tags, withRootKey: "t")
        #expect(string(data)
            == "<t><tags><entry><key> Team</key><value>a</value></entry><entry><key>Team</key><value>b</value></entry></tags><owner><name>o</name></owner></t>")
        #expect(try XMLDecoder().decode(Tags.self, from: data) == tags)
        #expect(throws: EncodingError.self) { try encoder.encode(Tags(tags: ["a\u{0}b": "x"], owner: Owner(name: "o")), withRootKey: "t") }
        // A flattened map placed as an attribute is refused like any other non-scalar.
        struct Flat: Encodable, XMLMapLayouts, XMLNodePlacing {
            var m: [String: String]
            static func mapLayout(for key: any CodingKey) -> XMLMapLayout { .flattenedEntries() }
            static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
        }
        #expect(throws: EncodingError.self) { try encoder.encode(Flat(m: ["a": "b"]), withRootKey: "f") }
    }

    enum Shape: Decodable, Equatable, XMLChoice {
        case circle(Int)
        enum CodingKeys: String, CodingKey { case circle }
        struct Context { var scale: Int }
        static let contextKey = CodingUserInfoKey(rawValue: "context")!

        init(from decoder: any Decoder) throws {
            // Reads userInfo before its container: the probe that learns the cases gives it.
            let scale = (decoder.userInfo[Self.contextKey] as! Context).scale
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self = .circle(try container.decode(Int.self, forKey: .circle) * scale)
        }
    }

    @Test("the probe that learns a choice's cases gives the decoder's userInfo")
    func probeUserInfo() throws {
        let decoder = XMLDecoder()
        decoder.skipsUnknownChoiceElements = true
        decoder.userInfo = [Shape.contextKey: Shape.Context(scale: 2)]
        #expect(try decoder.decode([Shape].self, from: Array("<s><circle>3</circle><square/></s>".utf8)) == [.circle(6)])
    }
}
