import Foundation

/// ISO 8601 dates as the coders read and write them, with a fraction of a second that
/// survives the round trip: what was read is written again, digit for digit.
///
/// Foundation's `ISO8601FormatStyle` keeps three digits and truncates (a date read from
/// `05.007Z` is 727006265.00699997 s after 2001 and was written back `05.006Z`). Here the
/// fraction is read as the decimal it is and added once to the whole seconds, and written as
/// the fewest digits (three at least) that read back as the same `Date`. Both directions go
/// byte by byte (``XMLDateFormats``): through Foundation's styles a date took several times
/// as long to decode as its text.
enum XMLDateText {
    /// The date in ISO 8601 in UTC, with the fewest fractional digits (three at least) that
    /// `XMLDateFormats.iso8601` reads back as exactly this date; none for whole seconds.
    static func text(for date: Date) -> String {
        let t = date.timeIntervalSinceReferenceDate
        let whole = t.rounded(.down)
        // Exact: both are multiples of t's unit in the last place, and the result is below 1.
        let fraction = t - whole
        let ours = whole.isFinite && abs(whole) < 1e15 ? XMLDateFormats.iso8601Text(secondsSince1970: Int(whole) + 978_307_200) : nil
        let seconds = ours ?? Date(timeIntervalSinceReferenceDate: whole).formatted(Date.ISO8601FormatStyle())
        guard fraction > 0, t.isFinite else { return seconds }
        let digits = fractionDigits(fraction, after: whole, making: t)
        // The style writes UTC with a closing "Z": the fraction goes before it.
        return String(seconds.dropLast()) + "." + digits + "Z"
    }

    /// The fewest decimal digits d, three at least (milliseconds, as Foundation and most
    /// feeds write them), with `whole + Double("0.d") == t`: a date read from `.123` finds
    /// "123" again, one read from `.0071` "0071".
    private static func fractionDigits(_ fraction: Double, after whole: Double, making t: Double) -> String {
        var scale = 100.0
        for count in 3...17 {
            scale *= 10
            let n = (fraction * scale).rounded()
            guard n < scale else { continue }
            let digits = String(Int64(n))
            let padded = String(repeating: "0", count: count - digits.count) + digits
            if let value = Double("0." + padded), whole + value == t { return padded }
        }
        // Not reached for a date this reader made; for others, the fraction's own shortest
        // decimal (exact, since whole + fraction == t), written out without an exponent.
        return Decimal(fraction).description.split(separator: ".").last.map(String.init) ?? "0"
    }
}
