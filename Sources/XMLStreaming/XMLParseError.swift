/// The one error the stream parser throws for input it cannot read.
///
/// It carries expat's error code (or one of the package's own limit codes), a message a
/// person can act on, the position of the failure and, when the input came from a file,
/// its name. Its `description` is the compiler-style line `FILE:LINE:COLUMN: error: MESSAGE`.
///
/// ```swift
/// do {
///     try parser.parse(contentsOf: "feed.xml")
/// } catch let error as XMLParseError where error.code == .tagMismatch {
///     print(error.position.line, error.position.column)
/// }
/// ```
///
/// Errors thrown by your own handler are not wrapped: they surface unchanged, and the
/// parser's ``XMLStreamParser/position`` tells where parsing stopped.
public struct XMLParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong: expat's `XML_Error` value or one of the package's limit codes.
    public var code: Code
    /// A sentence that says what went wrong.
    public var message: String
    /// Where it went wrong.
    public var position: XMLPosition
    /// The file being parsed, when the input came from a named file.
    public var fileName: String?
    /// The text of the input line around the failure, when expat still had it (at most 60
    /// bytes either side of it).
    public var excerpt: String?
    /// Where in ``excerpt`` the failure is: its column there, counted in characters from 1,
    /// for a caret under it (as xmllint and compilers print one).
    public var excerptColumn: Int?

    /// Creates an error.
    public init(
        code: Code, message: String, position: XMLPosition, fileName: String? = nil, excerpt: String? = nil,
        excerptColumn: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.position = position
        self.fileName = fileName
        self.excerpt = excerpt
        self.excerptColumn = excerptColumn
    }

    /// ``excerpt`` with a caret under the failure on the line below, as xmllint and the Swift
    /// compiler show one; `nil` without an excerpt.
    ///
    /// ```
    ///   x & y
    ///     ^
    /// ```
    public var excerptWithCaret: String? {
        guard let excerpt, let excerptColumn else { return nil }
        // Tabs stay tabs, so that the caret lines up however wide the terminal draws them.
        let lead = excerpt.prefix(max(0, excerptColumn - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        return excerpt + "\n" + lead + "^"
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE` (`<input>` stands for an unnamed input).
    public var description: String {
        "\(fileName ?? "<input>"):\(position.line):\(position.column): error: \(message)"
    }
}

extension XMLParseError {
    /// An error code: expat's `enum XML_Error` values keep their numbers, and the
    /// package's own limits use numbers from 1000 on.
    ///
    /// A struct rather than an enum, so a newer expat with new codes breaks nothing.
    /// Match codes with `==` or in a `switch` with `case .tagMismatch:`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The numeric code.
        public var rawValue: Int32
        /// Creates a code from its number.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// The element nesting is deeper than ``XMLLimits/maximumDepth``.
        public static let depthLimitExceeded = Code(rawValue: 1001)
        /// An element or attribute name is longer than ``XMLLimits/maximumNameLength``.
        public static let nameTooLong = Code(rawValue: 1002)
        /// An attribute value is longer than ``XMLLimits/maximumAttributeValueLength``.
        public static let attributeValueTooLong = Code(rawValue: 1003)
        /// A run of character data is longer than ``XMLLimits/maximumTextLength``.
        public static let textTooLong = Code(rawValue: 1004)
        /// The input is larger than ``XMLLimits/maximumInputSize``.
        public static let inputTooLarge = Code(rawValue: 1005)
        /// A single unfinished token (a start tag, comment or processing instruction) grew
        /// past the largest of the name, attribute-value and text limits (plus 4 KiB of
        /// slack for the markup around them) while it was still being read. Not checked
        /// when any of those three limits is lifted (`nil`).
        public static let tokenTooLarge = Code(rawValue: 1006)
        /// The bytes do not match the document's encoding (for example MacRoman text in
        /// a document that declares UTF-8).
        public static let invalidEncoding = Code(rawValue: 1007)
        /// A reference to an entity the parser could not expand (one an unread external DTD
        /// may declare), where ``XMLParserOptions/unexpandedEntities`` or the handler asks
        /// for an error rather than losing it. See ``XMLUnexpandedEntityPolicy``.
        public static let unexpandedEntity = Code(rawValue: 1008)
        /// One of the noncharacters U+FDD0 to U+FDEF, as itself or as a reference, in a
        /// document read with control-character references on (XMLCoding's
        /// `XMLDecoder.readsControlCharacterReferences`): they carry those references to the
        /// decoder, so they cannot also stand for themselves.
        public static let reservedCharacter = Code(rawValue: 1009)

        /// The code's name as spelled here (`tagMismatch`, `depthLimitExceeded`), or `code N` for a
        /// number without one.
        public var description: String { "\(Self.name(of: self) ?? "code \(rawValue)")" }
    }
}

extension XMLParseError {
    /// The message for an unexpanded reference in content.
    package static func unexpandedEntityMessage(name: String, policy: XMLUnexpandedEntityPolicy?) -> String {
        (policy ?? .throw).failureMessage(for: name)
    }

    /// The error of a consumer whose text would lack a reference the parser reported as
    /// skipped: it says which option decides instead.
    package static func unexpandedEntity(_ name: String, at position: XMLPosition, fileName: String?) -> XMLParseError {
        XMLParseError(
            code: .unexpandedEntity,
            message:
                "entity &\(name); is not expanded: it may be declared in the external DTD, which is never read (XMLParserOptions.unexpandedEntities can keep, skip or replace it)",
            position: position, fileName: fileName)
    }

    /// The message for an unexpanded reference in an attribute value.
    package static func unexpandedAttributeEntityMessage(name: String, attribute: String) -> String {
        "entity &\(name); in the value of attribute \(attribute) is not expanded and would be left out of the value: it may be declared in the external DTD, which is never read"
    }
}
