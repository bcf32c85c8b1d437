import Foundation
import Testing
import XMLTestSupport

@testable import XMLTool

@Suite("xml check --recover")
struct CheckRecoverTests {
    @Test("without --recover a damaged file still fails at its first error")
    func strict() throws {
        let run = try ToolRun.run(["check", fixture("damaged.xml")])
        #expect(run.status == 1)
        // At the bare &, with the line (its form feed shown as U+FFFD: no control character
        // reaches the terminal), a caret under the &, and what to do.
        #expect(
            run.errors.hasSuffix(
                """
                damaged.xml:5:13: error: not well-formed: & begins no entity reference (write &amp; for the character)
                <name>Beton & Bau\u{FFFD}er</name>
                            ^
                xml: note: xml check --recover -o FIXED FILE writes a repaired copy of a file that is not well-formed

                """))
    }

    @Test("--recover lists every repair with its line and column and writes a file that checks clean")
    func recover() throws {
        let directory = try TemporaryDirectory()
        let fixed = directory.path + "/fixed.xml"
        let damaged = fixture("damaged.xml")
        let run = try ToolRun.run(["check", "--recover", damaged, "-o", fixed])
        #expect(run.status == 0)
        #expect(run.output == "\(damaged): 10 repairs, written to \(fixed)\n")
        let warnings = run.errors.split(separator: "\n").map { $0.dropFirst(damaged.count + 1) }
        #expect(warnings == [
            #"5:13: warning: "&" does not start a reference; escaped as &amp;"#,
            "5:18: warning: character U+000C is not allowed in XML; left out",
            "7:1: warning: the value of isHead has no quotes; quoted",
            "7:21: warning: entity &nbsp; is not defined; read as U+00A0, its meaning in HTML",
            #"12:8: warning: byte 0xF6 is not valid UTF-8; read as windows-1252 "ö""#,
            #"14:24: warning: "<" does not start a tag; escaped as &lt;"#,
            "19:35: warning: the element <activities> from 16:1 is not closed at the end of the input; closed",
            "19:35: warning: the element <site> from 11:1 is not closed at the end of the input; closed",
            "19:35: warning: the element <sites> from 10:1 is not closed at the end of the input; closed",
            "19:35: warning: the element <schedule> from 2:1 is not closed at the end of the input; closed",
        ])
        let written = try String(contentsOfFile: fixed, encoding: .utf8)
        #expect(written.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<schedule>\n"))
        #expect(written.contains("<name>Beton &amp; Bauer</name>"))
        #expect(written.contains("<contact phone=\"+49 163 1234567\" isHead=\"YES\">Hr. Meier\u{A0}(Polier)</contact>"))
        #expect(written.contains("<name>Kölner Dom</name>"))
        #expect(written.contains("<city zip=\"50667\">Köln &lt; Bonn</city>"))
        #expect(written.hasSuffix("Stabilisierungsarbeiten</activity></activities></site></sites></schedule>\n"))
        let recheck = try ToolRun.run(["check", fixed])
        #expect(recheck.status == 0 && recheck.errors.isEmpty)
    }

    @Test("--recover on a well-formed file reports it and copies it")
    func recoverClean() throws {
        let directory = try TemporaryDirectory()
        let fixed = directory.path + "/copy.xml"
        let run = try ToolRun.run(["check", "--recover", fixture("small.xml"), "--output", fixed])
        #expect(run.status == 0 && run.errors.isEmpty)
        #expect(run.output.hasSuffix("small.xml: well-formed, written to \(fixed)\n"))
        #expect(try ToolRun.run(["check", fixed]).status == 0)
    }

    @Test("a file that cannot be recovered fails and leaves the old output as it was")
    func unrecoverable() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("no elements here, only text", named: "text.xml")
        let fixed = try directory.write("<old/>", named: "fixed.xml")
        let run = try ToolRun.run(["check", "--recover", input, "-o", fixed])
        #expect(run.status == 1)
        #expect(run.errors.contains("text.xml:1:1: warning: text before the root element; left out"))
        #expect(run.errors.contains("error: no element found"))
        #expect(try String(contentsOfFile: fixed, encoding: .utf8) == "<old/>")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["fixed.xml", "text.xml"])
    }

    @Test("-o needs --recover and a single file")
    func arguments() {
        #expect(throws: (any Error).self) { try Check.parse(["a.xml", "-o", "b.xml"]) }
        #expect(throws: (any Error).self) { try Check.parse(["--recover", "a.xml", "c.xml", "-o", "b.xml"]) }
        #expect(throws: Never.self) { try Check.parse(["--recover", "a.xml", "-o", "b.xml"]) }
    }
}
