import XMLHandlerStack
import XMLStreaming

// The book's SiteSchedule parser on the handler stack: each entity consumes its own events.

extension Team: Parseable {
    convenience init(
        element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer,
        context: ParseContext
    ) throws {
        guard let code = attributes["code"] else { throw context.invalid("a team without a code") }
        self.init(code: code.string)
    }

    func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) -> Bool {
        guard name.localName == "name" else { return false }
        self.name = text.string
        return true
    }

    func adopt(_ child: any ElementConsumer, context: ParseContext) {
        if let contact = child.value(as: Contact.self) { contacts.append(contact) }
    }
}

extension Contact: Parseable {
    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard let team = predecessor.value(as: Team.self) else { throw context.invalid("a contact outside a team") }
        self.init(
            teamCode: team.code, phone: attributes["phone"]?.string ?? "",
            isHead: attributes["isHead"].map { $0 == "YES" } ?? false)
    }

    mutating func didEnd(text: XMLStringView, context: ParseContext) {
        name = text.string
    }
}

extension Site: Parseable {
    convenience init(
        element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer,
        context: ParseContext
    ) throws {
        guard let code = attributes["code"] else { throw context.invalid("a site without a code") }
        self.init(code: code.string)
    }

    func didStartChild(_ name: XMLName, attributes: XMLAttributes, context: ParseContext) {
        if name.localName == "city" { zip = attributes["zip"]?.string ?? "" }
    }

    func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) -> Bool {
        switch name.localName {
        case "name": self.name = text.string
        case "street": street = text.string
        case "city": city = text.string
        case "countryCode": countryCode = text.string
        case "activities": break
        default: return false
        }
        return true
    }

    func adopt(_ child: any ElementConsumer, context: ParseContext) {
        if let activity = child.value(as: Activity.self) { activities.append(activity) }
    }
}

extension Activity: Parseable {
    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard let site = predecessor.value(as: Site.self) else { throw context.invalid("an activity outside a site") }
        guard let team = attributes["team"] else { throw context.invalid("an activity without a team") }
        self.init(
            siteCode: site.code, teamCode: team.string, start: attributes["start"]?.string ?? "",
            end: attributes["end"]?.string ?? "")
    }

    mutating func didEnd(text: XMLStringView, context: ParseContext) {
        summary = text.string
    }
}

extension ScheduleImportCounter: ElementConsumer {
    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) {
        if let site = child.value(as: Site.self) {
            count(site)
        } else if let team = child.value(as: Team.self) {
            count(team)
        }
    }

    /// `teams`, `sites` and the like are containers the root accepts silently.
    func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) -> Bool { true }

    static var routes: ParseRoutes {
        var routes = ParseRoutes()
        routes.route("team", to: Team.self)
        routes.route("contact", to: Contact.self)
        routes.route("site", to: Site.self)
        routes.route("activity", to: Activity.self)
        return routes
    }
}
