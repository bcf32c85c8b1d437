import Foundation
import Testing
import XMLTestSupport

/// `xml check` never passes over an entity reference the parser could not expand: an
/// XHTML page's `&nbsp;` (declared in the external DTD, which is never read), DocBook's
/// `&mdash;`, an external entity of the internal subset.
@Suite("xml check warns about unexpanded entities")
struct EntityWarningTests {
    /// The warnings `xml check` printed for a fixture, its path shortened to its name.
    private func warnings(_ name: String, _ arguments: [String] = []) throws -> (status: Int32, lines: [String]) {
        let run = try ToolRun.run(["check"] + arguments + [fixture(name)])
        let lines = run.errors.split(separator: "\n").map { $0.replacingOccurrences(of: fixture(name), with: name) }
        return (run.status, lines)
    }

    private static let dtd = "is not expanded: it may be declared in the external DTD, which is never read"

    @Test("DocBook: one warning per reference, at its &, and the file passes")
    func docBook() throws {
        let (status, lines) = try warnings("book.xml")
        #expect(status == 0)
        #expect(
            lines == [
                "book.xml:5:20: warning: entity &mdash; \(Self.dtd)",
                "book.xml:6:45: warning: entity &nbsp; \(Self.dtd)",
                "book.xml:7:24: warning: entity &copy; \(Self.dtd)",
                "book.xml:7:40: warning: entity &trade; \(Self.dtd)",
                "book.xml:11:26: warning: entity &nbsp; \(Self.dtd)",
                "book.xml:11:32: warning: entity &euro; \(Self.dtd)",
                "book.xml:11:39: warning: entity &ndash; \(Self.dtd)",
                "book.xml:12:38: warning: entity &hellip; \(Self.dtd)",
            ])
    }

    @Test("XHTML: the issue's paragraph, a lone &nbsp; in a cell, a reference between elements")
    func xhtml() throws {
        let (status, lines) = try warnings("page.xhtml")
        #expect(status == 0)
        #expect(lines.count == 10)
        #expect(lines.contains("page.xhtml:10:10: warning: entity &nbsp; \(Self.dtd)"))
        #expect(lines.contains("page.xhtml:10:31: warning: entity &mdash; \(Self.dtd)"))
        #expect(lines.contains("page.xhtml:11:16: warning: entity &nbsp; \(Self.dtd)"))
        #expect(lines.contains("page.xhtml:14:15: warning: entity &middot; \(Self.dtd)"))
    }

    @Test("An external entity of the internal subset is named with its system identifier")
    func externalEntity() throws {
        let (status, lines) = try warnings("internal-external.xml")
        #expect(status == 0)
        #expect(
            lines == [
                "internal-external.xml:6:12: warning: external entity &ext; (SYSTEM \"chapter1.xml\") is not loaded: external entities are never read"
            ])
    }

    @Test("check --recover -o writes an entity the DTD may declare back as &name;, beside the warning")
    func recoverKeepsReferences() throws {
        // A name HTML does not have: the recovering reader leaves it to the parser, which
        // skips it (HTML's names it reads as their characters, and says so).
        let directory = try TemporaryDirectory()
        let input = try directory.write(
            "<!DOCTYPE doc SYSTEM \"doc.dtd\">\n<doc>Made by &acme-logo; in 2024</doc>", named: "in.xml")
        let output = directory.path + "/out.xml"
        let run = try ToolRun.run(["check", "--recover", input, "-o", output])
        #expect(run.status == 0, "\(run.errors)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("<doc>Made by &acme-logo; in 2024</doc>"))
        #expect(run.errors.contains("in.xml:2:14: warning: entity &acme-logo; \(Self.dtd)"), "\(run.errors)")
        // An external entity of the internal subset is written back with its declaration.
        let external = try ToolRun.run(["check", "--recover", fixture("internal-external.xml"), "-o", directory.path + "/x.xml"])
        #expect(external.status == 0, "\(external.errors)")
        #expect(
            try String(contentsOfFile: directory.path + "/x.xml", encoding: .utf8)
                == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE doc [\n<!ENTITY ext SYSTEM \"chapter1.xml\">\n<!ENTITY int \"internal\">\n]>\n<doc>internal &ext; end</doc>\n")
        // One declared after a parameter-entity reference is ignored, as XML asks, and so not
        // written: a reference to it cannot be written back, a failure, not a loss.
        let markup = try directory.write(
            "<!DOCTYPE doc [<!ENTITY % p SYSTEM \"p.ent\"> %p; <!ENTITY b SYSTEM \"b.xml\">]><doc>&b;</doc>", named: "pe.xml")
        let refused = try ToolRun.run(["check", "--recover", markup, "-o", directory.path + "/y.xml"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("&b; would not read back"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/y.xml"))
    }
}

/// The tools on documents whose entities are declared in an external DTD, never read.
@Suite("xml fmt, query and c14n keep or refuse unexpanded entities, never drop them")
struct EntityToolTests {
    @Test("xml fmt gives xmllint --format's output, byte for byte (DocBook; XHTML but for its ' />')")
    func format() throws {
        let book = try ToolRun.run(["fmt", fixture("book.xml")])
        #expect(book.status == 0)
        #expect(book.output == (try String(contentsOfFile: fixture("book.xmllint-format.xml"), encoding: .utf8)))
        let page = try ToolRun.run(["fmt", fixture("page.xhtml")])
        #expect(page.status == 0)
        let xmllint = try String(contentsOfFile: fixture("page.xmllint-format.xhtml"), encoding: .utf8)
        #expect(page.output == xmllint.replacingOccurrences(of: " />", with: "/>"))
    }

    @Test("xml query prints a node with its references; xml c14n refuses them with their place")
    func queryAndCanonical() throws {
        let query = try ToolRun.run(["query", "//*[local-name()='p']", fixture("page.xhtml")])
        #expect(query.output == "<p xmlns=\"http://www.w3.org/1999/xhtml\">Price:&nbsp;10&nbsp;&euro; &mdash; &copy;&nbsp;ACME</p>\n")
        let c14n = try ToolRun.run(["c14n", fixture("page.xhtml")])
        #expect(c14n.status == 1)
        #expect(c14n.errors.hasPrefix(fixture("page.xhtml") + ":5:13: error: entity &ndash; is not expanded"), "\(c14n.errors)")
    }

    @Test("xml query: a string value that needs a reference exits 2 naming it; --entities keep, skip, html")
    func queryStringValues() throws {
        let expression = "string(//*[local-name()='p'])"
        let failing = try ToolRun.run(["query", expression, fixture("page.xhtml")])
        #expect(failing.status == 2)
        #expect(failing.errors.hasPrefix(fixture("page.xhtml") + ":10:10: error: entity &nbsp; is not expanded"), "\(failing.errors)")
        let keep = try ToolRun.run(["query", "--entities", "keep", expression, fixture("page.xhtml")])
        #expect(keep.output == "Price:&nbsp;10&nbsp;&euro; &mdash; &copy;&nbsp;ACME\n")
        let skip = try ToolRun.run(["query", "--entities", "skip", expression, fixture("page.xhtml")])
        #expect(skip.output == "Price:10  ACME\n")  // xmllint --xpath's value
        let html = try ToolRun.run(["query", "--entities", "html", "--value", "//*[local-name()='p']", fixture("page.xhtml")])
        #expect(html.output == "Price:\u{A0}10\u{A0}€ — ©\u{A0}ACME\n")
        let cells = try ToolRun.run(["query", "count((//*[local-name()='td'])[1]/text())", fixture("page.xhtml")])
        #expect(cells.output == "1\n")
    }

    @Test("xml c14n and canon: --entities keep, skip and html; an entity table from declarations")
    func canonicalChoices() throws {
        let keep = try ToolRun.run(["c14n", "--entities", "keep", fixture("page.xhtml")])
        #expect(keep.status == 0 && keep.output.contains("<p>Price:&nbsp;10&nbsp;&euro; &mdash; &copy;&nbsp;ACME</p>"))
        let skip = try ToolRun.run(["c14n", "--entities", "skip", fixture("page.xhtml")])
        #expect(skip.output.contains("<p>Price:10  ACME</p>"))
        let canon = try ToolRun.run(["canon", fixture("page.xhtml")])
        #expect(canon.status == 0 && canon.output.contains("Price:&nbsp;10&nbsp;&euro; &mdash; &copy;&nbsp;ACME"))
        let failing = try ToolRun.run(["canon", "--entities", "fail", fixture("page.xhtml")])
        #expect(failing.status == 1 && failing.errors.contains(":5:13: error: entity &ndash; is not expanded"))

        let directory = try TemporaryDirectory()
        let table = try directory.write(
            "<!ENTITY nbsp \"&#160;\">\n<!ENTITY mdash \"--\">\n<!ENTITY euro \"EUR\">", named: "lat1.ent")
        let replaced = try ToolRun.run(["c14n", "--entity-table", table, fixture("page.xhtml")])
        #expect(replaced.status == 0, "\(replaced.errors)")
        #expect(replaced.output.contains("<p>Price:\u{A0}10\u{A0}EUR -- ©\u{A0}ACME</p>"))
        let broken = try directory.write("<!ENTITY a \"<b/>\">", named: "bad.ent")
        let refused = try ToolRun.run(["c14n", "--entity-table", broken, fixture("page.xhtml")])
        #expect(refused.status == 1 && refused.errors.hasPrefix(broken + ":1:"), "\(refused.errors)")
        let usage = try ToolRun.run(["c14n", "--entity-table", table, "--entities", "keep", fixture("page.xhtml")])
        #expect(usage.status == 64)
    }

    @Test("xml fmt: --entities html writes the characters; a reference in a value needs skip or html")
    func formatChoices() throws {
        let html = try ToolRun.run(["fmt", "--entities", "html", fixture("book.xml")])
        #expect(html.status == 0 && html.output.contains("<holder>ACME\u{A0}Corp.</holder>"))
        let directory = try TemporaryDirectory()
        let input = try directory.write(
            "<!DOCTYPE p SYSTEM \"p.dtd\">\n<p title=\"Buy&nbsp;now\">&nbsp;</p>", named: "value.xml")
        let refused = try ToolRun.run(["fmt", input])
        #expect(refused.status == 1)
        #expect(refused.errors.hasPrefix(input + ":2:14: error: entity &nbsp; in the value of attribute title"), "\(refused.errors)")
        let skipped = try ToolRun.run(["fmt", "--entities", "skip", input])
        #expect(skipped.output.hasSuffix("<p title=\"Buynow\"/>\n"), "\(skipped.output)")
        let check = try ToolRun.run(["check", input])
        #expect(check.status == 0)
        #expect(check.errors.contains(input + ":2:14: warning: entity &nbsp; in the value of attribute title is not expanded"))
        let strict = try ToolRun.run(["check", "--entities", "fail", input])
        #expect(strict.status == 1)
    }
}
