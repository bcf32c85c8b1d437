// A start tag's namespaces: prefixes used without a declaration get one, and attributes
// that the same expanded name repeats are dropped.
extension MarkupRepairer {
    /// Binds every prefix the tag uses and no element declares to a made-up URI.
    /// - Complexity: O(size of the tag's names).
    mutating func declareMissingPrefixes() {
        var prefixes: [[UInt8]] = []
        var seen: Set<[UInt8]> = []
        for name in CollectionOfOne(tag.name) + tag.attributeNames {
            guard let colon = name.firstIndex(of: 0x3A) else { continue }
            let prefix = Array(name[..<colon])
            if prefix == Self.xmlnsPrefix && name != tag.name { continue }
            if prefix == Self.xmlPrefix || !seen.insert(prefix).inserted { continue }
            prefixes.append(prefix)
        }
        let declaredHere = tagDeclarations()
        for prefix in prefixes where namespaceURI(of: prefix, declaredHere: declaredHere) == nil {
            let text = Self.text(prefix)
            let uri = "urn:xmlstack:undeclared:" + text
            report(.undeclaredPrefix, "the prefix \(text) is not declared; bound to \(uri)", line: tag.line, column: tag.column)
            tag.buffer.append(contentsOf: Array(" xmlns:\(text)=\"\(uri)\"".utf8))
            tag.declarations.append((prefix, Array(uri.utf8)))
        }
    }

    /// The open tag's own declarations by prefix (the last one wins, as it is written last).
    private func tagDeclarations() -> [[UInt8]: [UInt8]] {
        var declared: [[UInt8]: [UInt8]] = [:]
        for declaration in tag.declarations { declared[declaration.prefix] = declaration.uri }
        return declared
    }

    /// The namespace a prefix is bound to here: this tag's declarations, then the open
    /// elements' from the innermost out.
    /// - Complexity: O(prefix length).
    private func namespaceURI(of prefix: [UInt8], declaredHere: [[UInt8]: [UInt8]]) -> [UInt8]? {
        if prefix == Self.xmlPrefix { return Self.xmlNamespace }
        return declaredHere[prefix] ?? stack.uri(for: prefix)
    }

    /// Leaves out an attribute whose prefix maps to the same namespace and local name as an
    /// earlier one's (`a:x` and `b:x` with `a` and `b` bound to one URI): XML forbids both.
    /// - Complexity: O(size of the tag).
    mutating func removeExpandedDuplicates() {
        struct ExpandedName: Hashable {
            var uri: [UInt8]
            var local: ArraySlice<UInt8>
        }
        let declaredHere = tagDeclarations()
        var seen: Set<ExpandedName> = []
        var duplicates: [Range<Int>] = []
        for (name, range) in tag.attributeRanges {
            guard let colon = name.firstIndex(of: 0x3A), !name.starts(with: Self.xmlnsColon),
                let uri = namespaceURI(of: Array(name[..<colon]), declaredHere: declaredHere)
            else { continue }
            if !seen.insert(ExpandedName(uri: uri, local: name[(colon + 1)...])).inserted {
                report(.duplicateAttribute,
                    "\(Self.text(name)) repeats an attribute of the same namespace and name in <\(Self.text(tag.name))>; left out",
                    line: tag.line, column: tag.column)
                duplicates.append(range)
            }
        }
        guard !duplicates.isEmpty else { return }
        // One pass that keeps what is not left out (removing each range would be quadratic).
        var kept: [UInt8] = []
        kept.reserveCapacity(tag.buffer.count)
        var start = 0
        for range in duplicates {
            kept.append(contentsOf: tag.buffer[start..<range.lowerBound])
            start = range.upperBound
        }
        kept.append(contentsOf: tag.buffer[start...])
        tag.buffer = kept
    }

    static let xmlPrefix = Array("xml".utf8)
    static let xmlnsPrefix = Array("xmlns".utf8)
    static let xmlnsColon = Array("xmlns:".utf8)
    static let xmlNamespace = Array("http://www.w3.org/XML/1998/namespace".utf8)
    static let xmlnsNamespace = Array("http://www.w3.org/2000/xmlns/".utf8)
}
