import XMLStreaming

/// A document that breaks its DTD or schema: what is wrong, where, and which declaration says
/// so.
///
/// ```
/// feed.xml:12:5: error: element <city> not expected here in <address>; expected <street> (<!ELEMENT address> at feed.xml:3)
/// ```
public struct XMLValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error it is.
    public var code: Code
    /// What is wrong: what was found and, where it helps, what was expected.
    public var message: String
    /// Where in the document: the start of the tag, text or declaration at fault.
    public var position: XMLPosition
    /// The document's file, when there is one.
    public var fileName: String?
    /// The declaration that the document breaks, and the line it is on (`<!ELEMENT address>
    /// at feed.xml:3`), when one does.
    public var component: String?

    /// Creates an error.
    public init(code: Code, message: String, position: XMLPosition, fileName: String? = nil, component: String? = nil) {
        self.code = code
        self.message = message
        self.position = position
        self.fileName = fileName
        self.component = component
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE (COMPONENT)`.
    public var description: String {
        let location = "\(fileName ?? "<input>"):\(position.line):\(position.column): error: \(message)"
        return component.map { "\(location) (\($0))" } ?? location
    }
}

extension XMLValidationError {
    /// What kind of error an ``XMLValidationError`` is; new codes may come (a `switch` over
    /// them ends with `default:`).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The document has no DTD to be valid against.
        public static let noDTD = Code(rawValue: "no-dtd")
        /// The root element is not the one the `<!DOCTYPE>` names.
        public static let wrongRootElement = Code(rawValue: "wrong-root-element")
        /// An element no declaration describes.
        public static let undeclaredElement = Code(rawValue: "undeclared-element")
        /// An element where its parent's content model allows none of its name.
        public static let unexpectedElement = Code(rawValue: "unexpected-element")
        /// An element that ends before its content model is complete.
        public static let incompleteContent = Code(rawValue: "incomplete-content")
        /// Text, a CDATA section, a comment or a processing instruction where the content
        /// model allows none (element content, or `EMPTY`).
        public static let unexpectedContent = Code(rawValue: "unexpected-content")
        /// An attribute no declaration describes.
        public static let undeclaredAttribute = Code(rawValue: "undeclared-attribute")
        /// A required attribute that is missing.
        public static let missingAttribute = Code(rawValue: "missing-attribute")
        /// An attribute value its type does not allow (a `#FIXED` value, an enumeration, a
        /// name token).
        public static let invalidAttributeValue = Code(rawValue: "invalid-attribute-value")
        /// An ID that an earlier element already has.
        public static let duplicateID = Code(rawValue: "duplicate-id")
        /// An IDREF that no element's ID matches, or a `keyref` whose values match no key.
        public static let unresolvedReference = Code(rawValue: "unresolved-reference")
        /// A reference to an entity that is not declared, or whose content was not read.
        public static let undeclaredEntity = Code(rawValue: "undeclared-entity")
        /// A declaration that breaks a rule of the DTD itself (an element declared twice, an
        /// ID with a default, a notation never declared).
        public static let invalidDeclaration = Code(rawValue: "invalid-declaration")
        /// A parameter entity of the DTD that was not read (one naming a file, when the
        /// parser reads no file but the DTD the caller gives): the declarations after it are
        /// unknown, and what they would declare is not reported as undeclared.
        public static let incompleteDTD = Code(rawValue: "incomplete-dtd")
        /// A document that declares itself standalone (`standalone="yes"`) but reads
        /// differently without its external markup declarations: an attribute default or a
        /// tokenized attribute's normalization from one, or white space in an element such a
        /// declaration gives element content (VC: Standalone Document Declaration).
        public static let notStandalone = Code(rawValue: "not-standalone")
        /// A content model that is not deterministic, as XML 1.0 requires it to be.
        public static let nondeterministicContentModel = Code(rawValue: "nondeterministic-content-model")
        /// A limit of ``XMLValidationOptions`` was reached.
        public static let limitExceeded = Code(rawValue: "limit-exceeded")

        /// The code's name (`unexpected-element`).
        public var description: String { rawValue }
    }
}

extension XMLValidationError.Code {
    /// A schema that does not compile: not XML Schema 1.0, or breaking one of its
    /// constraints on schemas (the error's position and file are the schema's).
    public static let invalidSchema = Self(rawValue: "invalid-schema")
    /// A schema document that could not be read: missing, not well-formed, not a local
    /// file, or past a limit of ``XMLSchema/Options``.
    public static let unreadableSchema = Self(rawValue: "unreadable-schema")
    /// A schema construct this version does not validate (said in the Validation guide),
    /// refused rather than ignored.
    public static let unsupportedSchemaFeature = Self(rawValue: "unsupported-schema-feature")
    /// A value that is not in its simple type: not of its lexical form, or breaking a facet.
    public static let invalidValue = Self(rawValue: "invalid-value")
    /// An element or attribute whose `fixed` value differs.
    public static let fixedValueMismatch = Self(rawValue: "fixed-value-mismatch")
    /// A document element that no global element declaration describes.
    public static let undeclaredRootElement = Self(rawValue: "undeclared-root-element")
    /// `xsi:nil` where it is not allowed, or content in an element it makes nil.
    public static let invalidNil = Self(rawValue: "invalid-nil")
    /// An `xsi:type` that names no type, or one that does not derive from the declared type.
    public static let invalidXsiType = Self(rawValue: "invalid-xsi-type")
    /// An abstract element or type used in a document.
    public static let abstractComponent = Self(rawValue: "abstract-component")
    /// Two elements with the same values for a `key` or `unique` identity constraint.
    public static let duplicateKey = Self(rawValue: "duplicate-key")
    /// An element a `key` picks without a value for one of its fields, or a field of an
    /// identity constraint that reaches more than one value or an element without a simple one.
    public static let invalidKey = Self(rawValue: "invalid-key")
}
