import Testing
import XMLCoding
import XMLHandlerStack
import XMLStreaming

@Suite("Decodable types on the handler stack")
struct HandlerStackRouteTests {
    struct Site: Decodable, Equatable {
        var code: String
        var name: String
        var zip: String
        var activity: [Activity]

        enum CodingKeys: String, CodingKey { case code, name, zip, activity }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            code = try container.decode(String.self, forKey: .code)
            name = try container.decode(String.self, forKey: .name)
            zip = try container.decode(String.self, forKey: .zip)
            activity = try container.decode([Activity].self, forKey: .activity)
        }

        init(code: String, name: String, zip: String, activity: [Activity]) {
            self.code = code
            self.name = name
            self.zip = zip
            self.activity = activity
        }
    }

    struct Activity: Decodable, Equatable {
        var team: String
        var summary: String
        enum CodingKeys: String, CodingKey {
            case team
            case summary = ""
        }
    }

    /// A hand-written consumer beside the decoded one.
    struct Team: Parseable {
        var code: String
        init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
            code = attributes["code"]?.string ?? ""
        }
    }

    struct Root: ElementConsumer {
        var teams: [String] = []
        var sites: [Site] = []
        mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
            if let site = child.decoded(as: Site.self) {
                sites.append(site)
            } else if let team = child.value(as: Team.self) {
                teams.append(team.code)
            }
        }
        func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool { true }
    }

    static let feed = """
        <schedule>
          <teams><team code="100"/><team code="101"/></teams>
          <sites>
            <site code="10001"><name>Kölner Dom</name><zip>50667</zip>
              <activity team="100">Gerüst</activity><activity team="101">Dach &amp; Turm</activity>
            </site>
            <site code="10002"><name>Porta Nigra</name><zip>54290</zip></site>
          </sites>
        </schedule>
        """

    @Test("a feed mixes a hand-written consumer and a decoded type")
    func mixed() throws {
        var routes = ParseRoutes()
        routes.route("team", to: Team.self)
        routes.route("site", decoding: Site.self)
        let root = try HandlerStack.parse(Self.feed, root: Root(), routes: routes)
        #expect(root.teams == ["100", "101"])
        #expect(root.sites == [
            Site(code: "10001", name: "Kölner Dom", zip: "50667", activity: [
                Activity(team: "100", summary: "Gerüst"), Activity(team: "101", summary: "Dach & Turm"),
            ]),
            Site(code: "10002", name: "Porta Nigra", zip: "54290", activity: []),
        ])
    }

    @Test("a decoding error in a routed element names what was found and where the element starts")
    func error() throws {
        struct Strict: Decodable { var code: Int }
        var routes = ParseRoutes()
        routes.route("site", decoding: Strict.self)
        do {
            _ = try HandlerStack.parse("<schedule><sites><site code='ten'/></sites></schedule>", root: Root(), routes: routes)
            Issue.record("parsed")
        } catch let error as HandlerStackError {
            guard case .model(let underlying) = error.kind, case DecodingError.dataCorrupted(let context) = underlying else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(context.codingPath.map(\.stringValue) == ["code"])
            #expect(context.debugDescription == #"expected an integer that fits Int, found "ten" at line 1, column 18"#)
        }
    }
}
