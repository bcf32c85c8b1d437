import XMLStreaming

/// One element and everything inside it, as the decoder reads it: the parser's events kept
/// in flat arrays (no object per node), with the position of every element.
///
/// The whole document when decoding a file; one record at a time when streaming, so memory
/// holds the largest record, never the file.
struct XMLRecord {
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
    }

    var nodes: [Node] = []
    var attributes: [Attribute] = []
    var names: [Name] = []
    var bytes: [UInt8] = []
    /// The file the record was read from, for error messages.
    var fileName: String?

    /// The root element of the record.
    static let root: Int = 0

    func text(of node: Int) -> String {
        let n = nodes[node]
        return string(n.start, n.count)
    }

    func string(_ start: Int, _ count: Int) -> String {
        bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(start + count)]), as: UTF8.self)
        }
    }

    func value(of attribute: Int) -> String {
        let a = attributes[Int(attribute)]
        return string(a.valueStart, a.valueCount)
    }

    /// The element's children, in order.
    func children(of element: Int) -> ChildSequence { ChildSequence(record: self, upcoming: nodes[element].firstChild) }

    struct ChildSequence: Sequence, IteratorProtocol {
        let record: XMLRecord
        var upcoming: Int
        mutating func next() -> Int? {
            guard upcoming >= 0 else { return nil }
            defer { upcoming = record.nodes[upcoming].next }
            return upcoming
        }
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
        for child in children(of: element) where nodes[child].kind == .text { joined += text(of: child) }
        return joined
    }

    /// Whether the element has element children.
    func hasChildElements(_ element: Int) -> Bool {
        children(of: element).contains { nodes[$0].kind == .element }
    }

    /// The element's child elements, in order.
    func childElements(of element: Int) -> [Int] {
        children(of: element).filter { nodes[$0].kind == .element }
    }

    /// Whether the element's text is only XML white space (or none), read in place.
    func hasOnlyWhitespaceText(_ element: Int) -> Bool {
        children(of: element).allSatisfy { child in
            let node = nodes[child]
            return node.kind != .text
                || bytes[node.start..<(node.start + node.count)].allSatisfy {
                    $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D
                }
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
