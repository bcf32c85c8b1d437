import XMLStreaming

/// Why an XPath expression could not be compiled or evaluated, and where in it.
///
/// ```swift
/// do {
///     _ = try XPathExpression("//p:item")
/// } catch where error.code == .unboundPrefix {
///     print(error.unboundPrefix ?? "")   // p
/// }
/// ```
public struct XPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is, to `switch` on.
    public var code: Code
    /// What is wrong.
    public var message: String
    /// The column of the expression (from 1, in characters) where the problem is.
    public var column: Int
    /// The expression.
    public var expression: String
    /// When the expression uses a prefix with no namespace bound to it: the prefix (a tool
    /// can then say how to bind one).
    public var unboundPrefix: String?
    /// When a string value needed an entity reference the parser could not expand: the
    /// error that names the entity and its place in the document.
    public var unexpandedEntity: XMLTreeError?

    /// Creates an error: its code, what is wrong, the `column` of `expression` (from 1, in
    /// characters) where it is, and the prefix when it is one with no namespace bound to it.
    public init(code: Code, message: String, column: Int, expression: String, unboundPrefix: String? = nil) {
        self.code = code
        self.message = message
        self.column = column
        self.expression = expression
        self.unboundPrefix = unboundPrefix
    }

    /// Creates an error without a code (``Code/syntax``): the spelling before 0.2.
    @available(*, deprecated, renamed: "init(code:message:column:expression:unboundPrefix:)")
    public init(_ message: String, column: Int, expression: String, unboundPrefix: String? = nil) {
        self.init(
            code: unboundPrefix == nil ? .syntax : .unboundPrefix, message: message, column: column, expression: expression,
            unboundPrefix: unboundPrefix)
    }

    /// Where in the expression, as the package's other errors say where in their input: the
    /// expression is line 1, ``column`` is the column, and the byte offset is that of the
    /// column's character in the expression's UTF-8.
    public var position: XMLPosition {
        let scalars = expression.unicodeScalars
        let offset = scalars.prefix(max(0, column - 1)).reduce(0) { $0 + $1.utf8.count }
        return XMLPosition(line: 1, column: column, byteOffset: Int64(offset))
    }

    /// `column N: message` and the expression with a caret under the column.
    public var description: String {
        "column \(column): \(message)\n  \(expression)\n  \(String(repeating: " ", count: max(0, column - 1)))^"
    }
}

extension XPathError {
    /// What kind of problem an ``XPathError`` is. A struct with static members rather than an
    /// enum, so that a later release can add codes without breaking a `switch` (which
    /// therefore ends with `default:`).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The expression is not XPath 1.0's syntax: an unexpected character or token, a
        /// string literal not closed, an unknown axis.
        public static let syntax = Code(rawValue: "syntax")
        /// The expression is larger or nests deeper than the evaluator accepts.
        public static let tooComplex = Code(rawValue: "too-complex")
        /// A prefix with no namespace bound to it (``XPathError/unboundPrefix`` names it).
        public static let unboundPrefix = Code(rawValue: "unbound-prefix")
        /// A function XPath 1.0 does not have.
        public static let unknownFunction = Code(rawValue: "unknown-function")
        /// A function called with the wrong number of arguments.
        public static let wrongArgumentCount = Code(rawValue: "wrong-argument-count")
        /// A variable with no value.
        public static let unboundVariable = Code(rawValue: "unbound-variable")
        /// A value of the wrong type where a node-set is needed.
        public static let notANodeSet = Code(rawValue: "not-a-node-set")
        /// The evaluation gathered more nodes than
        /// ``XPathExpression/Options/maximumNodes`` allows.
        public static let tooManyNodes = Code(rawValue: "too-many-nodes")
        /// A string value needs an entity reference the parser could not expand, and
        /// ``XPathExpression/Options/unexpandedEntities`` says to fail
        /// (``XPathError/unexpandedEntity`` says which and where).
        public static let unexpandedEntity = Code(rawValue: "unexpanded-entity")

        /// The code's name (`unbound-prefix`).
        public var description: String { rawValue }
    }
}
