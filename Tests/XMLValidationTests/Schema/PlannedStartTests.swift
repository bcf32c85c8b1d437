import Testing
import XMLStreaming
import XMLValidation

/// A start tag met before in the same place is assessed from its declaration's plan, its
/// names checked against guesses, its end and its text told from the frame: each rule still
/// holds on the hundredth record as on the first, and a wrong guess is never taken.
@Suite("XSD validator: records assessed by plan")
struct PlannedStartTests {
    static let errors = SchemaValidationTests.errors
    static let schema = SchemaValidationTests.schema

    static let feed = """
        <xs:element name="feed"><xs:complexType><xs:sequence>
          <xs:element name="item" maxOccurs="unbounded"><xs:complexType><xs:sequence>
            <xs:element name="code" type="Code"/><xs:element name="note" type="xs:string" minOccurs="0"/>
          </xs:sequence>
          <xs:attribute name="id" type="Code" use="required"/><xs:attribute name="kind" type="Kind"/>
          <xs:attribute name="tag" type="xs:string" fixed="f"/></xs:complexType></xs:element>
        </xs:sequence></xs:complexType></xs:element>
        <xs:simpleType name="Code"><xs:restriction base="xs:token"><xs:pattern value="[A-Z]\\d{2}"/></xs:restriction></xs:simpleType>
        <xs:simpleType name="Kind"><xs:restriction base="xs:string"><xs:enumeration value="a"/><xs:enumeration value="b"/></xs:restriction></xs:simpleType>
        """

    /// Broken records, one a line, each with the error it must get.
    static let broken: [(record: String, code: XMLValidationError.Code)] = [
        ("<item id='X1'><code>A12</code></item>", .invalidValue),
        ("<item kind='a'><code>A12</code></item>", .missingAttribute),
        ("<item id='A12' kind='c'><code>A12</code></item>", .invalidValue),
        ("<item id='A12' other='1'><code>A12</code></item>", .undeclaredAttribute),
        ("<item id='A12' tag='g'><code>A12</code></item>", .fixedValueMismatch),
        ("<item id='A12' xsi:nil='true' xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'><code>A12</code></item>", .invalidNil),
        ("<item id='A12'><note/></item>", .unexpectedElement),
        ("<item id='A12'></item>", .incompleteContent),
        ("<item id='A12'><code>A12</code>text</item>", .unexpectedContent),
        ("<item id='A12'><code>bad</code></item>", .invalidValue),
    ]

    @Test("each broken record gets its error whether records like it came before or not")
    func brokenRecordsAfterGoodOnes() throws {
        let schema = try Self.schema(Self.feed)
        let good = "<item id='A12' kind='b' tag='f'><code>B34</code><note>n</note></item><item id='C56'><code>D78</code></item>"
        for (record, code) in Self.broken {
            // First in the feed: every step is walked. After 20 good records: the same
            // steps are the cache's, and the start tag's plan is made.
            let cold = try Self.errors(schema, "<feed>\n\(record)\n\(good)</feed>")
            let warm = try Self.errors(schema, "<feed>\n" + String(repeating: good, count: 10) + "\n\(record)\n\(good)</feed>")
            #expect(cold.map(\.code) == [code], "\(record): \(cold)")
            #expect(warm.map(\.code) == [code], "\(record): \(warm)")
            #expect(cold.map(\.position.line) == [2] && warm.map(\.position.line) == [3], "\(record)")
            #expect(cold.map(\.message) == warm.map(\.message), "\(record)")
        }
        let all = try Self.errors(schema, "<feed>\n" + Self.broken.map { good + $0.record + "\n" }.joined() + "</feed>")
        #expect(all.map(\.code) == Self.broken.map(\.code))
        #expect(all.map(\.position.line) == Array(2...(Self.broken.count + 1)))
    }

    @Test("a name is checked against the guess byte for byte: a prefix, an extension or a same-length name is not taken for it")
    func guessedNames() throws {
        let schema = try Self.schema(
            """
            <xs:element name="r"><xs:complexType><xs:choice maxOccurs="unbounded">
              <xs:element name="item"><xs:complexType><xs:attribute name="x" type="xs:int" use="required"/></xs:complexType></xs:element>
              <xs:element name="items"><xs:complexType><xs:attribute name="xy" type="xs:int" use="required"/></xs:complexType></xs:element>
              <xs:element name="itex"><xs:complexType><xs:attribute name="y" type="xs:int"/></xs:complexType></xs:element>
            </xs:choice></xs:complexType></xs:element>
            """)
        let cycle = "<item x='1'/><items xy='2'/><itex y='3'/>"
        let xml =
            "<r>" + String(repeating: cycle, count: 5)
            + "\n<items x='1'/>\n<item xy='1'/>\n<itex x='1'/>\n<item x='1' y='2'/>\n<item y='1'/>\n</r>"
        let found = try Self.errors(schema, xml)
        #expect(
            found.map(\.code) == [
                .undeclaredAttribute, .missingAttribute, .undeclaredAttribute, .missingAttribute, .undeclaredAttribute,
                .undeclaredAttribute, .undeclaredAttribute, .missingAttribute,
            ], "\(found)")
        #expect(found.map(\.position.line) == [2, 2, 3, 3, 4, 5, 6, 6])
        #expect(found[0].message.contains("attribute x is not allowed on <items>"), "\(found[0])")
        #expect(found[2].message.contains("attribute xy is not allowed on <item>"), "\(found[2])")
    }

    @Test("a record's end is told from the cache only where the content may end: a short record still fails")
    func endsOfRecords() throws {
        let schema = try Self.schema(
            """
            <xs:element name="r"><xs:complexType><xs:sequence>
              <xs:element name="p" maxOccurs="unbounded"><xs:complexType><xs:sequence>
                <xs:element name="a" type="xs:string"/><xs:element name="b" type="xs:string"/>
              </xs:sequence></xs:complexType></xs:element>
            </xs:sequence></xs:complexType></xs:element>
            """)
        let good = String(repeating: "<p><a/><b/></p>", count: 5)
        let found = try Self.errors(schema, "<r>\(good)\n<p><a/></p>\(good)\n<p><a/></p></r>")
        #expect(found.map(\.code) == [.incompleteContent, .incompleteContent], "\(found)")
        #expect(found.map(\.position.line) == [2, 3])
    }
}
