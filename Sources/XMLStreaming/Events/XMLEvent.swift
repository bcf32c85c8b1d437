/// One parser event as an owned, `Sendable` value: what the pull reader and the
/// asynchronous sequence hand out, and what tests compare.
///
/// Owned events copy their strings; the push API (``XMLEventHandler``) avoids that.
public enum XMLEvent: Hashable, Sendable {
    case startDocument
    case endDocument
    case xmlDeclaration(XMLDeclaration)
    case startDoctype(XMLDoctype)
    case endDoctype
    case startElement(XMLQualifiedName, attributes: [XMLOwnedAttribute])
    case endElement(XMLQualifiedName)
    case characters(String)
    case startCDATA
    case endCDATA
    case comment(String)
    case processingInstruction(target: String, data: String)
    case startPrefixMapping(prefix: String?, uri: String?)
    case endPrefixMapping(prefix: String?)
    case skippedEntity(name: String, isParameterEntity: Bool)
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
        }
    }

    /// `{uri}prefix:local`, James Clark's notation with the prefix kept.
    private static func describe(_ name: XMLQualifiedName) -> String {
        (name.namespaceURI.map { "{\($0)}" } ?? "") + name.qualifiedName
    }
}
