import XMLStreaming
import XMLWriting

// The parser's declaration events as the writer's declarations, for copying a DOCTYPE's
// internal subset from a document read to one written (as the tree does). They live here,
// where reading and writing meet: the stream parser knows nothing of the writer, nor the
// writer of the parser.
extension XMLMarkupDeclaration {
    /// `<!ELEMENT …>` with the content model as the parser reported it.
    public init(_ declaration: XMLElementDeclaration) {
        self = .element(name: declaration.name, content: declaration.description)
    }

    /// `<!ATTLIST …>` for the declared attribute: `#REQUIRED`, `#FIXED`, a default or
    /// `#IMPLIED`.
    public init(_ declaration: XMLAttributeDeclaration) {
        let defaultValue: AttributeDefault
        switch (declaration.isRequired, declaration.defaultValue) {
        case (true, nil): defaultValue = .required
        case (true, let value?): defaultValue = .fixed(value)
        case (false, let value?): defaultValue = .value(value)
        case (false, nil): defaultValue = .implied
        }
        self = .attribute(element: declaration.elementName, name: declaration.attributeName, type: declaration.type, default: defaultValue)
    }

    /// `<!ENTITY …>`: internal or external, general or parameter, parsed or unparsed; `nil`
    /// for a declaration with neither a value nor a system identifier (which the parser
    /// never reports).
    public init?(_ declaration: XMLEntityDeclaration) {
        switch (declaration.value, declaration.systemID) {
        case (let value?, _):
            self = declaration.isParameterEntity
                ? .parameterEntity(name: declaration.name, value: value) : .entity(name: declaration.name, value: value)
        case (nil, let systemID?):
            self = declaration.isParameterEntity
                ? .externalParameterEntity(name: declaration.name, publicID: declaration.publicID, systemID: systemID)
                : .externalEntity(name: declaration.name, publicID: declaration.publicID, systemID: systemID, notation: declaration.notationName)
        case (nil, nil): return nil
        }
    }

    /// `<!NOTATION …>`.
    public init(_ notation: XMLNotation) {
        self = .notation(name: notation.name, publicID: notation.publicID, systemID: notation.systemID)
    }
}
