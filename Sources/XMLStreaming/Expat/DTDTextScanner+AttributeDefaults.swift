extension DTDTextScanner {
    /// The key of an attribute's definition in ``attributeDefaults(in:parameterEntities:)``.
    static func defaultKey(element: String, attribute: String) -> String { element + " " + attribute }

    /// The attribute definitions with a default literal (quotes left out) in `text`, a
    /// parameter entity's replacement text, by ``defaultKey(element:attribute:)``, in the
    /// order expat reads them: the parameter entities `text` references between its
    /// declarations read in place (each once on a path, 64 deep at most), ignored sections
    /// passed over. expat reads such declarations from the entity's text, which is not in the
    /// document: this is where their defaults are written. An entity declared only inside
    /// the text read here is not known yet, and not read.
    static func attributeDefaults(in text: [UInt8], parameterEntities: [String: String]) -> [(key: String, literal: [UInt8])] {
        var defaults: [(key: String, literal: [UInt8])] = []
        var path: Set<String> = []
        func read(_ bytes: [UInt8], depth: Int) {
            var scanner = DTDTextScanner(bytes)
            while let token = scanner.next() {
                switch token {
                case .declaration(let declaration) where declaration.keyword == "ATTLIST":
                    for (attribute, literal) in Self.attributeDefinitions(inAttlist: bytes[declaration.start..<scanner.offset]) {
                        if let literal { defaults.append((Self.defaultKey(element: declaration.name, attribute: attribute), Array(literal))) }
                    }
                case .sectionStart(_, let keyword, _) where keyword.word(in: parameterEntities) == "IGNORE":
                    _ = scanner.skipIgnoredSection()
                case .reference(_, let name):
                    guard depth < 64, let value = parameterEntities[name], path.insert(name).inserted else { continue }
                    read(Array(value.utf8), depth: depth + 1)
                    path.remove(name)
                default:
                    break
                }
            }
        }
        read(text, depth: 0)
        return defaults
    }

    /// The attributes `declaration` (`<!ATTLIST name (AttDef)* >`, as written) defines, in
    /// order, each with its default literal when it has one: after its type (a name, or an
    /// enumeration, `NOTATION` with one) and `#FIXED`, if written. Ends at the first
    /// definition it cannot read (one a reference stands in).
    static func attributeDefinitions(inAttlist declaration: ArraySlice<UInt8>) -> [(String, ArraySlice<UInt8>?)] {
        let nameStops = Array("\"'>%()|#".utf8)
        var i = declaration.startIndex
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func skipSpace() { while i < declaration.endIndex, isSpace(declaration[i]) { i += 1 } }
        func name() -> String {
            let start = i
            while i < declaration.endIndex, !isSpace(declaration[i]), !nameStops.contains(declaration[i]) { i += 1 }
            return String(decoding: declaration[start..<i], as: UTF8.self)
        }
        func group() -> Bool {
            guard i < declaration.endIndex, declaration[i] == UInt8(ascii: "(") else { return false }
            while i < declaration.endIndex, declaration[i] != UInt8(ascii: ")") { i += 1 }
            if i < declaration.endIndex { i += 1 }
            return true
        }
        func literal() -> ArraySlice<UInt8>? {
            guard i < declaration.endIndex, declaration[i] == UInt8(ascii: "\"") || declaration[i] == UInt8(ascii: "'") else { return nil }
            let quote = declaration[i]
            let start = i + 1
            i = start
            while i < declaration.endIndex, declaration[i] != quote { i += 1 }
            guard i < declaration.endIndex else { return nil }
            defer { i += 1 }
            return declaration[start..<i]
        }
        var definitions: [(String, ArraySlice<UInt8>?)] = []
        // Past `<!ATTLIST` and the element's name.
        i += 2
        _ = name()
        skipSpace()
        _ = name()
        while true {
            skipSpace()
            guard i < declaration.endIndex, declaration[i] != UInt8(ascii: ">") else { return definitions }
            let defined = name()
            guard !defined.isEmpty else { return definitions }
            skipSpace()
            if !group() {
                let type = name()
                guard !type.isEmpty else { return definitions }
                if type == "NOTATION" {
                    skipSpace()
                    guard group() else { return definitions }
                }
            }
            skipSpace()
            var value: ArraySlice<UInt8>?
            if i < declaration.endIndex, declaration[i] == UInt8(ascii: "#") {
                i += 1
                if name() == "FIXED" {
                    skipSpace()
                    guard let fixed = literal() else { return definitions }
                    value = fixed
                }
            } else {
                guard let written = literal() else { return definitions }
                value = written
            }
            definitions.append((defined, value))
        }
    }
}
