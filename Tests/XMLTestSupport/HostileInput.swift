/// Documents built to find work that grows faster than the input: each stresses one
/// dimension (attributes in one tag, depth, namespaces, unmatched tags) at a size `n`.
public enum HostileInput {
    /// `<r a0="v0" a1="v1" …/>`: one start tag with `n` attributes.
    public static func manyAttributes(_ n: Int) -> [UInt8] {
        var xml = "<r"
        for i in 0..<n { xml += " a\(i)=\"v\(i)\"" }
        xml += "/>"
        return Array(xml.utf8)
    }

    /// One start tag that declares `n` prefixes and has one attribute under each.
    public static func manyNamespaces(_ n: Int) -> [UInt8] {
        var xml = "<r"
        for i in 0..<n { xml += " xmlns:p\(i)=\"urn:\(i)\"" }
        for i in 0..<n { xml += " p\(i):a=\"v\"" }
        xml += "/>"
        return Array(xml.utf8)
    }

    /// `n` attributes whose prefixes nobody declares (for the recovering reader).
    public static func undeclaredPrefixes(_ n: Int) -> [UInt8] {
        var xml = "<r"
        for i in 0..<n { xml += " p\(i):a=\"v\"" }
        xml += "/>"
        return Array(xml.utf8)
    }

    /// `depth` open elements, then `n` end tags that match none of them.
    public static func unmatchedEndTags(depth: Int, _ n: Int) -> [UInt8] {
        Array((String(repeating: "<a>", count: depth) + String(repeating: "</b>", count: n)).utf8)
    }

    /// Elements nested `n` deep.
    public static func deep(_ n: Int) -> [UInt8] {
        Array((String(repeating: "<a>", count: n) + "x" + String(repeating: "</a>", count: n)).utf8)
    }

    /// `n` sibling elements, alternately `<a>` and `<b>`, each with an `id` and a `ref`.
    public static func siblings(_ n: Int) -> [UInt8] {
        var xml = "<r>"
        for i in 0..<n { xml += i % 2 == 0 ? "<a xml:id=\"i\(i)\" ref=\"i\(i + 1)\">\(i)</a>" : "<b>\(i)</b>" }
        xml += "</r>"
        return Array(xml.utf8)
    }
}
