/// Why an XPath expression could not be compiled or evaluated, and where in it.
public struct XPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The column of the expression (from 1, in characters) where the problem is.
    public var column: Int
    /// The expression.
    public var expression: String
    /// When the expression uses a prefix with no namespace bound to it: the prefix (a tool
    /// can then say how to bind one).
    public var unboundPrefix: String?

    /// Creates an error: what is wrong, the `column` of `expression` (from 1, in characters)
    /// where it is, and the prefix when it is one with no namespace bound to it.
    public init(_ message: String, column: Int, expression: String, unboundPrefix: String? = nil) {
        self.message = message
        self.column = column
        self.expression = expression
        self.unboundPrefix = unboundPrefix
    }

    /// `column N: message` and the expression with a caret under the column.
    public var description: String {
        "column \(column): \(message)\n  \(expression)\n  \(String(repeating: " ", count: max(0, column - 1)))^"
    }
}
