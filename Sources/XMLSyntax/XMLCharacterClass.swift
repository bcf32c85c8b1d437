/// XML 1.0's `Char` production, shared by the writer and the recovering reader.
package enum XMLCharacterClass {
    /// Whether `value` is a character XML 1.0 allows:
    /// `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`.
    @inlinable
    package static func isAllowed(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
