import Foundation
import PropertyLists
import Testing

/// Foundation's reading of `bytes`, as a PropertyList (through the bridge), or nil when
/// Foundation refuses them.
private func foundationReading(_ bytes: [UInt8]) -> PropertyList? {
    guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else { return nil }
    return try? PropertyList(propertyListObject: object)
}

private func xmlPlist(_ body: String, encoding: String = "UTF-8") -> String {
    """
    <?xml version="1.0" encoding="\(encoding)"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    \(body)
    </plist>
    """
}

private func encoded(_ text: String, _ encoding: String.Encoding, mark: [UInt8]) -> [UInt8] {
    mark + Array(text.data(using: encoding)!)
}

@Suite("Property lists as Apple's tools write them")
struct AppleFilesTests {
    static let sample = "<dict><key>k</key><string>vé😀</string><key>n</key><integer>3</integer></dict>"

    @Test("An XML plist in a multi-byte encoding is read through iconv, as the stream parser reads any XML")
    func transcodedXML() throws {
        // <key>名前</key><string>東京</string> in Shift_JIS.
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<plist version=\"1.0\"><dict><key>".utf8)
            + [0x96, 0xBC, 0x91, 0x4F] + Array("</key><string>".utf8) + [0x93, 0x8C, 0x8B, 0x9E]
            + Array("</string></dict></plist>\n".utf8)
        #expect(try PropertyList(data: bytes) == ["名前": "東京"])
    }

    @Test(
        "XML plists in UTF-16 and UTF-32 with a byte-order mark are read",
        arguments: [
            ("UTF-16", String.Encoding.utf16BigEndian, [0xFE, 0xFF] as [UInt8]),
            ("UTF-16", .utf16LittleEndian, [0xFF, 0xFE]),
            ("UTF-32", .utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]),
            ("UTF-32", .utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]),
        ])
    func wideXML(_ name: String, _ encoding: String.Encoding, _ mark: [UInt8]) throws {
        let bytes = encoded(xmlPlist(Self.sample, encoding: name), encoding, mark: mark)
        #expect(PropertyList.format(of: bytes) == .xml)
        #expect(try PropertyList(data: bytes) == ["k": "vé😀", "n": 3])
        struct Sample: Decodable, Equatable { var k: String; var n: Int }
        #expect(try PlistDecoder().decode(Sample.self, from: Data(bytes)) == Sample(k: "vé😀", n: 3))
        #expect(foundationReading(bytes) == ["k": "vé😀", "n": 3])
    }

    @Test(
        "numbers are read as Foundation reads them: white space before, never after; hexadecimal integers, never reals",
        arguments: [
            "<integer>+5</integer>", "<integer>-0x10</integer>", "<integer>0X1f</integer>", "<integer>010</integer>",
            "<integer> 5</integer>", "<integer>- 5</integer>", "<integer>5 </integer>", "<integer> 5 </integer>",
            "<integer></integer>", "<integer>0x</integer>", "<integer>18446744073709551616</integer>",
            "<real>1e3</real>", "<real>.5</real>", "<real> 1.5</real>", "<real>1.5 </real>", "<real>0x10</real>",
            "<real>nan</real>", "<real>-Infinity</real>", "<real>+inf</real>", "<real>+nan</real>", "<real></real>",
        ])
    func numbers(_ element: String) throws {
        let bytes = Array(xmlPlist(element).utf8)
        let ours = try? PropertyList(data: bytes)
        let theirs = foundationReading(bytes)
        #expect((ours == nil) == (theirs == nil), "ours: \(String(describing: ours)), Foundation's: \(String(describing: theirs))")
        if let ours, let theirs {
            #expect(ours.doubleValue == theirs.doubleValue || (ours.doubleValue?.isNaN == true && theirs.doubleValue?.isNaN == true))
        }
    }

    @Test("<real>0x10</real> is refused with its line")
    func hexadecimalReal() {
        do {
            _ = try PropertyList(data: Array(xmlPlist("<array>\n<real>0x10</real>\n</array>").utf8))
            Issue.record("0x10 read as a real")
        } catch let error as PropertyListError {
            #expect(error.message == "\"0x10\" is not a real number")
            #expect(error.position?.line == 5)
            #expect(error.code == .propertyListReadCorrupt)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(
        "dates out of range carry over as PropertyListSerialization reads them (months 0 and 14 and up count as January)",
        arguments: [
            ("2024-01-32T00:00:00Z", "2024-02-01T00:00:00Z"), ("2024-13-01T00:00:00Z", "2025-01-01T00:00:00Z"),
            ("2024-02-30T25:61:61Z", "2024-03-02T02:02:01Z"), ("2024-00-10T00:00:00Z", "2024-01-10T00:00:00Z"),
            ("2023-14-01T00:00:00Z", "2023-01-01T00:00:00Z"), ("2024-03-00T00:00:00Z", "2024-02-29T00:00:00Z"),
        ])
    func carriedOverDates(_ written: String, _ meant: String) throws {
        let bytes = Array(xmlPlist("<date>\(written)</date>").utf8)
        let expected = try PropertyList(data: Array(xmlPlist("<date>\(meant)</date>").utf8))
        #expect(try PropertyList(data: bytes) == expected)
        #expect(foundationReading(bytes) == expected)
    }

    @Test("a DOCTYPE with declarations of its own is refused, as Apple refuses it; a bplist0x header reads as 00")
    func doctypeAndVersion() throws {
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ELEMENT foo (#PCDATA)>]>\n<plist><string>x</string></plist>"
        let error = try #require(throws: PropertyListError.self) { try PropertyList(data: Array(xml.utf8)) }
        #expect(error.position?.line == 2)
        #expect(foundationReading(Array(xml.utf8)) == nil)
        var binary = Array(try PropertyList.array([1, "x"]).data(format: .binary))
        binary[7] = UInt8(ascii: "x")
        #expect(try PropertyList(data: binary) == [1, "x"])
        // White space alone is OpenStep's empty dictionary, as a file of comments is.
        #expect(try PropertyList(data: Array(" \n\t".utf8)) == [:])
        #expect(try PropertyList(data: Array("/* nothing */".utf8)) == [:])
    }

    @Test("CF$UID dictionaries in XML are UIDs, so UIDs read back as they were written")
    func uids() throws {
        let archive: PropertyList = ["$top": ["root": .uid(1)], "$objects": ["$null", .uid(7)]]
        let xml = try archive.data(format: .xml)
        #expect(String(decoding: xml, as: UTF8.self).contains("<key>CF$UID</key>"))
        #expect(try PropertyList(data: xml) == archive)
        #expect(try PropertyList(data: try archive.data(format: .binary)) == archive)
        // Only a dictionary of that one key and an integer is a UID.
        let other = xmlPlist("<dict><key>CF$UID</key><integer>3</integer><key>b</key><integer>1</integer></dict>")
        #expect(try PropertyList(data: Array(other.utf8)) == ["CF$UID": 3, "b": 1])
        let text = xmlPlist("<dict><key>CF$UID</key><string>3</string></dict>")
        #expect(try PropertyList(data: Array(text.utf8)) == ["CF$UID": "3"])
    }

    @Test(
        "OpenStep text as Apple writes it: .strings files, \\U escapes of one to four digits, octal in NeXTSTEP",
        arguments: [
            "\"a\" = \"b\";\n\"c\" = \"d\";\n", "a = b; c = d;", "\"menu.title\"; /* a comment */ \"x\" = \"y\";",
            "// only a comment\n", "{ a = \"\\U41\\U00e9\\U263a\\U0041BC\"; }", "{ a = \"\\U4g\"; }",
            "{ a = \"\\101\\351\\200\\240\\1012\\400\"; }", "{ a = \"\\376\\377\"; }", "{ a = \"\\q\\u0041\\\\\\\"\"; }",
            "{ a = \"\\n\\t\\a\\b\\f\\v\\r\"; }", "\"a\" = \"b\";\n\"a\" = \"c\";",
        ])
    func openStepText(_ text: String) throws {
        let bytes = Array(text.utf8)
        let ours = try PropertyList(data: bytes)
        #expect(ours == foundationReading(bytes))
    }

    @Test("OpenStep checks: the values read", arguments: [0])
    func openStepValues(_: Int) throws {
        #expect(try PropertyList(data: Array("\"a\" = \"b\";\n\"c\";".utf8)) == ["a": "b", "c": "c"])
        #expect(try PropertyList(data: Array("{ a = \"\\U41\\U00e9\\U263aZ\"; }".utf8)) == ["a": "Aé☺Z"])
        #expect(try PropertyList(data: Array("{ a = \"\\101\\351\\200\\240\"; }".utf8)) == ["a": "AØ\u{A0}©"])
        #expect(try PropertyList(data: Array("// nothing\n".utf8)) == [:])
        #expect(throws: PropertyListError.self) { try PropertyList(data: Array("\"a\" = \"b\"\n\"c\" = \"d\";".utf8)) }
    }

    @Test("\\U with no hexadecimal digit is refused where it stands, as swift-foundation refuses it")
    func openStepEmptyUnicodeEscape() throws {
        for (text, column) in [("{ a = \"x\\Ug\"; }", 9), ("{ a = \"\\U\"; }", 8), ("\"k\" = \"\\U\";", 8)] {
            let error = try #require(throws: PropertyListError.self) { try PropertyList(data: Array(text.utf8)) }
            #expect(error.message == "\\U without hexadecimal digits", "\(text)")
            #expect(error.position?.line == 1 && error.position?.column == column, "\(text): \(String(describing: error.position))")
        }
        // One digit is enough, as CoreFoundation reads it.
        #expect(try PropertyList(data: Array("{ a = \"\\U4g\"; }".utf8)) == ["a": "\u{4}g"])
    }

    @Test(".strings files in UTF-16, either byte order", arguments: [String.Encoding.utf16BigEndian, .utf16LittleEndian])
    func utf16Strings(_ encoding: String.Encoding) throws {
        let text = "/* Menu */\n\"Open\" = \"Öffnen\";\n\"Quit\" = \"Beenden \\U263a\";\n"
        let mark: [UInt8] = encoding == .utf16BigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        let bytes = encoded(text, encoding, mark: mark)
        #expect(PropertyList.format(of: bytes) == .openStep)
        #expect(try PropertyList(data: bytes) == ["Open": "Öffnen", "Quit": "Beenden ☺"])
        #expect(foundationReading(bytes) == ["Open": "Öffnen", "Quit": "Beenden ☺"])
    }

    @Test("unquoted strings are what Apple allows; the writer quotes the rest so Foundation reads it")
    func openStepBare() throws {
        let value: PropertyList = ["plus": "a+b", "accent": "é", "path": "a/b.c-d_$:"]
        let written = try value.data(format: .openStep)
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains("path = a/b.c-d_$:;"))
        #expect(text.contains("plus = \"a+b\";"))
        #expect(foundationReading(Array(written)) == value)
    }
}

@Suite("PropertyListSerialization's values, both ways")
struct BridgingTests {
    static let xml = Array(
        xmlPlist(
            """
            <dict><key>name</key><string>Dom</string><key>floors</key><integer>3</integer>
            <key>big</key><integer>18446744073709551615</integer><key>height</key><real>157.38</real>
            <key>open</key><true/><key>when</key><date>2012-03-01T06:00:00Z</date>
            <key>bytes</key><data>AQID</data><key>list</key><array><integer>1</integer><string>x</string></array></dict>
            """
        ).utf8)

    @Test("Foundation's objects become the same PropertyList we read")
    func fromFoundation() throws {
        let object = try PropertyListSerialization.propertyList(from: Data(Self.xml), options: [], format: nil)
        #expect(try PropertyList(propertyListObject: object) == PropertyList(data: Self.xml))
    }

    @Test("our objects are what PropertyListSerialization code expects, and Foundation writes them")
    func toFoundation() throws {
        let plist = try PropertyList(data: Self.xml)
        let object = try #require(plist.propertyListObject as? [String: Any])
        #expect(object["name"] as? String == "Dom")
        #expect(object["floors"] as? Int == 3)
        #expect(object["big"] as? UInt64 == .max)
        #expect(object["height"] as? Double == 157.38)
        #expect(object["open"] as? Bool == true)
        #expect(object["when"] as? Date == Date(timeIntervalSince1970: 1_330_581_600))
        #expect(object["bytes"] as? Data == Data([1, 2, 3]))
        #expect((object["list"] as? [Any])?.count == 2)
        let written = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        #expect(try PropertyList(data: written) == plist)
    }

    @Test("booleans stay booleans and numbers numbers, however they were made")
    func numbers() throws {
        let values: [String: Any] = [
            "yes": true, "boxedYes": NSNumber(value: true), "one": NSNumber(value: 1), "int8": Int8(-128),
            "char": NSNumber(value: Int8(65)), "double": 2.5, "float": Float(0.5), "max": UInt64.max, "uid": ["CF$UID": 4],
        ]
        #expect(
            try PropertyList(propertyListObject: values)
                == ["yes": true, "boxedYes": true, "one": 1, "int8": -128, "char": 65, "double": 2.5, "float": 0.5,
                    "max": .unsignedInteger(.max), "uid": .uid(4)])
    }

    @Test("values no plist holds are refused with their key path")
    func refused() {
        do {
            _ = try PropertyList(propertyListObject: ["a": [1, NSNull()]] as [String: Any])
            Issue.record("NSNull bridged")
        } catch let error as PropertyListError {
            #expect(error.keyPath == "a.1")
            #expect(error.code == .propertyListWriteInvalid)
            #expect(error.description == "a.1: a value of type NSNull is not a property-list value")
        } catch {
            Issue.record("\(error)")
        }
        #expect(throws: PropertyListError.self) { try PropertyList(propertyListObject: [1: "x"] as [Int: String]) }
    }
}

@Suite("Errors a Foundation user can catch")
struct CocoaErrorTests {
    @Test("reading: .propertyListReadCorrupt with the line, as PropertyListSerialization reports it")
    func corrupt() throws {
        let bytes = Array(xmlPlist("<array>\n<integer>x</integer>\n</array>").utf8)
        do {
            _ = try PropertyList(data: bytes)
            Issue.record("read")
        } catch let error as PropertyListError {
            #expect(error.code == .propertyListReadCorrupt)
            #expect(error.position?.line == 5)
            #expect(error.cocoaError.code == .propertyListReadCorrupt)
            #expect(error.cocoaError.userInfo[NSDebugDescriptionErrorKey] as? String == error.description)
        }
        do {
            _ = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch let error as CocoaError {
            #expect(error.code == .propertyListReadCorrupt)
        } catch let error as NSError {
            #expect(error.code == CocoaError.Code.propertyListReadCorrupt.rawValue)
        }
    }

    @Test("a binary plist of another version: .propertyListReadUnknownVersion")
    func unknownVersion() {
        var bytes = Array("bplist15".utf8)
        bytes += [UInt8](repeating: 0, count: 40)
        #expect(PropertyList.format(of: bytes) == .binary)
        do {
            _ = try PropertyList(data: bytes)
            Issue.record("read")
        } catch let error as PropertyListError {
            #expect(error.code == .propertyListReadUnknownVersion)
            #expect(error.message == "a binary property list of version \"15\", which this reader does not read (only 0x)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("writing a value the format cannot hold: .propertyListWriteInvalid")
    func writeInvalid() {
        #expect {
            try PropertyList.dictionary(["when": .date(Date())]).data(format: .json)
        } throws: { error in
            (error as? PropertyListError)?.code == .propertyListWriteInvalid
        }
    }
}
