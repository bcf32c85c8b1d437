import Testing
import XMLStreaming
import XMLValidation

/// Cases the campaign on schema verdicts found (2026-11-29: 1,709 schemas against xmllint
/// 2.9.14 and xmlschema 4.3.2, the verdict set from the recommendation's text), each a schema
/// body, a document, and whether the schema compiles and the document is valid. Both tools
/// agree with each verdict here but the NOTATION ones, which both compile.
@Suite("XSD: the schema-verdict campaign's findings")
struct SchemaVerdictFindingsTests {
    enum Verdict { case valid, invalid, schema }

    @Test("each finding gets the recommendation's verdict", arguments: [
        // mg-props-correct.2 forbids a group in its own particles, not behind an element.
        ("group recursive through an anonymous type", #"""
            <xs:group name="G"><xs:sequence><xs:element name="item"><xs:complexType>
              <xs:sequence><xs:group ref="G" minOccurs="0"/></xs:sequence>
            </xs:complexType></xs:element></xs:sequence></xs:group>
            <xs:element name="root"><xs:complexType><xs:group ref="G"/></xs:complexType></xs:element>
            """#, "<root><item><item><item/></item></item></root>", Verdict.valid),
        ("group recursive through an anonymous type, a wrong child", #"""
            <xs:group name="G"><xs:sequence><xs:element name="item"><xs:complexType>
              <xs:sequence><xs:group ref="G" minOccurs="0"/></xs:sequence>
            </xs:complexType></xs:element></xs:sequence></xs:group>
            <xs:element name="root"><xs:complexType><xs:group ref="G"/></xs:complexType></xs:element>
            """#, "<root><item><bad/></item></root>", .invalid),
        ("group recursive through a named type's base (the schema for schemas' attrDecls)", #"""
            <xs:group name="G"><xs:sequence><xs:element name="e" type="T" minOccurs="0"/></xs:sequence></xs:group>
            <xs:complexType name="B"><xs:group ref="G"/></xs:complexType>
            <xs:complexType name="T"><xs:complexContent><xs:extension base="B"/></xs:complexContent></xs:complexType>
            <xs:element name="root"><xs:complexType><xs:group ref="G"/></xs:complexType></xs:element>
            """#, "<root><e><e/></e></root>", .valid),
        // Counts past Int32 are exact: a product of two of them past Int.max is not collapsed.
        ("huge counts, one nested in another", #"""
            <xs:element name="r"><xs:complexType>
              <xs:sequence minOccurs="2" maxOccurs="unbounded"><xs:element name="a" maxOccurs="99999999999999999999"/></xs:sequence>
            </xs:complexType></xs:element>
            """#, "<r><a/><a/></r>", .valid),
        ("huge counts, one nested in another, too few", #"""
            <xs:element name="r"><xs:complexType>
              <xs:sequence minOccurs="2" maxOccurs="unbounded"><xs:element name="a" maxOccurs="99999999999999999999"/></xs:sequence>
            </xs:complexType></xs:element>
            """#, "<r><a/></r>", .invalid),
        ("counts of 2^32 nested", #"""
            <xs:element name="r"><xs:complexType>
              <xs:sequence minOccurs="4294967296" maxOccurs="unbounded"><xs:element name="a" minOccurs="0" maxOccurs="4294967296"/></xs:sequence>
            </xs:complexType></xs:element>
            """#, "<r><a/></r>", .valid),
        ("a group in its own particles", #"""
            <xs:group name="G"><xs:sequence><xs:element name="a"/><xs:group ref="G" minOccurs="0"/></xs:sequence></xs:group>
            """#, "<a/>", .schema),
        // 3.4.2, 3.2.1: an extension without content of its own has its base's content type.
        ("mixed=false on an extension that adds nothing to a mixed base", #"""
            <xs:complexType name="B" mixed="true"><xs:sequence><xs:element name="a"/></xs:sequence></xs:complexType>
            <xs:complexType name="T" mixed="false"><xs:complexContent><xs:extension base="B"/></xs:complexContent></xs:complexType>
            <xs:element name="t" type="T"/>
            """#, "<t>x<a/>y</t>", .valid),
        ("mixed=true on an extension that adds nothing to an element-only base", #"""
            <xs:complexType name="B"><xs:sequence><xs:element name="a"/></xs:sequence></xs:complexType>
            <xs:complexType name="T" mixed="true"><xs:complexContent><xs:extension base="B"/></xs:complexContent></xs:complexType>
            """#, "<a/>", .schema),
        // A fixed facet may be restated with its own value (erratum E2-39).
        ("a fixed maxExclusive restated", #"""
            <xs:simpleType name="B"><xs:restriction base="xs:int"><xs:maxExclusive value="10" fixed="true"/></xs:restriction></xs:simpleType>
            <xs:simpleType name="T"><xs:restriction base="B"><xs:maxExclusive value="10"/></xs:restriction></xs:simpleType>
            <xs:element name="r" type="T"/>
            """#, "<r>9</r>", .valid),
        ("a fixed maxExclusive changed", #"""
            <xs:simpleType name="B"><xs:restriction base="xs:int"><xs:maxExclusive value="10" fixed="true"/></xs:restriction></xs:simpleType>
            <xs:simpleType name="T"><xs:restriction base="B"><xs:maxExclusive value="9"/></xs:restriction></xs:simpleType>
            """#, "<r/>", .schema),
        ("an attribute group no type references, declaring an attribute twice", #"""
            <xs:attributeGroup name="G"><xs:attribute name="a"/><xs:attribute name="a"/></xs:attributeGroup>
            """#, "<r/>", .schema),
        ("an attribute group no type references, with an unknown type", #"""
            <xs:attributeGroup name="G"><xs:attribute name="a" type="nope"/></xs:attributeGroup>
            """#, "<r/>", .schema),
        // src-element.2.2, src-attribute.3: a reference takes everything from its declaration.
        ("an element reference with an anonymous type", #"""
            <xs:element name="e" type="xs:int"/>
            <xs:complexType name="T"><xs:sequence>
              <xs:element ref="e"><xs:simpleType><xs:restriction base="xs:string"/></xs:simpleType></xs:element>
            </xs:sequence></xs:complexType>
            """#, "<e>1</e>", .schema),
        ("an element reference with an identity constraint", #"""
            <xs:element name="e" type="xs:int"/>
            <xs:complexType name="T"><xs:sequence>
              <xs:element ref="e"><xs:unique name="u"><xs:selector xpath="."/><xs:field xpath="."/></xs:unique></xs:element>
            </xs:sequence></xs:complexType>
            """#, "<e>1</e>", .schema),
        ("an attribute reference with a name", #"""
            <xs:attribute name="g" type="xs:int"/>
            <xs:complexType name="T"><xs:attribute ref="g" name="h"/></xs:complexType>
            """#, "<r/>", .schema),
        ("an attribute reference with an anonymous type", #"""
            <xs:attribute name="g" type="xs:int"/>
            <xs:complexType name="T"><xs:attribute ref="g"><xs:simpleType><xs:restriction base="xs:int"/></xs:simpleType></xs:attribute></xs:complexType>
            """#, "<r/>", .schema),
        ("a local simple type with a name", #"""
            <xs:element name="r"><xs:simpleType name="x"><xs:restriction base="xs:int"/></xs:simpleType></xs:element>
            """#, "<r>1</r>", .schema),
        ("a local complex type with final", #"""
            <xs:element name="r"><xs:complexType final="#all"/></xs:element>
            """#, "<r/>", .schema),
        ("a top-level group with an occurrence", #"""
            <xs:group name="G" minOccurs="0"><xs:sequence/></xs:group>
            """#, "<r/>", .schema),
        ("a global attribute named xmlns (no-xmlns)", #"""
            <xs:attribute name="xmlns" type="xs:string"/>
            """#, "<r/>", .schema),
        // Datatypes 3.2.19: "It is an error for NOTATION to be used directly in a schema."
        ("xs:NOTATION as an attribute's type", #"""
            <xs:notation name="png" public="image/png"/>
            <xs:element name="r"><xs:complexType><xs:attribute name="a" type="xs:NOTATION"/></xs:complexType></xs:element>
            """#, #"<r a="png"/>"#, .schema),
        ("a restriction of xs:NOTATION with an enumeration", #"""
            <xs:notation name="png" public="image/png"/>
            <xs:element name="r"><xs:complexType><xs:attribute name="a">
              <xs:simpleType><xs:restriction base="xs:NOTATION"><xs:enumeration value="png"/></xs:restriction></xs:simpleType>
            </xs:attribute></xs:complexType></xs:element>
            """#, #"<r a="png"/>"#, .valid),
    ])
    func verdict(name: String, body: String, document: String, verdict: Verdict) throws {
        try Self.expect(verdict, name: name, body: body, document: document)
    }

    /// Compiles `body` as a schema and validates `document` against it: the schema must be
    /// refused (`.schema`, as `invalid-schema`), or the document be valid or invalid.
    static func expect(_ verdict: Verdict, name: String, body: String, document: String) throws {
        let schema: XMLSchema
        do {
            schema = try SchemaValidationTests.schema(body)
        } catch let error as XMLValidationError {
            #expect(verdict == .schema, "\(name): \(error)")
            #expect(error.code == .invalidSchema, "\(name): \(error)")
            return
        }
        #expect(verdict != .schema, "\(name): compiled")
        let errors = try SchemaValidationTests.errors(schema, document)
        #expect(errors.isEmpty == (verdict == .valid), "\(name): \(errors)")
    }

    @Test("a global attribute in the XMLSchema-instance namespace refuses the schema (no-xsi)")
    func instanceNamespaceAttribute() throws {
        let error = try #require(throws: XMLValidationError.self) {
            try XMLSchema(
                string: """
                    <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/2001/XMLSchema-instance">
                      <xs:attribute name="foo" type="xs:string"/>
                    </xs:schema>
                    """, name: "s.xsd")
        }
        #expect(error.description == "s.xsd:2:3: error: attributes in the XMLSchema-instance namespace cannot be declared (no-xsi)")
    }
}
