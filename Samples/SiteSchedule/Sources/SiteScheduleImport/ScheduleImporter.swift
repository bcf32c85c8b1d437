import SiteScheduleModel
import XMLHandlerStack
import XMLStreaming

/// The root of the handler stack during an import: it adopts each team and site as its
/// element ends and writes it at once, so memory holds one entity at a time whatever the
/// size of the feed.
struct ScheduleImporter: ElementConsumer {
    var writer: ScheduleWriter
    let teams: TeamDirectory
    var summary = ImportSummary()

    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        switch child {
        case let team as Team:
            try writer.save(team, into: &summary)
            teams.insert(team.code)
            lastEndedElement = "team"
        case let site as Site:
            try writer.save(site, into: &summary)
            lastEndedElement = "site"
        default:
            break
        }
    }

    /// The name of the element that ended last: after a parse, the root element's.
    private(set) var lastEndedElement = ""

    /// Whether the feed's root element is `<schedule>`: anything else (an Atom feed, another
    /// format) is not a schedule, even though nothing in it is an error.
    var foundSchedule: Bool { lastEndedElement == "schedule" }

    /// The containers around the entities.
    mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        lastEndedElement = name.localName.string
        return name.localName == "schedule" || name.localName == "teams" || name.localName == "sites"
    }

    /// The feed's routes: each entity type reads its own element. An activity's team must be
    /// known when the activity starts, so the error points at the activity.
    static func routes(teams: TeamDirectory) -> ParseRoutes {
        var routes = ParseRoutes()
        routes.route("team", to: Team.self)
        routes.route("contact", to: Contact.self)
        routes.route("site", to: Site.self)
        routes.route("activity") { element, attributes, predecessor, context in
            let activity = try Activity(element: element, attributes: attributes, predecessor: predecessor, context: context)
            guard teams.contains(activity.teamCode) else {
                throw context.invalid(
                    "the activity's team \(activity.teamCode) is neither in the database nor earlier in the feed")
            }
            return activity
        }
        return routes
    }
}
