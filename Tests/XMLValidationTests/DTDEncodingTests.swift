import Testing
import XMLStreaming
import XMLValidation

/// A DTD, or a document with its internal subset, in another encoding than UTF-8 is checked
/// as the same text in UTF-8 is, with lines and columns in characters and byte offsets in
/// the file.
@Suite("DTD validation in any encoding")
struct DTDEncodingTests {
    /// The errors of `document` against the DTD `dtd` (both as bytes), as
    /// `LINE:COLUMN@BYTE CODE: MESSAGE`, or the parse error that stopped it.
    static func errors(_ document: [UInt8], dtd: [UInt8]? = nil) -> [String] {
        var options = XMLParserOptions()
        // As `xml validate --valid` reads one: with an empty DTD, which has parameter entities read.
        options.externalDTD = XMLExternalDTD(bytes: dtd ?? [], name: "t.dtd")
        let parser = XMLStreamParser(
            handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))), options: options)
        do {
            try parser.parse(document)
        } catch let error as XMLParseError {
            return ["\(error.position.line):\(error.position.column)@\(error.position.byteOffset) \(error.code): \(error.message)"]
        } catch {
            return ["\(error)"]
        }
        return parser.handler.errors.map { "\($0.position.line):\($0.position.column)@\($0.position.byteOffset) \($0.code): \($0.message)" }
    }

    static func utf16LE(_ text: String, byteOrderMark: Bool = true) -> [UInt8] {
        (byteOrderMark ? [0xFF, 0xFE] : []) + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static func latin1(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8($0.value) } }

    @Test("a DTD file in Latin-1, by any of its names, is read; a parameter entity named beyond ASCII is checked")
    func latin1DTD() {
        let document = Array("<r><b/></r>".utf8)
        for label in ["latin1", "ISO_8859-1", "Latin-1"] {
            let dtd = Self.latin1("<?xml encoding=\"\(label)\"?>\n<!ELEMENT r (b)>\n<!ELEMENT b EMPTY>\n<!-- caf\u{E9} -->\n")
            #expect(Self.errors(document, dtd: dtd) == [], "\(label)")
        }
        // Proper Group/PE Nesting, as in UTF-8, at the `)` that closes outside the entity; the
        // byte offset counts one byte for é.
        let nesting = Self.latin1("<?xml encoding=\"ISO-8859-1\"?>\n<!ENTITY % p\u{E9} \"(b\">\n<!ELEMENT r ( %p\u{E9}; ))>\n<!ELEMENT b EMPTY>\n")
        let found = Self.errors(document, dtd: nesting)
        #expect(found == [
            "3:21@70 invalid-declaration: parameter entity %p\u{E9}; holds a parenthesis of the content model of <r> without its match: "
                + "a group must open and close in the same entity's text (Proper Group/PE Nesting)"
        ])
        // A windows-1252 default that references an undeclared entity named with Š (0x8A there).
        let defaulted = Self.latin1("<?xml encoding=\"windows-1252\"?>\n<!ELEMENT r EMPTY>\n<!ATTLIST r a CDATA \"\u{80}&u\u{8A};\">\n")
        #expect(Self.errors(Array("<r/>".utf8), dtd: defaulted) == [
            "3:23@73 undeclared-entity: entity &u\u{160}; in the default value of attribute a is not declared before it (VC: Entity Declared)"
        ])
    }

    @Test("a DTD file in UTF-16 is read as in UTF-8: included sections holding references, a reference after ), nesting; byte offsets in UTF-16")
    func utf16DTD() {
        let included = Self.utf16LE("<!ENTITY % decls \"<!ELEMENT a EMPTY>\">\n<!ELEMENT r (a)>\n<![INCLUDE[ %decls; ]]>\n")
        #expect(Self.errors(Array("<r><a/></r>".utf8), dtd: included) == [])
        let parenthesis = Self.utf16LE("<!ENTITY % more \",b\">\n<!ELEMENT a EMPTY>\n<!ELEMENT b EMPTY>\n<!ELEMENT r ((a)%more;)>\n")
        #expect(Self.errors(Array("<r><a/><b/></r>".utf8), dtd: parenthesis) == [])
        // Offsets count two bytes a character after the mark's two.
        let undeclared = Self.utf16LE("<!ENTITY e \"a%zz;b\">\n<!ELEMENT r EMPTY>\n<!ELEMENT r EMPTY>\n")
        #expect(Self.errors(Array("<r/>".utf8), dtd: undeclared) == [
            "1:12@24 incomplete-dtd: parameter entity %zz; is not declared before its reference, so the attribute-list and entity declarations after it are unknown (VC: Entity Declared)",
            "3:13@106 invalid-declaration: element <r> is declared twice",
        ])
    }

    @Test("a byte-order mark is not a column of line 1, in UTF-8 or UTF-16; a DTD whose bytes its declaration contradicts is refused")
    func byteOrderMarks() {
        let dtd = "<!ELEMENT r EMPTY><!ELEMENT r EMPTY>\n"
        let document = Array("<r/>".utf8)
        #expect(Self.errors(document, dtd: Array(dtd.utf8)) == ["1:31@30 invalid-declaration: element <r> is declared twice"])
        #expect(Self.errors(document, dtd: [0xEF, 0xBB, 0xBF] + Array(dtd.utf8)) == ["1:31@33 invalid-declaration: element <r> is declared twice"])
        #expect(Self.errors(document, dtd: Self.utf16LE(dtd)) == ["1:31@62 invalid-declaration: element <r> is declared twice"])
        #expect(Self.errors(document, dtd: Self.utf16LE("<?xml encoding=\"ISO-8859-1\"?><!ELEMENT r EMPTY>", byteOrderMark: false)) == [
            "1:1@0 unknownEncoding: in the DTD: the DTD is in UTF-16 but declares ISO-8859-1; declare UTF-16, or convert the file"
        ])
        #expect(Self.errors(document, dtd: Array("<?xml encoding=\"x-unknown\"?><!ELEMENT r EMPTY>".utf8)) == [
            "1:1@0 unknownEncoding: in the DTD: unknown encoding \"x-unknown\": neither expat, the package's tables nor the system's iconv read it; convert the DTD to UTF-8"
        ])
    }

    @Test("a DTD in UTF-16 that declares another encoding is refused; a byte its single-byte table leaves undefined is named")
    func contradictions() {
        let document = Array("<r/>".utf8)
        #expect(Self.errors(document, dtd: Self.utf16LE("<?xml encoding=\"windows-1252\"?><!ELEMENT r EMPTY>")) == [
            "1:1@0 unknownEncoding: in the DTD: the DTD is in UTF-16 but declares windows-1252; declare UTF-16, or convert the file"
        ])
        // 0x81 is undefined in windows-1252.
        let undefined = Self.latin1("<?xml encoding=\"windows-1252\"?>\n<!ELEMENT r EMPTY>\n<!-- \u{81} -->\n")
        #expect(Self.errors(document, dtd: undefined) == [
            "3:6@56 invalidEncoding: in the DTD: the bytes 0x81 0x20 at offset 56 are not a character of windows-1252, which the document is read in; "
                + "declare the encoding it was saved in, or convert the file"
        ])
    }

    @Test("a default of the internal subset references an entity declared with a name beyond ASCII in CP866, a table made from iconv's")
    func internalSubsetInCP866() {
        // ру in CP866: 0xE0 0xE3.
        let document = Self.latin1("<?xml version=\"1.0\" encoding=\"CP866\"?>\n<!DOCTYPE r [\n<!ENTITY % p \"\">\n%p;\n<!ENTITY \u{E0}\u{E3} \"x\">\n<!ELEMENT r EMPTY>\n<!ATTLIST r a CDATA \"&\u{E0}\u{E3};&\u{E0}\u{E0};\">\n]>\n<r/>\n")
        #expect(Self.errors(document) == [
            "7:26@135 undeclared-entity: entity &\u{440}\u{440}; in the default value of attribute a is not declared before it (VC: Entity Declared)"
        ])
    }

    @Test("bytes a DTD's encoding does not allow are named, at their line, column and offset")
    func invalidBytes() {
        let dtd = Array("<?xml encoding=\"US-ASCII\"?>\n<!ELEMENT r EMPTY>\n<!-- caf".utf8) + [0xE9] + Array(" -->\n".utf8)
        #expect(Self.errors(Array("<r/>".utf8), dtd: dtd) == [
            "3:9@55 invalidEncoding: in the DTD: the bytes 0xE9 0x20 at offset 55 are not a character of US-ASCII, which the document is read in; "
                + "declare the encoding it was saved in, or convert the file"
        ])
    }

    @Test("an undeclared entity in a default of the internal subset is found in a document in UTF-16, Latin-1 or Shift_JIS, at its place")
    func internalSubsetDefaults() throws {
        let text = """
            <?xml version="1.0" encoding="ENCODING"?>
            <!DOCTYPE r [
            <!ENTITY % p "">
            %p;
            <!ELEMENT r EMPTY>
            <!ATTLIST r a CDATA "x\u{E9}&zz;y">
            ]>
            <r/>
            """
        let message = "undeclared-entity: entity &zz; in the default value of attribute a is not declared before it (VC: Entity Declared)"
        let utf8 = Array(text.replacingOccurrences(of: "ENCODING", with: "UTF-8").utf8)
        // The reference's offset: the bytes before it, in each encoding.
        let before = text.replacingOccurrences(of: "ENCODING", with: "UTF-8").components(separatedBy: "&zz;")[0]
        #expect(Self.errors(utf8) == ["6:24@\(before.utf8.count) \(message)"])
        let utf16 = Self.utf16LE(text.replacingOccurrences(of: "ENCODING", with: "UTF-16"))
        #expect(Self.errors(utf16) == ["6:24@\(2 + 2 * before.utf16.count - 2 * ("UTF-8".count - "UTF-16".count)) \(message)"])
        let latin1 = Self.latin1(text.replacingOccurrences(of: "ENCODING", with: "ISO-8859-1"))
        #expect(Self.errors(latin1) == ["6:24@\(before.unicodeScalars.count + "ISO-8859-1".count - "UTF-8".count) \(message)"])
        // Shift_JIS is read through a conversion to UTF-8: é is not in it, so the default holds ¥ (0x5C) instead.
        let shiftJIS = Array(text.replacingOccurrences(of: "ENCODING", with: "Shift_JIS").replacingOccurrences(of: "\u{E9}", with: "\u{3042}").utf8)
        let converted = try #require(Self.shiftJIS(shiftJIS))
        #expect(Self.errors(converted) == ["6:24@\(before.unicodeScalars.count + "Shift_JIS".count - "UTF-8".count + 1) \(message)"])
    }

    /// UTF-8 text in Shift_JIS, where あ is the only character beyond ASCII (two bytes, 0x82 0xA0).
    static func shiftJIS(_ utf8: [UInt8]) -> [UInt8]? {
        let text = String(decoding: utf8, as: UTF8.self)
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar.isASCII { out.append(UInt8(scalar.value)) } else if scalar == "\u{3042}" { out += [0x82, 0xA0] } else { return nil }
        }
        return out
    }
}
