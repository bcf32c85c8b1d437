internal import XMLSyntax

/// Checked names (``XMLWriterName``) are told apart in a start tag by a number each: the
/// same string always gets the same number (interned when the name is checked), so the
/// check against a repeated attribute compares integers, with no `String` stored or compared
/// per attribute.
enum CheckedNames {
    private static let table = LockedValue<(ids: [String: Int], names: [String])>(([:], []))

    /// The number for `name`, the same for every checked name with this string.
    static func id(for name: String) -> Int {
        table.withLock { table in
            if let id = table.ids[name] { return id }
            table.names.append(name)
            table.ids[name] = table.names.count - 1
            return table.names.count - 1
        }
    }

    static func name(for id: Int) -> String { table.withLock { $0.names[id] } }
}

extension StartTagNames {
    /// Whether the tag already has an attribute with this checked name (or, written through
    /// the `String` API, with its string).
    mutating func contains(checked id: Int, name: String) -> Bool {
        if checkedCount <= Self.linearLimit {
            for k in 0..<checkedCount where checked[k] == id { return true }
        } else if checkedSet.contains(id) {
            return true
        }
        return writtenCount > 0 && containsString(name)
    }

    mutating func insert(checked id: Int) {
        if checkedCount < checked.count { checked[checkedCount] = id } else { checked.append(id) }
        checkedCount += 1
        if checkedCount > Self.linearLimit {
            if checkedSet.isEmpty { checkedSet.formUnion(checked[..<checkedCount]) } else { checkedSet.insert(id) }
        }
    }

    /// Whether a checked name in the tag is written as `name` (for a `String` name: rare, so
    /// it may look the strings up).
    func containsChecked(_ name: String) -> Bool {
        guard checkedCount > 0 else { return false }
        return checked[..<checkedCount].contains { CheckedNames.name(for: $0) == name }
    }
}
