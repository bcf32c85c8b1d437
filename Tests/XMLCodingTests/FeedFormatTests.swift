import Foundation
import Testing
import XMLCoding

/// RSS 2.0, Atom, sitemaps and OPML, modelled as a user would, every field checked, encoded
/// back and decoded again.
@Suite("Feed formats: RSS 2.0, Atom, sitemaps, OPML")
struct FeedFormatTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    // MARK: RSS 2.0

    struct RSS: Codable, Equatable, XMLNodePlacing {
        var version: String
        var channel: Channel
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "version" ? .attribute : .element }
    }

    /// RSS's own elements are in no namespace; `atom:link` sits beside `link`.
    struct Channel: Codable, Equatable, XMLKeyNamespace {
        static var keyNamespace: String { "" }
        var title: String
        var link: URL
        var selfLink: AtomLink?
        var description: String
        var language: String?
        var lastBuildDate: Date?
        var ttl: Int?
        var item: [Item]
        enum CodingKeys: String, CodingKey {
            case title, link, description, language, lastBuildDate, ttl, item
            case selfLink = "{http://www.w3.org/2005/Atom}link"
        }
    }

    struct AtomLink: Codable, Equatable, XMLNodePlacing {
        var href: URL
        var rel: String
        var type: String?
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }

    struct Item: Codable, Equatable, XMLKeyNamespace {
        static var keyNamespace: String { "" }
        var title: String
        var link: URL
        var description: String
        var content: String?
        var creator: String?
        var pubDate: Date
        var guid: GUID
        var category: [String]
        var enclosure: Enclosure?
        enum CodingKeys: String, CodingKey {
            case title, link, description, pubDate, guid, category, enclosure
            case content = "{http://purl.org/rss/1.0/modules/content/}encoded"
            case creator = "{http://purl.org/dc/elements/1.1/}creator"
        }
    }

    struct GUID: Codable, Equatable, XMLNodePlacing {
        var isPermaLink: Bool?
        var value: String
        enum CodingKeys: String, CodingKey { case isPermaLink, value = "" }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }

    struct Enclosure: Codable, Equatable, XMLNodePlacing {
        var url: URL
        var length: Int
        var type: String
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }

    static func rfc822(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.date(from: text)!
    }

    @Test("RSS 2.0: <link> beside <atom:link>, CDATA descriptions, RFC 822 dates, modules' namespaces; written back as read")
    func rss() throws {
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .rfc822
        let feed = try decoder.decode(RSS.self, contentsOf: Fixture.path("rss.xml"))
        #expect(feed.version == "2.0")
        let channel = feed.channel
        #expect(channel.title == "Baustellen-Nachrichten")
        #expect(channel.link == URL(string: "https://example.org/news"))
        #expect(channel.selfLink == AtomLink(href: URL(string: "https://example.org/news/feed.xml")!, rel: "self", type: "application/rss+xml"))
        #expect(channel.lastBuildDate == Self.rfc822("Mon, 15 Jan 2024 10:11:12 +0100"))
        #expect(channel.ttl == 60)
        #expect(channel.item.count == 2)
        let first = channel.item[0]
        #expect(first.description == #"<p>Das Gerüst am <b>Kölner Dom</b> steht &amp; ist abgenommen.</p>"#)
        #expect(first.content == #"<div><p>Langtext mit <a href="https://example.org/">Link</a>.</p></div>"#)
        #expect(first.creator == "Redaktion")
        #expect(first.pubDate == Self.rfc822("Mon, 15 Jan 2024 09:00:00 +0000"))
        #expect(first.guid == GUID(isPermaLink: false, value: "urn:uuid:6f1c2a9e-1"))
        #expect(first.category == ["Bau", "Köln"])
        let second = channel.item[1]
        #expect(second.description == "Der Kran <K2> ist weg.")
        #expect(second.pubDate == Self.rfc822("Sun, 14 Jan 2024 18:30:00 -0500"))
        #expect(second.guid == GUID(isPermaLink: nil, value: "https://example.org/news/2"))
        #expect(second.enclosure == Enclosure(url: URL(string: "https://example.org/k2.mp3")!, length: 123_456, type: "audio/mpeg"))

        let encoder = XMLEncoder()
        encoder.dateEncodingStrategy = .rfc822
        encoder.namespaceDeclarations = [
            "atom": "http://www.w3.org/2005/Atom", "content": "http://purl.org/rss/1.0/modules/content/",
            "dc": "http://purl.org/dc/elements/1.1/",
        ]
        encoder.stringEncodingStrategy = .custom { path in ["description", "{http://purl.org/rss/1.0/modules/content/}encoded"].contains(path.last?.stringValue ?? "") }
        encoder.writerOptions.indentation = "  "
        let data = try encoder.encode(feed, withRootKey: "rss")
        let text = string(data)
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<rss xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0">"#))
        #expect(text.contains(#"<atom:link href="https://example.org/news/feed.xml" rel="self" type="application/rss+xml"/>"#))
        #expect(text.contains(#"<description><![CDATA[<p>Das Gerüst am <b>Kölner Dom</b> steht &amp; ist abgenommen.</p>]]></description>"#))
        #expect(text.contains("<pubDate>Sun, 14 Jan 2024 23:30:00 GMT</pubDate>"))
        #expect(text.contains("<dc:creator>Redaktion</dc:creator>"))
        #expect(!text.contains(#"xmlns="""#))
        #expect(try decoder.decode(RSS.self, from: data) == feed)
    }

    // MARK: Atom

    struct Feed: Codable, Equatable {
        var lang: String?
        var title: String
        var subtitle: String?
        var link: [Link]
        var updated: Date
        var id: String
        var author: Person?
        var entry: [Entry]
        enum CodingKeys: String, CodingKey {
            case lang = "{http://www.w3.org/XML/1998/namespace}lang"
            case title, subtitle, link, updated, id, author, entry
        }
    }
    struct Link: Codable, Equatable, XMLNodePlacing {
        var href: URL
        var rel: String?
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }
    struct Person: Codable, Equatable { var name: String; var email: String? }
    struct Entry: Codable, Equatable {
        var title: String
        var link: [Link]
        var id: String
        var updated: Date
        var published: Date?
        var summary: String?
    }

    @Test("Atom: a default-namespace document, encoded with its root key in the namespace and no xmlns=\"\" anywhere")
    func atom() throws {
        let decoder = XMLDecoder()
        decoder.nodePlacement = { path in path.last?.stringValue.hasSuffix("}lang") == true ? .attribute : .attributeOrElement }
        let feed = try decoder.decode(Feed.self, contentsOf: Fixture.path("atom.xml"))
        #expect(feed.lang == "en")
        #expect(feed.title == "Site diary")
        #expect(feed.link == [Link(href: URL(string: "https://example.org/")!, rel: nil), Link(href: URL(string: "https://example.org/atom.xml")!, rel: "self")])
        #expect(feed.updated == Date(timeIntervalSince1970: 1_709_633_472))
        #expect(feed.author == Person(name: "Site Office", email: "office@example.org"))
        #expect(feed.entry.count == 2)
        #expect(feed.entry[0].updated == Date(timeIntervalSince1970: 1_709_633_472.25))
        #expect(feed.entry[0].published == Date(timeIntervalSince1970: 1_709_622_000))
        #expect(feed.entry[1].published == nil)

        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.nodePlacement = { path in path.last?.stringValue.hasSuffix("}lang") == true || path.last?.stringValue == "href" || path.last?.stringValue == "rel" ? .attribute : .element }
        let data = try encoder.encode(feed, withRootKey: "{http://www.w3.org/2005/Atom}feed")
        let text = string(data)
        #expect(text.hasPrefix(#"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en"><title>Site diary</title>"#))
        #expect(text.contains(#"<entry><title>Concrete poured</title><link href="https://example.org/2024/03/05/concrete"/>"#))
        #expect(text.contains("<updated>2024-03-05T10:11:12.250Z</updated><published>2024-03-05T07:00:00Z</published>"))
        #expect(!text.contains(#"xmlns="""#))
        #expect(try decoder.decode(Feed.self, from: data) == feed)
        #expect(try XMLEventCollector.events(of: Array(data)).allSatisfy { $0.hasPrefix("{http://www.w3.org/2005/Atom}") })
    }

    // MARK: Sitemaps

    struct URLSet: Codable, Equatable {
        var url: [Entry]
        struct Entry: Codable, Equatable {
            var loc: URL
            var lastmod: Date?
            var changefreq: String?
            var priority: Double?
        }
    }

    @Test("sitemaps: W3C dates, a date alone or with a zone")
    func sitemap() throws {
        let set = try XMLDecoder().decode(URLSet.self, contentsOf: Fixture.path("sitemap.xml"))
        #expect(set.url.count == 2)
        #expect(set.url[0].lastmod == Date(timeIntervalSince1970: 1_705_276_800))
        #expect(set.url[0].priority == 1.0)
        #expect(set.url[1].loc == URL(string: "https://example.org/sites?code=10001&view=map"))
        #expect(set.url[1].lastmod == Date(timeIntervalSince1970: 1_705_253_400))
        #expect(set.url[1].changefreq == nil)
        let encoder = XMLEncoder()
        let data = try encoder.encode(set, withRootKey: "{http://www.sitemaps.org/schemas/sitemap/0.9}urlset")
        #expect(string(data).contains("<url><loc>https://example.org/</loc><lastmod>2024-01-15T00:00:00Z</lastmod>"))
        #expect(try XMLDecoder().decode(URLSet.self, from: data) == set)
    }

    // MARK: OPML

    struct OPML: Codable, Equatable, XMLNodePlacing {
        var version: String
        var head: Head
        var body: Outlines
        struct Head: Codable, Equatable { var title: String; var dateCreated: Date? }
        struct Outlines: Codable, Equatable { var outline: [Outline] }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "version" ? .attribute : .element }
    }
    /// Outlines nest to any depth.
    struct Outline: Codable, Equatable, XMLNodePlacing {
        var text: String
        var type: String?
        var xmlUrl: URL?
        var outline: [Outline]
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "outline" ? .element : .attribute }
    }

    @Test("OPML: recursive outlines as attributes, an RFC 822 date in the head")
    func opml() throws {
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .rfc822
        let opml = try decoder.decode(OPML.self, contentsOf: Fixture.path("opml.xml"))
        #expect(opml.head.dateCreated == Date(timeIntervalSince1970: 1_705_313_472))
        #expect(opml.body.outline.map(\.text) == ["Construction", "Weather"])
        #expect(opml.body.outline[0].outline.map(\.xmlUrl) == [URL(string: "https://example.org/news/feed.xml"), URL(string: "https://example.org/cranes.xml")])
        let encoder = XMLEncoder()
        encoder.dateEncodingStrategy = .rfc822
        let data = try encoder.encode(opml, withRootKey: "opml")
        #expect(string(data).contains(#"<outline text="Weather" type="rss" xmlUrl="https://example.org/weather.xml"/>"#))
        #expect(try decoder.decode(OPML.self, from: data) == opml)
    }
}
