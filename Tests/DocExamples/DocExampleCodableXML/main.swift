// Generated from docs/CodableXML.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLCoding
import XMLHandlerStack
import XMLStreaming

// docs/CodableXML.md:12
struct Site: Decodable {
    var code: String           // the attribute code="…"
    var name: String           // the child element <name>
    var activity: [Activity]   // every child element <activity>
}


// docs/CodableXML.md:12
struct Activity: Decodable {
    var team: String
    var summary: String

    enum CodingKeys: String, CodingKey {
        case team
        case summary = ""      // the element's own text
    }
}


// docs/CodableXML.md:132
enum Inline: Codable, Equatable, XMLChoice {
    case text(String)
    case b(String)
    enum CodingKeys: String, CodingKey { case text = "", b }
}


// docs/CodableXML.md:201
struct Tagging: Codable, XMLMapLayouts {
    var tagSet: [String: String]
    enum CodingKeys: String, CodingKey { case tagSet = "TagSet" }
    static func mapLayout(for key: any CodingKey) -> XMLMapLayout { .entries(entry: "Tag", key: "Key", value: "Value") }
}


// docs/CodableXML.md:269
struct Crew: Codable, XMLNodePlacing {
    var code: String
    var name: String
    var member: [String]

    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
        key.stringValue == "code" ? .attribute : .element
    }
}


// docs/CodableXML.md:332
struct Envelope: Encodable, XMLKeyNamespace {
    static var keyNamespace: String { "http://schemas.xmlsoap.org/soap/envelope/" }
    var header: Header
    var body: Body
    enum CodingKeys: String, CodingKey { case header = "Header", body = "Body" }
}

// docs/CodableXML.md:332
struct Header: Encodable {
    var security: Security
    enum CodingKeys: String, CodingKey {
        case security = "{http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd}Security"
    }
}

// docs/CodableXML.md:332
struct Security: Encodable, XMLKeyNamespace, XMLNamespaceDeclaring, XMLNodePlacing {
    static var keyNamespace: String { "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" }
    static var namespaceDeclarations: [String: String] {
        ["wsse": "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"]
    }
    var mustUnderstand: Bool
    var username: String
    enum CodingKeys: String, CodingKey {
        case mustUnderstand = "{http://schemas.xmlsoap.org/soap/envelope/}mustUnderstand", username = "Username"
    }
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
        key.stringValue.hasSuffix("mustUnderstand") ? .attribute : .element
    }
}

// docs/CodableXML.md:332
struct Body: Encodable {
    var request: GetSchedule
    enum CodingKeys: String, CodingKey { case request = "{urn:example:schedule}GetSchedule" }
}

// docs/CodableXML.md:332
struct GetSchedule: Encodable, XMLKeyNamespace, XMLNamespaceDeclaring {
    static var keyNamespace: String { "urn:example:schedule" }
    static var namespaceDeclarations: [String: String] { ["m": "urn:example:schedule"] }
    var site: Int
}


// docs/CodableXML.md:394
struct Plugin: Codable {
    var artifactId: String
    var configuration: XMLFragment?
}


// docs/CodableXML.md:421
struct S3Error: Decodable, Error {
    var code: String
    enum CodingKeys: String, CodingKey { case code = "Code" }
}

// docs/CodableXML.md:421
struct Listing: Decodable {
    var name: String
    enum CodingKeys: String, CodingKey { case name = "Name" }
}


// docs/CodableXML.md:455
struct RSS: Codable, XMLNodePlacing {
    var version: String
    var channel: Channel
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "version" ? .attribute : .element }
}

// docs/CodableXML.md:455
struct Channel: Codable, XMLKeyNamespace {
    static var keyNamespace: String { "" }
    var title: String
    var link: URL
    var selfLink: AtomLink?
    var item: [Item]
    enum CodingKeys: String, CodingKey {
        case title, link, item
        case selfLink = "{http://www.w3.org/2005/Atom}link"
    }
}

// docs/CodableXML.md:455
struct AtomLink: Codable, XMLNodePlacing {
    var href: URL
    var rel: String
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
}

// docs/CodableXML.md:455
struct Item: Codable, XMLKeyNamespace {
    static var keyNamespace: String { "" }
    var title: String
    var description: String
    var creator: String?
    var pubDate: Date
    enum CodingKeys: String, CodingKey {
        case title, description, pubDate
        case creator = "{http://purl.org/dc/elements/1.1/}creator"
    }
}


// docs/CodableXML.md:523
struct Project: Codable, XMLArrayLayouts {
    var groupId: String
    var artifactId: String
    var properties: [String: String]
    var dependencies: [Dependency]
    static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "dependency") }
}

// docs/CodableXML.md:523
struct Dependency: Codable { var groupId: String; var artifactId: String; var scope: String? }


// docs/CodableXML.md:549
struct ListBucketResult: Decodable, XMLKeyNamespace {
    static var keyNamespace: String { "http://s3.amazonaws.com/doc/2006-03-01/" }
    var name: String
    var isTruncated: Bool
    var contents: [Object]
    enum CodingKeys: String, CodingKey { case name = "Name", isTruncated = "IsTruncated", contents = "Contents" }
}

// docs/CodableXML.md:549
struct Object: Decodable, XMLKeyNamespace {
    static var keyNamespace: String { "http://s3.amazonaws.com/doc/2006-03-01/" }
    var key: String
    var lastModified: Date
    var size: Int64
    enum CodingKeys: String, CodingKey { case key = "Key", lastModified = "LastModified", size = "Size" }
}


// docs/CodableXML.md:579
struct S3Entry: Decodable {
    var key: String
    enum CodingKeys: String, CodingKey { case key = "Key" }
}


// docs/CodableXML.md:686
struct Strict: Decodable { var code: Int }

// docs/CodableXML.md:711
struct Team: Decodable { var code: String; var name: String }


// docs/CodableXML.md:740
struct Place: Decodable { var code: String; var name: String }


// docs/CodableXML.md:740
struct Places: ElementConsumer {
    var names: [String] = []
    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        if let place = child.decoded(as: Place.self) { names.append(place.name) }
    }
    func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool { true }
}


var failures = 0
failures += await example("docs/CodableXML.md:12") {
    let xml = """
        <site code="10001">
          <name>Kölner Dom</name>
          <activity team="100">Gerüst aufstellen</activity>
          <activity team="101">Dach &amp; Turm</activity>
        </site>
        """
    let site = try XMLDecoder().decode(Site.self, from: Array(xml.utf8))
    print(site.name, site.activity.map(\.summary))   // Kölner Dom ["Gerüst aufstellen", "Dach & Turm"]
    _ = xml
    _ = site
}
failures += await example("docs/CodableXML.md:132") {
    let paragraph = try XMLDecoder().decode([Inline].self, from: Array("<p>Bauen <b>mit</b> Plan</p>".utf8))
    print(paragraph == [.text("Bauen "), .b("mit"), .text(" Plan")])   // true
    let encoder = XMLEncoder()
    encoder.writesDeclaration = false
    print(String(decoding: try encoder.encode(paragraph, withRootKey: "p"), as: UTF8.self))   // <p>Bauen <b>mit</b> Plan</p>
    _ = paragraph
    _ = encoder
}
failures += await example("docs/CodableXML.md:201") {
    let tagging = try XMLDecoder().decode(
        Tagging.self, from: Array("<Tagging><TagSet><Tag><Key>site code</Key><Value>10001</Value></Tag></TagSet></Tagging>".utf8))
    print(tagging.tagSet)   // ["site code": "10001"]
    let tagEncoder = XMLEncoder()
    tagEncoder.writesDeclaration = false
    tagEncoder.sortsKeys = true
    print(String(decoding: try tagEncoder.encode(Tagging(tagSet: ["b": "2", "a": "1"]), withRootKey: "Tagging"), as: UTF8.self))
    // <Tagging><TagSet><Tag><Key>a</Key><Value>1</Value></Tag><Tag><Key>b</Key><Value>2</Value></Tag></TagSet></Tagging>
    _ = tagging
    _ = tagEncoder
}
failures += await example("docs/CodableXML.md:269") {
    let encoder = XMLEncoder()
    encoder.writesDeclaration = false
    let data = try encoder.encode(Crew(code: "100", name: "Betonbauer", member: ["Meier", "Weiß"]), withRootKey: "crew")
    print(String(decoding: data, as: UTF8.self))
    // <crew code="100"><name>Betonbauer</name><member>Meier</member><member>Weiß</member></crew>
    let back = try XMLDecoder().decode(Crew.self, from: data)
    print(back.member)   // ["Meier", "Weiß"]
    _ = encoder
    _ = data
    _ = back
}
failures += await example("docs/CodableXML.md:332") {
    let soapEncoder = XMLEncoder()
    soapEncoder.writesDeclaration = false
    soapEncoder.boolEncodingStrategy = .oneZero
    soapEncoder.namespaceDeclarations = ["soap": "http://schemas.xmlsoap.org/soap/envelope/"]
    let envelope = Envelope(header: Header(security: Security(mustUnderstand: true, username: "office")), body: Body(request: GetSchedule(site: 10001)))
    print(String(decoding: try soapEncoder.encode(envelope, withRootKey: "Envelope"), as: UTF8.self))
    // <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Header>
    // <wsse:Security xmlns:wsse="…" soap:mustUnderstand="1"><wsse:Username>office</wsse:Username></wsse:Security>
    // </soap:Header><soap:Body><m:GetSchedule xmlns:m="urn:example:schedule"><m:site>10001</m:site></m:GetSchedule></soap:Body></soap:Envelope>
    _ = soapEncoder
    _ = envelope
}
failures += await example("docs/CodableXML.md:394") {
    let pluginXML = "<plugin><artifactId>surefire</artifactId><configuration><!-- slow apart --><excludedGroups>slow</excludedGroups></configuration></plugin>"
    let plugin = try XMLDecoder().decode(Plugin.self, from: Array(pluginXML.utf8))
    print(plugin.configuration?.markup ?? "")   // <!-- slow apart --><excludedGroups>slow</excludedGroups>
    let pluginEncoder = XMLEncoder()
    pluginEncoder.writesDeclaration = false
    print(String(decoding: try pluginEncoder.encode(plugin, withRootKey: "plugin"), as: UTF8.self) == pluginXML)   // true
    _ = pluginXML
    _ = plugin
    _ = pluginEncoder
}
failures += await example("docs/CodableXML.md:421") {
    let answer = Array("<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>".utf8)
    let document = try XMLDecoder().document(from: answer)
    if document.rootName.localName == "Error" {
        print(try document.decode(S3Error.self).code)   // SlowDown
    } else {
        print(try document.decode(Listing.self).name)
    }
    _ = answer
    _ = document
}
failures += await example("docs/CodableXML.md:455") {
    let rssXML = """
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel>
            <title>Site news</title>
            <link>https://example.org/news</link>
            <atom:link href="https://example.org/news/feed.xml" rel="self"/>
            <item>
              <title>Scaffold up</title>
              <description><![CDATA[<p>The scaffold at <b>the cathedral</b> is up.</p>]]></description>
              <dc:creator>Office</dc:creator>
              <pubDate>Mon, 15 Jan 2024 09:00:00 GMT</pubDate>
            </item>
          </channel>
        </rss>
        """
    let rssDecoder = XMLDecoder()
    rssDecoder.dateDecodingStrategy = .rfc822
    let rss = try rssDecoder.decode(RSS.self, from: Array(rssXML.utf8))
    print(rss.channel.link, rss.channel.selfLink?.href.absoluteString ?? "")   // https://example.org/news https://example.org/news/feed.xml

    let rssEncoder = XMLEncoder()
    rssEncoder.dateEncodingStrategy = .rfc822
    rssEncoder.namespaceDeclarations = ["atom": "http://www.w3.org/2005/Atom", "dc": "http://purl.org/dc/elements/1.1/"]
    rssEncoder.stringEncodingStrategy = .custom { path in path.last?.stringValue == "description" }
    let rssOut = String(decoding: try rssEncoder.encode(rss, withRootKey: "rss"), as: UTF8.self)
    print(rssOut.contains("<description><![CDATA[<p>The scaffold"))   // true
    _ = rssXML
    _ = rssDecoder
    _ = rss
    _ = rssEncoder
    _ = rssOut
}
failures += await example("docs/CodableXML.md:523") {
    let pomEncoder = XMLEncoder()
    pomEncoder.writesDeclaration = false
    pomEncoder.sortsKeys = true
    let project = Project(
        groupId: "org.example", artifactId: "schedule", properties: ["b.two": "2", "a.one": "1"],
        dependencies: [Dependency(groupId: "org.junit", artifactId: "junit", scope: "test")])
    print(String(decoding: try pomEncoder.encode(project, withRootKey: "{http://maven.apache.org/POM/4.0.0}project"), as: UTF8.self))
    // <project xmlns="http://maven.apache.org/POM/4.0.0"><groupId>org.example</groupId><artifactId>schedule</artifactId>
    // <properties><a.one>1</a.one><b.two>2</b.two></properties><dependencies><dependency><groupId>org.junit</groupId>…
    _ = pomEncoder
    _ = project
}
failures += await example("docs/CodableXML.md:549") {
    let page = #"<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>photos</Name><IsTruncated>false</IsTruncated>"#
        + "<Contents><Key>2024/a.jpg</Key><LastModified>2024-01-15T10:11:12.345Z</LastModified><Size>5368709120</Size></Contents></ListBucketResult>"
    let listing = try XMLDecoder().decode(ListBucketResult.self, from: Array(page.utf8))
    print(listing.contents[0].key, listing.contents[0].size)   // 2024/a.jpg 5368709120
    _ = page
    _ = listing
}
failures += await example("docs/CodableXML.md:579") {
    let listed = Array("<Contents><Key>logs/a&#x1E;b.txt</Key></Contents>".utf8)
    let s3Decoder = XMLDecoder()
    s3Decoder.readsControlCharacterReferences = true
    let entry = try s3Decoder.decode(S3Entry.self, from: listed)
    print(entry.key.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))   // 6c 6f 67 73 2f 61 1e 62 2e 74 78 74

    do {
        _ = try XMLDecoder().decode(S3Entry.self, from: listed)
    } catch let error as XMLParseError {
        print(error.code, error.position.line, error.position.column)   // badCharacterReference 1 22
    }
    _ = listed
    _ = s3Decoder
    _ = entry
}
failures += await example("docs/CodableXML.md:686") {
    do {
        _ = try XMLDecoder().decode(Strict.self, from: Array("<site code='12x'/>".utf8), fileName: "feed.xml")
    } catch DecodingError.dataCorrupted(let context) {
        print(context.codingPath.map(\.stringValue), context.debugDescription)
        // ["code"] expected an integer that fits Int, found "12x" at feed.xml:1:1
    }
}
failures += await example("docs/CodableXML.md:711") {
    let feed = "<schedule><teams><team code='100'><name>Betonbauer</name></team>"
        + "<team code='101'><name>Zimmerei</name></team></teams></schedule>"
    let teams = XMLDecoder().decode(Team.self, eachAt: "schedule/teams/team", from: Array(feed.utf8))
    while let team = try teams.next() {
        print(team.code, team.name)    // 100 Betonbauer, then 101 Zimmerei
    }
    _ = feed
    _ = teams
}
failures += await example("docs/CodableXML.md:740") {
    var routes = ParseRoutes()
    routes.route("site", decoding: Place.self)
    let places = try HandlerStack.parse(
        "<sites><site code='1'><name>Dom</name></site><site code='2'><name>Tor</name></site></sites>",
        root: Places(), routes: routes)
    print(places.names)   // ["Dom", "Tor"]
    _ = routes
    _ = places
}
exit(failures == 0 ? 0 : 1)
