import XMLHandlerStack
import XMLStreaming

// Generic consumers for the namespaced corpus: sections (in the document's default
// namespace) and metadata records (in the meta namespace) are entities; everything else
// is a child that the consumer on top counts.

private let documentNamespace = "urn:example:doc"
private let metaNamespace = "urn:example:meta"

struct Section: Parseable {
    var id: String
    var children = 0
    var textBytes = 0
    var subsections = 0
    var records = 0

    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard let id = attributes["id"] else { throw context.invalid("a section without an id") }
        self.id = id.string
    }

    mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) -> Bool {
        children += 1
        textBytes += text.count
        return true
    }

    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) {
        if let section = child as? Section {
            subsections += 1 + section.subsections
            records += section.records
            children += section.children
            textBytes += section.textBytes
        } else if child is MetadataRecord {
            records += 1
        }
    }
}

struct MetadataRecord: Parseable {
    var id: String
    var creator: String
    var status: String

    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        id = attributes["id"]?.string ?? ""
        creator = attributes[localName: "creator", namespace: "http://purl.org/dc/elements/1.1/"]?.string ?? ""
        status = attributes[localName: "status", namespace: metaNamespace]?.string ?? ""
    }
}

/// Counts sections (a top-level one brings its nested counts) and records, and drops them.
struct DocumentImportCounter: ElementConsumer {
    var sections = 0
    var records = 0
    var children = 0
    var checksum = 0

    var summary: String { "\(sections) sections, \(records) records, \(children) child elements" }

    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) {
        if let section = child as? Section {
            sections += 1 + section.subsections
            children += section.children
            records += section.records
            checksum &+= section.textBytes &+ section.id.utf8.count &+ section.subsections
        } else if child is MetadataRecord {
            records += 1
        }
    }

    func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) -> Bool { true }

    static var routes: ParseRoutes {
        var routes = ParseRoutes()
        routes.route(XMLQualifiedName(localName: "section", namespaceURI: documentNamespace), to: Section.self)
        routes.route(XMLQualifiedName(localName: "record", namespaceURI: metaNamespace), to: MetadataRecord.self)
        return routes
    }
}
