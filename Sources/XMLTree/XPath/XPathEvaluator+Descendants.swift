internal import XMLSyntax

/// The descendant axes read straight from the tree's records, without gathering them.
///
/// `//activity[@team='100']` reaches the evaluator as `descendant::activity[…]` (the
/// parser's `simplified`): gathered, that step lists every node below the context (a 64 MiB
/// document's two million nodes, several times its size in memory) before the test and
/// predicate throw nearly all of them away. The tree stores a subtree as one run of
/// records, so the same nodes are a scan of that run: each record is tested where it lies,
/// and only those that pass become nodes. `count(…)` of such a path counts them without
/// keeping them.
extension XPathEvaluator {
    /// Whether `step` can be scanned: a descendant axis whose predicates do not ask for
    /// positions (positions would need every candidate first).
    static func isScannable(_ step: XPathStep) -> Bool {
        (step.axis == .descendant || step.axis == .descendantOrSelf) && step.predicates.allSatisfy(\.isPositionIndependent)
    }

    /// The records the descendant axis (or descendant-or-self) reaches from `contexts`:
    /// each outermost context's subtree as one range, in document order; `nil` when a
    /// context is an attribute or namespace node or the contexts come from more than one
    /// document (the general path handles those).
    static func subtreeRanges(_ contexts: [XPathNode], orSelf: Bool) -> (TreeStorage, [Range<Int32>])? {
        guard let storage = contexts.first?.element.storage,
            contexts.allSatisfy({ context in
                if case .node(let node) = context { return node.storage === storage }
                return false
            })
        else { return nil }
        var ends = SubtreeEnds(storage: storage)
        let ranges = XPathAxes.outermost(contexts, ends: &ends).map { context -> Range<Int32> in
            let index = context.element.index
            return (orSelf ? index : index + 1)..<ends.end(of: index)
        }
        return (storage, ranges)
    }

    /// Visits, in document order, each node of `ranges` that passes `step`'s test and
    /// predicates; every record scanned counts against the evaluation's limit.
    func scan(
        _ ranges: [Range<Int32>], in storage: TreeStorage, by step: XPathStep, _ visit: (XMLTreeNode) -> Void
    ) throws(XPathError) {
        let test = XPathRecordTest(step.test, storage: storage, tables: nameTables)
        let predicates = step.predicates.map { XPathPredicate($0, storage: storage, tables: nameTables) }
        for range in ranges {
            try spend(range.count)
            unsafe try storage.nodes.withUnsafeBufferPointer { (records) throws(XPathError) in
                // Text records only where XPath sees a text node (XPathTextNodes).
                for i in range where unsafe test.matches(records[Int(i)]) && storage.isXPathNode(i) {
                    let node = XMLTreeNode(storage: storage, index: i)
                    var passes = true
                    for predicate in predicates where passes {
                        passes = try predicate.holds(for: node, self)
                    }
                    if passes { visit(node) }
                }
            }
        }
    }

    /// The nodes `step` selects from `contexts` by a scan, or `nil` when it cannot scan them.
    func scanned(_ step: XPathStep, from contexts: [XPathNode]) throws(XPathError) -> [XPathNode]? {
        guard Self.isScannable(step), let (storage, ranges) = Self.subtreeRanges(contexts, orSelf: step.axis == .descendantOrSelf)
        else { return nil }
        var result: [XPathNode] = []
        try scan(ranges, in: storage, by: step) { result.append(.node($0)) }
        return result
    }

    /// How many nodes a location path selects, counted without keeping them when its last
    /// step can be scanned; `nil` otherwise (the caller gathers the node-set).
    func countWithoutGathering(_ syntax: XPathSyntax, _ context: Context) throws(XPathError) -> Int? {
        guard case .path(let absolute, let steps) = syntax else { return nil }
        guard let last = steps.last, Self.isScannable(last) else { return nil }
        let start: XPathNode = absolute ? .node(context.node.element.document.documentNode) : context.node
        let contexts = try apply(Array(steps.dropLast()), to: [start])
        guard let (storage, ranges) = Self.subtreeRanges(contexts, orSelf: last.axis == .descendantOrSelf) else {
            // Attribute or namespace contexts (or none): the last step the general way, from
            // the contexts already found rather than from the start again.
            return try apply([last], to: contexts).count
        }
        var count = 0
        try scan(ranges, in: storage, by: last) { _ in count += 1 }
        return count
    }
}

/// A node test applied to a tree record: for names, a table over the tree's interned names
/// (``XPathNameTables``), one lookup per record where comparing strings per node would cost
/// a scan.
struct XPathRecordTest {
    private enum Kind {
        case elementsNamed([Bool])
        case anyNode
        case textNodes
        case comments
        case instructions(target: String?, names: [XMLTreeName])
    }

    private let kind: Kind

    init(_ test: XPathNodeTest, storage: TreeStorage, tables: XPathNameTables) {
        switch test {
        case .node: kind = .anyNode
        case .text: kind = .textNodes
        case .comment: kind = .comments
        case .processingInstruction(let target): kind = .instructions(target: target, names: storage.names)
        case .anyName, .namespace, .name: kind = .elementsNamed(tables.table(for: test, attributes: false, in: storage))
        }
    }

    @inline(__always) func matches(_ record: TreeStorage.Node) -> Bool {
        switch kind {
        case .elementsNamed(let table): return record.kind == .element && table[Int(record.name)]
        case .anyNode: return true
        case .textNodes: return TreeStorage.isText(record)
        case .comments: return record.kind == .comment
        case .instructions(let target, let names):
            guard record.kind == .processingInstruction else { return false }
            return target == nil || names[Int(record.name)].qualifiedName.hasSameCodePoints(as: target!)
        }
    }
}

/// Which of a tree's interned names a name test matches, as elements or as attributes,
/// worked out once per evaluation (a scan inside a predicate runs once per context).
final class XPathNameTables {
    private struct Key: Hashable {
        let storage: ObjectIdentifier
        let test: XPathNodeTest
        let attributes: Bool
    }

    private var tables: [Key: [Bool]] = [:]

    func table(for test: XPathNodeTest, attributes: Bool, in storage: TreeStorage) -> [Bool] {
        let key = Key(storage: ObjectIdentifier(storage), test: test, attributes: attributes)
        if let table = tables[key] { return table }
        // Declarations (`xmlns`, attributes in a tree read without namespaces) are on the
        // namespace axis, never matched as attributes.
        let table = storage.names.map { name in
            !(attributes && XPathAxes.isNamespaceDeclaration(name, namespaced: storage.namespaced))
                && XPathEvaluator.nameMatches(name, test, namespaced: storage.namespaced)
        }
        tables[key] = table
        return table
    }
}

/// A predicate of a scanned step. `@name = 'literal'` (either way round) compares the
/// attribute's bytes in place, with no node-set and no string made; anything else is
/// evaluated as written.
struct XPathPredicate {
    private let syntax: XPathSyntax
    /// For `@name = 'literal'`: which attribute names match, by name index, and the bytes.
    private let attributeEquals: (names: [Bool], literal: [UInt8])?

    init(_ syntax: XPathSyntax, storage: TreeStorage, tables: XPathNameTables) {
        self.syntax = syntax
        attributeEquals = Self.attributeComparison(syntax).map { test, literal in
            (tables.table(for: test, attributes: true, in: storage), Array(literal.utf8))
        }
    }

    private static func attributeComparison(_ syntax: XPathSyntax) -> (XPathNodeTest, String)? {
        guard case .compare(.equal, let a, let b, _) = syntax else { return nil }
        for (path, literal) in [(a, b), (b, a)] {
            if case .path(false, let steps) = path, steps.count == 1, steps[0].axis == .attribute, steps[0].predicates.isEmpty,
                case .literal(let text) = literal
            {
                switch steps[0].test {
                case .name, .anyName, .namespace: return (steps[0].test, text)
                default: return nil
                }
            }
        }
        return nil
    }

    func holds(for node: XMLTreeNode, _ evaluator: XPathEvaluator) throws(XPathError) -> Bool {
        guard let (names, literal) = attributeEquals else {
            return try evaluator.evaluate(syntax, .init(node: .node(node), position: 1, size: 1)).boolean
        }
        let storage = node.storage
        let record = node.record
        // Only elements have attributes (another record's fields are a range of text).
        guard record.kind == .element else { return false }
        return unsafe storage.attributes.withUnsafeBufferPointer { attributes in
            unsafe storage.pool.withUnsafeBufferPointer { pool in
                for unsafe a in unsafe attributes[Int(record.attributeStart)..<Int(record.attributeStart + record.attributeCount)] where names[Int(a.name)] {
                    let value = unsafe UnsafeBufferPointer(rebasing: pool[Int(a.valueStart)..<Int(a.valueStart + a.valueLength)])
                    // XPath's strings are equal when their code points are: equal bytes.
                    if unsafe value.elementsEqual(literal) { return true }
                }
                return false
            }
        }
    }
}
