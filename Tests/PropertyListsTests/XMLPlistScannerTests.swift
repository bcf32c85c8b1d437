import Foundation
import Testing
import XMLTestSupport

@testable import PropertyLists

/// The scanner reads the XML plists it is sure of; expat reads the rest. Either way the
/// value must be the same, and damaged files must never get a value from the scanner that
/// expat would refuse.
@Suite("XML plists: the scanner and expat agree")
struct XMLPlistScannerTests {
    /// Expat's reading, or nil when it refuses the bytes.
    static func expat(_ bytes: [UInt8]) -> PropertyList? { try? PropertyList.readXML(bytes, encoding: nil, scanning: false) }

    static let samples: [[UInt8]] = {
        var values: [PropertyList] = [
            ["name": "Kölner Dom <&> \"'", "floors": 3, "height": 157.38, "open": true, "closed": false,
             "when": .date(Date(timeIntervalSince1970: 1_330_581_600)), "bytes": .data(Data((0..<200).map { UInt8($0) })),
             "list": [1, "two", [3.5, ["deep": .uid(7)]], [:], []], "big": .unsignedInteger(.max), "neg": .integer(.min),
             "lines": "a\nb\tc", "emoji": "😀", "": ""],
            .array([]), .string("alone"), 42,
        ]
        var random = SeededGenerator(seed: 15)
        for _ in 0..<5 {
            var d: PropertyList = [:]
            for k in 0..<Int.random(in: 1..<12, using: &random) {
                d["k\(k)"] = [.integer(Int64.random(in: -1000...1000, using: &random)), .string("s\(k) é"), .real(Double(k) / 3)][k % 3]
            }
            values.append(d)
        }
        return values.map { Array(try! $0.data(format: .xml)) }
    }()

    @Test("files as the writer writes them are read by the scanner, to the value expat reads")
    func writtenFiles() throws {
        for bytes in Self.samples {
            let scanned = try #require(XMLPlistScanner.read(bytes))
            #expect(scanned == Self.expat(bytes))
        }
    }

    @Test("XML the scanner reads itself: entities, CDATA, comments, line ends, declarations, DOCTYPEs", arguments: [
        #"<plist><string>&lt;&gt;&amp;&quot;&apos;&#65;&#x1F600;</string></plist>"#,
        "<plist><string><![CDATA[a<b]]]>x\r\ny\rz</string></plist>",
        "<plist><!-- c --><array><!-- d --><string>a<!-- e -->b</string></array></plist>",
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<plist><true/></plist>",
        "<?xml version='1.0'?><!DOCTYPE plist SYSTEM 'x.dtd'><plist version='1.0'><false/></plist>",
        "\u{FEFF}<plist><dict><key>a</key><string/><key>b</key><dict/></dict></plist>",
        "<plist ><dict ><key >a</key ><integer>0x10</integer></dict></plist>\n<!-- after -->\n",
        "<array><string>root without plist</string></array>",
        "<plist><dict><key>CF$UID</key><integer>3</integer></dict></plist>",
    ])
    func readsItself(_ xml: String) throws {
        let bytes = Array(xml.utf8)
        let scanned = try #require(XMLPlistScanner.read(bytes))
        #expect(scanned == Self.expat(bytes))
    }

    @Test("what the scanner leaves to expat: other encodings, internal subsets, PIs, attributes on values, unknown entities, errors", arguments: [
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>x</string></plist>",
        "<!DOCTYPE plist [<!ENTITY e \"x\">]><plist><string>&e;</string></plist>",
        "<plist><?pi x?><string>x</string></plist>", "<plist><string a=\"1\">x</string></plist>",
        "<plist><string>&nbsp;</string></plist>", "<plist><string>a]]>b</string></plist>", "<plist><string>x</strin></plist>",
        "<plist><integer>x</integer></plist>", "<plist><string>\u{1}</string></plist>", "<plist version=\"1\" version=\"2\"><true/></plist>",
        "<plist><true/><true/></plist>", "<plist><!-- a -- b --><true/></plist>", "<plist><dict><key>a</key></dict></plist>",
    ])
    func leavesToExpat(_ xml: String) {
        #expect(XMLPlistScanner.read(Array(xml.utf8)) == nil)
    }

    @Test("the stream parser's limits are expat's to report: a name too long, a run of white space split by a comment")
    func limits() {
        let longName = "<plist " + String(repeating: "a", count: 50_001) + "=\"1\"><true/></plist>"
        #expect(XMLPlistScanner.read(Array(longName.utf8)) == nil)
        #expect(Self.expat(Array(longName.utf8)) == nil)
        let spaces = String(repeating: " ", count: 6 * 1024 * 1024)
        let split = "<plist><array>" + spaces + "<!---->" + spaces + "</array></plist>"
        #expect(XMLPlistScanner.read(Array(split.utf8)) == nil)
        #expect(Self.expat(Array(split.utf8)) == nil)
    }

    @Test("damaged files: whatever the scanner reads, expat reads to the same value")
    func damaged() throws {
        var random = SeededGenerator(seed: 1515)
        var scannedCount = 0
        for sample in Self.samples {
            for _ in 0..<300 {
                var bytes = sample
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[at] = "<>&;/!?-[]\"' \r\nax0\u{7F}".utf8.randomElement(using: &random)!
                    case 1: bytes.remove(at: at)
                    default: bytes.insert("<>&;/!-]\" a".utf8.randomElement(using: &random)!, at: at)
                    }
                }
                guard let scanned = XMLPlistScanner.read(bytes) else { continue }
                scannedCount += 1
                #expect(scanned == Self.expat(bytes), "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        // The scanner still reads the damage that leaves a well-formed plist (in a string).
        #expect(scannedCount > 100)
    }
}
