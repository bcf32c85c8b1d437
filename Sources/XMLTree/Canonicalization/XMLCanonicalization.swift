import XMLStreaming
/// The W3C canonical forms that XML signatures digest: the same bytes for every document that
/// means the same, whatever quotes, attribute order, empty-tag form, character references or
/// redundant namespace declarations it was written with.
///
/// ```swift
/// let document = try XMLTreeDocument(contentsOf: "invoice.xml")
/// let bytes = try document.canonicalized(XMLCanonicalization(.exclusive()))
/// ```
///
/// This is not ``XMLTreeDocument/canonicalForm()`` (James Clark's form, which the W3C conformance
/// suite compares parser output with).
public struct XMLCanonicalization: Hashable, Sendable {
    /// The recommendation followed.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum Method: Hashable, Sendable {
        /// Canonical XML 1.0 (`http://www.w3.org/TR/2001/REC-xml-c14n-20010315`), what
        /// `xmllint --c14n` writes.
        case canonical10
        /// Canonical XML 1.1 (`http://www.w3.org/2006/12/xml-c14n11`), `xmllint --c14n11`: for
        /// document subsets, `xml:id` is not inherited and `xml:base` is joined, not copied.
        case canonical11
        /// Exclusive XML Canonicalization 1.0 (`http://www.w3.org/2001/10/xml-exc-c14n#`),
        /// `xmllint --exc-c14n`: a namespace is declared only where an element or its
        /// attributes use it, except the prefixes listed (`#default` for the default
        /// namespace), which are treated as Canonical XML 1.0 treats every prefix.
        case exclusive(inclusivePrefixes: [String] = [])
    }

    /// The recommendation followed.
    public var method: Method
    /// Whether comments are kept (the `#WithComments` variants).
    public var includesComments: Bool
    /// What an entity reference the parser could not expand (a node of the tree) becomes.
    /// The recommendations replace every reference, and this one's replacement is in a DTD
    /// that is never read, so by default (`XMLUnexpandedEntityPolicy.throw`) it has no
    /// canonical form, as with xmllint and lxml. `XMLUnexpandedEntityPolicy.keep` writes
    /// `&name;` (not canonical, but the same document read back),
    /// `XMLUnexpandedEntityPolicy.skip` leaves it out, and
    /// `XMLUnexpandedEntityPolicy.replace(_:)` writes the table's text as canonical text.
    public var unexpandedEntities: XMLUnexpandedEntityPolicy

    /// Creates a canonicalization.
    public init(
        _ method: Method = .canonical10, includesComments: Bool = false,
        unexpandedEntities: XMLUnexpandedEntityPolicy = .throw
    ) {
        self.method = method
        self.includesComments = includesComments
        self.unexpandedEntities = unexpandedEntities
    }

    /// Creates a canonicalization with the label before 0.2.
    @available(*, deprecated, renamed: "init(_:includesComments:)")
    @_disfavoredOverload
    public init(_ method: Method = .canonical10, withComments: Bool = false) {
        self.init(method, includesComments: withComments)
    }

    /// Whether comments are kept: the name before 0.2.
    @available(*, deprecated, renamed: "includesComments")
    public var withComments: Bool {
        get { includesComments }
        set { includesComments = newValue }
    }
}

extension XMLTreeDocument {
    /// The document in canonical form, as UTF-8 bytes.
    ///
    /// - Parameter canonicalization: Which canonical form: the method (1.0, 1.1, exclusive)
    ///   and whether comments are kept.
    /// - Parameter subset: A document subset (an XPath node-set, attribute and namespace
    ///   nodes included, as `(//. | //@* | //namespace::*)[…]` selects them): only its nodes
    ///   are written, as the recommendations define. `nil` for the whole document.
    /// - Throws: ``XMLTreeError`` for a tree read without namespaces, which canonical forms
    ///   need.
    /// - Complexity: O(n) for the whole document, plus O(depth) for each element of a subset
    ///   whose parent is left out (its inherited `xml:` attributes).
    public func canonicalized(_ canonicalization: XMLCanonicalization = XMLCanonicalization(), subset: [XPathNode]? = nil)
        throws -> [UInt8]
    {
        guard storage.namespaced else {
            throw XMLTreeError(
                code: .needsNamespaces, message: "a canonical form needs namespaces: read the document with processesNamespaces")
        }
        var writer = CanonicalWriter(canonicalization: canonicalization, subset: subset.map { Swift.Set($0) })
        try writer.write(documentNode)
        return writer.output
    }

    /// The subset that `expression` selects (evaluated at the document node) in canonical form.
    public func canonicalized(
        _ canonicalization: XMLCanonicalization = XMLCanonicalization(), xpath expression: String,
        namespaces: [String: String] = [:]
    ) throws -> [UInt8] {
        let selected = try XPathExpression(expression, namespaces: namespaces).evaluate(at: documentNode)
        guard case .nodeSet(let nodes) = selected else {
            throw XPathError(code: .notANodeSet, message: "a document subset must be a node-set", column: 1, expression: expression)
        }
        return try canonicalized(canonicalization, subset: nodes)
    }
}
