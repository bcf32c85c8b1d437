import Foundation
import Testing
import XMLTestSupport

/// Runs the built `plist` executable.
func plist(_ arguments: [String], input: String? = nil) throws -> ExecutableRun {
    try ExecutableRun.run("plist", arguments, input: input)
}

let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>items</key>
    \t<array>
    \t\t<string>a</string>
    \t\t<string>b</string>
    \t</array>
    \t<key>name</key>
    \t<string>Kölner Dom</string>
    </dict>
    </plist>

    """

@Suite("The plist tool")
struct PlistToolTests {
    @Test("plutil's flags: -lint, -p, -extract, -type, -insert, -replace, -remove, -convert, with plutil's exit codes")
    func plutilFlags() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(sample, named: "a.plist")
        #expect(try plist(["-lint", file]).output == "\(file): OK\n")
        let broken = try directory.write("<plist><dict><key>x</key></dict></plist>", named: "bad.plist")
        let lint = try plist(["-lint", file, broken])
        #expect(lint.status == 1 && lint.output.contains("\(broken): line 1"))
        #expect(try plist(["-extract", "items.1", "raw", file]).output == "b\n")
        #expect(try plist(["-type", "items", file]).output == "array\n")
        #expect(try plist(["-insert", "items.2", "-string", "c", file]).status == 0)
        #expect(try plist(["-replace", "count", "-integer", "3", file]).status == 0)
        #expect(try plist(["-remove", "items.0", file]).status == 0)
        #expect(try plist(["-extract", "items", "json", "-o", "-", file]).output == #"["b","c"]"#)
        #expect(try plist(["-extract", "missing", "raw", file]).status == 1)
        #expect(try plist(["-convert", "binary1", file]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).starts(with: Array("bplist00".utf8)))
        #expect(try plist(["-p", file]).output == "{\n  \"count\" => 3\n  \"items\" => [\n    0 => \"b\"\n    1 => \"c\"\n  ]\n  \"name\" => \"Kölner Dom\"\n}\n")
        // OpenStep, which the toolchain's plutil cannot write.
        #expect(try plist(["-convert", "openstep", "-o", "-", file]).output.hasPrefix("{\n\tcount = 3;\n"))
    }

    @Test("its own subcommands: convert, extract, set, remove, print, lint")
    func subcommands() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(sample, named: "b.plist")
        #expect(try plist(["extract", "name", file]).output == "Kölner Dom\n")
        #expect(try plist(["set", "floors", "3", file, "--type", "integer"]).status == 0)
        #expect(try plist(["extract", "floors", file, "--as", "json"]).output == "3")
        #expect(try plist(["remove", "floors", file]).status == 0)
        #expect(try plist(["extract", "floors", file]).status == 1)
        let out = directory.path + "/b.json"
        #expect(try plist(["convert", file, "--to", "json", "-o", out]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == #"{"items":["a","b"],"name":"Kölner Dom"}"#)
        #expect(try plist(["lint", out]).output == "\(out): OK\n")
        #expect(try plist(["convert", "-", "--to", "xml1", "-o", "-"], input: #"{"a": 1}"#).output.contains("<integer>1</integer>"))
    }
}
