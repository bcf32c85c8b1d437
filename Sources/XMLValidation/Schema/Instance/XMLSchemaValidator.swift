import XMLStreaming

/// Checks a document against an ``XMLSchema`` as it streams past, and hands every event on
/// to the handler behind it.
///
/// Memory is one frame per open element (the content model's place, and the text of an
/// element whose value is checked), plus the document's IDs and a cache of the content
/// models' steps met so far (at most about 2 MiB); time is linear in the document.
/// The first error is thrown from the event that found it, or, with
/// ``XMLValidationOptions/Reporting/allErrors(maximum:)``, every error is kept in
/// ``errors``; after an element's content breaks its model, its further children are still
/// validated against their declarations, but not placed in the model again.
///
/// ```swift
/// let schema = try XMLSchema(contentsOf: "schedule.xsd")
/// let validator = XMLSchemaValidator(schema: schema, options: XMLValidationOptions(reporting: .allErrors(maximum: 100)))
/// let parser = XMLStreamParser(handler: validator)
/// try parser.parse(contentsOf: "feed.xml")
/// for error in parser.handler.errors { print(error) }   // feed.xml:12:5: error: …
/// ```
public struct XMLSchemaValidator<Next: XMLEventHandler>: XMLEventHandler {
    /// The handler every event goes on to.
    public var next: Next
    /// The schema documents are checked against.
    public let schema: XMLSchema
    /// How errors are reported.
    public let options: XMLValidationOptions
    /// The errors found so far in the current (or last) document, when ``options`` collect
    /// them; empty under ``XMLValidationOptions/Reporting/firstError``, which throws.
    public var errors: [XMLValidationError] { checker.found.kept }
    /// How many errors were found beyond the maximum kept.
    public var uncountedErrors: Int { checker.found.uncounted }

    /// Everything checked, and the state of the current document.
    var checker: XSDInstanceChecker

    /// Creates a validator in front of `next`.
    public init(schema: XMLSchema, next: Next, options: XMLValidationOptions = XMLValidationOptions()) {
        self.schema = schema
        self.next = next
        self.options = options
        self.checker = XSDInstanceChecker(model: schema.model, options: options)
    }

    // MARK: Events

    /// Starts afresh (a reused parser validates each document anew), and passes it on.
    public mutating func startDocument(_ locator: XMLLocator) throws {
        checker = XSDInstanceChecker(model: schema.model, options: options)
        checker.locator = locator
        try next.startDocument(locator)
    }

    /// Checks every IDREF found its ID, and passes the event on.
    public mutating func endDocument() throws {
        try checker.endDocument()
        try next.endDocument()
    }

    /// Notes the binding, for `QName` values and `xsi:type`, and passes it on.
    public mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) throws {
        checker.startPrefixMapping(prefix: prefix, uri: uri)
        try next.startPrefixMapping(prefix: prefix, uri: uri)
    }

    /// Ends the binding, and passes it on.
    public mutating func endPrefixMapping(prefix: XMLStringView?) throws {
        checker.endPrefixMapping(prefix: prefix)
        try next.endPrefixMapping(prefix: prefix)
    }

    /// Places the element in its parent's content model, finds its declaration and type,
    /// checks its attributes, and passes the event on.
    public mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        try checker.enter(name, attributes: attributes)
        try next.startElement(name, attributes: attributes)
    }

    /// Checks the element's content is complete and its value valid, and passes it on.
    public mutating func endElement(_ name: XMLName) throws {
        try checker.endElement()
        try next.endElement(name)
    }

    /// Checks text is allowed here, keeps it when the element's value is checked, and passes it on.
    public mutating func characters(_ text: XMLStringView) throws {
        try checker.characters(text)
        try next.characters(text)
    }

    /// Passes the event on (the section's text is checked as text).
    public mutating func startCDATA() throws {
        checker.inCDATA = true
        try next.startCDATA()
    }

    /// Passes the event on.
    public mutating func endCDATA() throws {
        checker.inCDATA = false
        try next.endCDATA()
    }

    /// Notes unparsed entities, the values `ENTITY` attributes may name, and passes it on.
    public mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) throws {
        checker.entityDeclaration(declaration)
        try next.entityDeclaration(declaration)
    }

    /// Passes the event on.
    public mutating func xmlDeclaration(_ declaration: XMLDeclaration) throws { try next.xmlDeclaration(declaration) }
    /// Passes the event on.
    public mutating func startDoctype(_ doctype: XMLDoctype) throws { try next.startDoctype(doctype) }
    /// Passes the event on.
    public mutating func endDoctype() throws { try next.endDoctype() }
    /// Passes the event on.
    public mutating func notationDeclaration(_ notation: XMLNotation) throws { try next.notationDeclaration(notation) }
    /// Passes the event on: a schema validator does not check the DTD.
    public mutating func elementDeclaration(_ declaration: XMLElementDeclaration) throws { try next.elementDeclaration(declaration) }
    /// Passes the event on.
    public mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) throws { try next.attributeDeclaration(declaration) }
    /// Passes the event on.
    public mutating func comment(_ text: XMLStringView) throws { try next.comment(text) }
    /// Passes the event on.
    public mutating func processingInstruction(target: XMLStringView, data: XMLStringView) throws {
        try next.processingInstruction(target: target, data: data)
    }
    /// Passes the event on.
    public mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws {
        try next.skippedEntity(name: name, isParameterEntity: isParameterEntity)
    }
    /// Passes the event on.
    public mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) throws {
        try next.skippedAttributeEntity(name: name, attribute: attribute, position: position)
    }
    /// Passes the repair on.
    public mutating func repaired(_ repair: XMLRepair) throws { try next.repaired(repair) }
}

extension XMLSchemaValidator where Next == XMLDiscardingHandler {
    /// Creates a validator in front of nothing: for a parse that only validates.
    public init(schema: XMLSchema, options: XMLValidationOptions = XMLValidationOptions()) {
        self.init(schema: schema, next: XMLDiscardingHandler(), options: options)
    }
}
