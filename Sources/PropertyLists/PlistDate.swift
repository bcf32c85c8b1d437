import Foundation
internal import XMLSyntax

/// Dates as plists write them: `yyyy-MM-ddTHH:mm:ssZ` in UTC, whole seconds, converted by
/// arithmetic (days from the civil calendar) rather than a formatter.
enum PlistDate {
    /// The date as text; throws for a date outside ``PropertyList/dateRange``.
    static func string(_ date: Date) throws -> String {
        try check(date)
        let seconds = Int64(floor(date.timeIntervalSince1970))
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let (y, m, d) = civil(fromDays: days)
        func pad(_ v: Int64, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))Z"
    }

    /// Reads `yyyy-MM-ddTHH:mm:ssZ`; like plistlib, the later fields may be left out
    /// (`2012-03-01T06Z`, `2012-03Z`). A field out of its range carries over as Foundation
    /// reads the dates older versions wrote (``carriedOver(_:_:_:_:_:_:)``: `2024-01-32` is
    /// 1 February); the result must be within ``PropertyList/dateRange``.
    static func date(_ text: String) -> Date? {
        var scalars = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard scalars.last == "Z" else { return nil }
        scalars = scalars.dropLast()
        var fields: [Int64] = []
        var separators: [Character] = []
        var current = ""
        for c in scalars {
            if c.isASCII && c.isNumber {
                current.append(c)
            } else {
                guard let value = Int64(current) else { return nil }
                fields.append(value)
                separators.append(c)
                current = ""
            }
        }
        guard let last = Int64(current) else { return nil }
        fields.append(last)
        let expected: [Character] = ["-", "-", "T", ":", ":"]
        guard fields.count <= 6, separators.elementsEqual(expected.prefix(separators.count)) else { return nil }
        let year = fields[0]
        // Years of up to eight digits (Foundation writes a year after 9999 with as many as it
        // has), and two-digit fields.
        guard (0...latestYear).contains(year), fields.dropFirst().allSatisfy({ $0 <= 99 }) else { return nil }
        let month = fields.count > 1 ? fields[1] : 1
        let day = fields.count > 2 ? fields[2] : 1
        let hour = fields.count > 3 ? fields[3] : 0
        let minute = fields.count > 4 ? fields[4] : 0
        let second = fields.count > 5 ? fields[5] : 0
        let seconds = carriedOver(year, month, day, hour, minute, second)
        guard isInRange(secondsSince1970: Double(seconds)) else { return nil }
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Seconds since 1970 for the fields, out-of-range ones carried over by CoreFoundation's
    /// arithmetic (what `PropertyListSerialization` reads): the days before the month,
    /// month 13 being the whole year and months 0, 14 and above counting as January, then
    /// days, hours, minutes and seconds added as they are (day 32 of January is 1 February,
    /// hour 24 the next day). ``days(fromCivil:_:_:)`` is that arithmetic already: linear in
    /// the day, and month 13 of a year is January of the next.
    static func carriedOver(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64, _ minute: Int64, _ second: Int64) -> Int64 {
        days(fromCivil: year, (1...13).contains(month) ? month : 1, day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` exactly, read from bytes without making a String.
    static func fastDate(_ b: [UInt8]) -> Date? {
        guard b.count == 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x5A else {
            return nil
        }
        func number(_ from: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for i in from..<from + count {
                let d = b[i] &- 0x30
                guard d < 10 else { return nil }
                value = value * 10 + Int64(d)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        return Date(timeIntervalSince1970: Double(days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Days from 1970-01-01 (`CivilCalendar`).
    static func days(fromCivil y: Int64, _ m: Int64, _ d: Int64) -> Int64 { CivilCalendar.days(year: y, month: m, day: d) }

    /// The date `z` days after 1970-01-01 (`CivilCalendar`).
    static func civil(fromDays z: Int64) -> (Int64, Int64, Int64) { CivilCalendar.date(days: z) }
}

