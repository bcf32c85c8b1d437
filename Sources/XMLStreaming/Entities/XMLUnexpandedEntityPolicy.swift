/// What to do with a reference to an entity the parser cannot expand: one that may be
/// declared in an external DTD (never read, by design), or after a parameter entity (never
/// parsed), or an external entity (never loaded).
///
/// `&nbsp;` in an XHTML page is the common case: the page's DOCTYPE names the XHTML DTD,
/// which declares it. Every case is a choice; none loses the reference without a word.
///
/// - ``XMLParserOptions/unexpandedEntities`` applies a policy while parsing, for every
///   handler (`nil`, the default, reports each reference as an event instead).
/// - The tree keeps references as nodes; its text APIs, XPath string values and canonical
///   forms each take a policy.
/// - The Codable decoder's `unexpandedEntityDecodingStrategy` is one.
public enum XMLUnexpandedEntityPolicy: Hashable, Sendable {
    /// Fail with an error that names the entity and where its reference is.
    case `throw`
    /// Keep the reference as the characters `&name;`.
    case keep
    /// Leave the reference out, on purpose (what xmllint's and lxml's XPath string values do).
    case skip
    /// Put the table's text for the name in its place (HTML's entities: `.replace(.html)`);
    /// a name the table lacks fails as ``throw`` does.
    case replace(XMLEntityTable)

    /// The text that stands for a reference to `name`, or `nil` when the policy is ``throw``
    /// or the table lacks the name.
    public func replacement(for name: String) -> String? {
        switch self {
        case .throw: return nil
        case .keep: return "&\(name);"
        case .skip: return ""
        case .replace(let table): return table[name]
        }
    }

    /// The message of the error for a reference to `name` under this policy: why it has no
    /// replacement.
    package func failureMessage(for name: String, attribute: String? = nil) -> String {
        let reference = "entity &\(name);" + (attribute.map { " in the value of attribute \($0)" } ?? "")
        if case .replace = self { return "\(reference) is not expanded, and the entity table has no text for it" }
        return "\(reference) is not expanded: it may be declared in the external DTD, which is never read"
    }
}
