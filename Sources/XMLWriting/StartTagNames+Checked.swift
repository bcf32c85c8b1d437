internal import XMLSyntax

/// The checked names (``XMLWriterName``), interned: the same string always gets the same
/// number, so a start tag tells checked names apart by comparing integers, and the same
/// bytes, kept for the life of the process, so writing one copies bytes with no `String`
/// to reach into and no reference count to touch.
enum CheckedNames {
    /// `@unchecked Sendable`: its bytes are written once, before the entry is published under
    /// the lock, and are never changed or freed, so any thread may read them.
    @safe struct Entry: @unchecked Sendable {
        let id: Int
        /// Never freed: a checked name lives as long as the process (see ``XMLWriterName``).
        let bytes: UnsafeBufferPointer<UInt8>
    }

    /// By code points: `XMLWriterName("e\u{301}")` must not get the bytes of `"é"`.
    private static let entries = LockedValue<[CodePointString: Entry]>([:])

    /// The entry for `name`, the same for every checked name with this string.
    static func entry(for name: String) -> Entry {
        entries.withLock { entries in
            let key = CodePointString(name)
            if let entry = entries[key] { return entry }
            let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: name.utf8.count)
            _ = unsafe storage.initialize(from: name.utf8)
            let entry = unsafe Entry(id: entries.count, bytes: UnsafeBufferPointer(storage))
            entries[key] = entry
            return entry
        }
    }

    /// The number of `name` if a checked name has it (for a `String` name in a tag that
    /// also holds checked ones).
    static func existingID(for name: String) -> Int? { entries.withLock { $0[CodePointString(name)]?.id } }
}
