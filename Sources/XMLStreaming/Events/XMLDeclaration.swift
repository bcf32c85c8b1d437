/// The XML declaration at the start of a document: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`.
public struct XMLDeclaration: Hashable, Sendable {
    /// The version, "1.0".
    public var version: String
    /// The declared encoding, when given.
    public var encoding: String?
    /// The `standalone` pseudo-attribute: `true` for "yes", `false` for "no", `nil` when absent.
    public var standalone: Bool?

    /// Creates a declaration.
    public init(version: String, encoding: String? = nil, standalone: Bool? = nil) {
        self.version = version
        self.encoding = encoding
        self.standalone = standalone
    }
}

/// A document type declaration: `<!DOCTYPE name PUBLIC "pubid" "sysid" [ … ]>`.
///
/// The parser never loads the external subset that `systemID` names (only one the caller
/// names: ``XMLParserOptions/externalDTD``).
public struct XMLDoctype: Hashable, Sendable {
    /// The root element name the declaration names.
    public var name: String
    /// The system identifier of the external subset, when given.
    public var systemID: String?
    /// The public identifier, when given.
    public var publicID: String?
    /// Whether the declaration has an internal subset in brackets.
    public var hasInternalSubset: Bool

    /// Creates a declaration.
    public init(name: String, systemID: String? = nil, publicID: String? = nil, hasInternalSubset: Bool = false) {
        self.name = name
        self.systemID = systemID
        self.publicID = publicID
        self.hasInternalSubset = hasInternalSubset
    }
}
