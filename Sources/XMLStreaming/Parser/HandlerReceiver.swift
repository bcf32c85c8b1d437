/// The receiver that forwards expat's callbacks to a handler.
class HandlerReceiver<Handler: XMLEventHandler>: ExpatReceiver {
    /// The handler lives in memory the receiver owns rather than in a stored property: a
    /// mutating call through a class property pays a dynamic exclusivity check per event.
    private let storage: UnsafeMutablePointer<Handler>

    var handler: Handler {
        get { storage.pointee }
        _modify { yield &storage.pointee }
        set { storage.pointee = newValue }
    }

    init(handler: Handler, options: XMLParserOptions) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: handler)
        super.init(options: options)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    override func onStartDocument() throws { try storage.pointee.startDocument(XMLLocator(link: locatorLink)) }
    override func onEndDocument() throws { try storage.pointee.endDocument() }
    override func onXMLDeclaration(_ declaration: XMLDeclaration) throws { try storage.pointee.xmlDeclaration(declaration) }
    override func onStartDoctype(_ doctype: XMLDoctype) throws { try storage.pointee.startDoctype(doctype) }
    override func onEndDoctype() throws { try storage.pointee.endDoctype() }
    override func onNotationDeclaration(_ notation: XMLNotation) throws { try storage.pointee.notationDeclaration(notation) }
    override func onAttributeDeclaration(_ declaration: XMLAttributeDeclaration) throws {
        try storage.pointee.attributeDeclaration(declaration)
    }
    override func onEntityDeclaration(_ declaration: XMLEntityDeclaration) throws {
        try storage.pointee.entityDeclaration(declaration)
    }
    override func onStartElement(_ name: XMLName, _ attributes: XMLAttributes) throws {
        try storage.pointee.startElement(name, attributes: attributes)
    }
    override func onEndElement(_ name: XMLName) throws { try storage.pointee.endElement(name) }
    override func onCharacters(_ text: XMLStringView) throws { try storage.pointee.characters(text) }
    override func onStartCDATA() throws { try storage.pointee.startCDATA() }
    override func onEndCDATA() throws { try storage.pointee.endCDATA() }
    override func onComment(_ text: XMLStringView) throws { try storage.pointee.comment(text) }
    override func onProcessingInstruction(_ target: XMLStringView, _ data: XMLStringView) throws {
        try storage.pointee.processingInstruction(target: target, data: data)
    }
    override func onStartPrefixMapping(_ prefix: XMLStringView?, _ uri: XMLStringView?) throws {
        try storage.pointee.startPrefixMapping(prefix: prefix, uri: uri)
    }
    override func onEndPrefixMapping(_ prefix: XMLStringView?) throws { try storage.pointee.endPrefixMapping(prefix: prefix) }
    override func onSkippedEntity(_ name: XMLStringView, _ isParameterEntity: Bool) throws {
        try storage.pointee.skippedEntity(name: name, isParameterEntity: isParameterEntity)
    }
    override func onSkippedAttributeEntity(_ name: XMLStringView, _ attribute: XMLName, _ position: XMLPosition) throws {
        try storage.pointee.skippedAttributeEntity(name: name, attribute: attribute, position: position)
    }
    override func onRepair(_ repair: XMLRepair) throws { try storage.pointee.repaired(repair) }
}
