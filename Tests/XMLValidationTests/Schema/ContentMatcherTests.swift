import Testing
import XMLSyntax
import XMLTestSupport

@testable import XMLValidation

/// XML Schema content models: the matcher against the same model read as a regular
/// expression by ``XSDRegex`` (a Thompson automaton with counts unrolled, itself checked
/// against ICU), and the Unique Particle Attribution check.
@Suite("XSD content models")
struct ContentMatcherTests {
    static let letters = ["a", "b", "c", "d"]

    static func name(_ letter: String) -> XSDExpandedName { XSDExpandedName(namespace: nil, localName: letter) }

    static func element(_ letter: String, _ minimum: Int = 1, _ maximum: Int? = 1) -> XSDParticle {
        XSDParticle(minimum: minimum, maximum: maximum, term: .element(letters.firstIndex(of: letter)!))
    }

    /// Each letter's symbol is its place in `letters`.
    static func model(_ particle: XSDParticle) -> XSDContentModel {
        var symbols = Dictionary(uniqueKeysWithValues: letters.enumerated().map { (name($1), Int32($0)) })
        return XSDContentModel(particle, declarationNames: { name(letters[$0]) }, symbols: &symbols)
    }

    static func next(_ letter: String, _ matcher: inout XSDContentMatcher, in model: XSDContentModel) -> Result<Int32, XSDContentMatcher.Mismatch> {
        matcher.next(symbol: Int32(letters.firstIndex(of: letter)!), namespace: nil, in: model)
    }

    static func regex(_ particle: XSDParticle) -> String {
        let term: String
        switch particle.term {
        case .element(let index): term = letters[index]
        case .wildcard: term = "."
        case .sequence(let items): term = "(" + items.map(regex).joined() + ")"
        case .choice(let items): term = "(" + items.map(regex).joined(separator: "|") + ")"
        case .all: term = "?"
        }
        switch (particle.minimum, particle.maximum) {
        case (1, 1): return term
        case (let minimum, nil): return term + "{\(minimum),}"
        case (let minimum, let maximum?): return term + "{\(minimum),\(maximum)}"
        }
    }

    static func accepts(_ model: XSDContentModel, _ children: [String]) -> Bool {
        var matcher = XSDContentMatcher(model, at: 0)
        for child in children {
            guard case .success = next(child, &matcher, in: model) else { return false }
        }
        return matcher.end(in: model) == nil
    }

    static func random(depth: Int, using generator: inout SeededGenerator) -> XSDParticle {
        let counts: [(Int, Int?)] = [(1, 1), (1, 1), (1, 1), (0, 1), (0, nil), (1, nil), (2, 3), (0, 2), (2, 2), (3, nil)]
        let (minimum, maximum) = counts.randomElement(using: &generator)!
        if depth == 0 || Int.random(in: 0..<3, using: &generator) == 0 {
            return element(letters.randomElement(using: &generator)!, minimum, maximum)
        }
        let items = (0..<Int.random(in: 1...3, using: &generator)).map { _ in random(depth: depth - 1, using: &generator) }
        return XSDParticle(minimum: minimum, maximum: maximum, term: Bool.random(using: &generator) ? .sequence(items) : .choice(items))
    }

    @Test("500 random models with counts: children accepted exactly as the pattern matches them, where attribution is unique")
    func randomModels() throws {
        var generator = SeededGenerator(seed: 20_261_127)
        var sequences: [[String]] = [[]]
        var frontier: [[String]] = [[]]
        for _ in 0..<5 {
            frontier = frontier.flatMap { prefix in Self.letters.map { prefix + [$0] } }
            sequences += frontier
        }
        var unique = 0
        var ambiguous = 0
        for _ in 0..<500 {
            let particle = Self.random(depth: 3, using: &generator)
            let model = Self.model(particle)
            do {
                try model.checkUniqueAttribution(budget: 1_000_000)
            } catch is XSDContentModel.Ambiguity {
                ambiguous += 1
                continue
            }
            unique += 1
            let regex = try XSDRegex(Self.regex(particle))
            for children in sequences {
                let text = children.joined()
                let expected = regex.matches(text)
                #expect(Self.accepts(model, children) == expected, "\(Self.regex(particle)) on \(text)")
            }
        }
        #expect(unique > 150 && ambiguous > 50, "\(unique) unique, \(ambiguous) ambiguous")
    }

    @Test("300 random models with nested bounded counts: long runs of children accepted exactly as the pattern matches them")
    func randomBoundedCounts() throws {
        var generator = SeededGenerator(seed: 20_261_128)
        let counts: [(Int, Int?)] = [(1, 1), (0, 1), (1, 3), (2, 4), (0, 3), (2, 2), (1, nil), (3, 5)]
        func random(_ depth: Int) -> XSDParticle {
            let (minimum, maximum) = counts.randomElement(using: &generator)!
            if depth == 0 || Int.random(in: 0..<4, using: &generator) == 0 {
                return Self.element(["a", "b"].randomElement(using: &generator)!, minimum, maximum)
            }
            let items = (0..<Int.random(in: 1...2, using: &generator)).map { _ in random(depth - 1) }
            return XSDParticle(minimum: minimum, maximum: maximum, term: Bool.random(using: &generator) ? .sequence(items) : .choice(items))
        }
        var checked = 0
        for _ in 0..<300 {
            let particle = random(3)
            guard Self.isUnique(particle) else { continue }
            checked += 1
            let model = Self.model(particle)
            let regex = try XSDRegex(Self.regex(particle))
            for _ in 0..<40 {
                let children = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                    Int.random(in: 0..<5, using: &generator) == 0 ? "b" : "a"
                }
                #expect(Self.accepts(model, children) == regex.matches(children.joined()), "\(Self.regex(particle)) on \(children.joined())")
            }
        }
        #expect(checked > 100, "\(checked) models with unique attribution")
    }

    @Test("a document's cache of a model places children as the walk does, across elements, and within its limits")
    func cachedMatching() throws {
        var generator = SeededGenerator(seed: 20_261_129)
        var sequences: [[String]] = [[]]
        var frontier: [[String]] = [[]]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in Self.letters.map { prefix + [$0] } }
            sequences += frontier
        }
        func outcome(_ result: Result<Int32, XSDContentMatcher.Mismatch>) -> Int32? {
            if case .success(let leaf) = result { return leaf }
            return nil
        }
        var lookups = 0
        var models = 0
        for round in 0..<300 {
            let particle = Self.random(depth: 3, using: &generator)
            guard Self.isUnique(particle) else { continue }
            models += 1
            let model = Self.model(particle)
            var cache = XSDContentMatcherCache()
            // A budget of 2 frames for a third of them: past it, children are walked.
            var budget = round % 3 == 0 ? 2 : 65_536
            var cached = XSDContentMatcher(model, at: 0)
            // Every sequence twice: the second time, its steps are in the cache.
            for children in sequences + sequences {
                cached.restart(isGreedy: model.isGreedy, at: 0)
                var walked = XSDContentMatcher(model, at: 0)
                var broken = false
                for child in children {
                    let symbol = Int32(Self.letters.firstIndex(of: child)!)
                    let expected = outcome(walked.next(symbol: symbol, namespace: nil, in: model))
                    // As the validator asks: the cache alone first, then the walk.
                    let found =
                        cached.nextFromCache(symbol: symbol, cache: &cache)
                        ?? outcome(cached.next(symbol: symbol, namespace: nil, in: model, cache: &cache, budget: &budget))
                    #expect(found == expected, "\(Self.regex(particle)) on \(children.joined())")
                    lookups += 1
                    if expected == nil {
                        broken = true
                        break
                    }
                }
                if !broken {
                    #expect((cached.end(in: model, cache: &cache) == nil) == (walked.end(in: model) == nil), "\(Self.regex(particle)) on \(children.joined())")
                }
            }
        }
        #expect(models > 80 && lookups > 100_000, "\(models) models, \(lookups) children")
    }

    @Test("a document's cache of a model with wildcards: a name the schema knows is looked up, one it does not is walked by its namespace")
    func cachedMatchingWithWildcards() throws {
        // (a, ##other*, b?, ##any?): a wildcard takes a known name (c, symbol 2) by its
        // namespace as readily as an unknown one (symbol -1).
        let other = XSDParticle(minimum: 0, maximum: nil, term: .wildcard(XSDWildcard(namespaces: .not(nil), processContents: .lax)))
        let any = XSDParticle(minimum: 0, maximum: 1, term: .wildcard(XSDWildcard(namespaces: .any, processContents: .skip)))
        let particle = Self.sequence(Self.element("a"), other, Self.element("b", 0, 1), any)
        var symbols: [XSDExpandedName: Int32] = [
            Self.name("a"): 0, Self.name("b"): 1, XSDExpandedName(namespace: "urn:x", localName: "c"): 2,
        ]
        let model = XSDContentModel(particle, declarationNames: { Self.name(Self.letters[$0]) }, symbols: &symbols)
        let children: [[(Int32, String?)]] = [
            [(0, nil), (2, "urn:x"), (2, "urn:x"), (1, nil)],
            [(0, nil), (-1, "urn:y"), (2, "urn:x"), (-1, nil)],
            [(0, nil), (-1, nil), (1, nil)],
            [(0, nil), (1, nil), (2, "urn:x")],
            [(0, nil), (1, nil), (2, "urn:x"), (2, "urn:x")],
        ]
        var cache = XSDContentMatcherCache()
        var budget = 65_536
        var cached = XSDContentMatcher(model, at: 0)
        for sequence in children + children {
            cached.restart(isGreedy: model.isGreedy, at: 0)
            var walked = XSDContentMatcher(model, at: 0)
            var broken = false
            for (symbol, namespace) in sequence {
                let expected = walked.next(symbol: symbol, namespace: namespace, in: model)
                let found =
                    cached.nextFromCache(symbol: symbol, cache: &cache).map { .success($0) }
                    ?? cached.next(symbol: symbol, namespace: namespace, in: model, cache: &cache, budget: &budget)
                switch (expected, found) {
                case (.success(let a), .success(let b)): #expect(a == b, "\(sequence)")
                case (.failure, .failure): broken = true
                default: Issue.record("\(sequence): walked \(expected), cached \(found)")
                }
                if broken { break }
            }
            if !broken { #expect((cached.end(in: model, cache: &cache) == nil) == (walked.end(in: model) == nil)) }
        }
    }

    static func sequence(_ items: XSDParticle..., minimum: Int = 1, maximum: Int? = 1) -> XSDParticle {
        XSDParticle(minimum: minimum, maximum: maximum, term: .sequence(items))
    }

    static func choice(_ items: XSDParticle..., minimum: Int = 1, maximum: Int? = 1) -> XSDParticle {
        XSDParticle(minimum: minimum, maximum: maximum, term: .choice(items))
    }

    static func isUnique(_ particle: XSDParticle) -> Bool {
        (try? model(particle).checkUniqueAttribution(budget: 1_000_000)) != nil
    }

    @Test("Unique Particle Attribution, with counts as the recommendation and Xerces read them")
    func attribution() {
        #expect(!Self.isUnique(Self.sequence(Self.element("a", 2, 5), Self.element("a", 0, 1))))
        #expect(Self.isUnique(Self.sequence(Self.element("a", 3, 3), Self.element("a", 0, 1))))
        #expect(!Self.isUnique(Self.choice(Self.element("a"), Self.element("a"))))
        #expect(!Self.isUnique(Self.sequence(Self.element("a", 0, 1), Self.element("a"))))
        #expect(Self.isUnique(Self.sequence(Self.sequence(Self.element("a"), Self.element("b"), minimum: 2, maximum: 2), Self.element("a"))))
        #expect(!Self.isUnique(Self.sequence(Self.sequence(Self.element("a"), Self.element("b"), minimum: 1, maximum: 2), Self.element("a"))))
        #expect(Self.isUnique(Self.sequence(Self.element("a", 0, nil), minimum: 0, maximum: nil)))
        #expect(Self.isUnique(Self.sequence(Self.element("a", 1, nil), minimum: 2, maximum: 2)))
        #expect(!Self.isUnique(Self.sequence(Self.element("a"), Self.element("b", 0, 1), minimum: 1, maximum: nil).appending(Self.element("b"))))
        let any = XSDParticle(minimum: 0, maximum: 1, term: .wildcard(XSDWildcard(namespaces: .any, processContents: .lax)))
        let other = XSDParticle(minimum: 0, maximum: 1, term: .wildcard(XSDWildcard(namespaces: .not(CodePointString("urn:x")), processContents: .lax)))
        #expect(!Self.isUnique(Self.sequence(any, Self.element("a"))))
        // ##other allows no element without a namespace, as <a> is here.
        #expect(Self.isUnique(Self.sequence(other, Self.element("a"))))
        #expect(!Self.isUnique(Self.sequence(other, any)))
    }

    @Test("counts the matcher takes: (a+){2}, nested fixed counts, and an all group")
    func counts() {
        let twice = Self.model(Self.sequence(Self.element("a", 1, nil), minimum: 2, maximum: 2))
        #expect(!Self.accepts(twice, ["a"]))
        #expect(Self.accepts(twice, ["a", "a"]))
        #expect(Self.accepts(twice, Array(repeating: "a", count: 50)))
        let nested = Self.model(Self.sequence(Self.element("a", 2, 3), minimum: 2, maximum: 2))
        #expect(Self.accepts(nested, ["a", "a", "a", "a"]))
        #expect(Self.accepts(nested, Array(repeating: "a", count: 6)))
        #expect(!Self.accepts(nested, Array(repeating: "a", count: 7)))
        #expect(!Self.accepts(nested, ["a", "a", "a"]))
        let all = Self.model(XSDParticle(minimum: 1, maximum: 1, term: .all([Self.element("a"), Self.element("b", 0, 1), Self.element("c")])))
        #expect(Self.accepts(all, ["c", "a"]))
        #expect(Self.accepts(all, ["b", "c", "a"]))
        #expect(!Self.accepts(all, ["a", "a", "c"]))
        #expect(!Self.accepts(all, ["a", "b"]))
        var matcher = XSDContentMatcher(all, at: 0)
        _ = Self.next("a", &matcher, in: all)
        #expect(matcher.end(in: all)?.expected.map(\.description) == ["<c>"])
    }

    @Test("nested bounded counts, read thousands of ways, keep the few readings no other covers")
    func nestedBoundedCounts() {
        // ((a{1,30}, b?){1,20}){2,50}: from 2 to 30,000 a (b? keeps the counts from being
        // multiplied out into one). After a few hundred a, the ways to split them among the
        // groups run to thousands, past the readings the matcher follows.
        let inner = Self.sequence(Self.element("a", 1, 30), Self.element("b", 0, 1), minimum: 1, maximum: 20)
        let nested = Self.model(Self.sequence(inner, minimum: 2, maximum: 50))
        for (count, accepted) in [(1, false), (2, true), (700, true), (5_000, true), (30_000, true), (30_001, false)] {
            #expect(Self.accepts(nested, Array(repeating: "a", count: count)) == accepted, "\(count)")
        }
        #expect(Self.accepts(nested, Array(repeating: "a", count: 600) + ["b"] + Array(repeating: "a", count: 600)))
        // A required particle after the counts: c ends them once their minimum is reached.
        let closed = Self.model(Self.sequence(Self.element("a", 2, 5), Self.element("b", 0, 1), minimum: 3, maximum: 40).appending(Self.element("c")))
        for (count, accepted) in [(5, false), (6, true), (150, true), (200, true), (201, false)] {
            #expect(Self.accepts(closed, Array(repeating: "a", count: count) + ["c"]) == accepted, "\(count)")
        }
        var matcher = XSDContentMatcher(closed, at: 0)
        for _ in 0..<3 { _ = Self.next("a", &matcher, in: closed) }
        guard case .failure(let mismatch) = Self.next("c", &matcher, in: closed) else {
            Issue.record("c after 3 a: accepted")
            return
        }
        #expect(!mismatch.isTooComplex)
        #expect(Set(mismatch.expected.map(\.description)) == ["<a>", "<b>"])
    }
}

extension XSDParticle {
    /// This particle followed by `next`, in a sequence.
    func appending(_ next: XSDParticle) -> XSDParticle {
        XSDParticle(minimum: 1, maximum: 1, term: .sequence([self, next]))
    }
}
