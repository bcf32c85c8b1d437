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


// docs/CodableXML.md:134
enum Inline: Codable, Equatable, XMLChoice {
    case text(String)
    case b(String)
    enum CodingKeys: String, CodingKey { case text = "", b }
}


// docs/CodableXML.md:203
struct Tagging: Codable, XMLMapLayouts {
    var tagSet: [String: String]
    enum CodingKeys: String, CodingKey { case tagSet = "TagSet" }
    static func mapLayout(for key: any CodingKey) -> XMLMapLayout { .entries(entry: "Tag", key: "Key", value: "Value") }
}


// docs/CodableXML.md:273
struct Crew: Codable, XMLNodePlacing {
    var code: String
    var name: String
    var member: [String]

    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
        key.stringValue == "code" ? .attribute : .element
    }
}


// docs/CodableXML.md:336
struct Envelope: Encodable, XMLKeyNamespace {
    static var keyNamespace: String { "http://schemas.xmlsoap.org/soap/envelope/" }
    var header: Header
    var body: Body
    enum CodingKeys: String, CodingKey { case header = "Header", body = "Body" }
}

// docs/CodableXML.md:336
struct Header: Encodable {
    var security: Security
    enum CodingKeys: String, CodingKey {
        case security = "{http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd}Security"
    }
}

// docs/CodableXML.md:336
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

// docs/CodableXML.md:336
struct Body: Encodable {
    var request: GetSchedule
    enum CodingKeys: String, CodingKey { case request = "{urn:example:schedule}GetSchedule" }
}

// docs/CodableXML.md:336
struct GetSchedule: Encodable, XMLKeyNamespace, XMLNamespaceDeclaring {
    static var keyNamespace: String { "urn:example:schedule" }
    static var namespaceDeclarations: [String: String] { ["m": "urn:example:schedule"] }
    var site: Int
}


// docs/CodableXML.md:398
struct Plugin: Codable {
    var artifactId: String
    var configuration: XMLFragment?
}


// docs/CodableXML.md:425
struct S3Error: Decodable, Error {
    var code: String
    enum CodingKeys: String, CodingKey { case code = "Code" }
}

// docs/CodableXML.md:425
struct Listing: Decodable {
    var name: String
    enum CodingKeys: String, CodingKey { case name = "Name" }
}


// docs/CodableXML.md:459
struct RSS: Codable, XMLNodePlacing {
    var version: String
    var channel: Channel
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "version" ? .attribute : .element }
}

// docs/CodableXML.md:459
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

// docs/CodableXML.md:459
struct AtomLink: Codable, XMLNodePlacing {
    var href: URL
    var rel: String
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
}

// docs/CodableXML.md:459
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


// docs/CodableXML.md:527
struct Project: Codable, XMLArrayLayouts {
    var groupId: String
    var artifactId: String
    var properties: [String: String]
    var dependencies: [Dependency]
    static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "dependency") }
}

// docs/CodableXML.md:527
struct Dependency: Codable { var groupId: String; var artifactId: String; var scope: String? }


// docs/CodableXML.md:553
struct ListBucketResult: Decodable, XMLKeyNamespace {
    static var keyNamespace: String { "http://s3.amazonaws.com/doc/2006-03-01/" }
    var name: String
    var isTruncated: Bool
    var contents: [Object]
    enum CodingKeys: String, CodingKey { case name = "Name", isTruncated = "IsTruncated", contents = "Contents" }
}

// docs/CodableXML.md:553
struct Object: Decodable, XMLKeyNamespace {
    static var keyNamespace: String { "http://s3.amazonaws.com/doc/2006-03-01/" }
    var key: String
    var lastModified: Date
    var size: Int64
    enum CodingKeys: String, CodingKey { case key = "Key", lastModified = "LastModified", size = "Size" }
}


// docs/CodableXML.md:583
struct AtomFeed: Codable, XMLNodePlacing {
    var lang: String?
    var title: String
    var link: [AtomHref]
    var updated: Date
    var entry: [AtomEntry]
    enum CodingKeys: String, CodingKey {
        case lang = "{http://www.w3.org/XML/1998/namespace}lang"
        case title, link, updated, entry
    }
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
        key.stringValue.hasSuffix("}lang") ? .attribute : .element
    }
}

// docs/CodableXML.md:583
struct AtomHref: Codable, XMLNodePlacing {
    var href: URL
    var rel: String?
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
}

// docs/CodableXML.md:583
struct AtomEntry: Codable {
    var title: String
    var link: [AtomHref]
    var updated: Date
    var summary: String?
}


// docs/CodableXML.md:638
struct URLSet: Codable { var url: [SitemapURL] }

// docs/CodableXML.md:638
struct SitemapURL: Codable {
    var loc: URL
    var lastmod: Date?
    var changefreq: String?
    var priority: Double?
}


// docs/CodableXML.md:661
struct GPX: Codable, XMLNodePlacing {
    var version: String
    var trk: [GPXTrack]
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "version" ? .attribute : .element }
}

// docs/CodableXML.md:661
struct GPXTrack: Codable { var name: String; var trkseg: [GPXSegment] }

// docs/CodableXML.md:661
struct GPXSegment: Codable { var trkpt: [GPXPoint] }

// docs/CodableXML.md:661
struct GPXPoint: Codable, XMLNodePlacing {
    var lat: Double
    var lon: Double
    var ele: Double?
    var time: Date?
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { ["lat", "lon"].contains(key.stringValue) ? .attribute : .element }
}


// docs/CodableXML.md:694
struct OPML: Codable, XMLNodePlacing {
    var version: String
    var head: OPMLHead
    var body: OPMLBody
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "version" ? .attribute : .element }
}

// docs/CodableXML.md:694
struct OPMLHead: Codable { var title: String }

// docs/CodableXML.md:694
struct OPMLBody: Codable { var outline: [Outline] }

// docs/CodableXML.md:694
struct Outline: Codable, XMLNodePlacing {
    var text: String
    var xmlUrl: URL?
    var outline: [Outline]
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "outline" ? .element : .attribute }
}


// docs/CodableXML.md:731
struct KML: Codable {
    var document: KMLDocument
    enum CodingKeys: String, CodingKey { case document = "Document" }
}

// docs/CodableXML.md:731
struct KMLDocument: Codable {
    var name: String
    var placemarks: [Placemark]
    enum CodingKeys: String, CodingKey { case name, placemarks = "Placemark" }
}

// docs/CodableXML.md:731
struct Placemark: Codable {
    var name: String
    var point: KMLCoordinates?
    var track: KMLTrack?
    enum CodingKeys: String, CodingKey {
        case name, point = "Point"
        case track = "{http://www.google.com/kml/ext/2.2}Track"
    }
}

// docs/CodableXML.md:731
struct KMLCoordinates: Codable { var coordinates: String }

// docs/CodableXML.md:731
struct KMLTrack: Codable {
    var coord: [String]
    enum CodingKeys: String, CodingKey { case coord = "{http://www.google.com/kml/ext/2.2}coord" }
}


// docs/CodableXML.md:777
enum SVGShape: Codable, XMLChoice {
    case rect(SVGRect)
    case circle(SVGCircle)
    case group(SVGGroup)
    enum CodingKeys: String, CodingKey {
        case rect = "{http://www.w3.org/2000/svg}rect"
        case circle = "{http://www.w3.org/2000/svg}circle"
        case group = "{http://www.w3.org/2000/svg}g"
    }
}

// docs/CodableXML.md:777
struct SVGRect: Codable { var x: Double; var y: Double; var width: Double; var height: Double }

// docs/CodableXML.md:777
struct SVGCircle: Codable { var cx: Double; var cy: Double; var r: Double }

// docs/CodableXML.md:777
struct SVGGroup: Codable {
    var id: String?
    var content: [SVGShape]
    enum CodingKeys: String, CodingKey { case id, content = "" }
}

// docs/CodableXML.md:777
struct SVG: Codable {
    var viewBox: String
    var content: [SVGShape]
    enum CodingKeys: String, CodingKey { case viewBox, content = "" }
}


// docs/CodableXML.md:823
struct AndroidResources: Decodable {
    var string: [AndroidString]
    var stringArray: [AndroidStringArray]
    enum CodingKeys: String, CodingKey { case string, stringArray = "string-array" }
}

// docs/CodableXML.md:823
struct AndroidString: Decodable, XMLNodePlacing {
    var name: String
    var translatable: Bool?
    var value: String
    enum CodingKeys: String, CodingKey { case name, translatable, value = "" }
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "" ? .element : .attribute }
}

// docs/CodableXML.md:823
struct AndroidStringArray: Decodable { var name: String; var item: [String] }


// docs/CodableXML.md:856
struct JUnitSuite: Codable, XMLNodePlacing {
    var name: String
    var timestamp: Date
    var testcase: [JUnitCase]
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "testcase" ? .element : .attribute }
}

// docs/CodableXML.md:856
struct JUnitCase: Codable, XMLNodePlacing {
    var name: String
    var time: Double
    var failure: JUnitFailure?
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "failure" ? .element : .attribute }
}

// docs/CodableXML.md:856
struct JUnitFailure: Codable, XMLNodePlacing {
    var message: String
    var trace: String
    enum CodingKeys: String, CodingKey { case message, trace = "" }
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "" ? .element : .attribute }
}


// docs/CodableXML.md:896
struct SOAP12Envelope: Codable, XMLKeyNamespace {
    static var keyNamespace: String { "http://www.w3.org/2003/05/soap-envelope" }
    var body: SOAP12Body
    enum CodingKeys: String, CodingKey { case body = "Body" }
}

// docs/CodableXML.md:896
struct SOAP12Body: Codable, XMLKeyNamespace {
    static var keyNamespace: String { "http://www.w3.org/2003/05/soap-envelope" }
    var fault: SOAPFault
    enum CodingKeys: String, CodingKey { case fault = "Fault" }
}

// docs/CodableXML.md:896
struct SOAPFault: Codable, XMLKeyNamespace {
    static var keyNamespace: String { "http://www.w3.org/2003/05/soap-envelope" }
    var code: Code
    var reason: Reason
    enum CodingKeys: String, CodingKey { case code = "Code", reason = "Reason" }
    struct Code: Codable, XMLKeyNamespace {
        static var keyNamespace: String { "http://www.w3.org/2003/05/soap-envelope" }
        var value: String
        enum CodingKeys: String, CodingKey { case value = "Value" }
    }
    struct Reason: Codable, XMLKeyNamespace {
        static var keyNamespace: String { "http://www.w3.org/2003/05/soap-envelope" }
        var text: [Text]
        enum CodingKeys: String, CodingKey { case text = "Text" }
    }
    struct Text: Codable, XMLNodePlacing {
        var lang: String
        var value: String
        enum CodingKeys: String, CodingKey { case lang = "{http://www.w3.org/XML/1998/namespace}lang", value = "" }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "" ? .element : .attribute }
    }
}


// docs/CodableXML.md:955
struct S3Entry: Decodable {
    var key: String
    enum CodingKeys: String, CodingKey { case key = "Key" }
}


// docs/CodableXML.md:1076
struct Strict: Decodable { var code: Int }

// docs/CodableXML.md:1101
struct Team: Decodable { var code: String; var name: String }


// docs/CodableXML.md:1130
struct Place: Decodable { var code: String; var name: String }


// docs/CodableXML.md:1130
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
failures += await example("docs/CodableXML.md:134") {
    let paragraph = try XMLDecoder().decode([Inline].self, from: Array("<p>Bauen <b>mit</b> Plan</p>".utf8))
    print(paragraph == [.text("Bauen "), .b("mit"), .text(" Plan")])   // true
    let encoder = XMLEncoder()
    encoder.writesDeclaration = false
    print(String(decoding: try encoder.encode(paragraph, withRootKey: "p"), as: UTF8.self))   // <p>Bauen <b>mit</b> Plan</p>
    _ = paragraph
    _ = encoder
}
failures += await example("docs/CodableXML.md:203") {
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
failures += await example("docs/CodableXML.md:273") {
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
failures += await example("docs/CodableXML.md:336") {
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
failures += await example("docs/CodableXML.md:398") {
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
failures += await example("docs/CodableXML.md:425") {
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
failures += await example("docs/CodableXML.md:459") {
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
failures += await example("docs/CodableXML.md:527") {
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
failures += await example("docs/CodableXML.md:553") {
    let page = #"<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>photos</Name><IsTruncated>false</IsTruncated>"#
        + "<Contents><Key>2024/a.jpg</Key><LastModified>2024-01-15T10:11:12.345Z</LastModified><Size>5368709120</Size></Contents></ListBucketResult>"
    let listing = try XMLDecoder().decode(ListBucketResult.self, from: Array(page.utf8))
    print(listing.contents[0].key, listing.contents[0].size)   // 2024/a.jpg 5368709120
    _ = page
    _ = listing
}
failures += await example("docs/CodableXML.md:583") {
    let atomXML = """
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
          <title>Site diary</title>
          <link rel="self" href="https://example.org/atom.xml"/>
          <updated>2024-03-05T10:11:12Z</updated>
          <entry>
            <title>Concrete poured</title>
            <link href="https://example.org/2024/03/05/concrete"/>
            <updated>2024-03-05T10:11:12.250Z</updated>
            <summary>Floor 3 slab poured.</summary>
          </entry>
        </feed>
        """
    let atom = try XMLDecoder().decode(AtomFeed.self, from: Array(atomXML.utf8))
    print(atom.lang ?? "", atom.entry[0].link[0].href)   // en https://example.org/2024/03/05/concrete

    let atomEncoder = XMLEncoder()
    atomEncoder.writesDeclaration = false
    let atomOut = String(decoding: try atomEncoder.encode(atom, withRootKey: "{http://www.w3.org/2005/Atom}feed"), as: UTF8.self)
    print(atomOut.prefix(73))   // <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en"><title>Site diary
    print(atomOut.contains("xmlns=\"\""))   // false
    _ = atomXML
    _ = atom
    _ = atomEncoder
    _ = atomOut
}
failures += await example("docs/CodableXML.md:638") {
    let sitemapXML = """
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
          <url><loc>https://example.org/</loc><lastmod>2024-01-15</lastmod><priority>1.0</priority></url>
          <url><loc>https://example.org/sites?code=10001&amp;view=map</loc><lastmod>2024-01-14T18:30:00+01:00</lastmod></url>
        </urlset>
        """
    let sitemap = try XMLDecoder().decode(URLSet.self, from: Array(sitemapXML.utf8))
    print(sitemap.url.map { $0.lastmod?.timeIntervalSince1970 ?? 0 })   // [1705276800.0, 1705253400.0]
    _ = sitemapXML
    _ = sitemap
}
failures += await example("docs/CodableXML.md:661") {
    let gpxXML = """
        <gpx version="1.1" creator="XMLStack" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><name>Morning walk</name><trkseg>
            <trkpt lat="50.9410" lon="6.9580"><ele>53.1</ele><time>2024-01-15T09:00:00Z</time></trkpt>
            <trkpt lat="50.9415" lon="6.9590"><ele>53.4</ele><time>2024-01-15T09:01:30.5Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """
    let gpx = try XMLDecoder().decode(GPX.self, from: Array(gpxXML.utf8))
    let points = gpx.trk[0].trkseg[0].trkpt
    print(points.map(\.lat), points[1].time?.timeIntervalSince1970 ?? 0)   // [50.941, 50.9415] 1705309290.5
    _ = gpxXML
    _ = gpx
    _ = points
}
failures += await example("docs/CodableXML.md:694") {
    let opmlXML = """
        <opml version="2.0">
          <head><title>Subscriptions</title></head>
          <body>
            <outline text="Construction">
              <outline text="Site news" type="rss" xmlUrl="https://example.org/news/feed.xml"/>
              <outline text="Crane blog" type="rss" xmlUrl="https://example.org/cranes.xml"/>
            </outline>
            <outline text="Weather" type="rss" xmlUrl="https://example.org/weather.xml"/>
          </body>
        </opml>
        """
    let opml = try XMLDecoder().decode(OPML.self, from: Array(opmlXML.utf8))
    print(opml.body.outline.map(\.outline.count), opml.body.outline[0].outline[1].text)   // [2, 0] Crane blog
    _ = opmlXML
    _ = opml
}
failures += await example("docs/CodableXML.md:731") {
    let kmlXML = """
        <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document>
          <name>Sites</name>
          <Placemark><name>Kölner Dom</name><Point><coordinates>6.958,50.941,0</coordinates></Point></Placemark>
          <Placemark><name>Flight</name><gx:Track><gx:coord>6.95 50.94 100</gx:coord><gx:coord>6.96 50.95 120</gx:coord></gx:Track></Placemark>
        </Document></kml>
        """
    let kml = try XMLDecoder().decode(KML.self, from: Array(kmlXML.utf8))
    print(kml.document.placemarks.map { $0.track?.coord.count ?? 0 })   // [0, 2]

    let kmlEncoder = XMLEncoder()
    kmlEncoder.writesDeclaration = false
    kmlEncoder.namespaceDeclarations = ["": "http://www.opengis.net/kml/2.2", "gx": "http://www.google.com/kml/ext/2.2"]
    let kmlOut = String(decoding: try kmlEncoder.encode(kml, withRootKey: "kml"), as: UTF8.self)
    print(kmlOut.contains("<gx:Track><gx:coord>6.95 50.94 100</gx:coord>"))   // true
    _ = kmlXML
    _ = kml
    _ = kmlEncoder
    _ = kmlOut
}
failures += await example("docs/CodableXML.md:777") {
    let svgXML = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">
          <rect x="5" y="5" width="40" height="20"/>
          <g id="crane"><circle cx="70" cy="15" r="10"/><rect x="60" y="30" width="2" height="20"/></g>
        </svg>
        """
    let svg = try XMLDecoder().decode(SVG.self, from: Array(svgXML.utf8))
    for shape in svg.content {
        switch shape {
        case .rect(let rect): print("rect", rect.width)   // rect 40.0
        case .circle(let circle): print("circle", circle.r)
        case .group(let group): print("group", group.id ?? "", group.content.count)   // group crane 2
        }
    }
    _ = svgXML
    _ = svg
}
failures += await example("docs/CodableXML.md:823") {
    let stringsXML = """
        <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
            <string name="app_name" translatable="false">Site Schedule</string>
            <string name="sites_left">Only <xliff:g id="count" example="3">%1$d</xliff:g> sites left</string>
            <string-array name="teams"><item>Betonbauer</item><item>Zimmerei</item></string-array>
        </resources>
        """
    let stringsDecoder = XMLDecoder()
    stringsDecoder.mixedTextDecodingStrategy = .allText
    let resources = try stringsDecoder.decode(AndroidResources.self, from: Array(stringsXML.utf8))
    print(resources.string.map(\.value), resources.stringArray[0].item)   // ["Site Schedule", "Only %1$d sites left"] ["Betonbauer", "Zimmerei"]
    _ = stringsXML
    _ = stringsDecoder
    _ = resources
}
failures += await example("docs/CodableXML.md:856") {
    let junitXML = """
        <testsuite name="ImportTests" timestamp="2024-03-05T10:11:12" hostname="ci-7">
          <testcase name="importsSample" time="0.120"/>
          <testcase name="refusesBadDate" time="0.011">
            <failure message="expected 2024-01-15"><![CDATA[at ImportTests.refusesBadDate(ImportTests.java:42)]]></failure>
          </testcase>
        </testsuite>
        """
    let junitDecoder = XMLDecoder()
    junitDecoder.assumedTimeZone = TimeZone(secondsFromGMT: 3600)!
    let suite = try junitDecoder.decode(JUnitSuite.self, from: Array(junitXML.utf8))
    print(suite.timestamp.timeIntervalSince1970, suite.testcase.compactMap(\.failure?.trace))
    // 1709629872.0 ["at ImportTests.refusesBadDate(ImportTests.java:42)"]
    _ = junitXML
    _ = junitDecoder
    _ = suite
}
failures += await example("docs/CodableXML.md:896") {
    let faultXML = """
        <env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body><env:Fault>
          <env:Code><env:Value>env:Sender</env:Value></env:Code>
          <env:Reason><env:Text xml:lang="en">Unknown site 10002</env:Text></env:Reason>
        </env:Fault></env:Body></env:Envelope>
        """
    let fault = try XMLDecoder().decode(SOAP12Envelope.self, from: Array(faultXML.utf8)).body.fault
    print(fault.code.value, fault.reason.text[0].lang, fault.reason.text[0].value)   // env:Sender en Unknown site 10002

    let faultEncoder = XMLEncoder()
    faultEncoder.writesDeclaration = false
    faultEncoder.namespaceDeclarations = ["env": "http://www.w3.org/2003/05/soap-envelope"]
    let faultOut = String(decoding: try faultEncoder.encode(SOAP12Envelope(body: SOAP12Body(fault: fault)), withRootKey: "Envelope"), as: UTF8.self)
    print(faultOut)
    // <env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body><env:Fault><env:Code><env:Value>env:Sender</env:Value></env:Code><env:Reason><env:Text xml:lang="en">Unknown site 10002</env:Text></env:Reason></env:Fault></env:Body></env:Envelope>
    _ = faultXML
    _ = fault
    _ = faultEncoder
    _ = faultOut
}
failures += await example("docs/CodableXML.md:955") {
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
failures += await example("docs/CodableXML.md:1076") {
    do {
        _ = try XMLDecoder().decode(Strict.self, from: Array("<site code='12x'/>".utf8), fileName: "feed.xml")
    } catch DecodingError.dataCorrupted(let context) {
        print(context.codingPath.map(\.stringValue), context.debugDescription)
        // ["code"] expected an integer that fits Int, found "12x" at feed.xml:1:1
    }
}
failures += await example("docs/CodableXML.md:1101") {
    let feed = "<schedule><teams><team code='100'><name>Betonbauer</name></team>"
        + "<team code='101'><name>Zimmerei</name></team></teams></schedule>"
    let teams = XMLDecoder().decode(Team.self, eachAt: "schedule/teams/team", from: Array(feed.utf8))
    while let team = try teams.next() {
        print(team.code, team.name)    // 100 Betonbauer, then 101 Zimmerei
    }
    _ = feed
    _ = teams
}
failures += await example("docs/CodableXML.md:1130") {
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
