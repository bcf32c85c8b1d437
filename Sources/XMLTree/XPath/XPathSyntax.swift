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

enum XPathNodeTest: Sendable {
    /// `*`.
    case anyName
    /// `prefix:*`, the prefix resolved.
    case namespace(String)
    /// A QName, the prefix resolved (`nil` for no namespace); `qualified` as written.
    case name(namespaceURI: String?, local: String, qualified: String)
    case node, text, comment
    case processingInstruction(String?)
}

struct XPathStep: Sendable {
    var axis: XPathAxis
    var test: XPathNodeTest
    var predicates: [XPathSyntax]
}
