import XMLStreaming
/// XPath's text nodes (section 5.7): "a text node never has an immediately following or
/// preceding sibling that is a text node", and a text node has at least one character.
///
/// The tree keeps CDATA sections as nodes of their own (so they can be written back as
/// CDATA) and keeps an empty section, so `a<![CDATA[b]]>c` is three records and
/// `<![CDATA[]]>` one. XPath sees each run of adjacent text and CDATA siblings that holds a
/// character as one text node, represented by the run's first record that holds one, whose
/// string value is the rest of the run; a run with no characters is no node at all.
extension TreeStorage {
    /// Whether a record belongs to a run of text: text, CDATA, or an entity reference (which
    /// XPath reads as part of the text around it, with no characters of its own).
    @inline(__always)
    static func isText(_ record: Node) -> Bool {
        record.kind == .text || record.kind == .cdata || record.kind == .entityReference
    }

    /// Whether record `index` is a node XPath sees: anything but text, or the first record
    /// of a run of text and CDATA siblings that holds a character.
    ///
    /// - Complexity: O(1) for every record but a run's first that holds a character, which
    ///   looks back over the empty ones before it; a walk over a whole run costs O(run).
    @inline(__always)
    func isXPathNode(_ index: Int32) -> Bool {
        let record = nodes[Int(index)]
        guard Self.isText(record) else { return true }
        guard Self.holdsCharacters(record) else { return false }
        var i = record.previous
        while i >= 0 {
            let r = nodes[Int(i)]
            guard Self.isText(r) else { return true }
            if Self.holdsCharacters(r) { return false }
            i = r.previous
        }
        return true
    }

    /// Whether a record of a run stands for characters: text or CDATA with some, or an entity
    /// reference (`<td>&nbsp;</td>` has a text node, whatever the reference reads as).
    @inline(__always)
    static func holdsCharacters(_ record: Node) -> Bool {
        record.textLength > 0 || record.kind == .entityReference
    }

    /// The string value of the XPath text node that record `index` begins: its text and
    /// that of the run's records after it, joined; an entity reference reads as `&name;`.
    func xpathText(startingAt index: Int32) -> String {
        // `.keep` never throws.
        (try? xpathText(startingAt: index, .keep)) ?? ""
    }

    /// The same, with each entity reference read as `policy` says.
    func xpathText(startingAt index: Int32, _ policy: XMLUnexpandedEntityPolicy) throws(XMLTreeError) -> String {
        let first = nodes[Int(index)]
        if first.kind != .entityReference && (first.next < 0 || !Self.isText(nodes[Int(first.next)])) {
            return string(start: first.textStart, length: first.textLength)
        }
        var bytes: [UInt8] = []
        var i = index
        while i >= 0, case let r = nodes[Int(i)], Self.isText(r) {
            try appendText(of: i, to: &bytes, policy)
            i = r.next
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension XMLTreeNode {
    /// Whether XPath sees this node (see ``TreeStorage/isXPathNode(_:)``).
    var isXPathNode: Bool { storage.isXPathNode(index) }
}
