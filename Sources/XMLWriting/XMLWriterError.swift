/// Why the writer refused a call: whatever it would have written could not be well-formed,
/// or the output failed.
public struct XMLWriterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum Kind: Hashable, Sendable {
        /// `name` is not an XML name (or, with a namespace, not a name without a colon).
        case invalidName(String)
        /// A second root element, or text other than white space outside the root.
        case contentOutsideRoot
        /// `endElement` with no element open.
        case unbalancedEnd
        /// `finish` with elements still open (their names, outermost first), or with no root.
        case unclosedElements([String])
        /// No root element was written.
        case missingRoot
        /// An attribute after the start tag was closed by content, or written twice (by name,
        /// or by namespace and local name under two prefixes).
        case misplacedAttribute(String)
        /// A comment containing `--` or ending in `-`.
        case invalidComment
        /// A processing instruction whose target is `xml` or whose data contains `?>`.
        case invalidProcessingInstruction(String)
        /// The XML declaration after other output.
        case misplacedDeclaration
        /// A DOCTYPE after the root element started, or a second one.
        case misplacedDoctype
        /// A DOCTYPE's public identifier with characters XML does not allow there, or a system
        /// identifier with both kinds of quote.
        case invalidIdentifier(String)
        /// A character XML 1.0 does not allow, under ``XMLCharacterPolicy/throw``.
        case invalidCharacter(XMLInvalidCharacterError)
        /// A namespace prefix that is not an NCName, is not in scope where it is used, or
        /// cannot be declared (`xmlns`, or `xml` for another URI).
        case invalidPrefix(String)
        /// A prefix (empty: the default namespace) that the open start tag already declares or
        /// uses, which a declaration for another namespace would change.
        case conflictingPrefix(String)
        /// An indentation with something other than spaces, tabs and line breaks.
        case invalidIndentation(String)
        /// Writing, creating or renaming the output failed with this `errno`; `path` is the
        /// output file (`nil` for a descriptor).
        case output(path: String?, errno: Int32, message: String)
        /// The writer already finished.
        case finished
    }

    /// What went wrong.
    public var kind: Kind

    /// Creates an error.
    public init(_ kind: Kind) { self.kind = kind }

    /// What went wrong, in a sentence (`elements left open: schedule, sites`); it has no position.
    public var description: String {
        switch kind {
        case .invalidName(let name): return "\"\(name)\" is not a valid XML name"
        case .contentOutsideRoot: return "content outside the root element"
        case .unbalancedEnd: return "an end tag with no element open"
        case .unclosedElements(let names): return "elements left open: \(names.joined(separator: ", "))"
        case .missingRoot: return "the document has no root element"
        case .misplacedAttribute(let name): return "attribute \"\(name)\" is not inside a start tag, or repeated"
        case .invalidComment: return "a comment may not contain \"--\" or end with \"-\""
        case .invalidProcessingInstruction(let target): return "processing instruction \"\(target)\" is not allowed"
        case .misplacedDeclaration: return "the XML declaration must come first"
        case .misplacedDoctype: return "a DOCTYPE must come once, before the root element"
        case .invalidIdentifier(let identifier): return "\"\(identifier)\" cannot be written as a DOCTYPE identifier"
        case .invalidCharacter(let error): return error.description
        case .invalidPrefix(let prefix): return "the prefix \"\(prefix)\" cannot be used or declared here"
        case .conflictingPrefix(let prefix):
            return prefix.isEmpty
                ? "the start tag already declares the default namespace"
                : "the start tag already declares or uses the prefix \"\(prefix)\" for another namespace"
        case .invalidIndentation(let indentation):
            return "indentation \"\(indentation)\" is not made of spaces, tabs and line breaks"
        case .output(let path?, _, let message): return "cannot write \(path): \(message)"
        case .output(nil, _, let message): return "writing failed: \(message)"
        case .finished: return "the writer has finished"
        }
    }
}
