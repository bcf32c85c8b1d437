/// XML's `Name` production as the system's expat applies it: the writer refuses names that
/// would not parse, the recovering reader repairs them. expat follows XML 1.0's
/// first-edition character tables (``ExpatNameTables``), narrower than the fifth edition's
/// ranges, so whatever passes here, expat reads.
package enum XMLNameValidation {
    /// `NameStartChar`, as expat reads it.
    package static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x80
            ? (c.value | 0x20 >= 0x61 && c.value | 0x20 <= 0x7A) || c == "_" || c == ":"
            : ExpatNameTables.contains(c.value, in: ExpatNameTables.nameStart)
    }

    /// `NameChar`, as expat reads it.
    package static func isNameChar(_ c: Unicode.Scalar) -> Bool {
        if c.value < 0x80 {
            return (c.value | 0x20 >= 0x61 && c.value | 0x20 <= 0x7A) || (c.value >= 0x30 && c.value <= 0x39)
                || c == "_" || c == ":" || c == "-" || c == "."
        }
        return ExpatNameTables.contains(c.value, in: ExpatNameTables.nameChar)
    }

    /// Whether `name` is a `Name`; with `allowingColon: false`, an `NCName` (a prefix or a
    /// local name under namespaces).
    package static func isValid(_ name: String, allowingColon: Bool = true) -> Bool {
        // Most names are ASCII: check their bytes against a table, without decoding.
        let ascii: Bool?? = unsafe name.utf8.withContiguousStorageIfAvailable { bytes in
            unsafe isValidASCII(bytes, allowingColon: allowingColon)
        }
        if let ascii, let ascii { return ascii }
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isNameStart(first), allowingColon || first != ":" else { return false }
        while let c = scalars.next() {
            guard isNameChar(c), allowingColon || c != ":" else { return false }
        }
        return true
    }

    /// The check for names in ASCII: `nil` when a byte is not ASCII. Comparisons rather than
    /// a table: a global table costs a lazy-initialisation check and a retain per call.
    @inline(__always)
    private static func isValidASCII(_ bytes: UnsafeBufferPointer<UInt8>, allowingColon: Bool) -> Bool? {
        guard let first = unsafe bytes.first else { return false }
        guard first < 0x80 else { return nil }
        let letter = first | 0x20
        guard (letter >= 0x61 && letter <= 0x7A) || first == 0x5F || (first == 0x3A && allowingColon) else { return false }
        var i = 1
        while i < bytes.count {
            let b = unsafe bytes[i]
            let lower = b | 0x20
            if (lower >= 0x61 && lower <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D || b == 0x2E {
                i += 1
                continue
            }
            if b >= 0x80 { return nil }
            if b == 0x3A && allowingColon {
                i += 1
                continue
            }
            return false
        }
        return true
    }
}
