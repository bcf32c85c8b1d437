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

    /// Whether the current text event is a character reference the document wrote
    /// (`&#32;`), not a character typed as itself or text from an entity. `false` when
    /// detached.
    package var isCharacterReference: Bool { unsafe link?.receiver?.currentTextIsCharacterReference ?? false }

    /// When the current event is written right after entity references (`<a>&nil;</a>`),
    /// which shows references whose text is empty: where the first of them is. `nil`
    /// otherwise, and when detached.
    package var entityReferencesBeforeEvent: XMLPosition? { unsafe link?.receiver?.currentEventEntityReferences }

    /// During a text event: where its first character other than white space is, the same
    /// however the input was cut into pieces (``position`` when detached, and for text that
    /// begins with other characters, is only white space, or comes from an entity's text).
    package var textPositionAfterWhitespace: XMLPosition {
        unsafe link?.receiver?.currentTextPositionAfterWhitespace ?? position
    }

    /// Where the current event is in the bytes the parser reads, cheaper than ``position``:
    /// events from one entity reference's text share it. -1 when detached.
    package var eventIndex: Int64 { unsafe link?.receiver?.currentEventIndex ?? -1 }

    /// The entity whose reference (`&name;`) the document wrote where the current event is:
    /// the event came from that entity's text (or from an entity it references). `nil` when
    /// detached, for an event written in the document itself, or in UTF-16.
    package var entityReferenceAtEvent: String? { unsafe link?.receiver?.currentEventEntityReference }

    /// Whether the current declaration is external markup (XML 1.0, 2.9): from the external
    /// DTD the parser was given, or from a parameter entity. `false` when detached.
    package var isExternalDeclaration: Bool { unsafe link?.receiver?.currentDeclarationIsExternal ?? false }

    /// During an element declaration of the external DTD the parser was given: how it is
    /// written around the parameter entities it references (which it must hold whole groups
    /// in, and not end in: XML 1.0, Proper Group/PE Nesting and Proper Declaration/PE
    /// Nesting). `nil` when detached, for a declaration elsewhere, one written whole in an
    /// entity's text, or in a DTD not in an ASCII-compatible encoding.
    package func writtenElementDeclaration() -> XMLWrittenDeclaration? {
        unsafe link?.receiver?.writtenElementDeclaration()
    }

    /// During a start tag: the attributes written in it, namespace declarations included
    /// (which tells a default from a value written), by name as written, with their values
    /// as the tag has them, in UTF-8, before the parser expanded references and normalized
    /// white space. `nil` when detached, or for a tag written in an entity's text.
    package func writtenAttributeValues() -> [String: [UInt8]]? {
        unsafe link?.receiver?.writtenAttributeValues()
    }

    /// Once the external DTD the parser was given is read: what it breaks, as written, of
    /// XML 1.0's Proper Declaration/PE Nesting and Proper Conditional Section/PE Nesting (a
    /// declaration whose `>` is in a parameter entity's text, where its `<!` is not; the
    /// first conditional section so split). Empty when detached, when there is none, or for
    /// a DTD in UTF-16.
    package var writtenDTDIssues: [XMLWrittenDTDIssue] { unsafe link?.receiver?.writtenDTDIssues ?? [] }

    /// During a start tag written in the document itself: where its attribute named
    /// `qualifiedName` (as written, prefix included) is. `nil` when detached, for an
    /// attribute the tag does not write (a default), or a tag in an entity's text.
    package func attributePosition(named qualifiedName: String) -> XMLPosition? {
        unsafe link?.receiver?.writtenAttributePosition(named: qualifiedName)
    }

    /// Whether the handler hears of `xmlns` attributes: as attributes without namespace
    /// processing, as prefix mappings with it, unless those are not reported. `true` when
    /// detached.
    package var reportsNamespaceDeclarations: Bool {
        unsafe link?.receiver.map { !$0.options.processesNamespaces || $0.options.reportsNamespacePrefixes } ?? true
    }
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
