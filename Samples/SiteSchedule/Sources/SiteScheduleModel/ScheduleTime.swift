/// A local date and time to the minute, as the schedule gives them: "2012-03-01 6:00".
///
/// The feed's times have no time zone: they are the site's wall-clock times. Comparable,
/// and written back exactly in the feed's form (hour without a leading zero).
public struct ScheduleTime: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int

    /// Creates a time; `nil` when a field is out of range (February 30th, 24:00, minute 60).
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
            (1...Self.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    /// Reads the feed's form, `YYYY-MM-DD H:MM` (the hour with one or two digits); also the
    /// ISO form with a `T` or a space and a two-digit hour. `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        var i = 0
        func number(digits: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while i < bytes.count, count < digits.upperBound, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                value = value * 10 + Int(bytes[i] - 0x30)
                count += 1
                i += 1
            }
            return digits.contains(count) ? value : nil
        }
        func expect(_ byte: UInt8...) -> Bool {
            guard i < bytes.count, byte.contains(bytes[i]) else { return false }
            i += 1
            return true
        }
        guard let year = number(digits: 4...4), expect(0x2D), let month = number(digits: 2...2), expect(0x2D),
            let day = number(digits: 2...2), expect(0x20, 0x54), let hour = number(digits: 1...2), expect(0x3A),
            let minute = number(digits: 2...2), i == bytes.count
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    /// The feed's form: "2012-03-01 6:00".
    public var description: String {
        "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2)) \(hour):\(Self.pad(minute, 2))"
    }

    /// A form that sorts as text, for storage: "2012-03-01 06:00".
    ///
    /// Written digit by digit into the string's own storage: the import stores two per
    /// activity, and interpolating padded numbers cost more than SQLite's insert.
    public var sortableText: String {
        // The fields are settable: a value out of the ranges the initializers check is
        // written as before, by interpolation.
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day), (0...99).contains(hour),
            (0...99).contains(minute)
        else {
            return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2)) \(Self.pad(hour, 2)):\(Self.pad(minute, 2))"
        }
        return String(unsafeUninitializedCapacity: 16) { buffer in
            func put(_ value: Int, _ width: Int, at offset: Int) {
                var rest = value
                for i in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, 2, at: 8)
            buffer[10] = UInt8(ascii: " ")
            put(hour, 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(minute, 2, at: 14)
            return 16
        }
    }

    public static func < (a: ScheduleTime, b: ScheduleTime) -> Bool {
        (a.year, a.month, a.day, a.hour, a.minute) < (b.year, b.month, b.day, b.hour, b.minute)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = ScheduleTime(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a schedule time: \(text)"))
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
