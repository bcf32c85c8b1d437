/// Text compared as the stores compare it: byte for byte (SQLite's BINARY collation, and
/// PostgreSQL's deterministic collations, tell `"é"` from `"e\u{301}"`). Swift's `String`
/// compares by canonical equivalence, so a `Set<String>` of codes would call two codes that
/// the database keeps apart one code: a team "e\u{301}" would pass for a stored "é", and a
/// name changed between the two spellings would look unchanged and never be written.
package struct ExactText: Hashable, Sendable {
    package let text: String

    package init(_ text: String) {
        self.text = text
    }

    package static func == (a: ExactText, b: ExactText) -> Bool { a.text.isExactly(b.text) }

    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension String {
    /// Whether both hold the same bytes (the same code points).
    package func isExactly(_ other: String) -> Bool {
        var a = self
        var b = other
        return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }
}

extension Array where Element == String {
    /// Whether both hold the same texts, each the same bytes.
    package func isExactly(_ other: [String]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.isExactly($1) }
    }
}
