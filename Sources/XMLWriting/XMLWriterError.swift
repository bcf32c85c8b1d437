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
        /// An entity reference that would not read back: no DTD may declare the entity (no
        /// DOCTYPE with a public or system identifier, or a document declared standalone).
        case undeclaredEntity(String)
        /// A declaration of a DOCTYPE's internal subset that XML cannot read (a content model
        /// or attribute type outside XML's grammar, a notation without an identifier, a
        /// predefined entity declared as something else): what was refused and why.
        case invalidDeclaration(String)
        /// A reference to an entity the internal subset declares, whose reading the writer
        /// cannot vouch for: an unparsed entity (`NDATA`), or an internal one whose text
        /// holds markup or references other than character references.
        case uncheckedEntity(String)
        /// A value with leading, trailing or doubled spaces for an attribute the internal
        /// subset declares of a type other than CDATA: a reader would remove them.
        case unnormalizedTokens(String)
    }

    /// What went wrong, with its details.
    public var kind: Kind

    /// Creates an error.
    public init(_ kind: Kind) { self.kind = kind }

    /// What kind of error it is, to `switch` on as every error of the package has one
    /// (``kind`` carries the details).
    public var code: Code {
        switch kind {
        case .invalidName: return .invalidName
        case .contentOutsideRoot: return .contentOutsideRoot
        case .unbalancedEnd: return .unbalancedEnd
        case .unclosedElements: return .unclosedElements
        case .missingRoot: return .missingRoot
        case .misplacedAttribute: return .misplacedAttribute
        case .invalidComment: return .invalidComment
        case .invalidProcessingInstruction: return .invalidProcessingInstruction
        case .misplacedDeclaration: return .misplacedDeclaration
        case .misplacedDoctype: return .misplacedDoctype
        case .invalidIdentifier: return .invalidIdentifier
        case .invalidCharacter: return .invalidCharacter
        case .invalidPrefix: return .invalidPrefix
        case .conflictingPrefix: return .conflictingPrefix
        case .invalidIndentation: return .invalidIndentation
        case .output: return .output
        case .finished: return .finished
        case .undeclaredEntity: return .undeclaredEntity
        case .invalidDeclaration: return .invalidDeclaration
        case .uncheckedEntity: return .uncheckedEntity
        case .unnormalizedTokens: return .unnormalizedTokens
        }
    }

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
        case .undeclaredEntity(let name):
            return "&\(name); would not read back: write a DOCTYPE with a public or system identifier (a DTD that may declare it) first, in a document not declared standalone"
        case .invalidDeclaration(let what): return "cannot write the internal subset's declaration \(what)"
        case .uncheckedEntity(let name):
            return "&\(name); is not written: its entity is unparsed, or its text holds markup or references the writer cannot check; write the text instead"
        case .unnormalizedTokens(let name):
            return "attribute \"\(name)\" is not CDATA in the internal subset: a reader would remove its leading, trailing and doubled spaces"
        }
    }
}

extension XMLWriterError {
    /// What kind of error an ``XMLWriterError`` is: one code per case of ``Kind``, without
    /// its details. New codes may come (a `switch` over them ends with `default:`).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// See ``Kind/invalidName(_:)``.
        public static let invalidName = Code(rawValue: "invalid-name")
        /// See ``Kind/contentOutsideRoot``.
        public static let contentOutsideRoot = Code(rawValue: "content-outside-root")
        /// See ``Kind/unbalancedEnd``.
        public static let unbalancedEnd = Code(rawValue: "unbalanced-end")
        /// See ``Kind/unclosedElements(_:)``.
        public static let unclosedElements = Code(rawValue: "unclosed-elements")
        /// See ``Kind/missingRoot``.
        public static let missingRoot = Code(rawValue: "missing-root")
        /// See ``Kind/misplacedAttribute(_:)``.
        public static let misplacedAttribute = Code(rawValue: "misplaced-attribute")
        /// See ``Kind/invalidComment``.
        public static let invalidComment = Code(rawValue: "invalid-comment")
        /// See ``Kind/invalidProcessingInstruction(_:)``.
        public static let invalidProcessingInstruction = Code(rawValue: "invalid-processing-instruction")
        /// See ``Kind/misplacedDeclaration``.
        public static let misplacedDeclaration = Code(rawValue: "misplaced-declaration")
        /// See ``Kind/misplacedDoctype``.
        public static let misplacedDoctype = Code(rawValue: "misplaced-doctype")
        /// See ``Kind/invalidIdentifier(_:)``.
        public static let invalidIdentifier = Code(rawValue: "invalid-identifier")
        /// See ``Kind/invalidCharacter(_:)``.
        public static let invalidCharacter = Code(rawValue: "invalid-character")
        /// See ``Kind/invalidPrefix(_:)``.
        public static let invalidPrefix = Code(rawValue: "invalid-prefix")
        /// See ``Kind/conflictingPrefix(_:)``.
        public static let conflictingPrefix = Code(rawValue: "conflicting-prefix")
        /// See ``Kind/invalidIndentation(_:)``.
        public static let invalidIndentation = Code(rawValue: "invalid-indentation")
        /// See ``Kind/output(path:errno:message:)``.
        public static let output = Code(rawValue: "output")
        /// See ``Kind/finished``.
        public static let finished = Code(rawValue: "finished")
        /// See ``Kind/undeclaredEntity(_:)``.
        public static let undeclaredEntity = Code(rawValue: "undeclared-entity")
        /// See ``Kind/invalidDeclaration(_:)``.
        public static let invalidDeclaration = Code(rawValue: "invalid-declaration")
        /// See ``Kind/uncheckedEntity(_:)``.
        public static let uncheckedEntity = Code(rawValue: "unchecked-entity")
        /// See ``Kind/unnormalizedTokens(_:)``.
        public static let unnormalizedTokens = Code(rawValue: "unnormalized-tokens")

        /// The code's name (`invalid-name`).
        public var description: String { rawValue }
    }
}
