internal import XMLSyntax

/// A value of `dateTime`, `date`, `time` or one of the Gregorian fragments (`gYear`, …):
/// the recommendation's seven properties, with the fields a type lacks taken from a fixed
/// reference date, so that values of one type compare on one time line.
///
/// Years have no year 0 (XML Schema 1.0: `-0001` is the year before `0001`) and may have
/// more than four digits, up to what an `Int64` of seconds holds (about 292 billion years);
/// a longer one is refused as out of range. Seconds are exact: whole seconds and a decimal
/// fraction.
struct XSDDateTime: Hashable, Sendable {
    /// Which of the eight types the value is of; values of different types never compare.
    let type: XSDBuiltinType
    /// Seconds from 1970-01-01T00:00:00 to the value, in UTC when it has a time zone.
    let seconds: Int64
    /// The fraction of a second, in [0, 1).
    let fraction: XSDDecimal
    /// The time zone in minutes east of UTC, or `nil` when the value has none.
    let timeZone: Int?

    /// The value of `text` (white space collapsed) as a value of `type`, one of the eight
    /// date and time types; `nil` when it is not one.
    init?(_ text: Substring, as type: XSDBuiltinType) {
        var scanner = Scanner(bytes: Array(text.utf8))
        // The reference date for fields a type lacks: 1972-12-31, a leap year, so that
        // `--02-29` is a gMonthDay.
        var year: Int64 = 1972
        var month: Int64 = 12
        var day: Int64 = 31
        var hour: Int64 = 0
        var minute: Int64 = 0
        var second: Int64 = 0
        var fraction = XSDDecimal(0)
        switch type {
        case .dateTime, .date, .gYearMonth, .gYear:
            guard let y = scanner.year() else { return nil }
            year = y
            if type != .gYear {
                guard scanner.take("-"), let m = scanner.digits(2) else { return nil }
                month = m
                day = 1
            } else {
                month = 1
                day = 1
            }
            if type == .dateTime || type == .date {
                guard scanner.take("-"), let d = scanner.digits(2) else { return nil }
                day = d
            }
        case .gMonthDay, .gMonth:
            guard scanner.take("-"), scanner.take("-"), let m = scanner.digits(2) else { return nil }
            month = m
            day = 1
            if type == .gMonthDay {
                guard scanner.take("-"), let d = scanner.digits(2) else { return nil }
                day = d
            }
        case .gDay:
            guard scanner.take("-"), scanner.take("-"), scanner.take("-"), let d = scanner.digits(2) else { return nil }
            day = d
        case .time:
            break
        default:
            return nil
        }
        if type == .dateTime {
            guard scanner.take("T") else { return nil }
        }
        if type == .dateTime || type == .time {
            guard let h = scanner.digits(2), scanner.take(":"), let m = scanner.digits(2), scanner.take(":"),
                let s = scanner.digits(2)
            else { return nil }
            (hour, minute, second) = (h, m, s)
            if scanner.take(".") {
                let start = scanner.index
                while scanner.peekDigit() != nil { scanner.index += 1 }
                guard scanner.index > start,
                    let value = XSDDecimal(Substring("0." + String(decoding: scanner.bytes[start..<scanner.index], as: UTF8.self)))
                else { return nil }
                fraction = value
            }
            // 24:00:00 is the end of a day, the next one's start; no other hour past 23.
            guard minute < 60, second < 60, hour < 24 || (hour == 24 && minute == 0 && second == 0 && fraction == XSDDecimal(0))
            else { return nil }
        }
        var timeZone: Int?
        if scanner.take("Z") {
            timeZone = 0
        } else if let sign = scanner.sign() {
            guard let h = scanner.digits(2), scanner.take(":"), let m = scanner.digits(2), m < 60,
                h < 14 || (h == 14 && m == 0)
            else { return nil }
            timeZone = sign * Int(h * 60 + m)
        }
        guard scanner.atEnd, (1...12).contains(month), day >= 1 else { return nil }
        // No year 0: the year before 1 is -1, which the calendar's arithmetic calls 0.
        let astronomical = year < 0 ? year + 1 : year
        guard day <= Self.daysIn(month: month, year: astronomical) else { return nil }
        let days = CivilCalendar.days(year: astronomical, month: month, day: day)
        let (dayPart, dayOverflow) = days.multipliedReportingOverflow(by: 86_400)
        guard !dayOverflow else { return nil }
        var seconds = dayPart + hour * 3600 + minute * 60 + second - Int64(timeZone ?? 0) * 60
        if type == .time {
            // A time is a time of any day: normalized to UTC, or from 24:00:00, it stays
            // within the reference day.
            seconds = days * 86_400 + ((seconds - days * 86_400) % 86_400 + 86_400) % 86_400
        }
        self.type = type
        self.seconds = seconds
        self.fraction = fraction
        self.timeZone = timeZone
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Equal when of one type, both with a time zone or both without, at one instant
    /// (`12:00:00Z` is `13:00:00+01:00`).
    static func == (a: XSDDateTime, b: XSDDateTime) -> Bool {
        a.type == b.type && (a.timeZone == nil) == (b.timeZone == nil) && a.seconds == b.seconds
            && a.fraction == b.fraction
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(timeZone == nil)
        hasher.combine(seconds)
        hasher.combine(fraction)
    }

    /// The recommendation's partial order (3.2.7.3): a value without a time zone is any time
    /// within 14 hours of its reading in UTC, so against one with a time zone it is only
    /// less or greater when it is so whatever its zone; otherwise `nil`, as for values of
    /// different types.
    static func compare(_ a: XSDDateTime, _ b: XSDDateTime) -> XSDOrder? {
        guard a.type == b.type else { return nil }
        if (a.timeZone == nil) == (b.timeZone == nil) { return order(a.seconds, a.fraction, b.seconds, b.fraction) }
        let fourteenHours: Int64 = 14 * 3600
        // Shift the value without a zone to the two ends of its range.
        let shift = a.timeZone == nil ? fourteenHours : -fourteenHours
        let early = order(a.seconds - shift, a.fraction, b.seconds, b.fraction)
        let late = order(a.seconds + shift, a.fraction, b.seconds, b.fraction)
        return early == late ? early : nil
    }

    private static func order(_ s1: Int64, _ f1: XSDDecimal, _ s2: Int64, _ f2: XSDDecimal) -> XSDOrder {
        if s1 != s2 { return s1 < s2 ? .less : .greater }
        if f1 != f2 { return f1 < f2 ? .less : .greater }
        return .equal
    }

    /// Reads the lexical forms' pieces from bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        func peekDigit() -> Int64? {
            guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
            return Int64(bytes[index] - 48)
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        /// `+` or `-` as 1 or -1.
        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }

        /// Exactly `count` digits.
        mutating func digits(_ count: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<count {
                guard let digit = peekDigit() else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }

        /// `-?yyyy`: four digits or more, no leading zero past four, not 0000.
        mutating func year() -> Int64? {
            let negative = take("-")
            let start = index
            var value: Int64 = 0
            while let digit = peekDigit() {
                let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow, product <= Int64.max / 86_400 / 366 - digit else { return nil }
                value = product + digit
                index += 1
            }
            let count = index - start
            guard count >= 4, count == 4 || bytes[start] != UInt8(ascii: "0"), value != 0 else { return nil }
            return negative ? -value : value
        }
    }
}

/// Where one value stands against another, in a type's order.
enum XSDOrder: Hashable, Sendable {
    case less, equal, greater
}
