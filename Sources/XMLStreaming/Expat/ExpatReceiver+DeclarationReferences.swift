internal import CExpat

/// How an element declaration of the caller's DTD is written around the parameter entities
/// it references, which the parser's event, made after they are expanded, does not show.
package struct XMLWrittenDeclaration: Equatable {
    /// The parameter entities referenced in the declaration's own text (`%name;`), in order.
    package var parameterEntityReferences: [String]
}

// Where an element declaration's tokens came from: expat reports a content model whole, after
// expanding the parameter entities in it, so a validator cannot tell from the event whether
// a group opens in one entity's text and closes outside it (XML 1.0's Proper Group/PE
// Nesting). (Whether a declaration ends in an entity's text is read once the DTD is, by
// `WrittenDTDCheck`, for every kind of declaration.) The caller's DTD is fed
// to expat in one call, so while expat reports one of its declarations the bytes of the
// whole DTD are still in expat's buffer, and the declaration can be read there as written.
extension ExpatReceiver {
    /// During an element declaration of the caller's DTD: how it is written, read from its
    /// `<!ELEMENT` to the token expat reports it at (its closing parenthesis, `EMPTY` or
    /// `ANY`, or the reference whose text holds that token). `nil` outside the caller's DTD,
    /// for a declaration written whole in an entity's text (whose references were expanded
    /// when the entity was declared), or in a DTD whose bytes expat refused to read as
    /// their declaration says (``ExternalDTDEncoding``: otherwise they are UTF-8). Asked
    /// again during the same event, it answers the same.
    func writtenElementDeclaration() -> XMLWrittenDeclaration? {
        if let cached = writtenDeclarationCache, cached.event == elementDeclarationEvents { return cached.declaration }
        let declaration = readWrittenElementDeclaration()
        writtenDeclarationCache = (elementDeclarationEvents, declaration)
        return declaration
    }

    private func readWrittenElementDeclaration() -> XMLWrittenDeclaration? {
        guard let child = unsafe dtdParser, let context = unsafe inputContext(of: child) else { return nil }
        let bytes = unsafe context.bytes
        // Invariant: every index read below lies in 0..<bytes.count, checked where it is made.
        let offset = unsafe context.offset
        guard offset < bytes.count else { return nil }
        // The buffer's first byte, as an offset in the DTD.
        let bufferStart = unsafe Int64(XML_GetCurrentByteIndex(child)) - Int64(offset)
        // Several declarations in one entity's text are all reported at its reference: after
        // the first, the look stops here, so that a long reference is not read once per
        // declaration. (Their `<!ELEMENT` is in the entity's text.)
        let previous = declarationScanFloor
        guard bufferStart + Int64(offset) > previous else { return nil }
        declarationScanFloor = bufferStart + Int64(offset)
        let floor = max(0, Int(previous - bufferStart))
        var end = offset
        let atReference = unsafe bytes[offset] == UInt8(ascii: "%")
        if atReference {
            while end < bytes.count, unsafe bytes[end] != UInt8(ascii: ";") { end += 1 }
        }
        // Back to the declaration's `<!ELEMENT`: a `>` or any other markup on the way means
        // expat's position is in an entity's text that holds the declaration whole. Not past
        // where the last look began (declarations do not overlap), so that references to
        // many such entities in a row are not each read back over the ones before.
        var start = offset
        while true {
            guard start > floor else { return nil }
            start -= 1
            let byte = unsafe bytes[start]
            if byte == UInt8(ascii: ">") { return nil }
            if byte == UInt8(ascii: "<") { break }
        }
        let keyword = Array("<!ELEMENT".utf8)
        guard start + keyword.count <= end else { return nil }
        for k in keyword.indices where unsafe bytes[start + k] != keyword[k] { return nil }
        var names: [String] = []
        var i = start + keyword.count
        while i < end {
            guard unsafe bytes[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            var close = i + 1
            while close < bytes.count, unsafe bytes[close] != UInt8(ascii: ";") { close += 1 }
            guard close < bytes.count else { break }
            if let name = unsafe String(validating: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<close]), as: UTF8.self) {
                names.append(name)
            }
            i = close + 1
        }
        return XMLWrittenDeclaration(parameterEntityReferences: names)
    }

    /// During an entity declaration of the caller's DTD whose value is a literal written in
    /// the DTD's own text: the first parameter entity the literal references that is not
    /// declared before it, which expat passes over without a callback. `nil` when there is
    /// none, or when the literal cannot be read as written (in an entity's text). The DTD's
    /// bytes are UTF-8 (``ExternalDTDEncoding``).
    func undeclaredParameterEntityInValue() -> String? {
        guard let child = unsafe dtdParser, let context = unsafe inputContext(of: child) else { return nil }
        let bytes = unsafe context.bytes
        // Invariant: every index read below lies in 0..<bytes.count, checked where it is made.
        // expat's position is the literal's opening quote.
        var i = unsafe context.offset
        guard i + 1 < bytes.count, unsafe bytes[i] == 0x22 || bytes[i] == 0x27 else { return nil }
        let quote = unsafe bytes[i]
        i += 1
        while i < bytes.count, unsafe bytes[i] != quote {
            guard unsafe bytes[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            var close = i + 1
            while close < bytes.count, unsafe bytes[close] != UInt8(ascii: ";") && bytes[close] != quote { close += 1 }
            guard close < bytes.count, unsafe bytes[close] == UInt8(ascii: ";") else { return nil }
            if let name = unsafe String(validating: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<close]), as: UTF8.self),
                !name.isEmpty, !declaredParameterEntities.contains(name)
            {
                return name
            }
            i = close + 1
        }
        return nil
    }
}
