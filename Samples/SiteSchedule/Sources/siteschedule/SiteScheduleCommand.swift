import ArgumentParser
import SiteScheduleImport

/// `siteschedule`: the book's SiteSchedule sample as the tool the company's office runs.
@main
struct SiteScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "siteschedule",
        abstract: "Import SiteSchedule feeds into SQLite, show where teams are, export the schedule.",
        version: "siteschedule (XMLStack 0.1.0)",
        subcommands: [Demo.self, Import.self, Show.self, Export.self, Generate.self],
        defaultSubcommand: Demo.self
    )
}

/// The database option every subcommand shares.
struct DatabaseOption: ParsableArguments {
    @Option(name: .customLong("db"), help: "The SQLite database file.")
    var path = "schedule.sqlite"

    /// Opens the database; a failure (a missing file when not `creating`, a directory, a
    /// file that is not a database) is printed as `PATH: error: MESSAGE` and exits 1.
    func open(creating: Bool) throws -> ScheduleDatabase {
        do {
            return try ScheduleDatabase(path: path, creating: creating)
        } catch {
            StandardError.print(Diagnostics.describe(error, feeds: []))
            throw ExitCode.failure
        }
    }
}
