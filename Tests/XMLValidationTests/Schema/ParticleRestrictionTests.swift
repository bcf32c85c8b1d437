import Testing
import XMLStreaming
import XMLValidation

/// A complex-content restriction's particle restricts its base's (derivation-ok-restriction.5,
/// Particle Valid (Restriction)), or the schema does not compile. Verdicts compared with
/// xmlschema 4.3.2 (xmllint 2.9.14 does not check particles, and accepts every case): where
/// they differ, the recommendation decides. xmlschema refuses a fixed value written `01` for a
/// base's `1` (the same value), and accepts empty content for a base that needs an element
/// (5.2 asks for an emptiable base).
@Suite("XSD particle restrictions")
struct ParticleRestrictionTests {
    /// `<xs:element name="…" type="xs:string" …/>`.
    static func e(_ name: String, _ attributes: String = "") -> String {
        #"<xs:element name="\#(name)" type="xs:string" \#(attributes)/>"#
    }

    static let optional = #"minOccurs="0""#

    static let cases: [(String, String, String, Bool)] = [
        ("optional and repeated particles narrowed",
         "<xs:sequence>\(e("a"))\(e("b", optional))\(e("c", #"minOccurs="0" maxOccurs="unbounded""#))</xs:sequence>",
         "<xs:sequence>\(e("a"))\(e("c", #"maxOccurs="2""#))</xs:sequence>", true),
        ("a choice narrowed", "<xs:choice>\(e("a"))\(e("b"))\(e("c"))</xs:choice>", "<xs:choice>\(e("a"))\(e("c"))</xs:choice>", true),
        ("elements for a wildcard", #"<xs:sequence><xs:any processContents="lax" maxOccurs="unbounded"/></xs:sequence>"#,
         "<xs:sequence>\(e("a"))\(e("b"))</xs:sequence>", true),
        // NSRecurseCheckCardinality counts the group as a whole against the wildcard's range;
        // each member restricts the wildcard term (the W3C suite's particlesHa070 and Ha080).
        ("required elements for a counted wildcard", #"<xs:sequence><xs:any processContents="lax" minOccurs="2" maxOccurs="2"/></xs:sequence>"#,
         "<xs:sequence>\(e("a"))\(e("b"))</xs:sequence>", true),
        ("three in a sequence for a wildcard of 2 to 3", #"<xs:sequence><xs:any processContents="lax" minOccurs="2" maxOccurs="3"/></xs:sequence>"#,
         "<xs:sequence>\(e("a"))\(e("b"))\(e("c"))</xs:sequence>", true),
        ("a member outside a counted wildcard's namespaces", ###"<xs:sequence><xs:any namespace="##other" processContents="lax" minOccurs="2" maxOccurs="2"/></xs:sequence>"###,
         "<xs:sequence>\(e("a"))\(e("b"))</xs:sequence>", false),
        ("too many for a counted wildcard", #"<xs:sequence><xs:any processContents="lax" minOccurs="2" maxOccurs="2"/></xs:sequence>"#,
         "<xs:sequence>\(e("a"))\(e("b"))\(e("c", optional))</xs:sequence>", false),
        ("a sequence for an all group", "<xs:all>\(e("a"))\(e("b", optional))</xs:all>", "<xs:sequence>\(e("b"))\(e("a"))</xs:sequence>", true),
        ("a sequence for a repeated choice", #"<xs:choice maxOccurs="unbounded">\#(e("a"))\#(e("b"))</xs:choice>"#,
         "<xs:sequence>\(e("a"))\(e("b"))</xs:sequence>", true),
        ("a type narrowed", #"<xs:sequence><xs:element name="x" type="xs:decimal"/></xs:sequence>"#,
         #"<xs:sequence><xs:element name="x" type="xs:integer"/></xs:sequence>"#, true),
        ("a nested group flattened", "<xs:sequence><xs:sequence>\(e("a"))\(e("b"))</xs:sequence></xs:sequence>",
         "<xs:sequence>\(e("a"))\(e("b"))</xs:sequence>", true),
        ("order changed", "<xs:sequence>\(e("a"))\(e("b"))</xs:sequence>", "<xs:sequence>\(e("b"))\(e("a"))</xs:sequence>", false),
        ("a required particle left out", "<xs:sequence>\(e("a"))\(e("b"))</xs:sequence>", "<xs:sequence>\(e("a"))</xs:sequence>", false),
        ("a range widened", #"<xs:sequence>\#(e("a", #"maxOccurs="5""#))</xs:sequence>"#,
         #"<xs:sequence>\#(e("a", #"minOccurs="0" maxOccurs="5""#))</xs:sequence>"#, false),
        ("a type not derived", #"<xs:sequence><xs:element name="x" type="xs:integer"/></xs:sequence>"#,
         #"<xs:sequence><xs:element name="x" type="xs:string"/></xs:sequence>"#, false),
        ("an element outside ##other", ###"<xs:sequence><xs:any namespace="##other" processContents="lax"/></xs:sequence>"###,
         "<xs:sequence>\(e("a"))</xs:sequence>", false),
        ("a wildcard weakened", #"<xs:sequence><xs:any processContents="lax"/></xs:sequence>"#,
         #"<xs:sequence><xs:any processContents="skip"/></xs:sequence>"#, false),
        ("a choice for a sequence", "<xs:sequence>\(e("a"))\(e("b"))</xs:sequence>", "<xs:choice>\(e("a"))\(e("b"))</xs:choice>", false),
        ("nillable added", #"<xs:sequence><xs:element name="x" type="xs:int"/></xs:sequence>"#,
         #"<xs:sequence><xs:element name="x" type="xs:int" nillable="true"/></xs:sequence>"#, false),
        ("a fixed value dropped", #"<xs:sequence><xs:element name="x" type="xs:int" fixed="1"/></xs:sequence>"#,
         #"<xs:sequence><xs:element name="x" type="xs:int"/></xs:sequence>"#, false),
        ("a fixed value kept, written otherwise", #"<xs:sequence><xs:element name="x" type="xs:int" fixed="1"/></xs:sequence>"#,
         #"<xs:sequence><xs:element name="x" type="xs:int" fixed="01"/></xs:sequence>"#, true),
        ("nothing for a required element", "<xs:sequence>\(e("a"))</xs:sequence>", "", false),
        ("nothing for optional elements", "<xs:sequence>\(e("a", optional))</xs:sequence>", "", true),
        ("an element for a choice", "<xs:choice>\(e("a"))\(e("b"))</xs:choice>", "<xs:sequence>\(e("b"))</xs:sequence>", true),
        ("a choice's element renamed", "<xs:choice>\(e("a"))\(e("b"))</xs:choice>", "<xs:choice>\(e("c"))</xs:choice>", false),
        ("an all group narrowed", "<xs:all>\(e("a"))\(e("b", optional))</xs:all>", "<xs:all>\(e("a"))</xs:all>", true),
        ("a repeated sequence for a single one", "<xs:sequence>\(e("a"))</xs:sequence>",
         #"<xs:sequence maxOccurs="2">\#(e("a"))</xs:sequence>"#, false),
        // Found by the particle campaign (2026-11-29, helper-51).
        ("an empty choice that may be absent is pointless, and ignored", "<xs:sequence>\(e("a"))\(e("z"))</xs:sequence>",
         #"<xs:sequence>\#(e("a"))\#(e("z"))<xs:choice minOccurs="0"/></xs:sequence>"#, true),
        ("an empty choice that must occur is not", "<xs:sequence>\(e("a"))</xs:sequence>",
         "<xs:sequence>\(e("a"))<xs:choice/></xs:sequence>", false),
        ("a count past Int32 compared exactly", #"<xs:sequence>\#(e("a", #"maxOccurs="2147483647""#))</xs:sequence>"#,
         #"<xs:sequence>\#(e("a", #"maxOccurs="2147483648""#))</xs:sequence>"#, false),
        ("a least count past Int32 compared exactly",
         #"<xs:sequence>\#(e("a", #"minOccurs="3000000001" maxOccurs="unbounded""#))</xs:sequence>"#,
         #"<xs:sequence>\#(e("a", #"minOccurs="3000000000" maxOccurs="unbounded""#))</xs:sequence>"#, false),
        ("a sequence for a choice, its count times its particles past Int.max",
         #"<xs:choice maxOccurs="5">\#(e("a"))\#(e("b"))</xs:choice>"#,
         #"<xs:sequence maxOccurs="4611686018427387904">\#(e("a"))\#(e("b"))</xs:sequence>"#, false),
        ("an identity constraint added", #"<xs:sequence><xs:element name="a" type="xs:string"/></xs:sequence>"#,
         #"<xs:sequence><xs:element name="a" type="xs:string"><xs:unique name="u"><xs:selector xpath="."/><xs:field xpath="."/></xs:unique></xs:element></xs:sequence>"#,
         false),
    ]

    @Test("each case gets the recommendation's verdict", arguments: cases)
    func restriction(name: String, base: String, restriction: String, valid: Bool) throws {
        do {
            _ = try XMLSchema(string: AttributeRestrictionTests.schema(base: base, restriction: restriction))
            #expect(valid, "\(name): compiled")
        } catch {
            #expect(!valid, "\(name): \(error)")
            #expect(error.code == .invalidSchema && error.message.contains("(derivation-ok-restriction.5)"), "\(name): \(error)")
        }
    }

    @Test("the message names the type, its base and what breaks; a head stands for its substitution group; mixed only from mixed")
    func messagesAndGroups() throws {
        let reordered = try #require(throws: XMLValidationError.self) {
            try XMLSchema(
                string: """
                    <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                      <xs:complexType name="B"><xs:sequence>\(Self.e("a"))\(Self.e("b"))</xs:sequence></xs:complexType>
                      <xs:complexType name="R"><xs:complexContent><xs:restriction base="B">
                        <xs:sequence>\(Self.e("b"))\(Self.e("a"))</xs:sequence>
                      </xs:restriction></xs:complexContent></xs:complexType>
                    </xs:schema>
                    """, name: "s.xsd")
        }
        #expect(
            reordered.description
                == "s.xsd:3:47: error: the content of R is not a restriction of its base B's: <b> is not the base's <a> (derivation-ok-restriction.5)")

        // A member where the base has its head: the head is a choice of it and its members,
        // each once (so, by XML Schema 1.0's rule, a member may not repeat there; 1.1 allows it).
        func group(_ maxOccurs: Int) throws -> XMLSchema {
            try XMLSchema(
                string: """
                    <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                      <xs:element name="shape" type="xs:string"/>
                      <xs:element name="circle" type="xs:string" substitutionGroup="shape"/>
                      <xs:complexType name="B"><xs:sequence><xs:element ref="shape" maxOccurs="unbounded"/></xs:sequence></xs:complexType>
                      <xs:complexType name="R"><xs:complexContent><xs:restriction base="B">
                        <xs:sequence><xs:element ref="circle" maxOccurs="\(maxOccurs)"/></xs:sequence>
                      </xs:restriction></xs:complexContent></xs:complexType>
                      <xs:element name="r" type="R"/>
                    </xs:schema>
                    """)
        }
        let groups = try group(1)
        #expect(try SchemaValidationTests.errors(groups, "<r><circle>c</circle></r>").isEmpty)
        #expect(try SchemaValidationTests.errors(groups, "<r><shape>s</shape></r>").map(\.code) == [.unexpectedElement])
        let repeated = try #require(throws: XMLValidationError.self) { try group(3) }
        #expect(repeated.message.contains("<circle> occurs 1 to 3 times, outside the base's 1 to 1"), "\(repeated)")

        let mixed = try #require(throws: XMLValidationError.self) {
            try XMLSchema(
                string: """
                    <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                      <xs:complexType name="B"><xs:sequence>\(Self.e("a", Self.optional))</xs:sequence></xs:complexType>
                      <xs:complexType name="R" mixed="true"><xs:complexContent><xs:restriction base="B">
                        <xs:sequence>\(Self.e("a", Self.optional))</xs:sequence>
                      </xs:restriction></xs:complexContent></xs:complexType>
                    </xs:schema>
                    """)
        }
        #expect(mixed.message.contains("it is mixed, and its base is not"))
    }

    @Test("an abstract head stands for its members only; anyType's own wildcard may be processed more weakly")
    func abstractHeadsAndAnyTypeContent() throws {
        // Substitution Group (3.3.6) leaves abstract declarations out of a head's group.
        _ = try XMLSchema(
            string: """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                  <xs:element name="H" abstract="true"/>
                  <xs:element name="m" substitutionGroup="H"/>
                  <xs:element name="o"/>
                  <xs:complexType name="B"><xs:choice><xs:element ref="m"/><xs:element ref="o"/></xs:choice></xs:complexType>
                  <xs:complexType name="R"><xs:complexContent><xs:restriction base="B">
                    <xs:sequence><xs:element ref="H"/></xs:sequence>
                  </xs:restriction></xs:complexContent></xs:complexType>
                </xs:schema>
                """)
        // NSSubset 3: B's content is anyType's (an extension adding only an attribute).
        func anyTypeContent(_ base: String) throws -> XMLSchema {
            try XMLSchema(
                string: """
                    <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                      <xs:complexType name="B">\(base)</xs:complexType>
                      <xs:complexType name="R"><xs:complexContent><xs:restriction base="B">
                        <xs:sequence><xs:any processContents="skip" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
                      </xs:restriction></xs:complexContent></xs:complexType>
                    </xs:schema>
                    """)
        }
        _ = try anyTypeContent(#"<xs:complexContent><xs:extension base="xs:anyType"><xs:attribute name="at"/></xs:extension></xs:complexContent>"#)
        // An empty sequence is no content of its own either.
        _ = try anyTypeContent(#"<xs:complexContent><xs:extension base="xs:anyType"><xs:sequence/></xs:extension></xs:complexContent>"#)
        // Nor does each of several wildcards lose the exception (NSRecurseCheckCardinality).
        _ = try XMLSchema(
            string: """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                  <xs:complexType name="B"><xs:complexContent><xs:extension base="xs:anyType"/></xs:complexContent></xs:complexType>
                  <xs:complexType name="R"><xs:complexContent><xs:restriction base="B">
                    <xs:sequence><xs:any processContents="skip"/><xs:any processContents="skip" minOccurs="0"/></xs:sequence>
                  </xs:restriction></xs:complexContent></xs:complexType>
                </xs:schema>
                """)
        // The same wildcard written in a schema is not anyType's.
        let written = try #require(throws: XMLValidationError.self) {
            try anyTypeContent(#"<xs:sequence><xs:any processContents="lax" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>"#)
        }
        #expect(written.message.contains("its wildcard is skip, weaker than the base's lax"), "\(written)")
    }

    @Test("a restriction that breaks deep in nested groups says why, each level checked once")
    func deepFailure() throws {
        // Each level: an optional element, then the next level, which the base requires (a
        // group that may repeat, so that it is not merged into its parent).
        func nested(_ depth: Int, innermost: String) -> String {
            var particle = Self.e(innermost)
            for level in 0..<depth {
                particle = #"<xs:sequence maxOccurs="2">\#(Self.e("x\(level)", Self.optional))\#(particle)</xs:sequence>"#
            }
            return particle
        }
        let error = try #require(throws: XMLValidationError.self) {
            try XMLSchema(
                string: """
                    <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                      <xs:complexType name="B">\(nested(40, innermost: "a"))</xs:complexType>
                      <xs:complexType name="R"><xs:complexContent><xs:restriction base="B">\(nested(40, innermost: "b"))</xs:restriction></xs:complexContent></xs:complexType>
                    </xs:schema>
                    """)
        }
        #expect(error.code == .invalidSchema)
        #expect(error.message.hasSuffix("is not a restriction of its base B's: <b> is not the base's <a> (derivation-ok-restriction.5)"), "\(error)")
    }
}
