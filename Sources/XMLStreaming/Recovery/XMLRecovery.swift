/// The recovering reader: an opt-in mode of the stream parser that reads a damaged
/// document as a well-formed event stream, what `NSXMLDocumentTidyXML` did for Scrivener.
///
/// Set ``XMLParserOptions/recovery`` to use it. The input then passes through a repairing
/// stage before expat sees it, streaming, so files of any size recover in constant memory
/// and every consumer (handlers, the handler stack, the pull reader) gets the repaired
/// events. Each repair is reported to ``XMLEventHandler/repaired(_:)`` with its line and
/// column, and the parser keeps the first ``maximumRecordedRepairs``.
///
/// It repairs:
/// - bytes not valid in the declared encoding (a stray windows-1252 byte in a UTF-8 file is
///   read as windows-1252; elsewhere U+FFFD), and encodings it does not know (read as UTF-8);
/// - characters XML 1.0 does not allow (left out, or replaced by U+FFFD);
/// - a stray `&` (escaped), undefined entities (HTML's named characters such as `&nbsp;`
///   become their character, others stay as text), references to illegal characters;
/// - a bare `<` (escaped), `]]>` in text;
/// - damaged tags: unquoted values, attributes without values, duplicate attributes, a
///   missing `>`, stray characters, undeclared namespace prefixes;
/// - end tags that skip open elements (those are closed), end tags that match nothing
///   (left out), elements still open at the end of the input (closed);
/// - text and elements after the root element (kept inside it), text before it (left out),
///   misplaced XML declarations and DOCTYPEs, `--` in comments;
/// - an input that ends inside a tag, comment, CDATA section or processing instruction.
///
/// Not repaired, and still errors: an input with no element at all, damage inside a DTD's
/// internal subset, and every limit in ``XMLLimits``.
///
/// Event positions (``XMLStreamParser/position``) are positions in the repaired text: the
/// lines are the input's, the columns can be shifted by repairs earlier on the same line.
/// The repairs carry positions in the input as given.
public struct XMLRecovery: Hashable, Sendable {
    /// What to do with characters XML 1.0 does not allow.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum IllegalCharacters: Hashable, Sendable {
        /// Leave them out (the default).
        case strip
        /// Replace each with U+FFFD REPLACEMENT CHARACTER.
        case replace
    }

    /// What to do with characters XML 1.0 does not allow. Default ``IllegalCharacters/strip``.
    public var illegalCharacters: IllegalCharacters
    /// How many repairs ``XMLStreamParser/repairs`` keeps; the handler sees them all and
    /// ``XMLStreamParser/repairCount`` counts them all. Default 1,000.
    public var maximumRecordedRepairs: Int

    /// Creates recovery settings.
    public init(illegalCharacters: IllegalCharacters = .strip, maximumRecordedRepairs: Int = 1000) {
        self.illegalCharacters = illegalCharacters
        self.maximumRecordedRepairs = max(0, maximumRecordedRepairs)
    }

    /// The defaults: strip illegal characters, keep the first 1,000 repairs.
    public static let `default` = XMLRecovery()
}
