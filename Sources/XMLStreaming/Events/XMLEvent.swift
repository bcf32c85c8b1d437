/// One parser event as an owned, `Sendable` value: what the pull reader and the
/// asynchronous sequence hand out, and what tests compare.
///
/// There is one case for each method of ``XMLEventHandler``, so the pull reader and the
/// asynchronous sequence deliver every event the push handler gets. Owned events copy their
/// strings; the push API avoids that.
///
/// The list of events may grow in a later release (as XML's DTD events did). So that such a
/// release does not break your code, a `switch` over an event outside this package ends
/// with `default`, or with `@unknown default` after a case for every event there is today;
/// the compiler asks for one of them:
///
/// ```swift
/// switch event {
/// case .startElement(let name, _): print("<\(name.qualifiedName)>")
/// case .characters(let text): print(text)
/// default: break
/// }
/// ```
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum XMLEvent: Hashable, Sendable {
    /// The document starts, before any other event.
    case startDocument
    /// The document ended well-formed: the last event. Not sent after an error.
    case endDocument
    /// The XML declaration, `<?xml version="1.0" encoding="UTF-8"?>`, when the document has one.
    case xmlDeclaration(XMLDeclaration)
    /// A `<!DOCTYPE …>` declaration begins. The external subset it names is never loaded
    /// (only one the caller names: ``XMLParserOptions/externalDTD``).
    case startDoctype(XMLDoctype)
    /// The `<!DOCTYPE …>` declaration ends.
    case endDoctype
    /// An element starts, with its attributes in document order.
    case startElement(XMLQualifiedName, attributes: [XMLOwnedAttribute])
    /// An element ends (also right after `startElement` for `<empty/>`).
    case endElement(XMLQualifiedName)
    /// Character data, including the content of CDATA sections and expanded entities. The pull
    /// reader and the event stream join adjacent pieces of text into one event.
    case characters(String)
    /// A `<![CDATA[` section starts; its content arrives as `characters`.
    case startCDATA
    /// A CDATA section ends.
    case endCDATA
    /// A comment, without `<!--` and `-->`.
    case comment(String)
    /// A processing instruction, `<?target data?>`.
    case processingInstruction(target: String, data: String)
    /// A namespace prefix comes into scope, before the element that declares it (`prefix` is
    /// `nil` for the default namespace; `uri` is `nil` for `xmlns=""`).
    case startPrefixMapping(prefix: String?, uri: String?)
    /// A namespace prefix goes out of scope, after the element that declared it ends.
    case endPrefixMapping(prefix: String?)
    /// An entity reference the parser did not expand: an external entity (never loaded) or one
    /// that may be declared in an external DTD it did not read.
    case skippedEntity(name: String, isParameterEntity: Bool)
    /// An entity reference in the value of `attribute` that the parser did not expand (left
    /// out of the value; see ``XMLEventHandler/skippedAttributeEntity(name:attribute:position:)``).
    /// It comes before the `startElement` of the tag that holds it.
    case skippedAttributeEntity(name: String, attribute: XMLQualifiedName)
    /// A notation declared in the internal DTD subset.
    case notationDeclaration(XMLNotation)
    /// An element type declared in the internal DTD subset.
    case elementDeclaration(XMLElementDeclaration)
    /// An attribute declared in the internal DTD subset.
    case attributeDeclaration(XMLAttributeDeclaration)
    /// An entity declared in the internal DTD subset.
    case entityDeclaration(XMLEntityDeclaration)
    /// A repair the recovering reader made (``XMLParserOptions/recovery``), before the
    /// events of the repaired text.
    case repaired(XMLRepair)
}

extension XMLEvent: CustomStringConvertible {
    /// One line per event, the form `xml events` prints.
    public var description: String {
        switch self {
        case .startDocument: return "startDocument"
        case .endDocument: return "endDocument"
        case .xmlDeclaration(let d):
            var s = "xmlDeclaration version=\(d.version.debugDescription)"
            if let e = d.encoding { s += " encoding=\(e.debugDescription)" }
            if let sa = d.standalone { s += " standalone=\(sa ? "yes" : "no")" }
            return s
        case .startDoctype(let d):
            var s = "startDoctype \(d.name)"
            if let p = d.publicID { s += " public=\(p.debugDescription)" }
            if let sys = d.systemID { s += " system=\(sys.debugDescription)" }
            if d.hasInternalSubset { s += " internalSubset" }
            return s
        case .endDoctype: return "endDoctype"
        case .startElement(let name, let attributes):
            var s = "startElement \(Self.describe(name))"
            for a in attributes { s += " \(Self.describe(a.name))=\(a.value.debugDescription)" }
            return s
        case .endElement(let name): return "endElement \(Self.describe(name))"
        case .characters(let text): return "characters \(text.debugDescription)"
        case .startCDATA: return "startCDATA"
        case .endCDATA: return "endCDATA"
        case .comment(let text): return "comment \(text.debugDescription)"
        case .processingInstruction(let target, let data):
            return "processingInstruction \(target) \(data.debugDescription)"
        case .startPrefixMapping(let prefix, let uri):
            return "startPrefixMapping \(prefix ?? "(default)") \((uri ?? "").debugDescription)"
        case .endPrefixMapping(let prefix): return "endPrefixMapping \(prefix ?? "(default)")"
        case .skippedEntity(let name, let isParameter): return "skippedEntity \(isParameter ? "%" : "&")\(name);"
        case .skippedAttributeEntity(let name, let attribute):
            return "skippedAttributeEntity &\(name); in \(Self.describe(attribute))"
        case .notationDeclaration(let n):
            var s = "notationDeclaration \(n.name)"
            if let p = n.publicID { s += " public=\(p.debugDescription)" }
            if let sys = n.systemID { s += " system=\(sys.debugDescription)" }
            return s
        case .elementDeclaration(let d): return "elementDeclaration \(d.name) \(d)"
        case .attributeDeclaration(let d):
            var s = "attributeDeclaration \(d.elementName) \(d.attributeName) \(d.type)"
            s += d.isRequired ? (d.defaultValue == nil ? " #REQUIRED" : " #FIXED") : ""
            if let value = d.defaultValue { s += " \(value.debugDescription)" }
            return s
        case .entityDeclaration(let d):
            var s = "entityDeclaration \(d.isParameterEntity ? "% " : "")\(d.name)"
            if let value = d.value { s += " \(value.debugDescription)" }
            if let p = d.publicID { s += " public=\(p.debugDescription)" }
            if let sys = d.systemID { s += " system=\(sys.debugDescription)" }
            if let notation = d.notationName { s += " ndata=\(notation)" }
            return s
        case .repaired(let repair): return "repaired \(repair.line):\(repair.column) \(repair.kind): \(repair.message)"
        }
    }

    /// `{uri}prefix:local`, James Clark's notation with the prefix kept.
    private static func describe(_ name: XMLQualifiedName) -> String {
        (name.namespaceURI.map { "{\($0)}" } ?? "") + name.qualifiedName
    }
}

// How the collector (and so the pull reader and the event stream) records each event.
// Text, which it joins, and the start of the document are in XMLEventCollector.swift.
extension XMLEventCollector {
    public mutating func endDocument() { append(.endDocument) }
    public mutating func xmlDeclaration(_ declaration: XMLDeclaration) { append(.xmlDeclaration(declaration)) }
    public mutating func startDoctype(_ doctype: XMLDoctype) { append(.startDoctype(doctype)) }
    public mutating func endDoctype() { append(.endDoctype) }
    public mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        append(.startElement(name.owned, attributes: attributes.owned))
    }
    public mutating func endElement(_ name: XMLName) { append(.endElement(name.owned)) }
    public mutating func startCDATA() { append(.startCDATA) }
    public mutating func endCDATA() { append(.endCDATA) }
    public mutating func comment(_ text: XMLStringView) { append(.comment(text.string)) }
    public mutating func processingInstruction(target: XMLStringView, data: XMLStringView) {
        append(.processingInstruction(target: target.string, data: data.string))
    }
    public mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) {
        append(.startPrefixMapping(prefix: prefix?.string, uri: uri?.string))
    }
    public mutating func endPrefixMapping(prefix: XMLStringView?) { append(.endPrefixMapping(prefix: prefix?.string)) }
    public mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) {
        append(.skippedEntity(name: name.string, isParameterEntity: isParameterEntity))
    }
    public mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) {
        append(.skippedAttributeEntity(name: name.string, attribute: attribute.owned), at: position)
    }
    public mutating func notationDeclaration(_ notation: XMLNotation) { append(.notationDeclaration(notation)) }
    public mutating func elementDeclaration(_ declaration: XMLElementDeclaration) { append(.elementDeclaration(declaration)) }
    public mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) {
        append(.attributeDeclaration(declaration))
    }
    public mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) { append(.entityDeclaration(declaration)) }
    public mutating func repaired(_ repair: XMLRepair) {
        // The repair comes before expat reads its text: its own line and column are where it is.
        let at = locator.position
        append(.repaired(repair), at: XMLPosition(line: repair.line, column: repair.column, byteOffset: at.byteOffset))
    }
}
