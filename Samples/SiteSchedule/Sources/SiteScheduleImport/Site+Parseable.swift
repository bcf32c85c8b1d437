import SiteScheduleModel
import XMLHandlerStack
import XMLStreaming

// How a site reads itself from the feed: `<site code="10001">` with name, street,
// city (its zip as an attribute), countryCode and its activities.
extension Site: Parseable {
    public init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard let code = attributes["code"]?.trimmingWhitespace, !code.isEmpty else {
            throw context.invalid(FeedRecordError.siteWithoutCode)
        }
        self.init(code: code.string)
    }

    public mutating func didStartChild(_ name: XMLName, attributes: XMLAttributes, context: ParseContext) throws {
        if name.localName == "city" { zip = attributes["zip"]?.trimmingWhitespace.string ?? "" }
    }

    public mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
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

    public mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        if let activity = child.value(as: Activity.self) { activities.append(activity) }
    }
}

extension Activity: Parseable {
    public init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard predecessor.is(Site.self) else { throw context.invalid("an activity outside a site") }
        guard let team = attributes["team"]?.trimmingWhitespace, !team.isEmpty else {
            throw context.invalid(FeedRecordError.activityWithoutTeam)
        }
        func time(_ attribute: String) throws -> ScheduleTime {
            guard let text = attributes[attribute] else { throw context.invalid("an activity without \(attribute)") }
            // Trimmed, as the Codable reading trims it (and the schema's FeedTime allows).
            guard let time = text.trimmingWhitespace.withUnsafeBytes({ ScheduleTime(utf8: $0) }) else {
                throw context.invalid("\(attribute) \"\(text.string)\" is not a time like \"2012-03-01 6:00\"")
            }
            return time
        }
        let start = try time("start")
        let end = try time("end")
        guard start <= end else { throw context.invalid(FeedRecordError.endsBeforeStart(start, end)) }
        self.init(teamCode: team.string, start: start, end: end)
    }

    public mutating func didEnd(text: XMLStringView, context: ParseContext) throws {
        summary = text.string
    }
}
