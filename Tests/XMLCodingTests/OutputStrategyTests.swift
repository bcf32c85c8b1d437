import Foundation
import Testing
import XMLCoding

@Suite("Output strategies: Bool spellings and CDATA")
struct OutputStrategyTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    struct Header: Codable, Equatable, XMLNodePlacing {
        var mustUnderstand: Bool
        var flags: [Bool]
        var note: Bool?
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
            key.stringValue == "mustUnderstand" ? .attribute : .element
        }
    }

    @Test("Bool is written true/false by default and 1/0 when asked, in attributes, elements and arrays; both read back")
    func bools() throws {
        let header = Header(mustUnderstand: true, flags: [true, false], note: false)
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        #expect(string(try encoder.encode(header, withRootKey: "h"))
            == #"<h mustUnderstand="true"><flags>true</flags><flags>false</flags><note>false</note></h>"#)
        encoder.boolEncodingStrategy = .oneZero
        let data = try encoder.encode(header, withRootKey: "h")
        #expect(string(data) == #"<h mustUnderstand="1"><flags>1</flags><flags>0</flags><note>0</note></h>"#)
        #expect(try XMLDecoder().decode(Header.self, from: data) == header)
        // A Bool a type writes through its own single-value container follows the strategy too.
        struct Flag: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(true)
            }
        }
        #expect(string(try encoder.encode([Flag()], withRootKey: "f")) == "<f><item>1</item></f>")
    }

    struct Item: Codable, Equatable {
        var title: String
        var description: String
        var count: Int
        var tags: [String]
    }

    @Test("strings are written as CDATA when asked, every one or by coding path; attributes, numbers and CRs never")
    func cdata() throws {
        let item = Item(title: "A & B", description: "<p>Hi <b>there</b> ]]> end</p>", count: 3, tags: ["<x>", ""])
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.stringEncodingStrategy = .cdata
        let all = try encoder.encode(item, withRootKey: "item")
        #expect(string(all)
            == "<item><title><![CDATA[A & B]]></title><description><![CDATA[<p>Hi <b>there</b> ]]]]><![CDATA[> end</p>]]></description>"
            + "<count>3</count><tags><![CDATA[<x>]]></tags><tags/></item>")
        #expect(try XMLDecoder().decode(Item.self, from: all) == item)

        encoder.stringEncodingStrategy = .custom { path in path.last?.stringValue == "description" }
        let some = try encoder.encode(item, withRootKey: "item")
        #expect(string(some)
            == "<item><title>A &amp; B</title><description><![CDATA[<p>Hi <b>there</b> ]]]]><![CDATA[> end</p>]]></description>"
            + "<count>3</count><tags>&lt;x&gt;</tags><tags/></item>")
        #expect(try XMLDecoder().decode(Item.self, from: some) == item)

        // A carriage return would read back as a line feed inside CDATA: such a string stays text.
        struct Note: Codable, Equatable, XMLNodePlacing {
            var id: String
            var body: String
            static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "id" ? .attribute : .element }
        }
        encoder.stringEncodingStrategy = .cdata
        let note = Note(id: "<1>", body: "line\r\nnext")
        let data = try encoder.encode(note, withRootKey: "note")
        #expect(string(data) == #"<note id="&lt;1&gt;"><body>line&#13;"# + "\nnext</body></note>")
        #expect(try XMLDecoder().decode(Note.self, from: data) == note)
    }
}
