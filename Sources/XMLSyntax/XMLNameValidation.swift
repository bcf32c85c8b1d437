/// XML 1.0's `Name` production: the writer refuses names that would not parse, the
/// recovering reader repairs them.
package enum XMLNameValidation {
    /// `NameStartChar`.
    package static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x3A, 0x5F, 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
            0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default: return false
        }
    }

    /// `NameChar`.
    package static func isNameChar(_ c: Unicode.Scalar) -> Bool {
        if isNameStart(c) { return true }
        switch c.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return false
        }
    }

    /// Whether `name` is a `Name`; with `allowingColon: false`, an `NCName` (a prefix or a
    /// local name under namespaces).
    package static func isValid(_ name: String, allowingColon: Bool = true) -> Bool {
        // Most names are ASCII: check their bytes without decoding.
        var name = name
        let ascii: Bool? = name.withUTF8 { bytes in
            guard let first = bytes.first, first < 0x80 else { return bytes.isEmpty ? false : nil }
            func isStart(_ b: UInt8) -> Bool {
                (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || (allowingColon && b == 0x3A)
            }
            guard isStart(first) else { return false }
            for b in bytes.dropFirst() {
                if b >= 0x80 { return nil }
                if !(isStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E) { return false }
            }
            return true
        }
        if let ascii { return ascii }
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isNameStart(first), allowingColon || first != ":" else { return false }
        while let c = scalars.next() {
            guard isNameChar(c), allowingColon || c != ":" else { return false }
        }
        return true
    }
}
