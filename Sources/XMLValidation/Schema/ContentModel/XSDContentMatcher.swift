/// Where an element's children have got to in its content model: the path of particles
/// from the model's root to the one the last child matched, with how many times each has
/// occurred. Moves one child at a time (``next(_:)``), in time proportional to the path.
///
/// The Unique Particle Attribution constraint makes the particle a child matches unique, but
/// not always the counts: in `(a+){2}` a second `a` may repeat the inner `a+` or begin the
/// second occurrence of the group. The matcher follows each such reading (a configuration)
/// at once, as a Pike VM follows threads, merging equal ones and dropping those another
/// covers (``withoutCovered(_:in:)``); a count past a particle's `minOccurs` under
/// `maxOccurs="unbounded"` is kept as `minOccurs`, since only reaching it matters, so
/// readings stay few. Real models have one; more than ``maximumConfigurations`` is reported
/// as too complex rather than followed.
struct XSDContentMatcher {
    /// The most readings of one element's children followed at once.
    static let maximumConfigurations = 1_000

    struct Frame: Hashable {
        var node: Int32
        /// Occurrences of the node's term begun (kept at `minimum` past it when unbounded).
        var count: Int
        /// For an `all` group: which children have occurred.
        var used = ChildSet()
    }

    /// Which children of an `all` group have occurred: a bit each for the first 64 (no
    /// allocation, as a `Set` would make per group entered), a set beyond.
    struct ChildSet: Hashable {
        private var bits: UInt64 = 0
        private var beyond: Set<Int> = []

        func contains(_ child: Int) -> Bool { child < 64 ? bits & (1 << UInt64(child)) != 0 : beyond.contains(child) }

        mutating func insert(_ child: Int) {
            if child < 64 { bits |= 1 << UInt64(child) } else { beyond.insert(child) }
        }
    }

    /// Why a child or the end of the content does not fit, with what would have. After one,
    /// the matcher's place is lost: the validator matches no more children of that element.
    struct Mismatch: Error {
        var expected: [XSDContentModel.Label]
        /// The model has more readings of the children than the matcher follows.
        var isTooComplex = false
    }

    /// Whether the model is greedy (``XSDContentModel/isGreedy``): one reading, kept in place.
    private var isGreedy: Bool
    /// Every reading of the children so far; one empty path before the first child.
    private var configurations: [[Frame]] = [[]]

    /// The model's index in the schema (``XSDModel/contentModels``).
    private(set) var modelIndex: Int
    /// For a greedy model, the reading as a state of the document's cache of the model
    /// (``XSDContentMatcherCache``), or -1. Past state 0 (the start, no child yet), the
    /// cache holds the reading and `configurations[0]` is not kept up to date: it is loaded
    /// from the cache before it is read.
    private var state: Int32 = -1

    /// A matcher at the start of `model`'s content. It does not hold the model (a copy would
    /// retain its arrays per element): each call is given it, the one at `modelIndex`.
    init(_ model: XSDContentModel, at modelIndex: Int) {
        isGreedy = model.isGreedy
        self.modelIndex = modelIndex
        state = isGreedy ? 0 : -1
    }

    /// Goes back to the start of a model's content, keeping the memory of the paths: the
    /// validator keeps one matcher per depth, restarted for each element there.
    /// Told only whether the model is greedy: the validator does not hand over the model,
    /// whose copy would be retained per element.
    mutating func restart(isGreedy: Bool, at modelIndex: Int) {
        self.isGreedy = isGreedy
        self.modelIndex = modelIndex
        if configurations.count > 1 { configurations.removeSubrange(1...) }
        // Frame by frame: `removeAll(keepingCapacity:)` and `removeSubrange` go through the
        // general range replacement, several times the cost for the frame or two a path has.
        while !configurations[0].isEmpty { configurations[0].removeLast() }
        state = isGreedy ? 0 : -1
    }

    /// ``next(symbol:namespace:in:)`` for a child the document's cache of the model does not
    /// know (``nextFromCache(symbol:cache:)`` is asked first), remembering the step there.
    /// `budget` is what the caches of the document may still keep, in frames.
    mutating func next(
        symbol: Int32, namespace: String?, in model: XSDContentModel, cache: inout XSDContentMatcherCache, budget: inout Int
    ) -> Result<Int32, Mismatch> {
        guard state >= 0 else { return next(symbol: symbol, namespace: namespace, in: model) }
        // A name unknown to the schema may match a wildcard by its namespace alone: its
        // outcome is not the symbol's, and is walked every time.
        let from = state
        if from > 0 { configurations[0] = cache.path(of: from) }
        let result = next(symbol: symbol, namespace: namespace, in: model)
        if symbol >= 0, case .success(let leaf) = result {
            state = cache.add(from: from, symbol: symbol, path: configurations[0], leaf: leaf, budget: &budget)
        }
        return result
    }

    /// The leaf the child named `symbol` reaches when the cache knows its step, moving the
    /// matcher on; `nil` (and the matcher as it was) when it does not: then
    /// ``next(symbol:namespace:in:cache:budget:)`` walks it. Takes neither the model nor the
    /// child's namespace, which the common case does not need and would retain, and the
    /// cache `inout`, to be read in place.
    mutating func nextFromCache(symbol: Int32, cache: inout XSDContentMatcherCache) -> Int32? {
        guard let (next, leaf) = cache.transition(from: state, symbol: symbol) else { return nil }
        state = next
        return leaf
    }

    /// The matcher's state in the document's cache of its model (-1: not in it), for a
    /// step looked up there (``XSDContentMatcherCache/transition(from:symbol:)``) without
    /// the matcher's copy; ``take(_:)`` moves it to the step's.
    var cacheState: Int32 { state }

    /// Moves the matcher to `state`, the next state of a step the cache knows from
    /// ``cacheState``.
    mutating func take(_ state: Int32) { self.state = state }

    /// ``end(in:)`` through the document's cache of the model.
    mutating func end(in model: XSDContentModel, cache: inout XSDContentMatcherCache) -> Mismatch? {
        guard state >= 0 else { return end(in: model) }
        if cache.mayEnd(at: state) == true { return nil }
        if state > 0 { configurations[0] = cache.path(of: state) }
        let mismatch = end(in: model)
        cache.noteEnd(at: state, mayEnd: mismatch == nil)
        return mismatch
    }

    /// Places a child element whose name is numbered `symbol` (-1 when no element
    /// declaration of the schema has its name), in `namespace`, in `model`: the leaf node
    /// (declaration or wildcard) it matched, or what was expected instead.
    mutating func next(symbol: Int32, namespace: String?, in model: XSDContentModel) -> Result<Int32, Mismatch> {
        // Walked, the reading is `configurations` (no longer the cache's start state).
        state = -1
        // A model where the first way is the only one: one reading, moved in place.
        if isGreedy {
            // The commonest step: the same element again, where it may repeat. The walk
            // would try this first, and find the same.
            if let last = configurations[0].indices.last, symbol >= 0, model.nodes[Int(configurations[0][last].node)].symbol == symbol {
                let leaf = configurations[0][last].node
                let count = configurations[0][last].count
                if let maximum = model.nodes[Int(leaf)].maximum {
                    if count < maximum {
                        configurations[0][last].count = count + 1
                        return .success(leaf)
                    }
                } else {
                    configurations[0][last].count = Swift.min(count + 1, Swift.max(model.nodes[Int(leaf)].minimum, 1))
                    return .success(leaf)
                }
            }
            var walker = Walker(symbol: symbol, inPlace: true)
            walker.advance(&configurations[0], namespace, in: model)
            guard walker.matched, let leaf = configurations[0].last?.node else {
                return .failure(Mismatch(expected: walker.expected))
            }
            return .success(leaf)
        }
        // One reading going on as one: the rule, without sets.
        if configurations.count == 1 {
            var walker = Walker(symbol: symbol)
            var frames = configurations[0]
            walker.advance(&frames, namespace, in: model)
            if walker.successors.count == 1, let leaf = walker.successors[0].last?.node {
                configurations[0] = walker.successors[0]
                return .success(leaf)
            }
            if walker.successors.isEmpty { return .failure(Mismatch(expected: walker.expected)) }
        }
        var expected: [XSDContentModel.Label] = []
        var successors: [[Frame]] = []
        var seen: Set<[Frame]> = []
        var leaf: Int32?
        for var frames in configurations {
            var walker = Walker(symbol: symbol)
            walker.advance(&frames, namespace, in: model)
            expected += walker.expected
            for path in walker.successors where seen.insert(path).inserted {
                successors.append(path)
                if leaf == nil { leaf = path.last?.node }
            }
        }
        guard let leaf else { return .failure(Mismatch(expected: expected)) }
        if successors.count > 1 { successors = Self.withoutCovered(successors, in: model) }
        guard successors.count <= Self.maximumConfigurations else {
            return .failure(Mismatch(expected: [], isTooComplex: true))
        }
        configurations = successors
        return .success(leaf)
    }

    /// The most frame comparisons ``withoutCovered(_:in:)`` makes for one child: past it,
    /// the readings are kept as they are.
    static let maximumCoverComparisons = 100_000

    /// `readings` without those another covers, in their order. Reading `b` covers `a` when
    /// both are on the same particles (with the same children of each `all` group used)
    /// and at each level `b` has begun as many occurrences as `a`, or fewer but at least
    /// the minimum. Every way on from `a` is then a way on from `b`: a repetition `a` may
    /// begin, `b` may (fewer begun, so more left), and where `a` may leave a particle or
    /// end, `b` has reached its minimum too; after either step the cover holds. So `a` can
    /// go, and nested bounded counts, which can be read many ways (`((a{1,30}, b?){1,20}){2,50}`),
    /// keep a few readings instead of thousands.
    ///
    /// Equal readings were merged before, so a cover has fewer occurrences in all; readings
    /// are taken by that total, each compared with those kept so far only (covering is
    /// transitive, so a covered reading is covered by one kept before it).
    private static func withoutCovered(_ readings: [[Frame]], in model: XSDContentModel) -> [[Frame]] {
        let totals = readings.map { $0.reduce(0) { $0 + $1.count } }
        var kept: [Int] = []
        var comparisons = 0
        candidates: for a in readings.indices.sorted(by: { (totals[$0], $0) < (totals[$1], $1) }) {
            for b in kept where readings[b].count == readings[a].count {
                comparisons += readings[a].count
                guard comparisons <= maximumCoverComparisons else { return readings }
                if covers(readings[b], readings[a], in: model) { continue candidates }
            }
            kept.append(a)
        }
        return kept.sorted().map { readings[$0] }
    }

    /// Whether reading `b` covers reading `a` (``withoutCovered(_:in:)``); both as long.
    private static func covers(_ b: [Frame], _ a: [Frame], in model: XSDContentModel) -> Bool {
        for level in a.indices {
            guard b[level].node == a[level].node, b[level].used == a[level].used else { return false }
            let count = b[level].count
            guard count == a[level].count || (count < a[level].count && count >= model.nodes[Int(b[level].node)].minimum) else {
                return false
            }
        }
        return true
    }

    /// Whether the content of `model` may end here, or what it still needs.
    func end(in model: XSDContentModel) -> Mismatch? {
        var expected: [XSDContentModel.Label] = []
        for frames in configurations {
            guard let missing = Self.missing(frames, in: model) else { return nil }
            expected += missing
        }
        return Mismatch(expected: expected)
    }

    /// What a reading still needs before the content may end (`nil`: nothing).
    private static func missing(_ frames: [Frame], in model: XSDContentModel) -> [XSDContentModel.Label]? {
        if frames.isEmpty { return model.root.isNullable ? nil : model.firstLabels(of: 0) }
        for level in stride(from: frames.count - 1, through: 0, by: -1) {
            let frame = frames[level]
            let node = model.nodes[Int(frame.node)]
            guard frame.count >= node.minimum || node.termIsNullable else { return model.firstLabels(of: frame.node) }
            guard level > 0 else { break }
            let parent = model.nodes[Int(frames[level - 1].node)]
            switch parent.kind {
            case .sequence:
                let start = node.indexInParent + 1
                if start < parent.children.count, parent.nextRequired[start] < parent.children.count {
                    // Everything that may come next, up to the particle that must.
                    return (start...parent.nextRequired[start]).flatMap { model.firstLabels(of: parent.children[$0]) }
                }
            case .all:
                let used = frames[level - 1].used
                if let missing = parent.children.indices.first(where: {
                    !used.contains($0) && !model.nodes[Int(parent.children[$0])].isNullable
                }) {
                    return model.firstLabels(of: parent.children[missing])
                }
            case .choice, .leaf:
                break
            }
        }
        return nil
    }

    /// Finds every way one reading takes a child called `name`.
    private struct Walker {
        // The model and the child's namespace are passed to each call, not held: the walker
        // is made per child, and a copy of either would retain its arrays or string each time.
        let symbol: Int32
        /// Whether the first way found is taken, in `frames` itself, and the walk stops there
        /// (the model is greedy); otherwise every way is collected in `successors`.
        var inPlace = false
        var successors: [[Frame]] = []
        var expected: [XSDContentModel.Label] = []
        /// In place: whether a way was found (and `frames` is the path to its leaf).
        var matched = false

        /// Tries to begin occurrence `count` of node `id` after the first `keep` frames (with
        /// `used` added to the last kept one, for an `all` group). In place, `frames` itself
        /// becomes the path (the levels above `keep` are not needed again: every later way
        /// leaves from a lower level); otherwise a copy is collected. `true` when the walk is
        /// to stop.
        private mutating func attempt(
            _ id: Int32, count: Int, keeping keep: Int, using used: Int? = nil, frames: inout [Frame], _ namespace: String?,
            in model: XSDContentModel
        ) -> (entered: Bool, stop: Bool) {
            if inPlace {
                while frames.count > keep { frames.removeLast() }
                if let used { frames[keep - 1].used.insert(used) }
                guard enter(id, count: count, into: &frames, namespace, in: model) else { return (false, false) }
                matched = true
                return (true, true)
            }
            var path = Array(frames[..<keep])
            if let used { path[keep - 1].used.insert(used) }
            guard enter(id, count: count, into: &path, namespace, in: model) else { return (false, false) }
            successors.append(path)
            return (true, false)
        }

        mutating func advance(_ frames: inout [Frame], _ namespace: String?, in model: XSDContentModel) {
            if frames.isEmpty {
                if !attempt(0, count: 1, keeping: 0, frames: &frames, namespace, in: model).entered { expected += model.firstLabels(of: 0) }
                return
            }
            // Nodes' fields are read in place (`model.nodes[i].x`): a copy of a node would
            // retain each of its arrays, on every child element.
            var level = frames.count - 1
            while true {
                let id = frames[level].node
                let count = frames[level].count
                let maximum = model.nodes[Int(id)].maximum
                let minimum = model.nodes[Int(id)].minimum
                // Repeat this particle, if it may occur again and the child can start it.
                if maximum.map({ count < $0 }) ?? true {
                    let next = maximum == nil ? Swift.min(count + 1, Swift.max(minimum, 1)) : count + 1
                    let (entered, stop) = attempt(id, count: next, keeping: level, frames: &frames, namespace, in: model)
                    if stop { return }
                    if !entered { expected += model.firstLabels(of: id) }
                }
                // Leave it, if it has occurred often enough, for what follows it.
                guard count >= minimum || model.nodes[Int(id)].termIsNullable, level > 0 else { return }
                let indexInParent = model.nodes[Int(id)].indexInParent
                let parentLevel = level - 1
                let parentID = frames[parentLevel].node
                let parent = Int(parentID)
                let childCount = model.nodes[parent].children.count
                switch model.nodes[parent].kind {
                case .sequence:
                    let start = indexInParent + 1
                    if start < childCount {
                        let nextRequired = model.nodes[parent].nextRequired[start]
                        let end = Swift.min(nextRequired, childCount - 1)
                        var entered = false
                        if let child = model.child(of: parentID, in: start...end, symbol: symbol, namespace: namespace) {
                            let result = attempt(model.nodes[parent].children[child], count: 1, keeping: parentLevel + 1, frames: &frames, namespace, in: model)
                            if result.stop { return }
                            entered = result.entered
                        }
                        if !entered {
                            for k in start...end { expected += model.firstLabels(of: model.nodes[parent].children[k]) }
                        }
                        // A required particle remains: nothing beyond it may come.
                        guard nextRequired == childCount else { return }
                    }
                case .all:
                    let used = frames[parentLevel].used
                    if let child = model.child(of: parentID, in: 0...(childCount - 1), symbol: symbol, namespace: namespace),
                        !used.contains(child),
                        attempt(model.nodes[parent].children[child], count: 1, keeping: parentLevel + 1, using: child, frames: &frames, namespace, in: model).stop
                    {
                        return
                    }
                    let children = model.nodes[parent].children
                    let missing = children.indices.filter { !used.contains($0) }
                    for k in missing { expected += model.firstLabels(of: children[k]) }
                    guard missing.allSatisfy({ model.nodes[Int(children[$0])].isNullable }) else { return }
                case .choice, .leaf:
                    break
                }
                // The parent's occurrence is complete: go on at its level.
                level = parentLevel
            }
        }

        /// Begins occurrence `count` of node `id` with the child, appending the path to the
        /// leaf it matches; `false` (and `path` as it was) when the node cannot start so.
        private func enter(_ id: Int32, count: Int, into path: inout [Frame], _ namespace: String?, in model: XSDContentModel) -> Bool {
            let node = Int(id)
            let depth = path.count
            let childCount = model.nodes[node].children.count
            path.append(Frame(node: id, count: count))
            // An element is matched by its symbol, without reading its label.
            if model.nodes[node].symbol >= 0 {
                if model.nodes[node].symbol == symbol { return true }
                path.removeLast()
                return false
            }
            switch model.nodes[node].kind {
            case .leaf(let label):
                if case .wildcard(let wildcard) = label, wildcard.allows(namespace) { return true }
            case .sequence:
                if childCount > 0 {
                    let end = Swift.min(model.nodes[node].nextRequired[0], childCount - 1)
                    if let child = model.child(of: id, in: 0...end, symbol: symbol, namespace: namespace),
                        enter(model.nodes[node].children[child], count: 1, into: &path, namespace, in: model)
                    {
                        return true
                    }
                }
            case .choice:
                if childCount > 0,
                    let child = model.child(of: id, in: 0...(childCount - 1), symbol: symbol, namespace: namespace),
                    enter(model.nodes[node].children[child], count: 1, into: &path, namespace, in: model)
                {
                    return true
                }
            case .all:
                if childCount > 0, let child = model.child(of: id, in: 0...(childCount - 1), symbol: symbol, namespace: namespace) {
                    path[depth].used = ChildSet()
                    path[depth].used.insert(child)
                    if enter(model.nodes[node].children[child], count: 1, into: &path, namespace, in: model) { return true }
                }
            }
            while path.count > depth { path.removeLast() }
            return false
        }
    }
}

extension XSDContentModel {
    /// The labels that may start node `id`, for messages.
    func firstLabels(of id: Int32) -> [Label] {
        nodes[Int(id)].first.map { label(of: $0.leaf) }
    }
}
