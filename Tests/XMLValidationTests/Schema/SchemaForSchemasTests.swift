import Foundation
import Testing
import XMLStreaming
import XMLValidation

/// The W3C's schema for schemas, a large real schema: named groups that reach themselves
/// again through the types of the elements they declare (`attrDecls`, through
/// `attributeGroupRef`), substitution groups, identity constraints and an internal DTD.
@Suite("XSD: the schema for schemas")
struct SchemaForSchemasTests {
    static func fixture(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!.path
    }

    static func errors(of document: String, against schema: XMLSchema) throws -> [XMLValidationError] {
        let parser = XMLStreamParser(
            handler: XMLSchemaValidator(schema: schema, options: XMLValidationOptions(reporting: .allErrors(maximum: 20))))
        try parser.parse(contentsOf: document)
        return parser.handler.errors
    }

    @Test("it compiles, and validates itself and the XMLSchema-instance namespace's schema document")
    func validatesSchemaDocuments() throws {
        let schema = try XMLSchema(contentsOf: Self.fixture("XMLSchema.xsd"))
        #expect(try Self.errors(of: Self.fixture("XMLSchema.xsd"), against: schema).isEmpty)
        #expect(try Self.errors(of: Self.fixture("XMLSchema-instance.xsd"), against: schema).isEmpty)
        // The XMLSchema-instance namespace's document declares its four attributes, which
        // no-xsi lets it do; it compiles.
        _ = try XMLSchema(contentsOf: Self.fixture("XMLSchema-instance.xsd"))
    }

    @Test("a schema document that breaks the schema for schemas is invalid against it, where it breaks it")
    func refusesABrokenSchemaDocument() throws {
        let schema = try XMLSchema(contentsOf: Self.fixture("XMLSchema.xsd"))
        let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: schema))
        parser.fileName = "broken.xsd"
        let error = try #require(throws: XMLValidationError.self) {
            try parser.parse(
                """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                  <xs:element name="a" minOccurs="0"/>
                </xs:schema>
                """)
        }
        // At the attribute, naming the type that leaves it out: a top-level element is no particle.
        #expect(error.position.line == 2 && error.position.column == 24, "\(error)")
        #expect(error.message == "attribute minOccurs is not allowed on <xs:element>", "\(error)")
        #expect(error.description.contains("(<xs:complexType name=\"topLevelElement\"> at "), "\(error)")
    }
}
