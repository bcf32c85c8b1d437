/// Appending XML pieces to a byte buffer without going through `String` formatting, so
/// the 512 MiB feed is written in seconds.
extension Array where Element == UInt8 {
    mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    mutating func put(_ bytes: [UInt8]) {
        append(contentsOf: bytes)
    }

    mutating func put(_ text: String) {
        append(contentsOf: text.utf8)
    }

    /// Writes `text` escaped for element content and attribute values (`&`, `<`, `>`, `"`).
    mutating func put(escaping text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): put("&amp;")
            case UInt8(ascii: "<"): put("&lt;")
            case UInt8(ascii: ">"): put("&gt;")
            case UInt8(ascii: "\""): put("&quot;")
            default: append(byte)
            }
        }
    }

    /// Writes a non-negative decimal number, zero-padded to `width` digits.
    mutating func put(number: Int, width: Int = 1) {
        precondition(number >= 0 && number < 1_000_000_000_000_000, "numbers in a corpus are small")
        var digitCount = 1
        var divisor = 1
        while number / divisor >= 10 {
            digitCount += 1
            divisor *= 10
        }
        for _ in digitCount..<Swift.max(width, digitCount) { append(UInt8(ascii: "0")) }
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8((number / divisor) % 10))
            divisor /= 10
        }
    }

    /// Writes a number as `width` lowercase hexadecimal digits.
    mutating func put(hex number: UInt64, width: Int) {
        let digits: StaticString = "0123456789abcdef"
        for shift in stride(from: (width - 1) * 4, through: 0, by: -4) {
            append(digits.utf8Start[Int((number >> UInt64(shift)) & 0xF)])
        }
    }
}
