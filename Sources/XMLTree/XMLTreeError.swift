import XMLStreaming

/// What the tree refuses: a document it cannot hold (more than 2 GiB of text or 2^31 nodes:
/// read it with the stream parser or ``XMLSubtreeStream`` instead), or a canonical form of a
/// tree read without namespaces.
public struct XMLTreeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is, to `switch` on.
    public var code: Code
    /// What is wrong, in a sentence.
    public var message: String
    /// Where in the input it went wrong, when it happened while reading one.
    public var position: XMLPosition?
    /// The file being read, when the input came from a named file.
    public var fileName: String?

    /// Creates an error.
    public init(code: Code, message: String, position: XMLPosition? = nil, fileName: String? = nil) {
        self.code = code
        self.message = message
        self.position = position
        self.fileName = fileName
    }

    /// Creates an error with a message only: the spelling before 0.2.
    @available(*, deprecated, renamed: "init(code:message:position:fileName:)")
    public init(_ message: String) {
        self.init(code: .documentTooLarge, message: message)
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE` when the error has a position, else the message.
    public var description: String {
        guard let position else { return message }
        return "\(fileName ?? "<input>"):\(position.line):\(position.column): error: \(message)"
    }
}

extension XMLTreeError {
    /// What kind of problem an ``XMLTreeError`` is; new codes may come (a `switch` over
    /// them ends with `default:`).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The document has more than 2 GiB of text or 2^31 nodes.
        public static let documentTooLarge = Code(rawValue: "document-too-large")
        /// A canonical form of a tree read without namespace processing.
        public static let needsNamespaces = Code(rawValue: "needs-namespaces")
        /// A canonical form of a tree that holds an entity reference the parser could not
        /// expand: canonical XML replaces every reference, and this one's replacement is in a
        /// DTD that is never read.
        public static let unexpandedEntity = Code(rawValue: "unexpanded-entity")

        /// The code's name (`document-too-large`).
        public var description: String { rawValue }
    }
}
