import Foundation
import OrderedCollections
import PropertyLists
import Testing

/// Apple's plists tell keys and strings apart by their code points; Swift's `String` calls
/// canonically equivalent ones equal. No reader or writer may merge them.
@Suite("Plist keys and strings are code points")
struct CodePointKeyTests {
    static let pairs: [(String, String)] = [
        ("\u{E9}", "e\u{301}"), ("K", "\u{212A}"), ("\u{3A9}", "\u{2126}"), ("\u{AC00}", "\u{1100}\u{1161}"),
    ]

    static func value(_ pair: (String, String)) -> PropertyList {
        var d = OrderedDictionary<PropertyList.DictionaryKey, PropertyList>()
        d[.init(pair.0)] = "first"
        d[.init(pair.1)] = "second"
        d["strings"] = .array([.string(pair.0), .string(pair.1), .string(pair.0)])
        return .dictionary(d)
    }

    @Test("Two keys and two strings in every format, written and read back", arguments: pairs)
    func everyFormat(_ pair: (String, String)) throws {
        let value = Self.value(pair)
        #expect(value.dictionaryValue?.count == 3)
        for format in PropertyList.Format.allCases {
            let data = try value.data(format: format)
            let back = try PropertyList(data: data)
            #expect(back == value, "\(format)")
            #expect(back[pair.0] == "first" && back[pair.1] == "second", "\(format)")
            let strings = try #require(back["strings"]?.arrayValue)
            #expect(strings.map { Array($0.stringValue!.unicodeScalars) } == [pair.0, pair.1, pair.0].map { Array($0.unicodeScalars) }, "\(format)")
        }
        #expect(PropertyList.string(pair.0) != PropertyList.string(pair.1))
    }

    @Test("Keys differing only in code points sort by code points, and read from each format's own text", arguments: pairs)
    func readText(_ pair: (String, String)) throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>\(pair.1)</key><integer>2</integer><key>\(pair.0)</key><integer>1</integer></dict></plist>
            """
        let json = "{\"\(pair.1)\": 2, \"\(pair.0)\": 1}"
        let openStep = "{\"\(pair.1)\" = 2; \"\(pair.0)\" = 1;}"
        for text in [xml, json, openStep] {
            let value = try PropertyList(data: Array(text.utf8))
            let keys = try #require(value.dictionaryValue?.keys)
            #expect(keys.count == 2, "\(text)")
            #expect(value[pair.0]?.intValue == 1 || value[pair.0] == "1", "\(text)")
        }
        // Through the expat reader too (UTF-16 skips the fast scanner).
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in xml.replacingOccurrences(of: "UTF-8", with: "UTF-16").utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try PropertyList(data: utf16).dictionaryValue?.count == 2)
        let sorted = try #require(Self.value(pair).dictionaryValue?.keys.sorted().map(\.string))
        #expect(sorted.map { Array($0.utf8) } == sorted.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test("Codable keys and key paths find a key by its code points")
    func codableAndKeyPaths() throws {
        struct Settings: Codable, Equatable { var K: String }
        let kelvin: PropertyList = ["\u{212A}": "kelvin"]
        let data = try kelvin.data(format: .xml)
        #expect(throws: DecodingError.self) { try PlistDecoder().decode(Settings.self, from: data) }
        let both = try PropertyList(data: try Self.value(("K", "\u{212A}")).data(format: .binary))
        #expect(try PlistDecoder().decode(Settings.self, from: try both.data(format: .xml)) == Settings(K: "first"))
        #expect(both.value(atKeyPath: "\u{212A}") == "second")
        var edited = both
        try edited.remove(atKeyPath: "K")
        #expect(edited["\u{212A}"] == "second" && edited["K"] == nil)
        let encoded = try PlistEncoder().encode(Settings(K: "x"))
        #expect(try PropertyList(data: encoded)["\u{212A}"] == nil)
    }
}
