import Foundation
internal import XMLSyntax

/// A date and time of day in the proleptic Gregorian calendar, with the arithmetic that turns
/// it into seconds since 1970 and back (`CivilCalendar`), with no `Calendar` and no
/// formatter (which cost most of a date-heavy decode's time).
struct XMLCivilTime {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0

    /// Days from 1970-01-01 to the date (`CivilCalendar`, shared with property lists).
    static func days(year: Int, month: Int, day: Int) -> Int {
        Int(CivilCalendar.days(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The date `days` after 1970-01-01.
    static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let (year, month, day) = CivilCalendar.date(days: Int64(days))
        return (Int(year), Int(month), Int(day))
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether the fields name a real date and time (second 60, a leap second, is refused, as
    /// XML Schema's `dateTime` refuses it).
    var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= Self.daysInMonth(month, year: year) && (0...23).contains(hour)
            && (0...59).contains(minute) && (0...59).contains(second)
    }

    /// Seconds since 1970 of this time read in UTC.
    var secondsSince1970: Int {
        Self.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// The time of `seconds` since 1970, in UTC.
    init(secondsSince1970 seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        (year, month, day) = Self.date(days: days)
        hour = rest / 3600
        minute = rest / 60 % 60
        second = rest % 60
    }

    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Days since 1970 and the weekday, 0 for Sunday.
    static func weekday(days: Int) -> Int { ((days + 4) % 7 + 7) % 7 }

    /// The `Date` of `seconds` since 1970 read in UTC, less `offset` seconds (the zone's
    /// offset from UTC), plus `fraction` of a second added once, as ``XMLDateText`` reads
    /// fractions (so the date written back has the same digits).
    static func date(secondsSince1970 seconds: Int, offset: Int, fraction: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(seconds - offset - 978_307_200) + fraction)
    }

    /// The zone's offset from UTC at a local time, in seconds: for a zone whose offset
    /// changes (summer time), the offset in force at that moment; for a local time the
    /// clocks skip or repeat, the offset in force before the change.
    static func offset(of zone: TimeZone, forLocal seconds: Int) -> Int {
        func offset(atUTC utc: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc))) }
        // The offset a day before, then whether the local time read with it is in force.
        let before = offset(atUTC: seconds - 86_400)
        if offset(atUTC: seconds - before) == before { return before }
        let after = offset(atUTC: seconds - before)
        // In force read with the new offset: a time after the change; otherwise a time the
        // clocks skipped, read with the offset before.
        return offset(atUTC: seconds - after) == after ? after : before
    }
}

/// Reading fixed-width digits and words from a date's bytes.
struct XMLDateScanner {
    let bytes: [UInt8]
    var i = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { i >= bytes.count }
    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    /// Exactly `count` ASCII digits as a number.
    mutating func digits(_ count: Int) -> Int? {
        guard i + count <= bytes.count else { return nil }
        var value = 0
        for k in i..<(i + count) {
            let digit = Int(bytes[k]) - 0x30
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        i += count
        return value
    }

    /// From `minimum` to `maximum` ASCII digits as a number, and how many there were.
    mutating func digits(from minimum: Int, to maximum: Int) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while count < maximum, let byte = peek, byte >= 0x30, byte <= 0x39 {
            value = value * 10 + Int(byte - 0x30)
            i += 1
            count += 1
        }
        return count >= minimum ? (value, count) : nil
    }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        i += 1
        return true
    }

    mutating func skipSpaces() {
        while let byte = peek, byte == 0x20 || byte == 0x09 { i += 1 }
    }

    /// ASCII letters, lowercased.
    mutating func word() -> [UInt8] {
        var word: [UInt8] = []
        while let byte = peek, (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A {
            word.append(byte | 0x20)
            i += 1
        }
        return word
    }
}
