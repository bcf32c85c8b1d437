import Foundation
import PropertyLists
import Testing

struct Project: Codable, Equatable {
    struct Item: Codable, Equatable {
        var title: String
        var price: Double
        var count: UInt8
        var note: String?
    }

    var name: String
    var created: Date
    var thumbnail: Data
    var items: [Item]
    var tags: Set<String>
    var huge: UInt64
    var settings: [String: Int]
    var subtitle: String?
}

protocol Shape { var area: Double { get } }
struct Circle: Shape, Codable { var radius: Double; var area: Double { .pi * radius * radius } }
struct Square: Shape, Codable { var side: Double; var area: Double { side * side } }
struct Evil: Codable {}

@Suite("Codable: PlistEncoder and PlistDecoder")
struct CodableTests {
    static let project = Project(
        name: "Kölner Dom", created: utc(2012, 3, 1, 6, 0, 0), thumbnail: Data([1, 2, 3]),
        items: [
            .init(title: "Gerüst", price: 1250.5, count: 3, note: nil),
            .init(title: "Dach", price: 99, count: 255, note: "bis März"),
        ],
        tags: ["dom"], huge: .max, settings: ["floors": 3], subtitle: nil)

    @Test("values round-trip through XML and binary; nil leaves the key out", arguments: [PropertyList.Format.xml, .binary])
    func roundTrip(_ format: PropertyList.Format) throws {
        let encoder = PlistEncoder()
        encoder.outputFormat = format
        let data = try encoder.encode(Self.project)
        #expect(try PlistDecoder().decode(Project.self, from: data) == Self.project)
        let plist = try PropertyList(data: data)
        #expect(plist["subtitle"] == nil)
        #expect(plist["items"]?[0]?["note"] == nil)
        #expect(plist["items"]?[1]?["note"] == "bis März")
        #expect(plist["created"] == .date(utc(2012, 3, 1, 6, 0, 0)))
        #expect(plist["thumbnail"] == .data(Data([1, 2, 3])))
        #expect(plist["huge"] == .unsignedInteger(.max))
        var format2 = PropertyList.Format.xml
        _ = try PlistDecoder().decode(Project.self, from: data, format: &format2)
        #expect(format2 == format)
    }

    @Test("errors name the coding path, what was expected and what was found")
    func errors() throws {
        var plist = try PlistEncoder().encodeValue(Self.project)
        plist["items"] = .array([plist["items"]![0]!, ["title": "Dach", "price": "12,50", "count": 1]])
        do {
            _ = try PlistDecoder().decode(Project.self, from: plist)
            Issue.record("no error")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.debugDescription == "items[1].price: expected a real, found a string \"12,50\"")
        }
        plist["items"] = .array([["title": "x", "price": 1, "count": 300]])
        do {
            _ = try PlistDecoder().decode(Project.self, from: plist)
            Issue.record("no error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "items[0].count: an integer 300 does not fit in UInt8")
        }
        plist["name"] = nil
        do {
            _ = try PlistDecoder().decode(Project.self, from: plist)
            Issue.record("no error")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "name")
            #expect(context.debugDescription == "name: the key is missing")
        }
    }

    @Test("errors in an XML file give the line of the value")
    func lines() throws {
        var plist = try PlistEncoder().encodeValue(Self.project)
        plist["items"] = .array([plist["items"]![0]!, ["title": "Dach", "price": "12,50", "count": 1]])
        let data = try plist.data(format: .xml)
        let text = String(decoding: data, as: UTF8.self)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("<string>12,50</string>") }! + 1
        do {
            _ = try PlistDecoder().decode(Project.self, from: data)
            Issue.record("no error")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.debugDescription == "items[1].price: expected a real, found a string \"12,50\" (line \(line))")
        }
        var missing = plist
        missing["name"] = nil
        do {
            _ = try PlistDecoder().decode(Project.self, from: try missing.data(format: .xml))
            Issue.record("no error")
        } catch let DecodingError.keyNotFound(_, context) {
            #expect(context.debugDescription == "name: the key is missing (line 4)")
        }
    }

    @Test("plistlib's file decodes into a Codable type")
    func plistlibFile() throws {
        struct Mixed: Decodable {
            var big: UInt64
            var neg: Int64
            var unicode: String
            var a: Inner
            struct Inner: Decodable { var d: Data; var date: Date }
        }
        let mixed = try PlistDecoder().decode(Mixed.self, from: fixture("mixed.binary.plist"))
        #expect(mixed.big == .max && mixed.neg == .min && mixed.unicode == "Köln 😀")
        #expect(mixed.a.date == utc(2012, 3, 1, 6, 0, 0) && mixed.a.d.count == 130)
    }

    @Test("class hierarchies decode only through the caller's allowlist")
    func polymorphic() throws {
        let shapes = PlistTypeAllowlist<any Shape>(typeKey: "type", ["circle": Circle.self, "square": Square.self])
        let file: PropertyList = [["type": "circle", "radius": 1.0], ["type": "square", "side": 2.0]]
        let data = try file.data(format: .binary)
        let decoded = try PlistDecoder().decode([PlistPolymorphic<any Shape>].self, from: data, allowlist: shapes)
        #expect(decoded.map { $0.value.area } == [Double.pi, 4])
        let hostile = try PropertyList.array([["type": "Evil"]]).data(format: .xml)
        do {
            _ = try PlistDecoder().decode([PlistPolymorphic<any Shape>].self, from: hostile, allowlist: shapes)
            Issue.record("no error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "[0].type: the type \"Evil\" is not allowed (allowed: circle, square) (line 7)")
        }
    }

    @Test("versioned files: newer minor versions read, newer major versions refused")
    func versioned() throws {
        struct Settings: Codable, Equatable { var theme: String }
        let v1_2 = PlistVersionedFormat(majorVersion: 1, minorVersion: 2)
        let data = try v1_2.encode(Settings(theme: "dark"))
        #expect(try PropertyList(data: data)["majorVersion"] == 1)
        let read = try PlistVersionedFormat(majorVersion: 1, minorVersion: 0).decode(Settings.self, from: data)
        #expect(read.value == Settings(theme: "dark") && read.majorVersion == 1 && read.minorVersion == 2)
        let v2 = try PlistVersionedFormat(majorVersion: 2, minorVersion: 0).encode(Settings(theme: "x"))
        #expect(throws: PropertyListError("the file is version 2.0, newer than this program reads (1.x): update the program")) {
            try v1_2.decode(Settings.self, from: v2)
        }
        #expect(throws: PropertyListError.self) {
            try v1_2.decode(Settings.self, from: PropertyList.dictionary(["theme": "x"]).data(format: .xml))
        }
    }
}
