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

    /// XML 1.0 (Fifth Edition)'s `NameStartChar` [4]: wider than expat's, for the values a
    /// DTD's attribute types make names (an `ID`, an `NMTOKEN`), which the parser does not
    /// read as names and validity checks against the fifth edition's productions.
    package static func isFifthEditionNameStart(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
            0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    /// XML 1.0 (Fifth Edition)'s `NameChar` [4a] (``isFifthEditionNameStart(_:)``).
    package static func isFifthEditionNameChar(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return isFifthEditionNameStart(c)
        }
    }

    /// Whether `name` is a `Name` [5] of XML 1.0's fifth edition.
    package static func isFifthEditionName(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isFifthEditionNameStart(first) else { return false }
        while let c = scalars.next() {
            guard isFifthEditionNameChar(c) else { return false }
        }
        return true
    }
}
