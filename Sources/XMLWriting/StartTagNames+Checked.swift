internal import XMLSyntax

/// The numbers of checked names (``XMLWriterName``): the same string always gets the same
/// number (interned when the name is checked), so a start tag tells checked names apart by
/// comparing integers, with no `String` stored or compared per attribute.
enum CheckedNames {
    private static let ids = LockedValue<[String: Int]>([:])

    /// The number for `name`, the same for every checked name with this string.
    static func id(for name: String) -> Int {
        ids.withLock { ids in
            if let id = ids[name] { return id }
            ids[name] = ids.count
            return ids.count - 1
        }
    }

    /// The number of `name` if a checked name has it (for a `String` name in a tag that
    /// also holds checked ones).
    static func existingID(for name: String) -> Int? { ids.withLock { $0[name] } }
}
