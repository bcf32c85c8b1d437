import Testing
import XMLTestSupport

@testable import XMLValidation

/// XSD patterns on hostile values and patterns: time for n and 4n, near-linear, where a
/// backtracking engine takes time exponential in the value.
@Suite("XSD pattern scaling", .serialized)
struct RegexScalingTests {
    @Test("(a*)*b, (a|aa)*c and (a|a?)+b on n letters a: linear in the value")
    func nestedRepetition() throws {
        for pattern in ["(a*)*b", "(a|aa)*c", "(a|a?)+b"] {
            let regex = try XSDRegex(pattern)
            let scaling = Scaling.measure(n: 20_000, prepare: { String(repeating: "a", count: $0) }) { value in
                #expect(!regex.matches(value))
            }
            print("scaling: \(pattern): \(scaling)"); #expect(scaling.isNearLinear(), "\(pattern): \(scaling)")
        }
    }

    @Test("a{n} and a choice of n words: compiled and matched in time linear in the pattern")
    func largePatterns() throws {
        let counted = Scaling.measure(n: 5_000, prepare: { $0 }) { n in
            let regex = try! XSDRegex("a{\(n)}")
            #expect(regex.matches(String(repeating: "a", count: n)))
        }
        print("scaling: a{n}: \(counted)"); #expect(counted.isNearLinear(), "a{n}: \(counted)")

        let choice = Scaling.measure(n: 2_000, prepare: { n in (0..<n).map { "w\($0)" }.joined(separator: "|") }) { pattern in
            let regex = try! XSDRegex(pattern)
            #expect(regex.matches("w1"))
        }
        print("scaling: choice of n words: \(choice)"); #expect(choice.isNearLinear(), "choice: \(choice)")
    }
}

/// XSD content models on hostile counts and widths: time for n and 4n, near-linear.
@Suite("XSD content model scaling", .serialized)
struct ContentModelScalingTests {
    static func name(_ k: Int) -> XSDExpandedName { XSDExpandedName(namespace: nil, localName: "e\(k)") }

    /// The model of `particle`, where declaration k is named `ek` and numbered k.
    static func model(_ particle: XSDParticle) -> XSDContentModel {
        var symbols: [XSDExpandedName: Int32] = [:]
        return XSDContentModel(particle, declarationNames: Self.name, symbols: &symbols)
    }

    @Test("maxOccurs of a million: n children counted, not unrolled; a repeated choice of n names compiled and checked")
    func counts() throws {
        let particle = XSDParticle(
            minimum: 1, maximum: 1,
            term: .sequence([XSDParticle(minimum: 2, maximum: 1_000_000, term: .element(0)), XSDParticle(minimum: 1, maximum: 1, term: .element(1))]))
        let model = Self.model(particle)
        #expect(model.nodes.count == 3)
        let children = Scaling.measure(n: 20_000, prepare: { $0 }) { n in
            var matcher = XSDContentMatcher(model, at: 0)
            for _ in 0..<n { _ = matcher.next(symbol: 0, namespace: nil, in: model) }
            guard case .success = matcher.next(symbol: 1, namespace: nil, in: model) else { Issue.record("e1 refused"); return }
            #expect(matcher.end(in: model) == nil)
        }
        print("scaling: counted children: \(children)"); #expect(children.isNearLinear(), "counted children: \(children)")

        let choice = try Scaling.measure(n: 2_000, prepare: { n in
            XSDParticle(minimum: 0, maximum: nil, term: .choice((0..<n).map { XSDParticle(minimum: 1, maximum: 1, term: .element($0)) }))
        }) { particle in
            let model = Self.model(particle)
            try model.checkUniqueAttribution(budget: 1_000_000)
        }
        print("scaling: repeated choice: \(choice)"); #expect(choice.isNearLinear(), "repeated choice: \(choice)")
    }
}
