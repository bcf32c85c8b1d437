import Foundation
import Testing
import XMLStreaming
import XMLTestSupport
import XMLValidation

/// The DTD validator on hostile documents and DTDs: time for n and 4n, near-linear.
@Suite("DTD validation scaling", .serialized)
struct ValidationScalingTests {
    /// Validates `bytes`, collecting up to 10 errors, and returns how many there were.
    static func validate(
        _ bytes: [UInt8], options: XMLValidationOptions = XMLValidationOptions(reporting: .allErrors(maximum: 10))
    )
        throws -> Int
    {
        let parser = XMLStreamParser(handler: XMLDTDValidator(options: options))
        try parser.parse(bytes)
        return parser.handler.errors.count + parser.handler.uncountedErrors
    }

    /// Validates `document` against the external DTD `dtd`, collecting up to 10 errors, and
    /// returns how many there were.
    static func validate(document: String, externalDTD dtd: [UInt8]) throws -> Int {
        var parserOptions = XMLParserOptions()
        parserOptions.externalDTD = XMLExternalDTD(bytes: dtd, name: "scaling.dtd")
        let parser = XMLStreamParser(
            handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: parserOptions)
        try parser.parse(document)
        return parser.handler.errors.count + parser.handler.uncountedErrors
    }

    @Test("A tag with n declared attributes of every type, and one declaring n IDs")
    func attributes() throws {
        func document(_ n: Int) -> [UInt8] {
            let types = ["CDATA", "NMTOKEN", "NMTOKENS", "(v|w)", "IDREF"]
            var xml = "<!DOCTYPE r [<!ELEMENT r (e*)><!ELEMENT e EMPTY><!ATTLIST e id ID #IMPLIED><!ATTLIST r"
            for i in 0..<n { xml += " a\(i) \(types[i % types.count]) #IMPLIED" }
            xml += ">]><r"
            for i in 0..<n { xml += " a\(i)=\"\(i % types.count == 4 ? "x\(i / 2)" : "v")\"" }
            xml += ">"
            for i in 0..<n / 2 { xml += "<e id=\"x\(i)\"/>" }
            return Array((xml + "</r>").utf8)
        }
        #expect(try Self.validate(document(100)) == 0)
        let scaling = try Scaling.measure(n: 10_000, prepare: document) { bytes in
            let errors = try Self.validate(bytes)
            #expect(errors == 0)
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("A standalone document's tag with n attributes declared in a parameter entity, each needing normalization")
    func standaloneAttributes() throws {
        // External markup declarations (a parameter entity's), so that each attribute's
        // value as written is checked: the tag is read once, not once per attribute.
        func document(_ n: Int) -> [UInt8] {
            var declarations = "<!ATTLIST r"
            for i in 0..<n { declarations += " a\(i) NMTOKEN #IMPLIED" }
            declarations += ">"
            var xml = "<?xml version='1.0' standalone='yes'?><!DOCTYPE r [<!ELEMENT r EMPTY><!ENTITY % d '\(declarations)'> %d;]><r"
            for i in 0..<n { xml += " a\(i)=' v\(i)'" }
            return Array((xml + "/>").utf8)
        }
        var parserOptions = XMLParserOptions()
        parserOptions.externalDTD = XMLExternalDTD(bytes: [], name: "empty.dtd")
        func validate(_ bytes: [UInt8]) throws -> Int {
            let parser = XMLStreamParser(
                handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))),
                options: parserOptions)
            try parser.parse(bytes)
            return parser.handler.errors.count + parser.handler.uncountedErrors
        }
        #expect(try validate(document(100)) == 100)
        let scaling = try Scaling.measure(n: 4_000, prepare: document) { bytes in
            let errors = try validate(bytes)
            #expect(errors == 4_000 || errors == 16_000)
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("A parameter entity whose text declares n attributes with defaults: its text is read once for their references, not once per attribute")
    func defaultsInParameterEntity() throws {
        func document(_ n: Int) -> [UInt8] {
            let definitions = (0..<n).map { " a\($0) CDATA 'v&ok;'" }.joined()
            return Array(#"<!DOCTYPE r [<!ENTITY ok "y"><!ENTITY % d "<!ATTLIST r\#(definitions) last CDATA '&zz;'>"> <!ELEMENT r EMPTY> %d;]><r/>"#.utf8)
        }
        var parserOptions = XMLParserOptions()
        parserOptions.externalDTD = XMLExternalDTD(bytes: [], name: "empty.dtd")
        func validate(_ bytes: [UInt8]) throws -> [XMLValidationError] {
            let parser = XMLStreamParser(
                handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: parserOptions)
            try parser.parse(bytes)
            return parser.handler.errors
        }
        #expect(try validate(document(100)).map(\.code) == [.undeclaredEntity])
        let scaling = try Scaling.measure(n: 4_000, prepare: document) { bytes in
            let errors = try validate(bytes)
            #expect(errors.count == 1)
        }
        print("scaling: defaults in a parameter entity: \(scaling)"); #expect(scaling.isNearLinear(), "defaults in a parameter entity: \(scaling)")
    }

    @Test("An external DTD with n parameter entities in a row, each declaring an element")
    func elementDeclarationsInEntities() throws {
        // Each declaration's references are looked for back to its `<!ELEMENT`: not back over
        // the references before it.
        func dtd(_ n: Int) -> [UInt8] {
            var dtd = "<!ELEMENT r ANY>"
            for i in 0..<n { dtd += "<!ENTITY % d\(i) '<!ELEMENT e\(i) EMPTY>'>" }
            for i in 0..<n { dtd += "%d\(i); " }
            return Array(dtd.utf8)
        }
        #expect(try Self.validate(document: "<r/>", externalDTD: dtd(100)) == 0)
        let scaling = try Scaling.measure(n: 10_000, prepare: dtd) { bytes in
            let errors = try Self.validate(document: "<r/>", externalDTD: bytes)
            #expect(errors == 0)
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("An external DTD of n nested conditional sections, n comments and n entity literals, read once more as written")
    func conditionalSections() throws {
        func dtd(_ n: Int) -> [UInt8] {
            var dtd = "<!ELEMENT r EMPTY>"
            for i in 0..<n { dtd += "<!ENTITY % e\(i) '<![ x'><!-- <![ -->" }
            dtd += String(repeating: "<![INCLUDE[ ", count: n) + String(repeating: "]]>", count: n)
            return Array(dtd.utf8)
        }
        #expect(try Self.validate(document: "<r/>", externalDTD: dtd(10)) == 0)
        let scaling = try Scaling.measure(n: 5_000, prepare: dtd) { bytes in
            let errors = try Self.validate(document: "<r/>", externalDTD: bytes)
            #expect(errors == 0)
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("An external DTD on one line with n references right after a ), each given a space, and an error placed after them all")
    func referencesAfterParentheses() throws {
        func dtd(_ n: Int) -> [UInt8] {
            var dtd = "<!ENTITY % more '|b'><!ELEMENT a EMPTY><!ELEMENT b EMPTY>"
            for i in 0..<n { dtd += "<!ELEMENT e\(i) ((a)%more;)*><!ATTLIST e\(i) x NMTOKEN 'a b'>" }
            return Array(dtd.utf8)
        }
        #expect(try Self.validate(document: "<a/>", externalDTD: dtd(10)) == 10)
        let scaling = try Scaling.measure(n: 5_000, prepare: dtd) { bytes in
            let errors = try Self.validate(document: "<a/>", externalDTD: bytes)
            #expect(errors == 5_000 || errors == 20_000)
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("An external DTD of n declarations of every kind, half ending in a parameter entity's text, read once more as written")
    func declarationsEndingInEntities() throws {
        func dtd(_ n: Int) -> [UInt8] {
            var dtd = "<!ELEMENT r EMPTY><!ENTITY % t 'CDATA #IMPLIED>'><!ENTITY % v '\"v\">'><!ENTITY % open 'CDATA'>"
            for i in 0..<n {
                dtd += i % 2 == 0 ? "<!ATTLIST r a\(i) %t;\n<!ENTITY e\(i) %v;\n" : "<!ATTLIST r b\(i) %open; #IMPLIED><!ENTITY f\(i) 'x'>"
            }
            return Array(dtd.utf8)
        }
        #expect(try Self.validate(document: "<r/>", externalDTD: dtd(10)) == 10)
        let scaling = try Scaling.measure(n: 5_000, prepare: dtd) { bytes in
            let errors = try Self.validate(document: "<r/>", externalDTD: bytes)
            #expect(errors == 5_000 || errors == 20_000)  // n or 4n: two in each of n / 2 pairs
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("A tag with n invalid attributes, every error kept: each placed at its attribute, the tag read once for all")
    func attributeErrorPositions() throws {
        func document(_ n: Int) -> [UInt8] {
            var xml = "<!DOCTYPE r [<!ELEMENT r EMPTY><!ATTLIST r"
            for i in 0..<n { xml += " a\(i) NMTOKEN #IMPLIED" }
            xml += ">]>\n<r"
            for i in 0..<n { xml += " a\(i)='x y'" }
            return Array((xml + "/>").utf8)
        }
        let all = XMLValidationOptions(reporting: .allErrors(maximum: 1_000_000))
        #expect(try Self.validate(document(10), options: all) == 10)
        let scaling = try Scaling.measure(n: 5_000, prepare: document) { bytes in
            let errors = try Self.validate(bytes, options: all)
            #expect(errors > 0)
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test(
        "Entities' texts read for references: n bare ampersands and n tags, a chain of n entities an attribute and a default reference, n references in a default"
    )
    func entityTexts() throws {
        // Each text is read once: a bare `&` (from `&#38;`) is looked past, not read to the end.
        func ampersands(_ n: Int) -> [UInt8] {
            let text = String(repeating: "&#38;", count: n) + String(repeating: "<b", count: n) + String(repeating: "&#38;x", count: n)
            return Array("<!DOCTYPE r [<!ELEMENT r EMPTY><!ENTITY t \"\(text)\">]>\n<r/>".utf8)
        }
        #expect(try Self.validate(ampersands(10)) == 0)
        let bare = try Scaling.measure(n: 50_000, prepare: ampersands) { bytes in
            let errors = try Self.validate(bytes)
            #expect(errors == 0)
        }
        print("scaling: \(bare)"); #expect(bare.isNearLinear(), "\(bare)")
        // A chain e0 -> e1 -> ... -> e(n-1) -> undeclared, referenced by a default and a
        // tag: each entity's text is read once per declaration that follows, not per look.
        func chain(_ n: Int) -> [UInt8] {
            var dtd = "<!ELEMENT r EMPTY>"
            for i in (0..<n).reversed() { dtd += "<!ENTITY e\(i) \"\(i == n - 1 ? "&zz;" : "&e\(i + 1);")\">" }
            dtd += "<!ATTLIST r t CDATA \"&e0;\" u CDATA #IMPLIED>"
            return Array(dtd.utf8)
        }
        #expect(try Self.validate(document: "<r u='&e0;'/>", externalDTD: chain(10)) == 2)
        let deep = try Scaling.measure(n: 2_000, prepare: chain) { bytes in
            let errors = try Self.validate(document: "<r u='&e0;'/>", externalDTD: bytes)
            #expect(errors == 2)
        }
        print("scaling: \(deep)"); #expect(deep.isNearLinear(), "\(deep)")
        // One default with n references to a declared entity and one undeclared.
        func references(_ n: Int) -> [UInt8] {
            let value = String(repeating: "&ok;", count: n) + "&zz;"
            return Array("<!ELEMENT r EMPTY><!ENTITY ok 'k'><!ATTLIST r t CDATA \"\(value)\">".utf8)
        }
        let many = try Scaling.measure(n: 50_000, prepare: references) { bytes in
            let errors = try Self.validate(document: "<r/>", externalDTD: bytes)
            #expect(errors == 1)
        }
        print("scaling: \(many)"); #expect(many.isNearLinear(), "\(many)")
    }

    @Test("An external DTD with one parameter entity of an n-byte name whose text declares n/10 elements")
    func elementDeclarationsInLongNamedEntity() throws {
        // The declarations are all reported at the one reference: it is read once, not once
        // per declaration.
        func dtd(_ n: Int) -> [UInt8] {
            let name = String(repeating: "p", count: n)
            var text = ""
            for i in 0..<(n / 10) { text += "<!ELEMENT e\(i) EMPTY>" }
            return Array("<!ELEMENT r ANY><!ENTITY % \(name) '\(text)'>%\(name);".utf8)
        }
        #expect(try Self.validate(document: "<r/>", externalDTD: dtd(1_000)) == 0)
        let scaling = try Scaling.measure(n: 40_000, prepare: dtd) { bytes in
            let errors = try Self.validate(document: "<r/>", externalDTD: bytes)
            #expect(errors == 0)
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("n children through a repeated choice of n names, and n levels of nesting")
    func content() throws {
        func wide(_ n: Int) -> [UInt8] {
            let names = (0..<n).map { "e\($0)" }
            var xml = "<!DOCTYPE r [<!ELEMENT r (" + names.joined(separator: " | ") + ")*>"
            for name in names { xml += "<!ELEMENT \(name) EMPTY>" }
            xml += "]><r>"
            for name in names.reversed() { xml += "<\(name)/>" }
            return Array((xml + "</r>").utf8)
        }
        #expect(try Self.validate(wide(100)) == 0)
        let choice = try Scaling.measure(n: 5_000, prepare: wide) { bytes in
            let errors = try Self.validate(bytes)
            #expect(errors == 0)
        }
        print("scaling: repeated choice: \(choice)"); #expect(choice.isNearLinear(), "repeated choice: \(choice)")

        func deep(_ n: Int) -> [UInt8] {
            let xml =
                "<!DOCTYPE d [<!ELEMENT d (d?, t)><!ELEMENT t (#PCDATA)>]>"
                + String(repeating: "<d>", count: n) + String(repeating: "<t>x</t></d>", count: n)
            return Array(xml.utf8)
        }
        #expect(try Self.validate(deep(10)) == 0)
        let nesting = try Scaling.measure(n: 2_000, prepare: deep) { bytes in
            let errors = try Self.validate(bytes)
            #expect(errors == 0)
        }
        print("scaling: nesting: \(nesting)"); #expect(nesting.isNearLinear(), "nesting: \(nesting)")
    }

    @Test("n IDREFs before their IDs, and n errors collected under a maximum")
    func references() throws {
        func forward(_ n: Int) -> [UInt8] {
            var xml =
                "<!DOCTYPE r [<!ELEMENT r (e*)><!ELEMENT e EMPTY><!ATTLIST e id ID #IMPLIED to IDREFS #IMPLIED>]><r>"
            for i in 0..<n { xml += "<e to=\"x\(i) x\(n - 1 - i)\"/>" }
            for i in 0..<n { xml += "<e id=\"x\(i)\"/>" }
            return Array((xml + "</r>").utf8)
        }
        #expect(try Self.validate(forward(10)) == 0)
        let references = try Scaling.measure(n: 5_000, prepare: forward) { bytes in
            let errors = try Self.validate(bytes)
            #expect(errors == 0)
        }
        print("scaling: forward references: \(references)");
        #expect(references.isNearLinear(), "forward references: \(references)")

        func invalid(_ n: Int) -> [UInt8] {
            Array(
                ("<!DOCTYPE r [<!ELEMENT r (e)><!ELEMENT e EMPTY>]><r>" + String(repeating: "<x>t</x>", count: n)
                    + "</r>").utf8)
        }
        let errors = try Scaling.measure(n: 10_000, prepare: invalid) { bytes in
            let errors = try Self.validate(bytes)
            #expect(errors > 10_000)
        }
        print("scaling: errors: \(errors)"); #expect(errors.isNearLinear(), "errors: \(errors)")
    }

    @Test("n errors against a choice and an enumeration of n names, 10 of them kept")
    func errorsAgainstLargeModels() throws {
        func document(_ n: Int) -> [UInt8] {
            let names = (0..<n).map { "e\($0)" }
            // One error per <p> (after it, the rest of its content is not placed in the model).
            var xml = "<!DOCTYPE r [<!ELEMENT r (p*)><!ELEMENT p (" + names.joined(separator: " | ") + ")*><!ELEMENT x EMPTY>"
            xml += "<!ELEMENT e0 EMPTY><!ATTLIST e0 k (" + names.joined(separator: " | ") + ") #IMPLIED>]><r>"
            for i in 0..<n { xml += "<p><e0 k=\"e\(n - 1 - i)\"/><x/></p>" }
            return Array((xml + "</r>").utf8)
        }
        #expect(try Self.validate(document(10)) == 10)
        let scaling = try Scaling.measure(n: 3_000, prepare: document) { bytes in
            let errors = try Self.validate(bytes)
            #expect(errors == 3_000 || errors == 12_000, "one error per <p>")
        }
        print("scaling: errors against large models: \(scaling)")
        #expect(scaling.isNearLinear(), "errors against large models: \(scaling)")
    }

    @Test("A quadratic content model of n names stops at the limit, in time linear in the DTD")
    func quadraticModel() throws {
        func model(_ n: Int) -> [UInt8] {
            let names = (0..<n).map { "e\($0)" }
            return Array(
                ("<!DOCTYPE r [<!ELEMENT r (" + names.map { $0 + "?" }.joined(separator: ", ") + ")>]><r/>").utf8)
        }
        let options = XMLValidationOptions(reporting: .allErrors(maximum: 10), maximumContentModelSize: 100_000)
        #expect(try Self.validate(model(1_000), options: options) == 1)
        let scaling = try Scaling.measure(n: 20_000, prepare: model) { bytes in
            let errors = try Self.validate(bytes, options: options)
            #expect(errors == 1)
        }
        print("scaling: quadratic model: \(scaling)"); #expect(scaling.isNearLinear(), "quadratic model: \(scaling)")
    }
}

/// The schema validator on hostile documents: time for n and 4n, near-linear.
@Suite("XSD validation scaling", .serialized)
struct SchemaValidationScalingTests {
    static func validate(_ schema: XMLSchema, _ bytes: [UInt8]) throws -> Int {
        let validator = XMLSchemaValidator(schema: schema, options: XMLValidationOptions(reporting: .allErrors(maximum: 10)))
        let parser = XMLStreamParser(handler: validator)
        try parser.parse(bytes)
        return parser.handler.errors.count + parser.handler.uncountedErrors
    }

    @Test("n children, n attributes through a wildcard, n levels of nesting, n IDs and IDREFs")
    func documents() throws {
        let schema = try XMLSchema(string: """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:choice minOccurs="0" maxOccurs="unbounded">
                <xs:element name="e"><xs:complexType><xs:attribute name="id" type="xs:ID"/>
                  <xs:attribute name="ref" type="xs:IDREF"/></xs:complexType></xs:element>
                <xs:element ref="d"/>
              </xs:choice><xs:anyAttribute processContents="skip"/></xs:complexType></xs:element>
              <xs:element name="d"><xs:complexType><xs:sequence><xs:element ref="d" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """)
        func children(_ n: Int) -> [UInt8] {
            var xml = "<r>"
            for i in 0..<n { xml += "<e ref=\"x\(n - 1 - i)\"/><e id=\"x\(i)\"/>" }
            return Array((xml + "</r>").utf8)
        }
        func attributes(_ n: Int) -> [UInt8] {
            Array(("<r" + (0..<n).map { " a\($0)=\"v\"" }.joined() + "/>").utf8)
        }
        func nesting(_ n: Int) -> [UInt8] {
            Array(("<r>" + String(repeating: "<d>", count: n) + String(repeating: "</d>", count: n) + "</r>").utf8)
        }
        for (label, document, n) in [("children", children, 10_000), ("attributes", attributes, 10_000), ("nesting", nesting, 2_000)]
            as [(String, (Int) -> [UInt8], Int)]
        {
            #expect(try Self.validate(schema, document(100)) == 0)
            let scaling = try Scaling.measure(n: n, prepare: document) { bytes in
                let errors = try Self.validate(schema, bytes)
                #expect(errors == 0)
            }
            print("scaling: \(label): \(scaling)"); #expect(scaling.isNearLinear(), "\(label): \(scaling)")
        }
    }

    @Test("a schema of n global elements and types, and an enumeration of n values, compiled in time linear in it")
    func schemas() throws {
        func schema(_ n: Int) -> String {
            var xsd = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:simpleType name=\"E\"><xs:restriction base=\"xs:token\">"
            for i in 0..<n { xsd += "<xs:enumeration value=\"v\(i)\"/>" }
            xsd += "</xs:restriction></xs:simpleType>"
            for i in 0..<n {
                xsd += "<xs:complexType name=\"T\(i)\"><xs:sequence><xs:element name=\"a\" type=\"E\" minOccurs=\"0\"/></xs:sequence></xs:complexType>"
                xsd += "<xs:element name=\"e\(i)\" type=\"T\(i)\"/>"
            }
            return xsd + "</xs:schema>"
        }
        let scaling = try Scaling.measure(n: 1_000, prepare: schema) { text in
            _ = try XMLSchema(string: text)
        }
        print("scaling: schema: \(scaling)"); #expect(scaling.isNearLinear(), "schema: \(scaling)")
    }

    @Test("a restriction of n particles checked against a base of n: in order, and in reverse against a repeated choice")
    func particleRestriction() throws {
        func schema(_ n: Int, base: String, restriction: String, reversed: Bool) -> String {
            let names = (0..<n).map { "e\($0)" }
            func elements(_ list: [String]) -> String { list.map { #"<xs:element name="\#($0)" type="xs:string"/>"# }.joined() }
            return """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                  <xs:complexType name="B">\(base.replacingOccurrences(of: "ITEMS", with: elements(names)))</xs:complexType>
                  <xs:complexType name="R"><xs:complexContent><xs:restriction base="B">\(restriction.replacingOccurrences(of: "ITEMS", with: elements(reversed ? names.reversed() : names)))</xs:restriction></xs:complexContent></xs:complexType>
                </xs:schema>
                """
        }
        let shapes = [
            ("in order", "<xs:sequence>ITEMS</xs:sequence>", "<xs:sequence>ITEMS</xs:sequence>", false, 1_000),
            ("a repeated choice", #"<xs:choice maxOccurs="unbounded">ITEMS</xs:choice>"#, "<xs:sequence>ITEMS</xs:sequence>", true, 1_000),
        ]
        for (label, base, restriction, reversed, n) in shapes {
            let scaling = try Scaling.measure(n: n, prepare: { schema($0, base: base, restriction: restriction, reversed: reversed) }) { text in
                _ = try XMLSchema(string: text)
            }
            print("scaling: particle restriction, \(label): \(scaling)"); #expect(scaling.isNearLinear(), "\(label): \(scaling)")
        }
    }

    @Test("a record of n declared attributes met again, then again without its required one: by plan, then the full way")
    func plannedAttributes() throws {
        func input(_ n: Int) throws -> (XMLSchema, [UInt8]) {
            let declared = (0..<n).map { "<xs:attribute name=\"a\($0)\" type=\"Code\"/>" }.joined()
            let schema = try XMLSchema(string: """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                  <xs:simpleType name="Code"><xs:restriction base="xs:token"><xs:pattern value="[a-z]\\d+"/></xs:restriction></xs:simpleType>
                  <xs:element name="r"><xs:complexType><xs:sequence>
                    <xs:element name="e" maxOccurs="unbounded"><xs:complexType>\(declared)
                      <xs:attribute name="req" type="xs:string" use="required"/></xs:complexType></xs:element>
                  </xs:sequence></xs:complexType></xs:element>
                </xs:schema>
                """)
            let values = (0..<n).map { " a\($0)=\"v\($0)\"" }.joined()
            // The second <e> is placed by the content model's cache and assessed by plan; the
            // third goes through all its attributes by plan, misses the required one, and is
            // assessed again the full way, which reports it.
            return (schema, Array("<r><e req='1'\(values)/><e req='1'\(values)/><e\(values)/></r>".utf8))
        }
        let (schema, small) = try input(100)
        #expect(try Self.validate(schema, small) == 1)
        // 4·n names stay below the 10,000 the validator remembers: past them, names are
        // numbered afresh before each tag, a cost per tag that a ratio across it would show.
        let scaling = try Scaling.measure(n: 2_000, prepare: input) { input in
            let errors = try Self.validate(input.0, input.1)
            #expect(errors == 1)
        }
        print("scaling: planned attributes: \(scaling)"); #expect(scaling.isNearLinear(), "planned attributes: \(scaling)")
    }

    @Test("n children of a sequence that repeats a particle that repeats: one counter, not a reading for each split")
    func nestedCounts() throws {
        let schema = try XMLSchema(string: """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:sequence maxOccurs="50000">
                <xs:element name="a" maxOccurs="2"/></xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """)
        let document = { (n: Int) in Array(("<r>" + String(repeating: "<a/>", count: n) + "</r>").utf8) }
        #expect(try Self.validate(schema, document(3_000)) == 0)
        #expect(try Self.validate(schema, document(100_001)) == 1)
        let scaling = try Scaling.measure(n: 5_000, prepare: document) { bytes in
            let errors = try Self.validate(schema, bytes)
            #expect(errors == 0)
        }
        print("scaling: nested counts: \(scaling)"); #expect(scaling.isNearLinear(), "nested counts: \(scaling)")
    }

    @Test("n elements picked by a key, a unique and a keyref, and n levels each opening a key of their own up to the limit")
    func identityConstraints() throws {
        let schema = try XMLSchema(string: """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="r"><xs:complexType><xs:sequence>
                <xs:element name="e" minOccurs="0" maxOccurs="unbounded"><xs:complexType>
                  <xs:sequence><xs:element name="k" type="xs:int"/></xs:sequence>
                  <xs:attribute name="id" type="xs:int"/><xs:attribute name="ref" type="xs:int"/>
                </xs:complexType></xs:element>
                <xs:element ref="n" minOccurs="0"/>
              </xs:sequence></xs:complexType>
                <xs:key name="id"><xs:selector xpath="e"/><xs:field xpath="@id"/></xs:key>
                <xs:unique name="k"><xs:selector xpath=".//e"/><xs:field xpath="k"/></xs:unique>
                <xs:keyref name="ref" refer="id"><xs:selector xpath="e"/><xs:field xpath="@ref"/></xs:keyref>
              </xs:element>
              <xs:element name="n"><xs:complexType><xs:sequence><xs:element ref="n" minOccurs="0"/></xs:sequence></xs:complexType>
                <xs:unique name="nested"><xs:selector xpath=".//n"/><xs:field xpath="@v"/></xs:unique>
              </xs:element>
            </xs:schema>
            """)
        let picked = { (n: Int) in
            Array(("<r>" + (0..<n).map { "<e id='\($0)' ref='\(n - 1 - $0)'><k>\($0)</k></e>" }.joined() + "</r>").utf8)
        }
        #expect(try Self.validate(schema, picked(1_000)) == 0)
        let scaling = try Scaling.measure(n: 5_000, prepare: picked) { bytes in
            let errors = try Self.validate(schema, bytes)
            #expect(errors == 0)
        }
        print("scaling: identity constraints: \(scaling)"); #expect(scaling.isNearLinear(), "identity constraints: \(scaling)")
        // Each level opens a scope that every level below is matched against, and is picked
        // by every scope above it: bounded by the limits on open scopes and picked elements,
        // so the work per element is too.
        let nested = { (n: Int) in Array(("<r>" + String(repeating: "<n>", count: n) + String(repeating: "</n>", count: n) + "</r>").utf8) }
        let deep = try Scaling.measure(n: 2_000, prepare: nested) { bytes in _ = try Self.validate(schema, bytes) }
        print("scaling: nested identity scopes: \(deep)"); #expect(deep.isNearLinear(), "nested identity scopes: \(deep)")
    }

    @Test("a unique of n fields, each an attribute, on elements of n attributes: a field finds its attribute by name, not by reading them all")
    func fieldsOnManyAttributes() throws {
        // Each k has n attributes of distinct int values; the last k repeats the one before.
        func input(_ n: Int) -> (String, [UInt8]) {
            let fields = (0..<n).map { #"<xs:field xpath="@a\#($0)"/>"# }.joined()
            let declarations = (0..<n).map { #"<xs:attribute name="a\#($0)" type="xs:int"/>"# }.joined()
            let schema = Self.schema(
                #"<xs:element name="r"><xs:complexType><xs:sequence><xs:element name="k" maxOccurs="unbounded"><xs:complexType>\#(declarations)</xs:complexType></xs:element></xs:sequence></xs:complexType><xs:unique name="U"><xs:selector xpath="k"/>\#(fields)</xs:unique></xs:element>"#)
            let tags = (0..<10).map { j in "<k " + (0..<n).map { "a\($0)=\"\($0 * 100 + min(j, 8))\"" }.joined(separator: " ") + "/>" }
            return (schema, Array(("<r>" + tags.joined() + "</r>").utf8))
        }
        let scaling = try Scaling.measure(n: 300, prepare: input) { input in
            let errors = try Self.validate(try XMLSchema(string: input.0), input.1)
            #expect(errors == 1)
        }
        print("scaling: fields on many attributes: \(scaling)"); #expect(scaling.isNearLinear(), "fields on many attributes: \(scaling)")
    }

    /// `<xs:schema>` around `body`.
    static func schema(_ body: String) -> String { "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">\(body)</xs:schema>" }

    @Test("groups, attribute groups and unions that each reference the two before them: compiled and tried once each, not exponentially often")
    func diamonds() throws {
        // Attribute groups: A_i and B_i each reference A_{i-1} and B_{i-1}; 2^n paths to a and b.
        func attributeGroups(_ n: Int) -> String {
            var body = #"<xs:attributeGroup name="A0"><xs:attribute name="a"/></xs:attributeGroup><xs:attributeGroup name="B0"><xs:attribute name="b"/></xs:attributeGroup>"#
            for i in 1..<n {
                for name in ["A", "B"] {
                    body += #"<xs:attributeGroup name="\#(name)\#(i)"><xs:attributeGroup ref="A\#(i - 1)"/><xs:attributeGroup ref="B\#(i - 1)"/></xs:attributeGroup>"#
                }
            }
            return Self.schema(body + #"<xs:element name="r"><xs:complexType><xs:attributeGroup ref="A\#(n - 1)"/></xs:complexType></xs:element>"#)
        }
        let attributes = try XMLSchema(string: attributeGroups(60))
        #expect(try Self.validate(attributes, Array(#"<r a="1" b="2"/>"#.utf8)) == 0)
        let attributeScaling = try Scaling.measure(n: 50, prepare: attributeGroups) { text in _ = try XMLSchema(string: text) }
        print("scaling: attribute-group diamond: \(attributeScaling)"); #expect(attributeScaling.isNearLinear(), "attribute groups: \(attributeScaling)")
        // Unions: an invalid value tries int and boolean once each, however deep.
        func unions(_ n: Int) -> String {
            var body = #"<xs:simpleType name="A0"><xs:restriction base="xs:int"/></xs:simpleType><xs:simpleType name="B0"><xs:restriction base="xs:boolean"/></xs:simpleType>"#
            for i in 1..<n {
                body += #"<xs:simpleType name="A\#(i)"><xs:union memberTypes="A\#(i - 1) B\#(i - 1)"/></xs:simpleType>"#
                body += #"<xs:simpleType name="B\#(i)"><xs:union memberTypes="B\#(i - 1) A\#(i - 1)"/></xs:simpleType>"#
            }
            return Self.schema(body + #"<xs:element name="r"><xs:complexType><xs:sequence><xs:element name="v" type="A\#(n - 1)" maxOccurs="unbounded"/></xs:sequence></xs:complexType></xs:element>"#)
        }
        let union = try XMLSchema(string: unions(60))
        #expect(try Self.validate(union, Array("<r><v>1</v><v>true</v><v>x</v></r>".utf8)) == 1)
        let unionScaling = try Scaling.measure(n: 50, prepare: unions) { text in
            let errors = try Self.validate(try XMLSchema(string: text), Array(("<r>" + String(repeating: "<v>x</v>", count: 100) + "</r>").utf8))
            #expect(errors == 100)
        }
        print("scaling: union diamond: \(unionScaling)"); #expect(unionScaling.isNearLinear(), "unions: \(unionScaling)")
        // Unions of the five before each: members kept once each, not a closure per union.
        func wideUnions(_ n: Int) -> String {
            var body = #"<xs:simpleType name="U0"><xs:union memberTypes="xs:int xs:boolean"/></xs:simpleType>"#
            for i in 1..<n {
                body += #"<xs:simpleType name="U\#(i)"><xs:union memberTypes="\#((max(0, i - 5)..<i).map { "U\($0)" }.joined(separator: " "))"/></xs:simpleType>"#
            }
            return Self.schema(body + #"<xs:element name="r" type="U\#(n - 1)"/>"#)
        }
        let wideScaling = try Scaling.measure(n: 500, prepare: wideUnions) { text in
            let errors = try Self.validate(try XMLSchema(string: text), Array("<r>x</r>".utf8))
            #expect(errors == 1)
        }
        print("scaling: wide unions: \(wideScaling)"); #expect(wideScaling.isNearLinear(), "wide unions: \(wideScaling)")
        // Model groups: the expansion is exponential, and refused as soon as it passes the limit.
        var body = #"<xs:group name="A0"><xs:sequence><xs:element name="a" minOccurs="0"/></xs:sequence></xs:group><xs:group name="B0"><xs:sequence><xs:element name="b" minOccurs="0"/></xs:sequence></xs:group>"#
        for i in 1..<40 {
            for name in ["A", "B"] {
                body += #"<xs:group name="\#(name)\#(i)"><xs:choice><xs:group ref="A\#(i - 1)"/><xs:group ref="B\#(i - 1)"/></xs:choice></xs:group>"#
            }
        }
        let groups = Self.schema(body + #"<xs:element name="r"><xs:complexType><xs:group ref="A39"/></xs:complexType></xs:element>"#)
        #expect { _ = try XMLSchema(string: groups) } throws: { error in
            (error as? XMLValidationError)?.code == .unreadableSchema && "\(error)".contains("particles, its groups expanded")
        }
    }

    @Test("a chain of substitution groups, its first head in a content model: members worked out for that head only, in linear time")
    func substitutionChain() throws {
        // e_i's head is e_{i-1}: n²/2 pairs of head and member, but only e0 is placed. The
        // names sort in the chain's order, so each head is compiled before its member.
        func name(_ i: Int) -> String { "e" + String(String(100_000 + i).dropFirst()) }
        func chain(_ n: Int) -> (String, [UInt8]) {
            let body = #"<xs:element name="\#(name(0))"/>"#
                + (1..<n).map { #"<xs:element name="\#(name($0))" substitutionGroup="\#(name($0 - 1))"/>"# }.joined()
                + #"<xs:element name="r"><xs:complexType><xs:sequence><xs:element ref="\#(name(0))" maxOccurs="unbounded"/></xs:sequence></xs:complexType></xs:element>"#
            return (Self.schema(body), Array(("<r>" + (0..<n).map { "<\(name($0))/>" }.joined() + "<x/></r>").utf8))
        }
        let scaling = try Scaling.measure(n: 500, prepare: chain) { input in
            let errors = try Self.validate(try XMLSchema(string: input.0), input.1)
            #expect(errors == 1)
        }
        print("scaling: substitution chain: \(scaling)"); #expect(scaling.isNearLinear(), "substitution chain: \(scaling)")
    }

    @Test("a chain of 5,000 references (bases, groups, attribute groups, member types, substitution heads) is refused, not a crash")
    func referenceChains() throws {
        let chains: [(String, (Int) -> String)] = [
            ("complex restrictions", { n in
                (1..<n).map { #"<xs:complexType name="T\#($0)"><xs:complexContent><xs:restriction base="T\#($0 - 1)"/></xs:complexContent></xs:complexType>"# }.joined()
                    + #"<xs:complexType name="T0"/>"#
            }),
            ("simple restrictions", { n in
                (1..<n).map { #"<xs:simpleType name="T\#($0)"><xs:restriction base="T\#($0 - 1)"/></xs:simpleType>"# }.joined()
                    + #"<xs:simpleType name="T0"><xs:restriction base="xs:int"/></xs:simpleType>"#
            }),
            ("groups", { n in
                (1..<n).map { #"<xs:group name="T\#($0)"><xs:sequence><xs:group ref="T\#($0 - 1)"/></xs:sequence></xs:group>"# }.joined()
                    + #"<xs:group name="T0"><xs:sequence><xs:element name="a"/></xs:sequence></xs:group>"#
                    + #"<xs:complexType name="U"><xs:group ref="T\#(n - 1)"/></xs:complexType>"#
            }),
            ("attribute groups", { n in
                (1..<n).map { #"<xs:attributeGroup name="T\#($0)"><xs:attributeGroup ref="T\#($0 - 1)"/></xs:attributeGroup>"# }.joined()
                    + #"<xs:attributeGroup name="T0"><xs:attribute name="a"/></xs:attributeGroup>"#
            }),
            ("unions", { n in
                (1..<n).map { #"<xs:simpleType name="T\#($0)"><xs:union memberTypes="T\#($0 - 1)"/></xs:simpleType>"# }.joined()
                    + #"<xs:simpleType name="T0"><xs:restriction base="xs:int"/></xs:simpleType>"#
            }),
            ("substitution groups", { n in
                (1..<n).map { #"<xs:element name="T\#($0)" substitutionGroup="T\#($0 - 1)"/>"# }.joined() + #"<xs:element name="T0"/>"#
            }),
        ]
        for (label, chain) in chains {
            // Deep, in a debug build on a test's thread: compiled.
            _ = try XMLSchema(string: Self.schema(chain(120)))
            do {
                _ = try XMLSchema(string: Self.schema(chain(5_000)))
                Issue.record("\(label): a chain of 5,000 compiled")
            } catch {
                // As deep as the stack allows, or (model groups, whose checks recurse after
                // compiling) deeper than 256.
                #expect(
                    error.code == .unreadableSchema
                        && (error.message.contains("deeper here than this thread's stack allows")
                            || error.message.contains("nests model groups deeper than 256")), "\(label): \(error)")
            }
        }
    }

    @Test("a chain of 5,000 bases compiled on a thread of a 1 MiB stack is refused there too, not a crash")
    func referenceChainOnSmallStack() {
        final class Outcome: @unchecked Sendable {
            var code: XMLValidationError.Code?
            let done = DispatchSemaphore(value: 0)
        }
        let text = Self.schema(
            (1..<5_000).map { #"<xs:complexType name="T\#($0)"><xs:complexContent><xs:restriction base="T\#($0 - 1)"/></xs:complexContent></xs:complexType>"# }
                .joined() + #"<xs:complexType name="T0"/>"#)
        let outcome = Outcome()
        let thread = Thread {
            do { _ = try XMLSchema(string: text) } catch { outcome.code = (error as? XMLValidationError)?.code }
            outcome.done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        outcome.done.wait()
        #expect(outcome.code == .unreadableSchema)
    }

    @Test("k types each referencing one group of 100 optional elements: checked up to ten models' work, then refused")
    func manyCheckedModels() throws {
        func schema(_ k: Int) -> String {
            Self.schema(
                #"<xs:group name="G"><xs:sequence>"# + (0..<100).map { #"<xs:element name="e\#($0)" minOccurs="0"/>"# }.joined()
                    + "</xs:sequence></xs:group>" + (0..<k).map { #"<xs:complexType name="T\#($0)"><xs:group ref="G"/></xs:complexType>"# }.joined())
        }
        // Each model takes a few thousand of the 50,000 here, all of them 500,000: about a hundred.
        let options = XMLSchema.Options(maximumContentModelWork: 50_000)
        _ = try XMLSchema(string: schema(10), options: options)
        #expect { _ = try XMLSchema(string: schema(1_000), options: options) } throws: { error in
            (error as? XMLValidationError)?.code == .unreadableSchema && "\(error)".contains("10 times it together")
        }
    }
    @Test("a schema of n documents that each import all the others: read in time linear in its n² imports")
    func importsOfEveryDocument() throws {
        // Each run writes its own directory: √edges documents, each importing every other.
        let scaling = try Scaling.measure(n: 10_000, prepare: { edges -> (TemporaryDirectory, String) in
            let documents = Int(Double(edges).squareRoot())
            let directory = try TemporaryDirectory()
            for i in 0..<documents {
                let imports = (0..<documents).filter { $0 != i }.map { #"<xs:import namespace="urn:\#($0)" schemaLocation="d\#($0).xsd"/>"# }
                try directory.write(
                    #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:\#(i)">\#(imports.joined())<xs:element name="e"/></xs:schema>"#,
                    named: "d\(i).xsd")
            }
            let root = try directory.write(Self.schema(#"<xs:import namespace="urn:0" schemaLocation="d0.xsd"/><xs:element name="r"/>"#), named: "s.xsd")
            return (directory, root)
        }) { input in
            let schema = try XMLSchema(contentsOf: input.1)
            #expect(try Self.validate(schema, Array("<r/>".utf8)) == 0)
        }
        print("scaling: imports of every document: \(scaling)"); #expect(scaling.isNearLinear(), "imports of every document: \(scaling)")
    }
}
