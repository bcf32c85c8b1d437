import Foundation
import PropertyLists
import Testing
import XMLTestSupport

@Suite("Property-list readers against random damage")
struct FuzzTests {
    /// Flips, inserts, deletes and overwrites bytes; truncates sometimes.
    static func damaged(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1: bytes[at] = UInt8.random(in: 0...255, using: &generator)
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: at)
            case 3: bytes.remove(at: at)
            default: bytes.removeLast(Int.random(in: 0...min(16, bytes.count), using: &generator))
            }
        }
        return bytes
    }

    @Test("damaged files in every format give a value or a PropertyListError, never a crash")
    func randomDamage() throws {
        var inputs: [[UInt8]] = []
        for name in ["mixed", "array", "string"] {
            inputs.append(Array(try fixture("\(name).binary.plist")))
            inputs.append(Array(try fixture("\(name).xml.plist")))
        }
        let mixed = try PropertyList(data: fixture("mixed.xml.plist"))
        let noDates = try PropertyList(data: fixture("string.xml.plist"))
        inputs.append(Array(try noDates.data(format: .json)))
        inputs.append(Array(try mixed.data(format: .openStep)))
        for seed in UInt64(1)...3000 {
            var generator = SeededGenerator(seed: seed)
            let input = Self.damaged(inputs[Int(seed) % inputs.count], using: &generator)
            do {
                _ = try PropertyList(data: input)
            } catch is PropertyListError {
                continue
            } catch {
                Issue.record("seed \(seed): \(type(of: error)) \(error)")
            }
        }
    }
}

/// What the fuzz target comparing the scanner with expat (FuzzPlistScanner) found: columns
/// after a byte-order mark.
@Suite("Fuzz findings: plist positions")
struct PlistPositionFindingTests {
    @Test("A byte-order mark is no column, in XML and in OpenStep; OpenStep columns count characters")
    func byteOrderMark() throws {
        for (text, column) in [("<plist><x/></plist>", 8), ("<\r\r\r0>", 6)] {
            let plain = try #require(throws: PropertyListError.self) { try PropertyList(data: Array(text.utf8)) }
            let marked = try #require(throws: PropertyListError.self) { try PropertyList(data: [0xEF, 0xBB, 0xBF] + Array(text.utf8)) }
            #expect(plain.position?.line == 1 && plain.position?.column == column, "\(text.debugDescription)")
            #expect(marked.position?.line == plain.position?.line && marked.position?.column == plain.position?.column, "\(text.debugDescription)")
        }
        let wide = try #require(throws: PropertyListError.self) { try PropertyList(data: Array("{ \"\u{E9}\u{E9}\" = <0> ; }".utf8)) }
        #expect(wide.position?.line == 1 && wide.position?.column == 12)
    }
}
