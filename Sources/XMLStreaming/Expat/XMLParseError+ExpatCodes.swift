internal import CExpat

// Swift names for expat's `enum XML_Error`; each doc comment ends with the C name, so
// a search for the C constant lands here.
extension XMLParseError.Code {
    /// expat ran out of memory. `XML_ERROR_NO_MEMORY`.
    public static let noMemory = Self(rawValue: Int32(XML_ERROR_NO_MEMORY.rawValue))
    /// A syntax error. `XML_ERROR_SYNTAX`.
    public static let syntax = Self(rawValue: Int32(XML_ERROR_SYNTAX.rawValue))
    /// The document has no root element. `XML_ERROR_NO_ELEMENTS`.
    public static let noElements = Self(rawValue: Int32(XML_ERROR_NO_ELEMENTS.rawValue))
    /// Not well-formed: an invalid token. `XML_ERROR_INVALID_TOKEN`.
    public static let invalidToken = Self(rawValue: Int32(XML_ERROR_INVALID_TOKEN.rawValue))
    /// The input ended inside a token. `XML_ERROR_UNCLOSED_TOKEN`.
    public static let unclosedToken = Self(rawValue: Int32(XML_ERROR_UNCLOSED_TOKEN.rawValue))
    /// The input ended inside a multi-byte character. `XML_ERROR_PARTIAL_CHAR`.
    public static let partialCharacter = Self(rawValue: Int32(XML_ERROR_PARTIAL_CHAR.rawValue))
    /// An end tag does not match the open element. `XML_ERROR_TAG_MISMATCH`.
    public static let tagMismatch = Self(rawValue: Int32(XML_ERROR_TAG_MISMATCH.rawValue))
    /// An attribute appears twice in one tag. `XML_ERROR_DUPLICATE_ATTRIBUTE`.
    public static let duplicateAttribute = Self(rawValue: Int32(XML_ERROR_DUPLICATE_ATTRIBUTE.rawValue))
    /// Content after the root element. `XML_ERROR_JUNK_AFTER_DOC_ELEMENT`.
    public static let junkAfterDocumentElement = Self(rawValue: Int32(XML_ERROR_JUNK_AFTER_DOC_ELEMENT.rawValue))
    /// An illegal parameter entity reference. `XML_ERROR_PARAM_ENTITY_REF`.
    public static let parameterEntityReference = Self(rawValue: Int32(XML_ERROR_PARAM_ENTITY_REF.rawValue))
    /// A reference to an undefined entity. `XML_ERROR_UNDEFINED_ENTITY`.
    public static let undefinedEntity = Self(rawValue: Int32(XML_ERROR_UNDEFINED_ENTITY.rawValue))
    /// An entity that refers to itself. `XML_ERROR_RECURSIVE_ENTITY_REF`.
    public static let recursiveEntityReference = Self(rawValue: Int32(XML_ERROR_RECURSIVE_ENTITY_REF.rawValue))
    /// An asynchronous entity. `XML_ERROR_ASYNC_ENTITY`.
    public static let asynchronousEntity = Self(rawValue: Int32(XML_ERROR_ASYNC_ENTITY.rawValue))
    /// A character reference to a character XML does not allow. `XML_ERROR_BAD_CHAR_REF`.
    public static let badCharacterReference = Self(rawValue: Int32(XML_ERROR_BAD_CHAR_REF.rawValue))
    /// A reference to a binary (unparsed) entity. `XML_ERROR_BINARY_ENTITY_REF`.
    public static let binaryEntityReference = Self(rawValue: Int32(XML_ERROR_BINARY_ENTITY_REF.rawValue))
    /// A reference to an external entity in an attribute value. `XML_ERROR_ATTRIBUTE_EXTERNAL_ENTITY_REF`.
    public static let attributeExternalEntityReference = Self(rawValue: Int32(XML_ERROR_ATTRIBUTE_EXTERNAL_ENTITY_REF.rawValue))
    /// An XML declaration that is not at the start of the document. `XML_ERROR_MISPLACED_XML_PI`.
    public static let misplacedXMLDeclaration = Self(rawValue: Int32(XML_ERROR_MISPLACED_XML_PI.rawValue))
    /// An encoding neither expat nor this package knows. `XML_ERROR_UNKNOWN_ENCODING`.
    public static let unknownEncoding = Self(rawValue: Int32(XML_ERROR_UNKNOWN_ENCODING.rawValue))
    /// The declared encoding contradicts the byte-order mark or the bytes. `XML_ERROR_INCORRECT_ENCODING`.
    public static let incorrectEncoding = Self(rawValue: Int32(XML_ERROR_INCORRECT_ENCODING.rawValue))
    /// A CDATA section that never ends. `XML_ERROR_UNCLOSED_CDATA_SECTION`.
    public static let unclosedCDATASection = Self(rawValue: Int32(XML_ERROR_UNCLOSED_CDATA_SECTION.rawValue))
    /// An error while handling an external entity reference. `XML_ERROR_EXTERNAL_ENTITY_HANDLING`.
    public static let externalEntityHandling = Self(rawValue: Int32(XML_ERROR_EXTERNAL_ENTITY_HANDLING.rawValue))
    /// The document is not standalone. `XML_ERROR_NOT_STANDALONE`.
    public static let notStandalone = Self(rawValue: Int32(XML_ERROR_NOT_STANDALONE.rawValue))
    /// expat reached an unexpected state. `XML_ERROR_UNEXPECTED_STATE`.
    public static let unexpectedState = Self(rawValue: Int32(XML_ERROR_UNEXPECTED_STATE.rawValue))
    /// An entity declared in a parameter entity. `XML_ERROR_ENTITY_DECLARED_IN_PE`.
    public static let entityDeclaredInParameterEntity = Self(rawValue: Int32(XML_ERROR_ENTITY_DECLARED_IN_PE.rawValue))
    /// A feature that needs DTD support. `XML_ERROR_FEATURE_REQUIRES_XML_DTD`.
    public static let featureRequiresDTD = Self(rawValue: Int32(XML_ERROR_FEATURE_REQUIRES_XML_DTD.rawValue))
    /// A setting changed after parsing began. `XML_ERROR_CANT_CHANGE_FEATURE_ONCE_PARSING`.
    public static let cannotChangeFeatureOnceParsing = Self(rawValue: Int32(XML_ERROR_CANT_CHANGE_FEATURE_ONCE_PARSING.rawValue))
    /// A namespace prefix that no xmlns declaration binds. `XML_ERROR_UNBOUND_PREFIX`.
    public static let unboundPrefix = Self(rawValue: Int32(XML_ERROR_UNBOUND_PREFIX.rawValue))
    /// An attempt to undeclare a prefix. `XML_ERROR_UNDECLARING_PREFIX`.
    public static let undeclaringPrefix = Self(rawValue: Int32(XML_ERROR_UNDECLARING_PREFIX.rawValue))
    /// An incomplete markup declaration in a parameter entity. `XML_ERROR_INCOMPLETE_PE`.
    public static let incompleteParameterEntity = Self(rawValue: Int32(XML_ERROR_INCOMPLETE_PE.rawValue))
    /// A malformed XML declaration. `XML_ERROR_XML_DECL`.
    public static let xmlDeclaration = Self(rawValue: Int32(XML_ERROR_XML_DECL.rawValue))
    /// A malformed text declaration. `XML_ERROR_TEXT_DECL`.
    public static let textDeclaration = Self(rawValue: Int32(XML_ERROR_TEXT_DECL.rawValue))
    /// Illegal characters in a public identifier. `XML_ERROR_PUBLICID`.
    public static let publicID = Self(rawValue: Int32(XML_ERROR_PUBLICID.rawValue))
    /// The parser is suspended. `XML_ERROR_SUSPENDED`.
    public static let suspended = Self(rawValue: Int32(XML_ERROR_SUSPENDED.rawValue))
    /// The parser is not suspended. `XML_ERROR_NOT_SUSPENDED`.
    public static let notSuspended = Self(rawValue: Int32(XML_ERROR_NOT_SUSPENDED.rawValue))
    /// Parsing was aborted. `XML_ERROR_ABORTED`.
    public static let aborted = Self(rawValue: Int32(XML_ERROR_ABORTED.rawValue))
    /// Parsing of this document has finished. `XML_ERROR_FINISHED`.
    public static let finished = Self(rawValue: Int32(XML_ERROR_FINISHED.rawValue))
    /// Cannot suspend in an external parameter entity. `XML_ERROR_SUSPEND_PE`.
    public static let suspendInParameterEntity = Self(rawValue: Int32(XML_ERROR_SUSPEND_PE.rawValue))
    /// The prefix xml bound to the wrong namespace. `XML_ERROR_RESERVED_PREFIX_XML`.
    public static let reservedPrefixXML = Self(rawValue: Int32(XML_ERROR_RESERVED_PREFIX_XML.rawValue))
    /// The prefix xmlns declared or undeclared. `XML_ERROR_RESERVED_PREFIX_XMLNS`.
    public static let reservedPrefixXMLNS = Self(rawValue: Int32(XML_ERROR_RESERVED_PREFIX_XMLNS.rawValue))
    /// A reserved namespace URI bound to another prefix. `XML_ERROR_RESERVED_NAMESPACE_URI`.
    public static let reservedNamespaceURI = Self(rawValue: Int32(XML_ERROR_RESERVED_NAMESPACE_URI.rawValue))
    /// An invalid argument to expat. `XML_ERROR_INVALID_ARGUMENT`.
    public static let invalidArgument = Self(rawValue: Int32(XML_ERROR_INVALID_ARGUMENT.rawValue))
    /// XML_ParseBuffer called without a buffer. `XML_ERROR_NO_BUFFER`.
    public static let noBuffer = Self(rawValue: Int32(XML_ERROR_NO_BUFFER.rawValue))
    /// Entity expansion amplified the input past the limit (billion laughs). `XML_ERROR_AMPLIFICATION_LIMIT_BREACH`.
    public static let amplificationLimitBreach = Self(rawValue: Int32(XML_ERROR_AMPLIFICATION_LIMIT_BREACH.rawValue))

    /// The Swift name of a known code.
    static func name(of code: Self) -> String? { names[code] }

    private static let names: [Self: String] = [
        .noMemory: "noMemory",
        .syntax: "syntax",
        .noElements: "noElements",
        .invalidToken: "invalidToken",
        .unclosedToken: "unclosedToken",
        .partialCharacter: "partialCharacter",
        .tagMismatch: "tagMismatch",
        .duplicateAttribute: "duplicateAttribute",
        .junkAfterDocumentElement: "junkAfterDocumentElement",
        .parameterEntityReference: "parameterEntityReference",
        .undefinedEntity: "undefinedEntity",
        .recursiveEntityReference: "recursiveEntityReference",
        .asynchronousEntity: "asynchronousEntity",
        .badCharacterReference: "badCharacterReference",
        .binaryEntityReference: "binaryEntityReference",
        .attributeExternalEntityReference: "attributeExternalEntityReference",
        .misplacedXMLDeclaration: "misplacedXMLDeclaration",
        .unknownEncoding: "unknownEncoding",
        .incorrectEncoding: "incorrectEncoding",
        .unclosedCDATASection: "unclosedCDATASection",
        .externalEntityHandling: "externalEntityHandling",
        .notStandalone: "notStandalone",
        .unexpectedState: "unexpectedState",
        .entityDeclaredInParameterEntity: "entityDeclaredInParameterEntity",
        .featureRequiresDTD: "featureRequiresDTD",
        .cannotChangeFeatureOnceParsing: "cannotChangeFeatureOnceParsing",
        .unboundPrefix: "unboundPrefix",
        .undeclaringPrefix: "undeclaringPrefix",
        .incompleteParameterEntity: "incompleteParameterEntity",
        .xmlDeclaration: "xmlDeclaration",
        .textDeclaration: "textDeclaration",
        .publicID: "publicID",
        .suspended: "suspended",
        .notSuspended: "notSuspended",
        .aborted: "aborted",
        .finished: "finished",
        .suspendInParameterEntity: "suspendInParameterEntity",
        .reservedPrefixXML: "reservedPrefixXML",
        .reservedPrefixXMLNS: "reservedPrefixXMLNS",
        .reservedNamespaceURI: "reservedNamespaceURI",
        .invalidArgument: "invalidArgument",
        .noBuffer: "noBuffer",
        .amplificationLimitBreach: "amplificationLimitBreach",
        .depthLimitExceeded: "depthLimitExceeded",
        .nameTooLong: "nameTooLong",
        .attributeValueTooLong: "attributeValueTooLong",
        .textTooLong: "textTooLong",
        .inputTooLarge: "inputTooLarge",
        .tokenTooLarge: "tokenTooLarge",
        .invalidEncoding: "invalidEncoding",
        .unexpandedEntity: "unexpandedEntity",
        .reservedCharacter: "reservedCharacter",
    ]
}
