import ArgumentParser
import Foundation

/// `xmlstack-bench`: writes the corpus, then measures XMLStack against raw expat and
/// Foundation's XMLParser and prints Markdown tables.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xmlstack-bench",
        abstract: "Benchmarks XMLStack's stream parser against raw expat and Foundation's XMLParser.",
        discussion: "Build it in release mode: swift build -c release --package-path Benchmarks",
        subcommands: [GenerateCommand.self, RunCommand.self, SingleCommand.self]
    )
}

/// `Benchmarks/corpus`, found from this file's place in the package.
let defaultCorpusDirectory: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Commands
    .deletingLastPathComponent()  // XMLStackBench
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()  // Benchmarks
    .appendingPathComponent("corpus").path
