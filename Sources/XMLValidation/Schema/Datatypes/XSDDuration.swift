internal import XMLSyntax

/// A value of `duration`: months and seconds, which the recommendation keeps apart because
/// a month has no fixed length (`P1M` is neither more nor less than `P30D`, but `P1Y` is
/// `P12M` and `P1D` is `PT24H`).
///
/// Months and whole seconds are each held in an `Int64`, the fraction of a second exactly:
/// a duration longer than a billion years (``maximumYears``) is refused as out of range,
/// so that comparing never overflows.
struct XSDDuration: Hashable, Sendable {
    let months: Int64
    let seconds: Int64
    let fraction: XSDDecimal
    let isNegative: Bool

    /// The longest duration read, in years of 366 days for its seconds.
    static let maximumYears: Int64 = 1_000_000_000

    /// The value of `text`, `-?PnYnMnDTnHnMnS` with at least one part and a `T` only before
    /// a time part, or `nil`.
    init?(_ text: Substring) {
        var bytes = Array(text.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        guard bytes.first == UInt8(ascii: "P") else { return nil }
        bytes = bytes.dropFirst()
        var months: Int64 = 0
        var seconds: Int64 = 0
        var fraction = XSDDecimal(0)
        var inTime = false
        var parts = 0
        var timeParts = 0
        // The designators allowed next, in order: Y M D before T, H M S after.
        var order = 0
        while let first = bytes.first {
            if first == UInt8(ascii: "T") {
                guard !inTime else { return nil }
                inTime = true
                order = 3
                bytes = bytes.dropFirst()
                continue
            }
            var value: Int64 = 0
            var digits = 0
            while let digit = bytes.first, (48...57).contains(digit) {
                let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow, product <= Int64.max - Int64(digit - 48) else { return nil }
                value = product + Int64(digit - 48)
                digits += 1
                bytes = bytes.dropFirst()
            }
            var partFraction: XSDDecimal?
            if bytes.first == UInt8(ascii: ".") {
                bytes = bytes.dropFirst()
                var fractionDigits = ""
                while let digit = bytes.first, (48...57).contains(digit) {
                    fractionDigits.unicodeScalars.append(Unicode.Scalar(digit))
                    bytes = bytes.dropFirst()
                }
                guard !fractionDigits.isEmpty else { return nil }
                partFraction = XSDDecimal(Substring("0." + fractionDigits))
            }
            guard digits > 0, let designator = bytes.first else { return nil }
            bytes = bytes.dropFirst()
            let designators: [UInt8] = inTime ? Array("HMS".utf8) : Array("YMD".utf8)
            guard let place = designators.firstIndex(of: designator), place + (inTime ? 3 : 0) >= order else {
                return nil
            }
            order = place + (inTime ? 3 : 0) + 1
            // Only seconds may have a fraction.
            guard partFraction == nil || (inTime && designator == UInt8(ascii: "S")) else { return nil }
            let unit: (months: Int64, seconds: Int64) =
                switch (inTime, designator) {
                case (false, UInt8(ascii: "Y")): (12, 0)
                case (false, UInt8(ascii: "M")): (1, 0)
                case (false, _): (0, 86_400)
                case (true, UInt8(ascii: "H")): (0, 3600)
                case (true, UInt8(ascii: "M")): (0, 60)
                default: (0, 1)
                }
            let (monthPart, monthOverflow) = value.multipliedReportingOverflow(by: unit.months)
            let (secondPart, secondOverflow) = value.multipliedReportingOverflow(by: unit.seconds)
            let (newMonths, monthSumOverflow) = months.addingReportingOverflow(monthPart)
            let (newSeconds, secondSumOverflow) = seconds.addingReportingOverflow(secondPart)
            guard !monthOverflow, !secondOverflow, !monthSumOverflow, !secondSumOverflow else { return nil }
            (months, seconds) = (newMonths, newSeconds)
            if let partFraction { fraction = partFraction }
            parts += 1
            if inTime { timeParts += 1 }
        }
        // `P` alone, or a `T` with no time part after it, is not a duration.
        guard parts > 0, !inTime || timeParts > 0, months <= Self.maximumYears * 12,
            seconds <= Self.maximumYears * 366 * 86_400
        else { return nil }
        let isZero = months == 0 && seconds == 0 && fraction == XSDDecimal(0)
        self.months = months
        self.seconds = seconds
        self.fraction = fraction
        self.isNegative = negative && !isZero
    }

    /// The recommendation's partial order (3.2.6.2): durations compare as they compare when
    /// added to each of four dates whose months differ in length (1696-09-01, 1697-02-01,
    /// 1903-03-01, 1903-07-01); when the four disagree, they are incomparable (`nil`).
    static func compare(_ a: XSDDuration, _ b: XSDDuration) -> XSDOrder? {
        var result: XSDOrder?
        for (year, month) in [(1696, 9), (1697, 2), (1903, 3), (1903, 7)] as [(Int64, Int64)] {
            let order = compareInstants(a.added(toYear: year, month: month), b.added(toYear: year, month: month))
            if let result, result != order { return nil }
            result = order
        }
        return result
    }

    /// Seconds from 1970 (with the fraction, signed) of the first of `month` in `year` plus
    /// the duration; the first of a month plus months is the first of another month, so no
    /// day needs pinning to its month's end.
    private func added(toYear year: Int64, month: Int64) -> (seconds: Int64, fraction: XSDDecimal, negative: Bool) {
        let signedMonths = isNegative ? -months : months
        let total = year * 12 + (month - 1) + signedMonths
        let (newYear, newMonth) = (total >= 0 ? total / 12 : (total - 11) / 12, ((total % 12) + 12) % 12 + 1)
        let days = CivilCalendar.days(year: newYear, month: newMonth, day: 1)
        let base = days * 86_400
        return isNegative ? (base - seconds, fraction, true) : (base + seconds, fraction, false)
    }

    private static func compareInstants(
        _ a: (seconds: Int64, fraction: XSDDecimal, negative: Bool),
        _ b: (seconds: Int64, fraction: XSDDecimal, negative: Bool)
    ) -> XSDOrder {
        // A negative duration's fraction takes away: base - seconds - fraction.
        func exact(_ x: (seconds: Int64, fraction: XSDDecimal, negative: Bool)) -> (Int64, XSDDecimal) {
            guard x.negative, x.fraction != XSDDecimal(0) else { return (x.seconds, x.fraction) }
            return (x.seconds - 1, x.fraction.complement)
        }
        let (s1, f1) = exact(a)
        let (s2, f2) = exact(b)
        if s1 != s2 { return s1 < s2 ? .less : .greater }
        if f1 != f2 { return f1 < f2 ? .less : .greater }
        return .equal
    }
}
