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
