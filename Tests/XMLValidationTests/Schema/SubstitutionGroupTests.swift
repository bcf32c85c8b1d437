import Testing
import XMLStreaming
import XMLValidation

/// Substitution groups: a reference to a group's head matches its members (transitively),
/// each assessed by its own declaration; what the recommendation forbids is refused when
/// the schema is compiled. Verdicts and messages checked against xmllint 2.9.14.
@Suite("XSD substitution groups")
struct SubstitutionGroupTests {
    static let errors = SchemaValidationTests.errors
    static let schema = SchemaValidationTests.schema

    static let shapes = """
        <xs:element name="doc"><xs:complexType><xs:sequence>
          <xs:element ref="shape" maxOccurs="unbounded"/>
          <xs:element ref="note" minOccurs="0"/>
        </xs:sequence></xs:complexType></xs:element>
        <xs:complexType name="Shape"><xs:attribute name="id" type="xs:ID"/></xs:complexType>
        <xs:complexType name="Circle"><xs:complexContent><xs:extension base="Shape">
          <xs:attribute name="r" type="xs:decimal" use="required"/>
        </xs:extension></xs:complexContent></xs:complexType>
        <xs:element name="shape" type="Shape" abstract="true"/>
        <xs:element name="circle" type="Circle" substitutionGroup="shape"/>
        <xs:element name="square" substitutionGroup="shape"/>
        <xs:element name="bigCircle" substitutionGroup="circle"/>
        <xs:element name="note" type="xs:string"/>
        """

    /// The schema compiled, or the message of the error that refuses it.
    static func refusal(_ body: String) -> String? {
        do {
            _ = try schema(body)
            return nil
        } catch let error as XMLValidationError {
            return error.code == .invalidSchema ? error.message : "\(error.code): \(error.message)"
        } catch {
            return "\(error)"
        }
    }

    @Test("members stand in for their head, transitively, each with its own declaration; a member without a type takes its head's")
    func members() throws {
        let schema = try Self.schema(Self.shapes)
        #expect(try Self.errors(schema, #"<doc><circle r="1"/><square id="s"/><bigCircle r="2"/><note>x</note></doc>"#).isEmpty)
        let found = try Self.errors(schema, #"<doc><shape/><circle/><square r="1"/><note>x</note><square/></doc>"#)
        #expect(found.map(\.code) == [.abstractComponent, .missingAttribute, .undeclaredAttribute, .unexpectedElement])
        #expect(found.map(\.position.column) == [6, 14, 31, 52])
        #expect(found[3].message.contains("expected no more elements"), "\(found[3])")
        // What may come where the head may: the head and every member, in the message.
        let empty = try Self.errors(schema, "<doc><note>x</note></doc>")
        #expect(empty.map(\.code) == [.unexpectedElement])
        #expect(empty[0].message.contains("<bigCircle>") && empty[0].message.contains("<square>"), "\(empty[0])")
    }

    @Test("a head's block keeps out members derived by the methods it names, or every member for substitution")
    func blocking() throws {
        let body = """
            <xs:element name="doc"><xs:complexType><xs:sequence><xs:element ref="head" maxOccurs="unbounded"/></xs:sequence></xs:complexType></xs:element>
            <xs:complexType name="Base"><xs:sequence><xs:element name="a" minOccurs="0"/></xs:sequence></xs:complexType>
            <xs:complexType name="Longer"><xs:complexContent><xs:extension base="Base"><xs:sequence><xs:element name="b"/></xs:sequence></xs:extension></xs:complexContent></xs:complexType>
            <xs:complexType name="Shorter"><xs:complexContent><xs:restriction base="Base"/></xs:complexContent></xs:complexType>
            <xs:element name="head" type="Base" block="BLOCK"/>
            <xs:element name="longer" type="Longer" substitutionGroup="head"/>
            <xs:element name="shorter" type="Shorter" substitutionGroup="head"/>
            """
        let xml = "<doc><head/><shorter/><longer><b/></longer></doc>"
        let extensionBlocked = try Self.schema(body.replacingOccurrences(of: "BLOCK", with: "extension"))
        #expect(try Self.errors(extensionBlocked, xml).map(\.code) == [.unexpectedElement])
        let allBlocked = try Self.schema(body.replacingOccurrences(of: "BLOCK", with: "substitution"))
        #expect(try Self.errors(allBlocked, xml).map(\.code) == [.unexpectedElement])
        #expect(try Self.errors(allBlocked, xml)[0].position.column == 13)
        let open = try Self.schema(body.replacingOccurrences(of: " block=\"BLOCK\"", with: ""))
        #expect(try Self.errors(open, xml).isEmpty)
    }

    @Test("what the recommendation forbids is refused when the schema is compiled, saying which rule")
    func refused() throws {
        // A member whose type does not derive from its head's.
        let notDerived = Self.refusal(
            #"<xs:element name="h" type="xs:int"/><xs:element name="m" type="xs:string" substitutionGroup="h"/>"#)
        #expect(notDerived?.contains("e-props-correct.4") == true, "\(notDerived ?? "compiled")")
        // A group that contains itself, directly or through another member.
        for cycle in [
            #"<xs:element name="a" substitutionGroup="a"/>"#,
            #"<xs:element name="a" substitutionGroup="b"/><xs:element name="b" substitutionGroup="a"/>"#,
        ] {
            let message = Self.refusal(cycle)
            #expect(message?.contains("e-props-correct.6") == true, "\(cycle): \(message ?? "compiled")")
        }
        // A head whose final excludes the member's derivation.
        let final = Self.refusal(
            """
            <xs:complexType name="B"/><xs:complexType name="E"><xs:complexContent><xs:extension base="B"/></xs:complexContent></xs:complexType>
            <xs:element name="h" type="B" final="extension"/><xs:element name="m" type="E" substitutionGroup="h"/>
            """)
        #expect(final?.contains("final") == true, "\(final ?? "compiled")")
        // A head that is not declared.
        #expect(Self.refusal(#"<xs:element name="m" substitutionGroup="nothing"/>"#)?.contains("no element nothing") == true)
        // Two particles a member could match (Unique Particle Attribution, with the members).
        let ambiguous = Self.refusal(
            """
            <xs:element name="doc"><xs:complexType><xs:sequence>
              <xs:element ref="shape" minOccurs="0"/><xs:element ref="circle"/>
            </xs:sequence></xs:complexType></xs:element>
            <xs:element name="shape"/><xs:element name="circle" substitutionGroup="shape"/>
            """)
        #expect(ambiguous?.contains("Unique Particle Attribution") == true, "\(ambiguous ?? "compiled")")
    }

    @Test("members placed in content models count against maximumContentModelWork, however the schema multiplies them")
    func bounded() throws {
        let members = (0..<200).map { "<xs:element name=\"m\($0)\" substitutionGroup=\"h\"/>" }.joined()
        let references = (0..<100).map { "<xs:element name=\"c\($0)\"><xs:complexType><xs:sequence><xs:element ref=\"h\"/></xs:sequence></xs:complexType></xs:element>" }.joined()
        let text = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:element name=\"h\"/>\(members)\(references)</xs:schema>"
        var options = XMLSchema.Options()
        options.maximumContentModelWork = 10_000
        let error = try #require(throws: XMLValidationError.self) { try XMLSchema(string: text, options: options) }
        #expect(error.code == .unreadableSchema && error.message.contains("maximumContentModelWork"), "\(error)")
        options.maximumContentModelWork = 1_000_000
        let schema = try XMLSchema(string: text, options: options)
        #expect(try Self.errors(schema, "<c7><m150/></c7>").isEmpty)
    }

    /// Found by a second differential run (566 pairs against xmllint and xmlschema).
    @Test("the blocks of the types between a member's and its head's count, and simple types derive from anyType by restriction")
    func derivationSteps() throws {
        let intermediate = try Self.schema(
            """
            <xs:element name="root"><xs:complexType><xs:sequence><xs:element ref="h" maxOccurs="unbounded"/></xs:sequence></xs:complexType></xs:element>
            <xs:element name="h" type="B"/><xs:element name="m" type="E2" substitutionGroup="h"/>
            <xs:complexType name="B"><xs:sequence><xs:element name="a" type="xs:string"/></xs:sequence></xs:complexType>
            <xs:complexType name="E" block="extension"><xs:complexContent><xs:extension base="B"/></xs:complexContent></xs:complexType>
            <xs:complexType name="E2"><xs:complexContent><xs:extension base="E"/></xs:complexContent></xs:complexType>
            """)
        #expect(try Self.errors(intermediate, "<root><m><a>x</a></m></root>").map(\.code) == [.unexpectedElement])
        // A head without a type is of anyType: a string member derives from it by restriction.
        #expect(Self.refusal(#"<xs:element name="h" final="restriction"/><xs:element name="m" type="xs:string" substitutionGroup="h"/>"#)?
            .contains("final") == true)
        let blocked = try Self.schema(
            """
            <xs:element name="root"><xs:complexType><xs:sequence><xs:element ref="h"/></xs:sequence></xs:complexType></xs:element>
            <xs:element name="h" block="restriction"/><xs:element name="m" type="xs:string" substitutionGroup="h"/>
            """)
        #expect(try Self.errors(blocked, "<root><m>x</m></root>").map(\.code) == [.unexpectedElement])
        let xsiType = #"<root><h xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" xsi:type="xs:string">x</h></root>"#
        #expect(try Self.errors(blocked, xsiType).map(\.code) == [.invalidXsiType])
    }

    @Test("an abstract member stands nowhere itself; what only top-level declarations say is refused elsewhere; a cycle is named by its own")
    func declarations() throws {
        // With the abstract m out of h's group, m's particle alone can take <m>: not ambiguous.
        let schema = try Self.schema(
            """
            <xs:element name="root"><xs:complexType><xs:sequence>
              <xs:element ref="m" minOccurs="0"/><xs:element ref="h"/>
            </xs:sequence></xs:complexType></xs:element>
            <xs:element name="h"/><xs:element name="m" abstract="true" substitutionGroup="h"/>
            """)
        #expect(try Self.errors(schema, "<root><h/></root>").isEmpty)
        #expect(try Self.errors(schema, "<root><m/><h/></root>").map(\.code) == [.abstractComponent])
        #expect(Self.refusal(
            #"<xs:element name="r"><xs:complexType><xs:sequence><xs:element name="l" abstract="true"/></xs:sequence></xs:complexType></xs:element>"#)?
            .contains("local element declaration cannot have abstract") == true)
        #expect(Self.refusal(
            ##"<xs:element name="h"/><xs:element name="r"><xs:complexType><xs:sequence><xs:element ref="h" final="#all"/></xs:sequence></xs:complexType></xs:element>"##)?
            .contains("ref cannot have final") == true)
        let cycle = Self.refusal(
            #"<xs:element name="a" substitutionGroup="b"/><xs:element name="b" substitutionGroup="c"/><xs:element name="c" substitutionGroup="b"/>"#)
        #expect(cycle?.contains("substitution group of b contains it") == true, "\(cycle ?? "compiled")")
    }
}
