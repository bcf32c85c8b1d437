import ArgumentParser
import SiteScheduleImport
import XMLWriting

/// `siteschedule export [--db PATH] [-o FILE]`.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the database as a schedule feed (standard output, or a file replaced atomically)."
    )

    @OptionGroup var database: DatabaseOption

    @Option(name: .shortAndLong, help: "The file to write (default: standard output).")
    var output: String?

    func run() throws {
        let database = try ScheduleDatabase(path: database.path)
        do {
            _ = try ScheduleExport.write(from: database, to: output.map { .file(path: $0) } ?? .fileDescriptor(1))
        } catch {
            StandardError.print("\(output ?? "siteschedule"): error: \(error)")
            throw ExitCode.failure
        }
    }
}
