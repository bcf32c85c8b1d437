import Foundation
import PropertyLists
import Testing
import XMLTestSupport

/// Whatever a reader accepts, every writer writes in a form the readers accept again, or
/// refuses with a clear error: one date range, one depth rule, the same strictness as
/// plistlib and Apple's readers.
@Suite("Every format reads back what every format wrote")
struct ReadBackRulesTests {
    private static let formats = PropertyList.Format.allCases
    private static let json = PropertyList.JSONOptions(writesDatesAsISO8601Strings: true, writesDataAsBase64Strings: true)

    @Test("the first and last dates of the range read back in XML and binary; one second beyond is refused everywhere")
    func dateRange() throws {
        let first = PropertyList.dateRange.lowerBound
        let last = PropertyList.dateRange.upperBound
        for date in [first, last] {
            for format in [PropertyList.Format.xml, .binary] {
                let back = try PropertyList(data: PropertyList.date(date).data(format: format))
                #expect(back == .date(date), "\(format)")
            }
        }
        #expect(try String(decoding: PropertyList.date(first).data(format: .xml), as: UTF8.self).contains("0000-01-01T00:00:00Z"))
        #expect(try String(decoding: PropertyList.date(last).data(format: .xml), as: UTF8.self).contains("99999999-12-31T23:59:59Z"))
        for date in [first.addingTimeInterval(-1), last.addingTimeInterval(1), Date(timeIntervalSince1970: 1e300)] {
            for format in Self.formats {
                #expect(throws: PropertyListError.self, "\(format)") {
                    try PropertyList.date(date).data(format: format, json: Self.json)
                }
            }
        }
    }

    @Test("XML dates with a year outside 0 to 99,999,999 are refused with their line", arguments: [
        "100000000-01-01T00:00:00Z", "-0001-01-01T00:00:00Z", "99999999999999999999-01-01T00:00:00Z",
    ])
    func xmlDateOutOfRange(_ text: String) throws {
        let xml = "<plist>\n<date>\(text)</date></plist>"
        let error = try #require(throws: PropertyListError.self) { try PropertyList(data: Array(xml.utf8)) }
        #expect(error.position?.line == 2)
    }

    @Test("A date after the year 9999 is written as Foundation writes it, and read back in every format")
    func datesAfter9999() throws {
        // Foundation's own example: 1e12 seconds after 2001.
        let date = Date(timeIntervalSinceReferenceDate: 1e12)
        let xml = String(decoding: try PropertyList.date(date).data(format: .xml), as: UTF8.self)
        #expect(xml.contains("<date>33689-09-27T01:46:40Z</date>"), "\(xml)")
        let foundation = try PropertyListSerialization.data(fromPropertyList: date, format: .xml, options: 0)
        #expect(String(decoding: foundation, as: UTF8.self).contains("<date>33689-09-27T01:46:40Z</date>"), "\(String(decoding: foundation, as: UTF8.self))")
        #expect(try PropertyList(data: Array(foundation)) == .date(date))
        for format in Self.formats {
            let back = try PropertyList(data: PropertyList.date(date).data(format: format, json: Self.json))
            // JSON and OpenStep have no dates: they write the text, and the text comes back.
            let asText = format == .json || format == .openStep
            #expect(back == (asText ? .string("33689-09-27T01:46:40Z") : .date(date)), "\(format)")
        }
    }

    /// A value nested `depth` containers deep in `format`, written by hand (the writers
    /// refuse to make one too deep).
    private func nested(_ depth: Int, _ format: PropertyList.Format) -> [UInt8] {
        switch format {
        case .xml:
            return Array(("<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>").utf8)
        case .json: return Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        case .openStep: return Array((String(repeating: "(", count: depth) + String(repeating: ")", count: depth)).utf8)
        case .binary:
            // Object i is an array holding object i + 1; the last is empty.
            return bplist((0..<depth).map { $0 == depth - 1 ? [0xA0] : [0xA1, UInt8(truncatingIfNeeded: $0 + 1)] }, referenceSize: 1)
        }
    }

    @Test("one depth rule: 512 nested containers read in every format, 513 are refused by every reader and writer")
    func depth() throws {
        let limit = PropertyList.maximumDepth
        for format in Self.formats where format != .binary {
            let deepest = try PropertyList(data: nested(limit, format))
            #expect(throws: PropertyListError.self, "\(format)") { try PropertyList(data: nested(limit + 1, format)) }
            for other in Self.formats {
                #expect(try PropertyList(data: deepest.data(format: other, json: Self.json)) == deepest, "\(format) → \(other)")
            }
        }
        var tooDeep = PropertyList.array([])
        for _ in 0..<limit { tooDeep = .array([tooDeep]) }
        for format in Self.formats {
            #expect(throws: PropertyListError.self, "\(format)") { try tooDeep.data(format: format, json: Self.json) }
        }
        // The issue's case: 9,990 levels of XML.
        let error = try #require(throws: PropertyListError.self) { try PropertyList(data: nested(9_990, .xml)) }
        #expect(error.message.contains("nested deeper than 512"))
    }

    @Test("an XML plist in UTF-16, either byte order, with its byte order mark, reads like UTF-8")
    func utf16() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist version=\"1.0\"><dict><key>Köln</key><string>Dom</string></dict></plist>\n"
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for bytes in [big, little] {
            #expect(PropertyList.format(of: bytes) == .xml)
            #expect(try PropertyList(data: bytes) == ["Köln": "Dom"])
        }
    }

    @Test("an ASCII string object holding a byte above 0x7F is refused, with its offset")
    func asciiString() throws {
        let error = try #require(throws: PropertyListError.self) { try PropertyList(data: bplist([[0x53, 0x61, 0xE9, 0x62]])) }
        #expect(error.message.contains("0xE9"))
        #expect(error.position?.byteOffset == 10 && error.position?.line == 0)
    }

    @Test("an XML plist declaring an entity is refused, as plistlib refuses it")
    func entityDeclaration() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [
            <!ENTITY name "Dom">
            ]>
            <plist><string>&name;</string></plist>
            """
        let error = try #require(throws: PropertyListError.self) { try PropertyList(data: Array(xml.utf8)) }
        #expect(error.message.contains("entity"))
        #expect(error.position?.line == 3)
    }

    @Test("a reference to an entity the plist DTD does not declare is refused, not left out of the string")
    func undeclaredEntity() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>Name</key>
            <string>ACME&nbsp;Corp</string></dict></plist>
            """
        let error = try #require(throws: PropertyListError.self) { try PropertyList(data: Array(xml.utf8)) }
        #expect(error.message.contains("entity &nbsp; is not defined"), "\(error)")
        #expect(error.position?.line == 4)
    }

    @Test("a large string shared a million times in a binary plist counts by its size, and is refused")
    func sharedLargeString() throws {
        // One 64 KiB string referenced from an array 20,000 times: 40 KB of references
        // standing for 1.3 GB of text.
        let string: [UInt8] = [0x5F, 0x12, 0x00, 0x01, 0x00, 0x00] + Array(repeating: 0x61, count: 65_536)
        let count = 20_000
        var array: [UInt8] = [0xAF, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)]
        array += (0..<count).flatMap { _ in [0x00, 0x01] }
        let bytes = bplist([array, string], referenceSize: 2)
        let error = try #require(throws: PropertyListError.self) { try PropertyList(data: bytes) }
        #expect(error.message.contains("refer to each other"))
    }

    /// Found by Fuzz/FuzzPropertyLists: a key with U+0000 (from a binary plist) was written
    /// to XML without it, so the value changed; plistlib refuses such strings too.
    @Test("Strings and keys with characters XML cannot hold are refused by the XML writer, kept by the others")
    func xmlForbiddenCharacters() throws {
        for value: PropertyList in [.string("a\u{0}b"), ["k\u{1}": 1], ["k": .string("\u{FFFF}")]] {
            let error = #expect(throws: PropertyListError.self) { try value.data(format: .xml) }
            #expect(error?.message.contains("which an XML plist cannot hold") == true, "\(error.map { "\($0)" } ?? "")")
            #expect(try PropertyList(data: value.data(format: .binary)) == value)
            #expect(try PropertyList(data: value.data(format: .json)) == value)
        }
    }

    /// Found by Fuzz/FuzzPropertyLists: the string "true" alone was written bare, read back
    /// as JSON's true, and written again as YES.
    @Test("A string alone in an OpenStep file is quoted, so it never reads back as JSON", arguments: ["true", "12", "null", "YES"])
    func openStepTopLevelString(_ text: String) throws {
        let bytes = try PropertyList.string(text).data(format: .openStep)
        #expect(String(decoding: bytes, as: UTF8.self) == "\"\(text)\"\n")
        #expect(try PropertyList(data: bytes) == .string(text))
        #expect(try PropertyList(data: PropertyList.array([.string(text)]).data(format: .openStep)) == [.string(text)])
    }

    @Test("A boolean, real or date alone in an OpenStep file is a quoted string, written again the same", arguments: [
        (PropertyList.boolean(true), "YES"), (.real(.infinity), "inf"), (.real(1.5), "1.5"),
        (.date(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z"),
    ])
    func openStepTopLevelScalars(_ value: PropertyList, _ text: String) throws {
        let bytes = try value.data(format: .openStep)
        #expect(String(decoding: bytes, as: UTF8.self) == "\"\(text)\"\n")
        #expect(try PropertyList(data: bytes).data(format: .openStep) == bytes)
    }

    /// Random values of every kind, including the extremes each format finds hard.
    private static func randomValue(depth: Int, using random: inout SeededGenerator) -> PropertyList {
        let strings = ["", "plain", "Köln", "a\u{0}b", "tab\tnew\nline\r", "<&>\"'", "\u{1F600}", "\u{FFFD}", "//x", "/*", "1.5", "YES"]
        switch Int.random(in: 0..<(depth > 3 ? 8 : 10), using: &random) {
        case 0: return .string(strings.randomElement(using: &random)!)
        case 1: return .integer([Int64.min, -1, 0, 1, Int64.max, 255, 65_536].randomElement(using: &random)!)
        case 2: return .unsignedInteger(UInt64.max)
        case 3: return .real([0, -0.0, 1.5, 1e300, -1e-300, .infinity, .nan, 0.1].randomElement(using: &random)!)
        case 4: return .boolean(Bool.random(using: &random))
        case 5:
            let range = PropertyList.dateRange
            return .date([range.lowerBound, range.upperBound, Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 0.5)]
                .randomElement(using: &random)!)
        case 6: return .data(Data((0..<Int.random(in: 0..<40, using: &random)).map { UInt8(truncatingIfNeeded: $0 * 37) }))
        case 7: return .uid(UInt64.random(in: 0...UInt64(UInt32.max), using: &random))
        case 8: return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            var dictionary: [String: PropertyList] = [:]
            for _ in 0..<Int.random(in: 0..<4, using: &random) {
                dictionary[strings.randomElement(using: &random)!] = randomValue(depth: depth + 1, using: &random)
            }
            return .dictionary(.init(uniqueKeysWithValues: dictionary.sorted { $0.key < $1.key }.map { (PropertyList.DictionaryKey($0.key), $0.value) }))
        }
    }

    @Test("random values: what each writer writes, every reader reads (or the writer refuses it)")
    func randomRoundTrips() throws {
        var random = SeededGenerator(seed: 0x5EED)
        var written: [String: Int] = [:]
        for round in 0..<2_000 {
            let value = Self.randomValue(depth: 0, using: &random)
            for format in Self.formats {
                let bytes: Data
                do { bytes = try value.data(format: format, json: Self.json) } catch is PropertyListError { continue }
                written["\(format)", default: 0] += 1
                do {
                    let back = try PropertyList(data: bytes)
                    // Binary holds every kind exactly; XML too, but for dates, which it writes to
                    // the second, and line ends, which it writes as LF as plistlib does (NaN
                    // never equals itself).
                    guard !"\(value)".contains("nan") else { continue }
                    if format == .binary {
                        #expect(back == value, "round \(round): \(value) → \(back)")
                    } else if format == .xml {
                        #expect(back == Self.asXMLWritesIt(value), "round \(round), XML: \(value) → \(back)")
                    }
                } catch {
                    Issue.record("round \(round), \(format): \(error) reading back \(value)")
                }
            }
        }
        // Each writer wrote most values (a writer that refused everything would pass above).
        for format in Self.formats { #expect(written["\(format)", default: 0] >= 500, "\(format): \(written)") }
    }

    /// The value as an XML plist holds it: dates to the second, CR LF and CR as LF.
    static func asXMLWritesIt(_ value: PropertyList) -> PropertyList {
        func lines(_ text: String) -> String {
            text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        switch value {
        case .date(let date): return .date(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
        case .string(let text): return .string(lines(text))
        case .array(let items): return .array(items.map(asXMLWritesIt))
        case .dictionary(let entries):
            return .dictionary(
                .init(uniqueKeysWithValues: entries.map { (PropertyList.DictionaryKey(lines($0.key.string)), asXMLWritesIt($0.value)) }))
        default: return value
        }
    }
}
