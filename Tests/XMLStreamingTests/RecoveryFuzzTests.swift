import Testing
import XMLStreaming
import XMLTestSupport

@Suite("Recovering reader: random damage")
struct RecoveryFuzzTests {
    /// Bytes that break XML: markup characters, controls, bytes that are not UTF-8.
    static let damage: [UInt8] = Array("<>&\"'/=!?]-:;#x ".utf8) + [0x00, 0x0C, 0x1B, 0xE9, 0xFF, 0xC3, 0xED, 0xA0]

    static func damaged(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...12, using: &generator) {
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5: bytes.insert(damage.randomElement(using: &generator)!, at: at)
            case 5..<8: bytes.remove(at: at)
            case 8:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &generator))
                bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0..<bytes.count, using: &generator))
            default:
                // Truncate, but keep the root's start tag.
                bytes.removeLast(max(0, min(bytes.count - 200, bytes.count - at)))
            }
        }
        return bytes
    }

    @Test("randomly damaged documents always read as a well-formed event stream, however they are split")
    func randomDamage() throws {
        let original = try Fixture.bytes("schedule.xml")
        for seed in UInt64(1)...500 {
            var generator = SeededGenerator(seed: seed)
            let input = Self.damaged(original, using: &generator)
            let whole: (text: String, repairs: [XMLRepair])
            do {
                whole = try recovered(input)
            } catch {
                Issue.record("seed \(seed): \(error) for \(String(decoding: input.prefix(300), as: UTF8.self).debugDescription)")
                continue
            }
            let chunk = Int.random(in: 1...300, using: &generator)
            let split = try recovered(input, chunkSize: chunk)
            #expect(split.text == whole.text, "seed \(seed), chunks of \(chunk)")
            #expect(split.repairs == whole.repairs, "seed \(seed), chunks of \(chunk)")
        }
    }

    @Test("random markup soup with a root never fails")
    func markupSoup() throws {
        let alphabet: [UInt8] =
            Array("<<<>>&&/\"'=!?[]-:;# abcxyzCDATA\n".utf8) + [0x00, 0x0C, 0xE9, 0xFF] + Array("😀€".utf8)
        let words = ["xmlns", "xmlns:a=\"u\" ", "<!DOCTYPE r [", "<!ENTITY e \"v\">", "&e;", "]]", "<?pi ?>", "<!--", "-->"]
        for seed in UInt64(1)...500 {
            var generator = SeededGenerator(seed: seed)
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 0...200, using: &generator) {
                if Int.random(in: 0..<8, using: &generator) == 0 {
                    body += Array(words.randomElement(using: &generator)!.utf8)
                } else {
                    body.append(alphabet.randomElement(using: &generator)!)
                }
            }
            let input = (seed % 3 == 0 ? Array("<!DOCTYPE root [<!ENTITY e \"v\">]>".utf8) : []) + Array("<root>".utf8) + body
            do {
                _ = try recovered(input)
                _ = try recovered(input, namespaces: false)
            } catch {
                Issue.record("seed \(seed): \(error) for \(String(decoding: input, as: UTF8.self).debugDescription)")
            }
        }
    }
}

@Suite("Recovering reader: inputs a review found")
struct RecoveryReviewTests {
    static let cases: [String] = [
        // A DOCTYPE left out declares nothing.
        "<r><!DOCTYPE r [<!ENTITY e \"x\">]>&e;</r>",
        "<r><!DOCTYPE r SYSTEM \"x\">&foo;</r>",
        // `]]` and `>` brought together by what was left out.
        "<r>]]</r>>", "<r>]]</x>></r>", "<r>]]<?xml?>></r>", "<r>]]&#1;></r>", "<r>]]\u{0C}></r>",
        // Namespaces: the xmlns prefix on an element, reserved names, duplicates after expansion.
        "<xmlns:a/>", "<r><xmlns:b>x</xmlns:b></r>",
        "<r xmlns:a=\"u\" xmlns:b=\"u\" a:x=\"1\" b:x=\"2\"/>",
        "<r xmlns:a=\"http://www.w3.org/XML/1998/namespace\"/>", "<r xmlns=\"http://www.w3.org/2000/xmlns/\"/>",
        "<r xmlns:xml=\"urn:other\" xmlns:p=\"\"/>",
        // Characters expat does not take in names.
        "<r>a <😀 b <€5 <\u{2070}x</r>",
        // The internal subset: PIs with quotes, entities of every kind.
        "<!DOCTYPE r [<?pi don't?>]><r/>",
        "<!DOCTYPE r [<!ENTITY e SYSTEM \"e\">]><r a=\"&e;\">&e;</r>",
        "<!DOCTYPE r [<!NOTATION n SYSTEM \"n\"><!ENTITY u SYSTEM \"u\" NDATA n>]><r>&u;</r>",
        "<!DOCTYPE r [<!ENTITY lt2 \"<b/>\">]><r a=\"&lt2;\">&lt2;</r>",
        "<!DOCTYPE r [<!ENTITY e \"&e;\">]><r>&e;</r>",
        "<?xml version=\"1.0\" standalone=\"yes\"?><!DOCTYPE r SYSTEM \"r.dtd\"><r>&foo;</r>",
        // DOCTYPE headers XML does not allow.
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><html/>", "<!DOCTYPE><r/>",
        "<!DOCTYPE SYSTEM><SYSTEM>&foo;</SYSTEM>",
        // An encoding name must start with a letter.
        "<?xml version=\"1.0\" encoding=\"_x\"?><r/>",
        // Chunk boundaries: `a=/`, and the declaration's first kilobyte.
        "<r a=/>", "<?xml version=\"1.0\"" + String(repeating: " ", count: 1100) + " encoding=\"ISO-8859-1\"?><r>x</r>",
    ]

    @Test("each reads, the same way however it is split", arguments: cases)
    func reads(_ input: String) throws {
        let bytes = Array(input.utf8)
        let whole = try recovered(bytes)
        let wholeNoNamespaces = try recovered(bytes, namespaces: false)
        for size in [1, 2, 3, 7, 64] {
            let split = try recovered(bytes, chunkSize: size)
            #expect(split.text == whole.text, "chunks of \(size)")
            #expect(split.repairs == whole.repairs, "chunks of \(size)")
            #expect(try recovered(bytes, chunkSize: size, namespaces: false).text == wholeNoNamespaces.text)
        }
    }

    @Test("what the repairs give back")
    func results() throws {
        #expect(try recovered("<r><!DOCTYPE r [<!ENTITY e \"x\">]>&e;</r>").text == "<r>&amp;e;</r>")
        #expect(try recovered("<r>]]</x>></r>").text == "<r>]]></r>")
        #expect(try recovered("<xmlns:a/>").text == "<xmlns_a></xmlns_a>")
        #expect(try recovered("<r xmlns:a=\"u\" xmlns:b=\"u\" a:x=\"1\" b:x=\"2\"/>").text == "<r a:x=\"1\"></r>")
        #expect(try recovered("<r>a <😀 b <€5</r>").text == "<r>a &lt;😀 b &lt;€5</r>")
        #expect(try recovered("<!DOCTYPE r [<!ENTITY e SYSTEM \"e\">]><r a=\"&e;\">x</r>").text == "<r a=\"&amp;e;\">x</r>")
        let html = try recovered("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><html/>")
        #expect(html.text == "<html></html>")
        #expect(html.repairs.map(\.kind) == [.misplacedDeclaration])
    }
}
