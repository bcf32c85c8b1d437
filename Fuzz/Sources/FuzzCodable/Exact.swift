import Foundation

/// Exact comparison of decoded values, which says where two values differ.
protocol Exact {
    func compare(_ other: Self, _ d: inout Differences)
}

/// The first difference found between two values, with its coding path.
struct Differences {
    private(set) var path: [String] = []
    private(set) var first: String?

    /// Whether `a` and `b` are the same, exactly.
    static func none<T: Exact>(_ a: T, _ b: T) -> Bool {
        var d = Differences()
        a.compare(b, &d)
        return d.first == nil
    }

    mutating func field<T: Exact>(_ name: String, _ a: T, _ b: T) {
        guard first == nil else { return }
        path.append(name)
        a.compare(b, &self)
        if first == nil { path.removeLast() }
    }

    mutating func check(_ same: Bool, _ a: Any, _ b: Any) {
        guard first == nil, !same else { return }
        first = "\(describe(a)) → \(describe(b))"
    }

    var description: String? { first.map { "at \(path.joined(separator: ".")): \($0)" } }

    private func describe(_ value: Any) -> String {
        switch value {
        case let double as Double: return "\(double) (bits 0x\(String(double.bitPattern, radix: 16)))"
        case let string as String:
            return "\(string.debugDescription) [\(string.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))]"
        default: return spelled(value)
        }
    }

    /// A date with every digit: `Date`'s own description stops at seconds.
    static func describe(_ date: Date) -> String {
        "Date(\(date.timeIntervalSince1970) s since 1970, \(date.timeIntervalSinceReferenceDate) since 2001)"
    }
}

/// A value with every digit of its dates and doubles; `Date`'s own description stops at
/// seconds, and traps for a NaN date (which `Date`'s own Codable reads from `NaN`).
func spelled(_ value: Any) -> String {
    switch value {
    case let date as Date: return Differences.describe(date)
    case let double as Double: return "\(double)"
    case let string as String: return string.debugDescription
    case let data as Data: return "<\(data.map { String($0, radix: 16) }.joined(separator: " "))>"
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional: return mirror.children.first.map { spelled($0.value) } ?? "nil"
    case .collection, .set: return "[" + mirror.children.map { spelled($0.value) }.joined(separator: ", ") + "]"
    case .dictionary:
        return "[" + mirror.children.map { pair in
            let parts = Mirror(reflecting: pair.value).children.map { spelled($0.value) }
            return parts.joined(separator: ": ")
        }.joined(separator: ", ") + "]"
    case .struct, .class, .tuple:
        return "\(mirror.subjectType)(" + mirror.children.map { "\($0.label ?? "_"): \(spelled($0.value))" }.joined(separator: ", ") + ")"
    case .enum:
        guard let child = mirror.children.first else { return ".\(value)" }
        return ".\(child.label ?? "?")(\(spelled(child.value)))"
    default: return String(reflecting: value)
    }
}

/// The same Double, bit for bit; any NaN equals any NaN (the encoder writes them all as `NaN`).
func sameDouble(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

extension String: Exact {
    func compare(_ other: String, _ d: inout Differences) {
        d.check(unicodeScalars.elementsEqual(other.unicodeScalars), self, other)
    }
}

extension Int: Exact {
    func compare(_ other: Int, _ d: inout Differences) { d.check(self == other, self, other) }
}

extension Bool: Exact {
    func compare(_ other: Bool, _ d: inout Differences) { d.check(self == other, self, other) }
}

extension Double: Exact {
    func compare(_ other: Double, _ d: inout Differences) { d.check(sameDouble(self, other), self, other) }
}

extension Data: Exact {
    func compare(_ other: Data, _ d: inout Differences) { d.check(self == other, self as NSData, other as NSData) }
}

extension Date: Exact {
    func compare(_ other: Date, _ d: inout Differences) {
        d.check(sameDouble(timeIntervalSinceReferenceDate, other.timeIntervalSinceReferenceDate), self, other)
    }
}

extension Optional: Exact where Wrapped: Exact {
    func compare(_ other: Wrapped?, _ d: inout Differences) {
        switch (self, other) {
        case (nil, nil): break
        case (let a?, let b?): a.compare(b, &d)
        default: d.check(false, self as Any, other as Any)
        }
    }
}

extension Array: Exact where Element: Exact {
    func compare(_ other: [Element], _ d: inout Differences) {
        guard count == other.count else { return d.check(false, self, other) }
        for (i, (a, b)) in zip(self, other).enumerated() { d.field("[\(i)]", a, b) }
    }
}

extension Dictionary: Exact where Key == String, Value: Exact {
    func compare(_ other: [String: Value], _ d: inout Differences) {
        guard count == other.count else { return d.check(false, self, other) }
        for (key, value) in self {
            // Swift finds keys by canonical equivalence; XML names are compared by code points.
            guard let index = other.index(forKey: key), other[index].key.unicodeScalars.elementsEqual(key.unicodeScalars) else {
                return d.check(false, self, other)
            }
            d.field("[\(key.debugDescription)]", value, other[index].value)
        }
    }
}
