import SiteScheduleModel
import XMLCoding
import XMLHandlerStack

// The feed's elements as Codable types, for `siteschedule import --codable` and the Codable
// benchmarks: keys spelled as the feed spells them, each converted to the plain model type
// (whose own synthesized Codable stays the model's, not the feed's). Attributes are declared
// by XMLNodePlacing; everything else is a child element, and "" the element's own text.

/// `<team code="100"><name>…</name><contact …/>…</team>`.
public struct FeedTeam: Codable, Sendable, XMLNodePlacing {
    public var code: String
    public var name: String?
    public var contact: [FeedContact]

    public init(_ team: Team) {
        code = team.code
        name = team.name
        contact = team.contacts.map(FeedContact.init)
    }

    public static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "code" ? .attribute : .element }

    /// The model, or an error the hand-written conformance would also report.
    public func team() throws -> Team {
        guard !code.isEmpty else { throw FeedRecordError.teamWithoutCode }
        return Team(code: code, name: name ?? "", contacts: try contact.map { try $0.contact() })
    }
}

/// `<contact phone="…" isHead="YES">Hr. Meier</contact>`.
public struct FeedContact: Codable, Sendable, XMLNodePlacing {
    public var phone: String?
    public var isHead: String?
    public var name: String

    enum CodingKeys: String, CodingKey {
        case phone, isHead
        case name = ""
    }

    public init(_ contact: Contact) {
        phone = contact.phone
        isHead = contact.isHead ? "YES" : "NO"
        name = contact.name
    }

    public static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }

    public func contact() throws -> Contact {
        Contact(name: name, phone: phone ?? "", isHead: try FeedRecordError.isHead(isHead))
    }
}

/// `<site code="…"><name/><street/><city zip="…">…</city><countryCode/><activities>…</activities></site>`.
public struct FeedSite: Codable, Sendable, XMLNodePlacing, XMLArrayLayouts {
    public var code: String
    public var name: String?
    public var street: String?
    public var city: FeedCity?
    public var countryCode: String?
    public var activities: [FeedActivity]

    public init(_ site: Site) {
        code = site.code
        name = site.name
        street = site.street
        city = FeedCity(zip: site.zip, name: site.city)
        countryCode = site.countryCode
        activities = site.activities.map(FeedActivity.init)
    }

    public static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "code" ? .attribute : .element }
    public static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout { .wrapped(item: "activity") }

    /// The model; `knowsTeam` says whether an activity's team is in the database or earlier
    /// in the feed.
    public func site(knowsTeam: (String) -> Bool) throws -> Site {
        guard !code.isEmpty else { throw FeedRecordError.siteWithoutCode }
        return Site(
            code: code, name: name ?? "", street: street ?? "", zip: city?.zip ?? "", city: city?.name ?? "",
            countryCode: countryCode ?? "", activities: try activities.map { try $0.activity(knowsTeam: knowsTeam) })
    }
}

/// `<city zip="50667">Köln</city>`.
public struct FeedCity: Codable, Sendable, XMLNodePlacing {
    public var zip: String?
    public var name: String

    enum CodingKeys: String, CodingKey {
        case zip
        case name = ""
    }

    public init(zip: String, name: String) {
        self.zip = zip
        self.name = name
    }

    public static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
}

/// `<activity team="100" start="2012-03-01 6:00" end="2012-03-31 12:00">Stabilisierungsarbeiten</activity>`.
public struct FeedActivity: Codable, Sendable, XMLNodePlacing {
    public var team: String
    public var start: ScheduleTime
    public var end: ScheduleTime
    public var summary: String

    enum CodingKeys: String, CodingKey {
        case team, start, end
        case summary = ""
    }

    public init(_ activity: Activity) {
        team = activity.teamCode
        start = activity.start
        end = activity.end
        summary = activity.summary
    }

    public static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }

    public func activity(knowsTeam: (String) -> Bool) throws -> Activity {
        guard !team.isEmpty else { throw FeedRecordError.activityWithoutTeam }
        guard start <= end else { throw FeedRecordError.endsBeforeStart(start, end) }
        guard knowsTeam(team) else { throw FeedRecordError.unknownTeam(team) }
        return Activity(teamCode: team, start: start, end: end, summary: summary)
    }
}

/// What the feed's rules refuse, whichever reading (hand-written or Codable) found it: the
/// rules and their messages, stated once.
public struct FeedRecordError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }

    static let teamWithoutCode = FeedRecordError("a team without a code")
    static let siteWithoutCode = FeedRecordError("a site without a code")
    static let activityWithoutTeam = FeedRecordError("an activity without a team")

    static func endsBeforeStart(_ start: ScheduleTime, _ end: ScheduleTime) -> FeedRecordError {
        FeedRecordError("the activity ends (\(end)) before it starts (\(start))")
    }

    static func unknownTeam(_ code: String) -> FeedRecordError {
        FeedRecordError("the activity's team \(code) is neither in the database nor earlier in the feed")
    }

    /// A contact's `isHead`: YES or NO, and no attribute is NO.
    static func isHead(_ text: String?) throws(FeedRecordError) -> Bool {
        switch text {
        case "YES": return true
        case "NO", nil: return false
        case let other?: throw FeedRecordError("isHead is \"\(other)\"; expected YES or NO")
        }
    }
}

extension ParseContext {
    /// The rule's error at the current position.
    func invalid(_ error: FeedRecordError) -> HandlerStackError { invalid(error.description) }
}
