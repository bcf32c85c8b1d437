import Foundation
import Testing
import XMLStreaming
import XMLTestSupport

@testable import XMLTool

/// Runs the built `xml` executable and captures what it prints.
enum ToolRun {
    static func run(_ arguments: [String], input: String? = nil) throws -> ExecutableRun {
        try ExecutableRun.run("xml", arguments, input: input)
    }
}

func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!.path
}

@Suite("The xml tool")
struct XMLToolTests {
    @Test("check exits 0 and prints nothing when every file is well-formed")
    func checkGood() throws {
        let run = try ToolRun.run(["check", fixture("small.xml"), fixture("small.xml")])
        #expect(run.status == 0)
        #expect(run.output.isEmpty && run.errors.isEmpty)
    }

    @Test("check prints FILE:LINE:COLUMN: error: MESSAGE for each bad file and exits 1")
    func checkBad() throws {
        let broken = fixture("broken.xml")
        let mismatch = fixture("macroman-declared-utf8.xml")
        let run = try ToolRun.run(["check", broken, fixture("small.xml"), mismatch])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        let lines = run.errors.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.contains(": error: ") }
        #expect(errors.count == 2)
        #expect(errors.first == "\(broken):3:3: error: mismatched tag")
        #expect(errors.last?.hasPrefix("\(mismatch):3:8: error: byte 0x9A at offset 53 is not valid UTF-8") == true)
        // Each error with its line and a caret under the column, and a note on what to do.
        #expect(lines.count == 8)
        #expect(lines[1...2] == ["</r>", "  ^"])
        #expect(lines[3] == "xml: note: xml check --recover -o FIXED FILE writes a repaired copy of a file that is not well-formed")
        #expect(lines[6] == "       ^")
        #expect(lines[7].hasPrefix("xml: note: --encoding NAME reads the file in the encoding it was saved in"))
    }

    @Test("check reads standard input for -")
    func checkStandardInput() throws {
        #expect(try ToolRun.run(["check", "-"], input: "<ok/>").status == 0)
        let bad = try ToolRun.run(["check", "-"], input: "<a>\n<b></a>")
        #expect(bad.status == 1)
        #expect(
            bad.errors == """
                <stdin>:2:6: error: mismatched tag
                <b></a>
                     ^
                xml: note: xml check --recover -o FIXED FILE writes a repaired copy of a file that is not well-formed

                """)
    }

    @Test("A missing file is reported and fails the run")
    func checkMissing() throws {
        let run = try ToolRun.run(["check", "/nonexistent.xml"])
        #expect(run.status == 1)
        #expect(run.errors == "/nonexistent.xml: error: No such file or directory\n")
    }

    @Test("events prints one event per line")
    func events() throws {
        let run = try ToolRun.run(["events", fixture("small.xml")])
        #expect(run.status == 0)
        #expect(
            run.output == """
                startDocument
                xmlDeclaration version="1.0"
                startElement r a="1"
                characters "x"
                comment " c "
                startElement e
                endElement e
                endElement r
                endDocument

                """)
    }

    @Test("--version names the package and the linked expat")
    func version() throws {
        let run = try ToolRun.run(["--version"])
        #expect(run.status == 0)
        #expect(run.output == "xml (XMLStack \(XMLStackLibrary.version)) with expat \(ExpatLibrary.version)\n")
    }

    @Test("Arguments parse without running: check needs at least one file")
    func argumentParsing() throws {
        #expect(throws: (any Error).self) { _ = try XMLCommand.parseAsRoot(["check"]) }
        let command = try XMLCommand.parseAsRoot(["check", "a.xml", "--max-depth", "5", "--no-namespaces"])
        let check = try #require(command as? Check)
        #expect(check.files == ["a.xml"])
        #expect(check.input.parserOptions.limits.maximumDepth == 5)
        #expect(check.input.parserOptions.processesNamespaces == false)
    }

    @Test("The help screen of check")
    func checkHelp() {
        #expect(
            XMLCommand.helpMessage(for: Check.self, columns: 80) == """
                OVERVIEW: Check that XML files are well-formed, or repair damaged ones.

                Exits 0 when every file is well-formed. Otherwise prints FILE:LINE:COLUMN:
                error: MESSAGE on standard error for each file that is not, and exits 1. An
                entity reference the parser cannot expand (one the external DTD may declare,
                which is never read, or an external entity, never loaded) is a
                FILE:LINE:COLUMN: warning: MESSAGE, and the file still passes (--entities fail
                makes it an error).

                With --recover, reads each file the way the recovering reader does: prints
                every repair as FILE:LINE:COLUMN: warning: MESSAGE and, with -o, writes the
                repaired document (atomically: a failure leaves any existing file as it was;
                with "-o -" the document goes to standard output and the summary to standard
                error). Exits 1 only for a file that cannot be recovered (one with no element
                at all, or over a limit).

                USAGE: xml check <files> ... [--recover] [--output <output>] [--encoding <encoding>] [--no-namespaces] [--max-depth <max-depth>] [--huge] [--entities <entities>] [--entity-table <entity-table>]

                ARGUMENTS:
                  <files>                 The files to check; - reads standard input.

                OPTIONS:
                  --recover               Read damaged files by repairing them, and list the
                                          repairs.
                  -o, --output <output>   With --recover, write the repaired document here; -
                                          is standard output.
                  --encoding <encoding>   Read the input in this encoding, whatever it declares
                                          (default: as declared): any name iconv knows, as
                                          `iconv -l` lists them (latin1, windows-1252,
                                          Shift_JIS, GB18030, Big5, …).
                  --no-namespaces         Do not process namespaces: report names as written
                                          (default: process them).
                  --max-depth <max-depth> The deepest element nesting allowed; 0 for no limit.
                                          (default: 10000)
                  --huge                  Lift the limits on name length (50,000 bytes),
                                          attribute values and runs of text (10 MiB each), as
                                          xmllint --huge does; expat's protection against
                                          entity expansion stays.
                  --entities <entities>   What a reference to an entity the parser cannot
                                          expand (one the external DTD may declare, which is
                                          never read) becomes: fail, keep (as &name;), skip
                                          (left out, as xmllint's string values do) or html
                                          (HTML's character: &nbsp; is U+00A0). (values: fail,
                                          keep, skip, html)
                  --entity-table <entity-table>
                                          Read entity declarations (<!ENTITY name "text">, such
                                          as XHTML's xhtml-lat1.ent) from this file and replace
                                          references with their text; names it lacks are read
                                          as html.
                  --version               Show the version.
                  -h, --help              Show help information.

                """)
    }
}
