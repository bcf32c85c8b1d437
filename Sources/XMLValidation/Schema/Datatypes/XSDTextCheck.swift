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
    /// Whether the type has an enumeration, whose values' UTF-8 is ``enumeration``.
    let hasEnumeration: Bool
    let enumeration: [[UInt8]]

    /// Whether the check takes no value at all: the stand-in of a type whose values need
    /// more than bytes can tell (``acceptingNothing``).
    private let acceptsNothing: Bool

    /// Enumerations longer than this are checked through the `Set` of values instead.
    static let maximumEnumeration = 32

    /// The check of a type without one of its own, kept beside the others so that all are
    /// read in place (``XSDModel/textChecks``): every value goes to the type's validation.
    static let acceptingNothing = XSDTextCheck()

    private init() {
        acceptsNothing = true
        whiteSpace = .preserve
        length = nil
        minLength = nil
        maxLength = nil
        patterns = []
        hasEnumeration = false
        enumeration = []
    }

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
            hasEnumeration = true
            enumeration = written
        } else {
            hasEnumeration = false
            enumeration = []
        }
        acceptsNothing = false
        self.whiteSpace = whiteSpace
        length = facets.length
        minLength = facets.minLength
        maxLength = facets.maxLength
        patterns = facets.patterns.map { $0.map(\.program) }
    }

    /// Whether `bytes` (well-formed UTF-8, as the parser gives) is a valid value as written
    /// of the type whose check is `checks[index]`: `false` both for an invalid value and for
    /// one white-space normalization would change.
    ///
    /// The check is read in place, field by field, through spans: a check read out of its
    /// array, or called as a method on an element, is copied, which retains its arrays on
    /// every value.
    static func accepts(_ bytes: Span<UInt8>, by checks: Span<XSDTextCheck>, at index: Int) -> Bool {
        guard !checks[index].acceptsNothing, checks[index].whiteSpace.leavesUnchanged(bytes) else { return false }
        let length = checks[index].length
        let minLength = checks[index].minLength
        let maxLength = checks[index].maxLength
        if length != nil || minLength != nil || maxLength != nil {
            let count = XSDValue.characterCount(bytes)
            if let length, count != length { return false }
            if let minLength, count < minLength { return false }
            if let maxLength, count > maxLength { return false }
        }
        let steps = checks[index].patterns.span
        for step in steps.indices {
            let alternatives = steps[step].span
            var matched = false
            for k in alternatives.indices where alternatives[k].matches(bytes) {
                matched = true
                break
            }
            if !matched { return false }
        }
        guard checks[index].hasEnumeration else { return true }
        let values = checks[index].enumeration.span
        for k in values.indices where equal(values[k].span, bytes) { return true }
        return false
    }

    private static func equal(_ value: Span<UInt8>, _ bytes: Span<UInt8>) -> Bool {
        guard value.count == bytes.count else { return false }
        for i in bytes.indices where value[i] != bytes[i] { return false }
        return true
    }
}
