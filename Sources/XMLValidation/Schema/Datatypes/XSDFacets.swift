/// The constraining facets a simple type holds, each as its nearest restriction set it (a
/// restriction can only narrow its base, so the last values are the ones that bind), except
/// patterns, where every step's must match.
struct XSDFacets: Sendable {
    var length: Int?
    var minLength: Int?
    var maxLength: Int?
    /// One entry per derivation step that has patterns: a value must match one pattern of
    /// each step (patterns of one step are alternatives).
    var patterns: [[XSDRegex]] = []
    /// The allowed values, and how the schema wrote them (for messages).
    var enumeration: (values: Set<XSDValue>, written: [String])?
    var minInclusive: (value: XSDValue, written: String)?
    var maxInclusive: (value: XSDValue, written: String)?
    var minExclusive: (value: XSDValue, written: String)?
    var maxExclusive: (value: XSDValue, written: String)?
    var totalDigits: Int?
    var fractionDigits: Int?
    /// Facets a restriction declared `fixed="true"`: further restrictions may not change them.
    var fixed: Set<XSDFacetKind> = []

    /// Whether the facets constrain nothing: no pattern, enumeration, length, bound or digits.
    var isEmpty: Bool {
        patterns.isEmpty && enumeration == nil && length == nil && minLength == nil && maxLength == nil
            && minInclusive == nil && maxInclusive == nil && minExclusive == nil && maxExclusive == nil
            && totalDigits == nil && fractionDigits == nil
    }

    /// Throws the first facet `value` (read from `lexical`) breaks.
    func check(_ value: XSDValue, lexical: String, typeName: String) throws(XSDValueError) {
        // Made only for an error: most values break nothing.
        var quoted: String { XSDValueError.quoted(lexical) }
        for step in patterns where !step.contains(where: { $0.matches(lexical) }) {
            let written = step.map { "\"\($0.pattern)\"" }.joined(separator: " or ")
            throw XSDValueError("\(quoted) does not match the pattern \(written) of \(typeName)")
        }
        if let enumeration, !enumeration.values.contains(value) {
            let listed = enumeration.written.prefix(10).map { quotedValue($0) }.joined(separator: ", ")
            let more = enumeration.written.count > 10 ? " and \(enumeration.written.count - 10) more" : ""
            throw XSDValueError("\(quoted) is not one of the values of \(typeName): \(listed)\(more)")
        }
        // Counted only when a length facet asks: most types have none.
        if length != nil || minLength != nil || maxLength != nil, let valueLength = value.length {
            let unit = Self.unit(of: value)
            if let length, valueLength != length {
                throw XSDValueError("\(quoted) has \(valueLength) \(unit); \(typeName) has a length of \(length)")
            }
            if let minLength, valueLength < minLength {
                throw XSDValueError("\(quoted) has \(valueLength) \(unit), fewer than the minLength \(minLength) of \(typeName)")
            }
            if let maxLength, valueLength > maxLength {
                throw XSDValueError("\(quoted) has \(valueLength) \(unit), more than the maxLength \(maxLength) of \(typeName)")
            }
        }
        // An incomparable value (NaN, or a time without a zone near a bound with one) does
        // not satisfy a bound, as xmllint has it; but NaN equals itself (Datatypes 3.2.4),
        // so it satisfies an inclusive bound of NaN.
        if let (bound, written) = minInclusive, value != bound, ![.greater, .equal].contains(XSDValue.compare(value, bound)) {
            throw XSDValueError("\(quoted) is less than the minInclusive \(written) of \(typeName)")
        }
        if let (bound, written) = minExclusive, XSDValue.compare(value, bound) != .greater {
            throw XSDValueError("\(quoted) is not more than the minExclusive \(written) of \(typeName)")
        }
        if let (bound, written) = maxInclusive, value != bound, ![.less, .equal].contains(XSDValue.compare(value, bound)) {
            throw XSDValueError("\(quoted) is more than the maxInclusive \(written) of \(typeName)")
        }
        if let (bound, written) = maxExclusive, XSDValue.compare(value, bound) != .less {
            throw XSDValueError("\(quoted) is not less than the maxExclusive \(written) of \(typeName)")
        }
        if case .decimal(let decimal) = value {
            if let totalDigits, decimal.totalDigits > totalDigits {
                throw XSDValueError("\(quoted) has \(decimal.totalDigits) digits, more than the totalDigits \(totalDigits) of \(typeName)")
            }
            if let fractionDigits, decimal.fractionDigits > fractionDigits {
                throw XSDValueError(
                    "\(quoted) has \(decimal.fractionDigits) digits after the point, more than the fractionDigits \(fractionDigits) of \(typeName)")
            }
        }
    }

    private static func unit(of value: XSDValue) -> String {
        switch value {
        case .hexBinary, .base64Binary: return "octets"
        case .list: return "items"
        default: return "characters"
        }
    }
}
