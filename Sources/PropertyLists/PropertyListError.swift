/// Why a property list could not be read or written.
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The line in an XML or OpenStep file, when known.
    public var line: Int?
    /// The column in an XML or OpenStep file, or the byte offset in a binary one, when known.
    public var column: Int?

    public init(_ message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        switch (line, column) {
        case let (line?, column?): return "line \(line), column \(column): \(message)"
        case let (line?, nil): return "line \(line): \(message)"
        case let (nil, offset?): return "at byte \(offset): \(message)"
        default: return message
        }
    }
}
