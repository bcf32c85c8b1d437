import Foundation

/// Turns the Swift code blocks of one Markdown guide into one program, so that every example
/// in README.md and docs/ is compiled (as an executable target of the package) and run (by
/// ``DocExamplesTests``).
///
/// - Declarations at a block's top level (types, extensions, functions) stay at the top level,
///   so later blocks can use them, as a reader of the guide would.
/// - Statements run in order, each block in a closure of its own (a block's `let parser` does
///   not clash with the next block's); an error thrown is reported with the block's file and
///   line and fails the run.
/// - `import`s are gathered at the top.
/// - An HTML comment right before a block, invisible in the rendered guide, adds code that
///   the block needs but the guide need not show (`<!-- example setup:` … `-->`), or says
///   the block is a package manifest's contents (`<!-- example manifest -->`), which is
///   checked by `swift package dump-package` instead.
struct DocExampleProgram {
    struct Block {
        var line: Int
        var code: [String]
        var setup: [String]
        var isManifest: Bool
    }

    /// The guide's path from the repository root (`docs/GettingStarted.md`).
    let source: String
    let blocks: [Block]

    init(source: String, markdown: String) {
        self.source = source
        var blocks: [Block] = []
        let lines = markdown.components(separatedBy: "\n")
        var i = 0
        var pendingSetup: [String] = []
        var pendingManifest = false
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("<!-- example setup:") {
                var setup: [String] = []
                i += 1
                while i < lines.count && !lines[i].hasPrefix("-->") {
                    setup.append(lines[i])
                    i += 1
                }
                pendingSetup = setup
            } else if line.hasPrefix("<!-- example manifest -->") {
                pendingManifest = true
            } else if line.hasPrefix("```swift") {
                let start = i + 1
                var end = start
                while end < lines.count && !lines[end].hasPrefix("```") { end += 1 }
                blocks.append(
                    Block(line: start, code: Array(lines[start..<end]), setup: pendingSetup, isManifest: pendingManifest))
                pendingSetup = []
                pendingManifest = false
                i = end
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                // A directive applies only to the block right after it.
                pendingSetup = []
                pendingManifest = false
            }
            i += 1
        }
        self.blocks = blocks
    }

    /// The executable target a guide's examples build into: `docs/GettingStarted.md` →
    /// `DocExampleGettingStarted`, `README.md` → `DocExampleReadme`.
    var targetName: String {
        let stem = (source as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
        return "DocExample" + (stem == "README" ? "Readme" : stem)
    }

    /// The blocks that are programs (not manifests).
    var programBlocks: [Block] { blocks.filter { !$0.isManifest } }

    /// The generated `main.swift`.
    var mainSwift: String {
        var imports: Swift.Set<String> = ["import DocExampleSupport", "import Foundation"]
        var declarations: [String] = []
        var runs: [String] = []
        for block in programBlocks {
            let location = "\(source):\(block.line)"
            var statements: [String] = []
            for part in [block.setup, block.code] {
                for chunk in Self.topLevelChunks(part) {
                    switch chunk.kind {
                    case .importLine: imports.insert(chunk.lines[0].trimmingCharacters(in: .whitespaces))
                    case .declaration: declarations.append("// \(location)\n" + chunk.lines.joined(separator: "\n"))
                    case .statement: statements.append(contentsOf: chunk.lines)
                    }
                }
            }
            // A guide may show a value without using it (`let options = …`): used here, so
            // the program builds without warnings.
            let uses = statements.compactMap(Self.declaredName).map { "_ = \($0)" }
            let body = (statements + uses).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            runs.append("failures += await example(\"\(location)\") {\n\(body)\n}")
        }
        return """
            // Generated from \(source) by scripts/doc-examples.sh: do not edit; run the script after
            // changing the guide. Each block's statements run in order, in a closure of their own;
            // declarations stay at the top. DocExamplesTests checks this file and runs it.

            \(imports.sorted().joined(separator: "\n"))

            \(declarations.joined(separator: "\n\n"))

            var failures = 0
            \(runs.joined(separator: "\n"))
            exit(failures == 0 ? 0 : 1)

            """
    }

    /// The name a top-level `let`/`var` line declares (`let (a, b) =` gives `(a, b)`).
    static func declaredName(_ line: String) -> String? {
        for keyword in ["let ", "var "] where line.hasPrefix(keyword) {
            let rest = line.dropFirst(keyword.count)
            if rest.hasPrefix("(") {
                return rest.firstIndex(of: ")").map { String(rest[...$0]) }
            }
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }

    enum ChunkKind { case importLine, declaration, statement }

    /// Splits code into top-level chunks: a chunk starts at a line with no indentation and
    /// takes the indented lines and closing brackets after it; comments go with what follows.
    static func topLevelChunks(_ lines: [String]) -> [(kind: ChunkKind, lines: [String])] {
        var chunks: [(kind: ChunkKind, lines: [String])] = []
        var comments: [String] = []
        for line in lines {
            let isContinuation =
                line.hasPrefix(" ") || line.hasPrefix("\t") || line.hasPrefix("}") || line.hasPrefix(")")
                || line.hasPrefix("]") || line.isEmpty
            if isContinuation && !chunks.isEmpty && comments.isEmpty {
                chunks[chunks.count - 1].lines.append(line)
                continue
            }
            if line.hasPrefix("//") {
                comments.append(line)
                continue
            }
            if line.isEmpty { continue }
            let kind: ChunkKind
            if line.hasPrefix("import ") {
                kind = .importLine
            } else if ["struct ", "final class ", "class ", "enum ", "extension ", "protocol ", "func ", "@", "actor "]
                .contains(where: line.hasPrefix)
            {
                kind = .declaration
            } else {
                kind = .statement
            }
            chunks.append((kind, kind == .importLine ? [line] : comments + [line]))
            comments = []
        }
        if !comments.isEmpty { chunks.append((.statement, comments)) }
        return chunks
    }
}
