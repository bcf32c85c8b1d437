import XMLStreaming

/// Warns about each entity reference the parser could not expand, so that `xml check` never
/// passes over one in silence: an entity the external DTD may declare (that DTD is never
/// read), or an external entity (never loaded). `FILE:LINE:COLUMN: warning: MESSAGE` on
/// standard error, at the reference's `&`; the document is still well-formed.
struct EntityWarnings {
    /// The name warnings are reported under.
    let file: String
    private var locator = XMLLocator.detached
    /// The external general entities the internal subset declares: name to system identifier.
    private var externalEntities: [String: String] = [:]

    init(file: String) { self.file = file }

    mutating func startDocument(_ locator: XMLLocator) { self.locator = locator }

    mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) {
        guard !declaration.isParameterEntity, declaration.value == nil, let system = declaration.systemID else { return }
        externalEntities[declaration.name] = system
    }

    func skippedEntity(name: XMLStringView, isParameterEntity: Bool) {
        // A parameter entity concerns the DTD's declarations, not the document's content.
        guard !isParameterEntity else { return }
        let position = locator.position
        let name = name.string
        let message =
            externalEntities[name].map { "external entity &\(name); (SYSTEM \"\($0)\") is not loaded: external entities are never read" }
            ?? "entity &\(name); is not expanded: it may be declared in the external DTD, which is never read"
        var standardError = StandardError()
        print("\(file):\(position.line):\(position.column): warning: \(message)", to: &standardError)
    }

    func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) {
        let message =
            "entity &\(name.string); in the value of attribute \(attribute.qualifiedName) is not expanded and is left out of the value: it may be declared in the external DTD, which is never read"
        var standardError = StandardError()
        print("\(file):\(position.line):\(position.column): warning: \(message)", to: &standardError)
    }
}

/// `xml check`'s handler: keeps nothing, and warns about unexpanded entities.
struct CheckHandler: XMLEventHandler {
    var warnings: EntityWarnings

    mutating func startDocument(_ locator: XMLLocator) { warnings.startDocument(locator) }
    mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) { warnings.entityDeclaration(declaration) }
    mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) {
        warnings.skippedEntity(name: name, isParameterEntity: isParameterEntity)
    }
    mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) {
        warnings.skippedAttributeEntity(name: name, attribute: attribute, position: position)
    }
}
