import Foundation
import Testing
import XMLStreaming
import XMLTestSupport
import XMLValidation

/// Content models against an independent reading: each random model becomes a regular
/// expression over one letter per name, and a sequence of children is valid exactly when the
/// regular expression matches their letters.
@Suite("DTD content models: children accepted exactly as the model's regular expression")
struct ContentModelTests {
    indirect enum Model {
        case name(Character)
        case choice([Model])
        case sequence([Model])
        case quantified(Model, Character)

        /// As a DTD writes it (a name alone only inside a group).
        var dtd: String {
            switch self {
            case .name(let c): return String(c)
            case .choice(let items): return "(" + items.map(\.dtd).joined(separator: " | ") + ")"
            case .sequence(let items): return "(" + items.map(\.dtd).joined(separator: ", ") + ")"
            case .quantified(let model, let q): return model.dtd + String(q)
            }
        }

        var regex: String {
            switch self {
            case .name(let c): return String(c)
            case .choice(let items): return "(?:" + items.map(\.regex).joined(separator: "|") + ")"
            case .sequence(let items): return "(?:" + items.map(\.regex).joined() + ")"
            case .quantified(let model, let q): return "(?:" + model.regex + ")" + String(q)
            }
        }

        /// A group, as a content model must be at its top.
        var group: Model {
            switch self {
            case .choice, .sequence: return self
            case .quantified(.choice, _), .quantified(.sequence, _): return self
            default: return .sequence([self])
            }
        }
    }

    static func randomModel(depth: Int, using generator: inout SeededGenerator) -> Model {
        let names: [Character] = ["a", "b", "c", "d"]
        var model: Model
        if depth == 0 || Int.random(in: 0..<3, using: &generator) == 0 {
            model = .name(names.randomElement(using: &generator)!)
        } else {
            let items = (0..<Int.random(in: 1...3, using: &generator)).map { _ in randomModel(depth: depth - 1, using: &generator) }
            model = Bool.random(using: &generator) ? .choice(items) : .sequence(items)
        }
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: model = .quantified(model, "?")
        case 1: model = .quantified(model, "*")
        case 2: model = .quantified(model, "+")
        default: break
        }
        return model
    }

    /// The validator's verdict on an `<r>` holding each sequence of children (one `<r>` per
    /// line, so an error's line tells which): `nil` when the model itself was refused as not
    /// deterministic.
    static func verdicts(_ model: Model, _ sequences: [String]) throws -> [Bool]? {
        var xml = "<!DOCTYPE w [<!ELEMENT w (r*)><!ELEMENT r \(model.group.dtd)>"
            + "<!ELEMENT a EMPTY><!ELEMENT b EMPTY><!ELEMENT c EMPTY><!ELEMENT d EMPTY>]><w>\n"
        for children in sequences { xml += "<r>" + children.map { "<\($0)/>" }.joined() + "</r>\n" }
        xml += "</w>"
        let options = XMLValidationOptions(reporting: .allErrors(maximum: sequences.count * 5))
        let parser = XMLStreamParser(handler: XMLDTDValidator(options: options))
        try parser.parse(xml)
        let errors = parser.handler.errors
        if errors.contains(where: { $0.code == .nondeterministicContentModel }) { return nil }
        #expect(errors.allSatisfy { $0.code == .unexpectedElement || $0.code == .incompleteContent }, "\(errors)")
        let failing = Set(errors.map { $0.position.line - 2 })
        return sequences.indices.map { !failing.contains($0) }
    }

    @Test("300 random models, every sequence of up to 4 children of 4 names")
    func randomModels() throws {
        var generator = SeededGenerator(seed: 20_261_127)
        var sequences = [""]
        var frontier = [""]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in ["a", "b", "c", "d"].map { prefix + $0 } }
            sequences += frontier
        }
        var deterministic = 0
        var refused = 0
        for _ in 0..<300 {
            let model = Self.randomModel(depth: 3, using: &generator)
            let regex = try NSRegularExpression(pattern: "^" + model.group.regex + "$")
            guard let verdicts = try Self.verdicts(model, sequences) else {
                refused += 1
                continue
            }
            deterministic += 1
            for (children, verdict) in zip(sequences, verdicts) {
                let range = NSRange(children.startIndex..., in: children)
                let expected = regex.firstMatch(in: children, range: range) != nil
                #expect(verdict == expected, "\(model.group.dtd) on \"\(children)\"")
            }
        }
        // Both kinds came up, so both paths were checked.
        #expect(deterministic > 100 && refused > 20, "\(deterministic) deterministic, \(refused) refused")
    }

    @Test("deterministic or not, as appendix E of XML 1.0 says", arguments: [
        ("((b, c) | (b, d))", false), ("(b, (c | d))", true), ("(a*, a)", false), ("(a, a?)", true),
        ("((a | b)*, a)", false), ("(a?, b?, a)", false), ("(a, (b, a)*)", true), ("((a, b)*, a?)", false), ("((a, b)*, c?)", true),
        ("((a, b?)*, b)", false), ("(a+)", true), ("((a*)*)", true), ("(a | (a, b))", false),
    ])
    func determinism(model: String, deterministic: Bool) throws {
        let xml = "<!DOCTYPE r [<!ELEMENT r \(model)><!ELEMENT a EMPTY><!ELEMENT b EMPTY><!ELEMENT c EMPTY><!ELEMENT d EMPTY>]><r/>"
        let parser = XMLStreamParser(handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))))
        try parser.parse(xml)
        #expect(parser.handler.errors.contains { $0.code == .nondeterministicContentModel } == !deterministic, "\(parser.handler.errors)")
    }

    @Test("a model past maximumContentModelSize is refused with the limit's name, and the rest of the DTD still counts")
    func limit() throws {
        let names = (0..<200).map { "e\($0)" }
        let quadratic = "(" + names.map { $0 + "?" }.joined(separator: ", ") + ")"
        let declarations = names.map { "<!ELEMENT \($0) EMPTY>" }.joined()
        let xml = "<!DOCTYPE r [<!ELEMENT r \(quadratic)>\(declarations)<!ELEMENT s (e1)>]><r><s/></r>"
        // Past the limit, later models are taken as ANY: <s> needs no <e1> then.
        let options = XMLValidationOptions(reporting: .allErrors(maximum: 10), maximumContentModelSize: 10_000)
        let parser = XMLStreamParser(handler: XMLDTDValidator(options: options))
        try parser.parse(xml)
        #expect(parser.handler.errors.map(\.code) == [.limitExceeded])
        #expect(parser.handler.errors.first?.message.contains("maximumContentModelSize (10000)") == true)
        // Under the default limit both models compile: <s> is not one of <r>'s names, and
        // has no <e1>.
        let defaults = XMLStreamParser(handler: XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: 10))))
        try defaults.parse(xml)
        #expect(defaults.handler.errors.map(\.code) == [.unexpectedElement, .incompleteContent])
    }
}
