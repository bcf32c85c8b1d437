/// The Unique Particle Attribution constraint (Structures 3.8.6, cos-nonambig): wherever a
/// child element may stand, at most one particle of the model can match it, without looking
/// ahead. ``XSDContentMatcher`` relies on it: it never has to try two ways.
extension XSDContentModel {
    /// Two particles that compete for one element name.
    struct Ambiguity: Error {
        /// The two particles.
        var first: Label
        var second: Label
        /// An element both match: `<a>`.
        var element: String
    }

    /// Thrown when checking would take more than the budget.
    struct TooComplex: Error {}

    /// Checks every place a child may stand: the start of each group, and what may follow
    /// each particle (repeating it, the rest of its sequence, and what follows its group).
    /// `budget` bounds the work, counted in leaves compared.
    @discardableResult
    func checkUniqueAttribution(budget: Int) throws -> Int {
        var work = 0
        var competitorsMemo: [Int32: [[Int32]]] = [:]
        var armSets: [Int32: [LiveSet]] = [:]
        for id in nodes.indices.map(Int32.init) {
            let node = nodes[Int(id)]
            // Where the group starts.
            var entry = LiveSet()
            switch node.kind {
            case .leaf: break
            case .sequence:
                if !node.children.isEmpty {
                    for k in 0...Swift.min(node.nextRequired[0], node.children.count - 1) {
                        try add(leaves(of: node.children[k]), to: &entry, work: &work, budget: budget)
                    }
                }
            case .choice, .all:
                for child in node.children { try add(leaves(of: child), to: &entry, work: &work, budget: budget) }
            }
            // After one occurrence of the node.
            guard node.parent >= 0 else { continue }
            var after = LiveSet()
            if canRepeatAndLeave(node) { try add(leaves(of: id), to: &after, work: &work, budget: budget) }
            let (window, open) = self.window(after: id)
            for child in window { try add(leaves(of: child), to: &after, work: &work, budget: budget) }
            if open {
                // Each arm is one way the parent's occurrence may go on; arms exclude each other.
                // An arm's leaves are indexed once, and what follows this node probed in them.
                if armSets[node.parent] == nil {
                    var sets: [LiveSet] = []
                    for arm in try competitors(of: node.parent, memo: &competitorsMemo, work: &work, budget: budget) {
                        var set = LiveSet()
                        try add(arm, to: &set, work: &work, budget: budget)
                        sets.append(set)
                    }
                    armSets[node.parent] = sets
                }
                // In the model's order, so that the ambiguity reported is the same on every run.
                let mine = after.byName.values.sorted() + after.wildcards.map(\.leaf)
                for set in armSets[node.parent]! {
                    try probe(mine, in: set, work: &work, budget: budget)
                }
            }
        }
        return work
    }

    /// Whether the node may occur again at a count where it may also end: then what starts
    /// it and what follows it compete.
    private func canRepeatAndLeave(_ node: Node) -> Bool {
        guard node.maximum.map({ $0 > 1 }) ?? true else { return false }
        guard let maximum = node.maximum else { return true }
        return maximum > node.minimum || node.termIsNullable
    }

    /// The siblings that may follow node `id` in its parent, and whether the parent's term
    /// may be complete after them (so what follows the parent competes too).
    private func window(after id: Int32) -> (children: [Int32], open: Bool) {
        let node = nodes[Int(id)]
        let parent = nodes[Int(node.parent)]
        switch parent.kind {
        case .sequence:
            let start = node.indexInParent + 1
            guard start < parent.children.count else { return ([], true) }
            let end = Swift.min(parent.nextRequired[start], parent.children.count - 1)
            return (Array(parent.children[start...end]), parent.nextRequired[start] == parent.children.count)
        case .all:
            let others = parent.children.filter { $0 != id }
            return (others, others.allSatisfy { nodes[Int($0)].isNullable })
        case .choice, .leaf:
            return ([], true)
        }
    }

    /// The leaves that may come once an occurrence of group `id` is complete, as arms that
    /// exclude each other: its own start, if it may occur again, and what follows it, if it
    /// may end; one arm when both may happen at one count, two when its count decides
    /// (`(a, b){2}` occurs again until it has twice, then ends).
    private func competitors(
        of id: Int32, memo: inout [Int32: [[Int32]]], work: inout Int, budget: Int
    ) throws -> [[Int32]] {
        if let known = memo[id] { return known }
        let node = nodes[Int(id)]
        var beyond: [[Int32]] = []
        if node.parent >= 0 {
            let (window, open) = self.window(after: id)
            let windowLeaves = window.flatMap { leaves(of: $0) }
            if open {
                beyond = try competitors(of: node.parent, memo: &memo, work: &work, budget: budget).map { windowLeaves + $0 }
            }
            if beyond.isEmpty { beyond = [windowLeaves] }
        }
        let repeats = node.maximum.map { $0 > 1 } ?? true
        let result: [[Int32]]
        if !repeats {
            result = beyond
        } else if canRepeatAndLeave(node) {
            result = beyond.isEmpty ? [leaves(of: id)] : beyond.map { leaves(of: id) + $0 }
        } else {
            result = [leaves(of: id)] + beyond
        }
        work += result.reduce(0) { $0 + $1.count }
        guard work <= budget else { throw TooComplex() }
        memo[id] = result
        return result
    }

    private func leaves(of id: Int32) -> [Int32] { nodes[Int(id)].first.map(\.leaf) }

    /// The name of an element leaf.
    private func elementName(of leaf: Int32) -> XSDExpandedName {
        guard case .element(let name, _) = label(of: leaf) else { preconditionFailure("not an element leaf") }
        return name
    }

    /// Leaves that compete at one place, indexed by their name's symbol (one per name in the
    /// schema), with their wildcards apart.
    private struct LiveSet {
        var byName: [Int32: Int32] = [:]
        var wildcards: [(leaf: Int32, wildcard: XSDWildcard)] = []
    }

    /// Throws when one of `leaves` competes with a different leaf of `set`, which stays as
    /// it is (a copy of a large set for each probe would cost its size each time).
    private func probe(_ leaves: [Int32], in set: LiveSet, work: inout Int, budget: Int) throws {
        for leaf in leaves {
            let label = label(of: leaf)
            work += 1 + set.wildcards.count
            guard work <= budget else { throw TooComplex() }
            switch label {
            case .element(let name, _):
                if let other = set.byName[nodes[Int(leaf)].symbol], other != leaf {
                    throw Ambiguity(first: self.label(of: other), second: label, element: "<\(name)>")
                }
            case .wildcard(let wildcard):
                work += set.byName.count
                guard work <= budget else { throw TooComplex() }
                // The earliest such leaf, not the dictionary's first: messages do not change from run to run.
                if let other = set.byName.values.filter({ $0 != leaf && wildcard.allows(elementName(of: $0).namespace) }).min() {
                    throw Ambiguity(first: self.label(of: other), second: label, element: "<\(elementName(of: other))>")
                }
            }
            if let other = set.wildcards.first(where: { $0.leaf != leaf && label.overlaps(.wildcard($0.wildcard)) }) {
                var element = "an element both wildcards allow"
                if case .element(let name, _) = label { element = "<\(name)>" }
                throw Ambiguity(first: .wildcard(other.wildcard), second: label, element: element)
            }
        }
    }

    /// Adds `leaves` to `set`, throwing when one competes with a different leaf already there.
    private func add(_ leaves: [Int32], to set: inout LiveSet, work: inout Int, budget: Int) throws {
        for leaf in leaves {
            try probe([leaf], in: set, work: &work, budget: budget)
            switch label(of: leaf) {
            case .element: set.byName[nodes[Int(leaf)].symbol] = leaf
            case .wildcard(let wildcard): set.wildcards.append((leaf, wildcard))
            }
        }
    }
}
