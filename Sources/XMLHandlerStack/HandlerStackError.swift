import XMLStreaming

/// An error the handler stack raises, or a consumer's error with the position added.
///
/// Syntax errors are not wrapped: they stay `XMLParseError`s, which carry their own position.
public struct HandlerStackError: Error, CustomStringConvertible {
    /// What went wrong.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum Kind: Sendable {
        /// A consumer said the data is wrong (``ParseContext/invalid(_:)``).
        case invalidData(String)
        /// An element nobody knows, in strict mode (``UnknownElementPolicy/reject``).
        case unknownElement(XMLQualifiedName)
        /// A consumer threw this error; it is kept unchanged.
        case model(any Error)
    }

    /// What went wrong.
    public var kind: Kind
    /// Where: the event during which it happened.
    public var position: XMLPosition
    /// The file, when there is one.
    public var fileName: String?

    /// Creates an error.
    public init(kind: Kind, position: XMLPosition, fileName: String? = nil) {
        self.kind = kind
        self.position = position
        self.fileName = fileName
    }

    /// The message alone.
    public var message: String {
        switch kind {
        case .invalidData(let message): return message
        case .unknownElement(let name): return "unknown element <\(name.qualifiedName)>"
        case .model(let error): return "\(error)"
        }
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`.
    public var description: String {
        "\(fileName ?? "<input>"):\(position.line):\(position.column): error: \(message)"
    }
}
