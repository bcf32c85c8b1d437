import XMLStreaming

/// What the schema validator keeps for one open element.
struct XSDElementFrame {
    /// The element's name as written, for messages.
    var name: String
    /// Its declaration, when it has one.
    var declaration: Int?
    /// Its type; `nil` when it is not assessed (a `skip` wildcard, or no declaration).
    var type: XSDTypeReference?
    /// Where its children have got to, for element content.
    var matcher: XSDContentMatcher?
    /// Whether a child broke the content model: later children are not placed in it.
    var contentBroken = false
    /// The text of an element whose value is checked.
    var text: String?
    var hasChildElements = false
    /// `xsi:nil="true"`.
    var isNil = false
    /// Whether undeclared children are assessed laxly (under a `lax` wildcard or `anyType`).
    var isLax = false
    var position: XMLPosition
}

/// `http://www.w3.org/2001/XMLSchema-instance`.
let xsiNamespace = "http://www.w3.org/2001/XMLSchema-instance"
