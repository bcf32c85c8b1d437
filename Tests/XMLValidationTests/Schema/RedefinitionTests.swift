import Foundation
import Testing
import XMLStreaming
import XMLTestSupport
import XMLValidation

/// `<xs:redefine>`: a schema document read as an include, with some of its types, groups
/// and attribute groups replaced everywhere by redefinitions that build on the originals.
/// Verdicts compared with xmllint 2.9.14 and xmlschema 4.3.2.
@Suite("XSD redefinitions")
struct RedefinitionTests {
    static let xs = SchemaValidationTests.xs

    static let base = """
        <xs:schema \(xs)>
          <xs:complexType name="Person"><xs:sequence><xs:element name="name" type="xs:string"/></xs:sequence></xs:complexType>
          <xs:simpleType name="Code"><xs:restriction base="xs:string"><xs:maxLength value="5"/></xs:restriction></xs:simpleType>
          <xs:group name="extra"><xs:sequence><xs:element name="note" type="xs:string" minOccurs="0"/></xs:sequence></xs:group>
          <xs:attributeGroup name="common"><xs:attribute name="id" type="xs:ID"/></xs:attributeGroup>
          <xs:element name="person" type="Person"/>
        </xs:schema>
        """

    /// The schema `main` redefining base.xsd beside it, or the error that refuses it.
    static func compile(_ redefinitions: String) throws -> XMLSchema {
        let directory = try TemporaryDirectory()
        try directory.write(base, named: "base.xsd")
        return try XMLSchema(
            contentsOf: try directory.write(
                "<xs:schema \(xs)><xs:redefine schemaLocation=\"base.xsd\">\(redefinitions)</xs:redefine></xs:schema>", named: "main.xsd"))
    }

    @Test("redefinitions replace the originals everywhere, and their references to their own names reach the originals")
    func redefined() throws {
        let schema = try Self.compile(
            """
            <xs:complexType name="Person"><xs:complexContent><xs:extension base="Person">
              <xs:sequence><xs:element name="code" type="Code"/><xs:group ref="extra"/></xs:sequence>
              <xs:attributeGroup ref="common"/>
            </xs:extension></xs:complexContent></xs:complexType>
            <xs:simpleType name="Code"><xs:restriction base="Code"><xs:pattern value="[A-Z]+"/></xs:restriction></xs:simpleType>
            <xs:group name="extra"><xs:sequence><xs:group ref="extra"/><xs:element name="tag" type="xs:string" minOccurs="0"/></xs:sequence></xs:group>
            <xs:attributeGroup name="common"><xs:attributeGroup ref="common"/><xs:attribute name="lang" type="xs:language"/></xs:attributeGroup>
            """)
        #expect(schema.files.count == 2)
        let valid = #"<person id="p1" lang="de"><name>A</name><code>ABC</code><note>n</note><tag>t</tag></person>"#
        #expect(try SchemaValidationTests.errors(schema, valid).isEmpty)
        // The original's maxLength and the redefinition's pattern both bind; the group's
        // original comes first.
        let found = try SchemaValidationTests.errors(schema, #"<person lang="?"><name>A</name><code>ABCDEFG</code><tag>t</tag><note>n</note></person>"#)
        #expect(found.map(\.code) == [.invalidValue, .invalidValue, .unexpectedElement])
        #expect(found[1].message.contains("maxLength"), "\(found[1])")
        #expect(found.map(\.position.column) == [9, 32, 64])
    }

    @Test("what src-redefine forbids is refused when the schema is compiled")
    func refused() throws {
        for bad in [
            // A type that does not derive from itself.
            #"<xs:complexType name="Person"><xs:sequence><xs:element name="x"/></xs:sequence></xs:complexType>"#,
            // A component the redefined document does not declare.
            #"<xs:simpleType name="Other"><xs:restriction base="Other"/></xs:simpleType>"#,
            // A group referring to itself twice, or not exactly once.
            #"<xs:group name="extra"><xs:sequence><xs:group ref="extra"/><xs:group ref="extra"/></xs:sequence></xs:group>"#,
            #"<xs:group name="extra"><xs:sequence><xs:group ref="extra" maxOccurs="2"/></xs:sequence></xs:group>"#,
            // An element cannot be redefined.
            #"<xs:element name="person"/>"#,
        ] {
            #expect(throws: XMLValidationError.self, "\(bad)") { try Self.compile(bad) }
        }
    }

    @Test("schema documents that redefine each other, or themselves, are refused; a cycle of includes is not (the W3C suite's s4_2_4si01)")
    func redefinitionCycles() throws {
        let directory = try TemporaryDirectory()
        func redefining(_ location: String, adding element: String, declaring: Bool = false) -> String {
            """
            <xs:schema \(Self.xs) targetNamespace="urn:a" xmlns:tns="urn:a">
              <xs:redefine schemaLocation="\(location)">
                <xs:complexType name="c1"><xs:complexContent><xs:extension base="tns:c1">
                  <xs:sequence><xs:element name="\(element)"/></xs:sequence>
                </xs:extension></xs:complexContent></xs:complexType>
              </xs:redefine>
              \(declaring ? #"<xs:complexType name="c1"><xs:sequence><xs:element name="z"/></xs:sequence></xs:complexType>"# : "")
              <xs:element name="root\(element)" type="tns:c1"/>
            </xs:schema>
            """
        }
        let a = try directory.write(redefining("b.xsd", adding: "x"), named: "a.xsd")
        let b = try directory.write(redefining("a.xsd", adding: "y", declaring: true), named: "b.xsd")
        for schema in [a, b] {
            #expect {
                try XMLSchema(contentsOf: schema)
            } throws: { error in
                let error = error as? XMLValidationError
                return error?.code == .invalidSchema
                    && ["a.xsd", "b.xsd"].contains {
                        error?.message == "<xs:redefine> of \($0) is circular: the schema it reads redefines this one in turn, "
                            + "directly or through the documents it includes (src-redefine)"
                    }
            }
        }
        // Through a document included on the way (xmllint refuses it too; xmlschema does
        // not), and a document redefining itself.
        let c = try directory.write(redefining("d.xsd", adding: "v"), named: "c.xsd")
        _ = try directory.write(
            "<xs:schema \(Self.xs) targetNamespace=\"urn:a\"><xs:include schemaLocation=\"e.xsd\"/></xs:schema>", named: "d.xsd")
        _ = try directory.write(redefining("c.xsd", adding: "w", declaring: true), named: "e.xsd")
        #expect(throws: XMLValidationError.self) { try XMLSchema(contentsOf: c) }
        let itself = try directory.write(redefining("self.xsd", adding: "s", declaring: true), named: "self.xsd")
        #expect {
            try XMLSchema(contentsOf: itself)
        } throws: { error in
            (error as? XMLValidationError)?.message == "<xs:redefine> of self.xsd redefines the schema document it is in (src-redefine)"
        }
        // A redefinition of a document that includes the redefining one back: read once, fine
        // (xmllint and xmlschema agree).
        let f = try directory.write(redefining("g.xsd", adding: "x"), named: "f.xsd")
        _ = try directory.write(
            """
            <xs:schema \(Self.xs) targetNamespace="urn:a"><xs:include schemaLocation="f.xsd"/>
              <xs:complexType name="c1"><xs:sequence><xs:element name="z"/></xs:sequence></xs:complexType>
            </xs:schema>
            """, named: "g.xsd")
        _ = try XMLSchema(contentsOf: f)
    }

    @Test("a group redefined without a reference to itself restricts the original (src-redefine.6.2.2)")
    func groupRestrictions() throws {
        // The original: an optional <note>.
        #expect(throws: Never.self) {
            try Self.compile(#"<xs:group name="extra"><xs:sequence><xs:element name="note" type="xs:string"/></xs:sequence></xs:group>"#)
        }
        #expect(throws: Never.self) { try Self.compile(#"<xs:group name="extra"><xs:sequence/></xs:group>"#) }
        let renamed = try #require(throws: XMLValidationError.self) {
            try Self.compile(#"<xs:group name="extra"><xs:sequence><xs:element name="memo" type="xs:string"/></xs:sequence></xs:group>"#)
        }
        #expect(renamed.message.hasPrefix("the redefinition of group extra is not a restriction of the original: <memo> is not the base's <note>"))
        let repeated = try #require(throws: XMLValidationError.self) {
            try Self.compile(
                #"<xs:group name="extra"><xs:sequence><xs:element name="note" type="xs:string" maxOccurs="2"/></xs:sequence></xs:group>"#)
        }
        #expect(repeated.message.hasSuffix("(src-redefine.6.2.2)"))
    }

    @Test("a redefinition of a redefinition builds on the inner one; an attribute group redefined without itself restricts the original")
    func chainsAndRestrictions() throws {
        let directory = try TemporaryDirectory()
        func write(_ name: String, _ body: String) throws {
            try directory.write("<xs:schema \(Self.xs)>\(body)</xs:schema>", named: name)
        }
        try write("c.xsd", #"<xs:simpleType name="ST"><xs:restriction base="xs:int"/></xs:simpleType><xs:element name="root" type="ST"/>"#)
        try write("b.xsd", #"<xs:redefine schemaLocation="c.xsd"><xs:simpleType name="ST"><xs:restriction base="ST"><xs:maxInclusive value="100"/></xs:restriction></xs:simpleType></xs:redefine>"#)
        try write("s.xsd", #"<xs:redefine schemaLocation="b.xsd"><xs:simpleType name="ST"><xs:restriction base="ST"><xs:minInclusive value="10"/></xs:restriction></xs:simpleType></xs:redefine>"#)
        let schema = try XMLSchema(contentsOf: (directory.path as NSString).appendingPathComponent("s.xsd"))
        #expect(try SchemaValidationTests.errors(schema, "<root>50</root>").isEmpty)
        #expect(try SchemaValidationTests.errors(schema, "<root>5</root>").map(\.code) == [.invalidValue])
        #expect(try SchemaValidationTests.errors(schema, "<root>500</root>").map(\.code) == [.invalidValue])
        // An attribute group without a reference to itself: each attribute the original's,
        // none it requires left out.
        for bad in [
            #"<xs:attributeGroup name="common"><xs:attribute name="zz" type="xs:int"/></xs:attributeGroup>"#,
            #"<xs:attributeGroup name="common"><xs:attribute name="id" type="xs:string"/></xs:attributeGroup>"#,
        ] {
            #expect(throws: XMLValidationError.self, "\(bad)") { try Self.compile(bad) }
        }
        #expect(throws: Never.self) { try Self.compile(#"<xs:attributeGroup name="common"/>"#) }
    }
}
