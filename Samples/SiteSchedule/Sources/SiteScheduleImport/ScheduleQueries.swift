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

        public init(code: String, name: String, street: String, zip: String, city: String, countryCode: String) {
            (self.code, self.name, self.street, self.zip, self.city, self.countryCode) = (code, name, street, zip, city, countryCode)
        }
    }

    /// An activity and where it is.
    public struct Assignment: Hashable, Sendable, Codable {
        public var site: Place
        public var activity: Activity

        public init(site: Place, activity: Activity) {
            self.site = site
            self.activity = activity
        }
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


/// The questions `show` asks, of any ``ScheduleStore``: where each team is at a time, until
/// when, and what comes next; what a site has planned. Each call reads one consistent state.
public struct ScheduleQueries {
    let store: any ScheduleStore

    public init(_ store: any ScheduleStore) {
        self.store = store
    }

    /// Every team (or only `code`), with its contacts head first, its current assignment at
    /// `time` and its next one.
    public func teams(at time: ScheduleTime, code: String? = nil) throws -> [TeamStatus] {
        try store.reading { reader in
            try reader.teams(code: code).map { team in
                var team = team
                team.contacts = team.contactsHeadFirst
                return TeamStatus(
                    team: team, current: try reader.assignment(team: team.code, at: time, current: true),
                    next: try reader.assignment(team: team.code, at: time, current: false))
            }
        }
    }

    /// The first start and the last end in the schedule, or `nil` when it has no activities.
    public func activityRange() throws -> ClosedRange<ScheduleTime>? {
        try store.reading { try $0.activityRange() }
    }

    /// A site and everything planned there, by start time, or `nil` when there is no such site.
    public func site(_ code: String, at time: ScheduleTime) throws -> SiteStatus? {
        try store.reading { reader in
            guard let (place, activities) = try reader.site(code) else { return nil }
            return SiteStatus(
                site: place,
                activities: activities.map {
                    SiteStatus.ActivityWithTeam(activity: $0.activity, teamName: $0.teamName, isUnderWay: $0.activity.isUnderWay(at: time))
                })
        }
    }
}
