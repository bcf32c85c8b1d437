import Foundation
import PropertyLists
import Testing
import XMLHandlerStack
import XMLStreaming
import XMLTree
import XMLTestSupport
import XMLValidation
import XMLWriting

/// docs/PublicAPI.md: every error type is Hashable, Sendable and describes itself, has a
/// `code` to switch on, and (when it points into input) an `XMLPosition`.
@Suite("One shape for every error")
struct ErrorShapeTests {
    /// Compiles only for a type with the conformances every error has.
    private func hasTheShape<E: Error & Hashable & Sendable & CustomStringConvertible>(_: E.Type) -> Bool { true }

    @Test("Every error type is Hashable, Sendable and CustomStringConvertible")
    func conformances() {
        #expect(hasTheShape(XMLParseError.self))
        #expect(hasTheShape(XMLInputError.self))
        #expect(hasTheShape(HandlerStackError.self))
        #expect(hasTheShape(XMLWriterError.self))
        #expect(hasTheShape(XMLInvalidCharacterError.self))
        #expect(hasTheShape(XMLTreeError.self))
        #expect(hasTheShape(XPathError.self))
        #expect(hasTheShape(PropertyListError.self))
        #expect(hasTheShape(XMLValidationError.self))
    }

    @Test("XMLValidationError: a code, the position and file, and the declaration broken")
    func validationError() throws {
        let parser = XMLStreamParser(handler: XMLDTDValidator())
        parser.fileName = "feed.xml"
        let error = try #require(throws: XMLValidationError.self) {
            try parser.parse("<!DOCTYPE r [\n<!ELEMENT r (a)>\n<!ELEMENT a EMPTY>]>\n<r><b/></r>")
        }
        #expect(error.code == .unexpectedElement && error.position.line == 4 && error.position.column == 4)
        #expect(error.description == "feed.xml:4:4: error: element <b> not expected here in <r>; expected <a> (<!ELEMENT r> at feed.xml:2)")
    }

    @Test("XMLInputError: a code and the file's name")
    func inputError() throws {
        let error = try #require(throws: XMLInputError.self) {
            try XMLStreamParser(handler: XMLEventCollector()).parse(contentsOf: "/nonexistent/feed.xml")
        }
        #expect(error.code == .cannotOpen && error.errno == ENOENT && error.fileName == "/nonexistent/feed.xml")
        #expect(error.description == "/nonexistent/feed.xml: error: No such file or directory")
        let url = try #require(throws: XMLInputError.self) {
            try XMLStreamParser(handler: XMLEventCollector()).parse(contentsOf: URL(string: "https://example.com/feed.xml")!)
        }
        #expect(url.code == .notAFileURL)
    }

    @Test("XPathError: a code for each kind of mistake, and a position in the expression", arguments: [
        ("//p:item", XPathError.Code.unboundPrefix), ("count(", .syntax), ("frobnicate()", .unknownFunction),
        ("count()", .wrongArgumentCount), ("$missing", .unboundVariable), ("1 | 2", .notANodeSet),
        ("'never closed", .syntax), ("following-ish::x", .syntax),
    ])
    func xpathCodes(expression: String, code: XPathError.Code) throws {
        let document = try XMLTreeDocument(string: "<r/>")
        let error = try #require(throws: XPathError.self) { try document.root!.xpath(expression) }
        #expect(error.code == code, "\(expression): \(error)")
    }

    @Test("XPathError's position counts the expression as line 1, its byte offset in UTF-8")
    func xpathPosition() throws {
        let error = try #require(throws: XPathError.self) { try XPathExpression("//ä:é") }
        #expect(error.code == .unboundPrefix)
        #expect(error.position == XMLPosition(line: 1, column: 3, byteOffset: 2))
        let budget = try #require(throws: XPathError.self) {
            let document = try XMLTreeDocument(string: "<r>" + String(repeating: "<a/>", count: 100) + "</r>")
            _ = try XPathExpression("//a").evaluate(at: document.root!, options: .init(maximumNodes: 10))
        }
        #expect(budget.code == .tooManyNodes)
    }

    @Test("XMLTreeError: a code; a canonical form of a tree without namespaces")
    func treeError() throws {
        let document = try XMLTreeDocument(
            string: "<r/>", options: .init(parserOptions: XMLParserOptions(processesNamespaces: false)))
        let error = try #require(throws: XMLTreeError.self) { try document.canonicalized() }
        #expect(error.code == .needsNamespaces && error.position == nil)
        #expect(error.description == error.message)
    }

    @Test("XMLWriterError: a code for each kind, beside its details")
    func writerError() throws {
        let writer = try XMLStreamWriter()
        let error = try #require(throws: XMLWriterError.self) { try writer.endElement() }
        #expect(error.code == .unbalancedEnd && error.kind == .unbalancedEnd)
        let name = try #require(throws: XMLWriterError.self) { try XMLStreamWriter().startElement("1st") }
        #expect(name.code == .invalidName && name.kind == .invalidName("1st"))
    }

    @Test("PropertyListError: an XMLPosition in text formats, a byte offset in binary ones")
    func propertyListPosition() throws {
        let json = try #require(throws: PropertyListError.self) { try PropertyList(data: Data(#"{"a": 1,}"#.utf8)) }
        #expect(json.position == XMLPosition(line: 1, column: 9, byteOffset: 8))
        #expect(json.description.hasPrefix("line 1, column 9: "))
        let xml = try #require(throws: PropertyListError.self) {
            try PropertyList(data: Data("<plist>\n  <integer>x</integer></plist>".utf8))
        }
        #expect(xml.position == XMLPosition(line: 2, column: 13, byteOffset: 20), "\(xml)")
        // A binary plist's position is a byte offset, with line and column 0: an ASCII
        // string object holding the byte 0xE9, at offset 10.
        let binary = try #require(throws: PropertyListError.self) {
            try PropertyList(data: Data(bplist([[0x53, 0x61, 0xE9, 0x62]])))
        }
        #expect(binary.position == XMLPosition(line: 0, column: 0, byteOffset: 10), "\(binary)")
        #expect(binary.code == .propertyListReadCorrupt)
    }
}

/// docs/PublicAPI.md: the name types that remain convert to one another without loss.
@Suite("Name and attribute types convert to one another")
struct NameConversionTests {
    @Test("A tree's names and attributes, as the pull reader's owned ones, and back")
    func treeAndOwned() throws {
        let document = try XMLTreeDocument(string: "<r xmlns:g='urn:g' g:lang='de'/>")
        let root = try #require(document.root)
        let owned = XMLQualifiedName(try #require(root.name))
        #expect(owned == XMLQualifiedName(localName: "r"))
        #expect(XMLTreeName(owned) == root.name)
        let attribute = try #require(root.attributes.first)
        let ownedAttribute = XMLOwnedAttribute(attribute)
        #expect(ownedAttribute == XMLOwnedAttribute(name: XMLQualifiedName(localName: "lang", namespaceURI: "urn:g", prefix: "g"), value: "de"))
        #expect(XMLTreeAttribute(name: XMLTreeName(ownedAttribute.name), value: ownedAttribute.value) == attribute)
        // The same names as the reader gives them.
        let reader = XMLEventReader(string: "<r xmlns:g='urn:g' g:lang='de'/>")
        while let event = try reader.next() {
            if case .startElement(let name, let attributes) = event {
                #expect(name == owned && attributes == [ownedAttribute])
            }
        }
    }
}
