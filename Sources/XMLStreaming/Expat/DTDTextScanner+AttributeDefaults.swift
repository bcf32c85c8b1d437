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
        var reader = DTDTextScanner(Array(declaration))
        let bytes = reader.bytes
        func isAt(_ byte: Character) -> Bool { reader.offset < bytes.count && bytes[reader.offset] == UInt8(ascii: byte.unicodeScalars.first!) }
        func group() -> Bool {
            guard isAt("(") else { return false }
            while reader.offset < bytes.count, !isAt(")") { reader.offset += 1 }
            if reader.offset < bytes.count { reader.offset += 1 }
            return true
        }
        func literal() -> ArraySlice<UInt8>? {
            guard isAt("\"") || isAt("'") else { return nil }
            let quote = bytes[reader.offset]
            let start = reader.offset + 1
            guard let end = bytes[start...].firstIndex(of: quote) else { return nil }
            reader.offset = end + 1
            // As a slice of `declaration`, whose indices these are from its start.
            return declaration[(declaration.startIndex + start)..<(declaration.startIndex + end)]
        }
        var definitions: [(String, ArraySlice<UInt8>?)] = []
        // Past `<!ATTLIST` and the element's name.
        _ = reader.readName(from: 2)
        reader.skipSpace()
        _ = reader.readName(from: reader.offset)
        while true {
            reader.skipSpace()
            guard reader.offset < bytes.count, !isAt(">") else { return definitions }
            let defined = reader.readName(from: reader.offset)
            guard !defined.isEmpty else { return definitions }
            reader.skipSpace()
            if !group() {
                let type = reader.readName(from: reader.offset)
                guard !type.isEmpty else { return definitions }
                if type == "NOTATION" {
                    reader.skipSpace()
                    guard group() else { return definitions }
                }
            }
            reader.skipSpace()
            var value: ArraySlice<UInt8>?
            if isAt("#") {
                // `#REQUIRED`, `#IMPLIED` or `#FIXED`, read whole (`#` is no delimiter).
                if reader.readName(from: reader.offset) == "#FIXED" {
                    reader.skipSpace()
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
