import Foundation
import Testing
import XMLTestSupport

@testable import XMLStreaming

/// References to the control characters XML 1.0 forbids, read for XMLCoding's
/// `readsControlCharacterReferences` by the stage in front of expat (ControlReferenceInput):
/// each reaches the handler as U+FDD0 plus its value, only in text and attribute values,
/// whatever the chunking and the encoding, at the input's positions.
/// A noncharacter as a string (Swift's literals refuse them).
private func reserved(_ value: UInt32) -> String { String(Character(Unicode.Scalar(value)!)) }

@Suite("Control-character references: read in text and values, nowhere else, at the input's positions")
struct ControlReferenceTests {
    static var options: XMLParserOptions {
        var options = XMLParserOptions()
        options.readsControlCharacterReferences = true
        return options
    }

    /// The events, the positions of each, and the error (if any) of `bytes` fed in pieces.
    static func parse(_ bytes: [UInt8], chunkSize: Int? = nil, options: XMLParserOptions = Self.options) -> (
        events: [XMLEvent], positions: [XMLPosition], error: XMLParseError?
    ) {
        let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true), options: options)
        var failure: XMLParseError?
        do {
            for piece in ChunkSplitter.pieces(of: bytes, size: chunkSize ?? max(1, bytes.count)) { try parser.feed(piece) }
            try parser.finish()
        } catch let error as XMLParseError {
            failure = error
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return (parser.handler.events, parser.handler.positions, failure)
    }

    /// The same document with each control-character reference replaced by one to an allowed
    /// character, digit for digit (`&#x1E;` → `&#x41;`, `&#1;` → `&#9;`): what expat reads
    /// without the option at exactly the same positions.
    static func oracle(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstMatch(of: /&#(x?)([0-9A-Fa-f]+);/)?.range {
            result += rest[..<range.lowerBound]
            let reference = rest[range]
            let isHex = reference.hasPrefix("&#x")
            let digits = reference.dropFirst(isHex ? 3 : 2).dropLast()
            let value = UInt32(digits, radix: isHex ? 16 : 10)!
            if ControlReferenceLexer.isRestrictedControl(value) {
                let allowed = digits.count == 1 ? "9" : String(repeating: "0", count: digits.count - 2) + (isHex ? "41" : "65")
                result += (isHex ? "&#x" : "&#") + allowed + ";"
            } else {
                result += reference
            }
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// The text of the characters events, joined.
    static func text(_ events: [XMLEvent]) -> String {
        events.map { if case .characters(let text) = $0 { return text }; return "" }.joined()
    }

    @Test("Each of the 28 control characters, in hex and decimal, with leading zeros, in text and in a value")
    func everyControlCharacter() throws {
        let controls = (1...0x1F).filter { ControlReferenceLexer.isRestrictedControl(UInt32($0)) }
        #expect(controls.count == 28)
        for value in controls {
            let hex = String(value, radix: 16)
            let document = "<a v=\"&#x\(hex);|&#\(value);\">&#x\(hex);&#\(value);&#x000\(hex.uppercased());&#00\(value);</a>"
            let (events, _, error) = Self.parse(Array(document.utf8))
            #expect(error == nil, "\(value): \(String(describing: error))")
            let expected = String(Character(Unicode.Scalar(0xFDD0 + UInt32(value))!))
            #expect(Self.text(events) == String(repeating: expected, count: 4), "\(value)")
            let attribute = events.compactMap { event -> String? in
                if case .startElement(_, let attributes) = event { return attributes.first?.value }
                return nil
            }.first
            #expect(attribute == expected + "|" + expected, "\(value)")
        }
        // Allowed references stay as they were; the null character is refused still.
        let (events, _, _) = Self.parse(Array("<a>&#9;&#x41;&#10;&#x7F;&#xFDCF;&#xFDF0;&lt;&amp;#x1E;</a>".utf8))
        #expect(Self.text(events) == "\tA\n\u{7F}\u{FDCF}\u{FDF0}<&#x1E;")
        #expect(Self.parse(Array("<a>&#0;</a>".utf8)).error?.code == .badCharacterReference)
    }

    @Test("Without the option, a control-character reference fails the document at its place")
    func offByDefault() {
        let error = Self.parse(Array("<a>\n  x&#x1E;</a>".utf8), options: XMLParserOptions()).error
        #expect(error?.code == .badCharacterReference)
        #expect(error?.position == XMLPosition(line: 2, column: 4, byteOffset: 7))
        // And the reserved characters are ordinary ones.
        #expect(Self.text(Self.parse(Array("<a>\(reserved(0xFDD0))&#xFDEF;</a>".utf8), options: XMLParserOptions()).events) == "\(reserved(0xFDD0))\(reserved(0xFDEF))")
    }

    @Test("Comments, CDATA sections, processing instructions and the DOCTYPE keep what looks like a reference")
    func notReferencesElsewhere() throws {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE a [
              <!-- ] > &#x1E; -->
              <?pi ]> &#x1E;?>
              <!ENTITY e "x">
              <!ATTLIST a d CDATA "-- ]]> >">
            ]>
            <a q='"&#x1F;' r="'&#x1F;">t<!--&#x1E;--><?p &#x1E; ?><![CDATA[&#x1E;]]]]><![CDATA[>&#x1E;]]>&#x1E;&e;</a>
            """
        for size in [nil, 1, 2, 5] {
            let (events, _, error) = Self.parse(Array(document.utf8), chunkSize: size)
            #expect(error == nil, "\(String(describing: error))")
            #expect(events.contains(.comment("&#x1E;")))
            #expect(events.contains(.processingInstruction(target: "p", data: "&#x1E; ")))
            #expect(Self.text(events) == "t&#x1E;]]>&#x1E;\(reserved(0xFDEE))x", "chunks of \(String(describing: size))")
            let values = events.compactMap { event -> [String]? in
                if case .startElement(_, let attributes) = event { return attributes.map(\.value) }
                return nil
            }.first
            #expect(values == ["\"\(reserved(0xFDEF))", "'\(reserved(0xFDEF))", "-- ]]> >"])
        }
    }

    static let positionsDocument = """
        <?xml version="1.0" encoding="UTF-8"?>\r
        <feed a="&#x1E;&#1;" b="é&#x0001F;">&#x1E;<x/>&#30; <y\r
        c='&#2;'/>&#x1E;<z>é&#x1E;</z>\r\n<w>&#x3;\r&#4;<v/></w>
        <u>&#5;&#x1E;&#x1E;&#x1E;&#x1E;&#x1E;&#x1E;<t>&#x1E;</t><s/></u><!-- &#x1E; --><r/><q v="&#x\(String(repeating: "0", count: 90))1E;"/>&#\(String(repeating: "0", count: 70))30;<p/>
        </feed>
        """

    @Test("Lines, columns and byte offsets are the input's, whole and fed in pieces", arguments: [nil, 1, 2, 3, 7, 64])
    func positionsAreTheInputs(chunkSize: Int?) throws {
        let input = Array(Self.positionsDocument.utf8)
        let expected = Self.parse(Array(Self.oracle(Self.positionsDocument).utf8), options: XMLParserOptions())
        let actual = Self.parse(input, chunkSize: chunkSize)
        #expect(expected.error == nil && actual.error == nil)
        #expect(actual.positions == expected.positions)
        #expect(actual.events.count == expected.events.count)
    }

    @Test("Errors after rewritten references are where they are in the input: a tag, an open element, an entity")
    func errorPositions() throws {
        let documents = [
            "<a>&#x1E;&#x1E;<b>&#x1E;</c></a>",
            "<a>\n&#x1E;<b x='&#x1E;'>&#x1E;&#x1E;<c>text",
            "<a>&#x1E;&#1;<b v='&#x1E;&undeclared;'/></a>",
            "<a>&#x1E;&#x1E; &  </a>",
            "<a>&#x1E;\n&#x1E;\u{1}</a>",
        ]
        for document in documents {
            let expected = Self.parse(Array(Self.oracle(document).utf8), options: XMLParserOptions()).error
            for size in [nil, 1, 3] {
                let actual = Self.parse(Array(document.utf8), chunkSize: size).error
                #expect(expected != nil)
                #expect(actual?.code == expected?.code, "\(document)")
                #expect(actual?.position == expected?.position, "\(document) in chunks of \(String(describing: size))")
                #expect(actual?.message == expected?.message, "\(document)")
            }
        }
    }

    @Test("U+FDD0 to U+FDEF are refused, as themselves or as references, at their place, however the input is cut")
    func reservedCharacters() throws {
        let document = "<a>\n  xé\(reserved(0xFDD3))</a>"
        let bytes = Array(document.utf8)
        for (first, second) in ChunkSplitter.everySplit(of: bytes) {
            let parser = XMLStreamParser(handler: XMLEventCollector(), options: Self.options)
            let error = #expect(throws: XMLParseError.self) {
                try parser.feed(first)
                try parser.feed(second)
                try parser.finish()
            }
            #expect(error?.code == .reservedCharacter, "split at \(first.count)")
            #expect(error?.position == XMLPosition(line: 2, column: 5, byteOffset: 9), "split at \(first.count)")
            #expect(error?.message.contains("U+FDD3") == true)
        }
        for reference in ["&#xFDD0;", "&#xfdef;", "&#65000;", "&#x0FDE0;"] {
            let error = Self.parse(Array("<a>&#x1E;\n &#x1E;<b c='\(reference)'/></a>".utf8)).error
            #expect(error?.code == .reservedCharacter, "\(reference)")
            #expect(error?.position == XMLPosition(line: 2, column: 14, byteOffset: 23), "\(reference)")
            #expect(error?.message.contains("a reference to U+") == true)
        }
        for document in ["<a>&#x1E;\n <b c='x\(reserved(0xFDE0))'/></a>", "<a>&#x1E;\n <b c='x'>\(reserved(0xFDE0))</b></a>"] {
            let error = Self.parse(Array(document.utf8)).error
            #expect(error?.code == .reservedCharacter)
            #expect(error?.position.line == 2)
        }
        // In a single-byte encoding those bytes are other characters, and read.
        let latin = Array("<?xml version='1.0' encoding='ISO-8859-1'?><a>&#x1E;".utf8) + [0xEF, 0xB7, 0x90] + Array("</a>".utf8)
        #expect(Self.text(Self.parse(latin).events) == "\(reserved(0xFDEE))ï·\u{90}")
    }

    @Test("UTF-16 with and without a byte-order mark, an encoding iconv reads, an override: the same characters and positions")
    func encodings() throws {
        let document = "<a>\n <b v='&#x1E;'>&#x1E;ü&#31;</b>&#x1E;<c/>\r\n<d/></a>"
        let expectedText = Self.text(Self.parse(Array(document.utf8)).events)
        func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
            let units: [UInt16] = (mark ? [0xFEFF] : []) + Array(text.utf16)
            return units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        let encodings: [(String, (String) -> [UInt8])] = [
            ("UTF-16LE with a mark", { utf16($0, bigEndian: false, mark: true) }),
            ("UTF-16BE with a mark", { utf16($0, bigEndian: true, mark: true) }),
            ("UTF-16BE without", { utf16("<?xml version='1.0' encoding='UTF-16'?>" + $0, bigEndian: true, mark: false) }),
            ("Shift_JIS", { Array("<?xml version='1.0' encoding='Shift_JIS'?>".utf8) + Array($0.replacingOccurrences(of: "ü", with: "\u{3042}").data(using: .shiftJIS)!) }),
        ]
        for (name, encode) in encodings {
            // The document without control-character references, read without the option.
            let oracle = Self.parse(encode(Self.oracle(document)), options: XMLParserOptions())
            #expect(oracle.error == nil, "\(name)")
            for size in [nil, 1, 5] {
                let result = Self.parse(encode(document), chunkSize: size)
                #expect(result.error == nil, "\(name): \(String(describing: result.error))")
                #expect(Self.text(result.events) == expectedText.replacingOccurrences(of: "ü", with: name == "Shift_JIS" ? "\u{3042}" : "ü"), "\(name)")
                #expect(result.positions == oracle.positions, "\(name) in chunks of \(String(describing: size))")
            }
        }
        var override = Self.options
        override.encoding = .utf16
        let overridden = Self.parse(utf16(document, bigEndian: true, mark: false), options: override)
        #expect(overridden.error == nil)
        #expect(Self.text(overridden.events) == expectedText)
    }

    @Test("The recovering reader reads them the same way, and repairs a reserved character")
    func recovery() throws {
        var options = Self.options
        options.recovery = XMLRecovery(illegalCharacters: .replace)
        let parser = XMLStreamParser(handler: XMLEventCollector(), options: options)
        try parser.parse(Array("<a v='&#x1E;'>&#x1E;&#1;\(reserved(0xFDD0))&#xFDD1;<b>".utf8))
        #expect(Self.text(parser.handler.events) == "\(reserved(0xFDEE))\(reserved(0xFDD1))\u{FFFD}\u{FFFD}")
        #expect(parser.repairs.filter { $0.message.contains("reserved for control-character references") }.count == 2)
    }

    @Test("Leading zeros, however many: passed on as they come, so no reference passes unread and none is held")
    func leadingZeros() throws {
        let zeros = String(repeating: "0", count: 100)
        let (events, _, error) = Self.parse(Array("<a v='&#x\(zeros)1E;'>&#\(zeros)30;&#\(zeros)65;</a>".utf8), chunkSize: 7)
        #expect(error == nil)
        #expect(Self.text(events) == "\(reserved(0xFDEE))A")
        // &#x000…; is the null character, refused.
        #expect(Self.parse(Array("<a>&#x\(zeros);</a>".utf8), chunkSize: 7).error?.code == .badCharacterReference)
        for reference in ["&#x\(zeros)FDD0;", "&#\(zeros)65000;"] {
            #expect(Self.parse(Array("<a>\(reference)</a>".utf8)).error?.code == .reservedCharacter, "\(reference.suffix(8))")
        }
        // More digits than any character has: for expat to refuse, as without the option.
        #expect(Self.parse(Array("<a>&#x1\(zeros)E;</a>".utf8)).error?.code == .badCharacterReference)
        // A megabyte of zeros, fed in pieces: read, and the input-size limit sees every byte.
        let long = Array("<a>&#x\(String(repeating: "0", count: 1 << 20))1F;</a>".utf8)
        #expect(Self.text(Self.parse(long, chunkSize: 4096).events) == reserved(0xFDEF))
        var limited = Self.options
        limited.limits.maximumInputSize = 1 << 20
        #expect(Self.parse(long, chunkSize: 4096, options: limited).error?.code == .inputTooLarge)
        let padded = "<r>" + String(repeating: "&#x0000001E;", count: 20) + "</r>"
        limited.limits.maximumInputSize = 200
        #expect(Self.parse(Array(padded.utf8), options: limited).error?.code == .inputTooLarge)
    }

    @Test("The DTD cannot bring reserved characters in: entity values (even written &#38;#…;) and attribute defaults")
    func reservedInTheDTD() throws {
        for subset in [
            "<!ENTITY e '&#xFDD0;'>", "<!ENTITY e '&#38;#xFDD1;'>", "<!ENTITY e '&#38;#65000;'>",
            "<!ATTLIST r a CDATA '&#xFDEE;'>", "<!ENTITY e 'x\(reserved(0xFDD9))'>",
        ] {
            let error = Self.parse(Array("<!DOCTYPE r [\n \(subset)]><r>&e;</r>".utf8)).error
            #expect(error?.code == .reservedCharacter, "\(subset)")
            #expect(error?.position.line == 2, "\(subset)")
        }
        let (events, _, error) = Self.parse(Array("<!DOCTYPE r [<!ENTITY e 'x&#38;#38;#xFDD0;'><!ATTLIST r a CDATA 'd'>]><r>&e;</r>".utf8))
        #expect(error == nil)
        #expect(Self.text(events) == "x&#xFDD0;")
    }

    @Test("Limits count the input's bytes; an error's excerpt never shows rewritten text")
    func limitsAndExcerpts() throws {
        var options = Self.options
        let document = "<a>" + String(repeating: "&#1;", count: 10) + "</a>"
        options.limits.maximumInputSize = Int64(document.utf8.count)
        #expect(Self.parse(Array(document.utf8), options: options).error == nil)
        options.limits.maximumInputSize = Int64(document.utf8.count - 1)
        #expect(Self.parse(Array(document.utf8), options: options).error?.code == .inputTooLarge)
        for document in ["<a>&#x1E;</b>", "<r>&#x1E;" + String(repeating: "x", count: 54) + "&</r>"] {
            let error = Self.parse(Array(document.utf8)).error
            #expect(error != nil)
            #expect(error?.excerpt?.contains("FDEE") != true, "\(document)")
        }
        #expect(Self.parse(Array("<a>x</b>".utf8)).error?.excerpt != nil)
        // Far enough from the rewrite, the excerpt is shown.
        let far = Self.parse(Array(("<r>&#x1E;\n" + String(repeating: "x", count: 100) + "</b>").utf8)).error
        #expect(far?.excerpt?.hasSuffix("</b>") == true)
    }

    @Test("UTF-16 transcoded for the stage: a mark under an override, a tag with an undeclared entity")
    func utf16Details() throws {
        func utf16BE(_ text: String) -> [UInt8] { ([UInt16(0xFEFF)] + Array(text.utf16)).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        let document = "<a b='&#x1E;'><c/>&#x1E;<d/></a>"
        var override = Self.options
        override.encoding = .utf16
        var plain = XMLParserOptions()
        plain.encoding = .utf16
        let oracle = Self.parse(utf16BE(Self.oracle(document)), options: plain)
        let result = Self.parse(utf16BE(document), options: override)
        #expect(oracle.error == nil && result.error == nil)
        #expect(result.positions == oracle.positions)

        var keep = Self.options
        keep.unexpandedEntities = .keep
        let tag = #"<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE r SYSTEM "r.dtd"><r a="é&#x1E;&x;"/>"#
        let read = Self.parse(utf16BE(tag), options: keep)
        #expect(read.error == nil)
        let value = read.events.compactMap { event -> String? in
            if case .startElement(_, let attributes) = event { return attributes.first?.value }
            return nil
        }.first
        #expect(value == "é\(reserved(0xFDEE))&x;")
    }

    @Test("An undeclared entity in a value of a transcoded document: its byte offset is the input's")
    func transcodedAttributeEntity() throws {
        let document = #"<?xml version="1.0" encoding="Shift_JIS"?><!DOCTYPE r SYSTEM "r.dtd"><r b="\#u{3042}\#u{3044}&u;"/>"#
        let bytes = Array(document.data(using: .shiftJIS)!)
        let expected = Int64(bytes.firstIndex(of: UInt8(ascii: "&"))!)
        for options in [XMLParserOptions(), Self.options] {
            let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true), options: options)
            try parser.parse(bytes)
            let positions = zip(parser.handler.events, parser.handler.positions).compactMap { event, position -> XMLPosition? in
                if case .skippedAttributeEntity = event { return position }
                return nil
            }
            #expect(positions.map(\.byteOffset) == [expected])
            #expect(positions.map(\.column) == [document.distance(from: document.startIndex, to: document.firstIndex(of: "&")!) + 1])
        }
    }

    @Test("A parser reset between documents reads the next one the same way")
    func reset() throws {
        let parser = XMLStreamParser(handler: XMLEventCollector(), options: Self.options)
        try parser.parse(Array("<a>&#x1E;</a>".utf8))
        parser.reset()
        try parser.parse(Array([0xFF, 0xFE] + Array("<a>&#x1F;</a>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        parser.reset()
        try parser.parse(Array("<a>&#x1D;</a>".utf8))
        #expect(Self.text(parser.handler.events) == "\(reserved(0xFDEE))\(reserved(0xFDEF))\(reserved(0xFDED))")
    }
}
