import SiteScheduleModel
import XMLCoding
import XMLHandlerStack
import XMLStreaming

/// The root of the handler stack during an import, on the parsing thread: it adopts each
/// team and site as its element ends and hands it to the database writer through the
/// channel, so memory holds a few batches of entities whatever the size of the feed.
struct ScheduleImporter: ElementConsumer {
    let channel: ImportChannel
    let teams: TeamDirectory
    let reading: FeedReading
    private var batch: [ImportItem] = []

    init(channel: ImportChannel, teams: TeamDirectory, reading: FeedReading = .handWritten) {
        self.channel = channel
        self.teams = teams
        self.reading = reading
        batch.reserveCapacity(ImportChannel.batchSize)
    }

    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        // Sites first: they outnumber teams, and an exact match is the fast case of value(as:).
        if let site = try site(of: child, context: context) {
            try send(.site(site, at: context.position, in: context.fileName ?? ""))
            lastEndedElement = "site"
        } else if let team = try team(of: child, context: context) {
            // Known from here on: later activities may name it.
            teams.insert(team.code)
            try send(.team(team, at: context.position, in: context.fileName ?? ""))
            lastEndedElement = "team"
        }
    }

    /// The site a consumer holds: the hand-written one, or the Codable record made into one
    /// (its errors at the record's end tag).
    private func site(of child: any ElementConsumer, context: ParseContext) throws -> Site? {
        guard reading == .codable else { return child.value(as: Site.self) }
        guard let record = child.decoded(as: FeedSite.self) else { return nil }
        do { return try record.site(knowsTeam: teams.contains) } catch let error as FeedRecordError { throw context.invalid(error) }
    }

    /// The team a consumer holds, as ``site(of:context:)``.
    private func team(of child: any ElementConsumer, context: ParseContext) throws -> Team? {
        guard reading == .codable else { return child.value(as: Team.self) }
        guard let record = child.decoded(as: FeedTeam.self) else { return nil }
        do { return try record.team() } catch let error as FeedRecordError { throw context.invalid(error) }
    }

    /// Queues an item, sending the batch when it is full.
    mutating func send(_ item: ImportItem) throws {
        batch.append(item)
        if batch.count >= ImportChannel.batchSize { try flush() }
    }

    /// Sends what is queued.
    mutating func flush() throws {
        guard !batch.isEmpty else { return }
        try channel.send(batch)
        batch.removeAll(keepingCapacity: true)
    }

    /// The document ended: the last entities go to the writer.
    mutating func documentDidEnd(context: ParseContext) throws {
        try flush()
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
            guard teams.contains(activity.teamCode) else { throw context.invalid(FeedRecordError.unknownTeam(activity.teamCode)) }
            return activity
        }
        return routes
    }

    /// The same feed read through Codable: a team and a site are each decoded as a whole
    /// (``FeedTeam``, ``FeedSite``) by XMLCoding when their element ends.
    static func codableRoutes() -> ParseRoutes {
        var routes = ParseRoutes()
        routes.route("team", decoding: FeedTeam.self)
        routes.route("site", decoding: FeedSite.self)
        return routes
    }
}
