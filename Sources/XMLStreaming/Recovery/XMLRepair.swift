/// One repair the recovering reader made to a damaged document (see ``XMLRecovery``).
///
/// The line and column are where the damage is in the input as given: line from 1, column
/// from 1 in characters.
public struct XMLRepair: Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kind's name: `unclosed-element`, `stray-ampersand`, ….
        public var rawValue: String
        /// Creates a kind from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The kind's name, as `xml events` prints it after the position of a repair.
        public var description: String { rawValue }

        /// A byte not valid in the document's encoding (read as windows-1252 in a UTF-8
        /// document, otherwise as U+FFFD).
        public static let invalidByte = Kind(rawValue: "invalid-byte")
        /// The declared encoding is one the reader does not know; the bytes were read as UTF-8.
        public static let unsupportedEncoding = Kind(rawValue: "unsupported-encoding")
        /// A character XML 1.0 does not allow (a form feed, a NUL, U+FFFE…).
        public static let illegalCharacter = Kind(rawValue: "illegal-character")
        /// `&` that does not start a reference; escaped as `&amp;`.
        public static let strayAmpersand = Kind(rawValue: "stray-ampersand")
        /// A reference to an entity no declaration defines (`&nbsp;` without a DTD).
        public static let undefinedEntity = Kind(rawValue: "undefined-entity")
        /// A reference to a declared entity where XML forbids it: an external or unparsed
        /// entity, or one holding markup, in an attribute value; an entity that refers to
        /// itself. Kept as text.
        public static let misusedEntity = Kind(rawValue: "misused-entity")
        /// A character reference to a character XML does not allow (`&#12;`).
        public static let invalidCharacterReference = Kind(rawValue: "invalid-character-reference")
        /// `<` that does not start markup; escaped as `&lt;`.
        public static let bareLessThan = Kind(rawValue: "bare-less-than")
        /// `]]>` in text, where XML forbids it; the `>` was escaped.
        public static let cdataEndInText = Kind(rawValue: "cdata-end-in-text")
        /// Something in a tag that does not belong there: a stray character, a missing `>`
        /// or a missing space between attributes.
        public static let malformedTag = Kind(rawValue: "malformed-tag")
        /// An attribute value without quotes; quoted.
        public static let unquotedAttributeValue = Kind(rawValue: "unquoted-attribute-value")
        /// An attribute without `=value` (`<input disabled>`); given its own name as value.
        public static let attributeWithoutValue = Kind(rawValue: "attribute-without-value")
        /// The second of two attributes with the same name; left out.
        public static let duplicateAttribute = Kind(rawValue: "duplicate-attribute")
        /// A name that is not a valid qualified name under namespaces (`a:b:c`); colons replaced.
        public static let invalidName = Kind(rawValue: "invalid-name")
        /// A namespace prefix used without a declaration; declared with a placeholder URI.
        public static let undeclaredPrefix = Kind(rawValue: "undeclared-prefix")
        /// An element closed by an end tag for one of its ancestors; closed there.
        public static let unclosedElement = Kind(rawValue: "unclosed-element")
        /// An end tag that matches no open element; left out.
        public static let unmatchedEndTag = Kind(rawValue: "unmatched-end-tag")
        /// Text or elements before or after the root element.
        public static let contentOutsideRoot = Kind(rawValue: "content-outside-root")
        /// An XML declaration or DOCTYPE where it may not be; left out.
        public static let misplacedDeclaration = Kind(rawValue: "misplaced-declaration")
        /// `--` inside a comment, or a comment ending in `-`; spaced apart.
        public static let invalidComment = Kind(rawValue: "invalid-comment")
        /// A processing instruction with an invalid or reserved target; left out.
        public static let invalidProcessingInstruction = Kind(rawValue: "invalid-processing-instruction")
        /// The input ends inside a tag, comment, CDATA section, processing instruction or
        /// DOCTYPE, or with elements open; completed and closed.
        public static let truncated = Kind(rawValue: "truncated")
    }

    /// What was wrong.
    public var kind: Kind
    /// What was wrong and what the reader did, in a sentence.
    public var message: String
    /// The line of the damage, from 1.
    public var line: Int
    /// The column of the damage, from 1, in characters.
    public var column: Int

    /// Creates a repair record.
    public init(kind: Kind, message: String, line: Int, column: Int) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
