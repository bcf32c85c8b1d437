import Foundation
import Testing
import XMLCoding
import XMLStreaming
import XMLWriting

@Suite("Default namespaces: children stay in their parent's namespace, types say what plain keys mean")
struct DefaultNamespaceTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    struct Entry: Codable, Equatable, XMLArrayLayouts {
        var title: String
        var author: Person
        var tags: [String]
        var plain: String?
        enum CodingKeys: String, CodingKey { case title, author, tags, plain = "{}plain" }
        static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { key.stringValue == "tags" ? .wrapped(item: "tag") : .repeated }
    }
    struct Person: Codable, Equatable { var name: String }

    @Test("a root key in a namespace keeps its children, wrapped items included, in it; {}name is in none")
    func childrenInherit() throws {
        let entry = Entry(title: "Dom", author: Person(name: "Office"), tags: ["a", "b"], plain: "p")
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        let data = try encoder.encode(entry, withRootKey: "{http://www.w3.org/2005/Atom}entry")
        #expect(string(data)
            == #"<entry xmlns="http://www.w3.org/2005/Atom"><title>Dom</title><author><name>Office</name></author>"#
            + #"<tags><tag>a</tag><tag>b</tag></tags><plain xmlns="">p</plain></entry>"#)
        #expect(try XMLDecoder().decode(Entry.self, from: data) == entry)
        // Read back namespace-aware, every element but <plain> is in Atom's namespace.
        let events = try XMLEventCollector.events(of: Array(data))
        #expect(events == [
            "{http://www.w3.org/2005/Atom}entry", "{http://www.w3.org/2005/Atom}title", "{http://www.w3.org/2005/Atom}author",
            "{http://www.w3.org/2005/Atom}name", "{http://www.w3.org/2005/Atom}tags", "{http://www.w3.org/2005/Atom}tag",
            "{http://www.w3.org/2005/Atom}tag", "plain",
        ])
    }

    @Test("namespaceDeclarations: a default namespace for a plain root key, prefixes declared on the root; rootAttributes after them")
    func declarationsAndRootAttributes() throws {
        struct Item: Codable, Equatable {
            var title: String
            var thumbnail: String
            enum CodingKeys: String, CodingKey { case title, thumbnail = "{http://search.yahoo.com/mrss/}thumbnail" }
        }
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.namespaceDeclarations = ["": "urn:feed", "media": "http://search.yahoo.com/mrss/"]
        encoder.rootAttributes = [
            XMLOwnedAttribute(name: XMLQualifiedName(localName: "lang", namespaceURI: "http://www.w3.org/XML/1998/namespace", prefix: "xml"), value: "de"),
            XMLOwnedAttribute(name: "version", value: "2.0"),
        ]
        let data = try encoder.encode(Item(title: "t", thumbnail: "x.png"), withRootKey: "item")
        #expect(string(data)
            == #"<item xmlns="urn:feed" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="de" version="2.0">"#
            + #"<title>t</title><media:thumbnail>x.png</media:thumbnail></item>"#)
        // XMLCoder's spelling: xmlns attributes are declarations.
        encoder.namespaceDeclarations = [:]
        encoder.rootAttributes = [XMLOwnedAttribute(name: "xmlns", value: "urn:feed"), XMLOwnedAttribute(name: "xmlns:m", value: "http://search.yahoo.com/mrss/")]
        #expect(string(try encoder.encode(Item(title: "t", thumbnail: "x.png"), withRootKey: "item"))
            == #"<item xmlns="urn:feed" xmlns:m="http://search.yahoo.com/mrss/"><title>t</title><m:thumbnail>x.png</m:thumbnail></item>"#)
        // Into a writer, the value's element declares only what its names need, and no root attributes.
        encoder.rootAttributes = [XMLOwnedAttribute(name: "version", value: "2.0")]
        encoder.namespaceDeclarations = ["": "urn:feed", "unused": "urn:unused"]
        let writer = try XMLStreamWriter(to: .memory)
        try writer.startElement("items", namespace: "urn:feed")
        try encoder.encode(Item(title: "t", thumbnail: "x.png"), withRootKey: "item", into: writer)
        try writer.endElement()
        try writer.finish()
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == #"<items xmlns="urn:feed"><item><title>t</title><thumbnail xmlns="http://search.yahoo.com/mrss/">x.png</thumbnail></item></items>"#)
    }

    struct Channel: Codable, Equatable, XMLKeyNamespace {
        static var keyNamespace: String { "" }
        var title: String
        var link: String
        var atomLink: AtomLink?
        enum CodingKeys: String, CodingKey { case title, link, atomLink = "{http://www.w3.org/2005/Atom}link" }
    }
    struct AtomLink: Codable, Equatable, XMLNodePlacing {
        var href: String
        var rel: String
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }

    @Test("XMLKeyNamespace \"\": a plain key reads and writes only the element in no namespace (RSS's <link> beside <atom:link>)")
    func plainKeysInNoNamespace() throws {
        let xml = #"<channel xmlns:atom="http://www.w3.org/2005/Atom"><title>T</title><link>https://example.org/</link>"#
            + #"<atom:link href="https://example.org/feed" rel="self"/></channel>"#
        let channel = try XMLDecoder().decode(Channel.self, from: Array(xml.utf8))
        #expect(channel == Channel(title: "T", link: "https://example.org/", atomLink: AtomLink(href: "https://example.org/feed", rel: "self")))
        // Without the protocol the plain key matches both, and says so.
        struct Loose: Decodable { var link: String }
        #expect {
            try XMLDecoder().decode(Loose.self, from: Array(xml.utf8))
        } throws: { error in "\(error)".contains("expected one <link>, found 2 at line 1, column 100") }
        // An item without <link> but with <atom:link> has no link: not an error about namespaces.
        struct Item: Decodable, XMLKeyNamespace {
            static var keyNamespace: String { "" }
            var link: String?
        }
        let noLink = #"<item xmlns:atom="http://www.w3.org/2005/Atom"><atom:link href="x"/></item>"#
        #expect(try XMLDecoder().decode(Item.self, from: Array(noLink.utf8)).link == nil)
        // Encoded inside a default namespace, the type's elements undeclare it.
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.namespaceDeclarations = ["atom": "http://www.w3.org/2005/Atom"]
        let data = try encoder.encode(channel, withRootKey: "channel")
        #expect(string(data)
            == #"<channel xmlns:atom="http://www.w3.org/2005/Atom"><title>T</title><link>https://example.org/</link>"#
            + #"<atom:link href="https://example.org/feed" rel="self"/></channel>"#)
        #expect(try XMLDecoder().decode(Channel.self, from: data) == channel)
    }

    @Test("XMLKeyNamespace with a URI: plain keys are elements in it, attributes in no namespace")
    func plainKeysInANamespace() throws {
        struct Link: Codable, Equatable, XMLKeyNamespace, XMLNodePlacing {
            static var keyNamespace: String { "urn:a" }
            var href: String
            var title: String
            static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "href" ? .attribute : .element }
        }
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        let data = try encoder.encode(Link(href: "h", title: "t"), withRootKey: "link")
        // The type's own element, under a plain root key, is in the namespace too.
        #expect(string(data) == #"<link xmlns="urn:a" href="h"><title>t</title></link>"#)
        #expect(try XMLDecoder().decode(Link.self, from: data) == Link(href: "h", title: "t"))
        // An element of that name in another namespace is not the key's.
        #expect(throws: DecodingError.self) {
            try XMLDecoder().decode(Link.self, from: Array(#"<link href="h"><title xmlns="urn:b">t</title></link>"#.utf8))
        }
        // A namespaced attribute of that local name is not the plain key's.
        #expect(throws: DecodingError.self) {
            try XMLDecoder().decode(Link.self, from: Array(#"<link xmlns:p="urn:a" p:href="h"><title xmlns="urn:a">t</title></link>"#.utf8))
        }
    }
}

/// Element names as `{uri}local`, in document order, from a namespace-aware parse.
enum XMLEventCollector {
    final class Names { var list: [String] = [] }

    static func events(of bytes: [UInt8]) throws -> [String] {
        let names = Names()
        let parser = XMLStreamParser(handler: Collector(names: names))
        try parser.parse(bytes)
        return names.list
    }

    struct Collector: XMLEventHandler {
        let names: Names
        mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
            let owned = name.owned
            names.list.append(owned.namespaceURI.map { "{\($0)}\(owned.localName)" } ?? owned.localName)
        }
    }
}
