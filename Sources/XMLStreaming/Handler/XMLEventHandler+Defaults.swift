// Empty defaults, so that a handler implements only the events it needs.
extension XMLEventHandler {
    @inlinable public mutating func startDocument(_ locator: XMLLocator) throws {}
    @inlinable public mutating func endDocument() throws {}
    @inlinable public mutating func xmlDeclaration(_ declaration: XMLDeclaration) throws {}
    @inlinable public mutating func startDoctype(_ doctype: XMLDoctype) throws {}
    @inlinable public mutating func endDoctype() throws {}
    @inlinable public mutating func notationDeclaration(_ notation: XMLNotation) throws {}
    @inlinable public mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) throws {}
    @inlinable public mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) throws {}
    @inlinable public mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {}
    @inlinable public mutating func endElement(_ name: XMLName) throws {}
    @inlinable public mutating func characters(_ text: XMLStringView) throws {}
    @inlinable public mutating func startCDATA() throws {}
    @inlinable public mutating func endCDATA() throws {}
    @inlinable public mutating func comment(_ text: XMLStringView) throws {}
    @inlinable public mutating func processingInstruction(target: XMLStringView, data: XMLStringView) throws {}
    @inlinable public mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) throws {}
    @inlinable public mutating func endPrefixMapping(prefix: XMLStringView?) throws {}
    @inlinable public mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws {}
    /// Throws ``XMLParseError`` ``XMLParseError/Code/unexpandedEntity`` at `position`: the value would
    /// otherwise lose the reference without a word.
    public mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) throws {
        throw XMLParseError(
            code: .unexpandedEntity,
            message: XMLParseError.unexpandedAttributeEntityMessage(name: name.string, attribute: attribute.qualifiedName)
                + " (XMLParserOptions.unexpandedEntities can keep, skip or replace it)",
            position: position)
    }
    @inlinable public mutating func repaired(_ repair: XMLRepair) throws {}
}
