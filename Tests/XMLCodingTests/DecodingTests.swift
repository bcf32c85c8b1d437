import Foundation
import Testing
import XMLCoding
import XMLStreaming
import XMLTestSupport

@Suite("Decoding values from XML")
struct DecodingTests {
    struct Activity: Decodable, Equatable {
        var team: String
        var start: String
        var summary: String

        enum CodingKeys: String, CodingKey {
            case team, start
            case summary = ""
        }
    }

    struct Site: Decodable, Equatable {
        var code: Int
        var name: String
        var city: City
        var activity: [Activity]
        var note: String?
    }

    struct City: Decodable, Equatable {
        var zip: String
        var name: String

        enum CodingKeys: String, CodingKey {
            case zip
            case name = ""
        }
    }

    static let site = """
        <?xml version="1.0"?>
        <site code="10001">
          <name>Kölner Dom</name>
          <city zip="50667">Köln</city>
          <activity team="100" start="2012-03-01 6:00">Stabilisierungsarbeiten</activity>
          <activity team="101" start="2012-03-02 7:00"><![CDATA[Gerüst <b>auf</b>]]> &amp; Dach</activity>
        </site>
        """

    @Test("attributes, child elements, the element's own text, repeated elements, an absent optional")
    func site() throws {
        let site = try XMLDecoder().decode(Site.self, from: Array(Self.site.utf8))
        #expect(site.code == 10001)
        #expect(site.name == "Kölner Dom")
        #expect(site.city == City(zip: "50667", name: "Köln"))
        #expect(site.activity == [
            Activity(team: "100", start: "2012-03-01 6:00", summary: "Stabilisierungsarbeiten"),
            Activity(team: "101", start: "2012-03-02 7:00", summary: "Gerüst <b>auf</b> & Dach"),
        ])
        #expect(site.note == nil)
    }

    struct Counts: Decodable, Equatable {
        var count: Int?
        var label: String?
        var items: [String]
        var flags: [Bool]?
    }

    @Test("absent and empty: <a/> is \"\" for String? and nil for Int?; no elements is an empty array")
    func absentAndEmpty() throws {
        let decoder = XMLDecoder()
        let empty = try decoder.decode(Counts.self, from: Array("<c><count/><label/></c>".utf8))
        #expect(empty == Counts(count: nil, label: "", items: [], flags: nil))
        let absent = try decoder.decode(Counts.self, from: Array("<c/>".utf8))
        #expect(absent == Counts(count: nil, label: nil, items: [], flags: nil))
        let full = try decoder.decode(
            Counts.self, from: Array("<c count=' 3 '><label>  a b </label><items>x</items><flags>true</flags><flags>0</flags></c>".utf8))
        #expect(full == Counts(count: 3, label: "a b", items: ["x"], flags: [true, false]))
    }

    @Test("white space is trimmed unless the decoder is told to keep it")
    func whitespace() throws {
        struct Text: Decodable { var text: String }
        let decoder = XMLDecoder()
        #expect(try decoder.decode(Text.self, from: Array("<t><text>\n  two words \n</text></t>".utf8)).text == "two words")
        decoder.trimsWhitespace = false
        #expect(try decoder.decode(Text.self, from: Array("<t><text>\n  two words \n</text></t>".utf8)).text == "\n  two words \n")
    }

    @Test("a wrong value names its coding path, what was expected and found, and where")
    func positionedErrors() throws {
        let xml = """
            <site code="10001">
              <name>x</name>
              <city zip="1"><name>y</name></city>
              <activity team="1" start="s">a</activity>
            </site>
            """
        struct Strict: Decodable { var code: Int; var when: Date }
        do {
            _ = try XMLDecoder().decode(Strict.self, from: Array("<s code='12x'><when>2012</when></s>".utf8), fileName: "s.xml")
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["code"])
            #expect(context.debugDescription == #"expected an integer that fits Int, found "12x" at s.xml:1:1"#)
        }
        do {
            _ = try XMLDecoder().decode(Strict.self, from: Array("<s code='12'>\n  <when>2012-13-01</when></s>".utf8), fileName: "s.xml")
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["when"])
            #expect(context.debugDescription == #"expected a date in ISO 8601, found "2012-13-01" at s.xml:2:3"#)
        }
        struct NoZip: Decodable { var city: City; var name: String; var missing: String }
        do {
            _ = try XMLDecoder().decode(NoZip.self, from: Array(xml.utf8))
            Issue.record("decoded")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "missing")
            #expect(context.debugDescription.hasSuffix("at line 1, column 1"))
        }
    }

    @Test("one element where one value is expected; several of them is an error, not the first")
    func oneOrMany() throws {
        struct One: Decodable { var name: String }
        #expect(throws: DecodingError.self) {
            try XMLDecoder().decode(One.self, from: Array("<a><name>x</name><name>y</name></a>".utf8))
        }
        struct Many: Decodable { var name: [String] }
        #expect(try XMLDecoder().decode(Many.self, from: Array("<a><name>x</name></a>".utf8)).name == ["x"])
    }

    @Test("an array at the top is the document element's children; nested arrays read wrapper elements")
    func arrays() throws {
        #expect(try XMLDecoder().decode([Int].self, from: Array("<list><i>1</i><i>2</i><j>3</j></list>".utf8)) == [1, 2, 3])
        struct Schedule: Decodable { var sites: [[String]] }
        let schedule = try XMLDecoder().decode(
            Schedule.self, from: Array("<s><sites><n>a</n><n>b</n></sites><sites><n>c</n></sites></s>".utf8))
        #expect(schedule.sites == [["a", "b"], ["c"]])
    }

    @Test("key strategies spell Swift keys as the document does")
    func keyStrategies() throws {
        struct Site: Decodable, Equatable { var siteCode: String; var countryCode: String }
        let decoder = XMLDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Site.self, from: Array("<s site_code='1'><country_code>de</country_code></s>".utf8))
            == Site(siteCode: "1", countryCode: "de"))
        decoder.keyDecodingStrategy = .convertFromKebabCase
        #expect(try decoder.decode(Site.self, from: Array("<s site-code='1'><country-code>de</country-code></s>".utf8))
            == Site(siteCode: "1", countryCode: "de"))
        decoder.keyDecodingStrategy = .convertFromCapitalized
        #expect(try decoder.decode(Site.self, from: Array("<s SiteCode='1'><CountryCode>de</CountryCode></s>".utf8))
            == Site(siteCode: "1", countryCode: "de"))
        decoder.keyDecodingStrategy = .custom { path in path.last!.stringValue.uppercased() }
        #expect(try decoder.decode(Site.self, from: Array("<s SITECODE='1'><COUNTRYCODE>de</COUNTRYCODE></s>".utf8))
            == Site(siteCode: "1", countryCode: "de"))
    }

    @Test("attribute or element: first the attribute, or only one of them, by strategy or by the type")
    func placement() throws {
        struct Item: Decodable, XMLNodePlacing {
            var id: String
            static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .element }
        }
        let xml = Array("<i id='attribute'><id>element</id></i>".utf8)
        #expect(try XMLDecoder().decode(Item.self, from: xml).id == "element")
        struct Plain: Decodable { var id: String }
        #expect(try XMLDecoder().decode(Plain.self, from: xml).id == "attribute")
        let decoder = XMLDecoder()
        decoder.nodePlacement = { _ in .element }
        #expect(try decoder.decode(Plain.self, from: xml).id == "element")
        decoder.nodePlacement = { _ in .attribute }
        #expect(throws: DecodingError.self) { try decoder.decode(Plain.self, from: Array("<i><id>e</id></i>".utf8)) }
    }

    /// Two types with one key type and different placements, in one document.
    enum SharedKeys: String, CodingKey { case id, label = "" }
    struct FromAttribute: Decodable, XMLNodePlacing {
        var id: String
        var label: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SharedKeys.self)
            id = try container.decode(String.self, forKey: .id)
            label = try container.decode(String.self, forKey: .label)
        }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }
    struct FromElement: Decodable, XMLNodePlacing {
        var id: String
        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: SharedKeys.self).decode(String.self, forKey: .id)
        }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .element }
    }

    @Test("each type keeps its own placement for a key type it shares, element after element; one-key and struct key types")
    func sharedKeyTypes() throws {
        struct Pair: Decodable { var a: [FromAttribute]; var e: [FromElement] }
        let xml = "<p><a id='1'>one</a><e id='x'><id>2</id></e><a id='3'>three</a><e id='y'><id>4</id></e></p>"
        let pair = try XMLDecoder().decode(Pair.self, from: Array(xml.utf8))
        #expect(pair.a.map(\.id) == ["1", "3"] && pair.a.map(\.label) == ["one", "three"])
        #expect(pair.e.map(\.id) == ["2", "4"])
        // A key type of one case has no bytes at all; a struct key is looked up by its name.
        struct One: Decodable { var only: Int }
        #expect(try XMLDecoder().decode([One].self, from: Array("<l><o only='1'/><o><only>2</only></o></l>".utf8)).map(\.only) == [1, 2])
        struct NamedKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        struct Named: Decodable {
            var values: [String]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: NamedKey.self)
                values = try ["b", "a", "b"].map { try container.decode(String.self, forKey: NamedKey(stringValue: $0)) }
            }
        }
        #expect(try XMLDecoder().decode(Named.self, from: Array("<n a='1'><b>2</b></n>".utf8)).values == ["2", "1", "2"])
    }

    @Test("dates, data and floats by strategy")
    func strategies() throws {
        struct Values: Decodable { var when: Date; var blob: Data; var ratio: Double }
        let decoder = XMLDecoder()
        var values = try decoder.decode(
            Values.self, from: Array("<v when='2012-03-01T06:00:00Z' blob='AQID' ratio='INF'/>".utf8))
        #expect(values.when == Date(timeIntervalSince1970: 1_330_581_600))
        #expect(values.blob == Data([1, 2, 3]) && values.ratio == .infinity)
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.dataDecodingStrategy = .hex
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "?")
        values = try decoder.decode(Values.self, from: Array("<v when='1330581600' blob='0A0b' ratio='-∞'/>".utf8))
        #expect(values.when == Date(timeIntervalSince1970: 1_330_581_600))
        #expect(values.blob == Data([10, 11]) && values.ratio == -.infinity)
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try decoder.decode(Values.self, from: Array("<v when='1500' blob='' ratio='1e3'/>".utf8)).when
            == Date(timeIntervalSince1970: 1.5))
    }

    @Test("userInfo reaches init(from:)")
    func userInfo() throws {
        let key = CodingUserInfoKey(rawValue: "unit")!
        struct Length: Decodable {
            var meters: Double
            init(from decoder: any Decoder) throws {
                let value = try decoder.singleValueContainer().decode(Double.self)
                meters = decoder.userInfo[CodingUserInfoKey(rawValue: "unit")!] as? String == "km" ? value * 1000 : value
            }
        }
        let decoder = XMLDecoder()
        decoder.userInfo[key] = "km"
        #expect(try decoder.decode(Length.self, from: Array("<l>1.5</l>".utf8)).meters == 1500)
    }

    struct Member: Decodable, Equatable { var name: String }
    struct Group: Decodable, Equatable { var member: [Member] }

    @Test("arrays repeat in place unless a key is declared wrapped; no guessing from the content")
    func wrappedArrays() throws {
        struct Site: Decodable, Equatable, XMLArrayLayouts {
            var activities: [String]
            static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "activity") }
        }
        let decoder = XMLDecoder()
        #expect(try decoder.decode(Site.self, from: Array("<s><activities><a>x</a><b>y</b></activities></s>".utf8))
            == Site(activities: ["x", "y"]))
        #expect(try decoder.decode(Site.self, from: Array("<s><activities/></s>".utf8)) == Site(activities: []))
        #expect(try decoder.decode(Site.self, from: Array("<s/>".utf8)) == Site(activities: []))
        #expect(throws: DecodingError.self) {
            try decoder.decode(Site.self, from: Array("<s><activities><a>x</a></activities><activities/></s>".utf8))
        }
        // The same by strategy, for a type that cannot adopt the protocol.
        struct Plain: Decodable { var activities: [String] }
        decoder.arrayLayout = { path in path.last?.stringValue == "activities" ? .wrapped(item: "activity") : .repeated }
        #expect(try decoder.decode(Plain.self, from: Array("<s><activities><a>x</a></activities></s>".utf8)).activities == ["x"])
        // One group whose only content is members stays one group (XMLCoder's classic misreading).
        struct Groups: Decodable { var group: [Group] }
        let one = try XMLDecoder().decode(
            Groups.self, from: Array("<g><group><member name='a'/><member name='b'/></group></g>".utf8))
        #expect(one.group == [Group(member: [Member(name: "a"), Member(name: "b")])])
    }
}

@Suite("Hostile input")
struct CodingScalingTests {
    @Test("a dictionary of n entries, as attributes or children with distinct names, decodes in near-linear time")
    func manyDistinctNames() throws {
        func document(_ n: Int) -> [UInt8] {
            var xml = "<d"
            for i in 0..<n { xml += " a\(i)=\"\(i)\"" }
            xml += ">"
            for i in 0..<n { xml += "<e\(i)>\(i)</e\(i)>" }
            return Array((xml + "</d>").utf8)
        }
        let small = try XMLDecoder().decode([String: Int].self, from: document(40))
        #expect(small.count == 80 && small["a39"] == 39 && small["e0"] == 0)
        let scaling = try Scaling.measure(n: 5_000, prepare: document) { bytes in
            _ = try XMLDecoder().decode([String: Int].self, from: bytes)
        }
        #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("an encoded dictionary of n entries writes in near-linear time")
    func encodeManyKeys() throws {
        let scaling = try Scaling.measure(n: 5_000, prepare: { n in Dictionary(uniqueKeysWithValues: (0..<n).map { ("k\($0)", $0) }) }) {
            _ = try XMLEncoder().encode($0, withRootKey: "d")
        }
        #expect(scaling.isNearLinear(), "\(scaling)")
    }
}

@Suite("Decoding text with references the parser could not expand")
struct UnexpandedEntityDecodingTests {
    struct Offer: Decodable, Equatable { let price: String }
    struct Page: Decodable { let offer: [Offer] }
    static let page = """
        <!DOCTYPE page PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "xhtml1-strict.dtd">
        <page><note>&copy; ACME</note>
        <offer><price>10&nbsp;&euro;</price></offer></page>
        """

    @Test("A reference in a record fails at its &, naming the entity, rather than decode a short string")
    func failsByDefault() throws {
        let error = try #require(throws: XMLParseError.self) {
            try XMLDecoder().decode(Page.self, from: Array(Self.page.utf8), fileName: "page.xhtml")
        }
        #expect(error.code == .unexpandedEntity)
        #expect(error.description.hasPrefix("page.xhtml:2:13: error: entity &copy; is not expanded"))
    }

    private func all(_ stream: XMLRecordStream<Offer>) throws -> [Offer] {
        var offers: [Offer] = []
        while let offer = try stream.next() { offers.append(offer) }
        return offers
    }

    @Test("Records never hold the references outside them; the parser's policy decides for those inside")
    func recordsAndPolicy() throws {
        let decoder = XMLDecoder()
        let stream = decoder.decode(Offer.self, eachAt: "page/offer", from: Array(Self.page.utf8))
        let error = try #require(throws: XMLParseError.self) { _ = try all(stream) }
        #expect(error.message.hasPrefix("entity &nbsp;"))  // &copy; is in no record
        decoder.parserOptions.unexpandedEntities = .replace(.html)
        #expect(try all(decoder.decode(Offer.self, eachAt: "page/offer", from: Array(Self.page.utf8))) == [Offer(price: "10\u{A0}€")])
        decoder.parserOptions.unexpandedEntities = .keep
        #expect(try decoder.decode(Page.self, from: Array(Self.page.utf8)).offer == [Offer(price: "10&nbsp;&euro;")])
    }
}
