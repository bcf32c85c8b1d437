/// A declaration of a DOCTYPE's internal subset, for
/// ``XMLStreamWriter/doctype(name:publicID:systemID:internalSubset:)``: what XML 1.0 calls a
/// `markupdecl`, with comments and processing instructions among them.
///
/// The writer checks each one as it checks everything else (names, content models,
/// attribute types, quotes and characters) and escapes what needs escaping, so the subset it
/// writes reads back with the same declarations.
///
/// ```swift
/// try writer.doctype(name: "doc", internalSubset: [
///     .element(name: "p", content: "(#PCDATA|em)*"),
///     .attribute(element: "p", name: "class", type: "CDATA", default: .value("normal")),
///     .entity(name: "co", value: "ACME &amp; Co"),
/// ])
/// ```
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum XMLMarkupDeclaration: Hashable, Sendable {
    /// `<!ELEMENT name content>`: `content` is `EMPTY`, `ANY`, mixed content
    /// (`(#PCDATA)`, `(#PCDATA|em|b)*`) or element content (`(head,body)`, `(a|b)+`), spaces
    /// allowed where XML allows them.
    case element(name: String, content: String)
    /// `<!ATTLIST element name type default>`, one attribute: `type` is `CDATA`, `ID`,
    /// `IDREF`, `IDREFS`, `ENTITY`, `ENTITIES`, `NMTOKEN`, `NMTOKENS`, an enumeration
    /// (`(left|right)`) or `NOTATION (gif|png)`. A default for a prefixed attribute (`p:x`)
    /// needs `p` bound wherever the element is written: the writer refuses to close such a
    /// tag until it is.
    case attribute(element: String, name: String, type: String, default: AttributeDefault)
    /// `<!ENTITY name "value">`: an internal general entity whose replacement text is `value`,
    /// read as markup where the entity is used (`&amp;` for an ampersand). A reference in it
    /// (`&amp;`, `&other;`) stays a reference, expanded where the entity is used;
    /// any other `&`, every `%`, and the quote around it are written as character references.
    case entity(name: String, value: String)
    /// `<!ENTITY name SYSTEM "systemID">` (or `PUBLIC "publicID" "systemID"`): an external
    /// general entity; with `notation`, an unparsed one (`NDATA notation`), which no
    /// reference may name.
    case externalEntity(name: String, publicID: String? = nil, systemID: String, notation: String? = nil)
    /// `<!ENTITY % name "value">`: an internal parameter entity (its value escaped as
    /// ``entity(name:value:)``'s).
    case parameterEntity(name: String, value: String)
    /// `<!ENTITY % name SYSTEM "systemID">` (or `PUBLIC "publicID" "systemID"`).
    case externalParameterEntity(name: String, publicID: String? = nil, systemID: String)
    /// `<!NOTATION name PUBLIC "publicID" "systemID">`, `PUBLIC "publicID"` or
    /// `SYSTEM "systemID"`: at least one identifier.
    case notation(name: String, publicID: String? = nil, systemID: String? = nil)
    /// `<!--text-->` (refused with `--` inside or a `-` at the end, as
    /// ``XMLStreamWriter/comment(_:)``).
    case comment(String)
    /// `<?target data?>` (refused as ``XMLStreamWriter/processingInstruction(target:data:)``
    /// refuses it).
    case processingInstruction(target: String, data: String = "")

    /// An attribute declaration's default: what the attribute is when a start tag leaves it out.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum AttributeDefault: Hashable, Sendable {
        /// `#REQUIRED`: every start tag must give it.
        case required
        /// `#IMPLIED`: no default.
        case implied
        /// `#FIXED "value"`: always this value.
        case fixed(String)
        /// `"value"`: this value unless the start tag gives another.
        case value(String)
    }
}
