import XMLStreaming

/// One element and everything inside it, as the decoder reads it: the parser's events kept
/// in flat arrays (no object per node), with the position of every element.
///
/// The whole document when decoding a file; one record at a time when streaming, so memory
/// holds the largest record, never the file.
///
/// A class with constant storage, built once by ``XMLRecordBuilder``: every value of a decode
/// reads it through one shared reference, and reading a constant array of a class needs no
/// reference counting, where a struct copied into each decoder and container would retain
/// its four arrays for every value.
///
/// Why not XMLTree's `TreeStorage`, which also keeps events in flat arrays: the two differ
/// where each is fast. A record keeps what decoding reads and nothing else: elements and
/// text runs with CDATA joined in (no comments, PIs, CDATA or entity nodes, no DOCTYPE), the
/// line and column of every element for errors (a tree keeps none), and names in a table
/// shared from record to record of a stream (``XMLRecordBuilder/Partial/sharedNameLimit``),
/// with Int indexes. A tree is a whole document that XPath, canonical forms and the writer
/// walk: 32-byte nodes with a previous link and Int32 indexes (2^31 nodes), every node kind,
/// namespace declarations per element, `Sendable` and shared between tasks. One store for
/// both would make every decode carry the tree's kinds and every tree the record's positions.
final class XMLRecord: Sendable {
    /// An element or a run of text (character data and CDATA, joined).
    struct Node {
        enum Kind: UInt8 { case element, text }
        var kind: Kind
        var parent: Int
        var firstChild: Int = -1
        var lastChild: Int = -1
        var next: Int = -1
        /// An element's name (into `names`).
        var name: Int = -1
        /// An element's attributes (a range of `attributes`); a text's bytes (a range of `bytes`).
        var start: Int = 0
        var count: Int = 0
        /// Where an element's start tag begins.
        var line: Int = 0
        var column: Int = 0
    }

    struct Attribute {
        var name: Int
        var valueStart: Int
        var valueCount: Int
    }

    /// A name: the local name, and the namespace URI when namespaces are processed.
    struct Name: Hashable {
        var local: String
        var uri: String?
        /// The prefix as written (nil for none, and without namespace processing).
        var prefix: String? = nil
    }

    /// What only a fragment (``XMLFragment``) gives back, kept beside the nodes so that every
    /// other walk is as it was: comments, processing instructions, CDATA sections and
    /// namespace declarations. None for a document without them.
    struct Extra {
        enum Kind: UInt8 { case comment, processingInstruction, cdata, namespace }
        var kind: Kind
        /// The element it is in (a CDATA section: whose text it is; a declaration: the
        /// element that makes it).
        var element: Int
        /// A comment's or PI's place: the element's child it follows (-1: none yet), and the
        /// length of `bytes` when it came (inside a text node that goes on past it).
        var after: Int = -1
        var offset: Int = 0
        /// A CDATA section's text: `bytes[offset..<end]`.
        var end: Int = 0
        /// A comment's text, a PI's target and data, a declaration's prefix and URI: two
        /// strings back to back in `extraText` from `textStart`, of `firstCount` and
        /// `secondCount` bytes.
        var textStart: Int = 0
        var firstCount: Int = 0
        var secondCount: Int = 0
    }

    let nodes: [Node]
    let attributes: [Attribute]
    let names: [Name]
    let bytes: [UInt8]
    let extras: [Extra]
    let extraText: [UInt8]
    /// The extras of each element, in document order (empty without extras).
    let extrasByElement: [Int: [Int]]
    /// The file the record was read from, for error messages.
    let fileName: String?
    /// Whether some attribute of the record has a namespace. Without one, no two attributes
    /// of an element share a local name (XML forbids duplicates), so a plain key's first
    /// match is its only one.
    let hasNamespacedAttributes: Bool

    init(
        nodes: [Node], attributes: [Attribute], names: [Name], bytes: [UInt8], fileName: String?,
        hasNamespacedAttributes: Bool, extras: [Extra] = [], extraText: [UInt8] = []
    ) {
        self.hasNamespacedAttributes = hasNamespacedAttributes
        self.nodes = nodes
        self.attributes = attributes
        self.names = names
        self.bytes = bytes
        self.fileName = fileName
        self.extras = extras
        self.extraText = extraText
        var byElement: [Int: [Int]] = [:]
        for (index, extra) in extras.enumerated() { byElement[extra.element, default: []].append(index) }
        extrasByElement = byElement
    }

    /// The two strings of an extra (a comment's text and "", a PI's target and data, a
    /// declaration's prefix and URI).
    func extraStrings(_ extra: Extra) -> (String, String) {
        let first = String(decoding: extraText[extra.textStart..<(extra.textStart + extra.firstCount)], as: UTF8.self)
        let secondStart = extra.textStart + extra.firstCount
        return (first, String(decoding: extraText[secondStart..<(secondStart + extra.secondCount)], as: UTF8.self))
    }

    /// The root element of the record.
    static let root: Int = 0

    func text(of node: Int) -> String {
        let n = nodes[node]
        return string(n.start, n.count)
    }

    func string(_ start: Int, _ count: Int) -> String {
        unsafe bytes.withUnsafeBufferPointer {
            unsafe String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(start + count)]), as: UTF8.self)
        }
    }

    /// The bytes as a string, without the XML white space around them when `trimmed`.
    func string(_ start: Int, _ count: Int, trimmed: Bool) -> String {
        guard trimmed else { return string(start, count) }
        var first = start
        var end = start + count
        unsafe bytes.withUnsafeBufferPointer { bytes in
            while unsafe first < end && Self.isSpace(bytes[first]) { first += 1 }
            while unsafe end > first && Self.isSpace(bytes[end - 1]) { end -= 1 }
        }
        return string(first, end - first)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    func value(of attribute: Int) -> String {
        let a = attributes[Int(attribute)]
        return string(a.valueStart, a.valueCount)
    }

    // The walks below follow `next` links by index and hold nothing but the record they
    // run on: a sequence value holding a copy of the record would retain its four arrays
    // for every scalar decoded.

    /// The element's children, in order.
    func children(of element: Int) -> [Int] {
        var result: [Int] = []
        var child = nodes[element].firstChild
        while child >= 0 {
            result.append(child)
            child = nodes[child].next
        }
        return result
    }

    /// The element's text: its text children joined (the text between child elements too).
    func directText(of element: Int) -> String {
        var child = nodes[element].firstChild
        var single: Int = -1
        var pieces = 0
        while child >= 0 {
            if nodes[child].kind == .text {
                pieces += 1
                single = child
            }
            child = nodes[child].next
        }
        if pieces == 0 { return "" }
        if pieces == 1 { return text(of: single) }
        var joined = ""
        child = nodes[element].firstChild
        while child >= 0 {
            if nodes[child].kind == .text { joined += text(of: child) }
            child = nodes[child].next
        }
        return joined
    }

    /// `text` without the XML white space around it.
    static func trimmed(_ text: String) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = utf8.lastIndex(where: { !isSpace($0) })!
        if first == utf8.startIndex && last == utf8.index(before: utf8.endIndex) { return text }
        return String(text[first...last])
    }

    /// An element's text as a scalar reads it: one run trimmed in place, several joined first.
    func elementText(_ element: Int, trimmed: Bool) -> String {
        if let (start, count) = singleText(of: element) { return string(start, count, trimmed: trimmed) }
        let joined = directText(of: element)
        return trimmed ? Self.trimmed(joined) : joined
    }

    /// The bytes of the element's text when it is one run (or none: an empty range), without
    /// joining; nil when its text is split by child elements.
    func singleText(of element: Int) -> (start: Int, count: Int)? {
        var child = nodes[element].firstChild
        var found: (start: Int, count: Int) = (0, 0)
        var pieces = 0
        while child >= 0 {
            let node = nodes[child]
            if node.kind == .text {
                pieces += 1
                if pieces > 1 { return nil }
                found = (node.start, node.count)
            }
            child = node.next
        }
        return found
    }

    /// The element's first child element when the element also has text that is more than
    /// white space (mixed content); nil otherwise.
    func mixedContentChild(of element: Int) -> Int? {
        var child = nodes[element].firstChild
        while child >= 0 && nodes[child].kind != .element { child = nodes[child].next }
        guard child >= 0, !hasOnlyWhitespaceText(element) else { return nil }
        return child
    }

    /// All the text inside the element, its descendants' included, in document order.
    func allText(of element: Int) -> String {
        var text = ""
        var node = nodes[element].firstChild
        while node >= 0 {
            if nodes[node].kind == .text { text += self.text(of: node) }
            if nodes[node].firstChild >= 0 {
                node = nodes[node].firstChild
                continue
            }
            // On to the next sibling of the nearest node, up to the element, that has one.
            var up = node
            while up != element && nodes[up].next < 0 { up = nodes[up].parent }
            if up == element { break }
            node = nodes[up].next
        }
        return text
    }

    /// Whether the element has element children.
    func hasChildElements(_ element: Int) -> Bool {
        var child = nodes[element].firstChild
        while child >= 0 {
            if nodes[child].kind == .element { return true }
            child = nodes[child].next
        }
        return false
    }

    /// The element's child elements, in order.
    func childElements(of element: Int) -> [Int] {
        var result: [Int] = []
        var child = nodes[element].firstChild
        while child >= 0 {
            if nodes[child].kind == .element { result.append(child) }
            child = nodes[child].next
        }
        return result
    }

    /// Visits the name (an index into `names`) of each attribute of `element`, then of each
    /// child element, in document order, until `body` returns false.
    func forEachMemberName(of element: Int, _ body: (Int) -> Bool) {
        let node = nodes[element]
        for a in node.start..<(node.start + node.count) where !body(attributes[a].name) { return }
        var child = node.firstChild
        while child >= 0 {
            if nodes[child].kind == .element, !body(nodes[child].name) { return }
            child = nodes[child].next
        }
    }

    /// Whether the element's text is only XML white space (or none), read in place.
    func hasOnlyWhitespaceText(_ element: Int) -> Bool {
        unsafe bytes.withUnsafeBufferPointer { bytes in
            var child = nodes[element].firstChild
            while child >= 0 {
                let node = nodes[child]
                if node.kind == .text {
                    for i in node.start..<(node.start + node.count) where unsafe !Self.isSpace(bytes[i]) { return false }
                }
                child = node.next
            }
            return true
        }
    }

    /// The position of a node, for errors.
    func position(of node: Int) -> (line: Int, column: Int) {
        var n = node
        while n >= 0 && nodes[n].kind != .element { n = nodes[n].parent }
        guard n >= 0 else { return (0, 0) }
        return (Int(nodes[n].line), Int(nodes[n].column))
    }
}
