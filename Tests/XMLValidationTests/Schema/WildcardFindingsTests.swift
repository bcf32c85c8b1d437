import Testing
import XMLStreaming
import XMLValidation

/// What a differential campaign on wildcards found (2026-11-30: 2,154 cases on `xs:any` and
/// `xs:anyAttribute`, namespace constraints, processContents, Unique Particle Attribution,
/// union, intersection and restriction, against xmllint 2.9.14 and xmlschema 4.3.2; 2,147
/// settled from XML Schema 1.0, second edition), each with the recommendation's verdict.
@Suite("XSD: wildcards, the campaign's findings")
struct WildcardFindingsTests {
    /// A global `g` of type int, two global ID attributes, and `r`, whose content takes `h`
    /// (of the ur-type: no type given) and then any element, laxly.
    static let laxSchema = """
        <xs:attribute name="g" type="xs:int"/>
        <xs:attribute name="i1" type="xs:ID"/>
        <xs:attribute name="i2" type="xs:ID"/>
        <xs:element name="h"/>
        <xs:element name="r"><xs:complexType><xs:sequence>
          <xs:element ref="h"/><xs:any processContents="lax" minOccurs="0"/>
        </xs:sequence></xs:complexType></xs:element>
        """

    @Test("the ur-type's attribute wildcard is lax: a global declaration assesses the attribute (Structures 3.4.7)")
    func urTypeAttributesAreLax() throws {
        let schema = try SchemaValidationTests.schema(Self.laxSchema)
        // On an element declared without a type, on one a lax wildcard matched, and on its child.
        for document in [#"<r><h g="x"/></r>"#, #"<r><h/><u g="x"/></r>"#, #"<r><h/><u><v g="x"/></u></r>"#] {
            let errors = try SchemaValidationTests.errors(schema, document)
            #expect(errors.count == 1, "\(document)")
            #expect(errors.first?.code == .invalidValue && errors.first?.message.hasPrefix("attribute g of <") == true, "\(document)")
        }
        let placed = try SchemaValidationTests.errors(schema, #"<r><h/><u><v g="x"/></u></r>"#)
        #expect(placed.first?.position.line == 1 && placed.first?.position.column == 14)
        // Valid values, and attributes no declaration describes, pass.
        #expect(try SchemaValidationTests.errors(schema, #"<r><h g="5" other="x"/><u g="6"><v g="7" z=""/></u></r>"#).isEmpty)
        // xsi:type naming the ur-type.
        let typed = try SchemaValidationTests.schema(#"<xs:attribute name="g" type="xs:int"/><xs:element name="r"/>"#)
        let xsi = #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema""#
        #expect(try SchemaValidationTests.errors(typed, #"<r \#(xsi) xsi:type="xs:anyType" g="x"/>"#).map(\.code) == [.invalidValue])
        #expect(try SchemaValidationTests.errors(typed, #"<r \#(xsi) xsi:type="xs:anyType" g="1"/>"#).isEmpty)
    }

    @Test("IDs a lax wildcard of the ur-type matched: one per element, each unique in the document")
    func urTypeIDs() throws {
        let schema = try SchemaValidationTests.schema(Self.laxSchema)
        let two = try SchemaValidationTests.errors(schema, #"<r><h i1="a" i2="b"/></r>"#)
        #expect(two.map(\.code) == [.duplicateID])
        #expect(two.first?.message.contains("(cvc-complex-type.5.1)") == true)
        let repeated = try SchemaValidationTests.errors(schema, #"<r><h/><u i1="a"><v i1="a"/></u></r>"#)
        #expect(repeated.map(\.code) == [.duplicateID])
        #expect(try SchemaValidationTests.errors(schema, #"<r><h i1="a"/><u i2="b"/></r>"#).isEmpty)
    }

    @Test("no wildcard ID where the type declares an ID attribute, even one the element lacks (cvc-complex-type.5.2)")
    func wildcardIDBesideDeclaredID() throws {
        let declarations = #"<xs:attribute name="i1" type="xs:ID"/><xs:attribute name="n" type="xs:string"/>"#
        let direct = #"<xs:complexType><xs:attribute name="d" type="xs:ID"/><xs:anyAttribute processContents="lax"/></xs:complexType>"#
        let derived = """
            <xs:simpleType name="MyID"><xs:restriction base="xs:ID"/></xs:simpleType>
            <xs:attributeGroup name="ids"><xs:attribute name="d" type="MyID"/></xs:attributeGroup>
            <xs:complexType name="B"><xs:attributeGroup ref="ids"/></xs:complexType>
            """
        let extended = #"<xs:complexType><xs:complexContent><xs:extension base="B"><xs:anyAttribute processContents="strict"/></xs:extension></xs:complexContent></xs:complexType>"#
        for body in [declarations + #"<xs:element name="r">\#(direct)</xs:element>"#, declarations + derived + #"<xs:element name="r">\#(extended)</xs:element>"#] {
            let schema = try SchemaValidationTests.schema(body)
            let errors = try SchemaValidationTests.errors(schema, #"<r n="x" i1="a"/>"#)
            #expect(errors.map(\.code) == [.duplicateID])
            #expect(errors.first?.message == "attribute i1 of <r> is an ID its type's attribute wildcard matched, and the type declares an ID attribute, d (cvc-complex-type.5.2)")
            #expect(errors.first?.position.line == 1 && errors.first?.position.column == 10)
            // The declared ID, or no ID at all: valid.
            #expect(try SchemaValidationTests.errors(schema, #"<r d="a"/>"#).isEmpty)
            #expect(try SchemaValidationTests.errors(schema, #"<r n="a"/>"#).isEmpty)
        }
        // A list of IDs is not derived from ID (ct-props-correct.5 reads it so too): beside
        // one, a wildcard may supply an ID.
        let list = try SchemaValidationTests.schema(
            declarations
                + #"<xs:element name="r"><xs:complexType><xs:attribute name="d"><xs:simpleType><xs:list itemType="xs:ID"/></xs:simpleType></xs:attribute><xs:anyAttribute processContents="lax"/></xs:complexType></xs:element>"#)
        #expect(try SchemaValidationTests.errors(list, #"<r d="b c" i1="a"/>"#).isEmpty)
    }

    @Test("##other of a schema without a target namespace, intersected with another ##other, is the other (3.10.6, clause 6)")
    func negationIntersection() throws {
        let files = try CompositionFindingsTests.Documents()
        try files.write("n.xsd", "", ###"<xs:attributeGroup name="ng"><xs:anyAttribute namespace="##other" processContents="skip"/></xs:attributeGroup>"###)
        try files.write(
            "s.xsd", #"targetNamespace="urn:t" xmlns:t="urn:t""#,
            ###"<xs:import schemaLocation="n.xsd"/><xs:element name="r"><xs:complexType><xs:attributeGroup ref="ng"/><xs:anyAttribute namespace="##other" processContents="skip"/></xs:complexType></xs:element>"###
        )
        let schema = try files.schema("s.xsd")
        let namespaces = #"xmlns:t="urn:t" xmlns:a="urn:a""#
        #expect(try SchemaValidationTests.errors(schema, #"<t:r \#(namespaces) a:q="1"/>"#).isEmpty)
        #expect(try SchemaValidationTests.errors(schema, #"<t:r \#(namespaces) t:q="1"/>"#).map(\.code) == [.undeclaredAttribute])
        #expect(try SchemaValidationTests.errors(schema, #"<t:r \#(namespaces) q="1"/>"#).map(\.code) == [.undeclaredAttribute])
        // Two negations of different namespaces: not expressible, and the message names the rule.
        try files.write("o.xsd", #"targetNamespace="urn:o""#, ###"<xs:attributeGroup name="og"><xs:anyAttribute namespace="##other"/></xs:attributeGroup>"###)
        try files.write(
            "s2.xsd", #"targetNamespace="urn:t" xmlns:o="urn:o""#,
            ###"<xs:import namespace="urn:o" schemaLocation="o.xsd"/><xs:element name="r"><xs:complexType><xs:attributeGroup ref="o:og"/><xs:anyAttribute namespace="##other"/></xs:complexType></xs:element>"###
        )
        #expect(files.compileError("s2.xsd")?.message.hasSuffix("cannot be expressed (cos-aw-intersect)") == true)
    }

    @Test("a content model's wildcard is put in words by its namespaces", arguments: [
        ("##local", #"<q:x xmlns:q="urn:q"/>"#, "expected an element in no namespace"),
        ("##other", "<x/>", "expected an element in a namespace (not unqualified)"),
        ("##local urn:a", #"<q:x xmlns:q="urn:q"/>"#, #"expected an element in no namespace or the namespace "urn:a""#),
        ("urn:a urn:b", "<x/>", #"expected an element in one of the namespaces "urn:a", "urn:b""#),
        ("", "<x/>", "expected an element in no namespace at all (the wildcard allows none)"),
    ])
    func wildcardInWords(namespaces: String, child: String, expected: String) throws {
        let schema = try SchemaValidationTests.schema(
            #"<xs:element name="r"><xs:complexType><xs:sequence><xs:any namespace="\#(namespaces)" processContents="skip"/></xs:sequence></xs:complexType></xs:element>"#)
        let errors = try SchemaValidationTests.errors(schema, "<r>\(child)</r>")
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains(expected) == true, "\(errors.first?.message ?? "no error")")
    }
}
