/// The receiver that forwards expat's callbacks to a handler.
class HandlerReceiver<Handler: XMLEventHandler>: ExpatReceiver {
    /// The handler, in a stored property whose exclusivity is not checked at run time: a
    /// mutating call through a checked class property pays a dynamic exclusivity check per
    /// event. Unchecked: no overlapping access, re-entrant calls included. Each event makes
    /// one call into it, and a handler cannot reach its own parser's handler from a callback
    /// (`XMLStreamParser.handler` refuses while `isInsideExpat`).
    @exclusivity(unchecked) var handler: Handler

    init(handler: Handler, options: XMLParserOptions) {
        unsafe self.handler = handler
        super.init(options: options)
    }

    override func onStartDocument() throws { unsafe try handler.startDocument(XMLLocator(link: locatorLink)) }
    override func onEndDocument() throws { unsafe try handler.endDocument() }
    override func onXMLDeclaration(_ declaration: XMLDeclaration) throws { unsafe try handler.xmlDeclaration(declaration) }
    override func onStartDoctype(_ doctype: XMLDoctype) throws { unsafe try handler.startDoctype(doctype) }
    override func onEndDoctype() throws { unsafe try handler.endDoctype() }
    override func onNotationDeclaration(_ notation: XMLNotation) throws { unsafe try handler.notationDeclaration(notation) }
    override func onAttributeDeclaration(_ declaration: XMLAttributeDeclaration) throws {
        unsafe try handler.attributeDeclaration(declaration)
    }
    override func onEntityDeclaration(_ declaration: XMLEntityDeclaration) throws {
        unsafe try handler.entityDeclaration(declaration)
    }
    override func onStartElement(_ name: XMLName, _ attributes: XMLAttributes) throws {
        unsafe try handler.startElement(name, attributes: attributes)
    }
    override func onEndElement(_ name: XMLName) throws { unsafe try handler.endElement(name) }
    override func onCharacters(_ text: XMLStringView) throws { unsafe try handler.characters(text) }
    override func onStartCDATA() throws { unsafe try handler.startCDATA() }
    override func onEndCDATA() throws { unsafe try handler.endCDATA() }
    override func onComment(_ text: XMLStringView) throws { unsafe try handler.comment(text) }
    override func onProcessingInstruction(_ target: XMLStringView, _ data: XMLStringView) throws {
        unsafe try handler.processingInstruction(target: target, data: data)
    }
    override func onStartPrefixMapping(_ prefix: XMLStringView?, _ uri: XMLStringView?) throws {
        unsafe try handler.startPrefixMapping(prefix: prefix, uri: uri)
    }
    override func onEndPrefixMapping(_ prefix: XMLStringView?) throws { unsafe try handler.endPrefixMapping(prefix: prefix) }
    override func onSkippedEntity(_ name: XMLStringView, _ isParameterEntity: Bool) throws {
        unsafe try handler.skippedEntity(name: name, isParameterEntity: isParameterEntity)
    }
    override func onSkippedAttributeEntity(_ name: XMLStringView, _ attribute: XMLName, _ position: XMLPosition) throws {
        unsafe try handler.skippedAttributeEntity(name: name, attribute: attribute, position: position)
    }
    override func onRepair(_ repair: XMLRepair) throws { unsafe try handler.repaired(repair) }
}
