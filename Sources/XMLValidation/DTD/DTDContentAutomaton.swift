import XMLStreaming
internal import XMLSyntax

/// An element-content model (`(head, (p | list)*)`) compiled to its position automaton: one
/// state per name written in the model, plus the start. XML 1.0 requires the model to be
/// deterministic (appendix E): from any state, a child's name leads to one state at most, so
/// the automaton needs no backtracking and checks a child in one dictionary lookup.
///
/// The construction is Glushkov's: a state's transitions are the positions that may follow
/// it. States whose followers come from the same places share one table, so a repeated
/// choice of n names (`(a1 | … | an)*`, common in real DTDs) takes one table of n entries,
/// not n tables of n. A model can still need quadratic work (`(a1?, a2?, …, an?)`: n
/// different tables of up to n entries), so building stops at a budget the caller sets and
/// reports the model as too large instead of taking quadratic time and memory.
struct DTDContentAutomaton: Sendable {
    /// The transition tables: a child's name to the state it leads to.
    private let tables: [[Int32: Int32]]
    /// Each state's table: state 0 is the start, state `i` the `i`th name written in the model.
    private let stateTables: [Int32]
    /// Whether the element may end in each state.
    let accepting: [Bool]

    /// Why a model cannot be compiled.
    enum Failure: Error, Equatable {
        /// Two positions for the same name can follow one state: `name` is the name, `after`
        /// the name of a position both follow (`nil`: at the start).
        case nondeterministic(name: Int32, after: Int32?)
        /// More work than the budget allows.
        case tooLarge
    }

    /// Compiles `particle`, naming each element through `nameID` (which interns names).
    /// `budget` bounds the work (positions, the sets computed, and the entries of the tables)
    /// and is reduced by what the model took.
    init(_ particle: XMLElementDeclaration.Particle, nameID: (String) -> Int32, budget: inout Int) throws(Failure) {
        var builder = Builder(budget: budget)
        let root = try builder.visit(particle)
        let labels = builder.labelNames.map(nameID)
        var tables: [[Int32: Int32]] = []
        var tableOfSegments: [[Int32]: Int32] = [:]
        var stateTables = [Int32](repeating: 0, count: labels.count + 1)
        // The start state leads to the model's first positions: one segment of its own.
        let startSegment = builder.segment(root.first)
        for state in 0...labels.count {
            let segments = state == 0 ? [startSegment] : builder.follow[state]
            if let existing = tableOfSegments[segments] {
                stateTables[state] = existing
                continue
            }
            var table: [Int32: Int32] = [:]
            for segment in segments {
                try builder.spend(builder.segments[Int(segment)].count)
                for position in builder.segments[Int(segment)] {
                    let label = labels[Int(position) - 1]
                    if let other = table.updateValue(position, forKey: label), other != position {
                        throw .nondeterministic(name: label, after: state == 0 ? nil : labels[state - 1])
                    }
                }
            }
            stateTables[state] = Int32(tables.count)
            tableOfSegments[segments] = Int32(tables.count)
            tables.append(table)
        }
        var accepting = [Bool](repeating: false, count: labels.count + 1)
        accepting[0] = root.nullable
        for position in root.last { accepting[Int(position)] = true }
        self.tables = tables
        self.stateTables = stateTables
        self.accepting = accepting
        budget = builder.budget
    }

    /// The state a child named `name` leads to from `state`, or `nil` when the model allows
    /// no such child there.
    func next(from state: Int32, on name: Int32) -> Int32? { tables[Int(stateTables[Int(state)])][name] }

    /// The names a child may have in `state`, for error messages.
    func expectedNames(in state: Int32) -> [Int32] { Array(tables[Int(stateTables[Int(state)])].keys) }

    /// Glushkov's first, last and follow sets, computed bottom-up over the particle. A
    /// position's follow set is kept as the list of first sets ("segments") that were added
    /// to it, so adding one costs a number, not a copy.
    private struct Builder {
        var budget: Int
        /// The name of each position (position `i` at index `i - 1`).
        var labelNames: [String] = []
        /// `follow[position]`: the segments whose positions may come next (index 0 unused).
        var follow: [[Int32]] = [[]]
        /// First sets that became part of some follow set.
        var segments: [[Int32]] = []

        struct Sets {
            var first: [Int32]
            var last: [Int32]
            var nullable: Bool
            /// The segment `first` was saved as, once it was.
            var firstSegment: Int32?
        }

        mutating func spend(_ amount: Int) throws(Failure) {
            budget -= amount
            if budget < 0 { throw .tooLarge }
        }

        mutating func segment(_ positions: [Int32]) -> Int32 {
            segments.append(positions)
            return Int32(segments.count - 1)
        }

        /// Adds `sets.first` to the follow set of each position in `last`.
        mutating func addFollow(_ sets: inout Sets, after last: [Int32]) throws(Failure) {
            guard !last.isEmpty, !sets.first.isEmpty else { return }
            try spend(last.count)
            let id = sets.firstSegment ?? segment(sets.first)
            sets.firstSegment = id
            for position in last { follow[Int(position)].append(id) }
        }

        // Recursive: `DTDLimits.contentModelDepth` (1,000) bounds the depth, as it bounds the
        // reader that built the particle.
        mutating func visit(_ particle: XMLElementDeclaration.Particle) throws(Failure) -> Sets {
            var sets: Sets
            switch particle.kind {
            case .name(let name):
                labelNames.append(name)
                follow.append([])
                let position = Int32(labelNames.count)
                try spend(1)
                sets = Sets(first: [position], last: [position], nullable: false)
            case .choice(let children):
                sets = Sets(first: [], last: [], nullable: false)
                for child in children {
                    let childSets = try visit(child)
                    try spend(childSets.first.count + childSets.last.count)
                    sets.first += childSets.first
                    sets.last += childSets.last
                    sets.nullable = sets.nullable || childSets.nullable
                }
            case .sequence(let children):
                sets = Sets(first: [], last: [], nullable: true)
                for child in children {
                    var childSets = try visit(child)
                    // What may end the sequence so far may be followed by the child's first.
                    try addFollow(&childSets, after: sets.last)
                    try spend(childSets.first.count + childSets.last.count)
                    if sets.nullable { sets.first += childSets.first }
                    sets.last = childSets.nullable ? sets.last + childSets.last : childSets.last
                    sets.nullable = sets.nullable && childSets.nullable
                }
            }
            switch particle.quantifier {
            case .one:
                break
            case .optional:
                sets.nullable = true
            case .zeroOrMore, .oneOrMore:
                try addFollow(&sets, after: sets.last)
                if particle.quantifier == .zeroOrMore { sets.nullable = true }
            }
            // A quantifier's segment is this node's first set, final now: the parent reuses it.
            return sets
        }
    }
}
