import Foundation
import Testing
import XMLCoding
import XMLTestSupport

@Suite("Dates: ISO 8601's variants and RFC 822, read and written byte by byte")
struct DateStrategyTests {
    struct Stamp: Codable, Equatable { var at: Date }

    func decode(_ text: String, _ strategy: XMLDecoder.DateDecodingStrategy = .iso8601, zone: TimeZone? = nil) throws -> Date {
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = strategy
        if let zone { decoder.assumedTimeZone = zone }
        return try decoder.decode(Stamp.self, from: Array("<s><at>\(text)</at></s>".utf8)).at
    }

    func encode(_ date: Date, _ strategy: XMLEncoder.DateEncodingStrategy) throws -> String {
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.dateEncodingStrategy = strategy
        let xml = String(decoding: try encoder.encode(Stamp(at: date), withRootKey: "s"), as: UTF8.self)
        return String(xml.dropFirst("<s><at>".count).dropLast("</at></s>".count))
    }

    static let utc = TimeZone(identifier: "UTC")!
    static let yearOne = Date(timeIntervalSince1970: -62_135_596_800)
    static func date(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0, offset: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        return calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))!
    }

    @Test("ISO 8601: a date alone, no seconds, no zone, a space for T, fractions, every zone form")
    func iso8601Variants() throws {
        #expect(try decode("2024-01-15") == Self.date(2024, 1, 15))
        #expect(try decode("2024-03-05T10:11:12") == Self.date(2024, 3, 5, 10, 11, 12))
        #expect(try decode("2024-03-05T10:11") == Self.date(2024, 3, 5, 10, 11))
        #expect(try decode("2024-03-05 10:11:12Z") == Self.date(2024, 3, 5, 10, 11, 12))
        #expect(try decode("2024-03-05t10:11:12z") == Self.date(2024, 3, 5, 10, 11, 12))
        #expect(try decode("2024-01-14T18:30:00+01:00") == Self.date(2024, 1, 14, 18, 30, offset: 3600))
        #expect(try decode("2024-01-14T18:30:00-0530") == Self.date(2024, 1, 14, 18, 30, offset: -19800))
        #expect(try decode("2024-01-14T18:30:00+09") == Self.date(2024, 1, 14, 18, 30, offset: 32400))
        #expect(try decode("2024-01-15Z") == Self.date(2024, 1, 15))
        #expect(try decode("2024-01-15T24:00:00Z") == Self.date(2024, 1, 16))
        #expect(try decode("2024-03-05T10:11:12.250Z").timeIntervalSince(Self.date(2024, 3, 5, 10, 11, 12)) == 0.25)
        #expect(try decode("2024-03-05T10:11:12,5Z").timeIntervalSince(Self.date(2024, 3, 5, 10, 11, 12)) == 0.5)
        // Far past and future years, in the proleptic Gregorian calendar as ISO 8601 counts them
        // (Foundation's Calendar turns Julian before 1582).
        #expect(try decode("0001-01-01T00:00:00Z") == Self.yearOne)
        #expect(try decode("9999-12-31T23:59:59Z") == Self.date(9999, 12, 31, 23, 59, 59))
        #expect(try decode("12345-01-01T00:00:00Z") == Self.date(12345, 1, 1))
        // A zone-less date in the decoder's assumed zone, summer time included.
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        #expect(try decode("2024-07-01T12:00:00", zone: berlin) == Self.date(2024, 7, 1, 10))
        #expect(try decode("2024-01-01", zone: berlin) == Self.date(2023, 12, 31, 23))
        #expect(try decode("2024-07-01T12:00:00Z", zone: berlin) == Self.date(2024, 7, 1, 12))
    }

    @Test("what is no date is an error naming the text and its position", arguments: [
        "2024-02-30", "2023-02-29T00:00:00Z", "2024-13-01", "2024-01-15T25:00:00Z", "2024-01-15T10:60Z", "2024-01-15T10:11:60Z",
        "2024-1-15", "2024-01-15T", "2024-01-15T10", "2024-01-15T10:11:12.Z", "2024-01-15T10:11:12+1", "2024-01-15T10:11:12+15:00",
        "2024-01-15T10:11:12Zjunk", "15.01.2024", "", "2024-01-15T24:00:01Z", "0000-01-01", "01234-01-01", "-2024-01-01",
    ])
    func iso8601Errors(text: String) throws {
        #expect {
            try decode(text)
        } throws: { error in
            "\(error)".contains("expected a date in ISO 8601, found \"\(text)\" at line 1, column 4")
        }
    }

    @Test("RFC 822: weekday or not, two-digit years, no seconds, numeric and named zones, comments")
    func rfc822() throws {
        #expect(try decode("Mon, 15 Jan 2024 10:11:12 GMT", .rfc822) == Self.date(2024, 1, 15, 10, 11, 12))
        #expect(try decode("Mon, 15 Jan 2024 10:11:12 +0100", .rfc822) == Self.date(2024, 1, 15, 9, 11, 12))
        #expect(try decode("15 Jan 2024 10:11:12 -0800", .rfc822) == Self.date(2024, 1, 15, 18, 11, 12))
        #expect(try decode("Sun, 14 Jan 2024 18:30 EST", .rfc822) == Self.date(2024, 1, 14, 23, 30))
        #expect(try decode("sunday, 14 january 24 18:30:00 pdt", .rfc822) == Self.date(2024, 1, 15, 1, 30))
        #expect(try decode("Thu, 1 Jan 98 00:00:00 UT", .rfc822) == Self.date(1998, 1, 1))
        #expect(try decode("Sun, 06-Nov-94 08:49:37 GMT", .rfc822) == Self.date(1994, 11, 6, 8, 49, 37))
        #expect(try decode("Mon, 15 Jan 2024 10:11:12 +01:00", .rfc822) == Self.date(2024, 1, 15, 9, 11, 12))
        #expect(try decode("Mon, 15 Jan 2024 10:11:12 Z", .rfc822) == Self.date(2024, 1, 15, 10, 11, 12))
        #expect(try decode("Mon, 15 Jan 2024 10:11:12 A", .rfc822) == Self.date(2024, 1, 15, 10, 11, 12))
        #expect(try decode("Mon, 15 Jan 2024 10:11:12 +0000 (UTC)", .rfc822) == Self.date(2024, 1, 15, 10, 11, 12))
        #expect(try decode("  Mon, 15 Jan 2024 9:11:12 GMT ", .rfc822) == Self.date(2024, 1, 15, 9, 11, 12))
        // No zone: the assumed one.
        #expect(try decode("Mon, 15 Jan 2024 10:11:12", .rfc822, zone: TimeZone(secondsFromGMT: 7200)) == Self.date(2024, 1, 15, 8, 11, 12))
        for text in ["Mon, 30 Feb 2024 10:11:12 GMT", "Mon, 15 Foo 2024 10:11:12 GMT", "Mon 15 Jan 2024", "Fun, 15 Jan 2024 10:11 GMT",
            "15 Jan 2024 10:11:12 XYZ", "15 Jan 2024 10:11:12 GMT trailing", "2024-01-15T10:11:12Z", "Mon, 15 Jan 2024 10:11:12 J"]
        {
            #expect(throws: DecodingError.self, "\(text)") { try decode(text, .rfc822) }
        }
    }

    @Test("random dates: ours read what Foundation writes and Foundation reads what ours write, in both formats", arguments: 0..<4)
    func differential(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let posix = DateFormatter()
        posix.locale = Locale(identifier: "en_US_POSIX")
        posix.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        for _ in 0..<500 {
            let seconds = Int.random(in: -2_208_988_800...4_102_444_800, using: &random)  // 1900 to 2100
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let offset = Int.random(in: -56...56, using: &random) * 900
            posix.timeZone = TimeZone(secondsFromGMT: offset)!
            let rfcText = posix.string(from: date)
            #expect(try decode(rfcText, .rfc822) == date, "\(rfcText)")
            let isoText = date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: offset)!))
            #expect(try decode(isoText) == date, "\(isoText)")

            let written = try encode(date, .rfc822)
            posix.timeZone = Self.utc
            #expect(posix.date(from: written.replacingOccurrences(of: "GMT", with: "+0000")) == date, "\(written)")
            let writtenISO = try encode(date, .iso8601)
            #expect(try Date(writtenISO, strategy: .iso8601) == date, "\(writtenISO)")
        }
    }

    @Test("RFC 822 is written as RFC 1123 in GMT, the fraction dropped; the default stays ISO 8601 with its digits")
    func writing() throws {
        let date = Self.date(2024, 1, 15, 10, 11, 12).addingTimeInterval(0.007)
        #expect(try encode(date, .rfc822) == "Mon, 15 Jan 2024 10:11:12 GMT")
        #expect(try encode(Self.yearOne, .rfc822) == "Mon, 01 Jan 0001 00:00:00 GMT")
        #expect(try encode(Self.yearOne, .iso8601) == "0001-01-01T00:00:00Z")
        #expect(try encode(date, .iso8601) == "2024-01-15T10:11:12.007Z")
        #expect(try decode("2024-01-15T10:11:12.007Z") == date)
        #expect(try encode(Self.date(1969, 12, 31, 23, 59, 59), .iso8601) == "1969-12-31T23:59:59Z")
        #expect(throws: EncodingError.self) { try encode(Self.date(10000, 1, 1), .rfc822) }
    }

    @Test("an error a custom date or data closure throws gets the value's line and column")
    func closureErrorsArePositioned() throws {
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date I know: \(text)")
        }
        struct Item: Decodable { var id: Int; var due: Date }
        #expect {
            try decoder.decode(Item.self, from: Array("<item>\n  <id>1</id>\n  <due>soon</due>\n</item>".utf8), fileName: "items.xml")
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["due"]
                && context.debugDescription == "not a date I know: soon at items.xml:3:3"
        }
        decoder.dataDecodingStrategy = .custom { decoder in
            throw DecodingError.dataCorruptedError(in: try decoder.singleValueContainer(), debugDescription: "no")
        }
        struct Blob: Decodable { var data: Data }
        #expect {
            try decoder.decode(Blob.self, from: Array("<b data='x'/>".utf8))
        } throws: { error in "\(error)".contains("no at line 1, column 1") }
        // An error of the caller's own type comes out as thrown, for `catch` to find.
        struct NotADate: Error, Equatable { var text: String }
        decoder.dateDecodingStrategy = .custom { decoder in throw NotADate(text: try decoder.singleValueContainer().decode(String.self)) }
        #expect(throws: NotADate(text: "soon")) {
            try decoder.decode(Item.self, from: Array("<item><id>1</id><due>soon</due></item>".utf8))
        }
    }
}
