import Testing
import XMLStreaming

/// The borrowed views point into expat's buffers, which are reused when a callback returns:
/// in a debug build, reading one after its callback traps (docs/GettingStarted.md).
@Suite("Borrowed views kept past their callback")
struct BorrowedViewTests {
    /// Keeps every view it is given, and reads them only when `readNow` is set.
    struct Keeper: XMLEventHandler {
        var name: XMLName?
        var attributes: XMLAttributes?
        var attribute: XMLAttribute?
        var text: XMLStringView?
        var local: XMLStringView?
        mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
            self.name = name
            self.attributes = attributes
            self.attribute = attributes.first
            local = name.localName
        }
        mutating func characters(_ text: XMLStringView) { self.text = text }
    }

    @Test("Views read during their callback, and copies kept after it, are what the document says")
    func copiesAreFine() throws {
        struct Copier: XMLEventHandler {
            var copies: [String] = []
            mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
                copies.append(name.qualifiedName)
                copies += attributes.map { "\($0.name.qualifiedName)=\($0.value.string)" }
            }
            mutating func characters(_ text: XMLStringView) { copies.append(text.trimmingWhitespace.string) }
        }
        let parser = XMLStreamParser(handler: Copier())
        try parser.parse("<a k='v'>text</a>")
        #expect(parser.handler.copies == ["a", "k=v", "text"])
    }

    @Test("A view stays valid while a parse inside its callback runs and after it returns")
    func nestedParse() throws {
        struct Outer: XMLEventHandler {
            var seen: [String] = []
            mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
                let inner = XMLStreamParser(handler: XMLEventCollector())
                try inner.parse("<inner/>")
                seen.append(name.localName.string)  // read after the inner parse's callbacks returned
            }
        }
        let parser = XMLStreamParser(handler: Outer())
        try parser.parse("<outer><b/></outer>")
        #expect(parser.handler.seen == ["outer", "b"])
    }

    #if DEBUG
    @Test("Reading a kept XMLStringView after its callback traps")
    func keptText() async {
        await #expect(processExitsWith: .failure) {
            let parser = XMLStreamParser(handler: BorrowedViewTests.Keeper())
            try? parser.parse("<a k='v'>text</a>")
            _ = parser.handler.text?.string
        }
    }

    @Test("Reading a kept XMLName after its callback traps")
    func keptName() async {
        await #expect(processExitsWith: .failure) {
            let parser = XMLStreamParser(handler: BorrowedViewTests.Keeper())
            try? parser.parse("<a k='v'>text</a>")
            _ = parser.handler.name?.qualifiedName
        }
    }

    @Test("Reading kept attributes, one attribute, or a name's part after the callback traps")
    func keptAttributes() async {
        await #expect(processExitsWith: .failure) {
            let parser = XMLStreamParser(handler: BorrowedViewTests.Keeper())
            try? parser.parse("<a k='v'>text</a>")
            _ = parser.handler.attributes?["k"]
        }
        await #expect(processExitsWith: .failure) {
            let parser = XMLStreamParser(handler: BorrowedViewTests.Keeper())
            try? parser.parse("<a k='v'>text</a>")
            _ = parser.handler.attribute?.value.string
        }
        await #expect(processExitsWith: .failure) {
            let parser = XMLStreamParser(handler: BorrowedViewTests.Keeper())
            try? parser.parse("<a k='v'>text</a>")
            _ = parser.handler.local?.string
        }
    }
    #endif
}
