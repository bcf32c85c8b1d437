import XMLStreaming

/// The distinct names of the records of one parse, each found by the parser's bytes for it
/// (``XMLNameInterner``): a hash and a comparison of bytes per element and attribute, and a
/// `String` only for a name not seen before. Kept from one record to the next
/// (``XMLRecordBuilder/Partial/reset(fileName:)``), so a feed's names are made once.
struct XMLNameTable {
    /// The names, by index.
    private(set) var names: [XMLRecord.Name] = []
    private var index: XMLNameInterner

    /// `fastHashCollides`, for tests: every name hashes alike, as names crafted to collide do.
    init(fastHashCollides: Bool = false) { index = XMLNameInterner(fastHashCollides: fastHashCollides) }

    var count: Int { names.count }
    /// Whether names are hashed by `Hasher` (after a lookup probed too far).
    var isKeyed: Bool { index.isKeyed }

    /// The index of the name, adding it when new; `namespaced` says whether to keep its
    /// namespace URI.
    mutating func index(of name: XMLName, namespaced: Bool) -> Int {
        let (number, isNew) = index.number(of: name)
        if isNew {
            names.append(
                namespaced
                    ? XMLRecord.Name(local: name.localName.string, uri: name.namespaceURI?.string, prefix: name.prefix?.string)
                    : XMLRecord.Name(local: name.localName.string, uri: nil))
        }
        return number
    }
}
