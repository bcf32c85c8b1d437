/// The check of a string type's value made on the parser's bytes, without a `String`: for
/// an atomic type whose value is its normalized text (`string`, `normalizedString`, `token`
/// and restrictions of them) narrowed only by lengths, patterns and an enumeration of a
/// few values. Most constrained attributes of real documents are of such types: codes,
/// enumerated flags, patterned dates.
///
/// It answers only "valid": a value it cannot take as it is (white space the type would
/// change, or a facet broken) goes to ``XSDSimpleType/validate(_:namespaces:)``, which
/// normalizes, decides and says why.
struct XSDTextCheck: Sendable {
    let whiteSpace: XSDWhiteSpace
    let length: Int?
    let minLength: Int?
    let maxLength: Int?
    /// The patterns' programs: each step's alternatives (the patterns of one derivation
    /// step), every step to be matched.
    let patterns: [[XSDRegexProgram]]
    /// The enumerated values' UTF-8, when the type has an enumeration.
    let enumeration: [[UInt8]]?

    /// Enumerations longer than this are checked through the `Set` of values instead.
    static let maximumEnumeration = 32

    /// The check for a type, or `nil` when its values need more than bytes can tell.
    init?(builtin: XSDBuiltinType, whiteSpace: XSDWhiteSpace, facets: XSDFacets) {
        guard [.string, .normalizedString, .token, .anySimpleType].contains(builtin),
            facets.minInclusive == nil, facets.maxInclusive == nil, facets.minExclusive == nil, facets.maxExclusive == nil,
            facets.totalDigits == nil, facets.fractionDigits == nil
        else { return nil }
        if let (values, _) = facets.enumeration {
            guard values.count <= Self.maximumEnumeration else { return nil }
            var written: [[UInt8]] = []
            for value in values {
                guard case .string(let text) = value else { return nil }
                written.append(Array(text.utf8))
            }
            enumeration = written
        } else {
            enumeration = nil
        }
        self.whiteSpace = whiteSpace
        length = facets.length
        minLength = facets.minLength
        maxLength = facets.maxLength
        patterns = facets.patterns.map { $0.map(\.program) }
    }

    /// Whether `bytes` (well-formed UTF-8, as the parser gives) is a valid value as written:
    /// `false` both for an invalid value and for one white-space normalization would change.
    func accepts(_ bytes: Span<UInt8>) -> Bool {
        guard whiteSpace.leavesUnchanged(bytes) else { return false }
        if length != nil || minLength != nil || maxLength != nil {
            let count = XSDValue.characterCount(bytes)
            if let length, count != length { return false }
            if let minLength, count < minLength { return false }
            if let maxLength, count > maxLength { return false }
        }
        // Read in place, through spans: an array's element is read out by copy, which would
        // retain each program on every value.
        let steps = patterns.span
        for step in steps.indices {
            let alternatives = steps[step].span
            var matched = false
            for k in alternatives.indices where alternatives[k].matches(bytes) {
                matched = true
                break
            }
            if !matched { return false }
        }
        if let enumeration, !enumeration.contains(where: { Self.equal($0, bytes) }) { return false }
        return true
    }

    private static func equal(_ value: [UInt8], _ bytes: Span<UInt8>) -> Bool {
        guard value.count == bytes.count else { return false }
        for i in bytes.indices where value[i] != bytes[i] { return false }
        return true
    }
}
