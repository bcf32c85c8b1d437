/// Tells a handler where the parser is, like SAX's `Locator`.
///
/// The parser hands one to ``XMLEventHandler/startDocument(_:)``. Ask it for the
/// ``position`` during any later event: it is the position of the event being reported.
/// Once the parser is gone, it answers ``XMLPosition/start``.
public struct XMLLocator {
    let link: LocatorLink?

    init(link: LocatorLink?) { self.link = link }

    /// A locator that is attached to no parser (handy for driving handlers in tests).
    public static var detached: XMLLocator { XMLLocator(link: nil) }

    /// The position of the current event.
    public var position: XMLPosition { unsafe link?.receiver?.currentPosition() ?? .start }

    /// The name of the file being parsed, when there is one.
    public var fileName: String? { unsafe link?.receiver?.eventFileName }

    /// How deep the current element is: 1 inside the root element's start tag.
    public var depth: Int { unsafe link?.receiver?.depth ?? 0 }

    /// Whether the parser expands parameter entities (only while it reads a DTD the caller
    /// gives, ``XMLParserOptions/externalDTD``): otherwise the declarations after a reference
    /// to one are dropped, which a validator must know. `true` when detached.
    package var expandsParameterEntities: Bool { unsafe link?.receiver.map { $0.options.externalDTD != nil } ?? true }
}

/// The locator's way back to its parser. The receiver owns one and clears it when it goes
/// away, so a locator kept too long answers defaults instead of touching freed memory.
///
/// Not a `weak` reference to the receiver itself: a weak reference gives the receiver a
/// side table, and every retain and release of it (one pair per expat callback) would take
/// the slow path.
final class LocatorLink {
    unowned(unsafe) var receiver: ExpatReceiver?

    init(receiver: ExpatReceiver) { unsafe self.receiver = receiver }
}
