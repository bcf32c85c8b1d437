import Foundation
import Testing
import XMLTestSupport

/// The process's umask, from /proc (changing it to read it would race with other tests).
func currentUmask() throws -> mode_t {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
    return try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
}

func mode(of path: String) throws -> mode_t {
    var status = stat()
    #expect(stat(path, &status) == 0)
    return status.st_mode & 0o7777
}

@Suite("xml: files written by -o")
struct OutputFileTests {
    @Test("A replaced file keeps its mode; a new one gets 0666 less the umask")
    func modes() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("<a><b/></a>", named: "in.xml")
        let output = directory.path + "/out.xml"
        #expect(try ToolRun.run(["fmt", input, "-o", output]).status == 0)
        #expect(try mode(of: output) == 0o666 & ~currentUmask())
        chmod(output, 0o640)
        #expect(try ToolRun.run(["fmt", input, "-o", output]).status == 0)
        #expect(try mode(of: output) == 0o640)
        chmod(output, 0o604)
        #expect(try ToolRun.run(["check", "--recover", input, "-o", output]).status == 0)
        #expect(try mode(of: output) == 0o604)
    }

    @Test("Writing to a symbolic link replaces the file it points to and keeps the link")
    func symbolicLink() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("<a><b/></a>", named: "in.xml")
        let target = try directory.write("old", named: "target.xml")
        chmod(target, 0o600)
        let link = directory.path + "/link.xml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.xml")
        #expect(try ToolRun.run(["fmt", input, "-o", link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.xml")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try mode(of: target) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["in.xml", "link.xml", "target.xml"])
    }

    @Test("-o - and -o /dev/stdout write standard output; nothing named - appears")
    func standardOutput() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("<a><b/></a>", named: "in.xml")
        let expected = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>\n  <b/>\n</a>\n"
        #expect(try ExecutableRun.run("xml", ["fmt", input, "-o", "-"], in: directory.path).output == expected)
        #expect(try ExecutableRun.run("xml", ["fmt", input, "-o", "/dev/stdout"], in: directory.path).output == expected)
        let recovered = try ExecutableRun.run("xml", ["check", "--recover", "-", "-o", "-"], in: directory.path, input: "<a><b>")
        #expect(recovered.status == 0)
        #expect(recovered.output == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a><b/></a>\n")
        #expect(recovered.errors.hasSuffix("-: 2 repairs\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["in.xml"])
    }

    @Test("An output that cannot be written is named, not the input, and nothing is left behind")
    func outputErrors() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("<a/>", named: "in.xml")
        let folder = directory.path + "/adir"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let run = try ToolRun.run(["fmt", input, "-o", folder])
        #expect(run.status == 1)
        #expect(run.errors == "\(folder): error: Is a directory\n")
        let missing = try ToolRun.run(["fmt", input, "-o", directory.path + "/no/such/out.xml"])
        #expect(missing.errors == "\(directory.path)/no/such/out.xml: error: No such file or directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["adir", "in.xml"])
    }
}

@Suite("xml fmt: only white space that carries nothing changes")
struct FmtTextTests {
    func fmt(_ document: String) throws -> String {
        let run = try ToolRun.run(["fmt", "-"], input: document)
        #expect(run.status == 0, "\(run.errors)")
        return run.output
    }

    @Test("An element with text is written exactly as read, its descendants too")
    func mixedContent() throws {
        #expect(try fmt("<a><b><c/>x</b></a>") == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>\n  <b><c/>x</b>\n</a>\n")
        #expect(
            try fmt("<doc>\n<p><em>Note:</em> read this.</p>\n<p>a <b><i>deep</i>\n <i/></b> c</p></doc>")
                == """
                <?xml version="1.0" encoding="UTF-8"?>
                <doc>
                  <p><em>Note:</em> read this.</p>
                  <p>a <b><i>deep</i>
                 <i/></b> c</p>
                </doc>

                """)
    }

    @Test("xml:space=\"preserve\" and CDATA keep their white space")
    func preserved() throws {
        #expect(
            try fmt("<a><pre xml:space=\"preserve\">  <b/>\n  <c/></pre><d><![CDATA[ ]]><e/></d></a>")
                == """
                <?xml version="1.0" encoding="UTF-8"?>
                <a>
                  <pre xml:space="preserve">  <b/>
                  <c/></pre>
                  <d><![CDATA[ ]]><e/></d>
                </a>

                """)
    }

    @Test("The DOCTYPE (a plist's public identifier), comments and PIs are kept")
    func doctypeCommentsAndPIs() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- before -->
            <plist version="1.0"><dict><key>a</key><string>b c</string><!-- inside --><?pi data?></dict></plist>
            """
        #expect(
            try fmt(plist) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <!-- before -->
                <plist version="1.0">
                  <dict>
                    <key>a</key>
                    <string>b c</string>
                    <!-- inside -->
                    <?pi data?>
                  </dict>
                </plist>

                """)
        #expect(try fmt("<!DOCTYPE a SYSTEM \"a.dtd\"><a/>").contains("<!DOCTYPE a SYSTEM \"a.dtd\">\n<a/>"))
    }
}

@Suite("xml query for scripts")
struct QueryScriptingTests {
    let feed = "<feed xmlns=\"urn:atom\" xmlns:m=\"urn:media\"><entry n=\"a&#10;b\">One</entry><m:thumb/></feed>"

    @Test("Exit 0 for a match, 1 for an empty node-set or false, 2 for an error")
    func exitStatus() throws {
        #expect(try ToolRun.run(["query", "//*", "-"], input: feed).status == 0)
        let empty = try ToolRun.run(["query", "//nothing", "-"], input: feed)
        #expect(empty.status == 1 && empty.output.isEmpty)
        let no = try ToolRun.run(["query", "count(//*) > 5", "-"], input: feed)
        #expect(no.status == 1 && no.output == "false\n")
        #expect(try ToolRun.run(["query", "count(//*) > 2", "-"], input: feed).status == 0)
        #expect(try ToolRun.run(["query", "0", "-"], input: feed).status == 0)
        #expect(try ToolRun.run(["query", "//*[", "-"], input: feed).status == 2)
        #expect(try ToolRun.run(["query", "//*", "-"], input: "<a>").status == 2)
        #expect(try ToolRun.run(["query", "//*", "/no/such.xml"]).status == 2)
    }

    @Test("The root's prefixes are bound when no --ns is given, _ for the default namespace")
    func rootPrefixes() throws {
        let run = try ToolRun.run(["query", "count(//_:entry | //m:thumb)", "-"], input: feed)
        #expect(run.status == 0 && run.output == "2\n")
        let given = try ToolRun.run(["query", "count(//_:entry)", "-", "--ns", "x=urn:atom"], input: feed)
        #expect(given.status == 2)
        #expect(given.errors.contains("the prefix \"_\" is not bound: bind it with --ns _=URI"))
    }

    @Test("A file whose root lacks a prefix the expression uses is reported by name, and the run goes on")
    func missingRootPrefix() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("<feed xmlns=\"urn:atom\"><title>A</title></feed>", named: "good.xml")
        let plain = try directory.write("<rss><title>B</title></rss>", named: "ns.xml")
        let other = try directory.write("<feed xmlns=\"urn:atom\"><title>C</title></feed>", named: "good2.xml")
        let run = try ToolRun.run(["query", "--value", "//_:title", good, plain, other])
        #expect(run.output == "\(good): A\n\(other): C\n")
        #expect(
            run.errors
                == "\(plain): error: the prefix \"_\" is not bound: the root element declares no default namespace; bind it with --ns _=URI\n")
        #expect(run.status == 2)
        // A malformed expression is the run's error, not a file's: it stops at once.
        let malformed = try ToolRun.run(["query", "//_:title[", good, plain])
        #expect(malformed.status == 2 && malformed.output.isEmpty && malformed.errors.hasPrefix("xml: error: column 11"))
    }

    @Test("--value prints string values; attributes escape line feeds; -- takes an expression with a dash")
    func valuesAndEscapes() throws {
        #expect(try ToolRun.run(["query", "//@n", "-"], input: feed).output == "n=\"a&#10;b\"\n")
        #expect(try ToolRun.run(["query", "--value", "//@n | //_:entry", "-"], input: feed).output == "One\na\nb\n")
        #expect(try ToolRun.run(["query", "-v", "//_:entry", "-"], input: feed).output == "One\n")
        let dash = try ToolRun.run(["query", "--", "-1 + 3", "-"], input: feed)
        #expect(dash.status == 0 && dash.output == "2\n")
    }
}

@Suite("xml: limits, encodings and usage")
struct InputOptionTests {
    @Test("--huge lifts the name and text limits; --max-depth 0 is no limit")
    func huge() throws {
        let longName = String(repeating: "n", count: 60_000)
        let document = "<\(longName)/>"
        let limited = try ToolRun.run(["check", "-"], input: document)
        #expect(limited.status == 1)
        // The error says which option lifts the limit.
        #expect(limited.errors.contains("xml: note: --huge lifts the limits on names, attribute values and text, as xmllint --huge does"))
        #expect(try ToolRun.run(["check", "--huge", "-"], input: document).status == 0)
        for command in [["events"], ["fmt"], ["canon"], ["c14n"], ["query", "count(//*)"]] {
            // A document over a limit: query's status for an unreadable file is 2, the others' 1.
            #expect(try ToolRun.run(command + ["-"], input: document).status == (command[0] == "query" ? 2 : 1), "\(command)")
            #expect(try ToolRun.run(command + ["--huge", "-"], input: document).status == 0, "\(command)")
        }
        let deep = String(repeating: "<d>", count: 10_001) + String(repeating: "</d>", count: 10_001)
        let tooDeep = try ToolRun.run(["check", "-"], input: deep)
        #expect(tooDeep.status == 1)
        #expect(tooDeep.errors.contains("xml: note: --max-depth N allows deeper nesting (0 for no limit)"))
        // Each note once, however many files fail for its reason.
        let directory = try TemporaryDirectory()
        let deepFile = try directory.write(deep, named: "deep.xml")
        let twice = try ToolRun.run(["check", deepFile, deepFile])
        #expect(twice.errors.components(separatedBy: "xml: note:").count == 2)
        #expect(try ToolRun.run(["check", "--max-depth", "0", "-"], input: deep).status == 0)
        #expect(try ToolRun.run(["check", "--max-depth", "2", "-"], input: "<a><b><c/></b></a>").status == 1)
        // A content model nested past the parser's fixed limit: no option lifts it, so no note.
        let model = "<!DOCTYPE a [<!ELEMENT a " + String(repeating: "(", count: 1_001) + "a" + String(repeating: ")", count: 1_001) + ">]><a/>"
        let deepModel = try ToolRun.run(["check", "--max-depth", "0", "-"], input: model)
        #expect(deepModel.status == 1)
        #expect(deepModel.errors.contains("error: the content model of element a nests groups deeper than 1000"), "\(deepModel.errors)")
        #expect(!deepModel.errors.contains("note:"), "\(deepModel.errors)")
    }

    @Test("An unknown encoding name is a usage error about the name, not the file")
    func unknownEncoding() throws {
        let run = try ToolRun.run(["check", "--encoding", "klingon", "-"], input: "<a/>")
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: --encoding klingon: unknown encoding name; the names of every encoding iconv reads here are what `iconv -l` lists."))
        #expect(try ToolRun.run(["check", "--encoding", "iso-8859-1", "-"], input: "<a>\u{E9}</a>").status == 0)
    }

    @Test("The usual spellings of an encoding's name work, as --encoding and declared; a feed in GB18030 is read")
    func encodingSpellings() throws {
        let directory = try TemporaryDirectory()
        // "café" in Latin-1: the byte 0xE9 is not UTF-8, so only a Latin-1 reading passes.
        let undeclared = try directory.write(Array("<a>caf".utf8) + [0xE9] + Array("</a>".utf8), named: "undeclared.xml")
        #expect(try ToolRun.run(["check", undeclared]).status == 1)
        for name in ["latin1", "latin-1", "l1", "iso8859-1", "ISO_8859-1"] {
            let bytes = Array("<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<a>caf".utf8) + [0xE9] + Array("</a>".utf8)
            let path = try directory.write(bytes, named: "latin1.xml")
            let declared = try ToolRun.run(["query", "string(/a)", path])
            #expect(declared.status == 0, "\(name): \(declared.errors)")
            #expect(declared.output == "café\n", "\(name)")
            #expect(try ToolRun.run(["check", "--encoding", name, undeclared]).status == 0, "\(name)")
        }
        for name in ["utf8", "UTF8", "ascii"] {
            #expect(try ToolRun.run(["check", "--encoding", name, "-"], input: "<a>x</a>").status == 0, "\(name)")
            let run = try ToolRun.run(["query", "string(/a)", "-"], input: "<?xml version='1.0' encoding='\(name)'?><a>x</a>")
            #expect(run.status == 0 && run.output == "x\n", "\(name): \(run.errors)")
        }
        // 中文 in GB18030, declared; then an encoding nobody knows, named, with what to do.
        let chinese = Array("<?xml version=\"1.0\" encoding=\"GB18030\"?>\n<a>".utf8) + [0xD6, 0xD0, 0xCE, 0xC4] + Array("</a>".utf8)
        let feed = try directory.write(chinese, named: "gb18030.xml")
        #expect(try ToolRun.run(["query", "string(/a)", feed]).output == "中文\n")
        let unknown = try ToolRun.run(["check", "-"], input: "<?xml version='1.0' encoding='x-klingon'?><a/>")
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("<stdin>:1:31: error: unknown encoding \"x-klingon\""))
        #expect(unknown.errors.contains("xml: note: --encoding NAME reads the file in the encoding you name"))
        #expect(unknown.errors.contains("xml check --recover"))
    }

    @Test("A negative number is refused by name; an expression that starts with - is told to go after --")
    func dashes() throws {
        let negative = try ToolRun.run(["fmt", "--indent", "-1", "-"], input: "<a><b/></a>")
        #expect(negative.status == 64)
        #expect(negative.errors.hasPrefix("Error: --indent takes 0 or more spaces per level, not -1."))
        let flat = try ToolRun.run(["fmt", "--indent", "0", "-"], input: "<a><b/></a>")
        #expect(flat.status == 0 && flat.output == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>\n<b/>\n</a>\n")
        for expression in ["-1 + 2", "-count(//*)"] {
            let run = try ToolRun.run(["query", expression, "-"], input: "<a/>")
            #expect(run.status == 64)
            #expect(run.errors.hasSuffix("xml: note: an expression that starts with - goes after --: xml query -- '\(expression)' FILE...\n"))
        }
        #expect(try ToolRun.run(["query", "--", "-1 + 2", "-"], input: "<a/>").output == "1\n")
        // An unknown long flag is only that.
        let unknown = try ToolRun.run(["query", "--bogus", "//a", "-"], input: "<a/>")
        #expect(unknown.status == 64 && !unknown.errors.contains("note:"))
    }

    @Test("xml with no arguments prints its help on standard error and exits 64")
    func noArguments() throws {
        let run = try ToolRun.run([])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("OVERVIEW: Check, validate and inspect XML documents"))
    }
}

@Suite("xml to a closed pipe")
struct ClosedPipeTests {
    @Test("Every command writing to a pipe its reader closed ends quietly, killed by SIGPIPE, even where SIGPIPE is ignored")
    func quietlyKilled() throws {
        let directory = try TemporaryDirectory()
        // Far more than a pipe holds, so that the command is still writing when it closes.
        let big = try directory.write("<r>" + String(repeating: "<a>x</a>", count: 200_000) + "</r>", named: "big.xml")
        for arguments in [["fmt", big], ["events", big], ["query", "//a", big], ["canon", big]] {
            let (process, errors) = try ExecutableRun.runIntoClosedPipe("xml", arguments)
            #expect(process.terminationReason == .uncaughtSignal, "\(arguments)")
            #expect(process.terminationStatus == SIGPIPE, "\(arguments)")
            #expect(errors.isEmpty, "\(arguments): \(errors)")
        }
    }
}
