// Generated from docs/Validation.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLCoding
import XMLHandlerStack
import XMLStreaming
import XMLValidation

// docs/Validation.md:102
struct Item: Parseable {
    var sku: String
    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer,
         context: ParseContext) throws {
        sku = attributes["sku"]?.string ?? ""
    }
}

// docs/Validation.md:102
struct Order: ElementConsumer {
    var items: [Item] = []
    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        if let item = child.value(as: Item.self) { items.append(item) }
    }
}


// docs/Validation.md:148
struct Shipment: Decodable {
    var item: [Line]
}

// docs/Validation.md:148
struct Line: Decodable {
    var sku: String
    var quantity: Int
}


// docs/Validation.md:182
struct Feed: Decodable {
    var item: [Entry]
}

// docs/Validation.md:182
struct Entry: Decodable {
    var sku: String
}


var failures = 0
failures += await example("docs/Validation.md:19") {
    let order = """
        <!DOCTYPE order [
          <!ELEMENT order (customer, item+)>
          <!ELEMENT customer (#PCDATA)>
          <!ELEMENT item EMPTY>
          <!ATTLIST item sku NMTOKEN #REQUIRED quantity CDATA "1">
        ]>
        <order>
          <item sku="A-1"/>
          <customer>Ada</customer>
        </order>
        """
    let parser = XMLStreamParser(handler: XMLDTDValidator())
    parser.fileName = "order.xml"
    do {
        try parser.parse(order)
    } catch let error as XMLValidationError {
        print(error)
        // order.xml:8:3: error: element <item> not expected here in <order>; expected <customer>
        //   (<!ELEMENT order> at order.xml:2)
        print(error.code)          // unexpected-element
        print(error.position)      // 8:3
    }
    _ = order
    _ = parser
}
failures += await example("docs/Validation.md:63") {
    let catalog = """
        <!DOCTYPE catalog [
          <!ELEMENT catalog (book*)>
          <!ELEMENT book (title)>
          <!ELEMENT title (#PCDATA)>
          <!ATTLIST book id ID #REQUIRED sequel IDREF #IMPLIED>
        ]>
        <catalog>
          <book id="b1" sequel="b3"><title>One</title></book>
          <book id="b1"><title>Two</title><title>Again</title></book>
          <book><title>Three</title></book>
        </catalog>
        """
    let options = XMLValidationOptions(reporting: .allErrors(maximum: 100))
    let parser = XMLStreamParser(handler: XMLDTDValidator(options: options))
    parser.fileName = "catalog.xml"
    try parser.parse(catalog)
    for error in parser.handler.errors {
        print(error)
    }
    // catalog.xml:9:9: error: ID b1 is already an earlier element's
    // catalog.xml:9:35: error: element <title> not expected here in <book>; expected the end of <book> (<!ELEMENT book> at catalog.xml:3)
    // catalog.xml:10:3: error: element <book> needs attribute id (#REQUIRED) (<!ATTLIST book id> at catalog.xml:5)
    // catalog.xml:8:17: error: IDREF b3 matches no element's ID
    _ = catalog
    _ = options
    _ = parser
}
failures += await example("docs/Validation.md:102") {
    let feed = """
        <!DOCTYPE order [
          <!ELEMENT order (item+)>
          <!ELEMENT item EMPTY>
          <!ATTLIST item sku NMTOKEN #REQUIRED>
        ]>
        <order><item sku="A-1"/><item sku="B-2"/></order>
        """
    var routes = ParseRoutes()
    routes.route("item", to: Item.self)
    let stack = HandlerStack(root: Order(), routes: routes)
    let parser = XMLStreamParser(handler: XMLDTDValidator(next: stack))
    do {
        try parser.parse(feed)
    } catch {
        parser.handler.next.abandon(after: error)   // the stack's root rolls back
        throw error
    }
    print(parser.handler.next.root.items.map(\.sku))  // ["A-1", "B-2"]
    _ = feed
    _ = routes
    _ = stack
    _ = parser
}
failures += await example("docs/Validation.md:148") {
    let shipment = """
        <!DOCTYPE shipment [
          <!ELEMENT shipment (item+)>
          <!ELEMENT item EMPTY>
          <!ATTLIST item sku NMTOKEN #REQUIRED quantity CDATA "1">
        ]>
        <shipment><item sku="A-1"/><item sku="B 2" quantity="2"/></shipment>
        """
    let decoder = XMLDecoder()
    decoder.validation = .dtd()
    do {
        _ = try decoder.decode(Shipment.self, from: Array(shipment.utf8), fileName: "shipment.xml")
    } catch let error as XMLValidationError {
        print(error)
        // shipment.xml:6:34: error: attribute sku="B 2" of <item> is not a name token (<!ATTLIST item sku> at shipment.xml:4)
    }
    _ = shipment
    _ = decoder
}
failures += await example("docs/Validation.md:182") {
    let feedSchema = try XMLSchema(string: """
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:element name="feed"><xs:complexType><xs:sequence>
            <xs:element name="item" maxOccurs="unbounded"><xs:complexType>
              <xs:attribute name="sku" type="xs:NMTOKEN" use="required"/>
            </xs:complexType></xs:element>
          </xs:sequence></xs:complexType></xs:element>
        </xs:schema>
        """, name: "feed.xsd")
    let feedDecoder = XMLDecoder()
    feedDecoder.validation = .schema(feedSchema)
    let feed = try feedDecoder.decode(Feed.self, from: Array(#"<feed><item sku="A-1"/></feed>"#.utf8))
    print(feed.item.map(\.sku))  // ["A-1"]
    do {
        _ = try feedDecoder.decode(Feed.self, from: Array(#"<feed><item sku="B 2"/></feed>"#.utf8), fileName: "feed.xml")
    } catch let error as XMLValidationError {
        print(error.code, error.position.line, error.position.column)  // invalid-value 1 13
    }
    _ = feedSchema
    _ = feedDecoder
    _ = feed
}
failures += await example("docs/Validation.md:244") {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("validation-guide-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let feedDTD = directory.appendingPathComponent("feed.dtd").path
    try Data("""
        <!ELEMENT feed (entry*)>
        <!ELEMENT entry (title, link?)>
        <!ELEMENT title (#PCDATA)>
        <!ELEMENT link EMPTY>
        <!ATTLIST link href CDATA #REQUIRED>
        """.utf8).write(to: URL(fileURLWithPath: feedDTD))
    var parserOptions = XMLParserOptions()
    parserOptions.externalDTD = XMLExternalDTD(contentsOf: feedDTD)   // a path, a URL or a FilePath
    let parser = XMLStreamParser(handler: XMLDTDValidator(), options: parserOptions)
    parser.fileName = "feed.xml"
    do {
        try parser.parse("<feed><entry><link href='https://example.com'/></entry></feed>")
    } catch {
        print(error)
        // feed.xml:1:14: error: element <link> not expected here in <entry>; expected <title>
        //   (<!ELEMENT entry> at …/feed.dtd:2)
    }
    _ = directory
    _ = feedDTD
    _ = parserOptions
    _ = parser
}
failures += await example("docs/Validation.md:457") {
    let schema = try XMLSchema(string: """
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:element name="order">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="customer" type="xs:string"/>
                <xs:element name="item" maxOccurs="unbounded">
                  <xs:complexType>
                    <xs:attribute name="sku" use="required">
                      <xs:simpleType>
                        <xs:restriction base="xs:token"><xs:pattern value="[A-Z]-\\d+"/></xs:restriction>
                      </xs:simpleType>
                    </xs:attribute>
                    <xs:attribute name="quantity" type="xs:positiveInteger" default="1"/>
                  </xs:complexType>
                </xs:element>
              </xs:sequence>
            </xs:complexType>
          </xs:element>
        </xs:schema>
        """, name: "order.xsd")
    let order = """
        <order>
          <customer>Ada</customer>
          <item sku="A-1" quantity="0"/>
          <item sku="b2"/>
          <note/>
        </order>
        """
    let options = XMLValidationOptions(reporting: .allErrors(maximum: 100))
    let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: schema, options: options))
    parser.fileName = "order.xml"
    try parser.parse(order)
    for error in parser.handler.errors { print(error) }
    // order.xml:3:19: error: attribute quantity of <item>: "0" is less than the least positiveInteger, 1
    //   (<xs:attribute name="quantity"> at order.xsd:13)
    // order.xml:4:9: error: attribute sku of <item>: "b2" does not match the pattern "[A-Z]-\d+" of the type of
    //   attribute sku (<xs:attribute name="sku"> at order.xsd:8)
    // order.xml:5:3: error: element <note> not expected here in <order>; expected <item> (<xs:complexType> at order.xsd:3)
    _ = schema
    _ = order
    _ = options
    _ = parser
}
failures += await example("docs/Validation.md:559") {
    // A document that names its schema, beside it.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("location-hints-example")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try """
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:element name="count" type="xs:nonNegativeInteger"/>
        </xs:schema>
        """.write(to: directory.appendingPathComponent("count.xsd"), atomically: true, encoding: .utf8)
    let document = directory.appendingPathComponent("count.xml").path
    try """
        <count xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
               xsi:noNamespaceSchemaLocation="count.xsd">-1</count>
        """.write(toFile: document, atomically: true, encoding: .utf8)

    let hints = try XMLSchema.locationHints(inDocumentAt: document)
    print(hints.map(\.location))  // ["count.xsd"]
    let schema = try XMLSchema(locationHints: hints, relativeTo: document)
    let parser = XMLStreamParser(handler: XMLSchemaValidator(schema: schema))
    do {
        try parser.parse(contentsOf: document)
    } catch let error as XMLValidationError {
        print(error.code, error.message)
        // invalid-value element <count>: "-1" is less than the least nonNegativeInteger, 0
    }
    _ = directory
    _ = document
    _ = hints
    _ = schema
    _ = parser
}
exit(failures == 0 ? 0 : 1)
