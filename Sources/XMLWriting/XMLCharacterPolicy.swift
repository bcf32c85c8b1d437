internal import XMLSyntax

/// What the writer does with a character that XML 1.0 does not allow
/// (outside `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`), such
/// as the form feed a paste from a word processor leaves behind.
///
/// Foundation's `XMLDocument`, XMLCoder and AEXML write such characters as they are, and
/// their output then fails to parse. Every policy here produces XML that reads back.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum XMLCharacterPolicy: Hashable, Sendable {
    /// Leave the character out (the default).
    case strip
    /// Write U+FFFD REPLACEMENT CHARACTER instead.
    case replace
    /// Refuse with ``XMLInvalidCharacterError``.
    case `throw`
}

/// A character XML 1.0 does not allow, refused under ``XMLCharacterPolicy/throw``.
public struct XMLInvalidCharacterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The character.
    public var scalar: Unicode.Scalar
    /// Its offset in the string, in Unicode scalars, counted from 0.
    public var scalarOffset: Int

    /// Creates an error.
    public init(scalar: Unicode.Scalar, scalarOffset: Int) {
        self.scalar = scalar
        self.scalarOffset = scalarOffset
    }

    /// `U+000C at offset 3 is not allowed in XML 1.0`: the character as `U+` and at least four
    /// hex digits, and its offset.
    public var description: String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) at offset \(scalarOffset) is not allowed in XML 1.0"
    }
}

extension Unicode.Scalar {
    /// Whether XML 1.0's `Char` production allows the character:
    /// `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`.
    public var isAllowedInXML: Bool { XMLCharacterClass.isAllowed(value) }
}
