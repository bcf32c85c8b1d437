internal import XMLSyntax

/// A compiled XPath expression's tree.
indirect enum XPathSyntax: Sendable {
    case or(XPathSyntax, XPathSyntax)
    case and(XPathSyntax, XPathSyntax)
    case compare(XPathComparison, XPathSyntax, XPathSyntax, column: Int)
    case arithmetic(XPathArithmetic, XPathSyntax, XPathSyntax, column: Int)
    case negate(XPathSyntax, column: Int)
    case union(XPathSyntax, XPathSyntax, column: Int)
    case number(Double)
    case literal(String)
    case variable(String, column: Int)
    case function(XPathFunction, [XPathSyntax], column: Int)
    /// A location path: absolute (from the root) or relative (from the context).
    case path(absolute: Bool, steps: [XPathStep])
    /// A filter expression with predicates, then a relative path after it (possibly empty).
    case filter(XPathSyntax, predicates: [XPathSyntax], steps: [XPathStep], column: Int)
}

enum XPathComparison: Sendable { case equal, notEqual, less, lessEqual, greater, greaterEqual }
enum XPathArithmetic: Sendable { case add, subtract, multiply, divide, modulo }

enum XPathAxis: String, Sendable, CaseIterable {
    case ancestor, ancestorOrSelf = "ancestor-or-self", attribute, child, descendant
    case descendantOrSelf = "descendant-or-self", following, followingSibling = "following-sibling", namespace
    case parent, preceding, precedingSibling = "preceding-sibling", `self`

    /// Reverse axes count proximity positions backwards from the context node.
    var isReverse: Bool {
        switch self {
        case .ancestor, .ancestorOrSelf, .preceding, .precedingSibling: return true
        default: return false
        }
    }
}

enum XPathNodeTest: Sendable, Hashable {
    /// `*`.
    case anyName
    /// `prefix:*`, the prefix resolved.
    case namespace(String)
    /// A QName, the prefix resolved (`nil` for no namespace); `qualified` as written.
    case name(namespaceURI: String?, local: String, qualified: String)
    case node, text, comment
    case processingInstruction(String?)
}

extension XPathNodeTest {
    /// Names and targets as XPath compares them, by code points (`é` and `e` + U+0301 are
    /// two names). The synthesized hash stays consistent: equal code points hash alike.
    static func == (a: XPathNodeTest, b: XPathNodeTest) -> Bool {
        switch (a, b) {
        case (.anyName, .anyName), (.node, .node), (.text, .text), (.comment, .comment): return true
        case (.namespace(let x), .namespace(let y)): return x.hasSameCodePoints(as: y)
        case (.name(let u1, let l1, let q1), .name(let u2, let l2, let q2)):
            return l1.hasSameCodePoints(as: l2) && q1.hasSameCodePoints(as: q2) && u1.hasSameCodePoints(as: u2)
        case (.processingInstruction(let x), .processingInstruction(let y)): return x.hasSameCodePoints(as: y)
        default: return false
        }
    }
}

struct XPathStep: Sendable {
    var axis: XPathAxis
    var test: XPathNodeTest
    var predicates: [XPathSyntax]
}

extension XPathSyntax {
    /// Whether a predicate means the same whatever the context position: its value is a
    /// boolean or a node-set (never a number, which would select by position) and it never
    /// asks for position() or last().
    var isPositionIndependent: Bool {
        guard !usesPosition else { return false }
        switch self {
        case .or, .and, .compare, .path, .union: return true
        case .filter(let primary, _, let steps, _): return !steps.isEmpty || primary.isPositionIndependent
        case .function(let function, _, _):
            switch function {
            case .not, .true, .false, .boolean, .contains, .startsWith, .lang, .id: return true
            default: return false
            }
        case .number, .literal, .variable, .arithmetic, .negate: return false
        }
    }

    /// Whether position() or last() appears anywhere in the expression.
    var usesPosition: Bool {
        switch self {
        case .or(let a, let b), .and(let a, let b), .compare(_, let a, let b, _), .arithmetic(_, let a, let b, _),
            .union(let a, let b, _):
            return a.usesPosition || b.usesPosition
        case .negate(let a, _): return a.usesPosition
        case .number, .literal, .variable: return false
        case .function(let function, let arguments, _):
            return function == .position || function == .last || arguments.contains(where: \.usesPosition)
        case .path(_, let steps):
            return steps.contains { $0.predicates.contains(where: \.usesPosition) }
        case .filter(let primary, let predicates, let steps, _):
            return primary.usesPosition || predicates.contains(where: \.usesPosition)
                || steps.contains { $0.predicates.contains(where: \.usesPosition) }
        }
    }
}
