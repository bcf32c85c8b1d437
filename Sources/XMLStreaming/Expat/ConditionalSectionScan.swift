/// A conditional section of the caller's DTD whose markup is split between the DTD's own
/// text and a parameter entity's (XML 1.0's Proper Conditional Section/PE Nesting: its
/// `<![`, `[` and `]]>` are all in one entity's text). expat reads such a section as if it
/// were written out, and reports no conditional section at all, so the DTD's bytes are read
/// as written, once, after expat has read them without an error.
package struct XMLConditionalSectionSplit: Equatable {
    /// Where the section's `<![` is, in the DTD.
    package var position: XMLPosition
    /// The DTD's name.
    package var fileName: String
    /// What is split, for the message: which part is in which entity's text.
    package var problem: String
}

enum ConditionalSectionScan {
    /// The first conditional section of `bytes` (a DTD expat read without an error, in
    /// UTF-8 or ASCII) whose `[` or `]]>` is not in the DTD's own text: its `<![`'s offset,
    /// and what is split. One pass: comments, processing instructions and the literals of
    /// declarations are passed over, and an `IGNORE` section's content is read only for the
    /// sections nested in it. A keyword given by a parameter entity is its text as the
    /// parser read it (`keyword`, the declaration that binds, the document's internal subset
    /// included); one that is not `INCLUDE` or `IGNORE` there ends the look, with nothing found.
    ///
    /// A section closed by a parameter entity referenced between its declarations
    /// (`<!ENTITY % end "]]>">`, then `%end;` inside it) is not well-formed: such a
    /// reference's text must be whole declarations (WFC: PE Between Declarations). Then
    /// `entity` names it and `offset` is its `%`.
    static func firstSplit(in bytes: [UInt8], keyword: (String) -> String?) -> (offset: Int, problem: String, entity: String?)? {
        let count = bytes.count
        func starts(_ marker: String, at i: Int) -> Bool { bytes[i...].starts(with: marker.utf8) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        /// The index after the first `marker` from `i`, or the end.
        func after(_ marker: String, from i: Int) -> Int {
            var j = i
            while j < count, !starts(marker, at: j) { j += 1 }
            return min(count, j + marker.utf8.count)
        }
        /// The name that starts at `i` (up to white space, `;`, `[`, a quote or `>`), and the index after it.
        func name(at i: Int) -> (String, Int) {
            var j = i
            while j < count, !isSpace(bytes[j]), ![0x3B, 0x5B, 0x22, 0x27, 0x3E, 0x25].contains(bytes[j]) { j += 1 }
            return (String(decoding: bytes[i..<j], as: UTF8.self), j)
        }
        func skipSpace(_ i: inout Int) { while i < count, isSpace(bytes[i]) { i += 1 } }

        // The sections open, innermost last: where each `<![` is, and whether it ignores.
        var open: [(start: Int, ignores: Bool)] = []
        // The last parameter entity referenced between declarations inside a section.
        var reference: (offset: Int, name: String)?
        var i = 0
        while i < count {
            if let last = open.last, last.ignores {
                // An IGNORE section's content: only the sections nested in it count.
                if starts("<![", at: i) {
                    open.append((i, true))
                    i += 3
                } else if starts("]]>", at: i) {
                    open.removeLast()
                    i += 3
                } else {
                    i += 1
                }
                continue
            }
            if starts("<!--", at: i) {
                i = after("-->", from: i + 4)
            } else if starts("<?", at: i) {
                i = after("?>", from: i + 2)
            } else if starts("<![", at: i) {
                let start = i
                var j = i + 3
                skipSpace(&j)
                var word: String
                var entity: String?
                if j < count, bytes[j] == 0x25 {
                    let (reference, end) = name(at: j + 1)
                    entity = reference
                    // A keyword this look cannot tell: it reads no further than it can be sure.
                    guard let text = keyword(reference) else { return nil }
                    if text.utf8.contains(0x5B) { return (start, "its [ is in the text of parameter entity %\(reference);", nil) }
                    word = text.trimmingXMLSpace
                    j = end < count && bytes[end] == 0x3B ? end + 1 : end
                } else {
                    (word, j) = name(at: j)
                }
                guard word == "INCLUDE" || word == "IGNORE" else { return nil }
                skipSpace(&j)
                guard j < count, bytes[j] == 0x5B else {
                    let place = entity.map { "the text of parameter entity %\($0);" } ?? "a parameter entity's text"
                    return (start, "its [ is in \(place)", nil)
                }
                open.append((start, word == "IGNORE"))
                i = j + 1
            } else if starts("]]>", at: i) {
                guard !open.isEmpty else { return (i, "its ]]> ends a section begun in a parameter entity's text", nil) }
                open.removeLast()
                i += 3
            } else if !open.isEmpty, bytes[i] == 0x25 {
                let (entity, end) = name(at: i + 1)
                reference = (i, entity)
                i = end
            } else if starts("<!", at: i) {
                // A declaration, to its `>`, over its literals.
                var j = i + 2
                while j < count, bytes[j] != 0x3E {
                    if bytes[j] == 0x22 || bytes[j] == 0x27 {
                        let quote = bytes[j]
                        j += 1
                        while j < count, bytes[j] != quote { j += 1 }
                    }
                    j += 1
                }
                i = j + 1
            } else {
                i += 1
            }
        }
        if let last = open.last {
            if let reference, reference.offset > last.start {
                return (reference.offset, "its ]]> is in the text of parameter entity %\(reference.name);", reference.name)
            }
            return (last.start, "its ]]> is in a parameter entity's text", nil)
        }
        return nil
    }
}

extension String {
    /// The string without XML white space at either end.
    fileprivate var trimmingXMLSpace: String {
        let scalars = unicodeScalars.drop { " \t\r\n".unicodeScalars.contains($0) }.reversed().drop { " \t\r\n".unicodeScalars.contains($0) }
        return String(String.UnicodeScalarView(scalars.reversed()))
    }
}
