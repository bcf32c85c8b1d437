/// How a validator reports what it finds, and the limits that keep a hostile DTD or document
/// from costing more than its size.
public struct XMLValidationOptions: Hashable, Sendable {
    /// Whether validation stops at the first error, or goes on and collects them; new ways
    /// may come (a `switch` over them ends with `default:`).
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum Reporting: Hashable, Sendable {
        /// The first error is thrown from the event that found it, and the parse stops there:
        /// the handler behind the validator sees nothing after it. What an import wants.
        case firstError
        /// Errors are collected in the validator's `errors` and the parse goes on, up to
        /// `maximum` of them; after that, further errors are counted but not kept.
        case allErrors(maximum: Int)
    }

    /// Whether validation stops at the first error (the default) or collects them.
    public var reporting: Reporting
    /// The most work compiling one DTD's content models may take, in positions and
    /// transitions of their automata; `nil` for no limit. Most models need about as many
    /// transitions as they have names, but one like `(a1?, a2?, …, an?)` needs n²/2, so a DTD
    /// of a few kilobytes could otherwise take minutes and gigabytes. The default, 1,000,000,
    /// is tens of megabytes at most.
    public var maximumContentModelSize: Int?

    /// Creates options; each default is described with its property.
    public init(reporting: Reporting = .firstError, maximumContentModelSize: Int? = 1_000_000) {
        self.reporting = reporting
        self.maximumContentModelSize = maximumContentModelSize
    }
}
