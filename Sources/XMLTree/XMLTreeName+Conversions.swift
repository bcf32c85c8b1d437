import XMLStreaming

// The tree's name and attribute types beside the stream's owned ones (docs/PublicAPI.md
// says why both exist): each converts to the other without loss.
extension XMLTreeName {
    /// The tree's form of an owned name (its qualified name made once).
    public init(_ name: XMLQualifiedName) {
        self.init(localName: name.localName, namespaceURI: name.namespaceURI, prefix: name.prefix)
    }
}

extension XMLQualifiedName {
    /// The owned form of a tree's name: what events, routes and errors carry.
    public init(_ name: XMLTreeName) {
        self.init(localName: name.localName, namespaceURI: name.namespaceURI, prefix: name.prefix)
    }
}

extension XMLOwnedAttribute {
    /// The owned form of a tree's attribute, as the pull reader hands attributes out
    /// (`isSpecified` is the tree's: `false` for a default the DTD supplied).
    public init(_ attribute: XMLTreeAttribute) {
        self.init(name: XMLQualifiedName(attribute.name), value: attribute.value, isSpecified: attribute.isSpecified)
    }
}
