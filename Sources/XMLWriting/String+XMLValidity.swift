extension String {
    /// The string with every character XML 1.0 does not allow handled by `policy` (by
    /// default left out): Scrivener's `validXMLString`, in one pass.
    ///
    /// When nothing is invalid, the string itself is returned, sharing its storage: no copy.
    ///
    /// ```swift
    /// try "Pasted\u{0C}from Word".validXMLString()      // "Pastedfrom Word"
    /// try "bell\u{07}".validXMLString(policy: .throw)   // throws XMLInvalidCharacterError
    /// ```
    ///
    /// - Complexity: O(n) with one scan of the UTF-8 bytes when the string is valid; one more
    ///   pass and one allocation when it is not.
    public func validXMLString(policy: XMLCharacterPolicy = .strip) throws(XMLInvalidCharacterError) -> String {
        guard let first = XMLCharacterScan.firstInvalidByteOffset(in: self) else { return self }
        var result = String(self.utf8.prefix(first))!
        result.reserveCapacity(self.utf8.count)
        var scalarOffset = self.utf8.prefix(first).reduce(0) { $0 + (($1 & 0xC0) != 0x80 ? 1 : 0) }
        for scalar in self[self.utf8.index(self.utf8.startIndex, offsetBy: first)...].unicodeScalars {
            defer { scalarOffset += 1 }
            if scalar.isAllowedInXML {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch policy {
            case .strip: continue
            case .replace: result.unicodeScalars.append("\u{FFFD}")
            case .throw: throw XMLInvalidCharacterError(scalar: scalar, scalarOffset: scalarOffset)
            }
        }
        return result
    }

    /// The string with characters XML 1.0 does not allow left out; never throws.
    public var strippedForXML: String {
        // `.strip` never throws.
        (try? validXMLString(policy: .strip)) ?? ""
    }

    /// Whether every character of the string is allowed in XML 1.0.
    public var isValidXML: Bool { XMLCharacterScan.firstInvalidByteOffset(in: self) == nil }
}

/// The byte-level scan behind the string helpers and the writer.
enum XMLCharacterScan {
    /// The UTF-8 offset of the first character XML 1.0 does not allow, or `nil`.
    ///
    /// In valid UTF-8 (which a `String` always is) the disallowed characters are exactly the
    /// C0 controls other than tab, line feed and carriage return (single bytes below 0x20)
    /// and U+FFFE and U+FFFF (EF BF BE and EF BF BF); surrogates cannot occur.
    static func firstInvalidByteOffset(in string: String) -> Int? {
        var string = string
        return string.withUTF8 { unsafe firstInvalidByteOffset(in: $0) }
    }

    static func firstInvalidByteOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let count = bytes.count
        while i < count {
            let b = unsafe bytes[i]
            if b < 0x20 {
                if b != 0x09 && b != 0x0A && b != 0x0D { return i }
            } else if unsafe b == 0xEF && i + 2 < count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF) {
                return i
            }
            i += 1
        }
        return nil
    }
}
