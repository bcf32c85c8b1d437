internal import XMLSyntax

/// The attributes of one element of a schema document: a few, read by name many times while
/// the schema compiles. A list compared by length and bytes finds one faster than a
/// dictionary hashes its name.
struct SchemaAttributes {
    private var entries: [(name: String, value: String)] = []

    /// Adds an attribute; an element has each name once, as the parser ensures.
    mutating func append(name: String, value: String) {
        entries.append((name, value))
    }

    /// The value of the attribute named `name` (by code point), if the element has it.
    subscript(name: String) -> String? {
        for entry in entries where entry.name.hasSameCodePoints(as: name) { return entry.value }
        return nil
    }

    /// The attributes' names, in document order.
    var keys: [String] { entries.map(\.name) }
}
