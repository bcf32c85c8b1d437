import Foundation
import PropertyLists
import Testing

func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!)
}

func utc(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64, _ minute: Int64, _ second: Int64) -> Date {
    // Days from the civil calendar, as the package computes them, checked against plistlib below.
    var components = DateComponents()
    components.year = Int(year)
    components.month = Int(month)
    components.day = Int(day)
    components.hour = Int(hour)
    components.minute = Int(minute)
    components.second = Int(second)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: components)!
}

/// The values `Fixtures/make-fixtures.py` gives plistlib.
enum PlistlibFixtures {
    static let mixed: PropertyList = {
        var d: PropertyList = [:]
        let b: [PropertyList] = [1, 2.5, true, false, "x&<>\"'"]
        d["b"] = .array(b)
        let bytes = Array(Array(repeating: [UInt8]([0, 1]) + Array("hello world".utf8), count: 10).joined())
        var a: PropertyList = [:]
        a["d"] = .data(Data(bytes))
        a["date"] = .date(utc(2012, 3, 1, 6, 0, 0))
        d["a"] = a
        d["empty"] = .array([])
        d["e2"] = .dictionary([:])
        d["big"] = .unsignedInteger(UInt64.max)
        d["neg"] = .integer(Int64.min)
        d["real"] = .real(1e16)
        d["r2"] = .real(0.1)
        d["small"] = .real(1e-05)
        d["third"] = .real(1.0 / 3.0)
        d["unicode"] = "Köln 😀"
        d["cr"] = "a\r\nb\rc"
        d["long"] = .string(String(repeating: "x", count: 100))
        let inner: PropertyList = ["k": .array([.data(Data())])]
        d["nested"] = .array([.array([.array([])]), inner])
        d["zero"] = 0
        d["minus"] = -1
        d["wide"] = 70000
        d["huge"] = .integer(Int64(1) << 40)
        d["neg_real"] = .real(-0.5)
        d["int_real"] = .real(3.0)
        return d
    }()
    static let array: PropertyList = .array([
        "one", 2, 3.5, .date(utc(1999, 12, 31, 23, 59, 59)), .data(Data(repeating: 0xFF, count: 100)),
    ])
    static let string: PropertyList = "just a string"
    static let all: [(String, PropertyList)] = [("mixed", mixed), ("array", array), ("string", string)]
}

@Suite("Property lists against Python's plistlib")
struct PlistlibTests {
    @Test("the XML writer writes plistlib's bytes exactly, but whole reals as Apple writes them", arguments: PlistlibFixtures.all.map(\.0))
    func xmlBytes(_ name: String) throws {
        let value = PlistlibFixtures.all.first { $0.0 == name }!.1
        let ours = try value.data(format: .xml)
        // plistlib writes <real>3.0</real>, Foundation <real>3</real>: Apple owns the format.
        let theirs = String(decoding: try fixture("\(name).xml.plist"), as: UTF8.self)
            .replacing(/<real>(-?[0-9]+)\.0<\/real>/) { "<real>\($0.1)</real>" }
        #expect(String(decoding: ours, as: UTF8.self) == theirs)
    }

    @Test("plistlib's XML and binary files read as the values", arguments: PlistlibFixtures.all.map(\.0))
    func reading(_ name: String) throws {
        var expected = PlistlibFixtures.all.first { $0.0 == name }!.1
        // plistlib writes CR as LF in XML (and reading XML normalizes line ends anyway).
        if name == "mixed" { expected["cr"] = "a\nb\nc" }
        #expect(try PropertyList(data: fixture("\(name).xml.plist")) == expected)
        var binaryExpected = PlistlibFixtures.all.first { $0.0 == name }!.1
        #expect(try PropertyList(data: fixture("\(name).binary.plist")) == binaryExpected)
        binaryExpected = expected
    }

    @Test("our binary files read back as the same values", arguments: PlistlibFixtures.all.map(\.0))
    func binaryRoundTrip(_ name: String) throws {
        let value = PlistlibFixtures.all.first { $0.0 == name }!.1
        let data = try value.data(format: .binary)
        #expect(try PropertyList(data: data) == value)
        #expect(PropertyList.format(of: data) == .binary)
    }
}
