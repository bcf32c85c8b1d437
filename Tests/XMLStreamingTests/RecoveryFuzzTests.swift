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
        let alphabet: [UInt8] = Array("<<<>>&&/\"'=!?[]-:;# abcxyzCDATA\n".utf8) + [0x00, 0x0C, 0xE9, 0xFF]
        for seed in UInt64(1)...500 {
            var generator = SeededGenerator(seed: seed)
            let body = (0..<Int.random(in: 0...200, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let input = Array("<root>".utf8) + body
            do {
                _ = try recovered(input)
                _ = try recovered(input, namespaces: false)
            } catch {
                Issue.record("seed \(seed): \(error) for \(String(decoding: input, as: UTF8.self).debugDescription)")
            }
        }
    }
}
