internal import XMLSyntax

/// Recursive descent over XPath 1.0's grammar (section 3), resolving prefixes and checking
/// function arities at compile time.
struct XPathParser {
    private let tokens: [XPathToken]
    private let text: String
    private let namespaces: [String: String]
    private var i = 0

    init(_ text: String, namespaces: [String: String]) throws(XPathError) {
        self.text = text
        self.namespaces = namespaces
        tokens = try XPathLexer.tokenize(text)
        // A bound on the expression's size bounds the depth of its syntax tree, which the
        // evaluator walks recursively: a hostile expression is an error, not a stack overflow.
        guard tokens.count <= Self.maximumTokens else {
            throw XPathError(
                code: .tooComplex, message: "the expression has more than \(Self.maximumTokens) tokens",
                column: tokens[Self.maximumTokens].column, expression: text)
        }
    }

    static let maximumTokens = 512

    mutating func parse() throws(XPathError) -> XPathSyntax {
        let expression = try orExpression()
        guard case .end = current.kind else { throw error("unexpected \(describe(current))") }
        return expression
    }

    // MARK: - Tokens

    private var current: XPathToken { tokens[i] }
    private mutating func advance() { if i < tokens.count - 1 { i += 1 } }

    private func error(_ message: String, at token: XPathToken? = nil, code: XPathError.Code = .syntax) -> XPathError {
        XPathError(code: code, message: message, column: (token ?? current).column, expression: text)
    }

    private func describe(_ token: XPathToken) -> String {
        if case .end = token.kind { return "end of the expression" }
        // Columns count code points (the lexer's unit).
        let scalars = text.unicodeScalars
        let start = scalars.index(scalars.startIndex, offsetBy: token.column - 1)
        return "\"\(String(scalars[start...].prefix(12)))\""
    }

    private mutating func expect(_ kind: XPathToken.Kind, _ what: String) throws(XPathError) {
        guard current.kind == kind else { throw error("expected \(what), found \(describe(current))") }
        advance()
    }

    // MARK: - Expressions

    /// How deeply expressions nest (parentheses, predicates, arguments): bounded, so that
    /// a hostile expression is an error, not a stack overflow.
    private var depth = 0
    private static let maximumDepth = 200

    private mutating func orExpression() throws(XPathError) -> XPathSyntax {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw error("the expression nests deeper than \(Self.maximumDepth)", code: .tooComplex) }
        var left = try andExpression()
        while current.kind == .or {
            advance()
            left = .or(left, try andExpression())
        }
        return left
    }

    private mutating func andExpression() throws(XPathError) -> XPathSyntax {
        var left = try equalityExpression()
        while current.kind == .and {
            advance()
            left = .and(left, try equalityExpression())
        }
        return left
    }

    private mutating func equalityExpression() throws(XPathError) -> XPathSyntax {
        var left = try relationalExpression()
        while true {
            let column = current.column
            switch current.kind {
            case .equal:
                advance()
                left = .compare(.equal, left, try relationalExpression(), column: column)
            case .notEqual:
                advance()
                left = .compare(.notEqual, left, try relationalExpression(), column: column)
            default: return left
            }
        }
    }

    private mutating func relationalExpression() throws(XPathError) -> XPathSyntax {
        var left = try additiveExpression()
        while true {
            let column = current.column
            let comparison: XPathComparison
            switch current.kind {
            case .less: comparison = .less
            case .lessEqual: comparison = .lessEqual
            case .greater: comparison = .greater
            case .greaterEqual: comparison = .greaterEqual
            default: return left
            }
            advance()
            left = .compare(comparison, left, try additiveExpression(), column: column)
        }
    }

    private mutating func additiveExpression() throws(XPathError) -> XPathSyntax {
        var left = try multiplicativeExpression()
        while true {
            let column = current.column
            switch current.kind {
            case .plus:
                advance()
                left = .arithmetic(.add, left, try multiplicativeExpression(), column: column)
            case .minus:
                advance()
                left = .arithmetic(.subtract, left, try multiplicativeExpression(), column: column)
            default: return left
            }
        }
    }

    private mutating func multiplicativeExpression() throws(XPathError) -> XPathSyntax {
        var left = try unaryExpression()
        while true {
            let column = current.column
            let operation: XPathArithmetic
            switch current.kind {
            case .multiply: operation = .multiply
            case .div: operation = .divide
            case .mod: operation = .modulo
            default: return left
            }
            advance()
            left = .arithmetic(operation, left, try unaryExpression(), column: column)
        }
    }

    private mutating func unaryExpression() throws(XPathError) -> XPathSyntax {
        if current.kind == .minus {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else { throw error("the expression nests deeper than \(Self.maximumDepth)", code: .tooComplex) }
            let column = current.column
            advance()
            return .negate(try unaryExpression(), column: column)
        }
        return try unionExpression()
    }

    private mutating func unionExpression() throws(XPathError) -> XPathSyntax {
        var left = try pathExpression()
        while current.kind == .pipe {
            let column = current.column
            advance()
            left = .union(left, try pathExpression(), column: column)
        }
        return left
    }

    // MARK: - Paths

    private var startsPrimary: Bool {
        switch current.kind {
        case .variable, .leftParen, .literal, .number, .functionName: return true
        default: return false
        }
    }

    private mutating func pathExpression() throws(XPathError) -> XPathSyntax {
        if startsPrimary {
            let column = current.column
            let primary = try primaryExpression()
            var predicates: [XPathSyntax] = []
            while current.kind == .leftBracket { predicates.append(try predicate()) }
            var steps: [XPathStep] = []
            if current.kind == .slash || current.kind == .doubleSlash {
                steps = Self.simplified(try relativeSteps(afterSeparator: true))
            }
            if predicates.isEmpty && steps.isEmpty { return primary }
            return .filter(primary, predicates: predicates, steps: steps, column: column)
        }
        switch current.kind {
        case .slash:
            advance()
            // "/" alone, or "/" followed by a relative path.
            guard startsStep else { return .path(absolute: true, steps: []) }
            return .path(absolute: true, steps: Self.simplified(try relativeSteps(afterSeparator: false)))
        case .doubleSlash:
            advance()
            let descend = XPathStep(axis: .descendantOrSelf, test: .node, predicates: [])
            return .path(absolute: true, steps: Self.simplified([descend] + (try relativeSteps(afterSeparator: false))))
        default:
            guard startsStep else { throw error("expected an expression, found \(describe(current))") }
            return .path(absolute: false, steps: Self.simplified(try relativeSteps(afterSeparator: false)))
        }
    }

    /// `//X[p]` is `descendant-or-self::node()/child::X[p]`; when no predicate depends on
    /// position, that is `descendant::X[p]`, which visits each node once instead of
    /// listing the children of every node.
    static func simplified(_ steps: [XPathStep]) -> [XPathStep] {
        var result: [XPathStep] = []
        for step in steps {
            if let last = result.last, last.axis == .descendantOrSelf, case .node = last.test, last.predicates.isEmpty,
                step.axis == .child, step.predicates.allSatisfy(\.isPositionIndependent)
            {
                result[result.count - 1] = XPathStep(axis: .descendant, test: step.test, predicates: step.predicates)
            } else {
                result.append(step)
            }
        }
        return result
    }

    private var startsStep: Bool {
        switch current.kind {
        case .dot, .dotDot, .at, .axisName, .nameTest, .nodeType: return true
        default: return false
        }
    }

    /// Steps separated by `/` or `//`; with `afterSeparator`, the current token is a separator.
    private mutating func relativeSteps(afterSeparator: Bool) throws(XPathError) -> [XPathStep] {
        var steps: [XPathStep] = []
        var needSeparator = afterSeparator
        while true {
            if needSeparator {
                switch current.kind {
                case .slash: advance()
                case .doubleSlash:
                    advance()
                    steps.append(XPathStep(axis: .descendantOrSelf, test: .node, predicates: []))
                default: return steps
                }
            }
            steps.append(try step())
            needSeparator = true
        }
    }

    private mutating func step() throws(XPathError) -> XPathStep {
        switch current.kind {
        case .dot:
            advance()
            return XPathStep(axis: .self, test: .node, predicates: [])
        case .dotDot:
            advance()
            return XPathStep(axis: .parent, test: .node, predicates: [])
        default: break
        }
        var axis = XPathAxis.child
        if current.kind == .at {
            axis = .attribute
            advance()
        } else if case .axisName(let name) = current.kind {
            guard let named = XPathAxis(rawValue: name) else { throw error("there is no axis \"\(name)\"") }
            axis = named
            advance()
            try expect(.colonColon, "\"::\"")
        }
        let test = try nodeTest()
        var predicates: [XPathSyntax] = []
        while current.kind == .leftBracket { predicates.append(try predicate()) }
        return XPathStep(axis: axis, test: test, predicates: predicates)
    }

    private mutating func nodeTest() throws(XPathError) -> XPathNodeTest {
        let token = current
        switch token.kind {
        case .nameTest(let prefix, let local):
            advance()
            guard let local else {
                guard let prefix else { return .anyName }
                return .namespace(try resolve(prefix, at: token))
            }
            guard let prefix else { return .name(namespaceURI: nil, local: local, qualified: local) }
            return .name(namespaceURI: try resolve(prefix, at: token), local: local, qualified: "\(prefix):\(local)")
        case .nodeType(let type):
            advance()
            try expect(.leftParen, "\"(\"")
            var target: String?
            if type == "processing-instruction", case .literal(let literal) = current.kind {
                target = literal
                advance()
            }
            try expect(.rightParen, "\")\"")
            switch type {
            case "comment": return .comment
            case "text": return .text
            case "node": return .node
            default: return .processingInstruction(target)
            }
        default:
            throw error("expected a node test, found \(describe(token))")
        }
    }

    private func resolve(_ prefix: String, at token: XPathToken) throws(XPathError) -> String {
        if prefix == "xml" { return "http://www.w3.org/XML/1998/namespace" }
        // A prefix is its code points (the dictionary's own lookup is canonical equivalence).
        guard let uri = namespaces.value(forCodePoints: prefix) else {
            var failure = error("the prefix \"\(prefix)\" is not bound: pass it in namespaces", at: token, code: .unboundPrefix)
            failure.unboundPrefix = prefix
            throw failure
        }
        return uri
    }

    private mutating func predicate() throws(XPathError) -> XPathSyntax {
        try expect(.leftBracket, "\"[\"")
        let expression = try orExpression()
        try expect(.rightBracket, "\"]\"")
        return expression
    }

    private mutating func primaryExpression() throws(XPathError) -> XPathSyntax {
        let token = current
        switch token.kind {
        case .variable(let prefix, let local):
            advance()
            return .variable(prefix.map { "\($0):\(local)" } ?? local, column: token.column)
        case .leftParen:
            advance()
            let expression = try orExpression()
            try expect(.rightParen, "\")\"")
            return expression
        case .literal(let value):
            advance()
            return .literal(value)
        case .number(let value):
            advance()
            return .number(value)
        case .functionName(let prefix, let local):
            advance()
            guard prefix == nil, let function = XPathFunction(rawValue: local) else {
                throw error("there is no function \(prefix.map { "\($0):" } ?? "")\(local)() in XPath 1.0", at: token, code: .unknownFunction)
            }
            try expect(.leftParen, "\"(\"")
            var arguments: [XPathSyntax] = []
            if current.kind != .rightParen {
                arguments.append(try orExpression())
                while current.kind == .comma {
                    advance()
                    arguments.append(try orExpression())
                }
            }
            try expect(.rightParen, "\")\" or \",\"")
            guard function.arity.contains(arguments.count) else {
                throw error("\(local)() takes \(function.arityDescription), not \(arguments.count)", at: token, code: .wrongArgumentCount)
            }
            return .function(function, arguments, column: token.column)
        default:
            throw error("expected an expression, found \(describe(token))")
        }
    }
}
