/// Finds the references in a start tag's attribute values that expat left out without an
/// event: expat drops a reference to an entity that may be declared in the unread external
/// DTD from the value (its skipped-entity handler is never called inside attribute values),
/// so the only place it still exists is the tag as written.
///
/// Works on the tag's text in UTF-8 (the receiver transcodes other encodings first). Runs
/// only for documents whose DTD is not read, so well-formed tags are all it sees.
struct AttributeEntityScanner {
    /// An undeclared reference inside one attribute value.
    struct Reference {
        /// Which attribute written in the tag holds it, counting from 0 and leaving out
        /// namespace declarations when expat removes them (namespace processing).
        var attributeOrdinal: Int
        var name: String
        /// Where its `&` is in the tag, in bytes of UTF-8.
        var offset: Int
    }

    /// One attribute as written: the ordinal expat's array gives it, its name and its raw
    /// value.
    struct RawAttribute {
        var ordinal: Int
        var name: Range<Int>
        var value: Range<Int>
    }

    let tag: [UInt8]
    /// Whether namespace declarations are left out of the ordinals (expat removes them from
    /// the attribute array under namespace processing).
    let namespaced: Bool

    /// Every attribute written in the tag, in document order.
    func attributes() -> [RawAttribute] {
        var result: [RawAttribute] = []
        var i = 1
        while i < tag.count, !Self.isSpace(tag[i]), tag[i] != 0x3E, tag[i] != 0x2F { i += 1 }  // the element's name
        var ordinal = 0
        while i < tag.count {
            while i < tag.count, Self.isSpace(tag[i]) { i += 1 }
            guard i < tag.count, tag[i] != 0x3E, tag[i] != 0x2F else { break }
            let nameStart = i
            while i < tag.count, tag[i] != 0x3D, !Self.isSpace(tag[i]) { i += 1 }
            let name = tag[nameStart..<i]
            while i < tag.count, tag[i] != 0x22, tag[i] != 0x27 { i += 1 }
            guard i < tag.count else { break }
            let quote = tag[i]
            let valueStart = i + 1
            i = valueStart
            while i < tag.count, tag[i] != quote { i += 1 }
            let isDeclaration = namespaced && (name.elementsEqual("xmlns".utf8) || name.starts(with: "xmlns:".utf8))
            if !isDeclaration {
                result.append(RawAttribute(ordinal: ordinal, name: nameStart..<(nameStart + name.count), value: valueStart..<i))
                ordinal += 1
            }
            i += 1
        }
        return result
    }

    /// The references in `attribute`'s value to entities that are neither predefined nor
    /// in `declared`: written in the value, or in the text of a declared entity it references
    /// (`through` names the first such one, reported at the declared entity's `&`).
    func undeclaredReferences(in attribute: RawAttribute, declared: Set<String>, through: (String) -> String?) -> [Reference] {
        var found: [Reference] = []
        Self.forEachGeneralReference(in: tag[attribute.value]) { name, offset in
            if Self.predefined.keys.contains(name) { return }
            if !declared.contains(name) {
                found.append(Reference(attributeOrdinal: attribute.ordinal, name: name, offset: offset))
            } else if let inner = through(name) {
                found.append(Reference(attributeOrdinal: attribute.ordinal, name: inner, offset: offset))
            }
        }
        return found
    }

    /// Calls `body` with the name of each general entity referenced in `text` (`&name;`, not
    /// character references) and the index of its `&`.
    static func forEachGeneralReference(in text: ArraySlice<UInt8>, _ body: (String, Int) -> Void) {
        var i = text.startIndex
        while i < text.endIndex {
            guard text[i] == 0x26, i + 1 < text.endIndex, text[i + 1] != 0x23 else {
                i += 1
                continue
            }
            // To the `;`, but not past a byte no name holds: an entity's text may hold a bare
            // `&` (from `&#38;`), and each is looked past once.
            var end = i + 1
            while end < text.endIndex, text[end] != 0x3B, !isReferenceStop(text[end]) { end += 1 }
            guard end < text.endIndex, text[end] == 0x3B else {
                i = end
                continue
            }
            body(String(decoding: text[(i + 1)..<end], as: UTF8.self), i)
            i = end + 1
        }
    }

    /// A byte that ends a reference's name without its `;`: markup, quotes, white space.
    static func isReferenceStop(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || isSpace(byte)
    }

    /// Whether `name` is one of the five entities every document has.
    static func isPredefined(_ name: String) -> Bool { predefined.keys.contains(name) }

    /// The value as expat gives it when every undeclared reference reads as `replacement`
    /// gives it: line ends and white space become spaces, character and predefined references
    /// their characters (attribute-value normalization for CDATA, XML 1.0 §3.3.3). `nil` when
    /// the value references an entity of the internal subset, whose text this does not have.
    func normalizedValue(of attribute: RawAttribute, declared: Set<String>, replacement: (String) -> String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(attribute.value.count)
        var i = attribute.value.lowerBound
        let end = attribute.value.upperBound
        while i < end {
            let byte = tag[i]
            switch byte {
            case 0x0D:
                out.append(0x20)
                if i + 1 < end, tag[i + 1] == 0x0A { i += 1 }
            case 0x09, 0x0A:
                out.append(0x20)
            case 0x26:
                guard let semicolon = tag[i..<end].firstIndex(of: 0x3B) else { return nil }
                let body = tag[(i + 1)..<semicolon]
                if body.first == 0x23 {
                    guard let scalar = Self.characterReference(body.dropFirst()) else { return nil }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                } else {
                    let name = String(decoding: body, as: UTF8.self)
                    if let character = Self.predefined[name] {
                        out.append(character)
                    } else if declared.contains(name) {
                        return nil
                    } else {
                        out.append(contentsOf: Array(replacement(name).utf8))
                    }
                }
                i = semicolon
            default:
                out.append(byte)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// How the input spelled the tag's characters, for byte offsets into the input.
    enum InputForm {
        case utf8, utf16, singleByte
    }

    /// The positions of the bytes at `offsets` (ascending) of the tag, given where the tag
    /// starts: lines and columns count characters as expat's do, and byte offsets count the
    /// input's bytes. One pass over the tag, however many offsets.
    func positions(of offsets: [Int], tagStart: XMLPosition, input: InputForm) -> [XMLPosition] {
        var result: [XMLPosition] = []
        result.reserveCapacity(offsets.count)
        var line = tagStart.line
        var column = tagStart.column
        var inputBytes = tagStart.byteOffset
        var i = 0
        for offset in offsets {
            while i < offset {
                let byte = tag[i]
                if byte == 0x0A || (byte == 0x0D && (i + 1 >= tag.count || tag[i + 1] != 0x0A)) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                    column += 1
                }
                switch input {
                case .utf8: inputBytes += 1
                case .singleByte: if byte & 0xC0 != 0x80 { inputBytes += 1 }
                case .utf16: if byte & 0xC0 != 0x80 { inputBytes += byte >= 0xF0 ? 4 : 2 }
                }
                i += 1
            }
            result.append(XMLPosition(line: line, column: column, byteOffset: inputBytes))
        }
        return result
    }

    private static let predefined: [String: UInt8] = ["lt": 0x3C, "gt": 0x3E, "amp": 0x26, "apos": 0x27, "quot": 0x22]

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func characterReference(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
        let text = String(decoding: digits, as: UTF8.self)
        let value = text.first == "x" ? UInt32(text.dropFirst(), radix: 16) : UInt32(text, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
