import ArgumentParser
import SiteScheduleImport
import XMLWriting

/// `siteschedule export [--db PATH] [-o FILE]`.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the database as a schedule feed (standard output, or a file replaced atomically)."
    )

    @OptionGroup var database: DatabaseOption

    @Option(name: .shortAndLong, help: "The file to write, replaced atomically (default: standard output; - too).")
    var output: String?

    func run() throws {
        let database = try database.open(creating: false)
        let path = output == "-" ? nil : output
        do {
            _ = try ScheduleExport.write(from: database, to: path.map { .file(path: $0) } ?? .fileDescriptor(1))
        } catch {
            if path == nil { Diagnostics.endIfStandardOutputClosed(error) }
            StandardError.print(Diagnostics.describe(error, output: path))
            throw ExitCode.failure
        }
    }
}
