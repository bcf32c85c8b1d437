import XMLStreaming

/// What the handler stack does with an element nobody knows: one with no route whose
/// consumer's `didEndChild` returned `false`, or a top-level element the root did not take.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum UnknownElementPolicy: Sendable {
    /// Skip it silently (the default, like the book's parser).
    case ignore
    /// Skip it, but record it in ``HandlerStack/unknownElements``.
    case collect
    /// Stop with ``HandlerStackError/Kind/unknownElement(_:)`` (strict mode).
    case reject
}

/// An element the stack skipped, recorded under ``UnknownElementPolicy/collect``.
public struct UnknownElement: Hashable, Sendable {
    /// Its name.
    public var name: XMLQualifiedName
    /// Where it ended: its end tag, or for an empty-element tag (`<odd/>`) the tag's start.
    public var position: XMLPosition

    /// Creates a record.
    public init(name: XMLQualifiedName, position: XMLPosition) {
        self.name = name
        self.position = position
    }
}
