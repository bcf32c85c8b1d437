/// A complex type's content model, compiled for matching children one at a time: the
/// particle tree flattened into nodes, and for each group the first names of its children,
/// so that a child element is placed in time proportional to the model's depth (a binary
/// search per level), whatever `maxOccurs` says. Counts are counters, never copies:
/// `maxOccurs="1000000"` costs one node.
struct XSDContentModel: Sendable {
    /// What a child element is matched against: a declaration's name, or a wildcard.
    enum Label: Sendable {
        case element(XSDExpandedName, declaration: Int)
        case wildcard(XSDWildcard)

        func accepts(_ name: XSDExpandedName) -> Bool {
            switch self {
            case .element(let declared, _): return declared == name
            case .wildcard(let wildcard): return wildcard.allows(name.namespace)
            }
        }

        /// Whether some element name matches both.
        func overlaps(_ other: Label) -> Bool {
            switch (self, other) {
            case (.element(let a, _), .element(let b, _)): return a == b
            case (.element(let a, _), .wildcard(let w)), (.wildcard(let w), .element(let a, _)): return w.allows(a.namespace)
            case (.wildcard(let a), .wildcard(let b)): return Self.intersect(a.namespaces, b.namespaces)
            }
        }

        private static func intersect(_ a: XSDWildcard.Namespaces, _ b: XSDWildcard.Namespaces) -> Bool {
            switch (a, b) {
            case (.any, _), (_, .any): return true
            // Two `##other`s both allow a namespace that is neither's.
            case (.not, .not): return true
            case (.not(let excluded), .oneOf(let set)), (.oneOf(let set), .not(let excluded)):
                return set.contains { $0 != nil && $0 != excluded }
            case (.oneOf(let x), .oneOf(let y)): return !x.isDisjoint(with: y)
            }
        }

        /// `<street>`, `<{urn:t}street>` for a name in a namespace (as xmllint writes it), or
        /// `an element in any namespace`, for messages.
        var description: String {
            switch self {
            case .element(let name, _): return "<\(name)>"
            case .wildcard(let wildcard): return "an element in \(wildcard.description)"
            }
        }
    }

    enum Kind: Sendable {
        case leaf(Label)
        case sequence
        case choice
        case all
    }

    struct Node: Sendable {
        var kind: Kind
        var minimum: Int
        var maximum: Int?
        var children: [Int32] = []
        var parent: Int32 = -1
        /// This node's place among its parent's children.
        var indexInParent: Int = 0
        /// Whether the node's term can match no element at all (its own count aside).
        var termIsNullable = false
        /// Whether the node can match no element: no occurrence needed, or an empty term.
        var isNullable: Bool { minimum == 0 || termIsNullable }
        /// The leaves that can match a first element of the term: (leaf node, child index of
        /// this node it is reached through; the leaf itself for a leaf).
        var first: [(leaf: Int32, child: Int)] = []
        /// For an element leaf: the symbol of its name (``XSDModel/elementSymbols``), and its
        /// declaration; -1 for other nodes. A child is matched by numbers, not by strings.
        var symbol: Int32 = -1
        var declaration: Int = -1
        /// For groups: for each element name's symbol in a child's first set, where in
        /// `candidates` the children whose first sets hold it are, ascending. (Ranges into one
        /// flat array: looking one up copies no array.)
        var childrenBySymbol: [Int32: Range<Int>] = [:]
        var candidates: [Int] = []
        /// For groups: children whose first sets hold a wildcard, ascending, with it.
        var childrenByWildcard: [(child: Int, wildcard: XSDWildcard)] = []
        /// For sequences: `nextRequired[i]`, the first child at `i` or after that is not
        /// nullable (`children.count` when none).
        var nextRequired: [Int] = []
    }

    private(set) var nodes: [Node] = []
    /// The declaration of each element name in the model (the first, should two differ):
    /// how a child is still checked after an earlier one broke the model.
    private(set) var declarationsByName: [XSDExpandedName: Int] = [:]

    /// The model of `particle`, with its positions and first sets, each element name given
    /// its number in `symbols` (the schema's, shared by its models).
    init(_ particle: XSDParticle, declarationNames: (Int) -> XSDExpandedName, symbols: inout [XSDExpandedName: Int32]) {
        var named: Set<Int32> = []
        _ = add(Self.collapsed(particle), parent: -1, index: 0, declarationNames: declarationNames, symbols: &symbols, named: &named)
        isGreedy = Self.repeatsStartNoRepeatedAncestor(nodes)
    }

    /// The model of no children at all.
    static var empty: XSDContentModel {
        var symbols: [XSDExpandedName: Int32] = [:]
        return XSDContentModel(XSDParticle(minimum: 0, maximum: 1, term: .sequence([])), declarationNames: { _ in
            XSDExpandedName(namespace: nil, localName: "")
        }, symbols: &symbols)
    }

    /// Whether the first way that takes a child is the only one: no particle that may repeat
    /// can start a repetition of a repeating group around it (as `a` in `(a+){2}` can). Then
    /// the matcher follows one reading in place; otherwise it follows every reading.
    private(set) var isGreedy = true

    private static func repeatsStartNoRepeatedAncestor(_ nodes: [Node]) -> Bool {
        var work = 0
        for node in nodes where node.maximum.map({ $0 > 1 }) ?? true {
            let leaves = Set(node.first.map(\.leaf))
            var ancestor = node.parent
            while ancestor >= 0 {
                let group = nodes[Int(ancestor)]
                if group.maximum.map({ $0 > 1 }) ?? true {
                    work += group.first.count
                    // Past this much work, a model is assumed to need every reading.
                    if work > 1_000_000 { return false }
                    if group.first.contains(where: { leaves.contains($0.leaf) }) { return false }
                }
                ancestor = group.parent
            }
        }
        return true
    }

    var root: Node { nodes[0] }

    /// The particle with nested counts of one particle multiplied out, where that changes
    /// nothing but the tree: a group of one particle that occurs once is that particle, and
    /// `(a{n1,m1}){n2,m2}` is `a{n2·n1, m2·m1}` when every total between those is reachable
    /// (the ranges `[o·n1, o·m1]` for each `o` touch). A model like
    /// `<xs:sequence maxOccurs="5000"><xs:element name="a" maxOccurs="2"/></xs:sequence>` is
    /// then one counter, where it would be a reading for each way of splitting the `a`s.
    static func collapsed(_ particle: XSDParticle) -> XSDParticle {
        let items: [XSDParticle]
        switch particle.term {
        case .sequence(let list), .choice(let list): items = list.map(collapsed)
        case .all(let list): return XSDParticle(minimum: particle.minimum, maximum: particle.maximum, term: .all(list.map(collapsed)))
        case .element, .wildcard: return particle
        }
        let rebuilt: XSDParticle.Term
        if case .sequence = particle.term { rebuilt = .sequence(items) } else { rebuilt = .choice(items) }
        guard items.count == 1, let only = items.first else {
            return XSDParticle(minimum: particle.minimum, maximum: particle.maximum, term: rebuilt)
        }
        if particle.minimum == 1, particle.maximum == 1 { return only }
        switch only.term {
        case .element, .wildcard: break
        default: return XSDParticle(minimum: particle.minimum, maximum: particle.maximum, term: rebuilt)
        }
        let (n1, m1, n2, m2) = (only.minimum, only.maximum, particle.minimum, particle.maximum)
        let unchanged = XSDParticle(minimum: particle.minimum, maximum: particle.maximum, term: rebuilt)
        // Counts are exact to 2^62: a product past Int.max leaves the particle as it is.
        let (least, leastOverflows) = n1.multipliedReportingOverflow(by: n2)
        guard !leastOverflows else { return unchanged }
        // The ranges touch from the least outer count on: (o + 1)·n1 ≤ o·m1 + 1 at o = n2.
        let touches: Bool
        if let m1 {
            let (left, leftOverflows) = (n2 + 1).multipliedReportingOverflow(by: n1)
            let (right, rightOverflows) = n2.multipliedReportingOverflow(by: m1)
            guard !leftOverflows, !rightOverflows else { return unchanged }
            touches = m2 == n2 || left <= right + 1
        } else {
            touches = n2 > 0 || n1 <= 1
        }
        guard touches else { return unchanged }
        var maximum: Int?
        if let m1, let m2 {
            let (product, overflows) = m1.multipliedReportingOverflow(by: m2)
            guard !overflows else { return unchanged }
            maximum = product
        }
        return XSDParticle(minimum: least, maximum: maximum, term: only.term)
    }

    private mutating func add(
        _ particle: XSDParticle, parent: Int32, index: Int, declarationNames: (Int) -> XSDExpandedName,
        symbols: inout [XSDExpandedName: Int32], named: inout Set<Int32>
    ) -> Int32 {
        let id = Int32(nodes.count)
        let kind: Kind
        var children: [XSDParticle] = []
        var symbol: Int32 = -1
        var declared = -1
        switch particle.term {
        case .element(let declaration):
            let name = declarationNames(declaration)
            kind = .leaf(.element(name, declaration: declaration))
            if let known = symbols[name] {
                symbol = known
            } else {
                symbol = Int32(symbols.count)
                symbols[name] = symbol
            }
            // Names the model has are known by their symbols, cheaper to look up.
            if named.insert(symbol).inserted { declarationsByName[name] = declaration }
            declared = declaration
        case .wildcard(let wildcard):
            kind = .leaf(.wildcard(wildcard))
        case .sequence(let items):
            kind = .sequence
            children = items
        case .choice(let items):
            kind = .choice
            children = items
        case .all(let items):
            kind = .all
            children = items
        }
        nodes.append(
            Node(
                kind: kind, minimum: particle.minimum, maximum: particle.maximum, parent: parent, indexInParent: index,
                symbol: symbol, declaration: declared))
        var childIDs: [Int32] = []
        for (k, child) in children.enumerated() {
            childIDs.append(add(child, parent: id, index: k, declarationNames: declarationNames, symbols: &symbols, named: &named))
        }
        nodes[Int(id)].children = childIDs
        finish(id)
        return id
    }

    /// Nullability, first sets and lookups of a node whose children are finished.
    private mutating func finish(_ id: Int32) {
        var node = nodes[Int(id)]
        let children = node.children.map { nodes[Int($0)] }
        switch node.kind {
        case .leaf(let label):
            node.termIsNullable = false
            node.first = [(id, 0)]
            _ = label
        case .sequence:
            node.termIsNullable = children.allSatisfy(\.isNullable)
            node.nextRequired = Array(repeating: children.count, count: children.count + 1)
            for k in stride(from: children.count - 1, through: 0, by: -1) {
                node.nextRequired[k] = children[k].isNullable ? node.nextRequired[k + 1] : k
            }
            let end = Swift.min(node.nextRequired[0], children.count - 1)
            if !children.isEmpty {
                for k in 0...end { node.first += children[k].first.map { ($0.leaf, k) } }
            }
        case .choice:
            // A choice of nothing cannot be satisfied (cvc-model-group.2): not even by no child.
            node.termIsNullable = children.contains(where: \.isNullable)
            for (k, child) in children.enumerated() { node.first += child.first.map { ($0.leaf, k) } }
        case .all:
            node.termIsNullable = children.allSatisfy(\.isNullable)
            for (k, child) in children.enumerated() { node.first += child.first.map { ($0.leaf, k) } }
        }
        // Every child's first set, indexed, for groups.
        if case .leaf = node.kind {} else {
            var childrenBySymbol: [Int32: [Int]] = [:]
            for (k, child) in children.enumerated() {
                for (leaf, _) in child.first {
                    guard case .leaf(let label) = nodes[Int(leaf)].kind else { continue }
                    switch label {
                    case .element:
                        let symbol = nodes[Int(leaf)].symbol
                        if childrenBySymbol[symbol]?.last != k { childrenBySymbol[symbol, default: []].append(k) }
                    case .wildcard(let wildcard):
                        node.childrenByWildcard.append((k, wildcard))
                    }
                }
            }
            for (symbol, list) in childrenBySymbol {
                node.childrenBySymbol[symbol] = node.candidates.count..<(node.candidates.count + list.count)
                node.candidates += list
            }
        }
        nodes[Int(id)] = node
    }

    /// The leaf of `label`'s kind a name matches among the first leaves of a node: the
    /// element itself, or the first wildcard that allows it.
    func label(of leaf: Int32) -> Label {
        guard case .leaf(let label) = nodes[Int(leaf)].kind else { preconditionFailure("not a leaf") }
        return label
    }

    /// The first child in `range` of group `group` whose first set accepts a name numbered
    /// `symbol` (-1 for a name no element declaration of the schema has) in `namespace`.
    func child(of group: Int32, in range: ClosedRange<Int>, symbol: Int32, namespace: String?) -> Int? {
        // The node's fields are read in place: a copy of the node would retain each of its arrays.
        let group = Int(group)
        var found: Int?
        if let candidates = nodes[group].childrenBySymbol[symbol] {
            // The least candidate at or after the range's start.
            var low = candidates.lowerBound
            var high = candidates.upperBound
            while low < high {
                let middle = (low + high) / 2
                if nodes[group].candidates[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            if low < candidates.upperBound, nodes[group].candidates[low] <= range.upperBound { found = nodes[group].candidates[low] }
        }
        guard !nodes[group].childrenByWildcard.isEmpty else { return found }
        for (child, wildcard) in nodes[group].childrenByWildcard where range.contains(child) && wildcard.allows(namespace) {
            if found.map({ child < $0 }) ?? true { found = child }
            break
        }
        return found
    }
}
