/// Why an XPath expression could not be compiled or evaluated, and where in it.
public struct XPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The column of the expression (from 1, in characters) where the problem is.
    public var column: Int
    /// The expression.
    public var expression: String

    public init(_ message: String, column: Int, expression: String) {
        self.message = message
        self.column = column
        self.expression = expression
    }

    /// `column N: message` and the expression with a caret under the column.
    public var description: String {
        "column \(column): \(message)\n  \(expression)\n  \(String(repeating: " ", count: max(0, column - 1)))^"
    }
}
