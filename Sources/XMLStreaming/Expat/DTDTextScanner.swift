/// The caller's DTD as written, in the tokens the receiver's looks at it need, read the one
/// way XML 1.0 reads a DTD: comments, processing instructions and the literals of
/// declarations hold no markup, and an ignored section's content holds only the sections
/// nested in it. expat expands parameter entities before it reports anything, so what is
/// split across an entity's text (a section, a declaration) can only be seen here.
///
/// For a DTD in an ASCII-compatible encoding: bytes are compared with ASCII, names read
/// as UTF-8. One pass; each token is read once.
struct DTDTextScanner {
    /// A markup declaration written in the DTD's own text, from its `<!` (not `<![`).
    struct Declaration {
        /// The offset of its `<`.
        var start: Int
        /// Its keyword (`ELEMENT`, `ATTLIST`, `ENTITY`, `NOTATION`) and the name after it
        /// (an entity's `%` passed over); empty when not written there.
        var keyword: String
        var name: String
        /// Whether it declares a parameter entity (`<!ENTITY % name`).
        var isParameterEntity = false
        /// Its first literal's text as written, quotes left out (an entity's value).
        var literal: String?
        /// The offsets of the `%`s written right after a `)`.
        var referencesAfterParenthesis: [Int] = []
        /// The reference whose text holds the declaration's `>`, as the scanner's
        /// `closesDeclaration` tells: the declaration ends in that entity's text.
        var closingReference: (offset: Int, name: String)?
    }

    /// What a conditional section's keyword is written as.
    enum Keyword {
        /// `INCLUDE`, `IGNORE` or anything else, as written.
        case written(String)
        /// A parameter entity's reference (`<![%draft;[`): its name.
        case reference(String)

        /// The keyword it stands for, its reference read through `parameterEntities` (each
        /// entity's text): `INCLUDE`, `IGNORE`, or anything else; `nil` for an entity not there.
        func word(in parameterEntities: [String: String]) -> String? {
            switch self {
            case .written(let word): return word
            case .reference(let name): return parameterEntities[name].map(\.trimmingXMLSpace)
            }
        }
    }

    enum Token {
        case declaration(Declaration)
        /// `<![`, at `start`, its keyword, and whether a `[` follows it in the DTD's text.
        case sectionStart(start: Int, keyword: Keyword, hasBracket: Bool)
        /// `]]>`, at `offset`, ending the innermost section (or one begun elsewhere).
        case sectionEnd(offset: Int)
        /// A parameter entity referenced between declarations, at its `%`.
        case reference(offset: Int, name: String)
    }

    let bytes: [UInt8]
    /// Whether a parameter entity's text holds the `>` of a declaration it is referenced in.
    private let closesDeclaration: (String) -> Bool
    /// The next byte to read.
    var offset = 0

    /// A scanner of `bytes`; `closesDeclaration` tells, by its name, whether a parameter
    /// entity's text ends a declaration that references it (unknown before the DTD is
    /// read: then no declaration is taken to end in an entity's text).
    init(_ bytes: [UInt8], closesDeclaration: @escaping (String) -> Bool = { _ in false }) {
        self.bytes = bytes
        self.closesDeclaration = closesDeclaration
    }

    /// The next token, or `nil` at the end of the DTD.
    mutating func next() -> Token? {
        while offset < bytes.count {
            if starts("<!--") {
                offset = after("-->", from: offset + 4)
            } else if starts("<?") {
                offset = after("?>", from: offset + 2)
            } else if starts("<![") {
                return sectionStart()
            } else if starts("]]>") {
                defer { offset += 3 }
                return .sectionEnd(offset: offset)
            } else if starts("<!") {
                return .declaration(declaration())
            } else if bytes[offset] == UInt8(ascii: "%") {
                let start = offset
                let name = readName(from: offset + 1)
                if offset < bytes.count, bytes[offset] == UInt8(ascii: ";") { offset += 1 }
                return .reference(offset: start, name: name)
            } else {
                offset += 1
            }
        }
        return nil
    }

    /// Passes over the content of the section just begun, which ignores it, and its `]]>`:
    /// only the sections nested in it count there (XML 1.0, 3.4). Returns the offset of that
    /// `]]>`, or `nil` when the DTD's text ends first.
    mutating func skipIgnoredSection() -> Int? {
        var depth = 0
        while offset < bytes.count {
            if starts("<![") {
                depth += 1
                offset += 3
            } else if starts("]]>") {
                offset += 3
                if depth == 0 { return offset - 3 }
                depth -= 1
            } else {
                offset += 1
            }
        }
        return nil
    }

    private mutating func sectionStart() -> Token {
        let start = offset
        offset += 3
        skipSpace()
        let keyword: Keyword
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "%") {
            keyword = .reference(readName(from: offset + 1))
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ";") { offset += 1 }
        } else {
            keyword = .written(readName(from: offset))
        }
        skipSpace()
        let hasBracket = offset < bytes.count && bytes[offset] == UInt8(ascii: "[")
        if hasBracket { offset += 1 }
        return .sectionStart(start: start, keyword: keyword, hasBracket: hasBracket)
    }

    /// A declaration, to its `>` over its literals; or to a reference whose text holds its
    /// `>`; or, written without one, to the next markup (a declaration that ends in an
    /// entity's text the scanner was not told of).
    private mutating func declaration() -> Declaration {
        var declaration = Declaration(start: offset, keyword: readName(from: offset + 2), name: "")
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "%"), offset + 1 < bytes.count, isSpace(bytes[offset + 1]) {
            declaration.isParameterEntity = true
            offset += 1
            skipSpace()
        }
        if offset < bytes.count, bytes[offset] != UInt8(ascii: "%") { declaration.name = readName(from: offset) }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: ">") {
                offset += 1
                break
            }
            if byte == UInt8(ascii: "<") || starts("]]>") { break }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                offset += 1
                let start = offset
                while offset < bytes.count, bytes[offset] != byte { offset += 1 }
                if declaration.literal == nil { declaration.literal = String(decoding: bytes[start..<offset], as: UTF8.self) }
                offset = min(bytes.count, offset + 1)
            } else if byte == UInt8(ascii: "%") {
                let reference = offset
                if reference > 0, bytes[reference - 1] == UInt8(ascii: ")") { declaration.referencesAfterParenthesis.append(reference) }
                let name = readName(from: offset + 1)
                if offset < bytes.count, bytes[offset] == UInt8(ascii: ";") { offset += 1 }
                if closesDeclaration(name) {
                    declaration.closingReference = (reference, name)
                    break
                }
            } else {
                offset += 1
            }
        }
        return declaration
    }

    private func starts(_ marker: String, at index: Int? = nil) -> Bool {
        bytes[(index ?? offset)...].starts(with: marker.utf8)
    }

    /// The index after the first `marker` from `index`, or the end.
    private func after(_ marker: String, from index: Int) -> Int {
        var i = index
        while i < bytes.count, !starts(marker, at: i) { i += 1 }
        return min(bytes.count, i + marker.utf8.count)
    }

    /// The name from `index` (to white space or a delimiter); the scanner moves past it.
    mutating func readName(from index: Int) -> String {
        var end = index
        while end < bytes.count, !isSpace(bytes[end]), !Self.delimiters.contains(bytes[end]) { end += 1 }
        offset = end
        return String(decoding: bytes[min(index, end)..<end], as: UTF8.self)
    }

    private static let delimiters: [UInt8] = Array(";[]\"'>%<()|,".utf8)

    mutating func skipSpace() { while offset < bytes.count, isSpace(bytes[offset]) { offset += 1 } }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}

extension String {
    /// The string without XML white space at either end.
    var trimmingXMLSpace: String {
        let scalars = unicodeScalars.drop { " \t\r\n".unicodeScalars.contains($0) }.reversed().drop { " \t\r\n".unicodeScalars.contains($0) }
        return String(String.UnicodeScalarView(scalars.reversed()))
    }
}
