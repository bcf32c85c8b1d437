internal import CExpat

// Where an element declaration's tokens came from: expat reports a content model whole, after
// expanding the parameter entities in it, so a validator cannot tell from the event whether
// a group opens in one entity's text and closes outside it (XML 1.0's Proper Group/PE
// Nesting). The caller's DTD is fed to expat in one call, so while expat reports one of its
// declarations the bytes of the whole DTD are still in expat's buffer, and the references
// written in the declaration can be read there.
extension ExpatReceiver {
    /// During an element declaration of the caller's DTD: the parameter entities it
    /// references as written (`%name;`, in order), from its `<!ELEMENT` to the token expat
    /// reports it at (its closing parenthesis, or the reference whose text closes it). `nil`
    /// outside the caller's DTD, for a declaration written whole in an entity's text (whose
    /// references were expanded when the entity was declared), or when the bytes are not in
    /// an ASCII-compatible encoding.
    func parameterEntityReferencesInCurrentDeclaration() -> [String]? {
        guard let child = unsafe dtdParser, let context = unsafe inputContext(of: child) else { return nil }
        let bytes = unsafe context.bytes
        // Invariant: every index read below lies in 0..<bytes.count, checked where it is made.
        var end = unsafe context.offset
        guard end < bytes.count else { return nil }
        // The buffer's first byte, as an offset in the DTD.
        let bufferStart = unsafe Int64(XML_GetCurrentByteIndex(child)) - Int64(unsafe context.offset)
        let floor = max(0, Int(declarationScanFloor - bufferStart))
        declarationScanFloor = bufferStart + Int64(unsafe context.offset)
        if unsafe bytes[end] == UInt8(ascii: "%") {
            while end < bytes.count, unsafe bytes[end] != UInt8(ascii: ";") { end += 1 }
        }
        // Back to the declaration's `<!ELEMENT`: a `>` or any other markup on the way means
        // expat's position is in an entity's text that holds the declaration whole. Not past
        // where the last look began (declarations do not overlap), so that references to
        // many such entities in a row are not each read back over the ones before.
        var start = unsafe context.offset
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
        return names
    }
}
