import Foundation
import Testing
import XMLTestSupport

@testable import XMLValidation

/// XML Schema's regular expressions (the `pattern` facet): the grammar of appendix F, its
/// classes, and whole-value matching.
@Suite("XSD patterns")
struct RegexTests {
    static func matches(_ pattern: String, _ value: String) throws -> Bool {
        try XSDRegex(pattern).matches(value)
    }

    @Test("values a pattern matches, and values it does not", arguments: [
        // Anchored at both ends; ^ and $ are ordinary characters.
        ("[A-Z]{2}\\d", "AB1", true), ("[A-Z]{2}\\d", "A1", false), ("[A-Z]{2}\\d", "ABC1", false),
        ("[A-Z]{2}\\d", "xAB1", false), ("^a$", "^a$", true), ("^a$", "a", false),
        ("a|b|c", "b", true), ("a|b|c", "", false), ("", "", true), ("", "a", false), ("a|", "", true),
        ("a*", "", true), ("(ab)+", "ababab", true), ("(ab)+", "aba", false), ("a?b", "b", true),
        ("a{2,3}", "aa", true), ("a{2,3}", "aaa", true), ("a{2,3}", "aaaa", false), ("a{2,3}", "a", false),
        ("a{2,}", "aaaaa", true), ("a{2,}", "a", false), ("a{0}", "", true), ("a{0}", "a", false),
        ("(a|bc){2}", "bca", true), ("(a|bc){2}", "abcd", false),
        // Groups, negation, subtraction, and - first or last.
        ("[a-z-[aeiou]]+", "bcd", true), ("[a-z-[aeiou]]+", "bad", false),
        ("[\\p{L}-[\\p{Lu}]]", "a", true), ("[\\p{L}-[\\p{Lu}]]", "A", false),
        ("[a-z-[b-y-[c]]]", "c", true), ("[a-z-[b-y-[c]]]", "d", false),
        ("[^abc]", "d", true), ("[^abc]", "a", false), ("[^abc]", "\n", true),
        ("[-a]", "-", true), ("[a-]", "-", true), ("[\\-a]", "-", true), ("[a^]", "^", true),
        // A group ending in - before a subtraction (the W3C suite's reF56).
        ("[a-z--[b-z]]", "a", true), ("[a-z--[b-z]]", "-", true), ("[a-z--[b-z]]", "c", false),
        ("[a--[b]]", "-", true), ("[ab--[b]]", "b", false), ("[^a--[b]]", "a", false), ("[^a--[b]]", "-", false),
        ("[^a--[b]]", "c", true), ("[--[a]]", "-", true),
        ("[\\[\\]]+", "[]", true), ("[a\\d]", "7", true), ("[\\s\\d]", " ", true),
        // Escapes and multi-character classes.
        (".", "\n", false), (".", "\r", false), (".", "\t", true), (".", "é", true),
        ("\\s*x", " \t\n\rx", true), ("\\S", " ", false), ("\\d+", "0٣9", true), ("\\D", "5", false),
        ("\\w+", "ab1é", true), ("\\w", "!", false), ("\\w", " ", false), ("\\W", "-", true),
        ("\\i\\c*", "x-1.y", true), ("\\i\\c*", "1x", false), ("\\i", ":", true), ("\\I", "1", true),
        ("[\\i-[:]][\\c-[:]]*", "a:b", false), ("[\\i-[:]][\\c-[:]]*", "ab", true),
        ("\\n\\r\\t", "\n\r\t", true), ("\\.\\*\\+\\?\\(\\)\\{\\}\\|\\^\\\\", ".*+?(){}|^\\", true),
        // Categories and blocks.
        ("\\p{Lu}\\p{Ll}*", "Ölweg", true), ("\\p{Lu}", "ö", false), ("\\P{L}", "1", true), ("\\P{L}", "x", false),
        ("\\p{N}", "½", true), ("\\p{Sc}", "€", true), ("\\p{Zs}", " ", true), ("\\p{Cc}", "\u{7}", true),
        ("\\p{IsBasicLatin}+", "abc", true), ("\\p{IsBasicLatin}", "é", false), ("\\p{IsGreek}", "λ", true),
        ("\\P{IsGreek}", "λ", false), ("\\p{IsLatin-1Supplement}", "é", true), ("\\p{IsPrivateUse}", "\u{F0000}", true),
        // A character outside the Basic Multilingual Plane is one character.
        ("𝄞+", "𝄞𝄞", true), (".", "𝄞", true), ("..", "𝄞", false), ("[𝄞-𝄢]", "𝄠", true),
        ("\\p{IsMusicalSymbols}", "𝄞", true),
    ])
    func matching(pattern: String, value: String, expected: Bool) throws {
        #expect(try Self.matches(pattern, value) == expected)
    }

    @Test("patterns outside the grammar are refused, at the character that breaks it", arguments: [
        ("a{3,2}", 1, "second count is less"), ("[", 0, "[ with no ]"), ("[]", 0, "empty group"),
        ("*a", 0, "nothing before it"), ("a**", 2, "nothing before it"), ("(a", 0, "( with no )"),
        ("a)", 1, ") with no ("), ("\\q", 0, "not an escape"), ("\\p{Foo}", 0, "no such category"),
        ("\\p{IsKlingon}", 0, "no such category"), ("\\pL", 0, "followed by {name}"), ("[a-c-e]", 4, "escaped as \\-"),
        ("{", 0, "nothing before it"), ("a{,2}", 2, "must be {n}"), ("a{1", 1, "must be {n}"), ("]", 0, "escaped as \\]"),
        ("}", 0, "escaped as \\}"), ("[a[b]", 2, "escaped as \\["), ("[z-a]", 4, "earlier one"),
        ("[a-\\d]", 3, "not a class"), ("[a-[b]c]", 6, "last thing"), ("a\\", 1, "at the end"), ("x(?:a)", 2, "nothing before it"),
        // A group left open is named as such, not by what would come before its ].
        ("[a-", 0, "[ with no ]"), ("[a-z-[aeiou]", 0, "[ with no ]"),
    ])
    func syntaxErrors(pattern: String, offset: Int, message: String) {
        #expect {
            _ = try XSDRegex(pattern)
        } throws: { error in
            guard let error = error as? XSDRegex.SyntaxError else { return false }
            return error.offset == offset && error.message.contains(message)
        }
    }

    @Test("counts are expanded under a limit on the program, and nesting under a limit on depth")
    func limits() throws {
        #expect(try XSDRegex("a{1000}").matches(String(repeating: "a", count: 1000)))
        #expect(throws: XSDRegex.SyntaxError.self) { try XSDRegex("a{1000}", maximumProgramSize: 999) }
        // Nested counts multiply: 10⁹ instructions are refused without being made.
        #expect(throws: XSDRegex.SyntaxError.self) { try XSDRegex("((a{1000}){1000}){1000}") }
        #expect(throws: XSDRegex.SyntaxError.self) { try XSDRegex("a{2147483647}") }
        #expect(throws: XSDRegex.SyntaxError.self) { try XSDRegex("(a{99999999999999999999})*") }
        // A count past what is read says so, not a made-up size.
        #expect { try XSDRegex("a{4294967297}") } throws: { error in
            (error as? XSDRegex.SyntaxError)?.message == "the pattern needs more than 100000 instructions once its counts are expanded, past the limit of 100000"
        }

        let depth = XSDRegexParser.maximumDepth
        let deep = String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)
        #expect(try XSDRegex(deep).matches("a"))
        #expect(throws: XSDRegex.SyntaxError.self) { try XSDRegex("(" + deep + ")") }
        let subtractions = "[a-z" + String(repeating: "-[a-z", count: depth - 1) + String(repeating: "]", count: depth)
        #expect(try XSDRegex(subtractions).matches("q") == false)
        #expect(throws: XSDRegex.SyntaxError.self) { try XSDRegex("[a-z-" + subtractions + "]") }
    }

    /// A pattern over `a`, `b`, `c` and the same in the syntax of NSRegularExpression
    /// (ICU), which reads this subset the same way.
    indirect enum Pattern {
        case character(String)
        case group(String)
        case choice([Pattern])
        case sequence([Pattern])
        case repeated(Pattern, String)

        var xsd: String {
            switch self {
            case .character(let c), .group(let c): return c
            case .choice(let items): return "(" + items.map(\.xsd).joined(separator: "|") + ")"
            case .sequence(let items): return "(" + items.map(\.xsd).joined() + ")"
            case .repeated(let item, let quantifier): return item.xsd + quantifier
            }
        }

        var icu: String {
            switch self {
            case .character(let c), .group(let c): return c
            case .choice(let items): return "(?:" + items.map(\.icu).joined(separator: "|") + ")"
            case .sequence(let items): return "(?:" + items.map(\.icu).joined() + ")"
            case .repeated(let item, let quantifier): return item.icu + quantifier
            }
        }

        static func random(depth: Int, using generator: inout SeededGenerator) -> Pattern {
            var pattern: Pattern
            switch depth == 0 ? 0 : Int.random(in: 0..<4, using: &generator) {
            case 0: pattern = .character(["a", "b", "c"].randomElement(using: &generator)!)
            case 1: pattern = .group(["[ab]", "[^a]", "[a-c-[b]]", "."].randomElement(using: &generator)!)
            default:
                let items = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    random(depth: depth - 1, using: &generator)
                }
                pattern = Bool.random(using: &generator) ? .choice(items) : .sequence(items)
            }
            let quantifiers = ["?", "*", "+", "{2}", "{0,2}", "{1,}", "", "", "", ""]
            let quantifier = quantifiers.randomElement(using: &generator)!
            return quantifier.isEmpty ? pattern : .repeated(pattern, quantifier)
        }
    }

    @Test("a small pattern's ASCII automaton is built when compiled; a large one's is not, and both match alike")
    func asciiAutomaton() throws {
        let time = try XSDRegex(#"\s*\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}\s*"#)
        #expect(XSDRegexASCIIAutomaton(time.program.code) != nil)
        #expect(time.matches("2012-03-01 6:00"))
        #expect(time.matches(" 2012-03-01 16:00\n"))
        #expect(!time.matches("2012-03-01 6:0"))
        #expect(!time.matches("2012-03-01 116:00"))
        // A digit outside ASCII (Arabic-Indic) is a \d: the value goes the shared cache's way.
        #expect(time.matches("2012-03-01 \u{0666}:00"))
        #expect(!time.matches("2012-03-01 6:00é"))
        // (a|b)*a(a|b){7} needs 2^8 states; a{2000} 2,001: neither is built whole, and both
        // still match through the shared cache.
        let exponential = try XSDRegex("(a|b)*a(a|b){7}")
        #expect(XSDRegexASCIIAutomaton(exponential.program.code) == nil)
        #expect(exponential.matches("bbbabbbbbbb"))
        #expect(!exponential.matches("bbbbabbbbbbb" + "b"))
        // (a?){1000}: each state holds about 2,000 threads; a{5000}: 5,001 instructions.
        let optional = try XSDRegex("(a?){1000}")
        #expect(XSDRegexASCIIAutomaton(optional.program.code) == nil)
        #expect(optional.matches(String(repeating: "a", count: 999)))
        #expect(!optional.matches(String(repeating: "a", count: 1001)))
        #expect(XSDRegexASCIIAutomaton(try XSDRegex("a{5000}").program.code) == nil)
        // 22 states of 22 classes: an automaton, but too many pairs for the table of two
        // characters (22 × 22² > 8,192); values of odd and even length step one at a time.
        let literal = try XSDRegex("abcdefghijklmnopqrstu(v)?")
        #expect(XSDRegexASCIIAutomaton(literal.program.code) != nil)
        #expect(literal.matches("abcdefghijklmnopqrstu") && literal.matches("abcdefghijklmnopqrstuv"))
        #expect(!literal.matches("abcdefghijklmnopqrst") && !literal.matches("abcdefghijklmnopqrstuvv") && !literal.matches(""))
        let long = try XSDRegex("a{2000}")
        #expect(XSDRegexASCIIAutomaton(long.program.code) == nil)
        #expect(long.matches(String(repeating: "a", count: 2000)))
        #expect(!long.matches(String(repeating: "a", count: 1999)))
    }

    @Test("400 random patterns against ICU's reading of them, on every value of up to 5 of a, b, c")
    func randomPatterns() throws {
        var generator = SeededGenerator(seed: 20_261_128)
        var values = [""]
        var frontier = [""]
        for _ in 0..<5 {
            frontier = frontier.flatMap { prefix in ["a", "b", "c"].map { prefix + $0 } }
            values += frontier
        }
        var matched = 0
        for _ in 0..<400 {
            let pattern = Pattern.random(depth: 3, using: &generator)
            let regex = try XSDRegex(pattern.xsd)
            // ICU has no subtraction: [a-c-[b]] is [ac] there.
            let icu = try NSRegularExpression(pattern: "^(?:" + pattern.icu.replacing("[a-c-[b]]", with: "[ac]") + ")$")
            for value in values {
                let expected = icu.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
                #expect(regex.matches(value) == expected, "\(pattern.xsd) on \"\(value)\"")
                if expected { matched += 1 }
            }
        }
        #expect(matched > 5_000, "only \(matched) matches: the values barely test the patterns")
    }
}
