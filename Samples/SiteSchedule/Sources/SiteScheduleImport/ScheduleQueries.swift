import GRDB
import SiteScheduleModel

/// Where a team is at a given time, what it does there, until when, and who to call: what
/// a site manager asks of the schedule.
public struct TeamStatus: Hashable, Sendable, Codable {
    /// A site, without its activities.
    public struct Place: Hashable, Sendable, Codable {
        public var code: String
        public var name: String
        public var street: String
        public var zip: String
        public var city: String
        public var countryCode: String
    }

    /// An activity and where it is.
    public struct Assignment: Hashable, Sendable, Codable {
        public var site: Place
        public var activity: Activity
    }

    /// The team, its contacts with the head first.
    public var team: Team
    /// What it does at the time asked, if anything.
    public var current: Assignment?
    /// What it does next, if anything is planned.
    public var next: Assignment?
}

/// A site and everything planned there, each activity with its team's name.
public struct SiteStatus: Hashable, Sendable, Codable {
    public var site: TeamStatus.Place
    public var activities: [ActivityWithTeam]

    public struct ActivityWithTeam: Hashable, Sendable, Codable {
        public var activity: Activity
        public var teamName: String
        /// Whether the activity is under way at the time asked.
        public var isUnderWay: Bool
    }
}

/// Reads the schedule back for people.
public struct ScheduleQueries {
    let database: ScheduleDatabase

    public init(_ database: ScheduleDatabase) {
        self.database = database
    }

    /// Every team (or the one with `code`), ordered by code, with what it does at `time`
    /// and next.
    public func teams(at time: ScheduleTime, code: String? = nil) throws -> [TeamStatus] {
        try database.queue.read { db in
            let teamRows =
                code == nil
                ? try Row.fetchAll(db, sql: "SELECT code, name FROM team ORDER BY code")
                : try Row.fetchAll(db, sql: "SELECT code, name FROM team WHERE code = ?", arguments: [code])
            return try teamRows.map { row in
                var team = Team(code: row[0], name: row[1])
                team.contacts = try Row.fetchAll(
                    db, sql: "SELECT name, phone, isHead FROM contact WHERE teamCode = ? ORDER BY position",
                    arguments: [team.code]
                ).map { Contact(name: $0[0], phone: $0[1], isHead: $0[2]) }
                team.contacts = team.contactsHeadFirst
                let at = time.sortableText
                let current = try assignment(
                    db, where: "activity.teamCode = ? AND activity.start <= ? AND ? < activity.\"end\"",
                    order: "activity.start", [team.code, at, at])
                let next = try assignment(
                    db, where: "activity.teamCode = ? AND activity.start > ?", order: "activity.start", [team.code, at])
                return TeamStatus(team: team, current: current, next: next)
            }
        }
    }

    /// When the schedule's activities begin and end: the earliest start and the latest end,
    /// or `nil` when nothing is planned.
    public func activityRange() throws -> ClosedRange<ScheduleTime>? {
        try database.queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT MIN(start), MAX(\"end\") FROM activity"),
                let first = (row[0] as String?).flatMap({ ScheduleTime($0) }),
                let last = (row[1] as String?).flatMap({ ScheduleTime($0) })
            else { return nil }
            return first...max(first, last)
        }
    }

    /// The site with `code` and its activities in time order, or `nil`.
    public func site(_ code: String, at time: ScheduleTime) throws -> SiteStatus? {
        try database.queue.read { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT code, name, street, zip, city, countryCode FROM site WHERE code = ?", arguments: [code])
            else { return nil }
            let activities = try Row.fetchAll(
                db,
                sql: """
                    SELECT activity.teamCode, activity.start, activity."end", activity.summary, team.name
                    FROM activity JOIN team ON team.code = activity.teamCode
                    WHERE activity.siteCode = ? ORDER BY activity.start, activity.position
                    """, arguments: [code]
            ).map { row -> SiteStatus.ActivityWithTeam in
                let activity = Self.activity(row, from: 0)
                return SiteStatus.ActivityWithTeam(activity: activity, teamName: row[4], isUnderWay: activity.isUnderWay(at: time))
            }
            return SiteStatus(site: Self.place(row, from: 0), activities: activities)
        }
    }

    private func assignment(_ db: Database, where condition: String, order: String, _ arguments: StatementArguments)
        throws -> TeamStatus.Assignment?
    {
        let sql = """
            SELECT site.code, site.name, site.street, site.zip, site.city, site.countryCode,
                   activity.teamCode, activity.start, activity."end", activity.summary
            FROM activity JOIN site ON site.code = activity.siteCode
            WHERE \(condition) ORDER BY \(order) LIMIT 1
            """
        guard let row = try Row.fetchOne(db, sql: sql, arguments: arguments) else { return nil }
        return TeamStatus.Assignment(site: Self.place(row, from: 0), activity: Self.activity(row, from: 6))
    }

    private static func place(_ row: Row, from i: Int) -> TeamStatus.Place {
        TeamStatus.Place(code: row[i], name: row[i + 1], street: row[i + 2], zip: row[i + 3], city: row[i + 4], countryCode: row[i + 5])
    }

    private static func activity(_ row: Row, from i: Int) -> Activity {
        // Stored times were written by the import from valid ScheduleTimes.
        Activity(
            teamCode: row[i], start: ScheduleTime(row[i + 1] as String)!, end: ScheduleTime(row[i + 2] as String)!,
            summary: row[i + 3])
    }
}
