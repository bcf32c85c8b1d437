/// XPath 1.0's core function library (section 4): all 27 functions.
enum XPathFunction: String, Sendable, CaseIterable {
    // Node-set functions.
    case last, position, count, id
    case localName = "local-name", namespaceURI = "namespace-uri", name
    // String functions.
    case string, concat
    case startsWith = "starts-with", contains
    case substringBefore = "substring-before", substringAfter = "substring-after", substring
    case stringLength = "string-length", normalizeSpace = "normalize-space", translate
    // Boolean functions.
    case boolean, not, `true`, `false`, lang
    // Number functions.
    case number, sum, floor, ceiling, round

    var arity: ClosedRange<Int> {
        switch self {
        case .last, .position, .true, .false: return 0...0
        case .count, .id, .boolean, .not, .lang, .sum, .floor, .ceiling, .round: return 1...1
        case .localName, .namespaceURI, .name, .string, .stringLength, .normalizeSpace, .number: return 0...1
        case .concat: return 2...Int.max
        case .startsWith, .contains, .substringBefore, .substringAfter: return 2...2
        case .substring: return 2...3
        case .translate: return 3...3
        }
    }

    var arityDescription: String {
        let range = arity
        if range.lowerBound == range.upperBound { return "\(range.lowerBound) argument\(range.lowerBound == 1 ? "" : "s")" }
        if range.upperBound == Int.max { return "\(range.lowerBound) or more arguments" }
        return "\(range.lowerBound) to \(range.upperBound) arguments"
    }
}
