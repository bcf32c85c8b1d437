import XMLStreaming

// James Clark's canonical XML, the notation of the W3C conformance suite's out/ files:
// UTF-8, no declaration, DOCTYPE or comments; the root element and the processing
// instructions around it; attributes sorted by name in code point order; `<a></a>`, never
// `<a/>`; exactly & < > " tab LF CR escaped; PIs as `<?target data?>`; notations, when the
// DTD declares some, as the "second canonical form" prints them.
extension XMLTreeDocument {
    /// The document in canonical form. Read the document without namespace processing
    /// (names and `xmlns` attributes as written), as `xml canon` does.
    ///
    /// An entity reference the parser could not expand is written as it stands, `&name;`;
    /// ``canonicalForm(unexpandedEntities:)`` chooses otherwise.
    public func canonicalForm() -> [UInt8] {
        // `.keep` never throws.
        (try? canonicalForm(unexpandedEntities: .keep)) ?? []
    }

    /// The document in canonical form, with each entity reference the parser could not
    /// expand written as `policy` says: `&name;` (`XMLUnexpandedEntityPolicy.keep`), left
    /// out, or the table's text, escaped as text is.
    ///
    /// - Throws: ``XMLTreeError`` ``XMLTreeError/Code/unexpandedEntity`` naming the first such
    ///   reference and its position, under `XMLUnexpandedEntityPolicy.throw`.
    public func canonicalForm(unexpandedEntities policy: XMLUnexpandedEntityPolicy) throws(XMLTreeError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(storage.pool.count + storage.nodes.count * 8)
        var position = 0
        for child in documentNode.children {
            if position == storage.doctype?.position { notations(into: &out) }
            position += 1
            switch child.kind {
            case .element, .processingInstruction: try Self.canonical(child, policy, into: &out)
            default: continue
            }
        }
        return out
    }

    /// Where the DOCTYPE stood: the processing instructions of its internal subset (the
    /// W3C suite's expected outputs keep them), then the "second canonical form"'s notations
    /// sorted by name.
    private func notations(into out: inout [UInt8]) {
        guard let doctype = storage.doctype else { return }
        for (target, data) in doctype.subsetInstructions { Self.processingInstruction(target, data, into: &out) }
        guard !doctype.notations.isEmpty else { return }
        var text = "<!DOCTYPE \(doctype.declaration.name) [\n"
        for notation in doctype.notations.sorted(by: { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }) {
            switch (notation.publicID, notation.systemID) {
            case let (publicID?, systemID?): text += "<!NOTATION \(notation.name) PUBLIC '\(publicID)' '\(systemID)'>\n"
            case let (publicID?, nil): text += "<!NOTATION \(notation.name) PUBLIC '\(publicID)'>\n"
            case let (nil, systemID?): text += "<!NOTATION \(notation.name) SYSTEM '\(systemID)'>\n"
            case (nil, nil): continue
            }
        }
        text += "]>\n"
        out.append(contentsOf: Array(text.utf8))
    }

    /// Writes `root` and its subtree (see ``XMLTreeNode/walk(enter:leave:)``: no recursion).
    private static func canonical(
        _ root: XMLTreeNode, _ policy: XMLUnexpandedEntityPolicy, into out: inout [UInt8]
    ) throws(XMLTreeError) {
        // The walk's closures do not throw a typed error: the first failure is kept and
        // thrown once it returns.
        var failure: XMLTreeError?
        root.walk(
            enter: { node in
                switch node.kind {
                case .element:
                    out.append(0x3C)
                    out.append(contentsOf: node.name!.qualifiedName.utf8)
                    let attributes = node.attributes.map { (Array($0.name.qualifiedName.utf8), $0.value) }
                        .sorted { $0.0.lexicographicallyPrecedes($1.0) }
                    for (attributeName, value) in attributes {
                        out.append(0x20)
                        out.append(contentsOf: attributeName)
                        out.append(contentsOf: [0x3D, 0x22])
                        escape(value, into: &out)
                        out.append(0x22)
                    }
                    out.append(0x3E)
                case .text, .cdata:
                    escape(node.text, into: &out)
                case .processingInstruction:
                    processingInstruction(node.target ?? "", node.text, into: &out)
                case .entityReference:
                    if policy == .keep {
                        out.append(0x26)
                        out.append(contentsOf: (node.entityName ?? "").utf8)
                        out.append(0x3B)
                    } else if failure == nil {
                        do throws(XMLTreeError) { escape(try node.text(unexpandedEntities: policy), into: &out) } catch {
                            failure = error
                        }
                    }
                case .comment, .document:
                    break
                }
            },
            leave: { node in
                guard node.kind == .element else { return }
                out.append(contentsOf: [0x3C, 0x2F])
                out.append(contentsOf: node.name!.qualifiedName.utf8)
                out.append(0x3E)
            })
        if let failure { throw failure }
    }

    /// `<?target data?>`, the space written even when the data is empty.
    private static func processingInstruction(_ target: String, _ data: String, into out: inout [UInt8]) {
        out.append(contentsOf: [0x3C, 0x3F])
        out.append(contentsOf: target.utf8)
        out.append(0x20)
        out.append(contentsOf: data.utf8)
        out.append(contentsOf: [0x3F, 0x3E])
    }

    private static func escape(_ text: String, into out: inout [UInt8]) {
        for b in text.utf8 {
            switch b {
            case 0x26: out.append(contentsOf: Array("&amp;".utf8))
            case 0x3C: out.append(contentsOf: Array("&lt;".utf8))
            case 0x3E: out.append(contentsOf: Array("&gt;".utf8))
            case 0x22: out.append(contentsOf: Array("&quot;".utf8))
            case 0x09: out.append(contentsOf: Array("&#9;".utf8))
            case 0x0A: out.append(contentsOf: Array("&#10;".utf8))
            case 0x0D: out.append(contentsOf: Array("&#13;".utf8))
            default: out.append(b)
            }
        }
    }
}
