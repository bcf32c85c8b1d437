import Foundation
import PropertyLists
import Testing

@Suite("JSON and OpenStep plists")
struct TextFormatTests {
    @Test("JSON keeps integers and reals apart, sorts keys, and round-trips")
    func json() throws {
        let value: PropertyList = ["b": [1, 2.5, true, 3.0], "a": "x\"\n\u{1}é😀", "big": .unsignedInteger(.max), "neg": .integer(.min)]
        let data = try value.data(format: .json)
        #expect(String(decoding: data, as: UTF8.self)
            == #"{"a":"x\"\n\u0001é😀","b":[1,2.5,true,3.0],"big":18446744073709551615,"neg":-9223372036854775808}"#)
        #expect(PropertyList.format(of: data) == .json)
        #expect(try PropertyList(data: data) == value)
        #expect(try PropertyList(data: Array(#"  {"u": "\u00e9\ud83d\ude00", "e": 1e3, "n": -0.5}"#.utf8))
            == ["u": "é😀", "e": 1000.0, "n": -0.5])
    }

    @Test("JSON has no dates, data or null: clear errors, or strings when asked")
    func jsonLimits() throws {
        let dated: PropertyList = ["when": .date(utc(2012, 3, 1, 6, 0, 0)), "bytes": .data(Data([1, 2]))]
        let error = try #require(throws: PropertyListError.self) { try PropertyList.dictionary(["when": .date(Date())]).data(format: .json) }
        #expect(error.description == "when: JSON has no dates (JSONOptions.writesDatesAsISO8601Strings writes them as strings)")
        #expect(error.keyPath == "when")
        #expect(error.code == .propertyListWriteInvalid)
        let options = PropertyList.JSONOptions(writesDatesAsISO8601Strings: true, writesDataAsBase64Strings: true)
        #expect(String(decoding: try dated.data(format: .json, json: options), as: UTF8.self)
            == #"{"bytes":"AQI=","when":"2012-03-01T06:00:00Z"}"#)
        #expect(throws: PropertyListError.self) { try PropertyList(data: Array(#"{"a": null}"#.utf8)) }
        #expect(throws: PropertyListError.self) { try PropertyList(data: Array(#"{"a": }"#.utf8)) }
    }

    @Test("OpenStep: comments, bare and quoted strings, escapes, data, nesting, as Xcode writes them")
    func openStep() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjects = {
            \t\t/* Begin PBXBuildFile section */
            \t\t0A1B2C3D /* main.swift */ = {isa = PBXBuildFile; fileRef = 0A1B2C3E; };
            \t};
            \tnames = ("Kölner Dom", 'single quoted', bare_word-1.0, "tab\\tnew\\nline \\U00e9 \\101", );
            \tblob = <0fbd77 1c2735>;
            }
            """
        let value = try PropertyList(data: Array(text.utf8))
        #expect(value["archiveVersion"] == "1")
        #expect(value["classes"] == .dictionary([:]))
        #expect(value["objects"]?["0A1B2C3D"]?["fileRef"] == "0A1B2C3E")
        #expect(value["names"] == ["Kölner Dom", "single quoted", "bare_word-1.0", "tab\tnew\nline é A"])
        #expect(value["blob"] == .data(Data([0x0F, 0xBD, 0x77, 0x1C, 0x27, 0x35])))
        #expect(PropertyList.format(of: Array(text.utf8)) == .openStep)
    }

    @Test("OpenStep output reads back; scalars become strings, as the format allows no others")
    func openStepWrite() throws {
        let value: PropertyList = ["name": "Kölner Dom", "list": ["a b", "c", "😀\"\\"], "blob": .data(Data([1, 255])), "empty": [], "d": [:]]
        let data = try value.data(format: .openStep)
        #expect(String(decoding: data, as: UTF8.self) == """
            {
            \tblob = <01ff>;
            \td = {};
            \tempty = ();
            \tlist = (
            \t\t"a b",
            \t\tc,
            \t\t"\\Ud83d\\Ude00\\"\\\\"
            \t);
            \tname = "Kölner Dom";
            }

            """)
        #expect(try PropertyList(data: data) == value)
        let numbers: PropertyList = ["n": 3, "ok": true]
        #expect(try PropertyList(data: numbers.data(format: .openStep)) == ["n": "3", "ok": "YES"])
    }

    @Test("strings that look like comments are quoted; numbers JSON does not allow are OpenStep strings")
    func reviewCases() throws {
        let value: PropertyList = ["//", "/*x", "a//b", "k"]
        #expect(try PropertyList(data: value.data(format: .openStep)) == value)
        #expect(try PropertyList(data: Array("0755".utf8)) == "0755")
        for bad in ["01", "+1", ".5", "1.", "1e", "-"] {
            #expect(PropertyList.format(of: Array("[\(bad)]".utf8)) == .openStep, "\(bad)")
        }
    }

    @Test("OpenStep errors say where", arguments: [
        ("{ a = 1 }", 1), ("{ a = 1;\n b }", 2), ("( a, b", 1), ("<0g>", 1), ("\"open", 1), ("/* never closed", 1),
    ] as [(String, Int)])
    func openStepErrors(_ text: String, _ line: Int) {
        do {
            _ = try PropertyList(data: Array(text.utf8))
            Issue.record("no error for \(text)")
        } catch let error as PropertyListError {
            #expect(error.position?.line == line, "\(text): \(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
