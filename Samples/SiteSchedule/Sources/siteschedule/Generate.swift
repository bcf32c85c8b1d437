import ArgumentParser
import SiteScheduleImport

/// `siteschedule generate --size MB -o FILE`.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a realistic feed of about the given size, the same bytes every time."
    )

    // Unconditional: a negative number is taken as the value, to be refused by name, not
    // read as a flag ("Missing value for '--size'").
    @Option(parsing: .unconditional, help: "About how many megabytes (10^6 bytes), more than 0.")
    var size: Double = 1

    @Option(help: "Varies the content.")
    var seed: UInt64 = 20_120_301

    @Option(name: .shortAndLong, help: "The file to write, replaced atomically; - is standard output.")
    var output: String

    func validate() throws {
        guard size > 0, size.isFinite else { throw ValidationError("--size takes a number of megabytes above 0, not \(size).") }
    }

    func run() throws {
        let generator = ScheduleFeedGenerator(size: Int(size * 1_000_000), seed: seed)
        let toStandardOutput = output == "-"
        do {
            let writer = try generator.write(to: toStandardOutput ? .fileDescriptor(1) : .file(path: output))
            let summary = "\(toStandardOutput ? "<stdout>" : output): \(writer.bytesWritten) bytes, \(generator.teamCount) teams"
            // With the feed on standard output, the summary goes to standard error.
            if toStandardOutput { StandardError.print(summary) } else { print(summary) }
        } catch {
            if toStandardOutput { Diagnostics.endIfStandardOutputClosed(error) }
            StandardError.print(Diagnostics.describe(error, output: toStandardOutput ? nil : output))
            throw ExitCode.failure
        }
    }
}
