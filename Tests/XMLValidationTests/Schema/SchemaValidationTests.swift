import Foundation
import Testing
import XMLStreaming
import XMLTestSupport
import XMLValidation

/// XML Schema validation end to end: a schema compiled from text or a file, documents
/// validated as they stream, and each error's code, message and position.
@Suite("XSD validation")
struct SchemaValidationTests {
    static let xs = "xmlns:xs=\"http://www.w3.org/2001/XMLSchema\""

    /// Every error of `xml` against `schema` (up to 50).
    static func errors(_ schema: XMLSchema, _ xml: String) throws -> [XMLValidationError] {
        let validator = XMLSchemaValidator(schema: schema, options: XMLValidationOptions(reporting: .allErrors(maximum: 50)))
        let parser = XMLStreamParser(handler: validator)
        try parser.parse(xml)
        return parser.handler.errors
    }

    static func schema(_ body: String) throws -> XMLSchema {
        try XMLSchema(string: "<xs:schema \(xs)>\(body)</xs:schema>", name: "test.xsd")
    }

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/SiteSchedule")

    @Test("the sample feeds are valid against the sample's schema; a broken feed gets each error at its place")
    func sampleSchema() throws {
        let schema = try XMLSchema(contentsOf: Self.samples.appendingPathComponent("schedule.xsd").path)
        for file in ["schedule.xml", "schedule-large.xml"] {
            let validator = XMLSchemaValidator(schema: schema, options: XMLValidationOptions(reporting: .allErrors(maximum: 10)))
            let parser = XMLStreamParser(handler: validator)
            try parser.parse(contentsOf: Self.samples.appendingPathComponent(file).path)
            #expect(parser.handler.errors.isEmpty, "\(file): \(parser.handler.errors)")
        }
        let broken = """
            <schedule>
            <teams><team><contact isHead="MAYBE">Hr. Meier</contact></team></teams>
            <sites><site code="1"><city>Köln</city><street>Domkloster 4</street><city/>
            <activities><activity team="100" start="2012-03-01 6:00" end="tomorrow"/></activities></site></sites>
            <extra/>
            </schedule>
            """
        let errors = try Self.errors(schema, broken)
        #expect(errors.map(\.code) == [.missingAttribute, .invalidValue, .unexpectedElement, .invalidValue, .unexpectedElement])
        #expect(errors.map { "\($0.position.line):\($0.position.column)" } == ["2:8", "2:23", "3:69", "4:58", "5:1"])
        #expect(errors[0].message == "element <team> needs attribute code")
        #expect(errors[1].message == "attribute isHead of <contact>: \"MAYBE\" is not one of the values of {}YesNo: \"YES\", \"NO\"".replacing("{}", with: ""))
        #expect(errors[2].message == "element <city> not expected here in <site>; expected one of <name>, <countryCode>, <activities>")
        // The second <city> broke <site>'s content; its later children are still checked.
        #expect(errors[3].message.hasPrefix("attribute end of <activity>: \"tomorrow\" does not match the pattern"))
        #expect(errors[4].message == "element <extra> not expected here in <schedule>; expected no more elements")
        #expect(errors[2].component?.hasPrefix("<xs:complexType name=\"Site\"> at ") == true)
        #expect(errors[2].description.hasPrefix("<input>:3:69: error: element <city> not expected here"))
    }

    @Test("sequences, choices, counts and text: each place a child may stand, and what was expected")
    func contentModels() throws {
        let schema = try Self.schema("""
            <xs:element name="r"><xs:complexType><xs:sequence>
              <xs:element name="a" type="xs:int" maxOccurs="3"/>
              <xs:choice minOccurs="0"><xs:element name="b"/><xs:element name="c" type="xs:string"/></xs:choice>
              <xs:element name="d" minOccurs="2" maxOccurs="2"><xs:complexType/></xs:element>
            </xs:sequence></xs:complexType></xs:element>
            """)
        #expect(try Self.errors(schema, "<r><a>1</a><a> 2 </a><c>x</c><d/><d/></r>").isEmpty)
        #expect(try Self.errors(schema, "<r><a>1</a><b/><d/><d/></r>").isEmpty)
        // After a child breaks the model, the others are not placed in it, but checked against
        // the declaration of their name.
        let errors = try Self.errors(schema, "<r><a>x</a><a>1</a><a>1</a><a>1</a><d>text</d></r>")
        #expect(errors.map(\.code) == [.invalidValue, .unexpectedElement, .unexpectedContent])
        #expect(errors[0].message == "element <a>: \"x\" is not a valid int")
        #expect(errors[1].message == "element <a> not expected here in <r>; expected one of <b>, <c>, <d>")
        // Empty content has no characters at all, white space included (cvc-complex-type.2.1).
        let text = try Self.errors(schema, "<r><a>1</a><d>text</d><d> </d></r>")
        #expect(text.map(\.message) == Array(repeating: "text is not allowed in <d>, whose content is empty", count: 2))
        let incomplete = try Self.errors(schema, "<r><a>1</a><d/></r>")
        #expect(incomplete.map(\.message) == ["element <r> ends before its content is complete; expected <d>"])
        // At the end tag.
        #expect(incomplete.first.map { "\($0.position.line):\($0.position.column)" } == "1:16")
        #expect(try Self.errors(schema, "<q/>").map(\.code) == [.undeclaredRootElement])
    }

    @Test("types derived by extension and restriction, attribute groups, wildcards, defaults and fixed values")
    func derivation() throws {
        let schema = try Self.schema("""
            <xs:complexType name="Base"><xs:sequence><xs:element name="x" type="xs:string"/></xs:sequence>
              <xs:attribute name="id" type="xs:ID"/></xs:complexType>
            <xs:complexType name="Derived"><xs:complexContent><xs:extension base="Base">
              <xs:sequence><xs:element name="y" type="xs:decimal" minOccurs="0"/></xs:sequence>
              <xs:attributeGroup ref="Common"/></xs:extension></xs:complexContent></xs:complexType>
            <xs:attributeGroup name="Common"><xs:attribute name="lang" type="xs:language" default="en"/>
              <xs:attribute name="version" type="xs:int" fixed="2"/><xs:anyAttribute namespace="##other" processContents="skip"/>
            </xs:attributeGroup>
            <xs:complexType name="Price"><xs:simpleContent><xs:extension base="xs:decimal">
              <xs:attribute name="currency" use="required"><xs:simpleType><xs:restriction base="xs:string">
                <xs:length value="3"/></xs:restriction></xs:simpleType></xs:attribute>
            </xs:extension></xs:simpleContent></xs:complexType>
            <xs:element name="doc"><xs:complexType><xs:sequence>
              <xs:element name="item" type="Derived" maxOccurs="unbounded"/>
              <xs:element name="price" type="Price" nillable="true"/>
              <xs:element name="ref" type="xs:IDREF" minOccurs="0"/>
              <xs:element name="status" type="xs:string" fixed="ok" minOccurs="0"/>
              <xs:any namespace="##other" processContents="lax" minOccurs="0"/>
            </xs:sequence></xs:complexType></xs:element>
            """)
        let valid = """
            <doc xmlns:o="urn:other"><item id="i1" version="2" o:note="free"><x>a</x><y>1.5</y></item><item id="i2"><x/></item>
            <price currency="EUR">12.50</price><ref>i2</ref><status/><o:anything><o:deep/></o:anything></doc>
            """
        #expect(try Self.errors(schema, valid).isEmpty)
        let invalid = """
            <doc><item id="i1" version="3" note="x"><y>1</y></item><item id="i1"><x/></item>
            <price currency="EURO">twelve</price><ref>nowhere</ref><status>bad</status></doc>
            """
        let errors = try Self.errors(schema, invalid)
        #expect(errors.map(\.code) == [
            .fixedValueMismatch, .undeclaredAttribute, .unexpectedElement, .duplicateID, .invalidValue, .invalidValue,
            .fixedValueMismatch, .unresolvedReference,
        ])
        #expect(errors[2].message == "element <y> not expected here in <item>; expected <x>")
        #expect(errors[3].message == "attribute id of <item>: ID i1 is already the ID of an earlier element or attribute")
        #expect(errors[7].message == "IDREF nowhere matches no element's or attribute's ID")
        // Nil, where the declaration allows it, and xsi:type naming a derived type.
        let nilled = """
            <doc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><item xsi:type="Derived"><x/></item>
            <price xsi:nil="true" currency="USD"/></doc>
            """
        #expect(try Self.errors(schema, nilled).isEmpty)
        let wrongType = """
            <doc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><item xsi:type="Price"><x/></item>
            <price xsi:nil="true" currency="USD">1</price></doc>
            """
        #expect(try Self.errors(schema, wrongType).map(\.code) == [.invalidXsiType, .invalidNil])
    }

    @Test("text in element-only content is placed at its first character other than white space, a nil element's at its first, however the input is cut; the children after it are still checked")
    func textPlacedAlikeInPieces() throws {
        let schema = try Self.schema("""
            <xs:element name="r"><xs:complexType><xs:sequence>
              <xs:element name="a" minOccurs="0" maxOccurs="unbounded" nillable="true"><xs:complexType><xs:sequence>
                <xs:element name="b" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>
            </xs:sequence></xs:complexType></xs:element>
            """)
        let xml = "<r xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'>\n<a/>   ID  <a xsi:nil='true'>\t  x</a></r>"
        let bytes = Array(xml.utf8)
        for pieceSize in [bytes.count, 1, 2, 3, 5, 7, 61, 63] {
            let parser = XMLStreamParser(
                handler: XMLSchemaValidator(schema: schema, options: XMLValidationOptions(reporting: .allErrors(maximum: 10))))
            for piece in ChunkSplitter.pieces(of: bytes, size: pieceSize) { try parser.feed(piece) }
            try parser.finish()
            #expect(
                parser.handler.errors.map { "\($0.position) \($0.position.byteOffset)" } == ["2:8 65", "2:30 87"],
                "in pieces of \(pieceSize)")
        }
    }

    @Test("an error of xsi:nil or xsi:type is placed at the attribute")
    func instanceAttributePositions() throws {
        let schema = try Self.schema(#"<xs:element name="r"><xs:complexType><xs:sequence><xs:element name="e" type="xs:int" maxOccurs="9"/></xs:sequence></xs:complexType></xs:element>"#)
        let xml = """
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema">
            <e  xsi:nil="maybe">1</e><e   xsi:nil="true"/><e xsi:type="nope">1</e><e  xsi:type="xs:string">1</e></r>
            """
        // (The empty <e/>'s value, not an int, at its tag.)
        #expect(try Self.errors(schema, xml).map { "\($0.position) \($0.code)" } == [
            "2:5 invalid-value", "2:31 invalid-nil", "2:26 invalid-value", "2:50 invalid-xsi-type", "2:75 invalid-xsi-type",
        ])
    }

    @Test("an xsi:nil that is not a boolean is one error: the element's attributes and content are still checked")
    func invalidNilValue() throws {
        let schema = try Self.schema(#"<xs:element name="r" nillable="true"><xs:complexType><xs:sequence><xs:element name="c" type="xs:int"/></xs:sequence><xs:attribute name="a" type="xs:int"/></xs:complexType></xs:element>"#)
        let errors = try Self.errors(schema, #"<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="maybe" a="x" bad="1"><c>zz</c><d/></r>"#)
        #expect(errors.map(\.code) == [.invalidValue, .invalidValue, .undeclaredAttribute, .invalidValue, .unexpectedElement], "\(errors)")
    }

    @Test("unresolved IDREFs are reported in the order written, a list's names in its order")
    func unresolvedReferencesInOrder() throws {
        let schema = try Self.schema("""
            <xs:element name="r"><xs:complexType><xs:sequence>
              <xs:element name="e" maxOccurs="unbounded"><xs:complexType>
                <xs:attribute name="refs" type="xs:IDREFS"/><xs:attribute name="id" type="xs:ID"/>
              </xs:complexType></xs:element>
            </xs:sequence></xs:complexType></xs:element>
            """)
        let errors = try Self.errors(schema, "<r><e refs='m1 m2 x m3 m4 m5'/><e id='x' refs='m6 m1'/></r>")
        #expect(errors.map(\.message) == (1...6).map { "IDREF m\($0) matches no element's or attribute's ID" })
        #expect(errors.map(\.position.column) == [7, 7, 7, 7, 7, 42])
    }

    @Test("an element with a content model below one without (anyType, nil, undeclared): checked, at its own depth")
    func modelBelowNoModel() throws {
        let schema = try Self.schema(
            """
            <xs:element name="r"><xs:complexType><xs:sequence>
              <xs:element name="payload" type="xs:anyType" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>
            <xs:element name="c"><xs:complexType><xs:sequence><xs:element name="d" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>
            <xs:element name="any"/>
            <xs:element name="n" nillable="true"><xs:complexType><xs:sequence><xs:element ref="c"/></xs:sequence></xs:complexType></xs:element>
            """)
        #expect(try Self.errors(schema, "<r><payload><x><c><d/></c></x></payload></r>").isEmpty)
        #expect(try Self.errors(schema, "<any><c><d/></c></any>").isEmpty)
        let nilled = #"<n xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"><c><d/></c></n>"#
        #expect(try Self.errors(schema, nilled).map(\.code) == [.invalidNil])
    }

    @Test("a schema that breaks the rules for schemas is refused at the element at fault", arguments: [
        ("<xs:element name=\"r\"><xs:complexType><xs:sequence><xs:element name=\"a\" maxOccurs=\"2\" minOccurs=\"0\"/><xs:element name=\"a\"/></xs:sequence></xs:complexType></xs:element>",
            "invalid-schema", "1:77", "ambiguous: <a> could match either of two particles"),
        // Twenty names compete with the wildcard: the first in the model is named, on every run
        // (not the first of a dictionary, whose order changes from run to run).
        ("<xs:element name=\"r\"><xs:complexType><xs:sequence><xs:sequence minOccurs=\"0\" maxOccurs=\"unbounded\">"
            + (1...20).map { "<xs:element name=\"e\($0)\" minOccurs=\"0\"/>" }.joined()
            + "</xs:sequence><xs:any processContents=\"lax\"/></xs:sequence></xs:complexType></xs:element>",
            "invalid-schema", "1:77", "ambiguous: <e1> could match either of two particles (<e1> and an element in any namespace)"),
        ("<xs:element name=\"r\" type=\"Missing\"/>", "invalid-schema", "1:56", "no type Missing is declared"),
        ("<xs:element name=\"r\" type=\"xs:int\"/><xs:element name=\"r\"/>", "invalid-schema", "1:92", "r is declared twice (element here, and at test.xsd:1)"),
        ("<xs:simpleType name=\"T\"><xs:restriction base=\"xs:int\"><xs:pattern value=\"[\"/></xs:restriction></xs:simpleType>",
            "invalid-schema", "1:110", "not a regular expression of XML Schema: a [ with no ] after it"),
        // A facet is refused at itself; facets that contradict each other at their restriction.
        ("<xs:simpleType name=\"B\"><xs:restriction base=\"xs:int\"><xs:maxExclusive value=\"10\" fixed=\"true\"/></xs:restriction></xs:simpleType>"
            + "<xs:simpleType name=\"T\"><xs:restriction base=\"B\"><xs:maxExclusive value=\"9\"/></xs:restriction></xs:simpleType>",
            "invalid-schema", "1:234", "the facet maxExclusive is fixed in B and cannot change"),
        ("<xs:simpleType name=\"T\"><xs:restriction base=\"xs:string\"><xs:minLength value=\"5\"/><xs:maxLength value=\"2\"/></xs:restriction></xs:simpleType>",
            "invalid-schema", "1:80", "minLength"),
        // An import's location is a hint: unread, it fails the reference that needs it.
        ("<xs:import namespace=\"urn:x\" schemaLocation=\"http://example.com/x.xsd\"/><xs:element name=\"r\" type=\"x:T\" xmlns:x=\"urn:x\"/>",
            "unreadable-schema", "1:128", "never reaches the network"),
        ("<xs:element name=\"r\"><xs:key name=\"k\"><xs:selector xpath=\"../a\"/><xs:field xpath=\"@a\"/></xs:key></xs:element>",
            "invalid-schema", "1:94", "\"../a\" is not in the XPath subset of identity constraints"),
        ("<xs:complexType name=\"A\"><xs:complexContent><xs:extension base=\"A\"/></xs:complexContent></xs:complexType>",
            "invalid-schema", "1:100", "type A is derived from itself"),
    ])
    func schemaErrors(body: String, code: String, position: String, message: String) {
        #expect {
            _ = try Self.schema(body)
        } throws: { error in
            guard let error = error as? XMLValidationError else { return false }
            let place = "\(error.position.line):\(error.position.column)"
            let matches = error.code.rawValue == code && place == position
                && error.message.replacing("{}", with: "").contains(message.replacing("{}", with: ""))
            if !matches { print("schema error: \(error.code) \(place) \(error.message)") }
            return matches && error.fileName == "test.xsd"
        }
    }

    @Test("includes and imports are read from local files relative to the schema, and the catalog maps the rest")
    func includesAndImports() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xsd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("parts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            <xs:schema \(Self.xs) targetNamespace="urn:main" xmlns="urn:main" xmlns:o="urn:other" elementFormDefault="qualified">
              <xs:include schemaLocation="parts/types.xsd"/>
              <xs:import namespace="urn:other" schemaLocation="https://example.com/other.xsd"/>
              <xs:element name="root"><xs:complexType><xs:sequence>
                <xs:element name="code" type="Code"/><xs:element ref="o:note"/></xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """.write(to: directory.appendingPathComponent("main.xsd"), atomically: true, encoding: .utf8)
        // Included without a target namespace: its components take the includer's.
        try """
            <xs:schema \(Self.xs)><xs:simpleType name="Code"><xs:restriction base="xs:string"><xs:pattern value="[A-Z]+"/></xs:restriction></xs:simpleType></xs:schema>
            """.write(to: directory.appendingPathComponent("parts/types.xsd"), atomically: true, encoding: .utf8)
        try """
            <xs:schema \(Self.xs) targetNamespace="urn:other"><xs:element name="note" type="xs:string"/></xs:schema>
            """.write(to: directory.appendingPathComponent("other.xsd"), atomically: true, encoding: .utf8)
        let path = directory.appendingPathComponent("main.xsd").path
        #expect(throws: XMLValidationError.self) { try XMLSchema(contentsOf: path) }
        let options = XMLSchema.Options(catalog: ["urn:other": directory.appendingPathComponent("other.xsd").path])
        let schema = try XMLSchema(contentsOf: path, options: options)
        #expect(schema.files.count == 3)
        let document = "<root xmlns=\"urn:main\" xmlns:o=\"urn:other\"><code>AB</code><o:note>n</o:note></root>"
        #expect(try Self.errors(schema, document).isEmpty)
        let wrong = "<root xmlns=\"urn:main\" xmlns:o=\"urn:other\"><code>ab</code><note/></root>"
        #expect(try Self.errors(schema, wrong).map(\.code) == [.invalidValue, .unexpectedElement])
    }

    @Test("a type may be the type of elements in its own content: directly, through a group, another type or an anonymous one")
    func recursiveTypes() throws {
        let schema = try Self.schema(
            """
            <xs:complexType name="Folder"><xs:sequence>
              <xs:element name="folder" type="Folder" minOccurs="0" maxOccurs="unbounded"/><xs:group ref="files"/>
            </xs:sequence><xs:attribute name="name" type="xs:string" use="required"/></xs:complexType>
            <xs:group name="files"><xs:sequence><xs:element name="file" type="File" minOccurs="0" maxOccurs="unbounded"/></xs:sequence></xs:group>
            <xs:complexType name="File"><xs:sequence>
              <xs:element name="attachment" minOccurs="0"><xs:complexType><xs:sequence>
                <xs:element name="folder" type="Folder"/></xs:sequence></xs:complexType></xs:element>
            </xs:sequence><xs:attribute name="size" type="xs:int"/></xs:complexType>
            <xs:element name="root" type="Folder"/>
            """)
        let document = """
            <root name="/"><folder name="a"><folder name="b"/><file size="1"/></folder>
            <file size="2"><attachment><folder name="c"><file size="x"/></folder></attachment></file></root>
            """
        let found = try Self.errors(schema, document)
        #expect(found.map(\.code) == [.invalidValue])
        #expect(found.map(\.position.line) == [2])
        #expect(try Self.errors(schema, "<root name='/'><folder><file/></folder></root>").map(\.code) == [.missingAttribute])
        // A type whose content holds elements of types derived from it: named, compiled
        // after it, and anonymous.
        let expressions = try Self.schema(
            """
            <xs:element name="expr" type="Expr"/>
            <xs:complexType name="Expr"><xs:sequence>
              <xs:element name="operand" type="Binary" minOccurs="0" maxOccurs="2"/>
              <xs:element name="literal" minOccurs="0"><xs:complexType><xs:complexContent><xs:extension base="Expr">
                <xs:attribute name="v" type="xs:int" default="0"/></xs:extension></xs:complexContent></xs:complexType></xs:element>
            </xs:sequence></xs:complexType>
            <xs:complexType name="Binary"><xs:complexContent><xs:extension base="Expr">
              <xs:attribute name="op" type="xs:string" use="required"/></xs:extension></xs:complexContent></xs:complexType>
            """)
        #expect(try Self.errors(expressions, #"<expr><operand op="+"><literal v="1"/><operand op="-"/></operand><literal/></expr>"#).map(\.code) == [.unexpectedElement])
        #expect(try Self.errors(expressions, #"<expr><operand op="+"><operand op="-"/><literal v="1"/></operand><literal/></expr>"#).isEmpty)
        #expect(try Self.errors(expressions, #"<expr><operand><literal v="x"/></operand></expr>"#).map(\.code) == [.missingAttribute, .invalidValue])
        // Deriving from itself is still refused.
        #expect(throws: XMLValidationError.self) {
            try Self.schema(#"<xs:complexType name="A"><xs:complexContent><xs:extension base="A"/></xs:complexContent></xs:complexType>"#)
        }
    }

    @Test("under a lax wildcard, undeclared elements are assessed laxly at every depth, and xsi:nil needs a declaration")
    func laxAtDepth() throws {
        let schema = try Self.schema(
            """
            <xs:element name="r"><xs:complexType><xs:sequence><xs:any processContents="lax" maxOccurs="unbounded"/></xs:sequence></xs:complexType>
              <xs:key name="k"><xs:selector xpath=".//item"/><xs:field xpath="code"/></xs:key></xs:element>
            <xs:element name="code" type="xs:decimal"/>
            """)
        for wrappers in 0..<3 {
            let open = (0..<wrappers).map { "<w\($0)>" }.joined()
            let close = (0..<wrappers).reversed().map { "</w\($0)>" }.joined()
            let bad = try Self.errors(schema, "<r>\(open)<code>x</code>\(close)</r>")
            #expect(bad.map(\.code) == [.invalidValue], "\(wrappers) wrappers: \(bad)")
            let twice = try Self.errors(schema, "<r>\(open)<item><code>1</code></item><item><code>1.0</code></item>\(close)</r>")
            #expect(twice.map(\.code) == [.duplicateKey], "\(wrappers) wrappers: \(twice)")
        }
        let xsi = #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#
        #expect(try Self.errors(schema, "<r \(xsi)><u xsi:nil='true'><v/></u></r>").isEmpty)
    }
}
