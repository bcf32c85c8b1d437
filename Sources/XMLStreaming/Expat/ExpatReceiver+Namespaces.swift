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

    /// What expat's "unbound prefix" is about, for the start tag that `tag` (in UTF-8) begins
    /// with: the first name it writes whose prefix no declaration in scope binds, in the order
    /// expat checks them (the attributes as written, then the element's own name). `nil` when
    /// the tag is not there to read, or the prefix is on an attribute a DTD adds.
    func unboundPrefixMessage(inTag tag: [UInt8]) -> String? {
        guard tag.first == UInt8(ascii: "<") else { return nil }
        // The tag and what follows it: the scanner stops at the tag's end.
        let nameEnd = tag[1...].firstIndex { [0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F].contains($0) } ?? tag.count
        let element = String(decoding: tag[1..<nameEnd], as: UTF8.self)
        let attributes = AttributeEntityScanner(tag: tag, namespaced: false).attributes().map {
            String(decoding: tag[$0.name], as: UTF8.self)
        }
        func unbound(_ name: String) -> Substring? {
            guard let colon = name.firstIndex(of: ":") else { return nil }
            let prefix = name[..<colon]
            guard prefix != "xml", prefix != "xmlns", unsafe document.boundPrefixes[String(prefix)] == nil else { return nil }
            return prefix
        }
        for attribute in attributes {
            if let prefix = unbound(attribute) {
                return "unbound prefix \(prefix) in attribute \(attribute) of <\(element)>: no xmlns:\(prefix) declaration is in scope"
            }
        }
        guard let prefix = unbound(element) else { return nil }
        return "unbound prefix \(prefix) in <\(element)>: no xmlns:\(prefix) declaration is in scope"
    }
}
