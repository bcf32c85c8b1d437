import Foundation

// The rules every reader and writer applies alike, so that whatever one format reads,
// every format writes in a form the readers read again.
extension PropertyList {
    /// How deep values may nest, in every format: a value inside 512 containers is refused
    /// by every reader and every writer (the binary format's own limit, and what keeps the
    /// recursive writers and decoders well within their stack).
    public static let maximumDepth = 512

    /// The dates every format can hold: from 0000-01-01T00:00:00Z to
    /// 99999999-12-31T23:59:59Z (Foundation's `Date.distantPast`, 0000-12-30, and
    /// `distantFuture`, 4001-01-01, among them). XML, JSON and OpenStep write a date as
    /// `yyyy-MM-ddTHH:mm:ssZ`, a year after 9999 with as many digits as it has, as Foundation
    /// writes it (`33658-09-27T01:46:39Z`; Python's plistlib reads only four). A binary date
    /// outside these years is refused when read, and a date in code outside them when written.
    public static let dateRange: ClosedRange<Date> =
        Date(timeIntervalSince1970: PlistDate.earliestSeconds)...Date(timeIntervalSince1970: PlistDate.latestSeconds)
}

extension PlistDate {
    /// The last year a date may have: up to its end (3.2e15 seconds since 1970) a `Date`
    /// still holds every whole second exactly, so what is written reads back the same.
    static let latestYear: Int64 = 99_999_999

    /// 0000-01-01T00:00:00Z and the end of ``latestYear``, in seconds since 1970.
    static let earliestSeconds = Double(days(fromCivil: 0, 1, 1) * 86_400)
    static let latestSeconds = Double(days(fromCivil: latestYear, 12, 31) * 86_400 + 86_399)

    /// Whether `seconds` since 1970 is a date every format can hold (whole seconds are
    /// written; a fraction of a second past the last one still writes as the last one).
    static func isInRange(secondsSince1970 seconds: Double) -> Bool {
        seconds.isFinite && seconds >= earliestSeconds && seconds < latestSeconds + 1
    }

    static let rangeMessage = "outside the years 0 to 99,999,999 that property lists can hold"

    /// Refuses a date no format can write.
    static func check(_ date: Date) throws {
        guard isInRange(secondsSince1970: date.timeIntervalSince1970) else {
            throw PropertyListError("the date \(date.timeIntervalSince1970) s after 1970 is \(rangeMessage)")
        }
    }
}
