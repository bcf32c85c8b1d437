import Testing
import XMLCoding
import XMLStreaming
import XMLValidation

/// `XMLDecoder.validation`: a document checked against its DTD as it is decoded, refused at
/// its first error before anything is made from the record that holds it.
@Suite("Decoding validated documents")
struct ValidatedDecodingTests {
    struct Order: Decodable, Equatable {
        var customer: String
        var item: [Item]
    }

    struct Item: Decodable, Equatable {
        var sku: String
        var quantity: Int
    }

    static let dtd = """
        <!DOCTYPE order [
          <!ELEMENT order (customer, item+)>
          <!ELEMENT customer (#PCDATA)>
          <!ELEMENT item EMPTY>
          <!ATTLIST item sku NMTOKEN #REQUIRED quantity CDATA "1">
        ]>

        """

    @Test("a valid document decodes as it would unvalidated, its DTD's defaults included")
    func valid() throws {
        let decoder = XMLDecoder()
        decoder.validation = .dtd()
        let xml = Self.dtd + #"<order><customer>Ada</customer><item sku="A-1"/><item sku="B-2" quantity="3"/></order>"#
        #expect(
            try decoder.decode(Order.self, from: Array(xml.utf8))
                == Order(customer: "Ada", item: [Item(sku: "A-1", quantity: 1), Item(sku: "B-2", quantity: 3)]))
    }

    @Test("an invalid document fails with the validator's error, its file, line and column, where unvalidated it decodes")
    func invalid() throws {
        let xml = Self.dtd + #"<order><item sku="A-1"/><customer>Ada</customer></order>"#
        let decoder = XMLDecoder()
        #expect(try decoder.decode(Order.self, from: Array(xml.utf8)).customer == "Ada")
        decoder.validation = .dtd()
        let error = try #require(throws: XMLValidationError.self) {
            try decoder.decode(Order.self, from: Array(xml.utf8), fileName: "order.xml")
        }
        #expect(error.code == .unexpectedElement)
        #expect(error.fileName == "order.xml")
        #expect(error.position.line == 7 && error.position.column == 8, "\(error)")
        #expect(error.component == "<!ELEMENT order> at order.xml:2")
        // The one-pass document reads validate too.
        #expect(throws: XMLValidationError.self) { _ = try decoder.document(from: Array(xml.utf8)) }
    }

    @Test("while validating, the internal subset's parameter entities are expanded, as a validating parser must")
    func parameterEntities() throws {
        let xml = """
            <!DOCTYPE item [
              <!ENTITY % attributes "<!ATTLIST item sku NMTOKEN #REQUIRED quantity CDATA '5'>">
              <!ELEMENT item EMPTY>
              %attributes;
            ]>
            <item sku="A-1"/>
            """
        let decoder = XMLDecoder()
        decoder.validation = .dtd()
        #expect(try decoder.decode(Item.self, from: Array(xml.utf8)) == Item(sku: "A-1", quantity: 5))
        let missing = try #require(throws: XMLValidationError.self) {
            try decoder.decode(Item.self, from: Array(xml.replacingOccurrences(of: #" sku="A-1""#, with: "").utf8))
        }
        #expect(missing.code == .missingAttribute)
    }

    @Test("a record stream hands out the records before the error, never the one that holds it")
    func stream() throws {
        let xml = """
            <!DOCTYPE feed [
              <!ELEMENT feed (item*)>
              <!ELEMENT item EMPTY>
              <!ATTLIST item sku NMTOKEN #REQUIRED quantity CDATA "1">
            ]>
            <feed>
              <item sku="A-1"/>
              <item sku="B-2" quantity="2"/>
              <item sku="C 3" quantity="3"/>
              <item sku="D-4"/>
            </feed>
            """
        let decoder = XMLDecoder()
        decoder.validation = .dtd()
        let stream = decoder.decode(Item.self, eachAt: "feed/item", from: Array(xml.utf8), fileName: "feed.xml")
        var items: [Item] = []
        let error = try #require(throws: XMLValidationError.self) {
            while let item = try stream.next() { items.append(item) }
        }
        #expect(items == [Item(sku: "A-1", quantity: 1), Item(sku: "B-2", quantity: 2)])
        #expect(error.code == .invalidAttributeValue && error.position.line == 9, "\(error)")
    }

    @Test("against the DTD the parser options name, and without any DTD, refused as xmllint --valid refuses it")
    func namedDTD() throws {
        let decoder = XMLDecoder()
        decoder.validation = .dtd()
        let xml = #"<item sku="A-1" quantity="2"/>"#
        let noDTD = try #require(throws: XMLValidationError.self) { try decoder.decode(Item.self, from: Array(xml.utf8)) }
        #expect(noDTD.code == .noDTD)
        decoder.parserOptions.externalDTD = XMLExternalDTD(
            bytes: Array(#"<!ELEMENT item EMPTY><!ATTLIST item sku NMTOKEN #REQUIRED quantity CDATA "1">"#.utf8), name: "item.dtd")
        #expect(try decoder.decode(Item.self, from: Array(xml.utf8)) == Item(sku: "A-1", quantity: 2))
        let missing = try #require(throws: XMLValidationError.self) {
            try decoder.decode(Item.self, from: Array(#"<item quantity="2"/>"#.utf8))
        }
        #expect(missing.code == .missingAttribute && missing.component == "<!ATTLIST item sku> at item.dtd:1")
    }
}
