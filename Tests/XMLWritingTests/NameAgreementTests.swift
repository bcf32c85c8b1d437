import Testing
import XMLStreaming
import XMLWriting

/// The writer and the parser agree on names: whatever the writer accepts, the linked expat
/// reads, and what expat reads, the writer accepts. Asked of expat itself for every code
/// point, so a newer system expat with other tables is caught here.
@Suite("Names the writer writes are names expat reads")
struct NameAgreementTests {
    private struct Ignore: XMLEventHandler {}

    /// Every code point from U+0080 up to U+FFFF and a sample above, as a name's first
    /// character and as a later one.
    @Test("For every code point, the writer's verdict is the linked expat's")
    func everyCodePoint() throws {
        let parser = XMLStreamParser(handler: Ignore())
        var mismatches: [String] = []
        let astral: [UInt32] = [0x10000, 0x1D49C, 0x1F600, 0x20000, 0xE0100, 0x10FFFD]
        for value in Array(UInt32(0x80)...0xFFFF) + astral {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for (name, position) in [(String(scalar), "start"), ("a\(scalar)b", "later")] {
                let expatReads = (try? parser.parse(Array("<\(name)/>".utf8))) != nil
                let writer = try XMLStreamWriter()
                let writerWrites = (try? writer.startElement(name)) != nil
                if expatReads != writerWrites {
                    mismatches.append("U+\(String(value, radix: 16, uppercase: true)) (\(position)): expat \(expatReads), writer \(writerWrites)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) disagreements, first: \(mismatches.prefix(10))")
    }

    @Test("A name the fifth edition allows but expat does not is refused, not written unreadable")
    func fifthEditionOnly() throws {
        let writer = try XMLStreamWriter()
        #expect(throws: XMLWriterError(.invalidName("Ͱx"))) { try writer.startElement("Ͱx") }
        #expect(throws: XMLWriterError(.invalidName("a\u{10000}"))) { try writer.startElement("a\u{10000}") }
    }
}
