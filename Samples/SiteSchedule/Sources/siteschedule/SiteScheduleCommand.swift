import ArgumentParser

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
}
