import Testing
import XMLWriting

/// Names checked once (`XMLWriterName`) write exactly what the same `String` names write,
/// and are refused and checked where those are.
@Suite("The writer with checked names")
struct WriterNameTests {
    /// Writes one document twice, with `String` names and with checked ones.
    static func both(
        options: XMLStreamWriter.Options = .init(),
        _ body: (XMLStreamWriter, (String) throws -> Void, (String, String) throws -> Void, (String, String) throws -> Void) throws -> Void
    ) throws -> (String, String) {
        let plain = try XMLStreamWriter(options: options)
        try body(plain, { try plain.startElement($0) }, { try plain.attribute($0, value: $1) }, { try plain.element($0, text: $1) })
        try plain.finish()
        let checked = try XMLStreamWriter(options: options)
        try body(
            checked, { try checked.startElement(XMLWriterName($0)) }, { try checked.attribute(XMLWriterName($0), value: $1) },
            { try checked.element(XMLWriterName($0), text: $1) })
        try checked.finish()
        return (plain.string, checked.string)
    }

    @Test("the same bytes as String names: attributes, escaping, colons, empty elements, indentation", arguments: [nil, "  "])
    func sameBytes(_ indentation: String?) throws {
        let (plain, checked) = try Self.both(options: .init(indentation: indentation)) { writer, start, attribute, element in
            try start("schedule")
            try attribute("xml:lang", "de")
            try start("site")
            try attribute("code", "a \"b\" <c>\t")
            try element("name", "Faust & <Co.>\r\n")
            try element("empty", "")
            try element("stripped", "\u{1}")
            try start("g:raw")
            try writer.text("x")
            try writer.endElement()
            try writer.endElement()
            try writer.endElement()
        }
        #expect(checked == plain)
        #expect(checked.contains("<stripped/>"))
    }

    @Test("inside a default namespace, a checked name is undeclared as a String name is")
    func defaultNamespace() throws {
        let (plain, checked) = try Self.both { writer, start, _, _ in
            try writer.startElement("feed", namespace: "urn:feed")
            try start("plain")
            try writer.endElement()
            try writer.endElement()
        }
        #expect(checked == plain)
        #expect(checked.contains("<plain xmlns=\"\"/>"))
    }

    @Test("refusals: a bad name, a repeated attribute (either kind), an attribute outside a tag, a declaration checked as one")
    func refusals() throws {
        #expect(throws: XMLWriterError.self) { try XMLWriterName("1st") }
        #expect(throws: XMLWriterError.self) { try XMLWriterName("a b") }
        let writer = try XMLStreamWriter()
        let code = try XMLWriterName("code")
        #expect(throws: XMLWriterError.self) { try writer.attribute(code, value: "x") }
        try writer.startElement(XMLWriterName("site"))
        try writer.attribute(code, value: "1")
        #expect(throws: XMLWriterError.self) { try writer.attribute(code, value: "2") }
        #expect(throws: XMLWriterError.self) { try writer.attribute("code", value: "3") }
        // Another checked name with the same string is the same name.
        #expect(throws: XMLWriterError.self) { try writer.attribute(XMLWriterName("code"), value: "4") }
        try writer.attribute("zip", value: "5")
        #expect(throws: XMLWriterError.self) { try writer.attribute(XMLWriterName("zip"), value: "6") }
        // xmlns:p goes through the declaration's checks: the xmlns URI may not be bound.
        #expect(throws: XMLWriterError.self) { try writer.attribute(XMLWriterName("xmlns:p"), value: "http://www.w3.org/2000/xmlns/") }
        try writer.endElement()
        try writer.finish()
        #expect(writer.string == "<site code=\"1\" zip=\"5\"/>")
    }

    @Test("a tag with many checked attributes still refuses a repeat, whichever way it is named")
    func manyAttributes() throws {
        let writer = try XMLStreamWriter()
        try writer.startElement("doc")
        try writer.startElement("r")
        let names = try (0..<40).map { try XMLWriterName("a\($0)") }
        for name in names { try writer.attribute(name, value: "v") }
        #expect(throws: XMLWriterError.self) { try writer.attribute(XMLWriterName("a17"), value: "w") }
        #expect(throws: XMLWriterError.self) { try writer.attribute("a39", value: "w") }
        try writer.attribute("b", value: "w")
        #expect(throws: XMLWriterError.self) { try writer.attribute(XMLWriterName("b"), value: "w") }
        try writer.endElement()
        try writer.startElement("s")
        try writer.attribute(names[17], value: "again")  // a new tag starts afresh
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        #expect(writer.string.hasSuffix("<s a17=\"again\"/></doc>"))
    }

    @Test("under the throw policy a value with a character XML cannot hold writes nothing")
    func throwPolicy() throws {
        let writer = try XMLStreamWriter(options: .init(characterPolicy: .throw))
        try writer.startElement(XMLWriterName("r"))
        #expect(throws: XMLWriterError.self) { try writer.attribute(XMLWriterName("a"), value: "x\u{0}") }
        #expect(throws: XMLWriterError.self) { try writer.element(XMLWriterName("b"), text: "y\u{1}") }
        try writer.endElement()
        try writer.finish()
        #expect(writer.string == "<r/>")
    }
}
