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
        #expect(lint.status == 1 && lint.output.contains("\(broken):1:"))
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

    @Test("-bool and --type bool take what plutil takes, and refuse anything else, leaving the file as it was")
    func booleans() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(sample, named: "flags.plist")
        for (text, value) in [("YES", "true"), ("yes", "true"), ("true", "true"), ("1", "true"), ("NO", "false"), ("no", "false"), ("false", "false"), ("0", "false")] {
            #expect(try plist(["-replace", "Enabled", "-bool", text, file]).status == 0, "\(text)")
            #expect(try plist(["-extract", "Enabled", "raw", file]).output == value + "\n", "\(text)")
            #expect(try plist(["set", "Other", text, file, "--type", "bool"]).status == 0, "\(text)")
            #expect(try plist(["extract", "Other", file, "--as", "json"]).output == value, "\(text)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        for text in ["maybe", "", "True", "2"] {
            let refused = try plist(["-replace", "Enabled", "-bool", text, file])
            #expect(refused.status == 1, "\(text)")
            #expect(refused.errors.contains("\"\(text)\" is not a boolean"), "\(refused.errors)")
            #expect(try plist(["set", "Enabled", text, file, "--type", "bool"]).status == 1, "\(text)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test("-o with several input files is a usage error, and writes nothing")
    func outputWithSeveralInputs() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write(sample, named: "m1.plist")
        let second = try directory.write(sample.replacingOccurrences(of: "Kölner Dom", with: "Ulmer Münster"), named: "m2.plist")
        let out = directory.path + "/out.plist"
        let run = try plist(["-convert", "xml1", "-o", out, first, second])
        #expect(run.status == 64)
        #expect(run.errors.contains("-o takes exactly one input file"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try plist(["-convert", "xml1", "-o", out, second]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("Ulmer Münster"))
    }
}

@Suite("plist to a closed pipe")
struct PlistClosedPipeTests {
    @Test("Printing to a pipe its reader closed ends quietly, killed by SIGPIPE, even where SIGPIPE is ignored")
    func quietlyKilled() throws {
        let directory = try TemporaryDirectory()
        let entries = (0..<50_000).map { "<key>k\($0)</key><string>value \($0)</string>" }.joined()
        let big = try directory.write(
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(entries)</dict></plist>", named: "big.plist")
        for arguments in [["-p", big], ["-convert", "json", "-o", "-", big]] {
            let (process, errors) = try ExecutableRun.runIntoClosedPipe("plist", arguments)
            #expect(process.terminationReason == .uncaughtSignal, "\(arguments)")
            #expect(process.terminationStatus == SIGPIPE, "\(arguments)")
            #expect(errors.isEmpty, "\(arguments): \(errors)")
        }
    }
}
