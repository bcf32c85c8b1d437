import XMLStreaming

/// An error the handler stack raises, or a consumer's error with the position added.
///
/// Syntax errors are not wrapped: they stay `XMLParseError`s, which carry their own position.
public struct HandlerStackError: Error, Hashable, Sendable, CustomStringConvertible {
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

    /// What kind of error it is, to `switch` on (``kind`` carries its details).
    public var code: Code {
        switch kind {
        case .invalidData: return .invalidData
        case .unknownElement: return .unknownElement
        case .model: return .consumerError
        }
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

extension HandlerStackError {
    /// What kind of error a ``HandlerStackError`` is; new codes may come (a `switch` over
    /// them ends with `default:`).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A consumer said the data is wrong.
        public static let invalidData = Code(rawValue: "invalid-data")
        /// An element nobody knows, in strict mode.
        public static let unknownElement = Code(rawValue: "unknown-element")
        /// A consumer threw an error of its own.
        public static let consumerError = Code(rawValue: "consumer-error")

        /// The code's name (`unknown-element`).
        public var description: String { rawValue }
    }

    /// Two errors are equal when they have the same code, message, position and file: a
    /// consumer's own error compares by its description, since `any Error` has no equality.
    public static func == (lhs: HandlerStackError, rhs: HandlerStackError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.position == rhs.position && lhs.fileName == rhs.fileName
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(position)
        hasher.combine(fileName)
    }
}
