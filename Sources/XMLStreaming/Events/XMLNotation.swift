/// A `<!NOTATION name PUBLIC "pubid" "sysid">` declaration of the internal DTD subset.
public struct XMLNotation: Hashable, Sendable {
    /// The notation's name.
    public var name: String
    /// The public identifier, when given.
    public var publicID: String?
    /// The system identifier, when given.
    public var systemID: String?

    /// Creates a notation declaration.
    public init(name: String, publicID: String? = nil, systemID: String? = nil) {
        self.name = name
        self.publicID = publicID
        self.systemID = systemID
    }
}
