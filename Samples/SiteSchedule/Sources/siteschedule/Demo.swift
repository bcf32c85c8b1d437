import ArgumentParser
import Foundation
import SiteScheduleImport
import SiteScheduleModel

/// `siteschedule` with no subcommand: imports the shipped sample (listing 8.23 of the book,
/// built into the program) into the database and shows it.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import the book's sample schedule (built in) and show it: the main job."
    )

    @OptionGroup var database: DatabaseOption

    func run() throws {
        let summary = try Import.importFeeds(
            [.bytes(Array(SampleSchedule.listing.utf8), name: "schedule.xml (built in)")], into: database.resolved, quiet: true)
        print("Imported the book's sample into \(database.displayName):")
        print(summary)
        print("")
        let database = try database.open(creating: false)
        let time = ScheduleTime("2012-03-15 8:00")!
        print(Show.text(try ScheduleQueries(database).teams(at: time), at: time))
    }
}
