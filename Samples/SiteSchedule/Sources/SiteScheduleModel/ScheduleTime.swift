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
        // Plain comparisons rather than `(1...12).contains`: this runs twice per activity of
        // an import, and the range checks did not specialize across modules.
        guard year >= 1, year <= 9999, month >= 1, month <= 12, hour >= 0, hour <= 23, minute >= 0, minute <= 59,
            day >= 1, day <= Self.days(inMonth: month, of: year)
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
        var text = String(text)
        guard let time = text.withUTF8({ ScheduleTime(utf8: $0) }) else { return nil }
        self = time
    }

    /// Reads the same forms from UTF-8 bytes, without allocating: what an import calls with
    /// the bytes of an attribute value.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        func number(_ minimum: Int, _ maximum: Int) -> Int? {
            var value = 0
            var count = 0
            while i < bytes.count, count < maximum, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                value = value * 10 + Int(bytes[i] &- 0x30)
                count += 1
                i += 1
            }
            return count >= minimum ? value : nil
        }
        func expect(_ byte: UInt8, or other: UInt8? = nil) -> Bool {
            guard i < bytes.count, bytes[i] == byte || bytes[i] == other else { return false }
            i += 1
            return true
        }
        guard let year = number(4, 4), expect(0x2D), let month = number(2, 2), expect(0x2D),
            let day = number(2, 2), expect(0x20, or: 0x54), let hour = number(1, 2), expect(0x3A),
            let minute = number(2, 2), i == bytes.count
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    /// The feed's form: "2012-03-01 6:00".
    ///
    /// Written digit by digit like ``sortableText``: an export or a Codable encode writes two
    /// per activity, and the interpolation of padded numbers was a sixth of an encode's time.
    public var description: String {
        guard hasSortableFields else {
            return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2)) \(hour):\(Self.pad(minute, 2))"
        }
        return String(unsafeUninitializedCapacity: 16) { buffer in
            let all = UnsafeMutableBufferPointer(rebasing: buffer[0..<16])
            writeSortableText(into: all)
            guard hour < 10 else { return 16 }
            // The feed's hour has no leading zero: "6:00", not "06:00".
            for i in 11..<15 { all[i] = all[i + 1] }
            return 15
        }
    }

    /// A form that sorts as text, for storage: "2012-03-01 06:00".
    ///
    /// Written digit by digit into the string's own storage: the import stores two per
    /// activity, and interpolating padded numbers cost more than SQLite's insert.
    public var sortableText: String {
        // The fields are settable: a value out of the ranges the initializers check is
        // written as before, by interpolation.
        guard hasSortableFields else {
            return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2)) \(Self.pad(hour, 2)):\(Self.pad(minute, 2))"
        }
        return String(unsafeUninitializedCapacity: 16) { buffer in
            writeSortableText(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<16]))
            return 16
        }
    }

    /// Calls `body` with the UTF-8 bytes of ``sortableText``, from the stack when the fields
    /// are in range: how the import binds a time to SQLite without making a `String`.
    public func withSortableText<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard hasSortableFields else {
            var text = sortableText
            return try text.withUTF8(body)
        }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            writeSortableText(into: buffer)
            return try body(UnsafeBufferPointer(buffer))
        }
    }

    /// Whether every field fits the 16 bytes of the sortable form.
    private var hasSortableFields: Bool {
        year >= 0 && year <= 9999 && month >= 0 && month <= 99 && day >= 0 && day <= 99 && hour >= 0 && hour <= 99
            && minute >= 0 && minute <= 99
    }

    /// Writes "YYYY-MM-DD HH:MM" into 16 bytes; the fields must fit (``hasSortableFields``).
    private func writeSortableText(into buffer: UnsafeMutableBufferPointer<UInt8>) {
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
