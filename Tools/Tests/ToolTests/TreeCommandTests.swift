import Foundation
import Testing
import XMLTestSupport

@testable import XMLTool

@Suite("xml canon and xml fmt")
struct TreeCommandTests {
    @Test("canon prints James Clark's canonical form")
    func canon() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE doc [<!ATTLIST doc z CDATA \"1\">]>\n<doc b=\"x\" a=\"&#9;\"><e/><!--c--></doc>\n",
            named: "in.xml")
        let run = try ToolRun.run(["canon", file])
        #expect(run.status == 0)
        #expect(run.output == "<doc a=\"&#9;\" b=\"x\" z=\"1\"><e></e></doc>")
        let bad = try ToolRun.run(["canon", fixture("broken.xml")])
        #expect(bad.status == 1 && bad.errors.contains("error:"))
    }

    @Test("fmt re-indents, and its output reads back")
    func fmt() throws {
        let run = try ToolRun.run(["fmt", "-"], input: "<a><b>text</b>   <c><d/></c></a>")
        #expect(run.status == 0)
        #expect(run.output == """
            <?xml version="1.0" encoding="UTF-8"?>
            <a>
              <b>text</b>
              <c>
                <d/>
              </c>
            </a>

            """)
    }

    @Test("fmt and check --recover -o write what the document says: the subset's defaults stay in the subset, as xmllint --format leaves them")
    func attributeDefaults() throws {
        let input = """
            <?xml version="1.0"?>
            <!DOCTYPE doc [
              <!ELEMENT doc (p+)>
              <!ATTLIST p class CDATA "normal"
                          id ID #IMPLIED>
              <!ENTITY co "ACME &amp; Co">
              <!ENTITY chapter SYSTEM "chapter.xml">
              <!NOTATION gif PUBLIC "-//GIF//EN">
            ]>
            <doc><p>&co;</p><p class="x" id="a">&chapter;</p></doc>
            """
        let subset = """
            <!DOCTYPE doc [
            <!ELEMENT doc (p+)>
            <!ATTLIST p class CDATA "normal">
            <!ATTLIST p id ID #IMPLIED>
            <!ENTITY co "ACME &amp; Co">
            <!ENTITY chapter SYSTEM "chapter.xml">
            <!NOTATION gif PUBLIC "-//GIF//EN">
            ]>
            """
        let formatted = try ToolRun.run(["fmt", "-"], input: input)
        #expect(formatted.status == 0, "\(formatted.errors)")
        // xmllint --format writes the same but for its declaration, its order of the subset
        // (notations first, `(p)+`) and `&co;`, which the tree holds expanded.
        #expect(
            formatted.output == """
                <?xml version="1.0" encoding="UTF-8"?>
                \(subset)
                <doc>
                  <p>ACME &amp; Co</p>
                  <p class="x" id="a">&chapter;</p>
                </doc>

                """)
        let copied = try ToolRun.run(["check", "--recover", "-", "-o", "-"], input: input)
        #expect(copied.status == 0, "\(copied.errors)")
        #expect(
            copied.output == """
                <?xml version="1.0" encoding="UTF-8"?>
                \(subset)
                <doc><p>ACME &amp; Co</p><p class="x" id="a">&chapter;</p></doc>

                """)
        // A namespace declaration the subset adds by default is written where the tag's own
        // would otherwise be lost to it.
        let namespaced = #"<!DOCTYPE d [<!ATTLIST e xmlns CDATA "urn:x">]><d xmlns="urn:y"><e xmlns="urn:y"/></d>"#
        for command in [["check", "--recover", "-", "-o", "-"], ["fmt", "--indent", "0", "-"]] {
            let run = try ToolRun.run(command, input: namespaced)
            #expect(run.output.hasSuffix("<e xmlns=\"urn:y\"/>\n</d>\n") || run.output.hasSuffix("<d xmlns=\"urn:y\"><e xmlns=\"urn:y\"/></d>\n"), "\(command): \(run.output)")
        }
        // Read back, the defaults are there again.
        let canonical = try ToolRun.run(["canon", "-"], input: copied.output).output
        #expect(
            canonical == """
                <!DOCTYPE doc [
                <!NOTATION gif PUBLIC '-//GIF//EN'>
                ]>
                <doc><p class="normal">ACME &amp; Co</p><p class="x" id="a">&chapter;</p></doc>
                """, "\(canonical)")
    }
}

@Suite("xml query")
struct QueryCommandTests {
    @Test("nodes as XML, values as text, prefixes with --ns, errors with their column")
    func query() throws {
        let schedule = fixture("small.xml")
        let count = try ToolRun.run(["query", "count(//*)", schedule])
        #expect(count.status == 0 && count.output == "2\n", "\(count.output)")
        let feed = "<f:feed xmlns:f=\"urn:f\"><f:entry id=\"1\">A &amp; B</f:entry><f:entry id=\"2\"/></f:feed>"
        let nodes = try ToolRun.run(["query", "//e:entry", "-", "--ns", "e=urn:f"], input: feed)
        #expect(nodes.output == "<f:entry xmlns:f=\"urn:f\" id=\"1\">A &amp; B</f:entry>\n<f:entry xmlns:f=\"urn:f\" id=\"2\"/>\n")
        let attributes = try ToolRun.run(["query", "//e:entry/@id", "-", "--ns", "e=urn:f"], input: feed)
        #expect(attributes.output == "id=\"1\"\nid=\"2\"\n")
        // With --ns, a prefix it leaves out is the run's error, with its column.
        let unbound = try ToolRun.run(["query", "//e:entry", "-", "--ns", "x=urn:f"], input: feed)
        #expect(unbound.status == 2)
        #expect(unbound.errors.hasPrefix("xml: error: column 3: the prefix \"e\" is not bound: bind it with --ns e=URI"))
        // A malformed expression is told as such, whatever its prefixes.
        let bad = try ToolRun.run(["query", "//e:entry[", "-"], input: feed)
        #expect(bad.status == 2)
        #expect(bad.errors.hasPrefix("xml: error: column 11: expected an expression"))
    }
}

@Suite("xml c14n")
struct C14NCommandTests {
    let document = """
        <?xml version="1.0"?>
        <!-- signed -->
        <doc xmlns="urn:d" xmlns:unused="urn:u" b='2' a="1"><x:e xmlns:x="urn:x"/></doc>
        """

    @Test("Canonical XML 1.0, with comments, exclusive, and a subset by XPath")
    func forms() throws {
        #expect(
            try ToolRun.run(["c14n", "-"], input: document).output
                == #"<doc xmlns="urn:d" xmlns:unused="urn:u" a="1" b="2"><x:e xmlns:x="urn:x"></x:e></doc>"#)
        #expect(try ToolRun.run(["c14n", "--with-comments", "-"], input: document).output.hasPrefix("<!-- signed -->\n<doc"))
        #expect(
            try ToolRun.run(["c14n", "--exclusive", "-"], input: document).output
                == #"<doc xmlns="urn:d" a="1" b="2"><x:e xmlns:x="urn:x"></x:e></doc>"#)
        #expect(
            try ToolRun.run(["c14n", "--exclusive", "--inclusive-prefixes", "unused", "-"], input: document).output
                == #"<doc xmlns="urn:d" xmlns:unused="urn:u" a="1" b="2"><x:e xmlns:x="urn:x"></x:e></doc>"#)
        let subset = try ToolRun.run(
            ["c14n", "--xpath", "(//. | //@* | //namespace::*)[ancestor-or-self::x:e]", "--ns", "x=urn:x", "-"], input: document)
        #expect(subset.output == #"<x:e xmlns="urn:d" xmlns:unused="urn:u" xmlns:x="urn:x"></x:e>"#)
        #expect(try ToolRun.run(["c14n", "--c14n-version", "1.1", "-"], input: document).status == 0)
        // Without --ns, the root's prefixes are bound (_ for its default namespace), as in xml query.
        let rooted = try ToolRun.run(["c14n", "--xpath", "(//. | //@* | //namespace::*)[ancestor-or-self::_:doc]", "-"], input: document)
        #expect(rooted.status == 0)
        #expect(rooted.output == #"<doc xmlns="urn:d" xmlns:unused="urn:u" a="1" b="2"><x:e xmlns:x="urn:x"></x:e></doc>"#)
    }

    @Test("Comments and processing instructions inside the DOCTYPE are the DTD's: c14n leaves them out, as xmllint --c14n does, and fmt and check --recover keep them there")
    func doctypeComments() throws {
        let input = "<!DOCTYPE a SYSTEM \"a.dtd\" [\n<!-- in the subset -->\n<?pi in the subset?>\n<!ATTLIST a b CDATA #IMPLIED>\n]>\n<!-- after -->\n<a/>\n"
        // What xmllint --c14n (which keeps comments) writes for it.
        #expect(try ToolRun.run(["c14n", "--with-comments", "-"], input: input).output == "<!-- after -->\n<a></a>")
        let subset = "<!DOCTYPE a SYSTEM \"a.dtd\" [\n<!-- in the subset -->\n<?pi in the subset?>\n<!ATTLIST a b CDATA #IMPLIED>\n]>\n"
        let formatted = try ToolRun.run(["fmt", "-"], input: input)
        #expect(formatted.output == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + subset + "<!-- after -->\n<a/>\n")
        let copied = try ToolRun.run(["check", "--recover", "-", "-o", "-"], input: input)
        #expect(copied.output == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + subset + "<!-- after --><a/>\n", "\(copied.output)")
    }

    @Test("--version is the tool's; the method's version is --c14n-version; the help says which flags are xmllint's")
    func versions() throws {
        let version = try ToolRun.run(["c14n", "--version"])
        #expect(version.status == 0 && version.output.hasPrefix("xml (XMLStack "))
        let help = try ToolRun.run(["c14n", "--help"]).output
        #expect(help.components(separatedBy: "--version").count == 2, "\(help)")
        #expect(help.contains("xmllint --c14n is xml c14n --with-comments"))
    }

    @Test("Usage errors exit 64; a malformed expression or an unbound prefix exits 2, as in query; a malformed document 1")
    func errors() throws {
        #expect(try ToolRun.run(["c14n", "--c14n-version", "2.0", "-"], input: document).status == 64)
        #expect(try ToolRun.run(["c14n", "--inclusive-prefixes", "a", "-"], input: document).status == 64)
        #expect(try ToolRun.run(["c14n", "--no-namespaces", "-"], input: document).status == 64)
        let bad = try ToolRun.run(["c14n", "--xpath", "//[", "-"], input: document)
        #expect(bad.status == 2 && bad.errors.hasPrefix("xml: error: column"))
        let unbound = try ToolRun.run(["c14n", "--xpath", "//q:e", "-"], input: document)
        #expect(unbound.status == 2)
        #expect(unbound.errors.hasPrefix("xml: error: column 3: the prefix \"q\" is not bound: bind it with --ns q=URI"))
        #expect(try ToolRun.run(["c14n", "-"], input: "<a>").status == 1)
    }
}
