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


// docs/CodableXML.md:127
enum Inline: Codable, Equatable, XMLChoice {
    case text(String)
    case b(String)
    enum CodingKeys: String, CodingKey { case text = "", b }
}


// docs/CodableXML.md:189
struct Crew: Codable, XMLNodePlacing {
    var code: String
    var name: String
    var member: [String]

    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
        key.stringValue == "code" ? .attribute : .element
    }
}


// docs/CodableXML.md:280
struct Strict: Decodable { var code: Int }

// docs/CodableXML.md:305
struct Team: Decodable { var code: String; var name: String }


// docs/CodableXML.md:334
struct Place: Decodable { var code: String; var name: String }


// docs/CodableXML.md:334
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
failures += await example("docs/CodableXML.md:127") {
    let paragraph = try XMLDecoder().decode([Inline].self, from: Array("<p>Bauen <b>mit</b> Plan</p>".utf8))
    print(paragraph == [.text("Bauen "), .b("mit"), .text(" Plan")])   // true
    let encoder = XMLEncoder()
    encoder.writesDeclaration = false
    print(String(decoding: try encoder.encode(paragraph, withRootKey: "p"), as: UTF8.self))   // <p>Bauen <b>mit</b> Plan</p>
    _ = paragraph
    _ = encoder
}
failures += await example("docs/CodableXML.md:189") {
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
failures += await example("docs/CodableXML.md:280") {
    do {
        _ = try XMLDecoder().decode(Strict.self, from: Array("<site code='12x'/>".utf8), fileName: "feed.xml")
    } catch DecodingError.dataCorrupted(let context) {
        print(context.codingPath.map(\.stringValue), context.debugDescription)
        // ["code"] expected an integer that fits Int, found "12x" at feed.xml:1:1
    }
}
failures += await example("docs/CodableXML.md:305") {
    let feed = "<schedule><teams><team code='100'><name>Betonbauer</name></team>"
        + "<team code='101'><name>Zimmerei</name></team></teams></schedule>"
    let teams = XMLDecoder().decode(Team.self, eachAt: "schedule/teams/team", from: Array(feed.utf8))
    while let team = try teams.next() {
        print(team.code, team.name)    // 100 Betonbauer, then 101 Zimmerei
    }
    _ = feed
    _ = teams
}
failures += await example("docs/CodableXML.md:334") {
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
