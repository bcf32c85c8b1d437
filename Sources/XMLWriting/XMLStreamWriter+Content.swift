internal import XMLSyntax

// The XML declaration, the DOCTYPE, and content: text, CDATA, comments, PIs.
extension XMLStreamWriter {
    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` (with `standalone` when given). Must come first.
    public func declaration(standalone: Bool? = nil) throws(XMLWriterError) {
        try checkUsable()
        // Nothing at all may precede it, not even white space written with `text(_:)`.
        guard unsafe !state.wroteAnything, bytesWritten == 0 else { throw XMLWriterError(.misplacedDeclaration) }
        emit(literal: "<?xml version=\"1.0\" encoding=\"UTF-8\"")
        if let standalone { emit(standalone ? " standalone=\"yes\"" : " standalone=\"no\"") }
        emit(literal: "?>")
        unsafe state.wroteAnything = true
        unsafe state.declaredStandalone = standalone == true
    }

    /// Writes `<!DOCTYPE name PUBLIC "publicID" "systemID">` (or `SYSTEM "systemID"`, or just
    /// the name), with an internal subset when `internalSubset` has declarations:
    /// `<!DOCTYPE name [` and one declaration per line, each checked (see
    /// ``XMLMarkupDeclaration``). Must come before the root element, once.
    ///
    /// An entity the subset declares may then be referenced with ``entityReference(_:)``
    /// when a reader expands it to text: an internal entity of text and character references,
    /// or an external parsed entity.
    ///
    /// - Throws: ``XMLWriterError/Kind/misplacedDoctype`` after the root element started or a
    ///   first DOCTYPE, ``XMLWriterError/Kind/invalidName(_:)``,
    ///   ``XMLWriterError/Kind/invalidIdentifier(_:)`` and
    ///   ``XMLWriterError/Kind/invalidDeclaration(_:)`` for what XML could not read back; a
    ///   refused call writes nothing.
    public func doctype(
        name: String, publicID: String? = nil, systemID: String? = nil, internalSubset: [XMLMarkupDeclaration] = []
    ) throws(XMLWriterError) {
        try checkUsable()
        guard unsafe !state.wroteDoctype, unsafe state.open.isEmpty, unsafe !state.rootDone else {
            throw XMLWriterError(.misplacedDoctype)
        }
        guard XMLNameValidation.isValid(name) else { throw XMLWriterError(.invalidName(name)) }
        if let publicID, !publicID.unicodeScalars.allSatisfy(Self.isPublicIDCharacter) {
            throw XMLWriterError(.invalidIdentifier(publicID))
        }
        // Bytes, not Characters: a quote followed by a combining mark is still a quote.
        if let systemID, (systemID.utf8.contains(0x22) && systemID.utf8.contains(0x27)) || !systemID.isValidXML {
            throw XMLWriterError(.invalidIdentifier(systemID))
        }
        func quoted(_ s: String) -> String { s.utf8.contains(0x22) ? "'\(s)'" : "\"\(s)\"" }
        // Checked before anything is written.
        let subset = internalSubset.isEmpty ? nil : try internalSubsetText(internalSubset)
        beginMarkup()
        var written = "<!DOCTYPE \(name)"
        if let publicID {
            written += " PUBLIC \(quoted(publicID)) \(quoted(systemID ?? ""))"
        } else if let systemID {
            written += " SYSTEM \(quoted(systemID))"
        }
        if let subset { written += " " + subset.text }
        emit(written + ">")
        unsafe state.subset = subset?.facts ?? XMLStreamWriter.SubsetFacts()
        unsafe state.wroteDoctype = true
        unsafe state.doctypeHasExternalID = publicID != nil || systemID != nil
        try flushIfLarge()
    }

    /// XML's `PubidChar`.
    static func isPublicIDCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case " ", "\r", "\n", "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "-'()+,./:=?;!*#@$_%".unicodeScalars.contains(c)
        }
    }

    /// Writes character data, escaped. Outside the root element only white space is allowed.
    public func text(_ text: String) throws(XMLWriterError) {
        try checkUsable()
        let inRoot = unsafe !state.open.isEmpty
        if !inRoot {
            guard text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
                throw XMLWriterError(.contentOutsideRoot)
            }
            // White space outside the root is markup, not character data: written as it is
            // (a character reference such as `&#13;` is not allowed there).
            emit(text)
            try flushIfLarge()
            return
        }
        try checkTagCloses()
        // The start tag's `>` and the text go in together, or neither does (and so do the
        // bindings the subset's defaults add as the tag closes).
        let mark = unsafe state.buffer.count
        let closesTag = unsafe state.startTagOpen
        // Only a subset's namespace defaults bind anything as the tag closes.
        let scopeMark = unsafe closesTag && state.hasNamespaceDefaults ? state.namespaces.mark : nil
        if closesTag {
            applyNamespaceDefaults()
            unsafe state.buffer.append(UInt8(ascii: ">"))
        }
        do throws(XMLWriterError) { try escape(text, for: .text) } catch {
            rollBack(to: mark)
            if let scopeMark { unsafe state.namespaces.unwind(to: scopeMark) }
            throw error
        }
        if closesTag {
            unsafe state.startTagOpen = false
            unsafe state.tagNames.removeAll()
        }
        unsafe state.open[state.open.count - 1].keepsContentAsWritten = true
        try flushIfLarge()
    }

    /// Writes the entity reference `&name;`, for an entity the document's DTD declares (the
    /// tree keeps the references the parser could not expand, and writes them back this way).
    ///
    /// Only where it reads back: inside the root element, and for one of XML's five
    /// predefined entities (`lt`, `gt`, `amp`, `apos`, `quot`), for an entity the DOCTYPE's
    /// internal subset declares as text or as an external parsed entity, or after a DOCTYPE
    /// with a public or system identifier (an external DTD that may declare it) in a document
    /// not declared `standalone="yes"`. Like text, it keeps the open element's content as
    /// written.
    ///
    /// - Throws: ``XMLWriterError/Kind/invalidName(_:)`` for a name that is no XML name or has
    ///   a colon, ``XMLWriterError/Kind/contentOutsideRoot`` outside the root,
    ///   ``XMLWriterError/Kind/uncheckedEntity(_:)`` for an entity of the internal subset that
    ///   is unparsed or holds markup, and ``XMLWriterError/Kind/undeclaredEntity(_:)`` where no
    ///   DTD may declare it; a refused call writes nothing.
    public func entityReference(_ name: String) throws(XMLWriterError) {
        try checkUsable()
        guard unsafe !state.open.isEmpty else { throw XMLWriterError(.contentOutsideRoot) }
        guard XMLNameValidation.isValid(name), !name.utf8.contains(UInt8(ascii: ":")) else {
            throw XMLWriterError(.invalidName(name))
        }
        let predefined = ["lt", "gt", "amp", "apos", "quot"].contains { $0.utf8.elementsEqual(name.utf8) }
        // Declared in the subset written (whose first declaration binds), declared where a
        // reader finds it, or possibly in an external DTD a non-standalone document names.
        switch unsafe predefined ? .referable : state.subset.entities[Array(name.utf8)] {
        case .referable?: break
        case .unchecked?: throw XMLWriterError(.uncheckedEntity(name))
        case nil:
            guard unsafe state.doctypeHasExternalID && !state.declaredStandalone else {
                throw XMLWriterError(.undeclaredEntity(name))
            }
        }
        try checkTagCloses()
        if unsafe state.startTagOpen {
            applyNamespaceDefaults()
            unsafe state.buffer.append(UInt8(ascii: ">"))
            unsafe state.startTagOpen = false
            unsafe state.tagNames.removeAll()
        }
        emit("&" + name + ";")
        unsafe state.open[state.open.count - 1].keepsContentAsWritten = true
        try flushIfLarge()
    }

    /// Writes entity references as after a DOCTYPE naming an external DTD: for a fragment of a
    /// document that has one (the tree's `xmlString`), which is read in that document's context.
    package func assumesExternalDTD() {
        unsafe state.doctypeHasExternalID = true
    }

    /// From here on, writes the open element's content exactly as given: with indentation on,
    /// nothing is added inside it or inside the elements it contains, as for an element that
    /// holds text. Call it after `startElement` for mixed content or `xml:space="preserve"`,
    /// where added white space would change the text. Attributes may still follow.
    public func keepContentAsWritten() throws(XMLWriterError) {
        try checkUsable()
        guard unsafe !state.open.isEmpty else { throw XMLWriterError(.contentOutsideRoot) }
        unsafe state.open[state.open.count - 1].keepsContentAsWritten = true
    }

    /// Writes a CDATA section; a `]]>` inside is split across two sections.
    public func cdata(_ text: String) throws(XMLWriterError) {
        try checkUsable()
        guard unsafe !state.open.isEmpty else { throw XMLWriterError(.contentOutsideRoot) }
        let cleaned = try clean(text)
        try checkTagCloses()
        closeStartTag()
        unsafe state.open[state.open.count - 1].keepsContentAsWritten = true
        emit(literal: "<![CDATA[")
        // Split on bytes, not Characters: "]]>" followed by a combining mark is one
        // Character to String's search, but still ends the section.
        var rest = Substring(cleaned).utf8
        while let end = Self.firstRange(of: Array("]]>".utf8), in: rest) {
            emit(String(Substring(rest[..<end])))
            emit(literal: "]]]]><![CDATA[>")
            rest = rest[rest.index(end, offsetBy: 3)...]
        }
        emit(String(Substring(rest)))
        emit(literal: "]]>")
        try flushIfLarge()
    }

    /// Writes a comment; refuses one containing `--` or ending in `-`.
    public func comment(_ text: String) throws(XMLWriterError) {
        try checkUsable()
        let cleaned = try clean(text)
        guard Self.firstRange(of: Array("--".utf8), in: Substring(cleaned).utf8) == nil, cleaned.utf8.last != UInt8(ascii: "-")
        else { throw XMLWriterError(.invalidComment) }
        try checkTagCloses()
        beginMarkup()
        emit("<!--\(cleaned)-->")
        try flushIfLarge()
    }

    /// Writes `<?target data?>`; refuses the target `xml` (in any case, as expat does), a
    /// target that is not a name, and data containing `?>`. (A target with a colon reads back
    /// only without namespace processing, like element names written with a colon.)
    public func processingInstruction(target: String, data: String = "") throws(XMLWriterError) {
        try checkUsable()
        let cleaned = try clean(data)
        guard XMLNameValidation.isValid(target), target.asciiLowercased != "xml",
            Self.firstRange(of: Array("?>".utf8), in: Substring(cleaned).utf8) == nil
        else {
            throw XMLWriterError(.invalidProcessingInstruction(target))
        }
        try checkTagCloses()
        beginMarkup()
        emit(cleaned.isEmpty ? "<?\(target)?>" : "<?\(target) \(cleaned)?>")
        try flushIfLarge()
    }

    /// Where `pattern` first occurs in `bytes`, compared byte by byte (never by Character,
    /// whose grapheme clusters can hide a `--` or `?>` followed by a combining mark).
    /// - Complexity: O(n · pattern length); the patterns are two or three bytes.
    static func firstRange(of pattern: [UInt8], in bytes: Substring.UTF8View) -> Substring.UTF8View.Index? {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index...].starts(with: pattern) { return index }
            index = bytes.index(after: index)
        }
        return nil
    }
}
