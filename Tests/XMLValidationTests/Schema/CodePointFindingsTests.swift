import Testing
import XMLStreaming
import XMLValidation

/// What a second datatype campaign found (2026-11-29: 1,759 generated cases on the less
/// common types, facets together, unions, value constraints and Unicode, against xmllint
/// 2.9.14 and xmlschema 4.3.2; the recommendation's verdict established for 1,679): strings,
/// names and namespaces are equal only when their code points are (Datatypes 3.2.1 and
/// 4.2.1; Namespaces in XML 2.3), where Swift's `==` takes canonically equivalent text
/// (`"é"`, `"e\u{301}"`) for the same; a list is split at XML white space by code point, where
/// Swift takes a space and a combining mark for one character; NaN equals itself, so it
/// satisfies an inclusive bound of NaN. Each case written with both spellings of `é`.
@Suite("XSD: code points, lists and NaN, the second datatype campaign's findings")
struct CodePointFindingsTests {
    static let xs = #"xmlns:xs="http://www.w3.org/2001/XMLSchema""#

    @Test("each finding gets the recommendation's verdict", arguments: [
        // An enumeration, a fixed value (of a simple type, of anyType content, of an
        // attribute), a key, IDs and an IDREF: values compared by code point.
        ("enumeration", #"<xs:element name="r"><xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value="&#xE9;"/></xs:restriction></xs:simpleType></xs:element>"#,
         "<r>e&#x301;</r>", DifferentialFindingsTests.Verdict.invalid),
        ("enumeration_same", #"<xs:element name="r"><xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value="&#xE9;"/></xs:restriction></xs:simpleType></xs:element>"#,
         "<r>&#xE9;</r>", .valid),
        ("fixed", #"<xs:element name="r" type="xs:string" fixed="&#xE9;"/>"#, "<r>e&#x301;</r>", .invalid),
        ("fixed_anyType", #"<xs:element name="r" fixed="&#xE9;"/>"#, "<r>e&#x301;</r>", .invalid),
        ("fixed_attribute", #"<xs:element name="r"><xs:complexType><xs:attribute name="a" fixed="&#xE9;"/></xs:complexType></xs:element>"#,
         "<r a='e&#x301;'/>", .invalid),
        ("qname_enumeration", #"<xs:element name="r"><xs:simpleType><xs:restriction base="xs:QName"><xs:enumeration value="&#xE9;"/></xs:restriction></xs:simpleType></xs:element>"#,
         "<r>e&#x301;</r>", .invalid),
        ("ids", #"<xs:element name="r"><xs:complexType><xs:sequence><xs:element name="e" type="xs:ID" maxOccurs="2"/></xs:sequence></xs:complexType></xs:element>"#,
         "<r><e>&#xE9;</e><e>e&#x301;</e></r>", .valid),
        ("idref", #"<xs:element name="r"><xs:complexType><xs:sequence><xs:element name="e" type="xs:ID"/><xs:element name="f" type="xs:IDREF"/></xs:sequence></xs:complexType></xs:element>"#,
         "<r><e>&#xE9;</e><f>e&#x301;</f></r>", .invalid),
        ("key", #"<xs:element name="r"><xs:complexType><xs:sequence><xs:element name="e" type="xs:string" maxOccurs="2"/></xs:sequence></xs:complexType><xs:key name="k"><xs:selector xpath="e"/><xs:field xpath="."/></xs:key></xs:element>"#,
         "<r><e>&#xE9;</e><e>e&#x301;</e></r>", .valid),
        // Element and attribute names, schema components, namespaces and wildcards.
        ("element_name", #"<xs:element name="&#xE9;"/>"#, "<e\u{301}/>", .invalid),
        ("attribute_name", #"<xs:element name="r"><xs:complexType><xs:attribute name="&#xE9;"/></xs:complexType></xs:element>"#,
         "<r e\u{301}='1'/>", .invalid),
        ("two_declarations", #"<xs:element name="&#xE9;"/><xs:element name="e&#x301;"/>"#, "<e\u{301}/>", .valid),
        ("type_reference", #"<xs:simpleType name="&#xE9;"><xs:restriction base="xs:int"/></xs:simpleType><xs:element name="r" type="e&#x301;"/>"#,
         "<r>1</r>", .schema),
        ("namespace", #"<xs:element name="r"/>"#, "<r xmlns='urn:e\u{301}'/>", .invalid),
        ("wildcard_namespace", #"<xs:element name="r"><xs:complexType><xs:sequence><xs:any namespace="urn:&#xE9;" processContents="skip"/></xs:sequence></xs:complexType></xs:element>"#,
         "<r><x xmlns='urn:e\u{301}'/></r>", .invalid),
        // Prefixes: a QName's in the document, a reference's in the schema, an identity
        // constraint's `p:*`.
        ("qname_prefix", #"<xs:element name="r" type="xs:QName"/>"#, "<r xmlns:e\u{301}='urn:x'>\u{E9}:a</r>", .invalid),
        ("schema_prefix", #"<xs:simpleType name="T"><xs:restriction base="xs:int"/></xs:simpleType><xs:element name="r" type="&#xE9;:T" xmlns:e\#u{301}="urn:t"/>"#,
         "<r xmlns='urn:t'>1</r>", .schema),
        ("identity_prefix", #"<xs:element name="r" xmlns:p="urn:&#xE9;"><xs:complexType><xs:sequence><xs:any processContents="lax" maxOccurs="9"/></xs:sequence></xs:complexType><xs:key name="k"><xs:selector xpath="p:*"/><xs:field xpath="@id"/></xs:key></xs:element>"#,
         "<r><x xmlns='urn:e\u{301}'/></r>", .valid),
        // Lists split by code point; NaN and inclusive bounds.
        ("list_split", #"<xs:element name="r"><xs:simpleType><xs:restriction base="xs:NMTOKENS"><xs:length value="2"/></xs:restriction></xs:simpleType></xs:element>"#,
         "<r>a &#x301;</r>", .valid),
        ("nan_max_inclusive", #"<xs:element name="r"><xs:simpleType><xs:restriction base="xs:float"><xs:maxInclusive value="NaN"/></xs:restriction></xs:simpleType></xs:element>"#,
         "<r>NaN</r>", .valid),
        ("nan_min_inclusive", #"<xs:element name="r"><xs:simpleType><xs:restriction base="xs:double"><xs:minInclusive value="NaN"/></xs:restriction></xs:simpleType></xs:element>"#,
         "<r>NaN</r>", .valid),
        ("nan_max_exclusive", #"<xs:element name="r"><xs:simpleType><xs:restriction base="xs:double"><xs:maxExclusive value="NaN"/></xs:restriction></xs:simpleType></xs:element>"#,
         "<r>NaN</r>", .invalid),
    ] as [(String, String, String, DifferentialFindingsTests.Verdict)])
    func finding(name: String, body: String, document: String, verdict: DifferentialFindingsTests.Verdict) throws {
        let target = name == "namespace" ? #" targetNamespace="urn:&#xE9;""# : name == "schema_prefix" ? #" targetNamespace="urn:t""# : ""
        try DifferentialFindingsTests().finding(
            name: name, schema: "<xs:schema \(Self.xs)\(target)>\(body)</xs:schema>", document: document, verdict: verdict)
    }
}
