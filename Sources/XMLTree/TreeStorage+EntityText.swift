import XMLStreaming

// Text that holds references the parser could not expand. The tree keeps each such
// reference as a record of its own, with no characters; whoever reads text decides what it
// stands for, with an `XMLUnexpandedEntityPolicy`. A tree without references (nearly every
// tree) never reaches the policy: `hasEntityReferences` is false.
extension TreeStorage {
    /// Whether the document has a reference the parser could not expand.
    @inline(__always)
    var hasEntityReferences: Bool { !entityPositions.isEmpty }

    /// The text that entity-reference record `index` stands for under `policy`.
    ///
    /// - Throws: ``XMLTreeError`` ``XMLTreeError/Code/unexpandedEntity`` with the reference's
    ///   position, under `XMLUnexpandedEntityPolicy.throw` or for a name a table lacks.
    func entityText(_ index: Int32, _ policy: XMLUnexpandedEntityPolicy) throws(XMLTreeError) -> String {
        let name = names[Int(nodes[Int(index)].name)].localName
        guard let text = policy.replacement(for: name) else {
            throw XMLTreeError(
                code: .unexpandedEntity, message: policy.failureMessage(for: name), position: entityPositions[index],
                fileName: fileName)
        }
        return text
    }

    /// Appends record `index`'s characters: a text or CDATA record's content, or what an
    /// entity reference stands for under `policy`.
    @inline(__always)
    func appendText(of index: Int32, to bytes: inout [UInt8], _ policy: XMLUnexpandedEntityPolicy) throws(XMLTreeError) {
        let record = nodes[Int(index)]
        if record.kind == .entityReference {
            bytes.append(contentsOf: try entityText(index, policy).utf8)
        } else {
            bytes.append(contentsOf: pool[Int(record.textStart)..<Int(record.textStart + record.textLength)])
        }
    }
}
