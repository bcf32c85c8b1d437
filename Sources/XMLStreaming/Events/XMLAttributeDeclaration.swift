/// An `<!ATTLIST element attribute TYPE DEFAULT>` declaration of the internal DTD subset, one
/// per attribute: what makes an attribute an ID for XPath's `id()` and XML signatures.
public struct XMLAttributeDeclaration: Hashable, Sendable {
    /// The element the attribute belongs to, as written (`e3`, `ds:Reference`).
    public var elementName: String
    /// The attribute, as written.
    public var attributeName: String
    /// The type as written: `CDATA`, `ID`, `IDREF`, `NMTOKENS`, `(a|b)`, `NOTATION(x|y)`, ….
    public var type: String
    /// The default value, when one is given (also for `#FIXED`).
    public var defaultValue: String?
    /// `#REQUIRED`, or `#FIXED` with a default.
    public var isRequired: Bool

    /// Whether the attribute is of type `ID`.
    public var isID: Bool { type == "ID" }

    /// Creates a declaration of `attributeName` on `elementName`. `#REQUIRED` is `isRequired`
    /// without a `defaultValue`, `#FIXED "v"` is `isRequired` with one, `#IMPLIED` is neither.
    public init(elementName: String, attributeName: String, type: String, defaultValue: String? = nil, isRequired: Bool = false) {
        self.elementName = elementName
        self.attributeName = attributeName
        self.type = type
        self.defaultValue = defaultValue
        self.isRequired = isRequired
    }
}
