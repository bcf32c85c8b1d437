extension StringProtocol where UTF8View.SubSequence == Substring.UTF8View {
    /// The pieces between the ASCII `separator`s, split by code point, as XML reads a list:
    /// a space followed by a combining mark, which Swift's `split` takes for one character
    /// and so passes over, still separates (`"a \u{301}"` is two items, Datatypes 2.5.1.2).
    func splitByCodePoint(
        separator: UInt8, maxSplits: Int = .max, omittingEmptySubsequences: Bool = true
    ) -> [Substring] {
        utf8.split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: omittingEmptySubsequences).map { Substring($0) }
    }

    /// The pieces between runs of XML white space (space, tab, line feed, carriage return),
    /// split by code point.
    func splitAtXMLWhitespace() -> [Substring] {
        utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }).map { Substring($0) }
    }
}
