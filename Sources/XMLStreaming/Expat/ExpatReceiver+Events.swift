internal import CExpat
internal import XMLSyntax

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The entry points ExpatCallbacks calls, one per expat event: the limits, then the
// handler through the on… hooks.
extension ExpatReceiver {
    // MARK: - Callback entry points (called from ExpatCallbacks)

    @inline(__always)
    func deliver(_ body: () throws -> Void) {
        do {
            try body()
            if wantsAfterEvent { afterEvent() }
        } catch { fail(error) }
    }

    final func receiveStartElement(
        _ name: UnsafePointer<XML_Char>, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?
    ) {
        guard pendingError == nil else { return }
        depth += 1
        openElementOffsets.append(Int64(XML_GetCurrentByteIndex(parser)))
        textRun = 0
        if depth > depthLimit {
            return fail(
                limitError(
                    .depthLimitExceeded, "elements are nested deeper than the limit of \(depthLimit)",
                    at: currentPosition()))
        }
        // A tag shorter than the smallest limit cannot hold a name or value over it, unless
        // entities, DTD defaults or transcoding make values longer than the tag.
        if valuesMayOutgrowTags || Int(XML_GetCurrentByteCount(parser)) > tagCheckThreshold,
            let error = checkSizes(name, attributes)
        {
            return fail(error)
        }
        // Only tags with attributes need the count of those written (versus DTD defaults).
        let specified = attributes?.pointee == nil ? 0 : Int(XML_GetSpecifiedAttributeCount(parser))
        if entitiesMayBeUndeclared, recovering == nil, let attributes, attributes.pointee != nil {
            return receiveStartElementWithEntities(name, attributes, specified: specified)
        }
        deliver {
            try onStartElement(
                XMLName(raw: name, namespaced: namespaced),
                XMLAttributes(pairs: attributes, specifiedCount: specified, namespaced: namespaced))
        }
    }

    /// The per-name and per-value limits, checked only for tags longer than a limit.
    func checkSizes(
        _ name: UnsafePointer<XML_Char>, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?
    ) -> XMLParseError? {
        let limits = options.limits
        if let maximum = limits.maximumNameLength, writtenLength(of: name) > maximum {
            return limitError(.nameTooLong, "a name is longer than the limit of \(maximum) bytes", at: currentPosition())
        }
        guard let attributes else { return nil }
        var i = 0
        while let attributeName = attributes[i], let value = attributes[i + 1] {
            if let maximum = limits.maximumNameLength, writtenLength(of: attributeName) > maximum {
                return limitError(
                    .nameTooLong, "an attribute name is longer than the limit of \(maximum) bytes",
                    at: currentPosition())
            }
            if let maximum = limits.maximumAttributeValueLength, strlen(value) > maximum {
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
        let view = XMLName(raw: name, namespaced: namespaced)
        return view.localName.count + (view.prefix.map { $0.count + 1 } ?? 0)
    }

    final func receiveEndElement(_ name: UnsafePointer<XML_Char>) {
        guard pendingError == nil else { return }
        textRun = 0
        // expat reports an empty-element tag's end with no bytes of its own.
        inEmptyElementEnd = XML_GetCurrentByteCount(parser) == 0
        deliver { try onEndElement(XMLName(raw: name, namespaced: namespaced)) }
        inEmptyElementEnd = false
        depth -= 1
        openElementOffsets.removeLast()
    }

    final func receiveCharacters(_ text: UnsafePointer<XML_Char>, _ length: Int32) {
        guard pendingError == nil else { return }
        textRun += Int(length)
        if textRun > textLimit {
            return fail(
                limitError(
                    .textTooLong, "a run of text is longer than the limit of \(textLimit) bytes", at: currentPosition()))
        }
        let view = XMLStringView(
            base: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: Int(length))
        deliver { try onCharacters(view) }
    }

    final func receiveStartCDATA() {
        guard pendingError == nil else { return }
        deliver { try onStartCDATA() }
    }

    final func receiveEndCDATA() {
        guard pendingError == nil else { return }
        deliver { try onEndCDATA() }
    }

    final func receiveComment(_ text: UnsafePointer<XML_Char>) {
        guard pendingError == nil else { return }
        deliver { try onComment(XMLStringView(cString: text)) }
    }

    final func receiveProcessingInstruction(_ target: UnsafePointer<XML_Char>, _ data: UnsafePointer<XML_Char>?) {
        guard pendingError == nil else { return }
        let empty: StaticString = ""
        let dataView =
            data.map { XMLStringView(cString: $0) } ?? XMLStringView(base: empty.utf8Start, count: 0)
        deliver { try onProcessingInstruction(XMLStringView(cString: target), dataView) }
    }

    final func receiveXMLDeclaration(
        _ version: UnsafePointer<XML_Char>?, _ encoding: UnsafePointer<XML_Char>?, _ standalone: Int32
    ) {
        guard pendingError == nil else { return }
        // A text declaration (in an external entity) has no version; we never read those.
        guard let version else { return }
        let declaration = XMLDeclaration(
            version: String(cString: version),
            encoding: encoding.map { String(cString: $0) },
            standalone: standalone < 0 ? nil : standalone == 1)
        declaredEncoding = declaration.encoding
        if let encoding = declaration.encoding, !Self.isUTF8(encoding) { valuesMayOutgrowTags = true }
        deliver { try onXMLDeclaration(declaration) }
    }

    final func receiveStartDoctype(
        _ name: UnsafePointer<XML_Char>?, _ systemID: UnsafePointer<XML_Char>?,
        _ publicID: UnsafePointer<XML_Char>?, _ hasInternalSubset: Int32
    ) {
        guard pendingError == nil else { return }
        valuesMayOutgrowTags = true
        if systemID != nil || publicID != nil { entitiesMayBeUndeclared = true }
        let doctype = XMLDoctype(
            name: name.map { String(cString: $0) } ?? "",
            systemID: systemID.map { String(cString: $0) },
            publicID: publicID.map { String(cString: $0) },
            hasInternalSubset: hasInternalSubset != 0)
        deliver { try onStartDoctype(doctype) }
    }

    final func receiveEndDoctype() {
        guard pendingError == nil else { return }
        deliver { try onEndDoctype() }
    }

    final func receiveAttributeDeclaration(
        _ element: UnsafePointer<XML_Char>, _ attribute: UnsafePointer<XML_Char>, _ type: UnsafePointer<XML_Char>,
        _ defaultValue: UnsafePointer<XML_Char>?, _ isRequired: Bool
    ) {
        guard pendingError == nil else { return }
        let declaration = XMLAttributeDeclaration(
            elementName: String(cString: element), attributeName: String(cString: attribute), type: String(cString: type),
            defaultValue: defaultValue.map { String(cString: $0) }, isRequired: isRequired)
        deliver { try onAttributeDeclaration(declaration) }
    }

    final func receiveNotationDeclaration(
        _ name: UnsafePointer<XML_Char>, _ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?
    ) {
        guard pendingError == nil else { return }
        let notation = XMLNotation(
            name: String(cString: name), publicID: publicID.map { String(cString: $0) },
            systemID: systemID.map { String(cString: $0) })
        deliver { try onNotationDeclaration(notation) }
    }

    final func receiveStartNamespace(_ prefix: UnsafePointer<XML_Char>?, _ uri: UnsafePointer<XML_Char>?) {
        guard pendingError == nil else { return }
        deliver {
            try onStartPrefixMapping(prefix.map { XMLStringView(cString: $0) }, uri.map { XMLStringView(cString: $0) })
        }
    }

    final func receiveEndNamespace(_ prefix: UnsafePointer<XML_Char>?) {
        guard pendingError == nil else { return }
        deliver { try onEndPrefixMapping(prefix.map { XMLStringView(cString: $0) }) }
    }

    final func receiveSkippedEntity(_ name: UnsafePointer<XML_Char>, _ isParameterEntity: Bool) {
        guard pendingError == nil else { return }
        if isParameterEntity { entitiesMayBeUndeclared = true }
        receiveUnexpandedEntity(XMLStringView(cString: name), isParameterEntity)
    }

    /// A reference in content that expat did not expand: reported, or handled by the
    /// options' policy.
    func receiveUnexpandedEntity(_ name: XMLStringView, _ isParameterEntity: Bool) {
        guard let policy = options.unexpandedEntities, !isParameterEntity else {
            return deliver { try onSkippedEntity(name, isParameterEntity) }
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
        text.withUTF8 { utf8 in deliver { try onCharacters(XMLStringView(borrowing: utf8)) } }
    }

    /// Names of external general entities by system and public identifier, recorded from
    /// their declarations: expat does not pass the name to the external-entity handler.
    /// Keyed by code points: identifiers that differ only there name different entities.
    var externalEntityNames: [CodePointString: String] {
        get { document.externalEntityNames }
        _modify { yield &document.externalEntityNames }
        set { document.externalEntityNames = newValue }
    }

    static func entityKey(_ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?) -> CodePointString {
        CodePointString((systemID.map { String(cString: $0) } ?? "") + "\u{0}" + (publicID.map { String(cString: $0) } ?? ""))
    }

    final func receiveEntityDeclaration(
        _ name: UnsafePointer<XML_Char>, _ isParameterEntity: Bool, _ value: UnsafePointer<XML_Char>?,
        _ valueLength: Int, _ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?,
        _ notationName: UnsafePointer<XML_Char>?
    ) {
        if !isParameterEntity { declaredGeneralEntities.insert(String(cString: name)) }
        if !isParameterEntity, systemID != nil {
            let key = Self.entityKey(systemID, publicID)
            if externalEntityNames[key] == nil { externalEntityNames[key] = String(cString: name) }
        }
        guard pendingError == nil else { return }
        let declaration = XMLEntityDeclaration(
            name: String(cString: name),
            value: value.map {
                String(decoding: UnsafeRawBufferPointer(start: $0, count: valueLength), as: UTF8.self)
            },
            systemID: systemID.map { String(cString: $0) }, publicID: publicID.map { String(cString: $0) },
            notationName: notationName.map { String(cString: $0) }, isParameterEntity: isParameterEntity)
        deliver { try onEntityDeclaration(declaration) }
    }

    /// An external entity reference: never loaded, reported as skipped.
    final func receiveExternalEntityReference(
        _ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?
    ) {
        guard pendingError == nil, var name = externalEntityNames[Self.entityKey(systemID, publicID)] else { return }
        name.withUTF8 { utf8 in receiveUnexpandedEntity(XMLStringView(borrowing: utf8), false) }
    }
}
