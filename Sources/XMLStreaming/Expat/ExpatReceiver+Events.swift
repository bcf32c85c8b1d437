internal import CExpat
internal import XMLSyntax

// The entry points ExpatCallbacks calls, one per expat event: the limits, then the
// handler through one generic entry point (`dispatch`).
extension ExpatReceiver {
    // MARK: - Callback entry points (called from ExpatCallbacks)

    /// An event with nothing of its own to check: delivered unless an error has stopped
    /// the document.
    @inline(__always)
    func receive<Event: HandlerEvent>(_ event: Event) {
        guard pendingError == nil else { return }
        deliver(event)
    }

    /// Hands an event to the handler from inside expat: an error stops expat.
    @inline(__always)
    func deliver<Event: HandlerEvent>(_ event: Event) {
        do {
            try dispatch(event)
            if wantsAfterEvent { afterEvent() }
        } catch { fail(error) }
    }

    final func receiveStartElement(
        _ name: UnsafePointer<XML_Char>, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?
    ) {
        guard pendingError == nil else { return }
        depth += 1
        unsafe openElementOffsets.append(Int64(XML_GetCurrentByteIndex(parser)))
        textRun = 0
        if depth > depthLimit {
            return fail(
                limitError(
                    .depthLimitExceeded, "elements are nested deeper than the limit of \(depthLimit)",
                    at: currentPosition()))
        }
        // A tag shorter than the smallest limit cannot hold a name or value over it, unless
        // entities, DTD defaults or transcoding make values longer than the tag.
        if unsafe valuesMayOutgrowTags || Int(XML_GetCurrentByteCount(parser)) > tagCheckThreshold,
            let error = unsafe checkSizes(name, attributes)
        {
            return fail(error)
        }
        // Only tags with attributes need the count of those written (versus DTD defaults).
        let specified = unsafe attributes?.pointee == nil ? 0 : Int(XML_GetSpecifiedAttributeCount(parser))
        if entitiesMayBeUndeclared, scansAttributeEntities, let attributes = unsafe attributes, unsafe attributes.pointee != nil {
            return unsafe receiveStartElementWithEntities(name, attributes, specified: specified)
        }
        unsafe deliver(
            HandlerEvents.StartElement(
                name: XMLName(raw: name, namespaced: namespaced),
                attributes: XMLAttributes(pairs: attributes, specifiedCount: specified, namespaced: namespaced)))
    }

    /// The per-name and per-value limits, checked only for tags longer than a limit.
    func checkSizes(
        _ name: UnsafePointer<XML_Char>, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?
    ) -> XMLParseError? {
        let limits = options.limits
        if let maximum = limits.maximumNameLength, unsafe writtenLength(of: name) > maximum {
            return limitError(.nameTooLong, "a name is longer than the limit of \(maximum) bytes", at: currentPosition())
        }
        guard let attributes = unsafe attributes else { return nil }
        var i = 0
        while let attributeName = unsafe attributes[i], let value = unsafe attributes[i + 1] {
            if let maximum = limits.maximumNameLength, unsafe writtenLength(of: attributeName) > maximum {
                return limitError(
                    .nameTooLong, "an attribute name is longer than the limit of \(maximum) bytes",
                    at: currentPosition())
            }
            if let maximum = limits.maximumAttributeValueLength, unsafe strlen(value) > maximum {
                return limitError(
                    .attributeValueTooLong, "an attribute value is longer than the limit of \(maximum) bytes",
                    at: currentPosition())
            }
            i += 2
        }
        return nil
    }

    /// The length of a name as written (prefix, colon, local name), not counting the
    /// namespace URI that expat puts in front of it.
    func writtenLength(of name: UnsafePointer<XML_Char>) -> Int {
        let view = unsafe XMLName(raw: name, namespaced: namespaced)
        return view.localName.count + (view.prefix.map { $0.count + 1 } ?? 0)
    }

    final func receiveEndElement(_ name: UnsafePointer<XML_Char>) {
        guard pendingError == nil else { return }
        textRun = 0
        // expat reports an empty-element tag's end with no bytes of its own.
        inEmptyElementEnd = unsafe XML_GetCurrentByteCount(parser) == 0
        unsafe deliver(HandlerEvents.EndElement(name: XMLName(raw: name, namespaced: namespaced)))
        inEmptyElementEnd = false
        depth -= 1
        openElementOffsets.removeLast()
        if pinnedOpenElements.count > openElementOffsets.count { pinnedOpenElements.removeLast() }
    }

    final func receiveCharacters(_ text: UnsafePointer<XML_Char>, _ length: Int32) {
        guard pendingError == nil else { return }
        textRun += Int(length)
        if textRun > textLimit {
            return fail(
                limitError(
                    .textTooLong, "a run of text is longer than the limit of \(textLimit) bytes", at: currentPosition()))
        }
        let view = unsafe XMLStringView(
            base: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: Int(length))
        deliver(HandlerEvents.Characters(text: view))
    }

    final func receiveXMLDeclaration(
        _ version: UnsafePointer<XML_Char>?, _ encoding: UnsafePointer<XML_Char>?, _ standalone: Int32
    ) {
        guard pendingError == nil else { return }
        // A text declaration (in an external entity) has no version; the only external
        // entity read is the caller's DTD, whose text declaration (which may have one) is not
        // the document's.
        guard let version = unsafe version, unsafe dtdParser == nil else { return }
        let declaration = unsafe XMLDeclaration(
            version: String(cString: version),
            encoding: encoding.map { unsafe String(cString: $0) },
            standalone: standalone < 0 ? nil : standalone == 1)
        declaredEncoding = declaration.encoding
        if let encoding = declaration.encoding, !Self.isUTF8(encoding) { valuesMayOutgrowTags = true }
        deliver(HandlerEvents.XMLDeclaration(declaration: declaration))
    }

    final func receiveStartDoctype(
        _ name: UnsafePointer<XML_Char>?, _ systemID: UnsafePointer<XML_Char>?,
        _ publicID: UnsafePointer<XML_Char>?, _ hasInternalSubset: Int32
    ) {
        guard pendingError == nil else { return }
        valuesMayOutgrowTags = true
        if unsafe systemID != nil || publicID != nil { entitiesMayBeUndeclared = true }
        doctypeSystemID = unsafe systemID.map { unsafe String(cString: $0) }
        if hasInternalSubset != 0, options.externalDTD == nil {
            // The Expand variant: the other leaves internal entities in content unexpanded,
            // even once the handler is gone.
            unsafe XML_SetDefaultHandlerExpand(parser, ExpatCallbacks.internalSubsetDefault)
        }
        let doctype = unsafe XMLDoctype(
            name: name.map { unsafe String(cString: $0) } ?? "",
            systemID: unsafe systemID.map { unsafe String(cString: $0) },
            publicID: unsafe publicID.map { unsafe String(cString: $0) },
            hasInternalSubset: hasInternalSubset != 0)
        deliver(HandlerEvents.StartDoctype(doctype: doctype))
    }

    final func receiveEndDoctype() {
        unsafe XML_SetDefaultHandlerExpand(parser, nil)
        receive(HandlerEvents.EndDoctype())
    }

    /// A reference to a parameter entity in the internal subset while none are parsed: the
    /// declarations after it are incomplete, and references to undeclared entities pass
    /// from then on. Reported as a skipped parameter entity, as when one is not read.
    final func receiveUnreadParameterEntityReference(_ name: UnsafePointer<XML_Char>, _ length: Int32) {
        guard pendingError == nil else { return }
        entitiesMayBeUndeclared = true
        // A copy, as for an external entity's name: the event is rare, and a borrowed view
        // of expat's bytes would be one more rebinding of memory to keep safe.
        var entity = unsafe String(decoding: UnsafeRawBufferPointer(start: name, count: Int(length)), as: UTF8.self)
        entity.withUTF8 { utf8 in unsafe receiveUnexpandedEntity(XMLStringView(borrowing: utf8), true) }
    }

    final func receiveSkippedEntity(_ name: UnsafePointer<XML_Char>, _ isParameterEntity: Bool) {
        guard pendingError == nil else { return }
        if isParameterEntity { entitiesMayBeUndeclared = true }
        unsafe receiveUnexpandedEntity(XMLStringView(cString: name), isParameterEntity)
    }

    /// A reference in content that expat did not expand: reported, or handled by the
    /// options' policy.
    func receiveUnexpandedEntity(_ name: XMLStringView, _ isParameterEntity: Bool) {
        guard let policy = options.unexpandedEntities, !isParameterEntity else {
            return deliver(HandlerEvents.SkippedEntity(name: name, isParameterEntity: isParameterEntity))
        }
        let entityName = name.string
        guard var text = policy.replacement(for: entityName) else {
            return fail(
                limitError(
                    .unexpandedEntity, XMLParseError.unexpandedEntityMessage(name: entityName, policy: policy),
                    at: currentPosition()))
        }
        guard !text.isEmpty else { return }
        textRun += text.utf8.count
        if textRun > textLimit {
            return fail(
                limitError(
                    .textTooLong, "a run of text is longer than the limit of \(textLimit) bytes", at: currentPosition()))
        }
        // The view borrows `text` only inside withUTF8, and the handler gets it only for the
        // call, as it gets expat's own text (UnexpandedEntityTests read the values).
        text.withUTF8 { utf8 in unsafe deliver(HandlerEvents.Characters(text: XMLStringView(borrowing: utf8))) }
    }

    /// Names of external general entities by system and public identifier, recorded from
    /// their declarations: expat does not pass the name to the external-entity handler.
    /// Keyed by code points: identifiers that differ only there name different entities.
    var externalEntityNames: [CodePointString: String] {
        get { unsafe document.externalEntityNames }
        _modify { yield unsafe &document.externalEntityNames }
        set { unsafe document.externalEntityNames = newValue }
    }

    /// The key of an external entity in ``externalEntityNames``; a parameter entity's begins
    /// with `%` (a system ID cannot hold the NUL that ends the general entities' first part).
    static func entityKey(_ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?, parameter: Bool = false)
        -> CodePointString
    {
        unsafe CodePointString(
            (parameter ? "%" : "") + (systemID.map { unsafe String(cString: $0) } ?? "") + "\u{0}"
                + (publicID.map { unsafe String(cString: $0) } ?? ""))
    }

    final func receiveEntityDeclaration(
        _ name: UnsafePointer<XML_Char>, _ isParameterEntity: Bool, _ value: UnsafePointer<XML_Char>?,
        _ valueLength: Int, _ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?,
        _ notationName: UnsafePointer<XML_Char>?
    ) {
        // Before its own name counts: a value cannot reference the entity it declares.
        let undeclaredInValue = unsafe value != nil && dtdParser != nil ? undeclaredParameterEntityInValue() : nil
        if isParameterEntity {
            // A reference to it, which expat reports nowhere while it parses no parameter
            // entities, lets references to undeclared entities pass: dropped from attribute
            // values without a word, unless the receiver looks for them in the tags.
            entitiesMayBeUndeclared = true
            let entity = unsafe String(cString: name)
            if let value = unsafe value, !declaredParameterEntities.contains(entity) {
                unsafe parameterEntityValues[entity] = String(decoding: UnsafeRawBufferPointer(start: value, count: valueLength), as: UTF8.self)
            }
            declaredParameterEntities.insert(entity)
        } else {
            let entity = unsafe String(cString: name)
            if let value = unsafe value, !declaredGeneralEntities.contains(entity) {
                unsafe generalEntityValues[entity] = Array(UnsafeRawBufferPointer(start: value, count: valueLength))
            }
            declaredGeneralEntities.insert(entity)
            undeclaredInEntity.removeAll()
        }
        if unsafe systemID != nil {
            let key = unsafe Self.entityKey(systemID, publicID, parameter: isParameterEntity)
            if externalEntityNames[key] == nil { externalEntityNames[key] = unsafe String(cString: name) }
        }
        guard pendingError == nil else { return }
        if options.readsControlCharacterReferences, let value = unsafe value,
            let scalar = unsafe Self.reservedScalar(in: UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: valueLength))
        {
            // Its references are resolved: U+FDD0...U+FDEF here would read as control characters.
            return unsafe failReserved(scalar, in: "the value of entity \(String(cString: name))")
        }
        let declaration = unsafe XMLEntityDeclaration(
            name: String(cString: name),
            value: value.map {
                unsafe String(decoding: UnsafeRawBufferPointer(start: $0, count: valueLength), as: UTF8.self)
            },
            systemID: unsafe systemID.map { unsafe String(cString: $0) }, publicID: publicID.map { unsafe String(cString: $0) },
            notationName: unsafe notationName.map { unsafe String(cString: $0) }, isParameterEntity: isParameterEntity)
        deliver(HandlerEvents.EntityDeclaration(declaration: declaration))
        if var undeclared = undeclaredInValue {
            // expat cut the value there and, as XML 1.0 lets a parser that does not read an
            // entity do, stopped processing the attribute-list and entity declarations after
            // it, without a word: said as for such a reference between declarations.
            entitiesMayBeUndeclared = true
            undeclared.withUTF8 { utf8 in unsafe receiveUnexpandedEntity(XMLStringView(borrowing: utf8), true) }
        }
    }

    /// Stops the document at a declaration whose value holds a character reserved while
    /// control-character references are read (``XMLParserOptions/readsControlCharacterReferences``).
    func failReserved(_ scalar: UInt32, in place: String) {
        let hex = String(scalar, radix: 16, uppercase: true)
        fail(
            XMLParseError(
                code: .reservedCharacter,
                message: "\(place) holds U+\(hex), which cannot be read while control-character references are "
                    + "(readsControlCharacterReferences): U+FDD0 to U+FDEF carry them",
                position: currentPosition(), fileName: eventFileName))
    }

    /// The first of U+FDD0...U+FDEF in UTF-8 `bytes`, as itself or as the text of a reference
    /// (`&#38;#xFDD0;` in an entity value is `&#xFDD0;` in its replacement text).
    static func reservedScalar(in bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var i = 0
        while i < bytes.count {
            if unsafe bytes[i] == 0xEF && i + 2 < bytes.count && bytes[i + 1] == 0xB7 && (0x90...0xAF).contains(bytes[i + 2]) {
                return unsafe 0xFDD0 + UInt32(bytes[i + 2] - 0x90)
            }
            if unsafe bytes[i] == 0x26 && i + 2 < bytes.count && bytes[i + 1] == 0x23 {
                let isHex = unsafe bytes[i + 2] == 0x78
                var j = i + (isHex ? 3 : 2)
                var value: UInt32 = 0
                while j < bytes.count, let digit = unsafe Self.digitValue(bytes[j], hex: isHex) {
                    value = min(0x11_0000, value * (isHex ? 16 : 10) + digit)
                    j += 1
                }
                if unsafe j < bytes.count && bytes[j] == 0x3B && (0xFDD0...0xFDEF).contains(value) { return value }
            }
            i += 1
        }
        return nil
    }

    private static func digitValue(_ b: UInt8, hex: Bool) -> UInt32? {
        if b >= 0x30 && b <= 0x39 { return UInt32(b - 0x30) }
        guard hex, (b | 0x20) >= 0x61 && (b | 0x20) <= 0x66 else { return nil }
        return UInt32((b | 0x20) - 0x61 + 10)
    }

    /// An external entity reference: never loaded, reported as skipped. (A parameter
    /// entity's reference reaches here only while parameter entities are parsed, when the
    /// caller gives a DTD: otherwise expat reports no reference to one at all.)
    final func receiveExternalEntityReference(
        _ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?, isParameterEntity: Bool
    ) {
        guard pendingError == nil,
            var name = unsafe externalEntityNames[Self.entityKey(systemID, publicID, parameter: isParameterEntity)]
        else { return }
        if isParameterEntity { entitiesMayBeUndeclared = true }
        // The view borrows `name` only inside withUTF8, for the one event it reports.
        name.withUTF8 { utf8 in unsafe receiveUnexpandedEntity(XMLStringView(borrowing: utf8), isParameterEntity) }
    }
}
