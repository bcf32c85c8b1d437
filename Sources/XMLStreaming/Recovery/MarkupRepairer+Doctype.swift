/// A DOCTYPE being read: its header is held and checked, its internal subset passed through.
struct DoctypeState {
    enum Phase { case header, subset, afterSubset }

    var phase: Phase = .header
    /// Left out: misplaced, or its header is not XML's.
    var discarded = false
    /// The header after `<!DOCTYPE`, up to `[` or `>`.
    var header: [UInt8] = []
    var quote: UInt8 = 0
    var inComment = false
    var inProcessingInstruction = false
    /// The last bytes seen, to recognise `<!--`, `-->`, `<?`, `?>` and `<!ENTITY`.
    var window: [UInt8] = []
    /// An entity declaration being read, after `<!ENTITY`.
    var declaration: [UInt8]?
    var line = 1
    var column = 1

    init() {}
    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// What an internal-subset declaration says an entity is, which decides where a reference
/// to it may stand.
enum DeclaredEntity {
    /// Its value is in the declaration. `attributeSafe` when it holds no `<` and no `&`
    /// (so no markup, no reference that could turn into `<`).
    case `internal`(attributeSafe: Bool, refersToItself: Bool)
    /// Its text is in another file, never loaded: a skipped entity in content.
    case external
    /// An `NDATA` entity: never referenced by `&name;`.
    case unparsed
}

// DOCTYPEs: the header checked against XML's grammar, the internal subset passed through
// with its comments, PIs and quotes understood, and its entity declarations remembered.
extension MarkupRepairer {
    mutating func doctypeStep(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) throws -> Int? {
        let b = unsafe p[i]
        let length = Self.scalarLength(b)
        if doctype.phase == .header {
            if doctype.header.count > tokenLimit { throw tooLarge("a DOCTYPE") }
            if doctype.quote != 0 {
                if b == doctype.quote { doctype.quote = 0 }
            } else if b == 0x22 || b == 0x27 {
                doctype.quote = b
            } else if b == 0x5B || b == 0x3E {
                finishHeader(endingWith: b)
                return 1
            }
            if unsafe illegalCharacter(p, i) == nil {
                unsafe doctype.header.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
            } else {
                var ignored: [UInt8] = []
                unsafe illegal(Self.scalar(p, i), into: &ignored)
            }
            return length
        }
        if doctype.phase == .afterSubset {
            if b == 0x3E {
                if !doctype.discarded { emit(b) }
                mode = .text
                sawDoctype = true
            } else if Self.isSpace(b) {
                if !doctype.discarded { emit(b) }
            }
            return length
        }
        unsafe subsetCharacter(p, i, b)
        return length
    }

    /// The header is complete: keeps the DOCTYPE if it is `Name (SYSTEM lit | PUBLIC pubid lit)?`.
    private mutating func finishHeader(endingWith b: UInt8) {
        if !doctype.discarded {
            if let external = Self.checkedHeader(doctype.header) {
                hasExternalSubset = external
                emit(Array("<!DOCTYPE".utf8) + doctype.header + [b])
            } else {
                doctype.discarded = true
                report(.misplacedDeclaration, "the DOCTYPE does not name the root and an external ID as XML needs; left out",
                    line: doctype.line, column: doctype.column)
            }
        }
        if b == 0x3E {
            mode = .text
            sawDoctype = true
        } else {
            doctype.phase = .subset
        }
    }

    /// One character of the internal subset: emitted (unless left out), with quotes,
    /// comments and PIs tracked so that only a real `]` ends the subset.
    private mutating func subsetCharacter(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ b: UInt8) {
        let length = Self.scalarLength(b)
        if let value = unsafe illegalCharacter(p, i) {
            var replacement: [UInt8] = []
            illegal(value, into: &replacement)
            if !doctype.discarded { emit(replacement) }
            return
        }
        if !doctype.discarded { unsafe emit(UnsafeBufferPointer(rebasing: p[i..<(i + length)])) }
        doctype.window.append(b)
        if doctype.window.count > 8 { doctype.window.removeFirst() }
        if doctype.declaration != nil { unsafe doctype.declaration!.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)])) }
        if doctype.inComment {
            if doctype.window.suffix(3).elementsEqual("-->".utf8) { doctype.inComment = false }
            return
        }
        if doctype.inProcessingInstruction {
            if doctype.window.suffix(2).elementsEqual("?>".utf8) { doctype.inProcessingInstruction = false }
            return
        }
        if doctype.quote != 0 {
            if b == doctype.quote { doctype.quote = 0 }
            return
        }
        switch b {
        case 0x22, 0x27: doctype.quote = b
        case 0x5D where doctype.declaration == nil: doctype.phase = .afterSubset
        case 0x3E:
            if let declaration = doctype.declaration {
                doctype.declaration = nil
                if !doctype.discarded { declareEntity(declaration) }
            }
        default:
            if doctype.window.suffix(4).elementsEqual("<!--".utf8) { doctype.inComment = true }
            if doctype.window.suffix(2).elementsEqual("<?".utf8) { doctype.inProcessingInstruction = true }
            if doctype.window.elementsEqual("<!ENTITY".utf8) { doctype.declaration = [] }
        }
    }

    /// Reads `name "value">` or `name SYSTEM "…" [NDATA n]>` and remembers the entity; the
    /// first declaration of a name is the one that counts. Parameter entities are ignored.
    private mutating func declareEntity(_ declaration: [UInt8]) {
        var i = 0
        while i < declaration.count, Self.isSpace(declaration[i]) { i += 1 }
        guard i < declaration.count, declaration[i] != 0x25 else { return }
        let nameStart = i
        while i < declaration.count, !Self.isSpace(declaration[i]), declaration[i] != 0x22, declaration[i] != 0x27,
            declaration[i] != 0x3E
        {
            i += 1
        }
        let name = Array(declaration[nameStart..<i])
        guard !name.isEmpty, declaredEntities[name] == nil else { return }
        while i < declaration.count, Self.isSpace(declaration[i]) { i += 1 }
        guard i < declaration.count else { return }
        let kind: DeclaredEntity
        if declaration[i] == 0x22 || declaration[i] == 0x27 {
            let quote = declaration[i]
            let value = declaration[(i + 1)...].prefix { $0 != quote }
            // `&name;` in the value. A name holds no `&`, so a match tried at each `&` fails
            // by the next one at the latest: linear in the value.
            let reference = name + [0x3B]
            let refersToItself = value.indices.contains { start in
                value[start] == 0x26 && value[(start + 1)...].starts(with: reference)
            }
            kind = .internal(attributeSafe: !value.contains(0x3C) && !value.contains(0x26), refersToItself: refersToItself)
        } else {
            // Bytes split at XML's white space: the keyword is ASCII.
            let words = declaration[i...].split(whereSeparator: Self.isSpace)
            kind = words.contains { $0.elementsEqual("NDATA".utf8) } ? .unparsed : .external
        }
        declaredEntities[name] = kind
    }

    /// Whether `header` is `S? Name (S ExternalID)? S?`; then whether it has an ExternalID.
    /// `nil` when it is not. Read as bytes: every delimiter is ASCII, and a quote or space
    /// followed by a combining mark is still a quote or a space (as `Character`s they were
    /// one cluster, and a no-break space passed for a separator).
    static func checkedHeader(_ header: [UInt8]) -> Bool? {
        var words: [ArraySlice<UInt8>] = []
        var i = 0
        // Split into names and quoted literals.
        while i < header.count {
            let first = header[i]
            if isSpace(first) {
                i += 1
                continue
            }
            if first == 0x22 || first == 0x27 {
                guard let close = header[(i + 1)...].firstIndex(of: first) else { return nil }
                words.append(header[i...close])
                i = close + 1
            } else {
                let end = header[i...].firstIndex { isSpace($0) || $0 == 0x22 || $0 == 0x27 } ?? header.count
                words.append(header[i..<end])
                i = end
            }
        }
        func isLiteral(_ word: ArraySlice<UInt8>) -> Bool { word.first == 0x22 || word.first == 0x27 }
        guard let name = words.first, !isLiteral(name) else { return nil }
        guard header.first.map(Self.isSpace) ?? false else { return nil }
        var nameBytes = Array(name)
        let valid = unsafe nameBytes.withUnsafeMutableBufferPointer { bytes -> Bool in
            let p = UnsafeBufferPointer(bytes)
            guard unsafe Self.isNameStart(p, 0) else { return false }
            var i = 0
            while i < p.count {
                guard unsafe Self.isNameChar(p, i) else { return false }
                unsafe i += Self.scalarLength(p[i])
            }
            return true
        }
        guard valid else { return nil }
        func isPublicID(_ word: ArraySlice<UInt8>) -> Bool {
            isLiteral(word) && word.dropFirst().dropLast().allSatisfy { c in
                c == 0x20 || c == 0x0D || c == 0x0A || (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A)
                    || (c >= 0x30 && c <= 0x39) || "-'()+,./:=?;!*#@$_%".utf8.contains(c)
            } && !(word.first == 0x27 && word.dropFirst().dropLast().contains(0x27))
        }
        switch words.count {
        case 1: return false
        case 3 where words[1].elementsEqual("SYSTEM".utf8) && isLiteral(words[2]): return true
        case 4 where words[1].elementsEqual("PUBLIC".utf8) && isPublicID(words[2]) && isLiteral(words[3]): return true
        default: return nil
        }
    }

    /// The input ended inside the DOCTYPE: closes what is open.
    mutating func completeDoctype() {
        report(.truncated, "the input ends inside the DOCTYPE; closed", line: doctype.line, column: doctype.column)
        switch doctype.phase {
        case .header:
            if doctype.quote != 0 { doctype.header.append(doctype.quote) }
            finishHeader(endingWith: 0x3E)
        case .subset:
            if !doctype.discarded {
                if doctype.inComment { emit(Array("-->".utf8)) }
                if doctype.inProcessingInstruction { emit(Array("?>".utf8)) }
                if doctype.quote != 0 { emit(doctype.quote) }
                if doctype.declaration != nil { emit(0x3E) }
                emit(Array("]>".utf8))
            }
        case .afterSubset:
            if !doctype.discarded { emit(0x3E) }
        }
        mode = .text
        sawDoctype = true
    }
}
