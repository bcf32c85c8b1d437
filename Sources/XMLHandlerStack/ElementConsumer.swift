import XMLStreaming

/// Consumes the events of one element and of the children that are not entities of their
/// own: the part of the book's SiteSchedule parser that each model type implements.
///
/// The handler stack calls a consumer only while it is on top of the stack. Every method
/// has a default, so a type implements what it needs; `didEndChild` returning `false`
/// marks a child it does not know (see ``UnknownElementPolicy``).
///
/// The root you give the stack is a consumer too: it receives top-level elements and
/// adopts the top-level entities, and it alone gets the `document…` calls, which is where
/// an import commits or rolls back.
public protocol ElementConsumer {
    /// A child element with no route of its own starts (`<city zip="50667">` inside a site).
    mutating func didStartChild(_ name: XMLName, attributes: XMLAttributes, context: ParseContext) throws
    /// A child element with no route of its own ends, with its text (joined from all its
    /// pieces, trimmed unless the stack was told otherwise).
    /// - Returns: `false` when the consumer does not know the element.
    mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool
    /// A child entity (an element with a route) has ended and been popped; take it.
    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws
    /// The consumer's own element ends, with the text it holds after its last child.
    mutating func didEnd(text: XMLStringView, context: ParseContext) throws

    /// The document starts (root only).
    mutating func documentDidStart(context: ParseContext) throws
    /// The document ended well-formed and every consumer accepted its data (root only):
    /// the place to commit.
    mutating func documentDidEnd(context: ParseContext) throws
    /// Parsing failed (root only): the place to roll back. The error is the one thrown.
    /// It can come without `documentDidStart` (a file that could not be opened).
    mutating func documentDidFail(_ error: any Error)
}

extension ElementConsumer {
    public mutating func didStartChild(_ name: XMLName, attributes: XMLAttributes, context: ParseContext) throws {}
    public mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        false
    }
    public mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {}
    public mutating func didEnd(text: XMLStringView, context: ParseContext) throws {}
    public mutating func documentDidStart(context: ParseContext) throws {}
    public mutating func documentDidEnd(context: ParseContext) throws {}
    public mutating func documentDidFail(_ error: any Error) {}
}

/// A model type that is created for its own element: the book's entity (team, site,
/// activity, contact).
///
/// Adopt it in an extension beside your import code, not in the model's file, so the
/// model stays free of XML (the book's category trick):
///
/// ```swift
/// extension Contact: Parseable {
///     init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer,
///          context: ParseContext) throws {
///         guard let team = predecessor.value(as: Team.self) else { throw context.invalid("a contact outside a team") }
///         self.init(team: team, phone: attributes["phone"]?.string)
///     }
///     mutating func didEnd(text: XMLStringView, context: ParseContext) { name = text.string }
/// }
/// ```
public protocol Parseable: ElementConsumer {
    /// Creates the value for its element from the element's attributes and the consumer
    /// below it on the stack (a class sees the object itself; a struct sees a copy).
    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws
}

extension ElementConsumer {
    /// This consumer as a `T`, or `nil`: what `child as? Activity` does in `adopt` and
    /// `predecessor as? Site` in an initializer, several times faster when the consumer is
    /// exactly a `T`.
    ///
    /// Called on an `any ElementConsumer`, the method sees the consumer's own type, so an
    /// exact match is a comparison of two type pointers and a copy; anything else (a
    /// subclass, a protocol type) falls back to `as?`. In the handler-stack benchmark the
    /// runtime's general casts were 5% of the stack's instructions.
    ///
    /// ```swift
    /// mutating func adopt(_ child: any ElementConsumer, context: ParseContext) {
    ///     if let activity = child.value(as: Activity.self) { activities.append(activity) }
    /// }
    /// ```
    @inlinable
    public func value<T>(as type: T.Type) -> T? {
        if Self.self == T.self {
            // Same type: the bytes are a `T`; `load` copies it as a `T` (retaining what it holds).
            return unsafe withUnsafePointer(to: self) { unsafe UnsafeRawPointer($0).load(as: T.self) }
        }
        return self as? T
    }

    /// Whether this consumer is a `T`: `predecessor.is(Site.self)`, the fast form of
    /// `predecessor is Site` (see ``value(as:)``).
    @inlinable
    public func `is`<T>(_ type: T.Type) -> Bool {
        Self.self == T.self || self is T
    }
}
