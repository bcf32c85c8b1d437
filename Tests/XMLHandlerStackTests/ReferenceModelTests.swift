import Testing
import XMLHandlerStack
import XMLStreaming
import XMLTestSupport

// The same stack with classes, as the book's Core Data objects were: a contact links to its
// team object, the root commits or rolls back, and nothing leaks.

private let tracker = LeakTracker()

private final class Crew {
    let code: String
    var name = ""
    var members: [Member] = []
    init(code: String) {
        self.code = code
        tracker.created()
    }
    deinit { tracker.destroyed() }
}

private final class Member {
    weak var crew: Crew?
    var isLead: Bool
    var name = ""
    init(crew: Crew, isLead: Bool) {
        self.crew = crew
        self.isLead = isLead
        tracker.created()
    }
    deinit { tracker.destroyed() }
}

/// The import root: saves crews as they complete, commits at the end, rolls back on failure.
private final class CrewStore {
    var saved: [Crew] = []
    var pending: [Crew] = []
    var events: [String] = []
}

extension CrewStore: ElementConsumer {
    func documentDidStart(context: ParseContext) { events.append("start"); pending.removeAll() }
    func adopt(_ child: any ElementConsumer, context: ParseContext) { if let crew = child as? Crew { pending.append(crew) } }
    func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) -> Bool { name.localName == "crews" }
    func documentDidEnd(context: ParseContext) {
        events.append("commit")
        saved += pending
        pending.removeAll()
    }
    func documentDidFail(_ error: any Error) {
        events.append("rollback")
        pending.removeAll()
    }
}

extension Crew: Parseable {
    convenience init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard let code = attributes["code"] else { throw context.invalid("a crew without a code") }
        self.init(code: code.string)
    }
    func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) -> Bool {
        guard name.localName == "name" else { return false }
        self.name = text.string
        return true
    }
}

extension Member: Parseable {
    convenience init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard let crew = predecessor as? Crew else { throw context.invalid("a member outside a crew") }
        let lead: Bool
        switch attributes["lead"] {
        case nil: lead = false
        case let value? where value == "YES": lead = true
        case let value? where value == "NO": lead = false
        case let value?: throw context.invalid("lead must be YES or NO, not \(value.string)")
        }
        self.init(crew: crew, isLead: lead)
        crew.members.append(self)  // the link the book makes through the predecessor
    }
    func didEnd(text: XMLStringView, context: ParseContext) { name = text.string }
}

@Suite("The handler stack with reference types and a committing root", .serialized)
struct ReferenceModelTests {
    private var routes: ParseRoutes {
        var routes = ParseRoutes()
        routes.route("crew", to: Crew.self)
        routes.route("member", to: Member.self)
        return routes
    }

    @Test("A member is linked to the very crew object below it; the root commits at the end")
    func predecessorIsTheObject() throws {
        let store = CrewStore()
        let xml = """
            <crews><crew code="100"><name>Betonbauer</name>
            <member lead="YES">Hr. Meier</member><member>Fr. Schulz</member></crew></crews>
            """
        _ = try HandlerStack.parse(xml, root: store, routes: routes)
        #expect(store.events == ["start", "commit"])
        let crew = try #require(store.saved.first)
        #expect(crew.name == "Betonbauer")
        #expect(crew.members.map(\.name) == ["Hr. Meier", "Fr. Schulz"])
        #expect(crew.members.allSatisfy { $0.crew === crew })
        #expect(crew.members.map(\.isLead) == [true, false])
    }

    @Test("An error rolls back: nothing is saved, and the error has the element's position")
    func rollback() throws {
        let store = CrewStore()
        let xml = "<crews>\n<crew code=\"1\"><name>A</name></crew>\n<crew code=\"2\"><member lead=\"maybe\">X</member></crew>\n</crews>"
        let error = try #require(throws: HandlerStackError.self) {
            _ = try HandlerStack.parse(xml, root: store, routes: routes)
        }
        #expect(error.message == "lead must be YES or NO, not maybe")
        #expect(error.position == XMLPosition(line: 3, column: 16, byteOffset: 60))
        #expect(store.events == ["start", "rollback"])
        #expect(store.saved.isEmpty && store.pending.isEmpty)
    }

    @Test("Nothing is left alive after a parse, whether it succeeded or failed")
    func noLeaks() throws {
        do {
            let store = CrewStore()
            _ = try HandlerStack.parse(
                "<crews><crew code='1'><member>A</member></crew></crews>", root: store, routes: routes)
            #expect(tracker.liveCount == 2)
            _ = try? HandlerStack.parse(
                "<crews><crew code='2'><member>B</member></crew><crew>", root: CrewStore(), routes: routes)
        }
        #expect(tracker.liveCount == 0)
    }
}
