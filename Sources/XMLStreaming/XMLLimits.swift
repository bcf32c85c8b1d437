/// The limits the parser enforces. Each one, when exceeded, stops parsing with an
/// ``XMLParseError`` whose code names the limit and whose position is where it was hit.
///
/// The defaults protect a server from hostile input without getting in the way of real
/// documents; raise or lift them (`nil` means no limit) when you trust the input.
public struct XMLLimits: Hashable, Sendable {
    /// The deepest element nesting allowed. Default 10,000.
    public var maximumDepth: Int?
    /// The longest element or attribute name, in bytes. Default 50,000 (libxml2's limit).
    public var maximumNameLength: Int?
    /// The longest single attribute value, in bytes (after entity expansion). Default 10 MiB.
    public var maximumAttributeValueLength: Int?
    /// The longest run of character data between two tags, in bytes (comments and
    /// processing instructions inside the run do not end it). The parser streams text in pieces and never holds
    /// a run itself; the limit protects the handlers that collect it. Default 10 MiB.
    public var maximumTextLength: Int?
    /// The most input bytes one document may have. Default: no limit.
    public var maximumInputSize: Int64?
    /// expat's billion-laughs protection: the largest ratio of output produced by entity
    /// expansion to input read. Default 100 (expat's default); values below 1 count as 1,
    /// the least expat accepts. Maps to
    /// `XML_SetBillionLaughsAttackProtectionMaximumAmplification`.
    ///
    /// On expat 2.7.2 and later the allocation tracker is also on, with expat's own
    /// defaults (100x, from 64 MiB).
    public var maximumAmplification: Float
    /// The output size in bytes from which the amplification check applies. Default
    /// 8 MiB (expat's default). Maps to `XML_SetBillionLaughsAttackProtectionActivationThreshold`.
    public var amplificationActivationThreshold: UInt64

    /// Creates limits; every argument defaults to the safe default.
    public init(
        maximumDepth: Int? = 10_000,
        maximumNameLength: Int? = 50_000,
        maximumAttributeValueLength: Int? = 10 * 1024 * 1024,
        maximumTextLength: Int? = 10 * 1024 * 1024,
        maximumInputSize: Int64? = nil,
        maximumAmplification: Float = 100,
        amplificationActivationThreshold: UInt64 = 8 * 1024 * 1024
    ) {
        self.maximumDepth = maximumDepth
        self.maximumNameLength = maximumNameLength
        self.maximumAttributeValueLength = maximumAttributeValueLength
        self.maximumTextLength = maximumTextLength
        self.maximumInputSize = maximumInputSize
        self.maximumAmplification = maximumAmplification
        self.amplificationActivationThreshold = amplificationActivationThreshold
    }

    /// The safe defaults.
    public static let `default` = XMLLimits()

    /// No limits beyond expat's own billion-laughs protection, which stays on.
    public static let unlimited = XMLLimits(
        maximumDepth: nil, maximumNameLength: nil, maximumAttributeValueLength: nil,
        maximumTextLength: nil, maximumInputSize: nil)
}
