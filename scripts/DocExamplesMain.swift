// Writes Tests/DocExamples/<Target>/main.swift from README.md and docs/*.md, with the same
// DocExampleProgram that DocExamplesTests checks them against. Run by scripts/doc-examples.sh.
import Foundation

let root = URL(fileURLWithPath: CommandLine.arguments[1])
let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
for guide in ["README.md"] + docs.filter({ $0.hasSuffix(".md") }).sorted().map({ "docs/" + $0 }) {
    let program = DocExampleProgram(
        source: guide, markdown: try String(contentsOf: root.appendingPathComponent(guide), encoding: .utf8))
    guard !program.programBlocks.isEmpty else { continue }
    let path = root.appendingPathComponent("Tests/DocExamples/\(program.targetName)/main.swift")
    try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    try program.mainSwift.write(to: path, atomically: true, encoding: .utf8)
    print("\(guide) → \(path.path.dropFirst(root.path.count + 1)) (\(program.programBlocks.count) blocks)")
}
