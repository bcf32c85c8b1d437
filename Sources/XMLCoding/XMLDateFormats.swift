import Foundation

/// The date formats the coders read and write themselves, byte by byte: ISO 8601 (as XML
/// Schema's `dateTime` and `date` spell it, and the variants feeds use) and RFC 822 (RFC
/// 1123's and RFC 2822's, as RSS and HTTP spell dates).
enum XMLDateFormats {
    /// ISO 8601: `2024-01-15`, `2024-01-15T10:11`, `2024-01-15T10:11:12`, with any number of
    /// fractional digits after `.` or `,`, and `Z`, `±hh:mm`, `±hhmm` or `±hh`; `T` may be
    /// `t` or a space. A date or time without a zone is read in `zone`. Nil for anything else.
    static func iso8601(_ text: String, zone: TimeZone?) -> Date? {
        var scan = XMLDateScanner(text)
        // Four digits, or more without a leading zero (XML Schema's years past 9999), up to
        // nine: the seconds of a later year would overflow.
        guard let (year, yearCount) = scan.digits(from: 4, to: 9), yearCount == 4 || scan.bytes[0] != 0x30, year >= 1,
            scan.skip(0x2D), let month = scan.digits(2), scan.skip(0x2D),
            let day = scan.digits(2)
        else { return nil }
        var time = XMLCivilTime(year: year, month: month, day: day)
        var fraction = 0.0
        if scan.skip(0x54) || scan.skip(0x74) || (scan.peek == 0x20 && scan.bytes.count > scan.i + 1 && scan.skip(0x20)) {
            guard let hour = scan.digits(2), scan.skip(0x3A), let minute = scan.digits(2) else { return nil }
            (time.hour, time.minute) = (hour, minute)
            if scan.skip(0x3A) {
                guard let second = scan.digits(2) else { return nil }
                time.second = second
                if scan.skip(0x2E) || scan.skip(0x2C) {
                    guard let read = readFraction(&scan) else { return nil }
                    fraction = read
                }
            }
            // 24:00:00 is the end of the day, the next day's start.
            if time.hour == 24, time.minute == 0, time.second == 0, fraction == 0 {
                time.hour = 23
                guard time.isValid else { return nil }
                return zoned(time, offsetBy: 3600, &scan, zone: zone, fraction: 0)
            }
        }
        guard time.isValid else { return nil }
        return zoned(time, offsetBy: 0, &scan, zone: zone, fraction: fraction)
    }

    /// The date of `time` with the zone that follows it (the default zone when none does),
    /// `extra` seconds later; nil when anything but a zone follows.
    private static func zoned(_ time: XMLCivilTime, offsetBy extra: Int, _ scan: inout XMLDateScanner, zone: TimeZone?, fraction: Double)
        -> Date?
    {
        let local = time.secondsSince1970 + extra
        let offset: Int
        if scan.isAtEnd {
            offset = zone.map { XMLCivilTime.offset(of: $0, forLocal: local) } ?? 0
        } else if scan.skip(0x5A) || scan.skip(0x7A) {
            offset = 0
        } else if let sign = scan.peek, sign == 0x2B || sign == 0x2D {
            scan.i += 1
            guard let hours = scan.digits(2), hours <= 14 else { return nil }
            var minutes = 0
            if scan.skip(0x3A) {
                guard let read = scan.digits(2) else { return nil }
                minutes = read
            } else if !scan.isAtEnd {
                guard let read = scan.digits(2) else { return nil }
                minutes = read
            }
            // XML Schema's zones run from -14:00 to +14:00.
            guard minutes <= 59, hours < 14 || minutes == 0 else { return nil }
            offset = (sign == 0x2D ? -1 : 1) * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard scan.isAtEnd else { return nil }
        return XMLCivilTime.date(secondsSince1970: local, offset: offset, fraction: fraction)
    }

    /// The digits after a decimal point as the fraction they spell: `Double(n) / 10^k` is
    /// correctly rounded for up to 15 digits, the same `Double` as `Double("0.ddd")`, which
    /// the writer's shortest-digits search relies on; longer ones go through `Double`.
    private static func readFraction(_ scan: inout XMLDateScanner) -> Double? {
        let start = scan.i
        guard let (value, count) = scan.digits(from: 1, to: 15) else { return nil }
        if let next = scan.peek, next >= 0x30, next <= 0x39 {
            while let next = scan.peek, next >= 0x30, next <= 0x39 { scan.i += 1 }
            return Double("0." + String(decoding: scan.bytes[start..<scan.i], as: UTF8.self))
        }
        return Double(value) / powersOfTen[count]
    }

    private static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// RFC 822 as RFC 2822 and RFC 1123 revise it, the way RSS and HTTP write dates:
    /// `Mon, 15 Jan 2024 10:11:12 GMT`. The weekday is optional (and not checked against the
    /// date, as feeds get it wrong); months and weekdays in English, any case, abbreviated or
    /// not; a two-digit year is 19xx from 50 and 20xx below, as RFC 2822 reads it; seconds are
    /// optional; the zone is `±hhmm` (or `±hh:mm`), `GMT`, `UT`, `UTC`, `Z`, a US zone (`EST`,
    /// `PDT` …), or a military letter (read as UTC, as RFC 2822 says); none reads the date in
    /// `zone`. A comment in parentheses may follow.
    static func rfc822(_ text: String, zone: TimeZone?) -> Date? {
        var scan = XMLDateScanner(text)
        scan.skipSpaces()
        let first = scan.word()
        if !first.isEmpty {
            guard weekdays.contains(first) else { return nil }
            _ = scan.skip(0x2C)
            scan.skipSpaces()
        }
        guard let (day, _) = scan.digits(from: 1, to: 2) else { return nil }
        let dashed = scan.skip(0x2D)
        if !dashed { scan.skipSpaces() }
        let monthName = scan.word()
        guard let monthIndex = months.firstIndex(of: monthName) ?? longMonths.firstIndex(of: monthName) else { return nil }
        if dashed { guard scan.skip(0x2D) else { return nil } } else { scan.skipSpaces() }
        guard let (yearDigits, yearCount) = scan.digits(from: 2, to: 4) else { return nil }
        let year: Int
        switch yearCount {
        case 2: year = yearDigits + (yearDigits < 50 ? 2000 : 1900)
        case 3: year = yearDigits + 1900
        default: year = yearDigits
        }
        scan.skipSpaces()
        guard let (hour, _) = scan.digits(from: 1, to: 2), scan.skip(0x3A), let minute = scan.digits(2) else { return nil }
        var time = XMLCivilTime(year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute)
        // RFC 2822 allows a leap second: 23:59:60 reads as the next minute's start.
        var leapSecond = 0
        if scan.skip(0x3A) {
            guard let second = scan.digits(2) else { return nil }
            if second == 60 { (time.second, leapSecond) = (59, 1) } else { time.second = second }
        }
        guard time.isValid else { return nil }
        scan.skipSpaces()
        let local = time.secondsSince1970 + leapSecond
        var offset: Int
        if let sign = scan.peek, sign == 0x2B || sign == 0x2D {
            scan.i += 1
            guard let hours = scan.digits(2), hours <= 23 else { return nil }
            _ = scan.skip(0x3A)
            guard let minutes = scan.digits(2), minutes <= 59 else { return nil }
            offset = (sign == 0x2D ? -1 : 1) * (hours * 3600 + minutes * 60)
        } else {
            let name = scan.word()
            if name.isEmpty {
                offset = zone.map { XMLCivilTime.offset(of: $0, forLocal: local) } ?? 0
            } else if let known = zoneOffsets[name] {
                offset = known
            } else if name.count == 1, name != [0x6A] {
                offset = 0  // A military zone: RFC 2822 reads them as -0000, their meaning having been lost.
            } else {
                return nil
            }
        }
        scan.skipSpaces()
        if scan.skip(0x28) {
            while let byte = scan.peek, byte != 0x29 { scan.i += 1 }
            guard scan.skip(0x29) else { return nil }
            scan.skipSpaces()
        }
        guard scan.isAtEnd else { return nil }
        return XMLCivilTime.date(secondsSince1970: local, offset: offset, fraction: 0)
    }

    private static let weekdays: Set<[UInt8]> = Set(
        ["sun", "mon", "tue", "wed", "thu", "fri", "sat", "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
            .map { Array($0.utf8) })
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        .map { Array($0.utf8) }
    private static let longMonths = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ].map { Array($0.utf8) }
    private static let zoneOffsets: [[UInt8]: Int] = [
        "gmt": 0, "ut": 0, "utc": 0, "z": 0,
        "est": -5 * 3600, "edt": -4 * 3600, "cst": -6 * 3600, "cdt": -5 * 3600,
        "mst": -7 * 3600, "mdt": -6 * 3600, "pst": -8 * 3600, "pdt": -7 * 3600,
    ].reduce(into: [:]) { $0[Array($1.key.utf8)] = $1.value }

    /// `Mon, 15 Jan 2024 10:11:12 GMT`: RFC 1123's form (HTTP's), in UTC; the fraction of a
    /// second is dropped, as the format has none.
    static func rfc1123Text(for date: Date) -> String? {
        let t = date.timeIntervalSince1970.rounded(.down)
        guard t.isFinite, abs(t) < 1e15 else { return nil }
        let seconds = Int(t)
        let time = XMLCivilTime(secondsSince1970: seconds)
        guard (1...9999).contains(time.year) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][XMLCivilTime.weekday(days: days)]
        let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][time.month - 1]
        return "\(weekday), \(pad(time.day, 2)) \(month) \(pad(time.year, 4)) \(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2)) GMT"
    }

    /// `2024-01-15T10:11:12Z` for whole seconds since 1970, in UTC; nil for a year outside 1…9999.
    static func iso8601Text(secondsSince1970 seconds: Int) -> String? {
        let time = XMLCivilTime(secondsSince1970: seconds)
        guard (1...9999).contains(time.year) else { return nil }
        return "\(pad(time.year, 4))-\(pad(time.month, 2))-\(pad(time.day, 2))T\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2))Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
