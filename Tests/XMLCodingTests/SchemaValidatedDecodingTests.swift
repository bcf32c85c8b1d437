import Testing
import XMLCoding
import XMLStreaming
import XMLValidation

/// `XMLDecoder.validation = .schema(…)`: a document checked against an XML Schema as it is
/// decoded, refused at its first error before anything is made from the record that holds it.
@Suite("Decoding documents validated against a schema")
struct SchemaValidatedDecodingTests {
    typealias Item = ValidatedDecodingTests.Item

    static let schema = try! XMLSchema(
        string: """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="feed"><xs:complexType><xs:sequence>
                <xs:element name="item" minOccurs="0" maxOccurs="unbounded"><xs:complexType>
                  <xs:attribute name="sku" use="required"><xs:simpleType><xs:restriction base="xs:token">
                    <xs:pattern value="[A-Z]-\\d+"/></xs:restriction></xs:simpleType></xs:attribute>
                  <xs:attribute name="quantity" type="xs:positiveInteger" default="1"/>
                </xs:complexType></xs:element>
              </xs:sequence></xs:complexType></xs:element>
              <xs:element name="item" type="xs:string"/>
            </xs:schema>
            """, name: "feed.xsd")

    static let feed = """
        <feed>
          <item sku="A-1"/>
          <item sku="B-2" quantity="2"/>
          <item sku="C 3" quantity="3"/>
          <item sku="D-4"/>
        </feed>
        """

    @Test("a valid document decodes as it would unvalidated")
    func valid() throws {
        let decoder = XMLDecoder()
        decoder.validation = .schema(Self.schema)
        let xml = #"<feed><item sku="A-1" quantity="1"/><item sku="B-2" quantity="3"/></feed>"#
        struct Feed: Decodable, Equatable { var item: [Item] }
        #expect(try decoder.decode(Feed.self, from: Array(xml.utf8)) == Feed(item: [Item(sku: "A-1", quantity: 1), Item(sku: "B-2", quantity: 3)]))
    }

    @Test("a record stream hands out the records before the error, never the one that holds it; the error names file, line and column")
    func stream() throws {
        let decoder = XMLDecoder()
        decoder.validation = .schema(Self.schema)
        struct Loose: Decodable, Equatable {
            var sku: String
            var quantity: Int?
        }
        // Unvalidated, every record decodes (a schema's default is not the decoder's to apply).
        let unchecked = XMLDecoder().decode(Loose.self, eachAt: "feed/item", from: Array(Self.feed.utf8))
        var count = 0
        while try unchecked.next() != nil { count += 1 }
        #expect(count == 4)
        let stream = decoder.decode(Loose.self, eachAt: "feed/item", from: Array(Self.feed.utf8), fileName: "feed.xml")
        var items: [Loose] = []
        let error = try #require(throws: XMLValidationError.self) {
            while let item = try stream.next() { items.append(item) }
        }
        #expect(items == [Loose(sku: "A-1", quantity: nil), Loose(sku: "B-2", quantity: 2)])
        #expect(error.code == .invalidValue)
        #expect(error.fileName == "feed.xml")
        #expect(error.position.line == 4 && error.position.column == 9, "\(error)")
        #expect(error.message.contains("does not match the pattern"), "\(error)")
    }

    @Test("the first error of the whole document stops a one-value decode; the document element is checked too")
    func wholeDocument() throws {
        let decoder = XMLDecoder()
        decoder.validation = .schema(Self.schema)
        struct Feed: Decodable { var item: [Item] }
        let undeclared = try #require(throws: XMLValidationError.self) {
            try decoder.decode(Feed.self, from: Array("<fed/>".utf8))
        }
        #expect(undeclared.code == .undeclaredRootElement)
        let missing = try #require(throws: XMLValidationError.self) {
            try decoder.decode(Feed.self, from: Array(#"<feed><item quantity="2"/></feed>"#.utf8))
        }
        #expect(missing.code == .missingAttribute && missing.position.column == 7, "\(missing)")
    }

    @Test("validators compare equal by options and by the schema's identity")
    func equality() throws {
        let other = try XMLSchema(string: #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>"#)
        #expect(XMLValidator.schema(Self.schema) == .schema(Self.schema))
        #expect(XMLValidator.schema(Self.schema) != .schema(other))
        #expect(XMLValidator.schema(Self.schema) != .dtd())
        #expect(Set([XMLValidator.schema(Self.schema), .schema(Self.schema), .dtd()]).count == 2)
    }
}
