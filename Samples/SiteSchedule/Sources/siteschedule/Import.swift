import ArgumentParser
import Foundation
import SiteScheduleImport
import SiteSchedulePostgres
import XMLValidation

/// `siteschedule import FEED... [--db PATH]`.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import feeds into the database, in one transaction.",
        discussion: """
            A team or site whose code is already there is updated in place and its contacts or \
            activities replaced; importing the same feed twice changes nothing. Any error leaves \
            the database exactly as it was (a database file the import created is removed), prints \
            FILE:LINE:COLUMN: error: MESSAGE and exits 1. With --validate, each feed is checked \
            against the feed's XML Schema (schedule.xsd, shipped with the sample) as it is read: \
            a feed that breaks it imports nothing, and its first error is printed the same way.
            """
    )

    @Argument(help: "The feeds to import; - reads standard input.")
    var feeds: [String]

    @OptionGroup var database: DatabaseOption

    @Flag(help: "No progress bar, even on a terminal.")
    var quiet = false

    @Flag(help: "Read the feed through Codable types (XMLCoding) instead of the hand-written handlers; the same rows.")
    var codable = false

    @Flag(help: "Validate each feed against the feed's XML Schema (schedule.xsd) while importing; an invalid feed imports nothing.")
    var validate = false

    func run() throws {
        let summary = try Self.importFeeds(
            feeds.map { $0 == "-" ? .standardInput : .file($0) }, into: database.resolved, quiet: quiet,
            reading: codable ? .codable : .handWritten, schema: validate ? try ScheduleSchema.compiled() : nil)
        print(summary)
    }

    /// Opens the database, imports, and turns a failure into a compiler-style message and exit 1.
    static func importFeeds(
        _ feeds: [ScheduleFeed], into location: String, quiet: Bool, reading: FeedReading = .handWritten,
        schema: XMLSchema? = nil
    ) throws -> ImportSummary {
        let bar = ProgressBar(enabled: !quiet)
        // A new database file is built beside its name and linked into place only once the
        // import has committed: a failed import leaves no file, and two first imports at once
        // cannot remove or overwrite each other's.
        let creates = !PostgresLocation.isURL(location) && !FileManager.default.fileExists(atPath: location)
        let target = creates ? location + ".importing-\(getpid())" : location
        do {
            let summary = try withExtendedLifetime(try DatabaseOption.open(target, creating: true)) { store in
                try ScheduleImport.run(feeds, into: store, reading: reading, validatingAgainst: schema) { bar.update($0) }
            }
            bar.clear()
            if creates {
                // The store is closed (released above); link fails if the name was taken.
                defer { ScheduleDatabase.removeFiles(at: target) }
                guard link(target, location) == 0 else {
                    let reason = errno == EEXIST ? "another import created it while this one ran" : String(cString: strerror(errno))
                    throw ScheduleError(file: location, message: "\(reason); nothing was imported (import again)")
                }
            }
            return summary
        } catch {
            bar.clear()
            // The store is closed (released above) before its files go.
            if creates { ScheduleDatabase.removeFiles(at: target) }
            StandardError.print(Diagnostics.describe(error, feeds: feeds))
            throw ExitCode.failure
        }
    }
}
