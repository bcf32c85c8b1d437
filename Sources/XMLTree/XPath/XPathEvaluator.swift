internal import XMLSyntax
import XMLStreaming

/// Evaluates a compiled expression against a context (section 2: a node, a position and a
/// size, variable bindings).
struct XPathEvaluator {
    let expression: String
    let variables: [String: XPathValue]
    let budget: XPathBudget
    /// What an entity reference the parser could not expand reads as in a string value.
    let unexpandedEntities: XMLUnexpandedEntityPolicy
    let languages = XPathLanguages()
    let identifiers = XPathIdentifiers()
    let nameTables = XPathNameTables()

    struct Context {
        var node: XPathNode
        var position: Int
        var size: Int
    }

    func error(_ message: String, column: Int, code: XPathError.Code = .notANodeSet) -> XPathError {
        XPathError(code: code, message: message, column: column, expression: expression)
    }

    /// Counts `count` gathered nodes against the evaluation's limit.
    func spend(_ count: Int) throws(XPathError) {
        guard budget.spend(count) else {
            throw error(
                "the evaluation gathered more than \(budget.limit) nodes; raise "
                    + "XPathExpression.Options.maximumNodes to allow it", column: 1, code: .tooManyNodes)
        }
    }

    func evaluate(_ syntax: XPathSyntax, _ context: Context) throws(XPathError) -> XPathValue {
        switch syntax {
        case .or(let a, let b):
            if try evaluate(a, context).boolean { return .boolean(true) }
            return .boolean(try evaluate(b, context).boolean)
        case .and(let a, let b):
            if !(try evaluate(a, context).boolean) { return .boolean(false) }
            return .boolean(try evaluate(b, context).boolean)
        case .compare(let comparison, let a, let b, _):
            return .boolean(try compare(comparison, try evaluate(a, context), try evaluate(b, context)))
        case .arithmetic(let operation, let a, let b, _):
            let x = try number(of: try evaluate(a, context))
            let y = try number(of: try evaluate(b, context))
            switch operation {
            case .add: return .number(x + y)
            case .subtract: return .number(x - y)
            case .multiply: return .number(x * y)
            case .divide: return .number(x / y)
            case .modulo: return .number(x.truncatingRemainder(dividingBy: y))
            }
        case .negate(let a, _):
            return .number(-(try number(of: try evaluate(a, context))))
        case .union(let a, let b, let column):
            guard case .nodeSet(let left) = try evaluate(a, context), case .nodeSet(let right) = try evaluate(b, context)
            else { throw error("\"|\" joins node-sets only", column: column) }
            return .nodeSet(Self.sortedUnique(left + right))
        case .number(let n):
            return .number(n)
        case .literal(let s):
            return .string(s)
        case .variable(let name, let column):
            // A variable's name is its code points (the dictionary's own lookup is canonical equivalence).
            guard let value = variables.value(forCodePoints: name) else {
                throw error("the variable $\(name) has no value", column: column, code: .unboundVariable)
            }
            return value
        case .function(let function, let arguments, let column):
            return try call(function, arguments, context, column: column)
        case .path(let absolute, let steps):
            let start: XPathNode = absolute ? .node(context.node.element.document.documentNode) : context.node
            return .nodeSet(try apply(steps, to: [start]))
        case .filter(let primary, let predicates, let steps, let column):
            guard case .nodeSet(var nodes) = try evaluate(primary, context) else {
                throw error("a predicate or a path can follow a node-set only", column: column)
            }
            for predicate in predicates { nodes = try filter(nodes, by: predicate) }
            return .nodeSet(steps.isEmpty ? nodes : try apply(steps, to: nodes))
        }
    }

    // MARK: - Location paths

    func apply(_ steps: [XPathStep], to start: [XPathNode]) throws(XPathError) -> [XPathNode] {
        var current = start
        for step in steps {
            // A descendant step read from the records where they lie (XPathEvaluator+Descendants).
            if let selected = try scanned(step, from: current) {
                current = selected
                continue
            }
            // Where many contexts share most of their axis (nested elements and their
            // descendants, following, preceding, ancestors) and no predicate asks for a
            // position, the axis is gathered once for all of them.
            if current.count > 1, step.predicates.allSatisfy(\.isPositionIndependent),
                let union = XPathAxes.union(on: step.axis, from: current)
            {
                current = Self.sortedUnique(try select(union, by: step))
                continue
            }
            var next: [XPathNode] = []
            for node in current {
                next.append(contentsOf: try select(XPathAxes.nodes(on: step.axis, from: node), by: step))
            }
            // One context node on a forward axis gives nodes in document order already.
            current = current.count > 1 || step.axis.isReverse ? Self.sortedUnique(next) : next
        }
        return current
    }

    /// The nodes gathered on a step's axis (counted against the limit) that pass its node
    /// test and predicates. Positions count in axis order (nearest first on a reverse axis).
    private func select(_ axisNodes: [XPathNode], by step: XPathStep) throws(XPathError) -> [XPathNode] {
        try spend(axisNodes.count)
        var selected = axisNodes.filter { Self.matches($0, step.test, axis: step.axis) }
        for predicate in step.predicates { selected = try filter(selected, by: predicate) }
        return selected
    }

    /// Keeps the nodes for which the predicate holds: a number means "at that position".
    /// `nodes` come in axis order (reverse axes: nearest first), which sets the positions.
    private func filter(_ nodes: [XPathNode], by predicate: XPathSyntax) throws(XPathError) -> [XPathNode] {
        var kept: [XPathNode] = []
        for (offset, node) in nodes.enumerated() {
            let value = try evaluate(predicate, Context(node: node, position: offset + 1, size: nodes.count))
            let holds: Bool
            if case .number(let n) = value { holds = n == Double(offset + 1) } else { holds = value.boolean }
            if holds { kept.append(node) }
        }
        return kept
    }

    static func matches(_ node: XPathNode, _ test: XPathNodeTest, axis: XPathAxis) -> Bool {
        // The principal node type: attributes on the attribute axis, namespaces on the
        // namespace axis, elements elsewhere.
        switch test {
        case .node: return true
        case .text:
            if case .node(let n) = node { return TreeStorage.isText(n.record) }
            return false
        case .comment:
            if case .node(let n) = node { return n.kind == .comment }
            return false
        case .processingInstruction(let target):
            if case .node(let n) = node, n.kind == .processingInstruction {
                return target == nil || n.target.hasSameCodePoints(as: target)
            }
            return false
        case .anyName, .namespace, .name:
            switch (axis, node) {
            case (.attribute, .attribute), (.namespace, .namespace): break
            case (.attribute, _), (.namespace, _): return false
            case (_, .node(let n)) where n.kind == .element: break
            default: return false
            }
            switch node {
            case .namespace:
                // A namespace node's name is its prefix, in no namespace.
                switch test {
                case .anyName: return true
                case .name(let uri, let local, _): return uri == nil && node.localName.hasSameCodePoints(as: local)
                default: return false
                }
            case .node(let element):
                return nameMatches(element.storage.names[Int(element.record.name)], test, namespaced: element.storage.namespaced)
            case .attribute(let element, let index):
                return nameMatches(element.attributeName(at: index), test, namespaced: element.storage.namespaced)
            }
        }
    }

    /// Whether an element's or attribute's name passes a name test (`*`, `prefix:*`, a
    /// QName); other tests pass no name.
    static func nameMatches(_ name: XMLTreeName, _ test: XPathNodeTest, namespaced: Bool) -> Bool {
        switch test {
        case .anyName: return true
        case .namespace(let uri): return (name.namespaceURI ?? "").hasSameCodePoints(as: uri)
        case .name(let uri, let local, let qualified):
            // A tree read without namespaces has no URIs: compare names as written. Names
            // are their code points (`é` and `e` + U+0301 are two names).
            return namespaced
                ? name.localName.hasSameCodePoints(as: local) && name.namespaceURI.hasSameCodePoints(as: uri)
                : name.qualifiedName.hasSameCodePoints(as: qualified)
        default: return false
        }
    }

    static func sortedUnique(_ nodes: [XPathNode]) -> [XPathNode] {
        let sorted = nodes.sorted(by: XPathNode.inDocumentOrder)
        var result: [XPathNode] = []
        result.reserveCapacity(sorted.count)
        for node in sorted where result.last != node { result.append(node) }
        return result
    }

    // MARK: - Comparisons (section 3.4)

    /// Compares two values, reading string values under ``unexpandedEntities``.
    func compare(_ op: XPathComparison, _ a: XPathValue, _ b: XPathValue) throws(XPathError) -> Bool {
        // The comparisons stop early, so a string value is read only when needed: the first
        // failure is kept and thrown once they return.
        var failure: XMLTreeError?
        let result = Self.compare(op, a, b) { node in
            do throws(XMLTreeError) { return try node.stringValue(unexpandedEntities: unexpandedEntities) } catch {
                if failure == nil { failure = error }
                return ""
            }
        }
        if let failure { throw entityError(failure) }
        return result
    }

    static func compare(
        _ op: XPathComparison, _ a: XPathValue, _ b: XPathValue, _ string: (XPathNode) -> String
    ) -> Bool {
        switch (a, b) {
        case (.nodeSet(let x), .nodeSet(let y)):
            return compareNodeSets(op, x, y, string)
        case (.nodeSet(let x), let other):
            return nodeSetCompare(op, x, other, nodeSetFirst: true, string)
        case (let other, .nodeSet(let y)):
            return nodeSetCompare(op, y, other, nodeSetFirst: false, string)
        default:
            return atomic(op, a, b)
        }
    }

    /// Whether some node of `x` and some node of `y` compare true (section 3.4), without
    /// trying every pair: a set of strings for `=`, one string for `!=`, the least and
    /// greatest numbers for the order comparisons.
    private static func compareNodeSets(
        _ op: XPathComparison, _ x: [XPathNode], _ y: [XPathNode], _ string: (XPathNode) -> String
    ) -> Bool {
        guard !x.isEmpty, !y.isEmpty else { return false }
        switch op {
        case .equal:
            // Strings are equal when their code points are (section 3.4), so the set is
            // keyed by code points: Swift's `Set<String>` would merge `é` and `e` + U+0301.
            var strings = Set<CodePointString>(minimumCapacity: y.count)
            for node in y { strings.insert(CodePointString(string(node))) }
            return x.contains { strings.contains(CodePointString(string($0))) }
        case .notEqual:
            // Some pair differs unless every string on both sides is one and the same.
            let first = string(x[0])
            return x.contains { !string($0).hasSameCodePoints(as: first) }
                || y.contains { !string($0).hasSameCodePoints(as: first) }
        case .less, .lessEqual, .greater, .greaterEqual:
            // NaN compares false with everything, so it never makes a pair true.
            let xs = x.map { XPathValue.parseNumber(string($0)) }.filter { !$0.isNaN }
            let ys = y.map { XPathValue.parseNumber(string($0)) }.filter { !$0.isNaN }
            guard let xMin = xs.min(), let xMax = xs.max(), let yMin = ys.min(), let yMax = ys.max() else { return false }
            switch op {
            case .less: return xMin < yMax
            case .lessEqual: return xMin <= yMax
            case .greater: return xMax > yMin
            default: return xMax >= yMin
            }
        }
    }

    private static func nodeSetCompare(
        _ op: XPathComparison, _ nodes: [XPathNode], _ other: XPathValue, nodeSetFirst: Bool,
        _ string: (XPathNode) -> String
    ) -> Bool {
        if case .boolean = other {
            let set = XPathValue.boolean(!nodes.isEmpty)
            return nodeSetFirst ? atomic(op, set, other) : atomic(op, other, set)
        }
        return nodes.contains { node in
            let value: XPathValue
            if case .number = other { value = .number(XPathValue.parseNumber(string(node))) } else { value = .string(string(node)) }
            return nodeSetFirst ? atomic(op, value, other) : atomic(op, other, value)
        }
    }

    private static func atomic(_ op: XPathComparison, _ a: XPathValue, _ b: XPathValue) -> Bool {
        switch op {
        case .equal, .notEqual:
            let equal: Bool
            switch (a, b) {
            case (.boolean, _), (_, .boolean): equal = a.boolean == b.boolean
            case (.number, _), (_, .number): equal = a.number == b.number
            default: equal = a.string.hasSameCodePoints(as: b.string)
            }
            return op == .equal ? equal : !equal
        case .less: return a.number < b.number
        case .lessEqual: return a.number <= b.number
        case .greater: return a.number > b.number
        case .greaterEqual: return a.number >= b.number
        }
    }
}

// MARK: - String values and entity references

extension XPathEvaluator {
    /// A node's string value, with references the parser could not expand read as
    /// ``unexpandedEntities`` says.
    func string(of node: XPathNode) throws(XPathError) -> String {
        do { return try node.stringValue(unexpandedEntities: unexpandedEntities) } catch { throw entityError(error) }
    }

    /// XPath's `string()` of a value: a node-set's first node's string value.
    func string(of value: XPathValue) throws(XPathError) -> String {
        guard case .nodeSet(let nodes) = value else { return value.string }
        return try nodes.first.map { (node) throws(XPathError) in try string(of: node) } ?? ""
    }

    /// XPath's `number()` of a value.
    func number(of value: XPathValue) throws(XPathError) -> Double {
        guard case .nodeSet = value else { return value.number }
        return XPathValue.parseNumber(try string(of: value))
    }

    /// The evaluation's error for a string value that needs a reference it cannot read.
    func entityError(_ error: XMLTreeError) -> XPathError {
        var failure = XPathError(
            code: .unexpandedEntity,
            message: "the string value needs \(error.message) (set XPathExpression.Options.unexpandedEntities to keep, skip or replace it)",
            column: 1, expression: expression)
        failure.unexpandedEntity = error
        return failure
    }
}
