/// A document the tree cannot hold (more than 2 GiB of text or 2^31 nodes): read it with
/// the stream parser or ``XMLSubtreeStream`` instead.
public struct XMLTreeError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
