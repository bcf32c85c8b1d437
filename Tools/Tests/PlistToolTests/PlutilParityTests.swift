import Foundation
import Testing
import XMLStreaming
import XMLTestSupport

let entitlements = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>com.apple.security.app-sandbox</key>
    \t<true/>
    \t<key>items</key>
    \t<array>
    \t\t<string>a</string>
    \t</array>
    \t<key>when</key>
    \t<date>2023-11-14T22:13:20Z</date>
    </dict>
    </plist>

    """

@Suite("plist: plutil's flags as scripts use them")
struct PlutilParityTests {
    @Test("-e EXT writes S.EXT beside the input and leaves the input as it was; a failure changes nothing")
    func extensionFlag() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"a": [1, 2], "b": "c"}"#, named: "S.plist")
        let run = try plist(["-convert", "xml1", "-e", "xml", file])
        #expect(run.status == 0, "\(run.errors)")
        #expect(try String(contentsOfFile: directory.path + "/S.xml", encoding: .utf8).contains("<integer>2</integer>"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == #"{"a": [1, 2], "b": "c"}"#)
        let dated = try directory.write(entitlements, named: "E.plist")
        let failed = try plist(["-convert", "json", "-e", "json", dated])
        #expect(failed.status == 1)
        #expect(try String(contentsOfFile: dated, encoding: .utf8) == entitlements)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/E.json"))
    }

    @Test("Key paths escape dots; -expect checks the type; -n drops the line feed")
    func keyPathsAndExpect() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(entitlements, named: "e.plist")
        #expect(try plist(["-extract", #"com\.apple\.security\.app-sandbox"#, "raw", file]).output == "true\n")
        #expect(try plist(["-extract", "items", "raw", "-n", file]).output == "1")
        #expect(try plist(["-extract", "items", "raw", "-expect", "array", file]).output == "1\n")
        let wrong = try plist(["-extract", "items", "raw", "-expect", "string", file])
        #expect(wrong.status == 1)
        #expect(wrong.errors == "\(file): error: the value at key path items is array, not the expected string\n")
        #expect(try plist(["-type", "when", "-expect", "date", file]).output == "date\n")
        #expect(try plist(["-type", "when", "-expect", "data", file]).status == 1)
        #expect(try plist(["-extract", "when", "raw", file]).output == "2023-11-14T22:13:20Z\n")
    }

    @Test("-p prints dates as plutil does")
    func printDates() throws {
        let run = try plist(["-p", "-"], input: entitlements)
        #expect(
            run.output == """
                {
                  "com.apple.security.app-sandbox" => true
                  "items" => [
                    0 => "a"
                  ]
                  "when" => 2023-11-14 22:13:20 +0000
                }

                """)
    }

    @Test("-insert -append, set at index N = count, -s, -r, -create")
    func editing() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(entitlements, named: "e.plist")
        let silent = try plist(["-insert", "items", "-string", "b", "-append", "-s", file])
        #expect(silent.status == 0 && silent.output.isEmpty && silent.errors.isEmpty)
        #expect(try plist(["set", "items.2", "c", file]).status == 0)
        #expect(try plist(["-insert", "items.0", "-integer", "0", file]).status == 0)
        #expect(try plist(["-extract", "items", "json", "-o", "-", file]).output == #"[0,"a","b","c"]"#)
        #expect(try plist(["-extract", "items", "json", "-r", "-o", "-", file]).output == "[\n  0,\n  \"a\",\n  \"b\",\n  \"c\"\n]")
        #expect(try plist(["-s", "-lint", file]).output.isEmpty)
        #expect(try plist(["-create", "json", "-"]).output == "{}")
        #expect(try plist(["-append", "-remove", "items", file]).status == 64)
    }

    @Test("An unknown flag is a usage error, never a file; -- ends the flags")
    func usage() throws {
        let run = try plist(["-bogus", "x.plist"])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("plist: unknown flag -bogus"))
        let directory = try TemporaryDirectory()
        try directory.write(entitlements, named: "-odd.plist")
        let dashed = try ExecutableRun.run("plist", ["-lint", "--", "-odd.plist"], in: directory.path)
        #expect(dashed.output == "-odd.plist: OK\n")
        let none = try plist([])
        #expect(none.status == 64 && none.errors.contains("USAGE: plist"))
        #expect(try plist(["--version"]).output == "plist (XMLStack \(XMLStackLibrary.version))\n")
        #expect(try plist(["-help"]).output.contains("-expect TYPE"))
    }

    @Test("Errors are the tool's own words: no Cocoa error domain, JSON errors for JSON")
    func messages() throws {
        let missing = try plist(["-p", "/no/such.plist"])
        #expect(missing.status == 1)
        #expect(missing.errors == "/no/such.plist: error: No such file or directory\n")
        let subcommand = try plist(["print", "/no/such.plist"])
        #expect(subcommand.errors == "/no/such.plist: error: No such file or directory\n")
        // Positions as xml writes them, FILE:LINE:COLUMN.
        #expect(try plist(["-lint", "-"], input: #"{"a": null}"#).output == "-:1:7: error: JSON null has no property-list equivalent\n")
        #expect(try plist(["-lint", "-"], input: #"{"a": 1,}"#).output == "-:1:9: error: JSON: expected a key in quotes\n")
        #expect(try plist(["-lint", "-"], input: "[1, 2,]").output.hasPrefix("-:1:7: error: JSON: "))
    }

    @Test("Messages in the command line's terms: flags, not API options; the argument, not the file; usage errors as such")
    func commandLineTerms() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "<plist><dict><key>d</key><data>AAEC</data><key>when</key><date>2020-01-01T00:00:00Z</date></dict></plist>", named: "d.plist")
        let data = try plist(["-convert", "json", "-o", "-", file])
        #expect(data.status == 1)
        #expect(data.errors == "\(file): error: d: JSON has no data: convert to xml1, binary1 or openstep, which have it\n")
        let json = try plist(["-insert", "k", "-json", "{\"a\": }", file])
        #expect(json.status == 1)
        #expect(json.errors.hasPrefix("\(file): error: in the -json value, column 7: "), "\(json.errors)")
        let exists = try plist(["-insert", "d", "-string", "x", file])
        #expect(exists.errors == "\(file): error: d already exists: use -replace\n")
        let format = try plist(["-convert", "yaml", file])
        #expect(format.status == 64)
        #expect(format.errors.hasPrefix("plist: -convert yaml: unknown format; use xml1, binary1, json or openstep"))
        // plist lint writes its errors on standard error; plutil's -lint on standard output.
        let broken = try directory.write("<plist><dict><key>x</key></dict></plist>", named: "bad.plist")
        let lint = try plist(["lint", broken])
        #expect(lint.status == 1 && lint.output.isEmpty)
        #expect(lint.errors == "\(broken):1:26: error: the key \"x\" has no value\n")
        #expect(try plist(["-lint", broken]).output == "\(broken):1:26: error: the key \"x\" has no value\n")
    }
}
