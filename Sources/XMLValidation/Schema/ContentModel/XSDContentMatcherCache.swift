/// The readings of one greedy content model met so far in a document, numbered as states,
/// with the children that led from one to the next: a document meets the same model element
/// after element (every `<site>` of a feed), so after the first few a child is placed by a
/// lookup of (state, child's name) rather than by a walk of the model's particles.
///
/// It only remembers what ``XSDContentMatcher`` found: a greedy model's reading and a
/// child's name (as the schema numbers it, which fixes its namespace) decide the next
/// reading and the leaf, so a remembered step is the step the walk would take. Failures are
/// not kept: they are walked again, for their message. Bounded: at most ``maximumStates``
/// states and ``maximumTransitions`` children from each, and no more frames in the states'
/// readings than the document's budget (``XSDInstanceChecker/matcherCacheBudget``) across
/// models (a reading is a frame per level of the model); past either, children are walked
/// as without it.
struct XSDContentMatcherCache {
    static let maximumStates = 256
    static let maximumTransitions = 16

    /// Each state's reading; state 0, the start (no child yet), is not kept here: it is `[]`.
    private var paths: [[XSDContentMatcher.Frame]] = []
    private var states: [[XSDContentMatcher.Frame]: Int32] = [:]
    /// For state `s`, its transitions at `s * maximumTransitions * 3`, as (symbol, next
    /// state, leaf), `transitionCounts[s]` of them: one flat array, read without copies.
    private var transitions: [Int32] = []
    private var transitionCounts: [UInt8] = []
    /// For each state, whether the content may end there, once asked: 1 yes, 0 no, -1 not
    /// asked.
    private var ends: [Int8] = []

    /// The state and leaf the child named `symbol` leads to from `state`, when met before
    /// (never for a state or symbol below 0).
    func transition(from state: Int32, symbol: Int32) -> (next: Int32, leaf: Int32)? {
        let s = Int(state)
        guard s >= 0, symbol >= 0, s < transitionCounts.count else { return nil }
        let base = s * Self.maximumTransitions * 3
        let table = transitions.span
        for k in 0..<Int(transitionCounts[s]) where table[base + 3 * k] == symbol {
            return (table[base + 3 * k + 1], table[base + 3 * k + 2])
        }
        return nil
    }

    /// The reading of `state`.
    func path(of state: Int32) -> [XSDContentMatcher.Frame] {
        state == 0 ? [] : paths[Int(state) - 1]
    }

    /// Whether the content may end in `state`, when asked before (`nil` for a state below 0).
    func mayEnd(at state: Int32) -> Bool? {
        let s = Int(state)
        guard s >= 0, s < ends.count, ends[s] >= 0 else { return nil }
        return ends[s] == 1
    }

    mutating func noteEnd(at state: Int32, mayEnd: Bool) {
        let s = Int(state)
        guard s < ends.count else { return }
        ends[s] = mayEnd ? 1 : 0
    }

    /// Remembers that the child named `symbol` takes `from` to the reading `path`, at `leaf`:
    /// the state of `path` (made if new), or -1 when it is not kept (the limits are reached).
    mutating func add(
        from: Int32, symbol: Int32, path: [XSDContentMatcher.Frame], leaf: Int32, budget: inout Int
    ) -> Int32 {
        if transitionCounts.isEmpty { addState() }  // the start
        let next: Int32
        if let known = states[path] {
            next = known
        } else {
            guard transitionCounts.count < Self.maximumStates, budget >= path.count else { return -1 }
            budget -= path.count
            next = Int32(transitionCounts.count)
            states[path] = next
            paths.append(path)
            addState()
        }
        let s = Int(from)
        let count = Int(transitionCounts[s])
        if count < Self.maximumTransitions {
            let base = (s * Self.maximumTransitions + count) * 3
            transitions[base] = symbol
            transitions[base + 1] = next
            transitions[base + 2] = leaf
            transitionCounts[s] += 1
        }
        return next
    }

    private mutating func addState() {
        transitions.append(contentsOf: repeatElement(-1, count: Self.maximumTransitions * 3))
        transitionCounts.append(0)
        ends.append(-1)
    }
}
