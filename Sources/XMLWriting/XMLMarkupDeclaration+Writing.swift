internal import XMLSyntax

// An internal subset as text, each declaration checked: what the writer writes reads back.
extension XMLStreamWriter {
    /// What a reference to an entity of the written subset would read as.
    enum SubsetEntity {
        /// An internal entity of text and character references, or an external parsed one
        /// (never loaded by a reader that does not load external entities; loaded, it is
        /// the document's own content): `&name;` reads back.
        case referable
        /// An unparsed entity, or an internal one whose text holds markup or references
        /// whose reading the writer cannot check.
        case unchecked
    }

    /// What the written subset means for the rest of the document: the first declaration of
    /// an entity or of an element's attribute binds, as in XML.
    struct SubsetFacts {
        /// The general entities, by name.
        var entities: [[UInt8]: SubsetEntity] = [:]
        /// The namespace declarations the subset's attribute defaults add to a start tag that
        /// leaves them out (`<!ATTLIST e xmlns CDATA "urn:x">`), by element name as written.
        var namespaceDefaults: [[UInt8]: [(prefix: String?, uri: String)]] = [:]
        /// The attributes of a type other than CDATA, whose values a reader strips of leading
        /// and trailing spaces and collapses (XML 1.0, 3.3.3): element name, a zero byte,
        /// attribute name, as written.
        var tokenizedAttributes: Set<[UInt8]> = []
        /// The prefixes of the attributes the subset gives defaults (`<!ATTLIST e p:x CDATA
        /// "v">`), by element name as written: a reader needs them bound on that element.
        var prefixedDefaults: [[UInt8]: [String]] = [:]
        /// The attributes declared so far (element name, a zero byte, attribute name).
        fileprivate var declaredAttributes: Set<[UInt8]> = []
    }

    /// The subset's text, `[` to `]`, one declaration per line, and what it declares.
    func internalSubsetText(_ declarations: [XMLMarkupDeclaration]) throws(XMLWriterError) -> (text: String, facts: SubsetFacts) {
        var text = "[\n"
        var facts = SubsetFacts()
        for declaration in declarations {
            text += try markup(for: declaration, facts: &facts)
            text += "\n"
        }
        return (text + "]", facts)
    }

    /// The key of an element's attribute in ``SubsetFacts``.
    static func attributeKey(element: some Sequence<UInt8>, attribute: some Sequence<UInt8>) -> [UInt8] {
        Array(element) + [0] + Array(attribute)
    }

    private func markup(for declaration: XMLMarkupDeclaration, facts: inout SubsetFacts) throws(XMLWriterError) -> String {
        func refuse(_ what: String) -> XMLWriterError { XMLWriterError(.invalidDeclaration(what)) }
        switch declaration {
        case .element(let name, let content):
            guard XMLNameValidation.isValid(name) else { throw XMLWriterError(.invalidName(name)) }
            guard let model = DTDContentModel.normalized(content) else {
                throw refuse("<!ELEMENT \(name) …>: \"\(content)\" is not a content model")
            }
            return "<!ELEMENT \(name) \(model)>"

        case .attribute(let element, let name, let type, let defaultValue):
            guard XMLNameValidation.isValid(element) else { throw XMLWriterError(.invalidName(element)) }
            guard XMLNameValidation.isValid(name) else { throw XMLWriterError(.invalidName(name)) }
            guard let type = DTDContentModel.normalizedAttributeType(type) else {
                throw refuse("<!ATTLIST \(element) \(name) …>: \"\(type)\" is not an attribute type")
            }
            let written: String
            var value: String?
            switch defaultValue {
            case .required: written = "#REQUIRED"
            case .implied: written = "#IMPLIED"
            case .fixed(let fixed):
                value = try clean(fixed)
                written = "#FIXED \"\(try escapedDefault(value!))\""
            case .value(let given):
                value = try clean(given)
                written = "\"\(try escapedDefault(value!))\""
            }
            if let value, type != "CDATA", !Self.isNormalizedTokens(value) {
                throw refuse("<!ATTLIST \(element) \(name) …>: the default \"\(value)\" of a \(type) attribute would read back without its extra spaces")
            }
            let key = Self.attributeKey(element: element.utf8, attribute: name.utf8)
            // The first declaration of an element's attribute binds; a later one is ignored.
            if facts.declaredAttributes.insert(key).inserted {
                if type != "CDATA" { facts.tokenizedAttributes.insert(key) }
                if let value, let declaration = NamespaceDeclaration(attributeName: name) {
                    try checkNamespaceDefault(declaration.declaredPrefix, value, element: element, name: name)
                    facts.namespaceDefaults[Array(element.utf8), default: []].append((declaration.declaredPrefix, value))
                } else if value != nil, let colon = name.firstIndex(of: ":") {
                    facts.prefixedDefaults[Array(element.utf8), default: []].append(String(name[..<colon]))
                }
            }
            return "<!ATTLIST \(element) \(name) \(type) \(written)>"

        case .entity(let name, let value):
            try checkEntityName(name)
            let value = try clean(value)
            if Self.predefinedEntities[name] != nil {
                guard Self.predefinedEntities[name]!.contains(value) else {
                    throw refuse("<!ENTITY \(name) …>: the predefined entity \(name) may only be declared as itself")
                }
            }
            if facts.entities[Array(name.utf8)] == nil {
                facts.entities[Array(name.utf8)] = Self.isPlainText(value) ? .referable : .unchecked
            }
            return "<!ENTITY \(name) \(Self.entityValueLiteral(value))>"

        case .externalEntity(let name, let publicID, let systemID, let notation):
            try checkEntityName(name)
            if Self.predefinedEntities[name] != nil {
                throw refuse("<!ENTITY \(name) …>: the predefined entity \(name) may only be declared as itself")
            }
            if let notation { try checkEntityName(notation) }
            if facts.entities[Array(name.utf8)] == nil { facts.entities[Array(name.utf8)] = notation == nil ? .referable : .unchecked }
            return "<!ENTITY \(name) \(try externalID(publicID, systemID))" + (notation.map { " NDATA \($0)" } ?? "") + ">"

        case .parameterEntity(let name, let value):
            try checkEntityName(name)
            return "<!ENTITY % \(name) \(Self.entityValueLiteral(try clean(value)))>"

        case .externalParameterEntity(let name, let publicID, let systemID):
            try checkEntityName(name)
            return "<!ENTITY % \(name) \(try externalID(publicID, systemID))>"

        case .notation(let name, let publicID, let systemID):
            try checkEntityName(name)
            switch (publicID, systemID) {
            case (nil, nil): throw refuse("<!NOTATION \(name)>: a notation needs a public or a system identifier")
            case (let publicID?, nil): return "<!NOTATION \(name) PUBLIC \(try publicLiteral(publicID))>"
            default: return "<!NOTATION \(name) \(try externalID(publicID, systemID!))>"
            }

        case .comment(let text):
            let cleaned = try clean(text)
            guard Self.firstRange(of: Array("--".utf8), in: Substring(cleaned).utf8) == nil, cleaned.utf8.last != UInt8(ascii: "-") else {
                throw XMLWriterError(.invalidComment)
            }
            return "<!--\(cleaned)-->"

        case .processingInstruction(let target, let data):
            let cleaned = try clean(data)
            guard XMLNameValidation.isValid(target), target.asciiLowercased != "xml", Self.firstRange(of: Array("?>".utf8), in: Substring(cleaned).utf8) == nil
            else { throw XMLWriterError(.invalidProcessingInstruction(target)) }
            return cleaned.isEmpty ? "<?\(target)?>" : "<?\(target) \(cleaned)?>"
        }
    }

    /// Entity and notation names are names. (Namespaces in XML wants no colon in them; a
    /// name with one is written as given, for documents read without namespaces, as element
    /// names are, and ``XMLStreamWriter/entityReference(_:)`` refuses to reference it.)
    private func checkEntityName(_ name: String) throws(XMLWriterError) {
        guard XMLNameValidation.isValid(name) else { throw XMLWriterError(.invalidName(name)) }
    }

    /// A namespace declaration that a default adds must be one a reader accepts: the
    /// recommendation's reserved names, and no prefix undeclared (`xmlns:p=""`).
    private func checkNamespaceDefault(_ prefix: String?, _ uri: String, element: String, name: String) throws(XMLWriterError) {
        do throws(XMLWriterError) {
            if let prefix, prefix == "xmlns" || !XMLNameValidation.isValid(prefix, allowingColon: false) {
                throw XMLWriterError(.invalidPrefix(prefix))
            }
            try checkBinding(prefix, uri)
            try checkNamespaceCharacters(uri)
        } catch {
            throw XMLWriterError(.invalidDeclaration("<!ATTLIST \(element) \(name) …>: \(error.description)"))
        }
    }

    /// Whether a value of a tokenized type reads back as it is: no leading, trailing or
    /// doubled spaces, which a reader removes.
    static func isNormalizedTokens(_ value: String) -> Bool {
        let bytes = value.utf8
        if bytes.first == 0x20 || bytes.last == 0x20 { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x20 && previous == 0x20 { return false }
            previous = byte
        }
        return true
    }

    /// An attribute default, escaped as an attribute value (which it is, normalized alike).
    private func escapedDefault(_ value: String) throws(XMLWriterError) -> String {
        do throws(XMLInvalidCharacterError) {
            return try XMLEscaping.escapedAttributeValue(value, policy: options.characterPolicy)
        } catch {
            throw XMLWriterError(.invalidCharacter(error))
        }
    }

    private func publicLiteral(_ publicID: String) throws(XMLWriterError) -> String {
        guard publicID.unicodeScalars.allSatisfy(Self.isPublicIDCharacter) else { throw XMLWriterError(.invalidIdentifier(publicID)) }
        return publicID.utf8.contains(0x22) ? "'\(publicID)'" : "\"\(publicID)\""
    }

    /// `SYSTEM "s"` or `PUBLIC "p" "s"`.
    private func externalID(_ publicID: String?, _ systemID: String) throws(XMLWriterError) -> String {
        guard !(systemID.utf8.contains(0x22) && systemID.utf8.contains(0x27)), systemID.isValidXML else {
            throw XMLWriterError(.invalidIdentifier(systemID))
        }
        let system = systemID.utf8.contains(0x22) ? "'\(systemID)'" : "\"\(systemID)\""
        guard let publicID else { return "SYSTEM \(system)" }
        return "PUBLIC \(try publicLiteral(publicID)) \(system)"
    }

    /// The replacements XML 1.0 (section 4.6) allows for the predefined entities' declarations.
    private static let predefinedEntities: [String: [String]] = [
        "lt": ["&#60;"], "amp": ["&#38;"], "gt": [">", "&#62;"], "apos": ["'", "&#39;"], "quot": ["\"", "&#34;"],
    ]

    /// A replacement text as an `EntityValue` literal, quotes included, that reads back as
    /// it: a reference (`&name;`) stays one, since an entity value keeps general references
    /// as written; every other `&`, and `%` (a parameter reference there), the quote and
    /// carriage return (which reading would make a line feed) become character references.
    /// Single quotes when the text has double quotes and no single one, as xmllint writes.
    static func entityValueLiteral(_ value: String) -> String {
        let quote: Unicode.Scalar = value.utf8.contains(0x22) && !value.utf8.contains(0x27) ? "'" : "\""
        var out = String(quote)
        out.reserveCapacity(value.utf8.count)
        let scalars = Array(value.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "&":
                if let end = referenceEnd(in: scalars, at: i) {
                    // One at a time: `unicodeScalars.append(contentsOf:)` rebuilds the whole
                    // string (a value of n references took time n², WriterScalingTests).
                    for scalar in scalars[i...end] { out.unicodeScalars.append(scalar) }
                    i = end + 1
                    continue
                }
                out += "&#38;"
            case "%": out += "&#37;"
            case quote: out += quote == "'" ? "&#39;" : "&#34;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(c)
            }
            i += 1
        }
        out.unicodeScalars.append(quote)
        return out
    }

    /// Where the `;` of an entity reference `&name;` starting at `start` is, if one does,
    /// with a name without a colon (which a namespace-aware reader refuses in a literal;
    /// written `&#38;name;`, the replacement text is the same).
    private static func referenceEnd(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        var i = start + 1
        guard i < scalars.count, XMLNameValidation.isNameStart(scalars[i]), scalars[i] != ":" else { return nil }
        while i < scalars.count, XMLNameValidation.isNameChar(scalars[i]), scalars[i] != ":" { i += 1 }
        return i < scalars.count && scalars[i] == ";" ? i : nil
    }

    /// Whether a replacement text reads as text wherever it is referenced: no markup (nor
    /// `]]>`, which content may not hold), and every `&` a character reference to a
    /// character XML allows or a predefined entity's.
    static func isPlainText(_ value: String) -> Bool {
        if XMLStreamWriter.firstRange(of: Array("]]>".utf8), in: Substring(value).utf8) != nil { return false }
        let scalars = Array(value.unicodeScalars)
        var i = 0
        while i < scalars.count {
            switch scalars[i] {
            case "<": return false
            case "&":
                guard let end = scalars[(i + 1)...].firstIndex(of: ";") else { return false }
                let body = String(String.UnicodeScalarView(scalars[(i + 1)..<end]))
                if !["lt", "gt", "amp", "apos", "quot"].contains(body) {
                    let number: UInt32?
                    // Digits only: `UInt32("+5")` would read a sign XML does not allow.
                    if body.hasPrefix("#x") {
                        let digits = body.dropFirst(2)
                        number = !digits.isEmpty && digits.allSatisfy(\.isHexDigit) ? UInt32(digits, radix: 16) : nil
                    } else if body.hasPrefix("#") {
                        let digits = body.dropFirst()
                        number = !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isWholeNumber }) ? UInt32(digits) : nil
                    } else {
                        number = nil
                    }
                    guard let number, let scalar = Unicode.Scalar(number), String(scalar).isValidXML else { return false }
                }
                i = end
            default: break
            }
            i += 1
        }
        return true
    }
}
