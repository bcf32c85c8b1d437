import Testing
import XMLStreaming

/// The README's first example, kept compiling and true.
@Suite("The README's first example")
struct ReadmeExampleTests {
    struct TeamCodes: XMLEventHandler {
        var codes: [String] = []
        mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
            if name.localName == "team", let code = attributes["code"] {
                codes.append(code.string)
            }
        }
    }

    @Test("Collects the team codes of the shipped sample")
    func teamCodes() throws {
        let parser = XMLStreamParser(handler: TeamCodes())
        try parser.parse(contentsOf: Fixture.path("schedule.xml"))
        #expect(parser.handler.codes == ["100"])
    }
}
