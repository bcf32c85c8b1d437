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
///         guard let team = predecessor as? Team else { throw context.invalid("a contact outside a team") }
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
