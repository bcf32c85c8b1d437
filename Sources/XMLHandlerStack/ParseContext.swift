import XMLStreaming

/// Where the handler stack is: handed to every consumer call, for positions and errors.
public struct ParseContext {
    let locator: XMLLocator
    /// How many entities are on the stack at the time of the call, the root not counted
    /// (a new entity is not on it yet while its initializer runs).
    public let stackDepth: Int

    init(locator: XMLLocator, stackDepth: Int) {
        self.locator = locator
        self.stackDepth = stackDepth
    }

    /// A context attached to no parser, for calling code that needs a context outside a
    /// parse (its position is `XMLPosition.start`).
    public static func detached(stackDepth: Int = 0) -> ParseContext {
        ParseContext(locator: .detached, stackDepth: stackDepth)
    }

    /// The position of the current event.
    public var position: XMLPosition { locator.position }
    /// The file being parsed, when there is one.
    public var fileName: String? { locator.fileName }

    /// An error about the data (a team without a code, an unreadable date), positioned at
    /// the current event: `throw context.invalid("a team without a code")`.
    public func invalid(_ message: String) -> HandlerStackError {
        HandlerStackError(kind: .invalidData(message), position: position, fileName: fileName)
    }
}
