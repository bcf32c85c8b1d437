import ArgumentParser
import SiteScheduleImport

/// `siteschedule generate --size MB -o FILE`.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a realistic feed of about the given size, the same bytes every time."
    )

    @Option(help: "About how many megabytes (10^6 bytes).")
    var size: Double = 1

    @Option(help: "Varies the content.")
    var seed: UInt64 = 20_120_301

    @Option(name: .shortAndLong, help: "The file to write.")
    var output: String

    func run() throws {
        let generator = ScheduleFeedGenerator(size: Int(size * 1_000_000), seed: seed)
        let writer = try generator.write(to: .file(path: output))
        print("\(output): \(writer.bytesWritten) bytes, \(generator.teamCount) teams")
    }
}
