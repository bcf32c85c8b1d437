import ArgumentParser
import Foundation
import SiteScheduleImport
import SiteSchedulePostgres
import XMLStreaming

/// `siteschedule`: the book's SiteSchedule sample as the tool the company's office runs.
@main
struct SiteScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "siteschedule",
        abstract: "Import SiteSchedule feeds into SQLite or PostgreSQL, show where teams are, export the schedule.",
        version: "siteschedule (XMLStack \(XMLStackLibrary.version))",
        subcommands: [Demo.self, Import.self, Show.self, Export.self, Generate.self],
        defaultSubcommand: Demo.self
    )
}

/// The database option every subcommand shares.
struct DatabaseOption: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The SQLite database file, or a PostgreSQL server as postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE] (see docs/SiteSchedule.md).",
            discussion: "Without --db, the SITESCHEDULE_DB environment variable, else schedule.sqlite."))
    var location: String?

    /// What `--db` names, else `SITESCHEDULE_DB`, else `schedule.sqlite`.
    var resolved: String {
        if let location { return location }
        if let fromEnvironment = ProcessInfo.processInfo.environment["SITESCHEDULE_DB"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return "schedule.sqlite"
    }

    /// How messages name the store before it is open (a URL without its password).
    var displayName: String {
        guard PostgresLocation.isURL(resolved) else { return resolved }
        return (try? PostgresLocation(url: resolved).redacted) ?? PostgresLocation.redact(resolved)
    }

    /// Opens the store; a SQLite file is created when `creating`, a server's schema always is.
    func open(creating: Bool) throws -> any ScheduleStore {
        do {
            return try Self.open(resolved, creating: creating)
        } catch {
            StandardError.print(Diagnostics.describe(error, feeds: []))
            throw ExitCode.failure
        }
    }

    static func open(_ location: String, creating: Bool) throws -> any ScheduleStore {
        if PostgresLocation.isURL(location) {
            let server = try PostgresLocation(url: location)
            // What libpq would warn about (a password file others may read) is said too.
            for warning in server.warnings { StandardError.print("siteschedule: warning: \(warning)") }
            return try PostgresScheduleStore(server, whenWaiting: waitingMessage(server.redacted))
        }
        return try ScheduleDatabase(path: location, creating: creating, whenWaiting: waitingMessage(location))
    }

    /// Says, on the terminal (standard error), that the command waits for another import.
    private static func waitingMessage(_ store: String) -> @Sendable () -> Void {
        { StandardError.print("siteschedule: waiting for another import into \(store) to finish") }
    }
}
