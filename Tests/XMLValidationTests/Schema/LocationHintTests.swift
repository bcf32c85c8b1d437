import Foundation
import Testing
import XMLStreaming
import XMLTestSupport

@testable import XMLValidation

/// `xsi:schemaLocation` and `xsi:noNamespaceSchemaLocation`: read only when asked, from the
/// document element only, and followed to local files only.
@Suite("XSD location hints")
struct LocationHintTests {
    static let xsi = #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#

    @Test("the document element's pairs, then its no-namespace location, in order; the parse stops at its start tag")
    func hintsRead() throws {
        let document = """
            <r \(Self.xsi) xsi:schemaLocation="urn:a  a.xsd
              urn:b b.xsd" xsi:noNamespaceSchemaLocation=" plain.xsd "><c xsi:schemaLocation="urn:c c.xsd"/>
            <!-- not well-formed after the start tag: never read -->
            </mismatched>
            """
        let hints = try XMLSchema.locationHints(in: Array(document.utf8))
        #expect(
            hints == [
                XMLSchema.LocationHint(namespace: "urn:a", location: "a.xsd"),
                XMLSchema.LocationHint(namespace: "urn:b", location: "b.xsd"),
                XMLSchema.LocationHint(namespace: nil, location: "plain.xsd"),
            ])
        #expect(try XMLSchema.locationHints(in: Array("<r/>".utf8)).isEmpty)
    }

    @Test("xsi:schemaLocation that does not hold pairs: unreadable-schema at the document element")
    func oddHints() throws {
        let error = try #require(throws: XMLValidationError.self) {
            try XMLSchema.locationHints(in: Array("<?xml version='1.0'?>\n<r \(Self.xsi) xsi:schemaLocation='urn:a a.xsd urn:b'/>".utf8), name: "doc.xml")
        }
        #expect(error.code == .unreadableSchema)
        #expect(error.description.hasPrefix("doc.xml:2:1: error: xsi:schemaLocation holds 3 items"))
    }

    @Test("hints resolved beside the document, the first for a namespace winning; a URL only through the catalog; none is an error")
    func schemaFromHints() throws {
        let directory = try TemporaryDirectory()
        let schemaPath = try directory.write(
            #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r" type="xs:int"/></xs:schema>"#, named: "r.xsd")
        let path = try directory.write("<r \(Self.xsi) xsi:noNamespaceSchemaLocation='r.xsd'>x</r>", named: "doc.xml")

        let hints = try XMLSchema.locationHints(inDocumentAt: path)
        let schema = try XMLSchema(locationHints: hints + [XMLSchema.LocationHint(namespace: nil, location: "other.xsd")], relativeTo: path)
        #expect(schema.files == [schemaPath])
        let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: schema))
        let invalid = try #require(throws: XMLValidationError.self) { try parser.parse(contentsOf: path) }
        #expect(invalid.code == .invalidValue)

        let remote = [XMLSchema.LocationHint(namespace: nil, location: "http://example.com/r.xsd")]
        let refused = try #require(throws: XMLValidationError.self) { try XMLSchema(locationHints: remote, relativeTo: path) }
        #expect(refused.code == .unreadableSchema)
        #expect(refused.message.contains("http://example.com/r.xsd, which is not a local file"))
        let mapped = XMLSchema.Options(catalog: ["http://example.com/r.xsd": schemaPath])
        #expect(try XMLSchema(locationHints: remote, relativeTo: path, options: mapped).files.count == 1)
        #expect(hints.map { $0.localPath(relativeTo: path) } == [schemaPath])
        #expect(remote[0].localPath(relativeTo: path) == nil)
        #expect(remote[0].localPath(relativeTo: path, options: mapped) == schemaPath)
        for (location, local) in [
            ("file:///srv/r.xsd", "/srv/r.xsd"), ("file://localhost/srv/r.xsd", "/srv/r.xsd"), ("file:/srv/r.xsd", "/srv/r.xsd"),
            ("file:///srv/my%20schema.xsd", "/srv/my schema.xsd"), ("file://elsewhere/srv/r.xsd", nil), ("urn:x:r", nil),
        ] {
            #expect(XMLSchema.LocationHint(namespace: nil, location: location).localPath(relativeTo: path) == local, "\(location)")
        }
        #expect(XMLSchema.LocationHint(namespace: nil, location: "r.xsd").localPath(relativeTo: nil) == "r.xsd")

        let none = try #require(throws: XMLValidationError.self) { try XMLSchema(locationHints: [], relativeTo: path) }
        #expect(none.code == .unreadableSchema)
        #expect(none.message.hasSuffix("names no schema: its document element has no xsi:schemaLocation or xsi:noNamespaceSchemaLocation"))
    }

    @Test("a schema document reached by two spellings of its path, or through a link, is read once")
    func oneDocumentPerFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="part" type="xs:int"/></xs:schema>"#, named: "part.xsd")
        try FileManager.default.createSymbolicLink(
            atPath: (directory.path as NSString).appendingPathComponent("link.xsd"), withDestinationPath: "part.xsd")
        let main = try directory.write(
            #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:include schemaLocation="part.xsd"/><xs:include schemaLocation="./part.xsd"/><xs:include schemaLocation="link.xsd"/>
            </xs:schema>
            """#, named: "main.xsd")
        let schema = try XMLSchema(contentsOf: main)
        #expect(schema.files.count == 2)
        let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: schema))
        #expect(throws: XMLValidationError.self) { try parser.parse(Array("<part>x</part>".utf8)) }
    }

    @Test("a document included back by one it includes is read once; a link's .. is the link target's parent")
    func includeCyclesAndLinks() throws {
        let directory = try TemporaryDirectory()
        let xs = #"xmlns:xs="http://www.w3.org/2001/XMLSchema""#
        let main = try directory.write(
            #"<xs:schema \#(xs) targetNamespace="urn:t" xmlns="urn:t"><xs:include schemaLocation="b.xsd"/><xs:element name="r" type="B"/></xs:schema>"#,
            named: "main.xsd")
        try directory.write(
            #"<xs:schema \#(xs) targetNamespace="urn:t"><xs:include schemaLocation="main.xsd"/><xs:simpleType name="B"><xs:restriction base="xs:int"/></xs:simpleType></xs:schema>"#,
            named: "b.xsd")
        let schema = try XMLSchema(contentsOf: main)
        #expect(schema.files.count == 2)
        let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: schema))
        #expect(throws: XMLValidationError.self) { try parser.parse(Array("<r xmlns='urn:t'>x</r>".utf8)) }

        // s/link -> x/y: s/link/../common.xsd is x/common.xsd, not s/common.xsd.
        let root = directory.path as NSString
        for folder in ["s", "x/y"] {
            try FileManager.default.createDirectory(atPath: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("s/link"), withDestinationPath: root.appendingPathComponent("x/y"))
        try directory.write(#"<xs:schema \#(xs)><xs:element name="x" type="xs:int"/></xs:schema>"#, named: "x/common.xsd")
        try directory.write(#"<xs:schema \#(xs)><xs:element name="s" type="xs:int"/></xs:schema>"#, named: "s/common.xsd")
        try directory.write(
            #"<xs:schema \#(xs)><xs:include schemaLocation="../common.xsd"/><xs:include schemaLocation="../../s/common.xsd"/></xs:schema>"#,
            named: "x/y/main.xsd")
        let linked = try XMLSchema(contentsOf: root.appendingPathComponent("s/link/main.xsd"))
        #expect(linked.files.count == 3)
        for document in ["<x>1</x>", "<s>1</s>"] {
            let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: linked))
            #expect(throws: Never.self, "\(document)") { try parser.parse(Array(document.utf8)) }
        }
    }
}
