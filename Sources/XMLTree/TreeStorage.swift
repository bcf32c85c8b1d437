import XMLStreaming
import XMLWriting
internal import XMLSyntax

/// The tree's memory, in the spirit of TBXML's element buffers: one contiguous array of
/// node records, one of attribute records, interned names, and one pool of UTF-8 text that
/// every text node, comment, processing instruction and attribute value points into. No
/// heap object per node.
final class TreeStorage: Sendable {
    /// One node: 32 bytes, links as indexes (-1 for none). An element's `a`/`b` are its
    /// attributes (a range of `attributes`); a text, CDATA, comment or PI node's are its
    /// content (a range of `pool`). A PI's target is interned as a name, and so is an entity
    /// reference's entity (its content is empty: it has no characters of its own).
    struct Node: Sendable {
        var kind: XMLTreeNode.Kind
        var parent: Int32
        var firstChild: Int32 = -1
        var next: Int32 = -1
        var previous: Int32 = -1
        /// An element's name or a PI's target (into `names`).
        var name: Int32 = -1
        var a: Int32 = 0
        var b: Int32 = 0

        init(kind: XMLTreeNode.Kind, parent: Int32) {
            self.kind = kind
            self.parent = parent
        }

        var textStart: Int32 {
            get { a }
            set { a = newValue }
        }
        var textLength: Int32 {
            get { b }
            set { b = newValue }
        }
        var attributeStart: Int32 {
            get { a }
            set { a = newValue }
        }
        var attributeCount: Int32 {
            get { b }
            set { b = newValue }
        }
    }

    struct Attribute: Sendable {
        var name: Int32
        var valueStart: Int32
        var valueLength: Int32
    }

    let nodes: [Node]
    let attributes: [Attribute]
    let names: [XMLTreeName]
    let pool: [UInt8]
    /// Whether names were parsed with namespaces (otherwise they are as written, and
    /// `xmlns` declarations are ordinary attributes).
    let namespaced: Bool
    /// The namespace declarations on elements, by element index (namespaced trees only).
    let namespaceDeclarations: [Int32: [(prefix: String, uri: String)]]
    /// The DOCTYPE, when the document has one.
    let doctype: Doctype?
    /// The attributes the DTD declares of type ID: element name to attribute names, as
    /// written (compared by code points, as XML compares names).
    let idAttributes: [CodePointString: Swift.Set<CodePointString>]
    /// Where each entity-reference node stands in the input, by node index (empty unless the
    /// document has references the parser could not expand).
    let entityPositions: [Int32: XMLPosition]
    /// The file the tree was read from, for errors that point into it.
    let fileName: String?
    /// For each element some of whose attributes the DTD supplied (its defaults), how many
    /// come from the start tag: those come first, as expat reports them. Empty for most
    /// documents, so the attribute records stay 12 bytes.
    let specifiedAttributeCounts: [Int32: Int32]

    /// What the tree keeps of the DOCTYPE. Its internal subset is no part of the tree
    /// (XPath's data model and DOM leave it out; Canonical XML drops the whole DTD), so the
    /// comments and processing instructions inside it are not nodes: the subset's
    /// declarations are kept in order for writing the document back, and James Clark's
    /// canonical form prints its notations and processing instructions.
    struct Doctype: Sendable {
        var declaration: XMLDoctype
        /// How many children of the document node came before the DOCTYPE.
        var position = 0
        /// The internal subset's declarations, comments and processing instructions, in
        /// document order, as the parser reported them.
        var subset: [XMLMarkupDeclaration] = []

        /// The notations it declares.
        var notations: [XMLNotation] {
            subset.compactMap {
                guard case .notation(let name, let publicID, let systemID) = $0 else { return nil }
                return XMLNotation(name: name, publicID: publicID, systemID: systemID)
            }
        }

        /// The processing instructions of the internal subset, in order.
        var subsetInstructions: [(target: String, data: String)] {
            subset.compactMap {
                guard case .processingInstruction(let target, let data) = $0 else { return nil }
                return (target, data)
            }
        }
    }

    init(
        nodes: [Node], attributes: [Attribute], names: [XMLTreeName], pool: [UInt8], namespaced: Bool,
        namespaceDeclarations: [Int32: [(prefix: String, uri: String)]] = [:],
        doctype: Doctype? = nil,
        idAttributes: [CodePointString: Swift.Set<CodePointString>] = [:],
        entityPositions: [Int32: XMLPosition] = [:],
        fileName: String? = nil,
        specifiedAttributeCounts: [Int32: Int32] = [:]
    ) {
        self.fileName = fileName
        self.specifiedAttributeCounts = specifiedAttributeCounts
        self.idAttributes = idAttributes
        self.entityPositions = entityPositions
        self.doctype = doctype
        self.nodes = nodes
        self.attributes = attributes
        self.names = names
        self.pool = pool
        self.namespaced = namespaced
        self.namespaceDeclarations = namespaceDeclarations
    }

    func string(start: Int32, length: Int32) -> String {
        unsafe pool.withUnsafeBufferPointer { unsafe String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(start + length)]), as: UTF8.self) }
    }

    /// Bytes the storage holds, for the memory figures.
    var byteCount: Int {
        nodes.capacity * MemoryLayout<Node>.stride + attributes.capacity * MemoryLayout<Attribute>.stride + pool.capacity
            + names.count * 64
    }
}

/// An element or attribute name in a tree, interned: each distinct name is stored once.
///
/// The tree's own name type beside the stream's `XMLQualifiedName` (they convert both
/// ways): its qualified name is made once and kept, since XPath's name tests, the
/// canonical forms and the writer ask for it on every node.
public struct XMLTreeName: Hashable, Sendable, CustomStringConvertible {
    /// The name without its prefix.
    public let localName: String
    /// The namespace, when namespaces were processed and the name has one.
    public let namespaceURI: String?
    /// The prefix as written, if any.
    public let prefix: String?
    /// `prefix:localName`, or the local name.
    public let qualifiedName: String

    /// Creates a name; ``XMLTreeName/qualifiedName`` is made from `prefix` and `localName`.
    public init(localName: String, namespaceURI: String? = nil, prefix: String? = nil) {
        self.localName = localName
        self.namespaceURI = namespaceURI
        self.prefix = prefix
        qualifiedName = prefix.map { "\($0):\(localName)" } ?? localName
    }

    /// The qualified name: `prefix:localName`, or the local name.
    public var description: String { qualifiedName }
}
