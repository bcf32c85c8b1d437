import Testing
import XMLStreaming
import XMLValidation

/// What the validator skips to be fast, and what it must still see: text of string types is
/// not kept, yet fixed values bind; patterns walk UTF-8 bytes, yet match every character;
/// names are remembered per document up to a limit, yet a document with more still reads
/// right; an `all` group's children are bits, yet a group of more than 64 still counts.
@Suite("XSD validator shortcuts")
struct ValidatorShortcutTests {
    static let errors = SchemaValidationTests.errors
    static let schema = SchemaValidationTests.schema

    @Test("a string attribute or element with a fixed value is still compared, though plain string text is not kept")
    func fixedStrings() throws {
        let schema = try Self.schema(
            """
            <xs:element name="r"><xs:complexType><xs:sequence>
              <xs:element name="s" type="xs:string" maxOccurs="unbounded"/>
              <xs:element name="t" type="xs:token" fixed="ok"/>
            </xs:sequence><xs:attribute name="a" type="xs:string" fixed="x y"/><xs:attribute name="b" type="xs:string"/></xs:complexType></xs:element>
            """)
        #expect(try Self.errors(schema, "<r a='x y' b='any &amp; thing'><s>whatever</s><s/><t> ok </t></r>").isEmpty)
        let found = try Self.errors(schema, "<r a='x  y'><s>text</s><t>no</t></r>")
        #expect(found.map(\.code) == [.fixedValueMismatch, .fixedValueMismatch])
        #expect(found.map(\.position.line) == [1, 1])
        #expect(found.map(\.position.column) == [4, 24])
        #expect(found[0].message.contains("attribute a of <r>"), "\(found[0])")
        #expect(found[1].message.contains("element <t> must hold \"ok\""), "\(found[1])")
    }

    @Test("patterns match characters of one to four UTF-8 bytes, ASCII through the cached table and the rest decoded")
    func patternsOverUTF8() throws {
        let schema = try Self.schema(
            """
            <xs:element name="v"><xs:simpleType><xs:restriction base="xs:string">
              <xs:pattern value="[a-zäö中]+-\\p{Lu}𝄞?"/>
            </xs:restriction></xs:simpleType></xs:element>
            """)
        for valid in ["ab-Ä", "äöa-Z𝄞", "中中-Ö", "a-É𝄞"] {
            #expect(try Self.errors(schema, "<v>\(valid)</v>").isEmpty, "\(valid)")
        }
        for invalid in ["ab-ä", "aü-A", "中-A𝄞𝄞", "中-", "é-A", "a-A\u{1D11F}"] {
            #expect(try Self.errors(schema, "<v>\(invalid)</v>").map(\.code) == [.invalidValue], "\(invalid)")
        }
        // The same value twice: the second walk goes through the table the first one built.
        #expect(try Self.errors(schema, "<v>ab-Ä</v>").isEmpty)
    }

    @Test("a document with more distinct names than the validator remembers is read right past the limit")
    func manyDistinctNames() throws {
        let schema = try Self.schema(
            """
            <xs:element name="r"><xs:complexType><xs:sequence><xs:any processContents="lax" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
              <xs:attribute name="n" type="xs:int"/></xs:complexType></xs:element>
            <xs:element name="known" type="xs:int"/>
            """)
        let count = 12_000
        var xml = "<r n='1'>"
        for i in 0..<count { xml += "<e\(i) a\(i)='\(i)'/>" }
        xml += "\n<known>bad</known><known>7</known><r n='x'/></r>"
        let found = try Self.errors(schema, xml)
        #expect(found.map(\.code) == [.invalidValue, .invalidValue])
        #expect(found.map(\.position.line) == [2, 2])
        #expect(found[0].message.contains("element <known>"), "\(found[0])")
        #expect(found[1].message.contains("attribute n of <r>"), "\(found[1])")
    }

    @Test("open elements keep their names when names are numbered afresh below them")
    func namesOfOpenElementsPastTheLimit() throws {
        let schema = try Self.schema(
            """
            <xs:element name="r"><xs:complexType><xs:sequence><xs:element name="w"><xs:complexType><xs:sequence>
              <xs:any processContents="skip" minOccurs="0" maxOccurs="unbounded"/></xs:sequence></xs:complexType></xs:element>
              </xs:sequence></xs:complexType></xs:element>
            """)
        // Twice the limit of names, inside <w>: the names are numbered afresh twice while
        // <r> and <w> are open, and each error after that still names them.
        var xml = "<r><w>"
        for i in 0..<20_001 { xml += "<e\(i)/>" }
        xml += "\ntext</w><w/></r>"
        let found = try Self.errors(schema, xml)
        #expect(found.map(\.code) == [.unexpectedContent, .unexpectedElement])
        #expect(found.map(\.position.line) == [2, 2])
        #expect(found[0].message.contains("text is not allowed in <w>"), "\(found[0])")
        #expect(found[1].message.contains("element <w> not expected here in <r>"), "\(found[1])")
    }

    @Test("children read more ways than the validator follows: a limit error where it happens, and the children still checked")
    func tooManyReadings() throws {
        // Counts below their minimums at three levels: readings that differ there cover none
        // of the others, and they outgrow the thousand followed.
        let schema = try Self.schema(
            """
            <xs:element name="r"><xs:complexType><xs:sequence minOccurs="10" maxOccurs="20"><xs:sequence minOccurs="10" maxOccurs="20">
              <xs:element name="a" type="xs:int" minOccurs="10" maxOccurs="20"/><xs:element name="b" minOccurs="0"/>
            </xs:sequence></xs:sequence></xs:complexType></xs:element>
            """)
        let found = try Self.errors(schema, "<r>" + String(repeating: "<a>1</a>", count: 1_000) + "\n<a>x</a></r>")
        #expect(found.map(\.code) == [.limitExceeded, .invalidValue])
        #expect(found.map(\.position.line) == [1, 2])
        #expect(found[0].message.contains("the children of <r> can be read more ways than the validator follows (1000)"), "\(found[0])")
        #expect(found[1].message.contains("element <a>: \"x\" is not a valid int"), "\(found[1])")
    }

    @Test("an all group of 70 elements takes them in any order, each once")
    func wideAllGroup() throws {
        let children = (0..<70).map { "<xs:element name=\"e\($0)\" type=\"xs:int\" minOccurs=\"0\"/>" }.joined()
        let schema = try Self.schema("<xs:element name=\"r\"><xs:complexType><xs:all>\(children)</xs:all></xs:complexType></xs:element>")
        let reversed = (0..<70).reversed().map { "<e\($0)>\($0)</e\($0)>" }.joined()
        #expect(try Self.errors(schema, "<r>\(reversed)</r>").isEmpty)
        for twice in [3, 63, 64, 69] {
            let found = try Self.errors(schema, "<r><e\(twice)>1</e\(twice)><e10>1</e10><e\(twice)>2</e\(twice)></r>")
            #expect(found.map(\.code) == [.unexpectedElement], "e\(twice): \(found)")
        }
    }
}
