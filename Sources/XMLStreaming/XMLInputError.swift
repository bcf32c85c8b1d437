/// An input that could not be read at all: a missing file, a read that failed.
///
/// Distinct from ``XMLParseError``, which is about the content of readable input.
public struct XMLInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or description of the source ("<stdin>", "file descriptor 5").
    public var source: String
    /// The C `errno` value, when the failure came from the system.
    public var errno: Int32?
    /// What went wrong.
    public var message: String

    /// Creates an input error.
    public init(source: String, errno: Int32? = nil, message: String) {
        self.source = source
        self.errno = errno
        self.message = message
    }

    /// `SOURCE: error: MESSAGE`.
    public var description: String { "\(source): error: \(message)" }
}
