/// A document the tree cannot hold (more than 2 GiB of text or 2^31 nodes): read it with
/// the stream parser or ``XMLSubtreeStream`` instead.
public struct XMLTreeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public var message: String
    /// Creates an error with this message.
    public init(_ message: String) { self.message = message }
    /// The message alone; the error has no position.
    public var description: String { message }
}
