/// A place in a document, as expat reports it.
///
/// - `line` counts from 1.
/// - `column` counts from 1, in characters (a multi-byte UTF-8 sequence is one column),
///   although expat itself counts from 0.
/// - `byteOffset` counts bytes of the input from 0, before any encoding conversion.
public struct XMLPosition: Hashable, Sendable, CustomStringConvertible {
    /// The line, counted from 1.
    public var line: Int
    /// The column, counted from 1, in characters.
    public var column: Int
    /// The offset of the position in the input, in bytes, counted from 0.
    public var byteOffset: Int64

    /// Creates a position.
    public init(line: Int, column: Int, byteOffset: Int64) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// The position before any input has been read: line 1, column 1, offset 0.
    public static let start = XMLPosition(line: 1, column: 1, byteOffset: 0)

    /// `line:column`, the form compilers print.
    public var description: String { "\(line):\(column)" }
}
