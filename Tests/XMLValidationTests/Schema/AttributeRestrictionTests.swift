import Testing
import XMLStreaming
import XMLValidation

/// A complex type's restriction narrows its base's attributes (derivation-ok-restriction
/// 2 to 4), or does not compile. Verdicts compared with xmllint 2.9.14 and xmlschema 4.3.2:
/// where they differ (a fixed value written `01` for a base's `1`: the same value, which
/// xmlschema refuses; a fixed value changed, which xmllint accepts), the recommendation decides.
@Suite("XSD attribute restrictions")
struct AttributeRestrictionTests {
    enum Verdict { case valid, invalid, schema }

    /// A schema where type R restricts type B, and element r is of type R.
    static func schema(base: String, restriction: String) -> String {
        """
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:complexType name="B">\(base)</xs:complexType>
          <xs:complexType name="R"><xs:complexContent><xs:restriction base="B">\(restriction)</xs:restriction></xs:complexContent></xs:complexType>
          <xs:element name="r" type="R"/>
        </xs:schema>
        """
    }

    @Test("each case gets the recommendation's verdict", arguments: [
        ("required made optional", #"<xs:attribute name="p" type="xs:int" use="required"/>"#, #"<xs:attribute name="p" type="xs:int"/>"#, #"<r p="1"/>"#, Verdict.schema),
        ("type not derived", #"<xs:attribute name="p" type="xs:int"/>"#, #"<xs:attribute name="p" type="xs:string"/>"#, #"<r p="1"/>"#, .schema),
        ("type derived", #"<xs:attribute name="p" type="xs:decimal"/>"#, #"<xs:attribute name="p" type="xs:int"/>"#, #"<r p="1"/>"#, .valid),
        ("fixed value changed", #"<xs:attribute name="p" type="xs:int" fixed="1"/>"#, #"<xs:attribute name="p" type="xs:int" fixed="2"/>"#, "<r/>", .schema),
        ("fixed value the same", #"<xs:attribute name="p" type="xs:int" fixed="1"/>"#, #"<xs:attribute name="p" type="xs:int" fixed="01"/>"#, #"<r p="1"/>"#, .valid),
        ("new attribute, no wildcard", #"<xs:attribute name="p" type="xs:int"/>"#, #"<xs:attribute name="q" type="xs:int"/>"#, "<r/>", .schema),
        ("new attribute through the wildcard", #"<xs:anyAttribute processContents="lax"/>"#, #"<xs:attribute name="q" type="xs:int"/>"#, #"<r q="3"/>"#, .valid),
        ("required attribute prohibited", #"<xs:attribute name="p" type="xs:int" use="required"/>"#, #"<xs:attribute name="p" use="prohibited"/>"#, "<r/>", .schema),
        ("optional attribute prohibited", #"<xs:attribute name="p" type="xs:int"/>"#, #"<xs:attribute name="p" use="prohibited"/>"#, #"<r p="1"/>"#, .invalid),
        ("wildcard wider", #"<xs:anyAttribute namespace="urn:a"/>"#, ###"<xs:anyAttribute namespace="##any"/>"###, "<r/>", .schema),
        ("wildcard weaker", #"<xs:anyAttribute processContents="strict"/>"#, #"<xs:anyAttribute processContents="lax"/>"#, "<r/>", .schema),
        ("wildcard narrower and stronger", ###"<xs:anyAttribute namespace="##other" processContents="lax"/>"###,
         #"<xs:anyAttribute namespace="urn:a" processContents="strict"/>"#, "<r/>", .valid),
    ])
    func restriction(name: String, base: String, restriction: String, document: String, verdict: Verdict) throws {
        let schema: XMLSchema
        do {
            schema = try XMLSchema(string: Self.schema(base: base, restriction: restriction))
        } catch {
            #expect(verdict == .schema, "\(name): \(error)")
            #expect(error.message.contains("derivation-ok-restriction"), "\(name): \(error)")
            return
        }
        #expect(verdict != .schema, "\(name): compiled")
        let errors = try SchemaValidationTests.errors(schema, document)
        #expect(errors.isEmpty == (verdict == .valid), "\(name): \(errors)")
    }
}
