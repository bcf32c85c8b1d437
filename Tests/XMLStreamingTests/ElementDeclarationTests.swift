import Testing
import XMLStreaming

@Suite("Element type declarations")
struct ElementDeclarationTests {
    static let subset = """
        <!DOCTYPE a [
        <!ELEMENT a (#PCDATA|b|c)*>
        <!ELEMENT b EMPTY>
        <!ELEMENT c ANY>
        <!ELEMENT d (#PCDATA)>
        <!ELEMENT e (x, (y | z)+, w?)>
        <!ELEMENT f (g)*>
        <!ELEMENT h ((i, j)*, k)>
        ]>
        <a/>
        """

    static func declarations(_ document: String) throws -> [XMLElementDeclaration] {
        let parser = XMLStreamParser(handler: XMLEventCollector())
        try parser.parse(document)
        return parser.handler.events.compactMap {
            if case .elementDeclaration(let declaration) = $0 { return declaration }
            return nil
        }
    }

    @Test("each content model is read, and written back as the DTD spells it")
    func contentModels() throws {
        let declarations = try Self.declarations(Self.subset)
        #expect(declarations.map(\.name) == ["a", "b", "c", "d", "e", "f", "h"])
        #expect(declarations.map(\.description) == ["(#PCDATA|b|c)*", "EMPTY", "ANY", "(#PCDATA)", "(x,(y|z)+,w?)", "(g)*", "((i,j)*,k)"])
        typealias Particle = XMLElementDeclaration.Particle
        #expect(declarations[0].content == .mixed(["b", "c"]))
        #expect(declarations[3].content == .mixed([]))
        #expect(
            declarations[4].content
                == .children(
                    Particle(.sequence([Particle(.name("x")), Particle(.choice([Particle(.name("y")), Particle(.name("z"))]), .oneOrMore), Particle(.name("w"), .optional)]))))
        // A group of one is a sequence, as XML's grammar has it.
        #expect(declarations[5].content == .children(Particle(.sequence([Particle(.name("g"))]), .zeroOrMore)))
        // Built by hand, a lone name is still written in parentheses.
        #expect(XMLElementDeclaration(name: "f", content: .children(Particle(.name("g"), .zeroOrMore))).description == "(g)*")
    }

    @Test("the pull reader gives the same declarations, in document order")
    func pull() throws {
        let reader = XMLEventReader(bytes: Array(Self.subset.utf8))
        var seen: [String] = []
        while let event = try reader.next() {
            if case .elementDeclaration(let declaration) = event { seen.append("\(declaration.name) \(declaration)") }
        }
        #expect(seen == (try Self.declarations(Self.subset)).map { "\($0.name) \($0)" })
        #expect(seen.count == 7)
    }

    @Test("a content model nesting groups deeper than 1,000 is refused at its declaration")
    func tooDeep() throws {
        func document(_ depth: Int) -> String {
            "<!DOCTYPE a [\n<!ELEMENT a " + String(repeating: "(", count: depth) + "b" + String(repeating: ")*", count: depth) + ">]><a/>"
        }
        #expect(try Self.declarations(document(1_000)).count == 1)
        do {
            _ = try Self.declarations(document(100_000))
            Issue.record("a content model 100,000 groups deep was read")
        } catch let error as XMLParseError {
            #expect(error.code == .depthLimitExceeded)
            #expect(error.position.line == 2)
            #expect(error.message.contains("element a"))
        }
    }
}
