import XMLStreaming
import XMLTree
import XMLWriting

/// Writes the events of a (recovered) document back out with the writer, and prints each
/// repair as a compiler-style warning.
struct RepairedCopy: XMLEventHandler {
    /// The writer; `nil` when only the repairs are wanted.
    let writer: XMLStreamWriter?
    /// The name repairs are reported under.
    let file: String
    private var wroteDeclaration = false
    private var pendingNamespaces: [(prefix: String?, uri: String)] = []
    private var cdata: String?
    private var entityWarnings: EntityWarnings
    /// The DOCTYPE being read and its internal subset so far: written whole at its end.
    private var doctype: XMLDoctype?
    private var subset: [XMLMarkupDeclaration] = []

    init(writer: XMLStreamWriter?, file: String) {
        self.writer = writer
        self.file = file
        entityWarnings = EntityWarnings(file: file)
    }

    mutating func startDocument(_ locator: XMLLocator) { entityWarnings.startDocument(locator) }

    mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) {
        entityWarnings.entityDeclaration(declaration)
        if let kept = XMLMarkupDeclaration(declaration) { subset.append(kept) }
    }

    mutating func elementDeclaration(_ declaration: XMLElementDeclaration) { subset.append(XMLMarkupDeclaration(declaration)) }

    mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) { subset.append(XMLMarkupDeclaration(declaration)) }

    mutating func notationDeclaration(_ notation: XMLNotation) { subset.append(XMLMarkupDeclaration(notation)) }

    /// An entity the parser could not expand: warned about, and written back as `&name;`
    /// (which the writer refuses, loudly, where no DTD could declare it).
    mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws {
        entityWarnings.skippedEntity(name: name, isParameterEntity: isParameterEntity)
        guard !isParameterEntity else { return }
        try writer?.entityReference(name.string)
    }

    mutating func repaired(_ repair: XMLRepair) {
        var standardError = StandardError()
        print("\(file):\(repair.line):\(repair.column): warning: \(repair.message)", to: &standardError)
    }

    /// Writes the declaration before anything else, if the input had none.
    private mutating func declare(standalone: Bool? = nil) throws {
        guard !wroteDeclaration, let writer else { return }
        wroteDeclaration = true
        try writer.declaration(standalone: standalone)
        try writer.text("\n")
    }

    mutating func xmlDeclaration(_ declaration: XMLDeclaration) throws {
        try declare(standalone: declaration.standalone)
    }

    mutating func startDoctype(_ doctype: XMLDoctype) throws {
        try declare()
        self.doctype = doctype
        subset = []
    }

    /// The DOCTYPE with its internal subset, in the order read.
    mutating func endDoctype() throws {
        guard let doctype else { return }
        self.doctype = nil
        try writer?.doctype(name: doctype.name, publicID: doctype.publicID, systemID: doctype.systemID, internalSubset: subset)
        try writer?.text("\n")
    }

    mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) {
        pendingNamespaces.append((prefix?.string, uri?.string ?? ""))
    }

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        try declare()
        guard let writer else { return }
        try writer.startElement(name.localName.string, namespace: name.namespaceURI?.string, prefix: name.prefix?.string)
        for (prefix, uri) in pendingNamespaces { try writer.declareNamespace(prefix: prefix, uri: uri) }
        pendingNamespaces.removeAll()
        // A default the subset supplies stays the subset's, as in the document; its prefix
        // stays bound where it applies. (Read without namespaces, a default `xmlns` is an
        // attribute like any other: written, so that the writer adds no declaration of its own.)
        for attribute in attributes {
            let local = attribute.name.localName.string
            let literalDeclaration = attribute.name.namespaceURI == nil && (local == "xmlns" || local.hasPrefix("xmlns:"))
            if attribute.isSpecified || literalDeclaration {
                try writer.attribute(
                    attribute.name.localName.string, value: attribute.value.string,
                    namespace: attribute.name.namespaceURI?.string, prefix: attribute.name.prefix?.string)
            } else if let prefix = attribute.name.prefix?.string, let uri = attribute.name.namespaceURI?.string {
                try writer.declareNamespace(prefix: prefix, uri: uri)
            }
        }
    }

    mutating func endElement(_ name: XMLName) throws {
        try writer?.endElement()
    }

    mutating func characters(_ text: XMLStringView) throws {
        if cdata != nil {
            cdata! += text.string
        } else {
            try writer?.text(text.string)
        }
    }

    mutating func startCDATA() { cdata = "" }

    mutating func endCDATA() throws {
        if let cdata, !cdata.isEmpty { try writer?.cdata(cdata) }
        cdata = nil
    }

    mutating func comment(_ text: XMLStringView) throws {
        guard doctype == nil else { return subset.append(.comment(text.string)) }
        try declare()
        try writer?.comment(text.string)
    }

    mutating func processingInstruction(target: XMLStringView, data: XMLStringView) throws {
        guard doctype == nil else { return subset.append(.processingInstruction(target: target.string, data: data.string)) }
        try declare()
        try writer?.processingInstruction(target: target.string, data: data.string)
    }

    mutating func endDocument() throws {
        try writer?.text("\n")
        try writer?.finish()
    }
}
