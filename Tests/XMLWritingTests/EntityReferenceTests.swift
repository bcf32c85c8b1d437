import Testing
import XMLStreaming
import XMLTestSupport
import XMLWriting

/// `entityReference(_:)`: a reference the document's external DTD may declare, written back
/// only where it reads back.
@Suite("Writing entity references")
struct EntityReferenceTests {
    private static let xhtml = (
        publicID: "-//W3C//DTD XHTML 1.0 Strict//EN", systemID: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"
    )

    @Test("After a DOCTYPE naming an external DTD, &name; is written and reads back as the same skipped entity")
    func readsBack() throws {
        let writer = try XMLStreamWriter(options: .init(indentation: "  "))
        try writer.declaration()
        try writer.doctype(name: "p", publicID: Self.xhtml.publicID, systemID: Self.xhtml.systemID)
        try writer.startElement("p")
        try writer.text("Price:")
        try writer.entityReference("nbsp")
        try writer.text("10")
        try writer.endElement()
        try writer.finish()
        #expect(
            writer.string == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE p PUBLIC "\(Self.xhtml.publicID)" "\(Self.xhtml.systemID)">
                <p>Price:&nbsp;10</p>
                """ + "\n")
        let events = try EventRecorder.events(of: writer.bytes)
        #expect(events.contains(.skippedEntity(name: "nbsp", isParameterEntity: false)))
        #expect(events.contains(.characters("Price:")) && events.contains(.characters("10")))
    }

    @Test("A reference as the first content closes the start tag and keeps the element as written")
    func firstContent() throws {
        let writer = try XMLStreamWriter(options: .init(indentation: "  "))
        try writer.doctype(name: "table", systemID: "table.dtd")
        try writer.startElement("table")
        try writer.startElement("td")
        try writer.entityReference("nbsp")
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        #expect(writer.string == "<!DOCTYPE table SYSTEM \"table.dtd\">\n<table>\n  <td>&nbsp;</td>\n</table>\n")
    }

    @Test("XML's five predefined entities need no DTD")
    func predefined() throws {
        let writer = try XMLStreamWriter()
        try writer.startElement("r")
        for name in ["lt", "gt", "amp", "apos", "quot"] { try writer.entityReference(name) }
        try writer.endElement()
        try writer.finish()
        #expect(writer.string == "<r>&lt;&gt;&amp;&apos;&quot;</r>")
        #expect(try EventRecorder.events(of: writer.bytes).contains(.characters("<>&'\"")))
    }

    @Test("Where no DTD may declare it, outside the root, or not a name: refused, and nothing written")
    func refusals() throws {
        func refusal(_ setUp: (XMLStreamWriter) throws -> Void, _ name: String) throws -> (XMLWriterError.Code, String) {
            let writer = try XMLStreamWriter()
            try setUp(writer)
            let before = writer.string
            let error = try #require(throws: XMLWriterError.self) { try writer.entityReference(name) }
            return (error.code, String(writer.string.dropFirst(before.count)))
        }
        // No DOCTYPE; a DOCTYPE with a name only; an external DTD in a standalone document.
        #expect(try refusal({ try $0.startElement("r") }, "nbsp") == (.undeclaredEntity, ""))
        #expect(try refusal({ try $0.doctype(name: "r"); try $0.startElement("r") }, "nbsp") == (.undeclaredEntity, ""))
        #expect(
            try refusal(
                { try $0.declaration(standalone: true); try $0.doctype(name: "r", systemID: "r.dtd"); try $0.startElement("r") },
                "nbsp") == (.undeclaredEntity, ""))
        #expect(try refusal({ try $0.doctype(name: "r", systemID: "r.dtd") }, "nbsp") == (.contentOutsideRoot, ""))
        #expect(try refusal({ try $0.doctype(name: "r", systemID: "r.dtd"); try $0.startElement("r") }, "a:b") == (.invalidName, ""))
        #expect(try refusal({ try $0.doctype(name: "r", systemID: "r.dtd"); try $0.startElement("r") }, "1x") == (.invalidName, ""))
        let error = XMLWriterError(.undeclaredEntity("nbsp"))
        #expect(error.description.hasPrefix("&nbsp; would not read back"))
    }
}
