internal import XMLSyntax

/// The names already written in the open start tag, so that a repeat (which no parser
/// would read) is refused in O(1) however many attributes the tag has.
///
/// Two attributes clash when they are written with the same name, or when their names
/// expand to the same namespace URI and local name under different prefixes. A tag also
/// remembers the prefixes its names use, so a later declaration on the same tag cannot
/// change what an earlier name meant. Names checked once (``XMLWriterName``) are kept as
/// their number (``CheckedNames``), the others as strings. Names, prefixes and URIs compare
/// by code points, as XML compares them (`é` and `e` + U+0301 are two names, which Swift's
/// `==` would call one and refuse as a repeat).
///
/// The methods are `mutating` only so that a call through the writer's state pointer reads
/// the storage in place: a non-mutating call there copied the struct, retaining and
/// releasing its arrays on every attribute.
struct StartTagNames {
    private var written = SmallSet<WrittenName>()
    /// Checked names numbered below 64, one bit each: the common case costs a bit test.
    private var checkedBits: UInt64 = 0
    private var checked = SmallSet<Int>()
    private var expanded = SmallSet<ExpandedName>()
    /// Prefixes the tag's names use or declare (`nil`: the default namespace).
    private var usedPrefixes: Set<WrittenName?> = []

    struct ExpandedName: Hashable {
        var uri: String
        var localName: String

        static func == (a: ExpandedName, b: ExpandedName) -> Bool {
            a.localName.hasSameCodePoints(as: b.localName) && a.uri.hasSameCodePoints(as: b.uri)
        }

        func hash(into hasher: inout Hasher) {
            uri.hashCodePoints(into: &hasher)
            localName.hashCodePoints(into: &hasher)
        }
    }

    /// Whether an attribute written as `name` is already in the tag (a declaration
    /// `xmlns:p` counts as an attribute named `xmlns:p`), however it was named.
    /// - Complexity: O(1).
    mutating func contains(written name: String) -> Bool {
        if written.contains(WrittenName(name)) { return true }
        guard checkedBits != 0 || !checked.isEmpty, let id = CheckedNames.existingID(for: name) else { return false }
        return containsChecked(id)
    }

    private mutating func containsChecked(_ id: Int) -> Bool {
        id < 64 ? checkedBits & 1 << id != 0 : checked.contains(id)
    }

    /// Whether the tag already has an attribute with this checked name, however it was named.
    mutating func contains(checked id: Int, name: @autoclosure () -> String) -> Bool {
        containsChecked(id) || (!written.isEmpty && written.contains(WrittenName(name())))
    }

    /// Whether an attribute with this namespace and local name is already in the tag.
    /// - Complexity: O(1).
    mutating func contains(_ name: ExpandedName) -> Bool { expanded.contains(name) }

    /// Whether a name in the tag uses `prefix` or the tag declares it (`nil`: the default
    /// namespace, which an unprefixed element name uses).
    mutating func uses(prefix: String?) -> Bool {
        guard let prefix else { return usesDefaultNamespace }
        return usedPrefixes.contains(WrittenName(prefix))
    }

    /// Whether the element's name is unprefixed or the tag declares the default namespace: a
    /// flag, since most tags set it.
    private var usesDefaultNamespace = false

    mutating func insert(written name: String) { written.insert(WrittenName(name)) }
    mutating func insert(checked id: Int) {
        if id < 64 { checkedBits |= 1 << id } else { checked.insert(id) }
    }
    mutating func insert(_ name: ExpandedName) { expanded.insert(name) }
    mutating func use(prefix: String?) {
        guard let prefix else {
            usesDefaultNamespace = true
            return
        }
        usedPrefixes.insert(WrittenName(prefix))
    }

    /// Forgets everything, keeping the storage for the next tag.
    mutating func removeAll() {
        written.removeAll()
        checkedBits = 0
        checked.removeAll()
        expanded.removeAll()
        if !usedPrefixes.isEmpty { usedPrefixes.removeAll(keepingCapacity: true) }
        usesDefaultNamespace = false
    }
}

/// A name or prefix as written in the tag, equal to another only with the same code points.
/// (XMLSyntax's `CodePointString` does the same; a type of this module's own lets the
/// compiler specialize the set's search for it, which costs a start tag a few percent less.)
private struct WrittenName: Hashable {
    let string: String

    @inline(__always) init(_ string: String) { self.string = string }

    @inline(__always)
    static func == (a: WrittenName, b: WrittenName) -> Bool { a.string.hasSameCodePoints(as: b.string) }

    func hash(into hasher: inout Hasher) { string.hashCodePoints(into: &hasher) }
}

/// A set for a start tag's few names: searched linearly while small (cheaper than hashing),
/// a `Set` past that. Emptying it sets a count back and keeps the slots for the next tag
/// (`removeAll(keepingCapacity:)` on an array of strings cost more than the tag's names).
private struct SmallSet<Element: Hashable> {
    private static var linearLimit: Int { 8 }

    private var slots: [Element] = []
    private var count = 0
    private var large: Set<Element> = []

    var isEmpty: Bool { count == 0 }

    mutating func contains(_ element: Element) -> Bool {
        guard count <= Self.linearLimit else { return large.contains(element) }
        for k in 0..<count where slots[k] == element { return true }
        return false
    }

    mutating func insert(_ element: Element) {
        if count < slots.count { slots[count] = element } else { slots.append(element) }
        count += 1
        if count > Self.linearLimit {
            if large.isEmpty { large.formUnion(slots[..<count]) } else { large.insert(element) }
        }
    }

    mutating func removeAll() {
        count = 0
        if !large.isEmpty { large.removeAll() }
    }
}
