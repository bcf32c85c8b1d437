internal import XMLSyntax

/// A set of characters of a pattern: ranges, Unicode general categories, XML's name
/// characters, and their unions, complements and subtractions.
///
/// Kept as the tree the pattern wrote rather than flattened to ranges, so `\p{L}` costs no
/// walk over a million code points when compiled. ``XSDRegexProgram`` answers ASCII from a
/// bitmap made once; other characters walk the tree, whose size is bounded by the pattern's.
indirect enum XSDCharacterClass: Hashable, Sendable {
    case ranges([ClosedRange<UInt32>])
    case categories(Set<Unicode.GeneralCategory>)
    /// `\i`: XML 1.0's `Letter | '_' | ':'`.
    case nameStart
    /// `\c`: XML 1.0's `NameChar`.
    case nameCharacter
    case union([XSDCharacterClass])
    case complement(XSDCharacterClass)
    case subtraction(XSDCharacterClass, XSDCharacterClass)

    /// `\s`: space, tab, line feed, carriage return.
    static let space = XSDCharacterClass.ranges([9...10, 13...13, 32...32])
    /// `\w`: `[#x0000-#x10FFFF]-[\p{P}\p{Z}\p{C}]`.
    static let word = XSDCharacterClass.complement(.categories(punctuation.union(separators).union(others)))

    func contains(_ value: UInt32) -> Bool {
        switch self {
        case .ranges(let ranges): return ranges.contains { $0.contains(value) }
        case .categories(let categories):
            guard let scalar = Unicode.Scalar(value) else { return categories.contains(.surrogate) }
            return categories.contains(scalar.properties.generalCategory)
        case .nameStart:
            // XML Schema 1.0 takes its name characters from XML 1.0's first-edition tables,
            // which are expat's: a value `\i\c*` accepts is a name the reader reads.
            guard let scalar = Unicode.Scalar(value) else { return false }
            return XMLNameValidation.isNameStart(scalar)
        case .nameCharacter:
            guard let scalar = Unicode.Scalar(value) else { return false }
            return XMLNameValidation.isNameChar(scalar)
        case .union(let parts): return parts.contains { $0.contains(value) }
        case .complement(let inner): return !inner.contains(value)
        case .subtraction(let from, let removed): return from.contains(value) && !removed.contains(value)
        }
    }

    /// `\p{name}`: a category (`L`, `Nd`, …) or a block (`IsBasicLatin`, …); `nil` for a name
    /// XML Schema 1.0 does not define.
    static func property(named name: String) -> XSDCharacterClass? {
        if let categories = categoryNames[name] { return .categories(categories) }
        guard name.hasPrefix("Is"), let ranges = UnicodeBlocks.ranges[String(name.dropFirst(2))] else { return nil }
        return .ranges(ranges)
    }

    static let letters: Set<Unicode.GeneralCategory> = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
    ]
    static let marks: Set<Unicode.GeneralCategory> = [.nonspacingMark, .spacingMark, .enclosingMark]
    static let numbers: Set<Unicode.GeneralCategory> = [.decimalNumber, .letterNumber, .otherNumber]
    static let punctuation: Set<Unicode.GeneralCategory> = [
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation,
    ]
    static let separators: Set<Unicode.GeneralCategory> = [.spaceSeparator, .lineSeparator, .paragraphSeparator]
    static let symbols: Set<Unicode.GeneralCategory> = [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
    /// `C`: XML Schema 1.0 lists no `Cs`, but surrogates are in `C` as Unicode has it.
    static let others: Set<Unicode.GeneralCategory> = [.control, .format, .privateUse, .unassigned, .surrogate]

    /// The categories XML Schema 1.0 names, as the Swift runtime's Unicode data assigns them
    /// (a newer Unicode than the 3.1 the recommendation cites: only characters assigned since
    /// then differ, as they do for Xerces, which uses Java's data, and xmlschema, Python's).
    static let categoryNames: [String: Set<Unicode.GeneralCategory>] = [
        "L": letters, "Lu": [.uppercaseLetter], "Ll": [.lowercaseLetter], "Lt": [.titlecaseLetter],
        "Lm": [.modifierLetter], "Lo": [.otherLetter],
        "M": marks, "Mn": [.nonspacingMark], "Mc": [.spacingMark], "Me": [.enclosingMark],
        "N": numbers, "Nd": [.decimalNumber], "Nl": [.letterNumber], "No": [.otherNumber],
        "P": punctuation, "Pc": [.connectorPunctuation], "Pd": [.dashPunctuation], "Ps": [.openPunctuation],
        "Pe": [.closePunctuation], "Pi": [.initialPunctuation], "Pf": [.finalPunctuation],
        "Po": [.otherPunctuation],
        "Z": separators, "Zs": [.spaceSeparator], "Zl": [.lineSeparator], "Zp": [.paragraphSeparator],
        "S": symbols, "Sm": [.mathSymbol], "Sc": [.currencySymbol], "Sk": [.modifierSymbol], "So": [.otherSymbol],
        "C": others, "Cc": [.control], "Cf": [.format], "Co": [.privateUse], "Cn": [.unassigned],
    ]
}
