/// The names already written in the open start tag, so that a repeat (which no parser
/// would read) is refused in O(1) however many attributes the tag has.
///
/// Two attributes clash when they are written with the same name, or when their names
/// expand to the same namespace URI and local name under different prefixes. A tag also
/// remembers the prefixes its names use, so a later declaration on the same tag cannot
/// change what an earlier name meant.
struct StartTagNames {
    /// Small tags are searched linearly (cheaper than hashing); past this, sets take over.
    static let linearLimit = 8

    /// The names, the first `writtenCount` of them this tag's: clearing sets the count back
    /// and keeps the slots for the next tag (`removeAll(keepingCapacity:)` on an array of
    /// strings costs more than the tag's own names).
    private var written: [String] = []
    private(set) var writtenCount = 0
    private var writtenSet: Set<String> = []
    /// The checked names' numbers, as `written` holds the others' strings (see
    /// StartTagNames+Checked).
    var checked: [Int] = []
    var checkedCount = 0
    var checkedSet: Set<Int> = []
    private var expanded: [ExpandedName] = []
    private var expandedSet: Set<ExpandedName> = []
    /// Prefixes the tag's names use or declare (`nil`: the default namespace).
    private var usedPrefixes: Set<String?> = []

    struct ExpandedName: Hashable {
        var uri: String
        var localName: String
    }

    /// Whether an attribute written as `name` is already in the tag (a declaration
    /// `xmlns:p` counts as an attribute named `xmlns:p`).
    /// - Complexity: O(1).
    /// Mutating only so that a call through the writer's state pointer reads the arrays in
    /// place: a non-mutating call there copied the struct (two retains and releases a call).
    mutating func contains(written name: String) -> Bool {
        containsChecked(name) || containsString(name)
    }

    /// Whether a name written through the `String` API is `name`.
    mutating func containsString(_ name: String) -> Bool {
        guard writtenCount <= Self.linearLimit else { return writtenSet.contains(name) }
        for k in 0..<writtenCount where written[k] == name { return true }
        return false
    }

    /// Whether an attribute with this namespace and local name is already in the tag.
    /// - Complexity: O(1).
    mutating func contains(_ name: ExpandedName) -> Bool {
        expanded.count <= Self.linearLimit ? expanded.contains(name) : expandedSet.contains(name)
    }

    /// Whether a name in the tag uses `prefix` or the tag declares it.
    mutating func uses(prefix: String?) -> Bool { usedPrefixes.contains(prefix) }

    mutating func insert(written name: String) {
        if writtenCount < written.count { written[writtenCount] = name } else { written.append(name) }
        writtenCount += 1
        if writtenCount > Self.linearLimit {
            if writtenSet.isEmpty { writtenSet.formUnion(written[..<writtenCount]) } else { writtenSet.insert(name) }
        }
    }

    mutating func insert(_ name: ExpandedName) {
        expanded.append(name)
        if expanded.count > Self.linearLimit {
            if expandedSet.isEmpty { expandedSet.formUnion(expanded) } else { expandedSet.insert(name) }
        }
    }

    mutating func use(prefix: String?) { usedPrefixes.insert(prefix) }

    /// Forgets everything, keeping the storage for the next tag.
    mutating func removeAll() {
        writtenCount = 0
        checkedCount = 0
        if !checkedSet.isEmpty { checkedSet.removeAll() }
        if !writtenSet.isEmpty { writtenSet.removeAll() }
        if !expanded.isEmpty { expanded.removeAll(keepingCapacity: true) }
        if !expandedSet.isEmpty { expandedSet.removeAll() }
        if !usedPrefixes.isEmpty { usedPrefixes.removeAll(keepingCapacity: true) }
    }
}
