import Foundation
import Testing
import XMLCoding
import XMLTestSupport

/// Random values of a nested model encode and decode back equal.
@Suite("Round trips")
struct RoundTripTests {
    struct Shift: Codable, Equatable, XMLNodePlacing {
        var day: Int
        var label: String
        enum CodingKeys: String, CodingKey { case day, label = "" }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }

    enum Entry: Codable, Equatable, XMLChoice {
        case note(String)
        case count(Int)
        case shift(Shift)
        case done
    }

    struct Crew: Codable, Equatable, XMLNodePlacing, XMLArrayLayouts {
        var code: String
        var name: String
        var size: Int64
        var rate: Double
        var active: Bool
        var since: Date
        var badge: Data
        var note: String?
        var size2: UInt8?
        var tags: [String]
        var shifts: [Shift]
        var lead: Shift?
        var extra: [String: Int]
        var maybe: [Int?]
        var log: [Entry]
        var latest: Entry
        var members: [Crew]

        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
            key.stringValue == "code" || key.stringValue == "active" ? .attribute : .element
        }
        static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout {
            switch key.stringValue {
            case "shifts": .wrapped(item: "shift")
            case "log": .wrapped(item: "entry")
            default: .repeated
            }
        }
    }

    /// Text from every plane: only characters XML allows (the others are stripped by policy,
    /// tested on their own), white space and markup characters among them.
    static func randomString(_ g: inout SeededGenerator) -> String {
        let length = Int.random(in: 0...12, using: &g)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let value: UInt32
            switch Int.random(in: 0..<6, using: &g) {
            case 0: value = [0x09, 0x0A, 0x0D, 0x20, 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x5D].randomElement(using: &g)!
            case 1: value = UInt32.random(in: 0x20...0x7E, using: &g)
            case 2: value = UInt32.random(in: 0xA0...0xD7FF, using: &g)
            case 3: value = UInt32.random(in: 0xE000...0xFFFD, using: &g)
            default: value = UInt32.random(in: 0x10000...0x10FFFF, using: &g)
            }
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }

    static func randomShift(_ g: inout SeededGenerator) -> Shift {
        Shift(day: Int.random(in: -5...400, using: &g), label: randomString(&g))
    }

    static func randomEntry(_ g: inout SeededGenerator) -> Entry {
        switch Int.random(in: 0..<4, using: &g) {
        case 0: .note(randomString(&g))
        case 1: .count(Int.random(in: Int.min...Int.max, using: &g))
        case 2: .shift(randomShift(&g))
        default: .done
        }
    }

    static func randomCrew(_ g: inout SeededGenerator, depth: Int) -> Crew {
        let doubles: [Double] = [0, -0.5, .infinity, -.infinity, 1e-300, .greatestFiniteMagnitude, Double.random(in: -1e9...1e9, using: &g)]
        return Crew(
            code: randomString(&g), name: randomString(&g),
            size: Int64.random(in: Int64.min...Int64.max, using: &g),
            rate: doubles.randomElement(using: &g)!,
            active: Bool.random(using: &g),
            since: Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &g))),
            badge: Data((0..<Int.random(in: 0...9, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) }),
            note: Bool.random(using: &g) ? randomString(&g) : nil,
            size2: Bool.random(using: &g) ? UInt8.random(in: 0...255, using: &g) : nil,
            tags: (0..<Int.random(in: 0...3, using: &g)).map { _ in randomString(&g) },
            shifts: (0..<Int.random(in: 0...3, using: &g)).map { _ in randomShift(&g) },
            lead: Bool.random(using: &g) ? randomShift(&g) : nil,
            extra: Dictionary(uniqueKeysWithValues: (0..<Int.random(in: 0...3, using: &g)).map { ("k\($0)", Int.random(in: -99...99, using: &g)) }),
            maybe: (0..<Int.random(in: 0...3, using: &g)).map { _ in Bool.random(using: &g) ? Int.random(in: 0...9, using: &g) : nil },
            log: (0..<Int.random(in: 0...4, using: &g)).map { _ in randomEntry(&g) },
            latest: randomEntry(&g),
            members: depth > 0 ? (0..<Int.random(in: 0...2, using: &g)).map { _ in randomCrew(&g, depth: depth - 1) } : [])
    }

    @Test("random values of a nested model encode and decode back equal, compact and indented")
    func randomModels() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var g = SeededGenerator(seed: seed)
        let decoder = XMLDecoder()
        decoder.trimsWhitespace = false
        for indentation in [nil, "  "] {
            let encoder = XMLEncoder()
            encoder.writerOptions.indentation = indentation
            for _ in 0..<150 {
                let crew = Self.randomCrew(&g, depth: 2)
                let data = try encoder.encode(crew, withRootKey: "crew")
                let back = try decoder.decode(Crew.self, from: data)
                #expect(back == crew, "seed \(seed): \(String(decoding: data, as: UTF8.self))")
                if back != crew { return }
            }
        }
    }
}
