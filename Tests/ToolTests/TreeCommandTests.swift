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
}
