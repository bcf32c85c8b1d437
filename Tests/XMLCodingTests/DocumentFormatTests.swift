import Foundation
import Testing
import XMLCoding

/// Maven POMs, JUnit reports, GPX, KML, SVG and Android string resources, modelled as a user
/// would, every field checked, encoded back and decoded again.
@Suite("Document formats: POM, JUnit, GPX, KML, SVG, Android strings")
struct DocumentFormatTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    // MARK: Maven POM

    struct Project: Codable, Equatable, XMLArrayLayouts {
        var modelVersion: String
        var groupId: String
        var artifactId: String
        var version: String
        var packaging: String?
        var properties: [String: String]
        var dependencies: [Dependency]
        var build: Build?
        static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "dependency") }
    }
    struct Dependency: Codable, Equatable {
        var groupId: String
        var artifactId: String
        var version: String?
        var scope: String?
    }
    struct Build: Codable, Equatable, XMLArrayLayouts {
        var plugins: [Plugin]
        static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "plugin") }
    }
    struct Plugin: Codable, Equatable { var groupId: String; var artifactId: String; var version: String }

    @Test("a Maven POM: default namespace, wrapped lists, a properties dictionary written sorted, xsi:schemaLocation on the root")
    func pom() throws {
        let project = try XMLDecoder().decode(Project.self, contentsOf: Fixture.path("pom.xml"))
        #expect(project.groupId == "org.example.site" && project.artifactId == "schedule" && project.version == "1.2.0-SNAPSHOT")
        #expect(project.properties == ["maven.compiler.release": "17", "project.build.sourceEncoding": "UTF-8"])
        #expect(project.dependencies.map(\.artifactId) == ["junit-jupiter", "jackson-databind"])
        #expect(project.dependencies[0].scope == "test" && project.dependencies[1].scope == nil)
        #expect(project.build?.plugins == [Plugin(groupId: "org.apache.maven.plugins", artifactId: "maven-surefire-plugin", version: "3.2.2")])

        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.sortsKeys = true
        encoder.namespaceDeclarations = ["": "http://maven.apache.org/POM/4.0.0", "xsi": "http://www.w3.org/2001/XMLSchema-instance"]
        encoder.rootAttributes = [
            .init(name: .init(localName: "schemaLocation", namespaceURI: "http://www.w3.org/2001/XMLSchema-instance"),
                  value: "http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd")
        ]
        let data = try encoder.encode(project, withRootKey: "project")
        #expect(string(data)
            == #"<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">"#
            + "<modelVersion>4.0.0</modelVersion><groupId>org.example.site</groupId><artifactId>schedule</artifactId><version>1.2.0-SNAPSHOT</version><packaging>jar</packaging>"
            + "<properties><maven.compiler.release>17</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>"
            + "<dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>5.10.1</version><scope>test</scope></dependency>"
            + "<dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId><version>2.16.0</version></dependency></dependencies>"
            + "<build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.2.2</version></plugin></plugins></build></project>")
        #expect(try XMLDecoder().decode(Project.self, from: data) == project)
    }

    // MARK: JUnit

    struct TestSuites: Codable, Equatable, XMLNodePlacing {
        var name: String
        var tests: Int
        var failures: Int
        var time: Double
        var testsuite: [TestSuite]
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "testsuite" ? .element : .attribute }
    }
    struct TestSuite: Codable, Equatable, XMLNodePlacing, XMLArrayLayouts {
        var name: String
        var timestamp: Date
        var hostname: String
        var properties: [Property]
        var testcase: [TestCase]
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
            ["properties", "testcase"].contains(key.stringValue) ? .element : .attribute
        }
        static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { key.stringValue == "properties" ? .wrapped(item: "property") : .repeated }
    }
    struct Property: Codable, Equatable, XMLNodePlacing {
        var name: String
        var value: String
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }
    struct TestCase: Codable, Equatable, XMLNodePlacing {
        var name: String
        var classname: String
        var time: Double
        var failure: Failure?
        var systemOut: String?
        enum CodingKeys: String, CodingKey { case name, classname, time, failure, systemOut = "system-out" }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
            ["failure", "system-out"].contains(key.stringValue) ? .element : .attribute
        }
    }
    struct Failure: Codable, Equatable, XMLNodePlacing {
        var message: String
        var type: String
        var trace: String
        enum CodingKeys: String, CodingKey { case message, type, trace = "" }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }

    @Test("a JUnit report: a zone-less timestamp (in the decoder's assumed zone), CDATA traces, attributes everywhere")
    func junit() throws {
        let decoder = XMLDecoder()
        let report = try decoder.decode(TestSuites.self, contentsOf: Fixture.path("junit.xml"))
        #expect(report.tests == 3 && report.failures == 1 && report.time == 0.481)
        let suite = report.testsuite[0]
        #expect(suite.timestamp == Date(timeIntervalSince1970: 1_709_633_472))
        #expect(suite.properties == [Property(name: "java.version", value: "17.0.9")])
        #expect(suite.testcase.map(\.name) == ["importsSample", "refusesBadDate", "streamsLargeFeed"])
        #expect(suite.testcase[1].failure == Failure(message: "expected 2024-01-15", type: "AssertionError", trace: "at ImportTests.refusesBadDate(ImportTests.java:42)"))
        #expect(suite.testcase[2].systemOut == "read 10000 sites")
        decoder.assumedTimeZone = TimeZone(secondsFromGMT: 3600)!
        #expect(try decoder.decode(TestSuites.self, contentsOf: Fixture.path("junit.xml")).testsuite[0].timestamp == Date(timeIntervalSince1970: 1_709_629_872))

        let encoder = XMLEncoder()
        encoder.stringEncodingStrategy = .custom { path in path.last?.stringValue == "" }
        let data = try encoder.encode(report, withRootKey: "testsuites")
        #expect(string(data).contains(#"<failure message="expected 2024-01-15" type="AssertionError"><![CDATA[at ImportTests.refusesBadDate(ImportTests.java:42)]]></failure>"#))
        #expect(try XMLDecoder().decode(TestSuites.self, from: data) == report)
    }

    // MARK: GPX

    struct GPX: Codable, Equatable, XMLNodePlacing {
        var version: String
        var creator: String
        var metadata: Metadata
        var wpt: [Point]
        var trk: [Track]
        struct Metadata: Codable, Equatable { var name: String; var time: Date }
        struct Track: Codable, Equatable { var name: String; var trkseg: [Segment] }
        struct Segment: Codable, Equatable { var trkpt: [Point] }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { ["version", "creator"].contains(key.stringValue) ? .attribute : .element }
    }
    struct Point: Codable, Equatable, XMLNodePlacing {
        var lat: Double
        var lon: Double
        var ele: Double?
        var time: Date?
        var name: String?
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { ["lat", "lon"].contains(key.stringValue) ? .attribute : .element }
    }

    @Test("GPX: coordinates as attributes, fractional-second times, the default namespace kept on encode")
    func gpx() throws {
        let gpx = try XMLDecoder().decode(GPX.self, contentsOf: Fixture.path("gpx.xml"))
        #expect(gpx.wpt == [Point(lat: 50.941, lon: 6.958, ele: 53.0, time: nil, name: "Gate A")])
        let points = gpx.trk[0].trkseg[0].trkpt
        #expect(points.map(\.lat) == [50.9410, 50.9415])
        #expect(points[1].time == Date(timeIntervalSince1970: 1_705_309_290.5))
        let data = try XMLEncoder().encode(gpx, withRootKey: "{http://www.topografix.com/GPX/1/1}gpx")
        #expect(string(data).contains(#"<trkpt lat="50.9415" lon="6.959"><ele>53.4</ele><time>2024-01-15T09:01:30.500Z</time></trkpt>"#))
        #expect(try XMLDecoder().decode(GPX.self, from: data) == gpx)
    }

    // MARK: SVG

    enum Shape: Codable, Equatable, XMLChoice {
        case title(String)
        case rect(Rect)
        case circle(Circle)
        case group(Group)
        case line(Line)
        case use(Use)
        enum CodingKeys: String, CodingKey {
            case title = "{http://www.w3.org/2000/svg}title"
            case rect = "{http://www.w3.org/2000/svg}rect"
            case circle = "{http://www.w3.org/2000/svg}circle"
            case group = "{http://www.w3.org/2000/svg}g"
            case line = "{http://www.w3.org/2000/svg}line"
            case use = "{http://www.w3.org/2000/svg}use"
        }
    }
    struct Rect: Codable, Equatable { var x: Double; var y: Double; var width: Double; var height: Double; var fill: String? }
    struct Circle: Codable, Equatable { var cx: Double; var cy: Double; var r: Double }
    struct Line: Codable, Equatable { var x1: Double; var y1: Double; var x2: Double; var y2: Double; var stroke: String? }
    struct Use: Codable, Equatable {
        var href: String
        var x: Double
        var y: Double
        enum CodingKeys: String, CodingKey { case href = "{http://www.w3.org/1999/xlink}href", x, y }
    }
    struct Group: Codable, Equatable {
        var id: String?
        var content: [Shape]
        enum CodingKeys: String, CodingKey { case id, content = "" }
    }

    @Test("SVG: shapes as a choice keyed by expanded names, xlink:href, nested groups")
    func svg() throws {
        struct SVG: Codable, Equatable {
            var width: Double
            var viewBox: String
            var content: [Shape]
            enum CodingKeys: String, CodingKey { case width, viewBox, content = "" }
        }
        // <text> holds mixed content no case reads: a document of the shapes above without it.
        var bytes = try Fixture.bytes("svg.xml")
        let text = String(decoding: bytes, as: UTF8.self)
        bytes = Array(text.replacingOccurrences(of: #"  <text x="5" y="58">Gate <tspan font-weight="bold">A</tspan></text>"# + "\n", with: "").utf8)
        let svg = try XMLDecoder().decode(SVG.self, from: bytes)
        #expect(svg.width == 100 && svg.viewBox == "0 0 100 60")
        #expect(svg.content == [
            .title("Site plan"), .rect(Rect(x: 5, y: 5, width: 40, height: 20, fill: "#ccc")), .circle(Circle(cx: 70, cy: 15, r: 10)),
            .group(Group(id: "crane", content: [
                .line(Line(x1: 10, y1: 50, x2: 90, y2: 50, stroke: "black")), .use(Use(href: "#hook", x: 90, y: 50)),
            ])),
        ])
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.namespaceDeclarations = ["xlink": "http://www.w3.org/1999/xlink"]
        encoder.nodePlacement = { path in
            guard let key = path.last?.stringValue else { return .element }
            return key.hasPrefix("{http://www.w3.org/2000/svg}") || key == "" || key == "_0" ? .element : .attribute
        }
        let data = try encoder.encode(svg, withRootKey: "{http://www.w3.org/2000/svg}svg")
        #expect(string(data)
            == #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100.0" viewBox="0 0 100 60">"#
            + ##"<title>Site plan</title><rect x="5.0" y="5.0" width="40.0" height="20.0" fill="#ccc"/><circle cx="70.0" cy="15.0" r="10.0"/>"##
            + ##"<g id="crane"><line x1="10.0" y1="50.0" x2="90.0" y2="50.0" stroke="black"/><use xlink:href="#hook" x="90.0" y="50.0"/></g></svg>"##)
        #expect(try XMLDecoder().decode(SVG.self, from: data) == svg)
    }

    // MARK: KML

    struct KML: Codable, Equatable {
        var document: Document
        enum CodingKeys: String, CodingKey { case document = "Document" }
    }
    struct Document: Codable, Equatable {
        var name: String
        var placemarks: [Placemark]
        enum CodingKeys: String, CodingKey { case name, placemarks = "Placemark" }
    }
    struct Placemark: Codable, Equatable {
        var name: String
        var point: Coordinates?
        var lineString: Coordinates?
        var track: Track?
        enum CodingKeys: String, CodingKey {
            case name, point = "Point", lineString = "LineString"
            case track = "{http://www.google.com/kml/ext/2.2}Track"
        }
    }
    struct Coordinates: Codable, Equatable { var coordinates: String }
    struct Track: Codable, Equatable {
        var coord: [String]
        enum CodingKeys: String, CodingKey { case coord = "{http://www.google.com/kml/ext/2.2}coord" }
    }

    @Test("KML: an extension namespace's elements beside the default one's, written with the caller's prefix")
    func kml() throws {
        let kml = try XMLDecoder().decode(KML.self, contentsOf: Fixture.path("kml.xml"))
        #expect(kml.document.placemarks.map(\.name) == ["Kölner Dom", "Crane route", "Flight"])
        #expect(kml.document.placemarks[0].point == Coordinates(coordinates: "6.958,50.941,0"))
        #expect(kml.document.placemarks[2].track == Track(coord: ["6.95 50.94 100", "6.96 50.95 120"]))
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.namespaceDeclarations = ["": "http://www.opengis.net/kml/2.2", "gx": "http://www.google.com/kml/ext/2.2"]
        let data = try encoder.encode(kml, withRootKey: "kml")
        #expect(string(data).hasPrefix(#"<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><name>Sites</name>"#))
        #expect(string(data).contains("<Placemark><name>Flight</name><gx:Track><gx:coord>6.95 50.94 100</gx:coord><gx:coord>6.96 50.95 120</gx:coord></gx:Track></Placemark>"))
        #expect(try XMLDecoder().decode(KML.self, from: data) == kml)
    }

    // MARK: Android string resources

    struct Resources: Decodable, Equatable {
        var string: [StringResource]
        var plurals: [Plurals]
        var stringArray: [StringArray]
        enum CodingKeys: String, CodingKey { case string, plurals, stringArray = "string-array" }
    }
    /// A string's text may hold `<xliff:g>` placeholders: read all of its text.
    struct StringResource: Decodable, Equatable, XMLNodePlacing {
        var name: String
        var translatable: Bool?
        var value: String
        enum CodingKeys: String, CodingKey { case name, translatable, value = "" }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "" ? .element : .attribute }
    }
    struct Plurals: Decodable, Equatable {
        var name: String
        var item: [Quantity]
        struct Quantity: Decodable, Equatable {
            var quantity: String
            var value: String
            enum CodingKeys: String, CodingKey { case quantity, value = "" }
        }
    }
    struct StringArray: Decodable, Equatable { var name: String; var item: [String] }

    @Test("Android strings.xml: placeholders inside strings read as their text, plurals, string arrays")
    func androidStrings() throws {
        let decoder = XMLDecoder()
        decoder.mixedTextDecodingStrategy = .allText
        let resources = try decoder.decode(Resources.self, contentsOf: Fixture.path("strings.xml"))
        #expect(resources.string == [
            StringResource(name: "app_name", translatable: false, value: "Site Schedule"),
            StringResource(name: "sites_left", translatable: nil, value: "Only %1$d sites left"),
            StringResource(name: "quote", translatable: nil, value: #"Don\'t stop"#),
        ])
        #expect(resources.plurals[0].item.map(\.value) == ["%d crew", "%d crews"])
        #expect(resources.stringArray == [StringArray(name: "teams", item: ["Betonbauer", "Zimmerei"])])
    }
}
