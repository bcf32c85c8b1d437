internal import XMLSyntax

/// XPath 1.0's tokens (section 3.7), with its rules for telling `*` and `and`/`or`/`div`/
/// `mod` as operators from names, and a name before `(` or `::` as a function or axis.
struct XPathToken: Equatable {
    enum Kind: Equatable {
        case leftParen, rightParen, leftBracket, rightBracket, dot, dotDot, at, comma, colonColon
        case slash, doubleSlash, pipe, plus, minus, equal, notEqual, less, lessEqual, greater, greaterEqual
        case and, or, mod, div, multiply
        /// A name test: `*`, `prefix:*`, or a QName.
        case nameTest(prefix: String?, local: String?)
        case nodeType(String)
        case functionName(prefix: String?, local: String)
        case axisName(String)
        case literal(String)
        case number(Double)
        case variable(prefix: String?, local: String)
        case end
    }

    var kind: Kind
    /// Column of the token's first character, from 1.
    var column: Int
}

/// Reads the expression as code points, as XPath counts characters: a quote followed by a
/// combining mark is two characters (a Swift `Character` would make it one cluster and
/// hide the quote), and columns count code points from 1.
struct XPathLexer {
    let source: [Unicode.Scalar]
    let text: String
    private var i = 0
    private(set) var tokens: [XPathToken] = []

    init(_ text: String) {
        self.text = text
        source = Array(text.unicodeScalars)
    }

    private func error(_ message: String, at column: Int) -> XPathError {
        XPathError(code: .syntax, message: message, column: column, expression: text)
    }

    static func tokenize(_ text: String) throws(XPathError) -> [XPathToken] {
        var lexer = XPathLexer(text)
        try lexer.run()
        return lexer.tokens
    }

    /// Whether the previous token makes a following `*` or NCName an operator (3.7).
    private var operatorExpected: Bool {
        guard let last = tokens.last else { return false }
        switch last.kind {
        case .at, .colonColon, .leftParen, .leftBracket, .comma, .and, .or, .mod, .div, .multiply, .slash, .doubleSlash,
            .pipe, .plus, .minus, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
            return false
        default:
            return true
        }
    }

    private mutating func run() throws(XPathError) {
        while true {
            while i < source.count, Self.isWhitespace(source[i]) { i += 1 }
            guard i < source.count else {
                tokens.append(XPathToken(kind: .end, column: source.count + 1))
                return
            }
            let column = i + 1
            let c = source[i]
            func add(_ kind: XPathToken.Kind, length: Int) {
                tokens.append(XPathToken(kind: kind, column: column))
                i += length
            }
            let next: Unicode.Scalar? = i + 1 < source.count ? source[i + 1] : nil
            switch c {
            case "(": add(.leftParen, length: 1)
            case ")": add(.rightParen, length: 1)
            case "[": add(.leftBracket, length: 1)
            case "]": add(.rightBracket, length: 1)
            case ",": add(.comma, length: 1)
            case "@": add(.at, length: 1)
            case "|": add(.pipe, length: 1)
            case "+": add(.plus, length: 1)
            case "-": add(.minus, length: 1)
            case "=": add(.equal, length: 1)
            case "/": next == "/" ? add(.doubleSlash, length: 2) : add(.slash, length: 1)
            case "!":
                guard next == "=" else { throw error("\"!\" must be followed by \"=\"", at: column) }
                add(.notEqual, length: 2)
            case "<": next == "=" ? add(.lessEqual, length: 2) : add(.less, length: 1)
            case ">": next == "=" ? add(.greaterEqual, length: 2) : add(.greater, length: 1)
            case ":":
                guard next == ":" else { throw error("unexpected \":\"", at: column) }
                add(.colonColon, length: 2)
            case "*":
                add(operatorExpected ? .multiply : .nameTest(prefix: nil, local: nil), length: 1)
            case "\"", "'":
                guard let close = source[(i + 1)...].firstIndex(of: c) else {
                    throw error("a string literal is not closed", at: column)
                }
                add(.literal(characters(i + 1..<close)), length: close - i + 1)
            case "$":
                i += 1
                guard let (prefix, local) = qName() else { throw error("\"$\" must be followed by a variable name", at: column) }
                tokens.append(XPathToken(kind: .variable(prefix: prefix, local: local), column: column))
            case ".":
                if next == "." {
                    add(.dotDot, length: 2)
                } else if let next, Self.isDigit(next) {
                    try number(column: column)
                } else {
                    add(.dot, length: 1)
                }
            default:
                if Self.isDigit(c) {
                    try number(column: column)
                } else if Self.isNameStart(c) {
                    try name(column: column)
                } else {
                    throw error("unexpected \"\(c)\"", at: column)
                }
            }
        }
    }

    private mutating func number(column: Int) throws(XPathError) {
        let start = i
        while i < source.count, Self.isDigit(source[i]) { i += 1 }
        if i < source.count, source[i] == "." {
            i += 1
            while i < source.count, Self.isDigit(source[i]) { i += 1 }
        }
        var digits = characters(start..<i)
        if digits.hasPrefix(".") { digits = "0" + digits }
        if digits.hasSuffix(".") { digits += "0" }
        tokens.append(XPathToken(kind: .number(Double(digits) ?? .nan), column: column))
    }

    /// The characters of `range` of the expression.
    private func characters(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(source[range])) }

    /// XPath's `ExprWhitespace`: XML's `S`, four characters and no others (also what
    /// `normalize-space()`, `id()` and `number()` take for white space).
    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r"
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool {
        c.value >= 0x30 && c.value <= 0x39
    }

    /// The first character of an `NCName`, by the tables expat reads names with.
    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        c != ":" && XMLNameValidation.isNameStart(c)
    }

    static func isNameChar(_ c: Unicode.Scalar) -> Bool {
        c != ":" && XMLNameValidation.isNameChar(c)
    }

    private mutating func ncName() -> String? {
        guard i < source.count, Self.isNameStart(source[i]) else { return nil }
        let start = i
        i += 1
        while i < source.count, Self.isNameChar(source[i]) { i += 1 }
        return characters(start..<i)
    }

    /// `NCName` or `NCName:NCName`.
    private mutating func qName() -> (String?, String)? {
        guard let first = ncName() else { return nil }
        if i + 1 < source.count, source[i] == ":", source[i + 1] != ":", Self.isNameStart(source[i + 1]) {
            i += 1
            guard let local = ncName() else { return nil }
            return (first, local)
        }
        return (nil, first)
    }

    private mutating func name(column: Int) throws(XPathError) {
        if operatorExpected {
            guard let word = ncName() else { throw error("expected an operator", at: column) }
            let kind: XPathToken.Kind
            switch word {
            case "and": kind = .and
            case "or": kind = .or
            case "mod": kind = .mod
            case "div": kind = .div
            default: throw error("expected an operator, found \"\(word)\"", at: column)
            }
            tokens.append(XPathToken(kind: kind, column: column))
            return
        }
        guard let first = ncName() else { throw error("expected a name", at: column) }
        // prefix:* ?
        if i + 1 < source.count, source[i] == ":", source[i + 1] == "*" {
            i += 2
            tokens.append(XPathToken(kind: .nameTest(prefix: first, local: nil), column: column))
            return
        }
        var prefix: String?
        var local = first
        if i + 1 < source.count, source[i] == ":", source[i + 1] != ":" {
            guard Self.isNameStart(source[i + 1]) else { throw error("a name cannot end with \":\"", at: i + 1) }
            i += 1
            prefix = first
            local = ncName()!
        }
        // Look past white space for "(" or "::".
        var j = i
        while j < source.count, Self.isWhitespace(source[j]) { j += 1 }
        if prefix == nil, j + 1 < source.count, source[j] == ":", source[j + 1] == ":" {
            tokens.append(XPathToken(kind: .axisName(local), column: column))
            return
        }
        if j < source.count, source[j] == "(" {
            if prefix == nil, ["comment", "text", "processing-instruction", "node"].contains(local) {
                tokens.append(XPathToken(kind: .nodeType(local), column: column))
            } else {
                tokens.append(XPathToken(kind: .functionName(prefix: prefix, local: local), column: column))
            }
            return
        }
        tokens.append(XPathToken(kind: .nameTest(prefix: prefix, local: local), column: column))
    }
}
