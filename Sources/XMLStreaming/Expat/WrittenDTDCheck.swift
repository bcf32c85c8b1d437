/// What the caller's DTD, as written, breaks of the rules that tie markup to the parameter
/// entities it is written in: expat reads the DTD with its entities expanded and reports
/// neither of these, so the DTD's bytes are read as written, once, after expat has read
/// them without an error.
package struct XMLWrittenDTDIssue: Equatable {
    package enum Problem: Equatable {
        /// A conditional section whose `<![`, `[` and `]]>` are not all in one entity's
        /// text (XML 1.0's Proper Conditional Section/PE Nesting): which part is where.
        case splitSection(String)
        /// A declaration begun in the DTD's own text whose `>` is in a parameter entity's
        /// text (Proper Declaration/PE Nesting): the declaration as `<!ATTLIST a>`, the
        /// entity's name, and where the declaration begins.
        case declarationEndsInEntity(declaration: String, entity: String, start: XMLPosition)
    }

    package var problem: Problem
    /// Where: a section's `<![`, or the reference whose text holds a declaration's `>`.
    package var position: XMLPosition
    /// The DTD's name.
    package var fileName: String
}

enum WrittenDTDCheck {
    /// What `bytes` (a DTD expat read without an error, in UTF-8) breaks, in order:
    /// each declaration that ends in an entity's text, and the first conditional section
    /// split across one (the look stops there, and at a section whose keyword it cannot
    /// tell: declarations after either are not looked at). A section's keyword given by a
    /// parameter entity is its text as the parser read it (`parameterEntities`, the
    /// declaration that binds, the document's internal subset included); one that is not
    /// `INCLUDE` or `IGNORE` there ends the look.
    ///
    /// A section closed by a parameter entity referenced between its declarations
    /// (`<!ENTITY % end "]]>">`, then `%end;` inside it) is not well-formed: such a
    /// reference's text must be whole declarations (WFC: PE Between Declarations). Then the
    /// result is that reference alone, `notWellFormed`.
    static func issues(
        in bytes: [UInt8], parameterEntities: [String: String], fileName: String, fileOffset: (Int64) -> Int64 = { $0 }
    ) -> (issues: [XMLWrittenDTDIssue], notWellFormed: (position: XMLPosition, entity: String)?) {
        var found: [(offset: Int, start: Int?, problem: XMLWrittenDTDIssue.Problem)] = []
        var notWellFormed: (offset: Int, entity: String)?
        // Each entity's text read once, however often it is referenced.
        let closing = Set(parameterEntities.lazy.filter { holdsDeclarationEnd($0.value) }.map(\.key))
        var scanner = DTDTextScanner(bytes) { closing.contains($0) }
        // The sections open, innermost last, at their `<![`.
        var open: [Int] = []
        // The last parameter entity referenced between declarations inside a section.
        var reference: (offset: Int, name: String)?
        var stopped = false
        while !stopped, let token = scanner.next() {
            switch token {
            case .declaration(let declaration):
                guard let closing = declaration.closingReference else { continue }
                let name = declaration.name.isEmpty ? "" : (declaration.isParameterEntity ? " % " : " ") + declaration.name
                found.append(
                    (closing.offset, declaration.start,
                    .declarationEndsInEntity(declaration: "<!\(declaration.keyword)\(name)>", entity: closing.name, start: .start)))
            case .sectionStart(let start, let keyword, let hasBracket):
                if case .reference(let entity) = keyword, parameterEntities[entity]?.utf8.contains(UInt8(ascii: "[")) == true {
                    found.append((start, nil, .splitSection("its [ is in the text of parameter entity %\(entity);")))
                    stopped = true
                    continue
                }
                // A keyword this look cannot tell: it reads no further than it can be sure.
                guard let word = keyword.word(in: parameterEntities), word == "INCLUDE" || word == "IGNORE" else {
                    stopped = true
                    continue
                }
                guard hasBracket else {
                    let place = if case .reference(let entity) = keyword { "the text of parameter entity %\(entity);" } else { "a parameter entity's text" }
                    found.append((start, nil, .splitSection("its [ is in \(place)")))
                    stopped = true
                    continue
                }
                if word == "IGNORE" {
                    if scanner.skipIgnoredSection() == nil { open.append(start) }
                } else {
                    open.append(start)
                }
            case .sectionEnd(let offset):
                if open.popLast() == nil {
                    found.append((offset, nil, .splitSection("its ]]> ends a section begun in a parameter entity's text")))
                    stopped = true
                }
            case .reference(let offset, let name):
                // The reference that can end a section: its text holds a `]]>`.
                if !open.isEmpty, parameterEntities[name]?.contains("]]>") == true { reference = (offset, name) }
            }
        }
        if !stopped, let last = open.last {
            if let reference, reference.offset > last {
                notWellFormed = (reference.offset, reference.name)
            } else {
                found.append((last, nil, .splitSection("its ]]> is in a parameter entity's text")))
            }
        }

        // Counted as in a start tag, from the DTD's first character, in one pass; byte
        // offsets then in the file (`bytes` may be a conversion of it).
        let offsets = Set(found.flatMap { [$0.offset] + ($0.start.map { [$0] } ?? []) } + (notWellFormed.map { [$0.offset] } ?? [])).sorted()
        let positions = Dictionary(
            uniqueKeysWithValues: zip(
                offsets,
                AttributeEntityScanner(tag: bytes, namespaced: false)
                    .positions(of: offsets, tagStart: XMLPosition(line: 1, column: 1, byteOffset: 0), input: .utf8)
                    .map { XMLPosition(line: $0.line, column: $0.column, byteOffset: fileOffset($0.byteOffset)) }))
        if let notWellFormed { return ([], (positions[notWellFormed.offset]!, notWellFormed.entity)) }
        let issues = found.map { issue in
            var problem = issue.problem
            if case .declarationEndsInEntity(let declaration, let entity, _) = problem, let start = issue.start {
                problem = .declarationEndsInEntity(declaration: declaration, entity: entity, start: positions[start]!)
            }
            return XMLWrittenDTDIssue(problem: problem, position: positions[issue.offset]!, fileName: fileName)
        }
        return (issues, nil)
    }

    /// Whether a parameter entity's text, referenced inside a declaration, holds a `>`
    /// outside its literals: the declaration's end.
    static func holdsDeclarationEnd(_ text: String) -> Bool {
        var quote: UInt8?
        for byte in text.utf8 {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return true
            }
        }
        return false
    }
}
