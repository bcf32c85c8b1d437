/// Tells a handler where the parser is, like SAX's `Locator`.
///
/// The parser hands one to ``XMLEventHandler/startDocument(_:)``. Ask it for the
/// ``position`` during any later event: it is the position of the event being reported.
/// It holds the parser weakly; once the parser is gone, it answers ``XMLPosition/start``.
public struct XMLLocator {
    weak var receiver: ExpatReceiver?

    init(receiver: ExpatReceiver?) { self.receiver = receiver }

    /// A locator that is attached to no parser (handy for driving handlers in tests).
    public static var detached: XMLLocator { XMLLocator(receiver: nil) }

    /// The position of the current event.
    public var position: XMLPosition { receiver?.currentPosition() ?? .start }

    /// The name of the file being parsed, when there is one.
    public var fileName: String? { receiver?.fileName }

    /// How deep the current element is: 1 inside the root element's start tag.
    public var depth: Int { receiver?.depth ?? 0 }
}
