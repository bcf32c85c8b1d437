/// An exact decimal number, as XML Schema's `decimal` and the integer types hold their
/// values: never through `Double`, so `0.1`, 20-digit integers and `totalDigits` are exact.
///
/// The value is a sign and its significant digits with the place of the point: `0001.2300`
/// is 1.23, digits `[1, 2, 3]` and scale 2. Zero has no digits and is never negative.
struct XSDDecimal: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Significant digits, most significant first, with no leading or trailing zero (zero has
    /// none).
    private(set) var digits: [UInt8]
    /// How many of `digits` are after the point (more than their count for 0.001: `[1]`, 3);
    /// negative when the value ends in zeros before the point (1000: `[1]`, -3).
    private(set) var scale: Int
    private(set) var isNegative: Bool

    /// The value of `text` in decimal's lexical space, `[+-]?(\d+(\.\d*)?|\.\d+)` (white space
    /// already collapsed), or `nil`. `allowsPoint: false` reads integer's, `[+-]?\d+`.
    init?(_ text: Substring, allowsPoint: Bool = true) {
        var negative = false
        var whole: [UInt8] = []
        var fraction: [UInt8] = []
        var sawPoint = false
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "+") where offset == 0, UInt8(ascii: "-") where offset == 0:
                negative = byte == UInt8(ascii: "-")
            case UInt8(ascii: ".") where allowsPoint && !sawPoint:
                sawPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if sawPoint { fraction.append(byte - 48) } else { whole.append(byte - 48) }
            default:
                return nil
            }
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return nil }
        var all = whole + fraction
        var scale = fraction.count
        while all.last == 0 {
            all.removeLast()
            scale -= 1
        }
        all.removeFirst(all.firstIndex { $0 != 0 } ?? all.count)
        digits = all
        self.scale = all.isEmpty ? 0 : scale
        isNegative = negative && !all.isEmpty
    }

    init(_ value: Int) {
        self.init(Substring(String(value)))!
    }

    /// The digits `totalDigits` counts: from the first significant digit, or the point, to
    /// the last significant digit, or the point (`0001.2300` has 3, `1000` has 4, `0` has 1).
    var totalDigits: Int { Swift.max(1, Swift.max(digits.count, scale) - Swift.min(0, scale)) }
    /// The digits after the point that `fractionDigits` counts (`1.2300` has 2).
    var fractionDigits: Int { Swift.max(0, scale) }
    var isInteger: Bool { scale <= 0 }

    /// The canonical form: `1.23`, `-0.001`, `1000`, `0`.
    var description: String {
        if digits.isEmpty { return "0" }
        let text = String(decoding: digits.map { $0 + 48 }, as: UTF8.self)
        let beforePoint = digits.count - scale
        let sign = isNegative ? "-" : ""
        if beforePoint <= 0 { return sign + "0." + String(repeating: "0", count: -beforePoint) + text }
        if scale <= 0 { return sign + text + String(repeating: "0", count: -scale) }
        let point = text.index(text.startIndex, offsetBy: beforePoint)
        return sign + text[..<point] + "." + text[point...]
    }

    static func < (a: XSDDecimal, b: XSDDecimal) -> Bool {
        if a.isNegative != b.isNegative { return a.isNegative }
        let magnitude = compareMagnitudes(a, b)
        return a.isNegative ? magnitude > 0 : magnitude < 0
    }

    /// -1, 0 or 1 as |a| is less than, equal to or greater than |b|.
    private static func compareMagnitudes(_ a: XSDDecimal, _ b: XSDDecimal) -> Int {
        if a.digits.isEmpty || b.digits.isEmpty { return a.digits.isEmpty ? (b.digits.isEmpty ? 0 : -1) : 1 }
        // The place of the most significant digit, counted from the point.
        let aTop = a.digits.count - a.scale
        let bTop = b.digits.count - b.scale
        if aTop != bTop { return aTop < bTop ? -1 : 1 }
        for k in 0..<Swift.max(a.digits.count, b.digits.count) {
            let x = k < a.digits.count ? a.digits[k] : 0
            let y = k < b.digits.count ? b.digits[k] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// 1 − `self`, for a value between 0 and 1 (exclusive): the fraction of a second a
    /// negative duration takes away, counted from the second before.
    var complement: XSDDecimal {
        // self is N / 10^scale with 0 < N < 10^scale; the result is (10^scale − N) / 10^scale.
        var places = Array(repeating: UInt8(0), count: Swift.max(0, scale - digits.count)) + digits
        for k in places.indices { places[k] = 9 - places[k] }
        var k = places.count - 1
        while k >= 0 {
            if places[k] == 9 {
                places[k] = 0
                k -= 1
            } else {
                places[k] += 1
                break
            }
        }
        return XSDDecimal(Substring("0." + String(decoding: places.map { $0 + 48 }, as: UTF8.self)))!
    }
}
