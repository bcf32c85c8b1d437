import Testing
import XMLStreaming
import XMLTestSupport
import XMLWriting

@Suite("Characters XML 1.0 does not allow")
struct CharacterHygieneTests {
    @Test("The Char production's boundaries", arguments: [
        (0x8, false), (0x9, true), (0xA, true), (0xB, false), (0xC, false), (0xD, true), (0x1F, false), (0x20, true),
        (0xD7FF, true), (0xE000, true), (0xFFFD, true), (0xFFFE, false), (0xFFFF, false), (0x10000, true),
        (0x10FFFF, true),
    ])
    func boundaries(value: UInt32, allowed: Bool) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(scalar.isAllowedInXML == allowed)
    }

    @Test("A form feed pasted from Word is stripped, replaced, or refused with its offset")
    func policies() throws {
        let pasted = "Kapitel\u{0C}1 – Köln\u{FFFF}"
        #expect(try pasted.validXMLString() == "Kapitel1 – Köln")
        #expect(try pasted.validXMLString(policy: .replace) == "Kapitel\u{FFFD}1 – Köln\u{FFFD}")
        let error = try #require(throws: XMLInvalidCharacterError.self) { try pasted.validXMLString(policy: .throw) }
        #expect(error == XMLInvalidCharacterError(scalar: "\u{0C}", scalarOffset: 7))
        #expect(error.description == "U+000C at offset 7 is not allowed in XML 1.0")
        #expect(pasted.strippedForXML == "Kapitel1 – Köln")
        #expect(!pasted.isValidXML && "Köln\t\n\r".isValidXML)
    }

    @Test("A valid string comes back without a copy")
    func noCopyWhenValid() throws {
        let valid = String(repeating: "Größe ", count: 100)
        let result = try valid.validXMLString()
        let a = valid.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        let b = result.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        #expect(a != nil && a == b)
    }

    @Test("Escaping for text and for attribute values")
    func escaping() throws {
        #expect(try XMLEscaping.escapedText("a < b && c > d]]>\r\n\t\"'") == "a &lt; b &amp;&amp; c &gt; d]]&gt;&#13;\n\t\"'")
        #expect(try XMLEscaping.escapedAttributeValue("say \"hi\"\tnow\nor\r<never>") == "say &quot;hi&quot;&#9;now&#10;or&#13;&lt;never&gt;")
        #expect(try XMLEscaping.escapedText("bell\u{07}!", policy: .replace) == "bell\u{FFFD}!")
        let error = try #require(throws: XMLInvalidCharacterError.self) {
            try XMLEscaping.escapedAttributeValue("Kö\u{FFFE}", policy: .throw)
        }
        #expect(error.scalarOffset == 2 && error.scalar == "\u{FFFE}")
    }

    /// The scan looks at eight bytes at a time, then at the last eight (overlapping): every
    /// character that needs escaping is found at every position of strings of 1 to 40
    /// bytes, alone and beside another, against an escaper that looks at one scalar at a time.
    @Test("Escaping finds a character at every position, in words and in the tail")
    func escapingAtEveryPosition() throws {
        func reference(_ s: String, attribute: Bool) -> String {
            var out = ""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\r": out += "&#13;"
                case "\"" where attribute: out += "&quot;"
                case "\t" where attribute: out += "&#9;"
                case "\n" where attribute: out += "&#10;"
                case "\u{FFFE}", "\u{FFFF}": break
                case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n": break
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        let specials: [String] = ["&", "<", ">", "\"", "\r", "\n", "\t", "\u{01}", "\u{1F}", "\u{FFFE}", "\u{FFFF}", "\u{FEFF}", "é"]
        for length in 1...40 {
            for position in 0..<length {
                for special in specials {
                    for filler in ["a", "ü"] {
                        var s = String(repeating: "x", count: position) + special
                        s += String(repeating: filler, count: max(0, length - position - 1))
                        #expect(try XMLEscaping.escapedText(s) == reference(s, attribute: false), "\(length) \(position)")
                        #expect(try XMLEscaping.escapedAttributeValue(s) == reference(s, attribute: true), "\(length) \(position)")
                        let twice = s + special
                        #expect(try XMLEscaping.escapedText(twice) == reference(twice, attribute: false))
                    }
                }
            }
        }
    }

    /// Scalars around every boundary of the Char production, control characters, and
    /// characters from every plane.
    private static let interesting: [Unicode.Scalar] = {
        let values: [UInt32] = [
            0x0, 0x1, 0x8, 0x9, 0xA, 0xB, 0xC, 0xD, 0xE, 0x1F, 0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x5D, 0x7F, 0x80,
            0x85, 0x9F, 0xA0, 0xE9, 0xF6, 0x2028, 0xD7FF, 0xE000, 0xFEFF, 0xFFFC, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000,
            0x1F3D7, 0x1FFFF, 0x20000, 0xEFFFF, 0xF0000, 0x10FFFE, 0x10FFFF,
        ]
        return values.compactMap(Unicode.Scalar.init)
    }()

    struct Collected: XMLEventHandler {
        var text = ""
        var attribute = ""
        mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
            if let v = attributes["v"] { attribute = v.string }
        }
        mutating func characters(_ piece: XMLStringView) { text += piece.string }
    }

    @Test("Random strings from every plane, escaped as text and attribute, read back as their sanitized selves")
    func roundTripProperty() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var string = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                if Bool.random(using: &generator) {
                    string.append(Self.interesting.randomElement(using: &generator)!)
                } else {
                    let plane = UInt32.random(in: 0...16, using: &generator) << 16
                    if let scalar = Unicode.Scalar(plane | UInt32.random(in: 0...0xFFFF, using: &generator)) {
                        string.append(scalar)
                    }
                }
            }
            let original = String(string)
            for policy in [XMLCharacterPolicy.strip, .replace] {
                let expected = try original.validXMLString(policy: policy)
                var document = Array("<r v=\"".utf8)
                try XMLEscaping.append(original, for: .attributeValue, policy: policy, to: &document)
                document += Array("\">".utf8)
                try XMLEscaping.append(original, for: .text, policy: policy, to: &document)
                document += Array("</r>".utf8)
                let parser = XMLStreamParser(handler: Collected())
                try parser.parse(document)
                #expect(parser.handler.text == expected, "\(original.unicodeScalars.map { $0.value })")
                #expect(parser.handler.attribute == expected, "\(original.unicodeScalars.map { $0.value })")
            }
        }
    }
}
