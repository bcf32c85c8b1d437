import XMLStreaming

/// What the schema validator keeps for one open element: plain values only, so that a
/// frame is pushed and popped without reference counting. What an element holds that is
/// not plain (its text, its identity-constraint fields) the checker keeps by depth.
struct XSDElementFrame {
    /// The element's name: its number in the checker's ``XSDInstanceChecker/seenNames``,
    /// whose `qualifiedName` is the name as written, for messages.
    var nameNumber: Int32
    /// The name of its last child element so far (its number in ``seenNames``), -1 before the
    /// first: what the next child's name is guessed from (``XSDInstanceChecker/elementName(_:)``).
    var lastChildName: Int32 = -1
    /// Its declaration, when it has one.
    var declaration: Int?
    /// Its type; `nil` when it is not assessed (a `skip` wildcard, or no declaration).
    var type: XSDTypeReference?
    /// Whether its children are matched against a content model, by the checker's matcher
    /// at its depth (``XSDInstanceChecker/matchers``).
    var hasMatcher = false
    /// Whether a child broke the content model: later children are not placed in it.
    var contentBroken = false
    /// Whether the element's text is kept (in the checker's ``XSDInstanceChecker/texts``,
    /// at its depth), for a value that is checked.
    var keepsText = false
    var hasChildElements = false
    /// Whether the element's text must be white space only (element-only content, not nil):
    /// such text, the commonest, is checked without reading the type.
    var textMustBeWhitespace = false
    /// Whether the element's text needs nothing at all: not kept, allowed, and its element
    /// not nil (``XSDInstanceChecker/collect(_:)`` would only pass over it).
    var ignoresText = false
    /// `xsi:nil="true"`.
    var isNil = false
    /// Whether undeclared children are assessed laxly (under a `lax` wildcard or `anyType`).
    var isLax = false
    /// Whether the declaration's default cannot stand in for the content of the element's
    /// type (an `xsi:type` with element-only or empty content), should the element be empty.
    var defaultUnfit = false
    /// Where the element starts, for an error in its value: asked of the parser only for an
    /// element whose value is checked (each ask costs expat a count of lines).
    var position: XMLPosition?
}

/// An element or attribute name of the document, as the validator uses it.
struct XSDInstanceName {
    var expanded: XSDExpandedName
    /// As written (`prefix:local`), for messages.
    var qualifiedName: String
    /// `xsi:type`, `xsi:nil`, `xsi:schemaLocation`, `xsi:noNamespaceSchemaLocation` or a
    /// namespace declaration: the instance's own, always allowed.
    var isInstanceAttribute: Bool
    /// One of the four attributes of the xsi namespace XML Schema defines.
    var isSchemaInstance: Bool
    /// `xsi:type` or `xsi:nil`, which say how the element is assessed.
    var xsiAttribute: XSIAttribute?
    /// As an attribute: the complex type it was last looked up on, and the use found there
    /// (the same name comes on the same type, tag after tag, so the lookup is made once).
    var lastOwner = -1
    /// As an element: its name's number among the schema's element names
    /// (``XSDModel/elementSymbols``), -1 when no declaration has it.
    var symbol: Int32 = -1
    /// As an element: its name's and its namespace's numbers among those the identity
    /// constraints' paths test (``XSDIdentityPaths``), -1 when none does.
    var identityName: Int32 = -1
    var identityNamespace: Int32 = -1
    var lastUse: AttributeUse?

    /// What an attribute check needs of a use, without its strings (a copy of those would
    /// retain and release them, on every attribute).
    struct AttributeUse {
        var type: Int
        var isRequired: Bool
        var hasValueConstraint: Bool
        /// The type's ``XSDSimpleType/acceptsAnyText``: the value is not even read.
        var acceptsAnyText: Bool
    }

    enum XSIAttribute {
        case type, `nil`
    }

    init(_ name: XMLName) {
        let namespace = name.namespaceURI?.string
        let localName = name.localName.string
        expanded = XSDExpandedName(namespace: namespace, localName: localName)
        qualifiedName = name.qualifiedName
        // Only the four attributes XML Schema defines in the xsi namespace; any other there is
        // an attribute like another, declared or not (cvc-complex-type.3).
        let xsi = namespace == xsiNamespace && Self.schemaInstanceTypes[localName] != nil
        isSchemaInstance = xsi
        isInstanceAttribute =
            xsi || namespace == "http://www.w3.org/2000/xmlns/"
            || (namespace == nil && (localName == "xmlns" || name.prefix.map { $0 == "xmlns" } == true))
        if namespace == xsiNamespace {
            xsiAttribute = localName == "type" ? .type : localName == "nil" ? .nil : nil
        }
    }
}

/// `http://www.w3.org/2001/XMLSchema-instance`.
let xsiNamespace = "http://www.w3.org/2001/XMLSchema-instance"

extension XSDInstanceName {
    /// The four attributes XML Schema defines in the xsi namespace, and the built-in type it
    /// gives each (Structures 3.2.7); `schemaLocation`'s list of URIs is read as one token.
    static let schemaInstanceTypes: [String: XSDBuiltinType] = [
        "type": .QName, "nil": .boolean, "schemaLocation": .token, "noNamespaceSchemaLocation": .anyURI,
    ]
}
