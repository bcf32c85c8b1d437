/// The median of a non-empty list (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "the median of nothing")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Formats a number with a fixed count of decimals ("123.4").
func formatted(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "—" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let have = text.distance(from: dot, to: text.endIndex) - 1
        if decimals == 0 {
            text = String(text[..<dot])
        } else if have < decimals {
            text += String(repeating: "0", count: decimals - have)
        }
    }
    return text
}

/// Formats a count with thousands separators ("1,234,567").
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (i, character) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return value < 0 ? "-" + result : result
}
