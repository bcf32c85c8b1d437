internal import CExpat
internal import XMLSyntax

// MARK: - References left out of attribute values

extension ExpatReceiver {
    /// A start tag in a document whose DTD is not read: expat has left every reference to an
    /// undeclared entity out of the attribute values, without an event. They are found in the
    /// tag as written, then reported or handled by the options' policy.
    func receiveStartElementWithEntities(
        _ name: UnsafePointer<XML_Char>, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>, specified: Int
    ) {
        guard let tag = currentTagUTF8() else {
            return unsafe deliver(
                HandlerEvents.StartElement(
                    name: XMLName(raw: name, namespaced: namespaced),
                    attributes: XMLAttributes(pairs: attributes, specifiedCount: specified, namespaced: namespaced)))
        }
        let scanner = AttributeEntityScanner(tag: tag, namespaced: namespaced)
        var found: [(raw: AttributeEntityScanner.RawAttribute, references: [AttributeEntityScanner.Reference])] = []
        for raw in scanner.attributes() where raw.ordinal < specified / 2 {
            let references = scanner.undeclaredReferences(in: raw, declared: declaredGeneralEntities) {
                undeclaredReference(through: $0)
            }
            if !references.isEmpty { found.append((raw, references)) }
        }
        guard !found.isEmpty else {
            return unsafe deliver(
                HandlerEvents.StartElement(
                    name: XMLName(raw: name, namespaced: namespaced),
                    attributes: XMLAttributes(pairs: attributes, specifiedCount: specified, namespaced: namespaced)))
        }
        // Every reference's position in one pass over the tag.
        let positions = positionsInCurrentTag(of: found.flatMap { $0.references.map(\.offset) }, scanner: scanner)
        var next = 0
        var rebuilt: [Int: String] = [:]  // attribute ordinal -> its value with the references in place
        for (raw, references) in found {
            let attributeName = unsafe XMLName(raw: attributes[2 * raw.ordinal]!, namespaced: namespaced)
            let first = positions[next]
            for reference in references {
                let position = positions[next]
                next += 1
                switch options.unexpandedEntities {
                case nil:
                    var entityName = reference.name
                    // The view borrows the name only inside withUTF8, for the one call.
                    entityName.withUTF8 { utf8 in
                        do {
                            unsafe try dispatch(
                                HandlerEvents.SkippedAttributeEntity(
                                    name: XMLStringView(borrowing: utf8), attribute: attributeName, position: position))
                            if wantsAfterEvent { afterEvent() }
                        } catch var error as XMLParseError where error.fileName == nil {
                            error.fileName = fileName
                            fail(error)
                        } catch {
                            fail(error)
                        }
                    }
                    if pendingError != nil { return }
                case .skip?:
                    break
                case let policy?:
                    guard policy.replacement(for: reference.name) != nil else {
                        return fail(
                            limitError(
                                .unexpandedEntity,
                                policy.failureMessage(for: reference.name, attribute: attributeName.qualifiedName),
                                at: position))
                    }
                }
            }
            guard let policy = options.unexpandedEntities, policy != .skip else { continue }
            // expat's value, from which the references are missing, checks the rebuilding: a
            // value that also uses an entity of the internal subset, or that a DTD declares
            // other than CDATA, is not rebuilt by guesswork.
            let expatValue = unsafe String(cString: attributes[2 * raw.ordinal + 1]!)
            let withoutReferences = scanner.normalizedValue(of: raw, declared: declaredGeneralEntities) { _ in "" }
            guard withoutReferences == expatValue,
                let value = scanner.normalizedValue(
                    of: raw, declared: declaredGeneralEntities, replacement: { policy.replacement(for: $0) ?? "" })
            else {
                return fail(
                    limitError(
                        .unexpandedEntity,
                        "entity &\(references[0].name); in the value of attribute \(attributeName.qualifiedName) cannot be put back: the value also uses an entity of the internal subset, or its DTD declares it other than CDATA (the .skip policy leaves the reference out)",
                        at: first))
            }
            rebuilt[raw.ordinal] = value
        }
        guard !rebuilt.isEmpty else {
            return unsafe deliver(
                HandlerEvents.StartElement(
                    name: XMLName(raw: name, namespaced: namespaced),
                    attributes: XMLAttributes(pairs: attributes, specifiedCount: specified, namespaced: namespaced)))
        }
        // A copy of expat's array with the rebuilt values in place. Invariant: the copy and the
        // strings it points to live until the handler returns; `XMLAttributes` is valid only
        // during the call, so nothing reads them later.
        var slots = 0
        while unsafe attributes[slots] != nil { slots += 2 }
        let pairs = UnsafeMutablePointer<UnsafePointer<XML_Char>?>.allocate(capacity: slots + 1)
        unsafe pairs.initialize(from: attributes, count: slots + 1)
        var owned: [UnsafeMutablePointer<CChar>] = unsafe []
        defer {
            unsafe owned.forEach { unsafe free($0) }
            unsafe pairs.deallocate()
        }
        for (ordinal, value) in rebuilt {
            guard let copy = unsafe strdup(value) else { fatalError("out of memory") }
            unsafe owned.append(copy)
            unsafe pairs[2 * ordinal + 1] = UnsafePointer(copy)
        }
        unsafe deliver(
            HandlerEvents.StartElement(
                name: XMLName(raw: name, namespaced: namespaced),
                attributes: XMLAttributes(pairs: pairs, specifiedCount: specified, namespaced: namespaced)))
    }

    /// The first entity that `entity`'s text references, directly or through the entities
    /// it references, and that is not declared: expat leaves it out of an attribute value
    /// that references `entity`, without a word. `nil` when there is none, or for an entity
    /// with no text of its own here (external, or not declared). Each entity's text is read
    /// once until the next entity declaration; depth first, without recursion, so a long
    /// chain of entities costs no stack.
    func undeclaredReference(through entity: String) -> String? {
        if let known = undeclaredInEntity[entity] { return known }
        // Each entry: an entity being read, its references, and the next one to look at.
        var path: [(entity: String, references: [String], next: Int)] = []
        func enter(_ entity: String) {
            var references: [String] = []
            if let value = generalEntityValues[entity] {
                AttributeEntityScanner.forEachGeneralReference(in: value[...]) { name, _ in
                    if !AttributeEntityScanner.isPredefined(name) { references.append(name) }
                }
            }
            // Provisionally none: a cycle (which expat refuses on its own) ends here.
            undeclaredInEntity[entity] = .some(nil)
            path.append((entity, references, 0))
        }
        enter(entity)
        var found: String? = nil
        while let top = path.last {
            if found == nil, top.next < top.references.count {
                let name = top.references[top.next]
                path[path.count - 1].next += 1
                if !declaredGeneralEntities.contains(name) {
                    found = name
                } else if let known = undeclaredInEntity[name] {
                    found = known
                } else {
                    enter(name)
                }
                continue
            }
            // Done with it: what it found holds for every entity on the path.
            undeclaredInEntity[top.entity] = .some(found)
            path.removeLast()
        }
        return found
    }

    /// During an attribute-list declaration whose default value is a literal written in the
    /// DTD's own text: reports the references in it that expat left out of the default,
    /// without a word, as in a start tag (``receiveStartElementWithEntities``): to entities
    /// not declared before the declaration (XML 1.0's Entity Declared), directly or through
    /// the entities it references. Read only when expat lets such references pass (an
    /// external DTD, or a parameter entity reference); a default written in a parameter
    /// entity's text is read from that text, and its references placed at the entity's
    /// reference. The literal is read in UTF-8: the external DTD's is (see
    /// ``ExternalDTDEncoding``), the internal subset's is decoded from the document's bytes.
    final func receiveDefaultValueReferences(ofAttribute attribute: UnsafePointer<XML_Char>, element: UnsafePointer<XML_Char>) {
        guard entitiesMayBeUndeclared, scansAttributeEntities, pendingError == nil else { return }
        let dtdParser = unsafe self.dtdParser
        // Not through the control-reference stage, which rewrites what expat reads.
        if unsafe dtdParser != nil ? dtdEncoding?.expatEncoding == nil : controlReferenceOffsets != nil { return }
        guard let context = unsafe dtdParser.map({ unsafe inputContext(of: $0) }) ?? inputContext() else { return }
        let utf16 = unsafe dtdParser == nil && inputIsUTF16
        let literal: [UInt8]
        var inEntity = false
        if let written = unsafe Self.quotedLiteral(in: context.bytes, at: context.offset, utf16: utf16, littleEndian: inputIsLittleEndian) {
            literal = unsafe dtdParser != nil || contextIsUTF8 ? Array(written) : utf8(of: written)
        } else if !utf16, let entity = unsafe parameterEntityReference(in: context.bytes, at: context.offset, decoded: dtdParser != nil),
            let written = unsafe defaultLiteral(
                through: entity, at: (Int64(XML_GetCurrentByteIndex(dtdParser ?? parser)), dtdParser != nil),
                element: String(cString: element), attribute: String(cString: attribute))
        {
            // The declaration is in the entity's text: expat's event stands at the `%` of
            // the reference it was read through.
            literal = written
            inEntity = true
        } else {
            return
        }
        var found: [(name: String, offset: Int)] = []
        AttributeEntityScanner.forEachGeneralReference(in: literal[...]) { name, offset in
            if AttributeEntityScanner.isPredefined(name) { return }
            if !declaredGeneralEntities.contains(name) {
                found.append((name, offset))
            } else if let inner = undeclaredReference(through: name) {
                found.append((inner, offset))
            }
        }
        guard !found.isEmpty else { return }
        // In an entity's text, each is placed at the reference (offset 0 of the event).
        if inEntity { found = found.map { ($0.name, 0) } }
        let scanner = AttributeEntityScanner(tag: literal, namespaced: false)
        let positions: [XMLPosition]
        if let dtdParser = unsafe dtdParser {
            // Counted in the UTF-8 expat reads, then in the file.
            positions = unsafe scanner.positions(of: found.map(\.offset), tagStart: externalSubsetPosition(dtdParser, inFile: false), input: .utf8)
                .map { XMLPosition(line: $0.line, column: $0.column, byteOffset: dtdEncoding?.fileOffset($0.byteOffset) ?? $0.byteOffset) }
        } else {
            positions = positionsInCurrentTag(of: found.map(\.offset), scanner: scanner)
        }
        let attributeName = unsafe XMLName(raw: attribute, namespaced: false)
        for (reference, position) in zip(found, positions) {
            switch options.unexpandedEntities {
            case nil:
                var entityName = reference.name
                // The view borrows the name only inside withUTF8, for the one call.
                entityName.withUTF8 { utf8 in
                    unsafe deliver(
                        HandlerEvents.SkippedAttributeEntity(
                            name: XMLStringView(borrowing: utf8), attribute: attributeName, position: position))
                }
                if pendingError != nil { return }
            case .skip?:
                break
            case _?:
                // expat puts defaults in the tags itself: a value cannot be given back here.
                return fail(
                    limitError(
                        .unexpandedEntity,
                        "entity &\(reference.name); in the default value of attribute \(attributeName.qualifiedName) is not "
                            + "declared before it, and cannot be put back: the parser applies defaults itself (the .skip "
                            + "policy leaves the reference out)",
                        at: position))
            }
        }
    }

    /// The default literal of the attribute definition of `attribute` of `element` that
    /// expat reads next through the reference to parameter entity `entity` at `reference`
    /// (its byte index, and whether in the caller's DTD): the entity's definitions with a
    /// default are listed in order at its first, and each event takes the next with its key.
    func defaultLiteral(through entity: String, at reference: (offset: Int64, inDTD: Bool), element: String, attribute: String) -> [UInt8]? {
        if referencedDefaults?.entity != entity || referencedDefaults?.offset != reference.offset
            || referencedDefaults?.inDTD != reference.inDTD
        {
            guard let text = parameterEntityValues[entity] else { return nil }
            referencedDefaults = ReferencedDefaults(
                entity: entity, offset: reference.offset, inDTD: reference.inDTD,
                entries: DTDTextScanner.attributeDefaults(in: Array(text.utf8), parameterEntities: parameterEntityValues))
        }
        guard let defaults = referencedDefaults else { return nil }
        let key = DTDTextScanner.defaultKey(element: element, attribute: attribute)
        // The next one, unless a definition this reading could not list stands between:
        // looked for a few ahead, so an event costs little whatever the entity holds.
        let window = defaults.entries[defaults.next..<min(defaults.entries.count, defaults.next + 16)]
        guard let index = window.firstIndex(where: { $0.key == key }) else { return nil }
        referencedDefaults?.next = index + 1
        return defaults.entries[index].literal
    }

    /// The name of the parameter entity whose reference (`%name;`) starts at `offset` of
    /// `bytes` (an ASCII-compatible encoding: UTF-8 when `decoded`, else the document's);
    /// `nil` when none does.
    func parameterEntityReference(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, decoded: Bool) -> String? {
        // Invariant: 0 <= offset (inputContext's guarantee), and offset < bytes.count is checked
        // before the `%` is read; the name is a slice of `bytes` that referenceName bounds.
        guard offset < bytes.count, unsafe bytes[offset] == UInt8(ascii: "%"), let name = unsafe Self.referenceName(in: bytes, at: offset)
        else { return nil }
        return unsafe String(decoding: decoded || contextIsUTF8 ? Array(name) : utf8(of: name), as: UTF8.self)
    }

    /// The literal that starts at `offset` of `bytes` (UTF-8 or a single-byte encoding, or
    /// UTF-16 in the byte order given), from its opening quote to before its closing one;
    /// `nil` when no quote opens one there, or the bytes end before it closes.
    static func quotedLiteral(
        in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, utf16: Bool, littleEndian: Bool
    ) -> UnsafeBufferPointer<UInt8>? {
        let size = utf16 ? 2 : 1
        // Invariant: every index read lies in 0..<bytes.count, checked where it is made.
        func unit(at index: Int) -> UInt16 {
            guard utf16 else { return UInt16(unsafe bytes[index]) }
            return unsafe littleEndian ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
        }
        guard offset >= 0, offset + size <= bytes.count else { return nil }
        let quote = unit(at: offset)
        guard quote == 0x22 || quote == 0x27 else { return nil }
        var end = offset + size
        while end + size <= bytes.count, unit(at: end) != quote { end += size }
        guard end + size <= bytes.count else { return nil }
        return unsafe UnsafeBufferPointer(rebasing: bytes[offset..<end])
    }

    /// The positions in the input of the bytes at `offsets` (ascending) of the current start
    /// tag, which `scanner` reads: one pass over the tag.
    func positionsInCurrentTag(of offsets: [Int], scanner: AttributeEntityScanner) -> [XMLPosition] {
        var positions = scanner.positions(of: offsets, tagStart: currentPosition(), input: currentInputForm)
        if controlReferenceOffsets != nil || transcodedOffsets != nil {
            // A stage changed the bytes expat reads (transcoded them, rewrote references):
            // counted in expat's bytes, then mapped to the input's.
            let tagOffset = unsafe Int64(max(0, XML_GetCurrentByteIndex(parser)))
            let line = unsafe Int(XML_GetCurrentLineNumber(parser))
            let raw = scanner.positions(
                of: offsets, tagStart: XMLPosition(line: line, column: expatColumn(onLine: line), byteOffset: tagOffset), input: currentInputForm)
            for (k, position) in raw.enumerated() {
                positions[k].column = inputColumn(position.column, onLine: position.line, atOutput: position.byteOffset)
                positions[k].byteOffset = inputByteOffset(position.byteOffset)
            }
        }
        return positions
    }

    /// During a start tag written in the document itself: where the attribute named
    /// `qualifiedName` (as written) is, its name's first character. `nil` for an attribute
    /// the tag does not write (a default), in a tag from an entity's text, or in the DTD.
    /// The tag is read once, on the first ask during its event, for all its attributes.
    func writtenAttributePosition(named qualifiedName: String) -> XMLPosition? {
        guard unsafe dtdParser == nil else { return nil }
        let tagOffset = unsafe Int64(XML_GetCurrentByteIndex(parser))
        if let cached = attributePositionCache, cached.tag == tagOffset { return cached.positions[qualifiedName] }
        var positions: [String: XMLPosition] = [:]
        if let tag = currentTagUTF8(), tag.first == 0x3C {
            let scanner = AttributeEntityScanner(tag: tag, namespaced: false)
            let attributes = scanner.attributes()
            let found = positionsInCurrentTag(of: attributes.map(\.name.lowerBound), scanner: scanner)
            for (attribute, position) in zip(attributes, found) {
                let name = String(decoding: tag[attribute.name], as: UTF8.self)
                if positions[name] == nil { positions[name] = position }
            }
        }
        attributePositionCache = (tagOffset, positions)
        return positions[qualifiedName]
    }

    /// The attributes written in the current start tag, namespace declarations included, by
    /// name as written, with their values as written (UTF-8, references not expanded, white
    /// space not normalized); `nil` outside a start tag written in the document itself.
    /// One pass over the tag.
    func writtenAttributeValues() -> [String: [UInt8]]? {
        guard unsafe dtdParser == nil, let tag = currentTagUTF8(), tag.first == 0x3C else { return nil }
        var values: [String: [UInt8]] = [:]
        for attribute in AttributeEntityScanner(tag: tag, namespaced: false).attributes() {
            values[String(decoding: tag[attribute.name], as: UTF8.self)] = Array(tag[attribute.value])
        }
        return values
    }

    /// Whether the bytes expat holds around an event are UTF-8: the document is (or ASCII,
    /// or declares nothing), or a transcoding stage handed expat UTF-8 whatever the document
    /// declares. In a single-byte encoding expat reads itself (Latin-1) only ASCII reads the
    /// same.
    var contextIsUTF8: Bool {
        guard !inputIsUTF16 else { return false }
        return transcodedOffsets != nil || (options.encoding?.rawValue ?? declaredEncoding).map(Self.isUTF8) ?? true
    }

    /// The current start tag as written, in UTF-8: expat keeps the whole token in its buffer
    /// during the callback.
    func currentTagUTF8() -> [UInt8]? {
        guard let context = unsafe inputContext() else { return nil }
        let length = unsafe Int(XML_GetCurrentByteCount(parser))
        guard length > 0, unsafe context.offset + length <= context.bytes.count else { return nil }
        return unsafe utf8(of: UnsafeBufferPointer(rebasing: context.bytes[context.offset..<(context.offset + length)]))
    }

    /// `bytes` of the input, as expat holds them, in UTF-8.
    func utf8(of bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let tag = unsafe bytes
        if inputIsUTF16 {
            var units: [UInt16] = []
            units.reserveCapacity(tag.count / 2)
            var i = 0
            while i + 1 < tag.count {
                unsafe units.append(
                    inputIsLittleEndian
                        ? UInt16(tag[i]) | UInt16(tag[i + 1]) << 8 : UInt16(tag[i]) << 8 | UInt16(tag[i + 1]))
                i += 2
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        }
        if contextIsUTF8 { return unsafe Array(tag) }
        // A single-byte encoding: the table the document is read with (expat's own Latin-1
        // and ASCII, the package's, or one made from iconv's); a byte it leaves undefined is
        // U+FFFD.
        let upperHalf = singleByteUpperHalf ?? (0x80...0xFF).map { Int32($0) }
        var scalars = String.UnicodeScalarView()
        for unsafe byte in unsafe tag { scalars.append(SingleByteEncoding.scalar(byte, upperHalf: upperHalf) ?? "\u{FFFD}") }
        return Array(String(scalars).utf8)
    }

    /// How the input spells characters, for byte offsets into it.
    var currentInputForm: AttributeEntityScanner.InputForm {
        if inputIsUTF16 { return .utf16 }
        if transcodedOffsets != nil { return .utf8 }
        if let encoding = options.encoding?.rawValue ?? declaredEncoding, !Self.isUTF8(encoding) { return .singleByte }
        return .utf8
    }
}
