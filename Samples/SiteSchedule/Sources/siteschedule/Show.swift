import ArgumentParser
import Foundation
import SiteScheduleImport
import SiteScheduleModel

/// `siteschedule show [--team CODE] [--site CODE] [--at TIME] [--json]`.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show where each team is, until when, what it does there, and who to call (the head first)."
    )

    @Option(help: "Only this team.")
    var team: String?

    @Option(help: "A site and everything planned there, instead of the teams.")
    var site: String?

    @Option(help: """
        The time to ask about, like "2012-03-15 8:00" (default: now; when the schedule lies \
        wholly before or after now, the first line says so and gives its dates).
        """)
    var at: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if let at, ScheduleTime(at) == nil { throw ValidationError("--at \"\(at)\" is not a time like \"2012-03-15 8:00\".") }
        if team != nil && site != nil { throw ValidationError("--team and --site do not go together.") }
    }

    func run() throws {
        let database = try database.open(creating: false)
        let time = at.flatMap { ScheduleTime($0) } ?? Self.now()
        let queries = ScheduleQueries(database)
        if let site {
            guard let status = try queries.site(site, at: time) else {
                StandardError.print("siteschedule: error: no site \(site) in \(database.displayName)")
                throw ExitCode.failure
            }
            print(json ? try Self.json(status) : Self.text(status, at: time))
            return
        }
        let teams = try queries.teams(at: time, code: team)
        if let team, teams.isEmpty {
            StandardError.print("siteschedule: error: no team \(team) in \(database.displayName)")
            throw ExitCode.failure
        }
        if !json, at == nil, teams.allSatisfy({ $0.current == nil }), let range = try queries.activityRange(),
            !range.contains(time)
        {
            // "No activity" for every team is true but says nothing: the schedule is elsewhere in time.
            print("Nothing is planned at \(time) (now): the schedule runs from \(range.lowerBound) to \(range.upperBound); ask with --at \"\(range.lowerBound)\".")
        }
        print(json ? try Self.json(teams) : Self.text(teams, at: time))
    }

    static func now() -> ScheduleTime {
        let c = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
        return ScheduleTime(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!)!
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func text(_ teams: [TeamStatus], at time: ScheduleTime) -> String {
        var lines: [String] = []
        for status in teams {
            lines.append("Team \(status.team.code) \(status.team.name)")
            for contact in status.team.contacts {
                lines.append("  \(contact.isHead ? "head:   " : "contact:") \(contact.name), \(contact.phone)")
            }
            if let current = status.current {
                lines.append("  at \(time): \(describe(current.site)): \(current.activity.summary), until \(current.activity.end)")
            } else {
                lines.append("  at \(time): no activity")
            }
            if let next = status.next {
                lines.append("  next: \(describe(next.site)): \(next.activity.summary), \(next.activity.start) to \(next.activity.end)")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func text(_ status: SiteStatus, at time: ScheduleTime) -> String {
        var lines = ["Site \(describe(status.site))"]
        for entry in status.activities {
            let mark = entry.isUnderWay ? "now " : "    "
            lines.append(
                "  \(mark)\(entry.activity.start) to \(entry.activity.end): \(entry.activity.summary) (team \(entry.activity.teamCode) \(entry.teamName))")
        }
        if status.activities.isEmpty { lines.append("  nothing planned") }
        return lines.joined(separator: "\n")
    }

    static func describe(_ place: TeamStatus.Place) -> String {
        "\(place.name) (\(place.code)), \(place.street), \(place.zip) \(place.city), \(place.countryCode)"
    }
}
