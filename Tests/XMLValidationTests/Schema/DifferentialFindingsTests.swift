import Testing
import XMLStreaming
import XMLValidation

/// Cases a differential run against xmllint 2.9.14 and xmlschema 4.3.2 found (5,938 pairs)
/// (and, named `…_declared` or `…_known_…`, the valid cases beside them),
/// each a schema and a document with the verdict XML Schema 1.0 (second edition) gives:
/// the recommendation decides where the two tools disagree. `facet_bound_incomparable_rejected`
/// compiles (its two bounds are incomparable, not out of order), and its value, 6 hours from
/// a minimum without a time zone, is incomparable with it too, so it does not satisfy it
/// (Datatypes 3.2.7.4): invalid, where both tools call it valid.
@Suite("XSD: the differential campaign's findings")
struct DifferentialFindingsTests {
    enum Verdict { case valid, invalid, schema }

    // Schemas several findings share.
    static let mixedEmptiableBase = #"""
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:complexType name="B" mixed="true"><xs:sequence><xs:element name="a" minOccurs="0"/></xs:sequence></xs:complexType>
          <xs:complexType name="D"><xs:simpleContent><xs:restriction base="B"><xs:simpleType><xs:restriction base="xs:int"/></xs:simpleType></xs:restriction></xs:simpleContent></xs:complexType>
          <xs:element name="r" type="D"/>
        </xs:schema>
        """#

    static let simpleContentBase = #"""
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:complexType name="B"><xs:simpleContent><xs:extension base="xs:int"><xs:attribute name="x"/></xs:extension></xs:simpleContent></xs:complexType>
          <xs:complexType name="D"><xs:complexContent><xs:extension base="B"><xs:attribute name="y"/></xs:extension></xs:complexContent></xs:complexType>
          <xs:element name="r" type="D"/>
        </xs:schema>
        """#

    static let fixedAnyType = #"""
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:element name="r" fixed="abc"/>
        </xs:schema>
        """#

    static let defaultBesideElementOnlyType = #"""
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:complexType name="B" mixed="true"><xs:sequence><xs:element name="a" minOccurs="0"/></xs:sequence></xs:complexType>
          <xs:complexType name="R"><xs:complexContent><xs:restriction base="B"><xs:sequence><xs:element name="a" minOccurs="0"/></xs:sequence></xs:restriction></xs:complexContent></xs:complexType>
          <xs:element name="r" type="B" default="abc"/>
        </xs:schema>
        """#

    @Test("each finding gets the recommendation's verdict", arguments: [
        ("empty_content_whitespace", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:attribute name="x"/></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r> </r>
            """#, .invalid),
        ("xsinil_on_non_nillable", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r" type="xs:int"/>
            </xs:schema>
            """#,
         #"""
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="false">3</r>
            """#, .invalid),
        ("empty_choice_emptiable", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:choice/></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r/>
            """#, .invalid),
        ("facet_bound_incomparable_rejected", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="B"><xs:restriction base="xs:dateTime"><xs:minInclusive value="1999-12-31T23:59:59"/></xs:restriction></xs:simpleType>
              <xs:simpleType name="D"><xs:restriction base="B"><xs:maxInclusive value="2000-01-01T12:00:00+05:00"/></xs:restriction></xs:simpleType>
              <xs:element name="r" type="D"/>
            </xs:schema>
            """#,
         #"""
            <r>2000-01-01T06:00:00Z</r>
            """#, .invalid),
        ("facet_minexclusive_eq_maxexclusive", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="T"><xs:restriction base="xs:double"><xs:minExclusive value="0"/><xs:maxExclusive value="0"/></xs:restriction></xs:simpleType>
              <xs:element name="r" type="T"/>
            </xs:schema>
            """#,
         #"""
            <r>0</r>
            """#, .invalid),
        ("facet_same_step_conflicts", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="T"><xs:restriction base="xs:int"><xs:minInclusive value="1"/><xs:minExclusive value="0"/></xs:restriction></xs:simpleType>
              <xs:element name="r" type="T"/>
            </xs:schema>
            """#,
         #"""
            <r>1</r>
            """#, .schema),
        ("facet_length_with_minlength", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="T"><xs:restriction base="xs:string"><xs:minLength value="0"/><xs:length value="1"/></xs:restriction></xs:simpleType>
              <xs:element name="r" type="T"/>
            </xs:schema>
            """#,
         #"""
            <r>a</r>
            """#, .schema),
        ("facet_fractiondigits_on_integer", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="T"><xs:restriction base="xs:integer"><xs:fractionDigits value="2"/></xs:restriction></xs:simpleType>
              <xs:element name="r" type="T"/>
            </xs:schema>
            """#,
         #"""
            <r>1</r>
            """#, .schema),
        ("attr_prohibited_with_default", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:attribute name="a" type="xs:int" use="prohibited" default="1"/></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r/>
            """#, .schema),
        ("attr_two_ids", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:attribute name="a" type="xs:ID"/><xs:attribute name="b" type="xs:ID"/></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r a="x" b="y"/>
            """#, .schema),
        ("union_whitespace_collapsed", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="U"><xs:union memberTypes="xs:string xs:int"/></xs:simpleType>
              <xs:simpleType name="T"><xs:restriction base="U"><xs:pattern value="\d+"/></xs:restriction></xs:simpleType>
              <xs:element name="r" type="T"/>
            </xs:schema>
            """#,
         #"""
            <r> 1 </r>
            """#, .invalid),
        ("wildcard_union_wrong", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns:t="urn:t">
              <xs:complexType name="B"><xs:anyAttribute namespace="##other" processContents="skip"/></xs:complexType>
              <xs:complexType name="E"><xs:complexContent><xs:extension base="t:B"><xs:anyAttribute namespace="##targetNamespace" processContents="skip"/></xs:extension></xs:complexContent></xs:complexType>
              <xs:element name="r" type="t:E"/>
            </xs:schema>
            """#,
         #"""
            <t:r xmlns:t="urn:t" x="1"/>
            """#, .invalid),
        ("wildcard_union_inexpressible", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns:t="urn:t">
              <xs:complexType name="B"><xs:anyAttribute namespace="##other" processContents="skip"/></xs:complexType>
              <xs:complexType name="E"><xs:complexContent><xs:extension base="t:B"><xs:anyAttribute namespace="##local" processContents="skip"/></xs:extension></xs:complexContent></xs:complexType>
              <xs:element name="r" type="t:E"/>
            </xs:schema>
            """#,
         #"""
            <t:r xmlns:t="urn:t" x="1"/>
            """#, .schema),
        ("final_not_enforced", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="B" final="extension"><xs:sequence><xs:element name="a"/></xs:sequence></xs:complexType>
              <xs:complexType name="E"><xs:complexContent><xs:extension base="B"><xs:sequence><xs:element name="c"/></xs:sequence></xs:extension></xs:complexContent></xs:complexType>
              <xs:element name="r" type="E"/>
            </xs:schema>
            """#,
         #"""
            <r><a/><c/></r>
            """#, .schema),
        ("block_not_enforced", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="B"><xs:sequence><xs:element name="a"/></xs:sequence></xs:complexType>
              <xs:complexType name="E"><xs:complexContent><xs:extension base="B"><xs:sequence><xs:element name="c"/></xs:sequence></xs:extension></xs:complexContent></xs:complexType>
              <xs:element name="r" type="B" block="extension"/>
            </xs:schema>
            """#,
         #"""
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="E"><a/><c/></r>
            """#, .invalid),
        ("xsitype_derived_simple_rejected", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="A"><xs:restriction base="xs:string"><xs:maxLength value="5"/></xs:restriction></xs:simpleType>
              <xs:simpleType name="B"><xs:restriction base="A"><xs:pattern value="[a-z]+"/></xs:restriction></xs:simpleType>
              <xs:element name="r" type="A"/>
            </xs:schema>
            """#,
         #"""
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="B">abc</r>
            """#, .valid),
        ("xsitype_union_member_rejected", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="U"><xs:union memberTypes="xs:int xs:boolean"/></xs:simpleType>
              <xs:element name="r" type="U"/>
            </xs:schema>
            """#,
         #"""
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" xsi:type="xs:int">5</r>
            """#, .valid),
        ("wildcard_attr_global_fixed_ignored", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t">
              <xs:attribute name="g" type="xs:int" fixed="1"/>
              <xs:element name="r"><xs:complexType><xs:anyAttribute namespace="##targetNamespace" processContents="lax"/></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <t:r xmlns:t="urn:t" t:g="2"/>
            """#, .invalid),
        ("mixed_extension_of_element_only", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="B"><xs:sequence><xs:element name="a" minOccurs="0"/></xs:sequence></xs:complexType>
              <xs:complexType name="E"><xs:complexContent mixed="true"><xs:extension base="B"/></xs:complexContent></xs:complexType>
              <xs:element name="r" type="E"/>
            </xs:schema>
            """#,
         #"""
            <r>t<a/></r>
            """#, .schema),
        ("all_extended_by_sequence", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="B"><xs:all><xs:element name="a"/></xs:all></xs:complexType>
              <xs:complexType name="E"><xs:complexContent><xs:extension base="B"><xs:sequence><xs:element name="b"/></xs:sequence></xs:extension></xs:complexContent></xs:complexType>
              <xs:element name="r" type="E"/>
            </xs:schema>
            """#,
         #"""
            <r><a/><b/></r>
            """#, .schema),
        ("element_decls_inconsistent", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:sequence>
                <xs:element name="a" type="xs:int"/><xs:element name="b"/><xs:element name="a" type="xs:date"/>
              </xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r><a>1</a><b/><a>2001-01-01</a></r>
            """#, .schema),
        ("message_namespace_blind", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" elementFormDefault="qualified">
              <xs:element name="r"><xs:complexType><xs:sequence><xs:element name="c"/></xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r xmlns="urn:t"><c xmlns=""/></r>
            """#, .invalid),
        ("fixed_mixed_with_child", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r" fixed="ab"><xs:complexType mixed="true"><xs:sequence><xs:element name="x" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r>a<x/>b</r>
            """#, .invalid),
        ("xsi_unknown_attribute", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType/></xs:element>
            </xs:schema>
            """#,
         #"""
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:foo="1" xsi:schemaLocation="urn:x x.xsd"/>
            """#, .invalid),
        ("xsi_known_attributes", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType/></xs:element>
            </xs:schema>
            """#,
         #"""
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="r.xsd" xsi:schemaLocation="urn:x x.xsd"/>
            """#, .valid),
        ("huge_max_length", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="T"><xs:restriction base="xs:string"><xs:maxLength value="100000000000000000000000" fixed="true"/></xs:restriction></xs:simpleType>
              <xs:simpleType name="U"><xs:restriction base="T"><xs:maxLength value="100000000000000000000000"/></xs:restriction></xs:simpleType>
              <xs:element name="r" type="U"/>
            </xs:schema>
            """#,
         #"""
            <r>any length</r>
            """#, .valid),
        ("notation_enum_undeclared", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="T"><xs:restriction base="xs:NOTATION"><xs:enumeration value="zz"/></xs:restriction></xs:simpleType>
              <xs:element name="r"><xs:complexType><xs:attribute name="a" type="T"/></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r a="zz"/>
            """#, .schema),
        ("notation_enum_declared", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:notation name="zz" public="zz"/>
              <xs:simpleType name="T"><xs:restriction base="xs:NOTATION"><xs:enumeration value="zz"/></xs:restriction></xs:simpleType>
              <xs:element name="r"><xs:complexType><xs:attribute name="a" type="T"/></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r a="zz"/>
            """#, .valid),
        ("list_of_union_of_list", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="L"><xs:list itemType="xs:int"/></xs:simpleType>
              <xs:simpleType name="U"><xs:union memberTypes="L xs:date"/></xs:simpleType>
              <xs:simpleType name="LL"><xs:list itemType="U"/></xs:simpleType>
              <xs:element name="r" type="LL"/>
            </xs:schema>
            """#,
         #"""
            <r>1</r>
            """#, .schema),
        ("s4s_unknown_attribute", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r" type="xs:string" maxLength="3"/>
            </xs:schema>
            """#,
         #"""
            <r>abcdef</r>
            """#, .schema),
        ("extension_of_any_type", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="T"><xs:complexContent><xs:extension base="xs:anyType"><xs:attribute name="n" type="xs:int"/></xs:extension></xs:complexContent></xs:complexType>
              <xs:element name="r" type="T"/>
              <xs:element name="g" type="xs:int"/>
            </xs:schema>
            """#,
         #"""
            <r n="1" other="x">text<a><b/></a><g>5</g></r>
            """#, .valid),
        ("extension_of_any_type_checks_what_it_knows", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="T"><xs:complexContent><xs:extension base="xs:anyType"><xs:attribute name="n" type="xs:int"/></xs:extension></xs:complexContent></xs:complexType>
              <xs:element name="r" type="T"/>
              <xs:element name="g" type="xs:int"/>
            </xs:schema>
            """#,
         #"""
            <r n="x"><g>no</g></r>
            """#, .invalid),
        ("extension_of_any_type_with_elements", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="T"><xs:complexContent><xs:extension base="xs:anyType"><xs:sequence><xs:element name="a"/></xs:sequence></xs:extension></xs:complexContent></xs:complexType>
              <xs:element name="r" type="T"/>
            </xs:schema>
            """#,
         #"""
            <r><a/></r>
            """#, .schema),
        ("w3c_annotation_after_particles", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:sequence><xs:element name="a"/><xs:annotation/></xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r><a/></r>
            """#, .schema),
        ("w3c_two_annotations", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:annotation/><xs:annotation/><xs:complexType/></xs:element>
            </xs:schema>
            """#,
         #"""
            <r/>
            """#, .schema),
        ("w3c_annotations_where_allowed", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:annotation/>
              <xs:element name="r"><xs:annotation><xs:documentation>one, first</xs:documentation></xs:annotation>
                <xs:complexType><xs:annotation/><xs:sequence><xs:annotation/><xs:element name="a"/></xs:sequence></xs:complexType></xs:element>
              <xs:annotation/><xs:annotation/>
            </xs:schema>
            """#,
         #"""
            <r><a/></r>
            """#, .valid),
        ("w3c_root_by_xsi_type", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns:t="urn:t">
              <xs:complexType name="T"><xs:sequence><xs:element name="a" type="xs:int"/></xs:sequence></xs:complexType>
            </xs:schema>
            """#,
         #"""
            <t:test xmlns:t="urn:t" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="t:T"><a>1</a></t:test>
            """#, .valid),
        ("w3c_root_by_xsi_type_checked", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns:t="urn:t">
              <xs:complexType name="T"><xs:sequence><xs:element name="a" type="xs:int"/></xs:sequence></xs:complexType>
            </xs:schema>
            """#,
         #"""
            <t:test xmlns:t="urn:t" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="t:T"><a>one</a></t:test>
            """#, .invalid),
        ("s4s_not_enforced", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r" minOccurs="0"/>
            </xs:schema>
            """#,
         #"""
            <r/>
            """#, .schema),
        ("s4s_boolean", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r" nillable="yes"/>
            </xs:schema>
            """#,
         #"""
            <r/>
            """#, .schema),
        ("s4s_unknown_element", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:sequense><xs:element name="a"/></xs:sequense></xs:complexType></xs:element>
            </xs:schema>
            """#,
         #"""
            <r/>
            """#, .schema),
        ("s4s_foreign_attributes_and_annotations", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:doc="urn:doc" version="1.0" xml:lang="en">
              <xs:annotation><xs:appinfo source="x"><xs:madeUp any="thing"/></xs:appinfo><xs:documentation xml:lang="en">text</xs:documentation></xs:annotation>
              <xs:element name="r" type="xs:string" doc:note="free" id="r1"/>
            </xs:schema>
            """#,
         #"""
            <r>abcdef</r>
            """#, .valid),
        ("boolean_enumeration", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:simpleType><xs:restriction base="xs:boolean"><xs:enumeration value="true"/></xs:restriction></xs:simpleType></xs:element></xs:schema>
            """#,
         #"""
            <r>1</r>
            """#, .schema),
        ("boolean_pattern_allowed", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:simpleType><xs:restriction base="xs:boolean"><xs:pattern value="true|false"/></xs:restriction></xs:simpleType></xs:element></xs:schema>
            """#,
         #"""
            <r>true</r>
            """#, .valid),
        ("notation_direct_attribute", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:complexType><xs:attribute name="a" type="xs:NOTATION"/></xs:complexType></xs:element></xs:schema>
            """#,
         #"""
            <r a="x"/>
            """#, .schema),
        ("notation_direct_element", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r" type="xs:NOTATION"/></xs:schema>
            """#,
         #"""
            <r>x</r>
            """#, .schema),
        ("notation_enumerated_declared", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:notation name="png" public="image/png"/><xs:element name="r"><xs:complexType><xs:attribute name="a"><xs:simpleType><xs:restriction base="xs:NOTATION"><xs:enumeration value="png"/></xs:restriction></xs:simpleType></xs:attribute></xs:complexType></xs:element></xs:schema>
            """#,
         #"""
            <r a="png"/>
            """#, .valid),
        ("anytype_restriction_base", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:simpleType><xs:restriction base="xs:anyType"/></xs:simpleType></xs:element></xs:schema>
            """#,
         #"""
            <r>x</r>
            """#, .schema),
        ("anytype_attribute_type", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:complexType><xs:attribute name="a" type="xs:anyType"/></xs:complexType></xs:element></xs:schema>
            """#,
         #"""
            <r a="x"/>
            """#, .schema),
        ("anytype_list_item", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:simpleType><xs:list itemType="xs:anyType"/></xs:simpleType></xs:element></xs:schema>
            """#,
         #"""
            <r>x</r>
            """#, .schema),
        ("qname_enumeration_prefix_on_facet", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:simpleType><xs:restriction base="xs:QName"><xs:enumeration xmlns:p="urn:a" value="p:x"/></xs:restriction></xs:simpleType></xs:element></xs:schema>
            """#,
         #"""
            <r xmlns:q="urn:a">q:x</r>
            """#, .valid),
        ("qname_enumeration_prefix_on_facet_other", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:simpleType><xs:restriction base="xs:QName"><xs:enumeration xmlns:p="urn:a" value="p:x"/></xs:restriction></xs:simpleType></xs:element></xs:schema>
            """#,
         #"""
            <r xmlns:q="urn:b">q:x</r>
            """#, .invalid),
        ("whitespace_facet_value_padded", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:simpleType><xs:restriction base="xs:string"><xs:whiteSpace value=" collapse "/></xs:restriction></xs:simpleType></xs:element></xs:schema>
            """#,
         #"""
            <r>a</r>
            """#, .valid),
        ("element_name_padded", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name=" r " type="xs:int"/></xs:schema>
            """#,
         #"""
            <r>5</r>
            """#, .valid),
        ("enumeration_value_padded_kept", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value=" a "/></xs:restriction></xs:simpleType></xs:element></xs:schema>
            """#,
         #"""
            <r>a</r>
            """#, .invalid),
        ("wildcard_id_beside_declared_id", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:attribute name="g" type="xs:ID"/><xs:element name="r"><xs:complexType><xs:attribute name="a" type="xs:ID"/><xs:anyAttribute processContents="lax"/></xs:complexType></xs:element></xs:schema>
            """#,
         #"""
            <r a="x" g="y"/>
            """#, .invalid),
        ("two_wildcard_ids", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:attribute name="g" type="xs:ID"/><xs:attribute name="h" type="xs:ID"/><xs:element name="r"><xs:complexType><xs:anyAttribute processContents="strict"/></xs:complexType></xs:element></xs:schema>
            """#,
         #"""
            <r g="x" h="y"/>
            """#, .invalid),
        ("one_wildcard_id", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:attribute name="g" type="xs:ID"/><xs:attribute name="h" type="xs:ID"/><xs:element name="r"><xs:complexType><xs:attribute name="b" type="xs:string"/><xs:anyAttribute processContents="strict"/></xs:complexType></xs:element></xs:schema>
            """#,
         #"""
            <r g="x" b="y"/>
            """#, .valid),
        // cvc-complex-type.5.2 names the type's attribute uses, present or not: "even when an
        // element legitimately lacks a declared attribute of type ID, a wildcard-validated
        // attribute must not supply it" (its note). Both tools call it valid.
        ("wildcard_id_beside_absent_declared_id", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:attribute name="g" type="xs:ID"/><xs:element name="r"><xs:complexType><xs:attribute name="a" type="xs:ID"/><xs:anyAttribute processContents="lax"/></xs:complexType></xs:element></xs:schema>
            """#,
         #"""
            <r g="y"/>
            """#, .invalid),
        ("notation_declared_but_not_enumerated", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:notation name="x" public="x"/><xs:element name="r"><xs:complexType><xs:attribute name="a" type="xs:NOTATION"/></xs:complexType></xs:element></xs:schema>
            """#,
         #"""
            <r a="x"/>
            """#, .schema),
        ("anysimpletype_restricted", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:simpleType><xs:restriction base="xs:anySimpleType"><xs:pattern value="x"/></xs:restriction></xs:simpleType></xs:element></xs:schema>
            """#,
         #"""
            <r>x</r>
            """#, .schema),
        ("anysimpletype_list_item", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:simpleType><xs:list itemType="xs:anySimpleType"/></xs:simpleType></xs:element></xs:schema>
            """#,
         #"""
            <r>x</r>
            """#, .schema),
        ("anysimpletype_as_type", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r" type="xs:anySimpleType"/><xs:attribute name="a" type="xs:anySimpleType"/></xs:schema>
            """#,
         #"""
            <r>any text</r>
            """#, .valid),
        ("anysimpletype_extended_in_simple_content", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:complexType><xs:simpleContent><xs:extension base="xs:anySimpleType"><xs:attribute name="a"/></xs:extension></xs:simpleContent></xs:complexType></xs:element></xs:schema>
            """#,
         #"""
            <r a="1">any</r>
            """#, .valid),
        ("schema_final_default_bad_token", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" finalDefault="substitution"><xs:element name="r"/></xs:schema>
            """#, "<r/>", .schema),
        ("schema_block_default_bad_token", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" blockDefault="list"><xs:element name="r"/></xs:schema>
            """#, "<r/>", .schema),
        ("schema_element_form_default_bad", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="bogus"><xs:element name="r"/></xs:schema>
            """#, "<r/>", .schema),
        ("local_form_bad", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r"><xs:complexType><xs:attribute name="a" form="bogus"/></xs:complexType></xs:element></xs:schema>
            """#, "<r/>", .schema),
        ("component_id_not_ncname", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="r" id="1r"/></xs:schema>
            """#, "<r/>", .schema),
        ("schema_defaults_known", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" finalDefault="#all" blockDefault="extension substitution" elementFormDefault="qualified" attributeFormDefault="unqualified" id="s1"><xs:element name="r"/></xs:schema>
            """#, "<r/>", .valid),
        ("simple_content_restriction_type_not_derived", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="B"><xs:simpleContent><xs:extension base="xs:integer"><xs:attribute name="x" type="xs:int"/></xs:extension></xs:simpleContent></xs:complexType>
              <xs:complexType name="D"><xs:simpleContent><xs:restriction base="B"><xs:simpleType><xs:restriction base="xs:string"/></xs:simpleType></xs:restriction></xs:simpleContent></xs:complexType>
              <xs:element name="r" type="D"/>
            </xs:schema>
            """#, "<r>5</r>", .schema),
        ("simple_content_restriction_of_mixed_emptiable", DifferentialFindingsTests.mixedEmptiableBase, "<r>5</r>", .valid),
        ("simple_content_restriction_of_mixed_emptiable_bad_value", DifferentialFindingsTests.mixedEmptiableBase, "<r>x</r>", .invalid),
        ("simple_content_restriction_of_mixed_needing_element", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="B" mixed="true"><xs:sequence><xs:element name="a"/></xs:sequence></xs:complexType>
              <xs:complexType name="D"><xs:simpleContent><xs:restriction base="B"><xs:simpleType><xs:restriction base="xs:int"/></xs:simpleType></xs:restriction></xs:simpleContent></xs:complexType>
              <xs:element name="r" type="D"/>
            </xs:schema>
            """#, "<r>5</r>", .schema),
        ("anytype_restriction_with_skip_wildcards", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="D"><xs:complexContent><xs:restriction base="xs:anyType"><xs:sequence><xs:any processContents="skip"/></xs:sequence><xs:anyAttribute processContents="skip"/></xs:restriction></xs:complexContent></xs:complexType>
              <xs:element name="r" type="D"/>
            </xs:schema>
            """#, #"<r x="1"><a/></r>"#, .valid),
        ("facet_in_simple_content_extension", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:simpleContent><xs:extension base="xs:integer"><xs:maxInclusive value="5"/></xs:extension></xs:simpleContent></xs:complexType></xs:element>
            </xs:schema>
            """#, "<r>5</r>", .schema),
        ("attribute_before_content_model", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:attribute name="a"/><xs:sequence/></xs:complexType></xs:element>
            </xs:schema>
            """#, "<r/>", .schema),
        ("content_model_beside_complex_content", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="B"/>
              <xs:element name="r"><xs:complexType><xs:complexContent><xs:extension base="B"/></xs:complexContent><xs:sequence/></xs:complexType></xs:element>
            </xs:schema>
            """#, "<r/>", .schema),
        ("key_without_selector", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:attribute name="a"/></xs:complexType><xs:key name="k"><xs:field xpath="@a"/></xs:key></xs:element>
            </xs:schema>
            """#, "<r a='1'/>", .schema),
        ("foreign_element_in_component", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:x="urn:x">
              <xs:element name="r"><x:note/></xs:element>
            </xs:schema>
            """#, "<r/>", .schema),
        ("foreign_elements_in_documentation_known", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:x="urn:x">
              <xs:element name="r"><xs:annotation><xs:appinfo><x:note><x:any/></x:note></xs:appinfo><xs:documentation>See <x:b>this</x:b>.</xs:documentation></xs:annotation><xs:complexType><xs:sequence minOccurs="0"><xs:element name="a"/></xs:sequence><xs:attribute name="b"/><xs:anyAttribute/></xs:complexType><xs:unique name="u"><xs:selector xpath="a"/><xs:field xpath="."/><xs:field xpath="@b"/></xs:unique></xs:element>
            </xs:schema>
            """#, "<r/>", .valid),
        ("complex_content_extension_of_simple_content_adding_attributes", DifferentialFindingsTests.simpleContentBase, #"<r y="1">5</r>"#, .valid),
        ("complex_content_extension_of_simple_content_value_checked", DifferentialFindingsTests.simpleContentBase, #"<r y="1">x</r>"#, .invalid),
        ("fixed_anytype_text", DifferentialFindingsTests.fixedAnyType, #"<r>abd</r>"#, .invalid),
        ("fixed_anytype_child", DifferentialFindingsTests.fixedAnyType, #"<r><a/></r>"#, .invalid),
        ("fixed_anytype_known", DifferentialFindingsTests.fixedAnyType, #"<r>abc</r>"#, .valid),
        ("default_with_element_only_xsi_type_empty", DifferentialFindingsTests.defaultBesideElementOnlyType, #"<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="R"/>"#, .invalid),
        ("default_with_element_only_xsi_type_children_known", DifferentialFindingsTests.defaultBesideElementOnlyType, #"<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="R"><a/></r>"#, .valid),
        ("fixed_with_element_only_xsi_type", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="B" mixed="true"><xs:sequence><xs:element name="a" minOccurs="0"/></xs:sequence></xs:complexType>
              <xs:complexType name="R"><xs:complexContent><xs:restriction base="B"><xs:sequence><xs:element name="a" minOccurs="0"/></xs:sequence></xs:restriction></xs:complexContent></xs:complexType>
              <xs:element name="r" type="B" fixed="abc"/>
            </xs:schema>
            """#, #"<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="R"><a/></r>"#, .invalid),
        ("default_on_mixed_needing_elements", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r" default="x"><xs:complexType mixed="true"><xs:sequence><xs:element name="a"/></xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """#, #"<r><a/></r>"#, .schema),
        ("all_group_reference_repeated", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:group name="G"><xs:all><xs:element name="a"/></xs:all></xs:group>
              <xs:element name="r"><xs:complexType><xs:group ref="G" maxOccurs="unbounded"/></xs:complexType></xs:element>
            </xs:schema>
            """#, #"<r><a/><a/></r>"#, .schema),
        ("simple_content_restriction_of_anytype", #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:complexType name="D"><xs:simpleContent><xs:restriction base="xs:anyType"><xs:simpleType><xs:restriction base="xs:int"/></xs:simpleType><xs:attribute name="a"/></xs:restriction></xs:simpleContent></xs:complexType>
              <xs:element name="r" type="D"/>
            </xs:schema>
            """#, #"<r a="1">5</r>"#, .valid),
    ] as [(String, String, String, Verdict)])
    func finding(name: String, schema: String, document: String, verdict: Verdict) throws {
        let compiled: XMLSchema
        do {
            compiled = try XMLSchema(string: schema, name: "\(name).xsd")
        } catch {
            #expect(verdict == .schema, "\(name): \(error)")
            return
        }
        #expect(verdict != .schema, "\(name): the schema compiled")
        let validator = XMLSchemaValidator(schema: compiled, options: XMLValidationOptions(reporting: .allErrors(maximum: 10)))
        let parser = XMLStreamParser(handler: validator)
        try parser.parse(document)
        #expect(parser.handler.errors.isEmpty == (verdict == .valid), "\(name): \(parser.handler.errors)")
    }

    @Test("a name in a namespace is written with it where it is expected, so a namespace mistake reads as one")
    func namespacedMessage() throws {
        let schema = try XMLSchema(string: """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" elementFormDefault="qualified">
              <xs:element name="r"><xs:complexType><xs:sequence><xs:element name="c"/></xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """)
        let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: schema))
        #expect {
            try parser.parse(#"<r xmlns="urn:t"><c xmlns=""/></r>"#)
        } throws: { error in
            (error as? XMLValidationError)?.message == "element <c> not expected here in <r>; expected <{urn:t}c>"
        }
    }
}
