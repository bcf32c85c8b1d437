import Foundation
import Testing
import XMLCoding

/// Dictionaries under every key strategy, as `JSONDecoder` and `JSONEncoder` treat them: the
/// document's keys come back in Swift's spelling, each one found again, and what the encoder
/// writes the decoder reads back the same.
@Suite("Key strategies on dictionaries")
struct KeyStrategyDictionaryTests {
    static let strategies: [(name: String, encoding: XMLEncoder.KeyEncodingStrategy, decoding: XMLDecoder.KeyDecodingStrategy)] = [
        ("default", .useDefaultKeys, .useDefaultKeys),
        ("snake case", .convertToSnakeCase, .convertFromSnakeCase),
        ("kebab case", .convertToKebabCase, .convertFromKebabCase),
        ("capitalized", .convertToCapitalized, .convertFromCapitalized),
        ("custom", .custom({ "x" + $0.last!.stringValue }), .custom({ "x" + $0.last!.stringValue })),
    ]

    func decoder(_ strategy: XMLDecoder.KeyDecodingStrategy) -> XMLDecoder {
        let decoder = XMLDecoder()
        decoder.keyDecodingStrategy = strategy
        return decoder
    }

    @Test("[String: String] and [String: [Int]] keep the document's keys, as JSONDecoder keeps a JSON object's")
    func snakeCaseAgainstJSON() throws {
        let names = ["a_b", "aB", "site_code", "_private", "trailing_", "URL_value", "a__b", "plain", "x_1"]
        let xml = "<r>" + names.enumerated().map { "<\($1)>\($0)</\($1)>" }.joined() + "</r>"
        let json = "{" + names.enumerated().map { "\"\($1)\": \"\($0)\"" }.joined(separator: ",") + "}"
        let jsonDecoder = JSONDecoder()
        jsonDecoder.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try jsonDecoder.decode([String: String].self, from: Data(json.utf8))
        for (_, _, strategy) in Self.strategies {
            let decoded = try decoder(strategy).decode([String: String].self, from: Array(xml.utf8))
            #expect(decoded == expected)
        }
        let lists = "<r><a_b>1</a_b><a_b>2</a_b><cD>3</cD></r>"
        let read = try decoder(.convertFromSnakeCase).decode([String: [Int]].self, from: Array(lists.utf8))
        #expect(read == ["a_b": [1, 2], "cD": [3]])
    }

    @Test("A dictionary is written with its keys as they are, as JSONEncoder writes one")
    func encodedKeys() throws {
        let value = ["siteCode": "1"]
        let jsonEncoder = JSONEncoder()
        jsonEncoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(String(decoding: try jsonEncoder.encode(value), as: UTF8.self) == "{\"siteCode\":\"1\"}")
        for (name, strategy, _) in Self.strategies {
            let encoder = XMLEncoder()
            encoder.writesDeclaration = false
            encoder.keyEncodingStrategy = strategy
            #expect(String(decoding: try encoder.encode(value, withRootKey: "r"), as: UTF8.self) == "<r><siteCode>1</siteCode></r>", "\(name)")
        }
        // A struct's keys inside it still follow the strategy.
        struct Site: Codable, Equatable { var siteCode: String; var extra: [String: Int] }
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let site = Site(siteCode: "1", extra: ["aB": 2])
        let data = try encoder.encode(site, withRootKey: "s")
        #expect(String(decoding: data, as: UTF8.self) == "<s><site_code>1</site_code><extra><aB>2</aB></extra></s>")
        #expect(try decoder(.convertFromSnakeCase).decode(Site.self, from: data) == site)
    }

    @Test("A key not spelled the strategy's way is still found, in a struct too", arguments: [false, true])
    func unconvertedSpelling(_ many: Bool) throws {
        struct Site: Decodable, Equatable { var siteCode: String; var aB: Int }
        // More than 32 names: the lookup goes through the element's name index.
        let filler = many ? (0..<40).map { "<f_\($0)>x</f_\($0)>" }.joined() : ""
        let xml = "<s>\(filler)<siteCode>1</siteCode><a_b>2</a_b></s>"
        #expect(try decoder(.convertFromSnakeCase).decode(Site.self, from: Array(xml.utf8)) == Site(siteCode: "1", aB: 2))
        // A keyed container's own list of keys is in Swift's spelling, as JSONDecoder's is.
        struct Listed: Decodable {
            var keys: Set<String>
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                keys = Set(container.allKeys.map(\.stringValue))
                for key in container.allKeys { _ = try container.decode(String.self, forKey: key) }
            }
        }
        let listed = try decoder(.convertFromSnakeCase).decode(Listed.self, from: Array(xml.utf8))
        #expect(listed.keys.isSuperset(of: ["siteCode", "aB"]) && listed.keys.count == (many ? 42 : 2))
        #expect(!many || listed.keys.contains("f39"))
    }

    @Test("Every strategy: a wrapped array's item name is written as given, in the wrapper's namespace, and read back", arguments: 0..<5)
    func wrappedItemNames(_ index: Int) throws {
        struct Build: Codable, Equatable, XMLArrayLayouts {
            var pluginList: [String]
            static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "mavenPlugin") }
        }
        let (_, encoding, decoding) = Self.strategies[index]
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.keyEncodingStrategy = encoding
        let build = Build(pluginList: ["surefire", "jar"])
        let data = try encoder.encode(build, withRootKey: "{urn:pom}build")
        let wrapper = ["default": "pluginList", "snake case": "plugin_list", "kebab case": "plugin-list", "capitalized": "PluginList", "custom": "xpluginList"][Self.strategies[index].name]!
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"<build xmlns="urn:pom"><\#(wrapper)><mavenPlugin>surefire</mavenPlugin><mavenPlugin>jar</mavenPlugin></\#(wrapper)></build>"#)
        #expect(try decoder(decoding).decode(Build.self, from: data) == build)
    }

    @Test("Every strategy: a dictionary encodes and decodes back the same", arguments: 0..<5)
    func roundTrip(_ index: Int) throws {
        let (name, encoding, decoding) = Self.strategies[index]
        let value: [String: [Int]] = ["siteCode": [1], "plain": [2, 3], "aB": [4], "x": []]
        let encoder = XMLEncoder()
        encoder.keyEncodingStrategy = encoding
        let data = try encoder.encode(value, withRootKey: "r")
        let back = try decoder(decoding).decode([String: [Int]].self, from: data)
        // An empty array writes nothing, so its key cannot come back.
        #expect(back == value.filter { !$0.value.isEmpty }, "\(name): \(String(decoding: data, as: UTF8.self))")
        let scalars: [String: String] = ["siteCode": "1", "URLValue": "2", "a": "3"]
        let scalarData = try encoder.encode(scalars, withRootKey: "r")
        #expect(try decoder(decoding).decode([String: String].self, from: scalarData) == scalars, "\(name)")
    }

    @Test("Keys that differ only in code points stay two keys")
    func codePointKeys() throws {
        let xml = "<r><\u{E9}>1</\u{E9}><e\u{301}>2</e\u{301}><K>3</K></r>"
        let decoded = try XMLDecoder().decode([String: String].self, from: Array(xml.utf8))
        // A Swift dictionary merges canonically equivalent keys, so the keys are checked as
        // the decoder lists them, through a keyed container.
        struct Keys: Decodable {
            var keys: [String] = []
            var values: [String] = []
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                for key in container.allKeys {
                    keys.append(key.stringValue)
                    values.append(try container.decode(String.self, forKey: key))
                }
            }
        }
        let keys = try XMLDecoder().decode(Keys.self, from: Array(xml.utf8))
        #expect(keys.keys.map { Array($0.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"], ["K"]])
        #expect(keys.values == ["1", "2", "3"])
        for (a, b) in [("\u{212A}", "K"), ("\u{3A9}", "\u{2126}"), ("\u{AC00}", "\u{1100}\u{1161}")] {
            let pair = try XMLDecoder().decode(Keys.self, from: Array("<r \(a)='1' \(b)='2'/>".utf8))
            #expect(pair.keys.map { Array($0.unicodeScalars) } == [Array(a.unicodeScalars), Array(b.unicodeScalars)])
            #expect(pair.values == ["1", "2"])
        }
        struct Kelvin: Decodable { var K: String? }
        #expect(try XMLDecoder().decode(Kelvin.self, from: Array("<r><\u{212A}>x</\u{212A}></r>".utf8)).K == nil)
        #expect(decoded.count == 2)  // Swift's own Dictionary: é and e + U+0301 are one key to it
    }
}

/// ISO 8601 dates keep their fraction of a second through decode, encode, decode.
@Suite("ISO 8601 dates round-trip")
struct ISO8601RoundTripTests {
    struct Stamp: Codable, Equatable { var at: Date }

    @Test("What was read is written back digit for digit, and reads back as the same Date", arguments: [
        "2024-01-15T10:11:05.007Z", "2024-01-15T10:11:05.123Z", "2024-01-15T10:11:05.100Z", "2024-01-15T10:11:05.999Z",
        "2024-01-15T10:11:05.0071Z", "2024-01-15T10:11:05.123456Z", "1969-12-31T23:59:59.500Z", "2000-12-31T23:59:59.250Z",
        "2024-01-15T10:11:05Z", "1900-02-28T00:00:00.001Z",
    ])
    func roundTrip(_ text: String) throws {
        let xml = "<s><at>\(text)</at></s>"
        let first = try XMLDecoder().decode(Stamp.self, from: Array(xml.utf8))
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        let written = String(decoding: try encoder.encode(first, withRootKey: "s"), as: UTF8.self)
        #expect(written == xml)
        let second = try XMLDecoder().decode(Stamp.self, from: Array(written.utf8))
        #expect(second.at.timeIntervalSinceReferenceDate == first.at.timeIntervalSinceReferenceDate)
    }

    @Test("Offsets and a comma are read; UTC is written")
    func offsets() throws {
        let plus = try XMLDecoder().decode(Stamp.self, from: Array("<s><at>2024-01-15T11:11:05.25+01:00</at></s>".utf8))
        let comma = try XMLDecoder().decode(Stamp.self, from: Array("<s><at>2024-01-15T10:11:05,25Z</at></s>".utf8))
        #expect(plus == comma)
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        #expect(String(decoding: try encoder.encode(plus, withRootKey: "s"), as: UTF8.self) == "<s><at>2024-01-15T10:11:05.250Z</at></s>")
        #expect(throws: DecodingError.self) { try XMLDecoder().decode(Stamp.self, from: Array("<s><at>2024-01-15T10:11:05.Z</at></s>".utf8)) }
    }

    @Test("Any Date, not only those read, encodes to text that reads back as exactly it")
    func anyDate() throws {
        var random = SystemRandomNumberGenerator()
        let encoder = XMLEncoder()
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSinceReferenceDate: Double.random(in: -4e9...4e9, using: &random))
            let data = try encoder.encode(Stamp(at: date), withRootKey: "s")
            let back = try XMLDecoder().decode(Stamp.self, from: data)
            #expect(back.at == date, "\(date.timeIntervalSinceReferenceDate): \(String(decoding: data, as: UTF8.self))")
        }
    }
}

/// Any key a keyed container lists, for reading the keys a document has.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
