// The SiteSchedule model, as an importing app would write it: plain types with no XML in
// them. Their parsing lives in ScheduleModel+Parseable.swift.

final class Team {
    let code: String
    var name = ""
    var contacts: [Contact] = []

    init(code: String) { self.code = code }
}

struct Contact {
    var teamCode: String
    var phone: String
    var isHead: Bool
    var name = ""
}

final class Site {
    let code: String
    var name = ""
    var street = ""
    var city = ""
    var zip = ""
    var countryCode = ""
    var activities: [Activity] = []

    init(code: String) { self.code = code }
}

struct Activity {
    var siteCode: String
    var teamCode: String
    var start: String
    var end: String
    var summary = ""
}

/// The root of a streaming import: counts each finished team and site with its children
/// and drops it, as an import that writes each entity to a store would, so memory stays
/// bounded whatever the size of the feed.
struct ScheduleImportCounter {
    var teams = 0
    var contacts = 0
    var sites = 0
    var activities = 0
    var checksum = 0

    var summary: String { "\(teams) teams, \(contacts) contacts, \(sites) sites, \(activities) activities" }
}
