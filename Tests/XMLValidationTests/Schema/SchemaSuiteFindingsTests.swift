import Testing
import XMLStreaming
import XMLValidation

/// Cases campaigns on labelled test suites found (2026-11-29: the tests that ship in source
/// distributions, xmlschema 4.3.2's test cases and unit tests, PyXB, generateDS and xsdata's
/// schemas, 749 settled; and parts of the W3C XML Schema test suite), each a schema body, a
/// document, and the verdict the recommendation gives. The unreadable include the first
/// found is in ``CompositionFindingsTests``.
@Suite("XSD: the source-distribution suites' findings")
struct SchemaSuiteFindingsTests {
    /// A type that reaches attribute a2 through two attribute groups, one inside the other.
    static let twoGroups = #"""
        <xs:element name="r"><xs:complexType>
          <xs:attributeGroup ref="ag1"/><xs:attributeGroup ref="ag2"/>
        </xs:complexType></xs:element>
        <xs:attributeGroup name="ag1"><xs:attributeGroup ref="ag2"/></xs:attributeGroup>
        <xs:attributeGroup name="ag2"><xs:attribute name="a2" type="xs:int"/></xs:attributeGroup>
        """#

    static let groupAgain = #"""
        <xs:attributeGroup name="common">
          <xs:attribute name="id" type="xs:ID"/><xs:attribute name="lang" type="xs:language"/>
        </xs:attributeGroup>
        <xs:complexType name="Base"><xs:sequence><xs:element name="a"/></xs:sequence><xs:attributeGroup ref="common"/></xs:complexType>
        <xs:element name="r"><xs:complexType><xs:complexContent><xs:extension base="Base">
          <xs:sequence><xs:element name="b"/></xs:sequence><xs:attributeGroup ref="common"/>
        </xs:extension></xs:complexContent></xs:complexType></xs:element>
        """#

    @Test("each finding gets the recommendation's verdict", arguments: [
        // {attribute uses} is a set (Structures 3.4.2, 3.6.2): one use reached twice is there once.
        ("an attribute reached through two attribute groups (xmlschema issue_276)", Self.twoGroups, #"<r a2="1"/>"#,
         SchemaVerdictFindingsTests.Verdict.valid),
        ("an attribute reached through two attribute groups, its value checked", Self.twoGroups, #"<r a2="x"/>"#, .invalid),
        ("two declarations of one attribute name, one through a group", #"""
            <xs:element name="r"><xs:complexType>
              <xs:attribute name="a2" type="xs:int"/><xs:attributeGroup ref="ag2"/>
            </xs:complexType></xs:element>
            <xs:attributeGroup name="ag2"><xs:attribute name="a2" type="xs:int"/></xs:attributeGroup>
            """#, "<r/>", .schema),
        ("an extension referencing its base's attribute group again (ct-props-correct.4: the same declaration)", Self.groupAgain,
         #"<r id="x" lang="en"><a/><b/></r>"#, .valid),
        ("an extension referencing its base's attribute group again, its value checked", Self.groupAgain,
         #"<r lang="not a language"><a/><b/></r>"#, .invalid),
        ("an extension declaring again an attribute its base has from a group", #"""
            <xs:attributeGroup name="common"><xs:attribute name="lang" type="xs:language"/></xs:attributeGroup>
            <xs:complexType name="Base"><xs:sequence><xs:element name="a"/></xs:sequence><xs:attributeGroup ref="common"/></xs:complexType>
            <xs:element name="r"><xs:complexType><xs:complexContent><xs:extension base="Base">
              <xs:attribute name="lang" type="xs:language"/>
            </xs:extension></xs:complexContent></xs:complexType></xs:element>
            """#, "<r><a/></r>", .schema),
        // A member union with facets of its own is tried as a whole, its facets applied;
        // one without is tried as its members (Datatypes 2.5.1.3).
        ("a member union's pattern applies before the next member is tried", #"""
            <xs:simpleType name="V"><xs:restriction><xs:simpleType><xs:union memberTypes="xs:int xs:date"/></xs:simpleType>
              <xs:pattern value="\d"/></xs:restriction></xs:simpleType>
            <xs:element name="r"><xs:simpleType><xs:union memberTypes="V xs:boolean"/></xs:simpleType></xs:element>
            """#, "<r>12</r>", .invalid),
        ("a member union's pattern, met", #"""
            <xs:simpleType name="V"><xs:restriction><xs:simpleType><xs:union memberTypes="xs:int xs:date"/></xs:simpleType>
              <xs:pattern value="\d"/></xs:restriction></xs:simpleType>
            <xs:element name="r"><xs:simpleType><xs:union memberTypes="V xs:boolean"/></xs:simpleType></xs:element>
            """#, "<r>7</r>", .valid),
        // Structures 5.1: a schema document is valid against the schema for schemas, where
        // only appinfo and documentation are mixed.
        ("text between enumerations (PyXB trac-0088)", #"""
            <xs:element name="r"><xs:simpleType><xs:restriction base="xs:token">
              <xs:enumeration value="a"/> &gt; <xs:enumeration value="b"/>
            </xs:restriction></xs:simpleType></xs:element>
            """#, "<r>a</r>", .schema),
        ("text in the schema element", "junk <xs:element name=\"r\"/>", "<r/>", .schema),
        ("text in documentation and appinfo, white space and comments elsewhere", #"""
            <xs:annotation><xs:documentation>Any <b>text</b> &amp; markup</xs:documentation><xs:appinfo>x</xs:appinfo></xs:annotation>
            <xs:element name="r"> <!-- a comment --> <![CDATA[ ]]> </xs:element>
            """#, "<r/>", .valid),
        // A name test is one XPath token (XPath 1.0, 3.7; Structures 3.11.6).
        ("white space around a selector's prefix colon (xmlschema test_invalid_selector_path)", #"""
            <xs:element name="r"><xs:complexType><xs:sequence><xs:any processContents="skip" maxOccurs="unbounded"/></xs:sequence></xs:complexType>
              <xs:key name="k"><xs:selector xpath="xs : *"/><xs:field xpath="@id"/></xs:key>
            </xs:element>
            """#, "<r/>", .schema),
        ("white space inside a field's attribute name", #"""
            <xs:element name="r"><xs:complexType><xs:sequence><xs:any processContents="skip" maxOccurs="unbounded"/></xs:sequence></xs:complexType>
              <xs:key name="k"><xs:selector xpath="*"/><xs:field xpath="@i d"/></xs:key>
            </xs:element>
            """#, "<r/>", .schema),
        ("white space between the tokens of a path", #"""
            <xs:element name="r"><xs:complexType><xs:sequence><xs:element name="a" maxOccurs="unbounded"><xs:complexType>
              <xs:attribute name="id"/></xs:complexType></xs:element></xs:sequence></xs:complexType>
              <xs:key name="k"><xs:selector xpath=" . // a | child :: a "/><xs:field xpath="@ id"/></xs:key>
            </xs:element>
            """#, #"<r><a id="1"/><a id="1"/></r>"#, .invalid),
        // Every id of the schema for schemas is an ID: unique in its document.
        ("two elements of one schema document with the same id", #"""
            <xs:element name="r" id="x"/><xs:element name="q" id="x"/>
            """#, "<r/>", .schema),
        ("xml:lang that is no language tag", #"""
            <xs:element name="r"><xs:annotation xml:lang="not a lang!"/></xs:element>
            """#, "<r/>", .schema),
        ("xml:lang empty or a language tag", #"""
            <xs:element name="r" xml:lang="de-CH"><xs:annotation xml:lang=""/></xs:element>
            """#, "<r/>", .valid),
        // The W3C XML Schema test suite (w3c/xsdtests), sunMeta/Notation, publicid00201m1:
        // each identifier is optional if the other is present (Structures 3.12.1).
        ("a notation with neither public nor system", #"<xs:notation name="png"/><xs:element name="r"/>"#, "<r/>", .schema),
        ("a notation with system alone", #"<xs:notation name="png" system="viewer"/><xs:element name="r"/>"#, "<r/>", .valid),
        // msMeta/Wildcards, wildZ011: the complete attribute wildcard processes as the type's
        // own <anyAttribute> says, not as an attribute group's (Structures 3.4.2).
        ("an attribute group's skip wildcard beside the type's strict one", #"""
            <xs:attributeGroup name="ag"><xs:anyAttribute processContents="skip"/></xs:attributeGroup>
            <xs:element name="r"><xs:complexType><xs:attributeGroup ref="ag"/><xs:anyAttribute processContents="strict"/></xs:complexType></xs:element>
            """#, #"<r u="1"/>"#, .invalid),
        ("an attribute group's strict wildcard beside the type's skip one", #"""
            <xs:attributeGroup name="ag"><xs:anyAttribute processContents="strict"/></xs:attributeGroup>
            <xs:element name="r"><xs:complexType><xs:attributeGroup ref="ag"/><xs:anyAttribute processContents="skip"/></xs:complexType></xs:element>
            """#, #"<r u="1"/>"#, .valid),
        // msMeta/DataTypes, positiveInteger_maxExclusive001: a built-in integer type's bounds
        // are its facets (Datatypes 4.3.7.4, 4.3.10.4).
        ("positiveInteger with maxExclusive 1", #"""
            <xs:element name="r"><xs:simpleType><xs:restriction base="xs:positiveInteger"><xs:maxExclusive value="1"/></xs:restriction></xs:simpleType></xs:element>
            """#, "<r>1</r>", .schema),
        ("negativeInteger with minExclusive -1", #"""
            <xs:element name="r"><xs:simpleType><xs:restriction base="xs:negativeInteger"><xs:minExclusive value="-1"/></xs:restriction></xs:simpleType></xs:element>
            """#, "<r>-2</r>", .schema),
        ("positiveInteger with maxExclusive 2", #"""
            <xs:element name="r"><xs:simpleType><xs:restriction base="xs:positiveInteger"><xs:maxExclusive value="2"/></xs:restriction></xs:simpleType></xs:element>
            """#, "<r>1</r>", .valid),
        // msMeta/DataTypes, IDREFS_length006: length beside a minLength that restates an
        // ancestor's, which set no length (Datatypes 4.3.1.4, second edition).
        ("IDREFS with length 5 and its own minLength 1", #"""
            <xs:element name="r"><xs:complexType><xs:sequence><xs:element name="i" maxOccurs="unbounded"><xs:complexType><xs:attribute name="id" type="xs:ID"/></xs:complexType></xs:element></xs:sequence>
              <xs:attribute name="refs"><xs:simpleType><xs:restriction base="xs:IDREFS"><xs:length value="5"/><xs:minLength value="1"/></xs:restriction></xs:simpleType></xs:attribute>
            </xs:complexType></xs:element>
            """#, #"<r refs="a a a a a"><i id="a"/></r>"#, .valid),
        ("length beside a minLength no ancestor has", #"""
            <xs:simpleType name="B"><xs:restriction base="xs:string"><xs:minLength value="2"/></xs:restriction></xs:simpleType>
            <xs:element name="r"><xs:simpleType><xs:restriction base="B"><xs:length value="5"/><xs:minLength value="3"/></xs:restriction></xs:simpleType></xs:element>
            """#, "<r>abcde</r>", .schema),
        // msMeta/Wildcards, wildC035, wildC036, wildN001: a misspelt keyword is no URI.
        ("a wildcard's namespace ##target", #"""
            <xs:element name="r"><xs:complexType><xs:sequence><xs:any namespace="##target"/></xs:sequence></xs:complexType></xs:element>
            """#, "<r><x/></r>", .schema),
        ("an attribute wildcard's namespaces ##anyAttribute ##local", #"""
            <xs:element name="r"><xs:complexType><xs:anyAttribute namespace="##anyAttribute ##local"/></xs:complexType></xs:element>
            """#, "<r/>", .schema),
        ("a wildcard's namespace with one #", #"""
            <xs:element name="r"><xs:complexType><xs:sequence><xs:any namespace="urn:a#b ##local" processContents="skip"/></xs:sequence></xs:complexType></xs:element>
            """#, "<r><x/></r>", .valid),
    ])
    func verdict(name: String, body: String, document: String, verdict: SchemaVerdictFindingsTests.Verdict) throws {
        try SchemaVerdictFindingsTests.expect(verdict, name: name, body: body, document: document)
    }

    @Test("the schema-for-schemas errors say what and where: the text, the id, the name in the path")
    func messages() throws {
        func refusal(_ body: String) -> String? {
            do {
                _ = try XMLSchema(string: "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">\n\(body)\n</xs:schema>", name: "s.xsd")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            refusal("<xs:simpleType name='t'><xs:restriction base='xs:token'>\n  <xs:enumeration value='a'/> junk</xs:restriction></xs:simpleType>")
                == "s.xsd:3:30: error: <xs:restriction> cannot hold text (\"junk\"): only <xs:appinfo> and <xs:documentation> may "
                + "(the schema for schemas)")
        #expect(
            refusal("<xs:element name='r' id='x'/>\n<xs:element name='q' id='x'/>")
                == "s.xsd:3:1: error: id \"x\" is already that of another element of this schema document (an ID, in the schema for schemas)")
        #expect(
            refusal("<xs:element name='r'><xs:key name='k'><xs:selector xpath='p : *'/><xs:field xpath='@id'/></xs:key></xs:element>")?
                .hasSuffix("\"p : *\" is not in the XPath subset of identity constraints: white space inside a name (\"p :\")") == true)
    }
}
