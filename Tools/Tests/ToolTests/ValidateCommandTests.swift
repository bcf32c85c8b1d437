import Foundation
import Testing
import XMLTestSupport

@testable import XMLTool

@Suite("xml validate: DTD validation with xmllint's exit statuses")
struct ValidateCommandTests {
    @Test("--valid: a valid file prints nothing and exits 0; an invalid one lists every error, positioned, and exits 4")
    func ownDTD() throws {
        let good = try ToolRun.run(["validate", "--valid", fixture("order.xml")])
        #expect(good.status == 0 && good.output.isEmpty && good.errors.isEmpty, "\(good.errors)")
        let file = fixture("order-invalid.xml")
        let bad = try ToolRun.run(["validate", "--valid", file])
        #expect(bad.status == 4)
        #expect(bad.output.isEmpty)
        #expect(
            bad.errors == """
                \(file):10:1: error: element <order> needs attribute id (#REQUIRED) (<!ATTLIST order id> at \(file):4)
                \(file):11:3: error: element <item> not expected here in <order>; expected <customer> (<!ELEMENT order> at \(file):3)
                \(file):11:9: error: attribute sku="A 100" of <item> is not a name token (<!ATTLIST item sku> at \(file):7)
                \(file) fails to validate

                """)
    }

    @Test("--valid on a file without a DTD: not valid, status 4, as xmllint --valid")
    func noDTD() throws {
        let file = fixture("note.xml")
        let run = try ToolRun.run(["validate", "--valid", file])
        #expect(run.status == 4)
        #expect(run.errors == "\(file):1:1: error: the document has no DTD to be valid against: it has no <!DOCTYPE>, and no DTD given to the parser declares anything\n\(file) fails to validate\n")
    }

    @Test("--dtd naming a DTD that declares nothing: status 3, and the message says no declarations were given")
    func emptyNamedDTD() throws {
        let file = fixture("note.xml")
        let run = try ToolRun.run(["validate", "--dtd", "-", file], input: "<!-- nothing declared -->\n")
        #expect(run.status == 3)
        #expect(run.errors == "\(file):1:1: error: the document has no DTD to be valid against: it has no <!DOCTYPE>, and no DTD given to the parser declares anything\n\(file) fails to validate\n")
    }

    @Test("--dtd FILE: the DTD named is read in place of any the document names; invalid is status 3, errors name its lines")
    func namedDTD() throws {
        let dtd = fixture("note.dtd")
        #expect(try ToolRun.run(["validate", "--dtd", dtd, fixture("note.xml")]).status == 0)
        let file = fixture("note-invalid.xml")
        let run = try ToolRun.run(["validate", "--dtd", dtd, file])
        #expect(run.status == 3)
        #expect(
            run.errors == """
                \(file):1:7: error: attribute kind="postcard" of <note> is not one of (memo|letter) (<!ATTLIST note kind> at \(dtd):2)
                \(file):2:3: error: element <body> not expected here in <note>; expected <to> (<!ELEMENT note> at \(dtd):1)
                \(file) fails to validate

                """)
    }

    @Test("the validation guide's examples print what the guide shows, and exit with their statuses")
    func guideExample() throws {
        // docs/Validation.md, "From the command line": the command after `$ `, its output,
        // then `echo $?` and the status.
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../docs/Validation.md").standardized
        let text = try String(contentsOf: guide, encoding: .utf8)
        let blocks = text.components(separatedBy: "```sh\n$ xml validate ").dropFirst()
        #expect(blocks.count == 3)
        for block in blocks {
            let lines = block.components(separatedBy: "\n")
            let arguments = ["validate"] + lines[0].split(separator: " ").map(String.init)
            let statusLine = try #require(lines.firstIndex(of: "$ echo $?"))
            let directory = URL(fileURLWithPath: fixture("note.dtd")).deletingLastPathComponent().path
            let run = try ExecutableRun.run("xml", arguments, in: directory)
            #expect(run.errors == lines[1..<statusLine].joined(separator: "\n") + "\n")
            #expect("\(run.status)" == lines[statusLine + 1])
        }
    }

    @Test("a --dtd file that is missing or not well-formed: status 2, said once, and no file is validated")
    func unreadableDTD() throws {
        let broken = fixture("broken.dtd")
        let run = try ToolRun.run(["validate", "--dtd", broken, fixture("note.xml"), fixture("note-invalid.xml")])
        #expect(run.status == 2)
        #expect(run.errors == "\(broken):1:25: error: in the DTD: syntax error\n")
        let missing = try ToolRun.run(["validate", "--dtd", "/nonexistent/note.dtd", fixture("note.xml")])
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("/nonexistent/note.dtd: error: "), "\(missing.errors)")
        #expect(missing.errors.split(separator: "\n").count == 1)
    }

    @Test("a file that is not well-formed is status 1, with the parser's error and excerpt")
    func malformed() throws {
        let file = fixture("broken.xml")
        let run = try ToolRun.run(["validate", "--valid", file])
        #expect(run.status == 1)
        // Its validity errors before that place first (here: it has no DTD).
        #expect(
            run.errors.hasPrefix(
                "\(file):1:1: error: the document has no DTD to be valid against: it has no <!DOCTYPE>, and no DTD given to the parser declares anything\n\(file):3:3: error: mismatched tag\n</r>\n  ^\n"),
            "\(run.errors)")
    }

    @Test("several files: each is validated, and the status is the last failing file's")
    func severalFiles() throws {
        let run = try ToolRun.run(
            ["validate", "--valid", fixture("order-invalid.xml"), fixture("order.xml"), fixture("broken.xml"), fixture("order.xml")])
        #expect(run.status == 1)
        #expect(run.errors.contains("order-invalid.xml fails to validate"))
        let again = try ToolRun.run(["validate", "--valid", fixture("broken.xml"), fixture("order-invalid.xml")])
        #expect(again.status == 4)
    }

    @Test("- validates standard input, named <stdin>")
    func standardInput() throws {
        let valid = "<!DOCTYPE a [<!ELEMENT a (#PCDATA)>]><a>text</a>"
        #expect(try ToolRun.run(["validate", "--valid", "-"], input: valid).status == 0)
        let run = try ToolRun.run(["validate", "--valid", "-"], input: "<!DOCTYPE a [<!ELEMENT a EMPTY>]>\n<a>text</a>")
        #expect(run.status == 4)
        #expect(
            run.errors == "<stdin>:2:4: error: element <a> is declared EMPTY; found text (<!ELEMENT a> at <stdin>:1)\n<stdin> fails to validate\n")
    }

    @Test("--valid expands the internal subset's parameter entities; a DTD from a pipe is read once for every file")
    func parameterEntitiesAndPipes() throws {
        let xml = """
            <!DOCTYPE a [<!ENTITY % list "<!ATTLIST a t CDATA #REQUIRED>"> %list; <!ELEMENT a EMPTY>]><a t="1"/>
            """
        #expect(try ToolRun.run(["validate", "--valid", "-"], input: xml).status == 0)
        let dtd = try String(contentsOfFile: fixture("note.dtd"), encoding: .utf8)
        let run = try ToolRun.run(["validate", "--dtd", "/dev/stdin", fixture("note.xml"), fixture("note.xml")], input: dtd)
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test("a file with validity errors before the place it stops being well-formed: both, in order, and status 1")
    func invalidThenMalformed() throws {
        let run = try ToolRun.run(
            ["validate", "--valid", "-"], input: "<!DOCTYPE a [<!ELEMENT a EMPTY>]>\n<a><b/>\n</c>")
        #expect(run.status == 1)
        let lines = run.errors.split(separator: "\n").map(String.init)
        #expect(lines.first == "<stdin>:2:4: error: element <a> is declared EMPTY; found <b> (<!ELEMENT a> at <stdin>:1)", "\(lines)")
        #expect(lines.contains("<stdin>:3:3: error: mismatched tag"), "\(lines)")
    }

    @Test("--max-errors prints that many errors of a file and counts the rest")
    func maximum() throws {
        let items = String(repeating: "<x/>", count: 10)
        let run = try ToolRun.run(["validate", "--valid", "--max-errors", "3", "-"], input: "<!DOCTYPE a [<!ELEMENT a EMPTY>]><a>\(items)</a>")
        #expect(run.status == 4)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.last == "<stdin> fails to validate (8 more errors not printed; --max-errors)")
        // Said too when the file then turns out not to be well-formed.
        let broken = try ToolRun.run(
            ["validate", "--valid", "--max-errors", "3", "-"], input: "<!DOCTYPE a [<!ELEMENT a EMPTY>]><a>\(items)</b>")
        #expect(broken.status == 1)
        #expect(broken.errors.split(separator: "\n").dropFirst(3).first == "<stdin>: 8 more errors not printed; --max-errors")
    }

    @Test("exactly one of --valid and --dtd, and a positive --max-errors, or usage status 64")
    func usage() throws {
        #expect(try ToolRun.run(["validate", fixture("order.xml")]).status == 64)
        #expect(try ToolRun.run(["validate", "--valid", "--dtd", fixture("note.dtd"), fixture("order.xml")]).status == 64)
        #expect(try ToolRun.run(["validate", "--valid", "--max-errors", "0", fixture("order.xml")]).status == 64)
    }

    @Test("--schema FILE.xsd: valid is 0, invalid is 3 with each error positioned and its component, standard input as -")
    func schema() throws {
        let schema = fixture("note.xsd")
        #expect(try ToolRun.run(["validate", "--schema", schema, fixture("note.xml")]).status == 0)
        let file = fixture("note-invalid.xml")
        let run = try ToolRun.run(["validate", "--schema", schema, file])
        #expect(run.status == 3)
        #expect(
            run.errors == """
                \(file):1:7: error: attribute kind of <note>: "postcard" is not one of the values of the type of attribute kind: "memo", "letter" (<xs:attribute name="kind"> at \(schema):9)
                \(file):2:3: error: element <body> not expected here in <note>; expected <to> (<xs:complexType> at \(schema):4)
                \(file) fails to validate

                """)
        let piped = try ToolRun.run(["validate", "--schema", schema, "-"], input: "<note><to>Ada</to></note>")
        #expect(piped.status == 3)
        #expect(piped.errors.hasPrefix("<stdin>:1:19: error: element <note> ends before its content is complete; expected <body>"))
    }

    @Test("--schema with a schema that cannot be read or does not compile: status 5, before any file")
    func unusableSchema() throws {
        let broken = fixture("broken.dtd")
        let run = try ToolRun.run(["validate", "--schema", broken, fixture("note.xml")])
        #expect(run.status == 5)
        #expect(run.errors.hasSuffix("\(broken): the schema cannot be read\n"))
        let missing = try ToolRun.run(["validate", "--schema", "/nonexistent/s.xsd", fixture("note.xml")])
        #expect(missing.status == 5)
        // The file named once in the message.
        #expect(
            missing.errors == """
                /nonexistent/s.xsd:1:1: error: /nonexistent/s.xsd cannot be read: No such file or directory
                /nonexistent/s.xsd: the schema cannot be read

                """)
        let undeclared = try ToolRun.run(
            ["validate", "--schema", "-", fixture("note.xml")],
            input: #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="note" type="nope"/></xs:schema>"#)
        #expect(undeclared.status == 5)
        #expect(undeclared.errors.hasSuffix("<stdin>: the schema does not compile\n"))
        #expect(try ToolRun.run(["validate", "--schema", fixture("note.xsd"), "--dtd", fixture("note.dtd"), fixture("note.xml")]).status == 64)
    }

    @Test("--dtd - and --schema - read standard input, which a file may not read too; a schema needs namespaces")
    func standardInputSchemaAndDTD() throws {
        let note = fixture("note.xml")
        let schema = try String(contentsOfFile: fixture("note.xsd"), encoding: .utf8)
        #expect(try ToolRun.run(["validate", "--schema", "-", note], input: schema).status == 0)
        let dtd = try String(contentsOfFile: fixture("note.dtd"), encoding: .utf8)
        #expect(try ToolRun.run(["validate", "--dtd", "-", note], input: dtd).status == 0)
        let invalid = try ToolRun.run(["validate", "--dtd", "-", fixture("note-invalid.xml")], input: dtd)
        #expect(invalid.status == 3)
        #expect(invalid.errors.contains("(<!ATTLIST note kind> at <stdin>:2)"), "\(invalid.errors)")
        #expect(try ToolRun.run(["validate", "--schema", "-", "-"], input: schema).status == 64)
        #expect(try ToolRun.run(["validate", "--dtd", "-", note, "-"], input: dtd).status == 64)
        #expect(try ToolRun.run(["validate", "--schema", fixture("note.xsd"), "--no-namespaces", note]).status == 64)
        #expect(try ToolRun.run(["validate", "--schema-hints", "--no-namespaces", note]).status == 64)
    }

    @Test("--schema with an import whose file cannot be read: a warning at the import, as xmllint's, and the files validated")
    func schemaWarnings() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
            <xs:import namespace="urn:o" schemaLocation="missing.xsd"/>
            <xs:element name="r"><xs:complexType><xs:sequence><xs:any namespace="##other" processContents="lax"/></xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """, named: "s.xsd")
        let document = try directory.write(#"<r><o:x xmlns:o="urn:o"/></r>"#, named: "d.xml")
        let run = try ToolRun.run(["validate", "--schema", schema, document, document])
        #expect(run.status == 0)
        // Once for the schema, not once per file.
        #expect(
            run.errors == """
                \(schema):2:1: warning: the <xs:import> of namespace urn:o was passed over: \(directory.path)/missing.xsd cannot be read; its components are unknown, and its elements that a lax or skip wildcard allows are not checked

                """)
    }

    @Test("--schema-hints: each file against the schema it names, from local files only; none, remote or broken is status 5")
    func schemaHints() throws {
        let file = fixture("note-hinted.xml")
        let run = try ToolRun.run(["validate", "--schema-hints", file, fixture("note.xml")])
        #expect(run.status == 5)
        let schema = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("note.xsd").path
        let noHints = fixture("note.xml")
        #expect(
            run.errors == """
                \(file):3:1: error: element <note> ends before its content is complete; expected <body> (<xs:complexType> at \(schema):4)
                \(file) fails to validate
                \(noHints):1:1: error: the document names no schema: its document element has no xsi:schemaLocation or xsi:noNamespaceSchemaLocation

                """)
        let hinted = #"<note xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="SCHEMA"><to>A</to><body>B</body></note>"#
        let valid = try ToolRun.run(["validate", "--schema-hints", "-"], input: hinted.replacingOccurrences(of: "SCHEMA", with: schema))
        #expect(valid.status == 0 && valid.errors.isEmpty, "\(valid.errors)")
        let remote = try ToolRun.run(
            ["validate", "--schema-hints", "-"], input: hinted.replacingOccurrences(of: "SCHEMA", with: "http://example.com/note.xsd"))
        #expect(remote.status == 5)
        #expect(
            remote.errors == """
                <stdin>:1:1: error: the document names its schema at http://example.com/note.xsd, which is not a local file; location hints are followed to local files only (map it to a file in XMLSchema.Options.catalog)
                <stdin>: the schema it names cannot be read

                """)
        #expect(try ToolRun.run(["validate", "--schema-hints", "--schema", schema, file]).status == 64)
    }

    @Test("--schema-hints shares a schema only between files whose hints name the same files for the same namespaces")
    func schemaHintsShared() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xml-hints-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String, _ text: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let xs = #"xmlns:xs="http://www.w3.org/2001/XMLSchema""#
        _ = try write(
            "a.xsd",
            #"<xs:schema \#(xs) targetNamespace="urn:a"><xs:element name="root"><xs:complexType><xs:sequence><xs:any namespace="urn:b" minOccurs="0"/></xs:sequence></xs:complexType></xs:element></xs:schema>"#)
        _ = try write("b.xsd", #"<xs:schema \#(xs) targetNamespace="urn:b"><xs:element name="item" type="xs:int"/></xs:schema>"#)
        let root = #"<a:root xmlns:a="urn:a" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="HINTS">"#
        // The first file's second hint for urn:a is not read: its schema has no urn:b.
        let first = try write("first.xml", root.replacingOccurrences(of: "HINTS", with: "urn:a a.xsd urn:a b.xsd") + "</a:root>")
        let second = try write(
            "second.xml", root.replacingOccurrences(of: "HINTS", with: "urn:a a.xsd urn:b b.xsd") + #"<b:item xmlns:b="urn:b">1</b:item></a:root>"#)
        let run = try ToolRun.run(["validate", "--schema-hints", first, second])
        #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
    }

    @Test("The help screen of validate")
    func help() {
        #expect(
            XMLCommand.helpMessage(for: Validate.self, columns: 80) == """
                OVERVIEW: Validate XML files against their own DTD (--valid), a DTD you name
                (--dtd), an XML Schema you name (--schema) or the one they name
                (--schema-hints).

                Prints FILE:LINE:COLUMN: error: MESSAGE (DECLARATION) on standard error for
                each error of each file (up to --max-errors a file), then FILE fails to
                validate; prints nothing for a valid file. The parser reads no file a document
                names: with --valid, only the DTD in the document itself counts (its internal
                subset); --dtd reads the DTD file you name in place of any the document names,
                as xmllint --dtdvalid does. --schema compiles the W3C XML Schema 1.0 you name
                once (reading what it includes and imports from local files only, never the
                network) and validates each file against it as it streams; an import or include
                whose file cannot be read is passed over with FILE:LINE:COLUMN: warning:
                MESSAGE, which changes no exit status. xsi:schemaLocation in a document is not
                followed. --schema-hints follows it: each file is validated against the schema
                documents its document element names in xsi:schemaLocation and
                xsi:noNamespaceSchemaLocation, read from local files only (relative to the
                file, or for standard input to the current directory; an http:// location is an
                error, never fetched); files naming the same ones share one compiled schema.

                Exit statuses, as xmllint's: 0 every file is valid; 1 a file is not well-formed
                or cannot be read; 2 the --dtd file cannot be read or is not well-formed (no
                file is validated); 3 a file is not valid against the --dtd file or the schema;
                4 a file is not valid against its own DTD (--valid), or has none; 5 the schema
                cannot be read or does not compile (no file is validated), or with
                --schema-hints, a file names no schema or one that cannot be read or does not
                compile; 64 usage. With several files, the status is the last failing file's.

                USAGE: xml validate <files> ... [--valid] [--dtd <dtd>] [--schema <schema>] [--schema-hints] [--max-errors <max-errors>] [--encoding <encoding>] [--no-namespaces] [--max-depth <max-depth>] [--huge]

                ARGUMENTS:
                  <files>                 The files to validate; - reads standard input.

                OPTIONS:
                  --valid                 Validate each file against the DTD it holds (its
                                          internal subset), as xmllint --valid.
                  --dtd <dtd>             Validate each file against this DTD file, as xmllint
                                          --dtdvalid; - reads standard input.
                  --schema <schema>       Validate each file against this W3C XML Schema
                                          (.xsd), as xmllint --schema; - reads standard input.
                  --schema-hints          Validate each file against the schema its document
                                          element names (xsi:schemaLocation,
                                          xsi:noNamespaceSchemaLocation), from local files only.
                  --max-errors <max-errors>
                                          The most errors printed for one file; the rest are
                                          counted. (default: 100)
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
                  --version               Show the version.
                  -h, --help              Show help information.

                """)
    }
}
