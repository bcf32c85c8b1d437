import Foundation
import Testing
import XMLTestSupport

/// The repository's root: the guides are read where they are.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Every guide with Swift code: README.md and docs/*.md.
let guides: [String] = {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs").path)) ?? []
    return (["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }).filter { guide in
        let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent(guide), encoding: .utf8)) ?? ""
        return !DocExampleProgram(source: guide, markdown: text).programBlocks.isEmpty
    }
}()

func program(of guide: String) throws -> DocExampleProgram {
    DocExampleProgram(
        source: guide, markdown: try String(contentsOf: repositoryRoot.appendingPathComponent(guide), encoding: .utf8))
}

@Suite("Every Swift block in README.md and docs/ compiles and runs")
struct DocExamplesTests {
    @Test("The example programs are generated from the guides as they are now")
    func upToDate() throws {
        let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for guide in guides {
            let program = try program(of: guide)
            let name = program.targetName
            let path = repositoryRoot.appendingPathComponent("Tests/DocExamples/\(name)/main.swift")
            let current = try? String(contentsOf: path, encoding: .utf8)
            #expect(current == program.mainSwift, "\(guide) changed: run scripts/doc-examples.sh")
            #expect(manifest.contains("\"\(name)\""), "Package.swift needs the executable target \(name)")
        }
    }

    @Test("Each guide's examples run without an error", arguments: guides)
    func runs(_ guide: String) throws {
        let directory = try TemporaryDirectory()
        let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: URL(fileURLWithPath: directory.path).appendingPathComponent(name))
        }
        let run = try ExecutableRun.run(try program(of: guide).targetName, [], in: directory.path, input: "<stdin/>")
        #expect(run.status == 0, "\(run.output)\(run.errors)")
    }

    @Test("A guide's package manifest is one SwiftPM reads")
    func manifests() throws {
        // The guides were found, and at least one shows a manifest (GettingStarted.md's).
        #expect(guides.count >= 10, "\(guides)")
        #expect(try guides.contains { try program(of: $0).blocks.contains(where: \.isManifest) })
        for guide in guides {
            for block in try program(of: guide).blocks where block.isManifest {
                let directory = try TemporaryDirectory()
                let package = directory.path + "/FeedImport"
                try FileManager.default.createDirectory(atPath: package + "/Sources/FeedImport", withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: directory.path + "/XMLStack", withDestinationPath: repositoryRoot.path)
                try "".write(toFile: package + "/Sources/FeedImport/FeedImport.swift", atomically: true, encoding: .utf8)
                try block.code.joined(separator: "\n").write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["swift", "package", "dump-package"]
                process.currentDirectoryURL = URL(fileURLWithPath: package)
                let errors = Pipe()
                process.standardOutput = FileHandle.nullDevice
                process.standardError = errors
                try process.run()
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "\(guide):\(block.line): \(message)")
            }
        }
    }
}
