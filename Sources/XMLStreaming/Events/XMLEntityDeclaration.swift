/// An `<!ENTITY …>` declaration of the internal DTD subset, as the parser reads it. The
/// parser never loads an external entity; this only reports that one was declared.
public struct XMLEntityDeclaration: Hashable, Sendable {
    /// The entity's name.
    public var name: String
    /// The replacement text of an internal entity (`nil` for an external one).
    public var value: String?
    /// The system identifier of an external entity.
    public var systemID: String?
    /// The public identifier of an external entity, when given.
    public var publicID: String?
    /// The notation of an unparsed entity (`NDATA`).
    public var notationName: String?
    /// Whether it is a parameter entity (`<!ENTITY % name …>`).
    public var isParameterEntity: Bool

    /// Creates a declaration: `value` for an internal entity, `systemID` (and `publicID`, when
    /// given) for an external one, with `notationName` for an unparsed one.
    public init(
        name: String, value: String? = nil, systemID: String? = nil, publicID: String? = nil, notationName: String? = nil,
        isParameterEntity: Bool = false
    ) {
        self.name = name
        self.value = value
        self.systemID = systemID
        self.publicID = publicID
        self.notationName = notationName
        self.isParameterEntity = isParameterEntity
    }
}
