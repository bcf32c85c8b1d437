/// Strings compared as XML, XPath 1.0, Canonical XML and property lists compare them: by
/// their code points.
///
/// Swift's `String` equality, hashing and ordering follow canonical equivalence: `"é"`
/// (U+00E9) equals `"e\u{301}"`, U+212A KELVIN SIGN equals `"K"`, a Hangul syllable equals
/// its jamo. XML names, attribute values, XPath's `=`, `contains()` and `starts-with()`,
/// C14N's attribute order and a plist dictionary's keys all tell those apart, so every
/// place that decides such a rule compares through these members instead of `==` or `<`.
/// UTF-8's byte order is code-point order, so both are answered from the bytes.
extension String {
    /// Whether both strings hold the same code points (XPath's and XML's string equality).
    ///
    /// - Complexity: O(n), no allocation; two native strings of different lengths in O(1).
    @inlinable @inline(__always)
    package func hasSameCodePoints(as other: String) -> Bool {
        let a = utf8
        let b = other.utf8
        guard a.count == b.count else { return false }
        // Native strings (nearly all) show their bytes in place, small ones too; walking the
        // views instead costs several times as much.
        if let equal = unsafe a.withContiguousStorageIfAvailable({ x in unsafe b.withContiguousStorageIfAvailable { y in unsafe x.elementsEqual(y) } }),
            let equal
        {
            return equal
        }
        return a.elementsEqual(b)
    }

    /// Whether this string comes before `other` in code-point order (shorter first on a
    /// common prefix), as Canonical XML sorts attributes and plists sort keys.
    ///
    /// - Complexity: O(n), no allocation.
    @inlinable
    package func precedesInCodePointOrder(_ other: String) -> Bool { codePointOrder(other) < 0 }

    /// The order of the two strings' code points, in one pass: negative when this string
    /// comes first, 0 when they are the same, positive when `other` comes first (sorts by
    /// two fields, such as Canonical XML's namespace URI and local name, need no `==` first).
    ///
    /// - Complexity: O(n), no allocation for native strings.
    @inlinable
    package func codePointOrder(_ other: String) -> Int {
        if let result = unsafe utf8.withContiguousStorageIfAvailable({ x in
            unsafe other.utf8.withContiguousStorageIfAvailable { y in unsafe Self.codePointOrder(x, y) }
        }), let result {
            return result
        }
        return unsafe Array(utf8).withUnsafeBufferPointer { x in unsafe Array(other.utf8).withUnsafeBufferPointer { y in unsafe Self.codePointOrder(x, y) } }
    }

    @inlinable
    static func codePointOrder(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let n = Swift.min(x.count, y.count)
        var i = 0
        while i < n {
            if unsafe x[i] != y[i] { return unsafe x[i] < y[i] ? -1 : 1 }
            i += 1
        }
        return x.count == y.count ? 0 : x.count < y.count ? -1 : 1
    }

    /// Whether the string begins with `prefix`'s code points (XPath's `starts-with()`: a
    /// prefix that ends inside a combining sequence still matches).
    ///
    /// - Complexity: O(m) for a prefix of m bytes.
    @inlinable
    package func hasCodePointPrefix(_ prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8)
    }

    /// Feeds the string's bytes to `hasher` (the hash of ``CodePointString``).
    @inlinable
    package func hashCodePoints(into hasher: inout Hasher) {
        if unsafe utf8.withContiguousStorageIfAvailable({ unsafe hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            unsafe Array(utf8).withUnsafeBytes { unsafe hasher.combine(bytes: $0) }
        }
    }
}

/// A `String` that is equal to, hashes like and sorts beside another only by its code
/// points: the key type for sets and dictionaries that must keep `"é"` and `"e\u{301}"`
/// apart (XPath's node-set comparisons, ID tables, plist keys, name lookups).
package struct CodePointString: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let string: String

    @inlinable @inline(__always)
    package init(_ string: String) {
        self.string = string
    }

    @inlinable @inline(__always)
    package static func == (a: CodePointString, b: CodePointString) -> Bool {
        a.string.hasSameCodePoints(as: b.string)
    }

    @inlinable
    package static func < (a: CodePointString, b: CodePointString) -> Bool {
        a.string.precedesInCodePointOrder(b.string)
    }

    @inlinable
    package func hash(into hasher: inout Hasher) { string.hashCodePoints(into: &hasher) }

    package var description: String { string }
}

extension Optional where Wrapped == String {
    /// Feeds the string's bytes to `hasher`, or for none a byte no UTF-8 text holds.
    @inlinable
    package func hashCodePoints(into hasher: inout Hasher) {
        if let self { self.hashCodePoints(into: &hasher) } else { hasher.combine(0xFF as UInt8) }
    }

    /// Whether both are absent, or both present with the same code points.
    @inlinable
    package func hasSameCodePoints(as other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): return true
        case (let a?, let b?): return a.hasSameCodePoints(as: b)
        default: return false
        }
    }
}

extension Dictionary where Key == String {
    /// The value under a key with exactly `key`'s code points. A `[String: V]` finds keys by
    /// canonical equivalence (its subscript would give the value of `"é"` for `"e\u{301}"`);
    /// a caller's dictionary keyed by names, prefixes or URIs is read through this.
    ///
    /// - Complexity: O(1) on average, plus the length of the key.
    @inlinable
    package func value(forCodePoints key: String) -> Value? {
        guard let index = index(forKey: key), self[index].key.hasSameCodePoints(as: key) else { return nil }
        return self[index].value
    }
}

extension String {
    /// The string with a–z made A–Z and every other code point kept: how encoding names and
    /// other ASCII keywords are matched "ignoring case" (`uppercased()` would also make
    /// `ſ` (U+017F) an `S`, and `lowercased()` U+212A KELVIN SIGN a `k`).
    package var asciiUppercased: String {
        String(decoding: utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// The string with A–Z made a–z and every other code point kept.
    package var asciiLowercased: String {
        String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
