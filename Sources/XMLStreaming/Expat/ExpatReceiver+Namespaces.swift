internal import CExpat
internal import XMLSyntax

// Namespace declarations: the prefixes in scope, kept so that an unbound prefix's error can
// name the prefix, and reported to the handler as prefix mappings when it asks for them.
extension ExpatReceiver {
    final func receiveStartNamespace(_ prefix: UnsafePointer<XML_Char>?, _ uri: UnsafePointer<XML_Char>?) {
        if let prefix = unsafe prefix { unsafe document.boundPrefixes[String(cString: prefix), default: 0] += 1 }
        guard options.reportsNamespacePrefixes else { return }
        unsafe receive(
            HandlerEvents.StartPrefixMapping(
                prefix: prefix.map { unsafe XMLStringView(cString: $0) }, uri: uri.map { unsafe XMLStringView(cString: $0) }))
    }

    final func receiveEndNamespace(_ prefix: UnsafePointer<XML_Char>?) {
        if let prefix = unsafe prefix {
            let name = unsafe String(cString: prefix)
            let count = unsafe document.boundPrefixes[name, default: 0]
            unsafe document.boundPrefixes[name] = count > 1 ? count - 1 : nil
        }
        guard options.reportsNamespacePrefixes else { return }
        unsafe receive(HandlerEvents.EndPrefixMapping(prefix: prefix.map { unsafe XMLStringView(cString: $0) }))
    }

    /// What expat's "unbound prefix" is about, for the start tag at `offset` in `bytes`: the
    /// first name it writes whose prefix no declaration in scope binds, in the order expat
    /// checks them (the attributes as written, then the element's own name). `nil` when the
    /// tag is not there to read, the prefix is on an attribute a DTD adds, or (`asciiOnly`:
    /// the bytes are not UTF-8) a name is not ASCII.
    func unboundPrefixMessage(inTagAt offset: Int, of bytes: UnsafeBufferPointer<UInt8>, asciiOnly: Bool) -> String? {
        guard let names = unsafe Self.writtenNames(inTagAt: offset, of: bytes), let element = names.first,
            !asciiOnly || names.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } })
        else { return nil }
        func unbound(_ name: String) -> Substring? {
            guard let colon = name.firstIndex(of: ":") else { return nil }
            let prefix = name[..<colon]
            guard prefix != "xml", prefix != "xmlns", unsafe document.boundPrefixes[String(prefix)] == nil else { return nil }
            return prefix
        }
        for attribute in names.dropFirst() {
            if let prefix = unbound(attribute) {
                return "unbound prefix \(prefix) in attribute \(attribute) of <\(element)>: no xmlns:\(prefix) declaration is in scope"
            }
        }
        guard let prefix = unbound(element) else { return nil }
        return "unbound prefix \(prefix) in <\(element)>: no xmlns:\(prefix) declaration is in scope"
    }

    /// The qualified names a start tag writes, its element's first, then its attributes' in
    /// order; `nil` when `offset` is not at a `<` or the tag does not end in `bytes`.
    static func writtenNames(inTagAt offset: Int, of bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        guard offset < bytes.count, unsafe bytes[offset] == UInt8(ascii: "<") else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var i = offset + 1
        var names: [String] = []
        while i < bytes.count {
            // A name runs to a space, `=`, `/` or `>`.
            let start = i
            while i < bytes.count, unsafe !isSpace(bytes[i]) && ![0x3D, 0x2F, 0x3E].contains(bytes[i]) { i += 1 }
            guard i > start, i < bytes.count else { return nil }
            names.append(unsafe String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
            if names.count > 1 {
                // An attribute: `=`, then its quoted value.
                while i < bytes.count, unsafe isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count, unsafe bytes[i] == 0x3D else { return nil }
                i += 1
                while i < bytes.count, unsafe isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count, unsafe bytes[i] == 0x22 || bytes[i] == 0x27 else { return nil }
                let quote = unsafe bytes[i]
                i += 1
                while i < bytes.count, unsafe bytes[i] != quote { i += 1 }
                i += 1
            }
            while i < bytes.count, unsafe isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { return nil }
            if unsafe bytes[i] == 0x3E || bytes[i] == 0x2F { return names }
        }
        return nil
    }
}
