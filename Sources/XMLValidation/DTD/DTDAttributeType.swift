import XMLStreaming
internal import XMLSyntax

/// An attribute's declared type, parsed from the text expat reports (`CDATA`, `IDREFS`,
/// `(a|b)`, `NOTATION(x|y)`).
enum DTDAttributeType: Hashable, Sendable {
    case cdata
    case id
    case idref
    case idrefs
    case entity
    case entities
    case nmtoken
    case nmtokens
    /// `NOTATION (x|y)`: one of the named notations.
    case notation([String])
    /// `(a|b)`: one of the name tokens.
    case enumeration([String])

    /// The type of `text`, or `nil` when expat reported something else.
    init?(_ text: String) {
        switch text {
        case "CDATA": self = .cdata
        case "ID": self = .id
        case "IDREF": self = .idref
        case "IDREFS": self = .idrefs
        case "ENTITY": self = .entity
        case "ENTITIES": self = .entities
        case "NMTOKEN": self = .nmtoken
        case "NMTOKENS": self = .nmtokens
        default:
            if text.hasPrefix("NOTATION"), let tokens = Self.tokens(text.dropFirst("NOTATION".count)) {
                self = .notation(tokens)
            } else if let tokens = Self.tokens(Substring(text)) {
                self = .enumeration(tokens)
            } else {
                return nil
            }
        }
    }

    /// `(a|b|c)`, with or without white space around the tokens, as its tokens.
    private static func tokens(_ text: Substring) -> [String]? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard trimmed.first == "(", trimmed.last == ")" else { return nil }
        // By code point: a combining mark after `|` must not join it into one Character.
        let inner = String(trimmed.dropFirst().dropLast())
        return inner.splitByCodePoint(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0.unicodeScalars.filter { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        }
    }

    /// The type as a DTD writes it, for messages.
    var description: String {
        switch self {
        case .cdata: return "CDATA"
        case .id: return "ID"
        case .idref: return "IDREF"
        case .idrefs: return "IDREFS"
        case .entity: return "ENTITY"
        case .entities: return "ENTITIES"
        case .nmtoken: return "NMTOKEN"
        case .nmtokens: return "NMTOKENS"
        case .notation(let names): return "NOTATION (\(names.joined(separator: "|")))"
        case .enumeration(let tokens): return "(\(tokens.joined(separator: "|")))"
        }
    }
}

/// XML 1.0's `Name`, `Names`, `Nmtoken` and `Nmtokens` productions, on values the parser has
/// already normalized (single spaces between tokens, none around them): the fifth edition's,
/// whose characters are wider than the names expat reads in markup (`i="a‿"` is a name token).
enum DTDTokens {
    static func isName(_ text: String) -> Bool {
        // Most values are ASCII names, which both editions agree on.
        XMLNameValidation.isValid(text) || XMLNameValidation.isFifthEditionName(text)
    }

    static func isNmtoken(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { XMLNameValidation.isNameChar($0) || XMLNameValidation.isFifthEditionNameChar($0) }
    }

    /// The space-separated tokens of a normalized value; `nil` when it is empty or has a
    /// space at either end or two together (which a normalized value cannot have, but a
    /// default written in the DTD can).
    static func list(_ text: String) -> [String]? {
        let parts = text.splitByCodePoint(separator: 0x20, omittingEmptySubsequences: false).map(String.init)
        guard !text.isEmpty, !parts.contains(where: \.isEmpty) else { return nil }
        return parts
    }

    /// Whether a tokenized type's normalization changes a value as written in a tag
    /// (`written`, UTF-8, before references are expanded): once every white-space
    /// character, and a CR LF pair, is one space, as in any attribute value, a space at
    /// either end or two together, which only the declared type removes (XML 1.0, 3.3.3).
    /// A reference to a space (`&#32;`, `&#x20;`) is one; an entity's reference is its text,
    /// as `entityText` gives it (`nil`: taken to hold no space), read the same way, the
    /// entities it references included. Without recursion: each text read is a frame.
    static func normalizationChanges(_ written: [UInt8], entityText: (String) -> [UInt8]? = { _ in nil }) -> Bool {
        var previousIsSpace = false
        var isFirst = true
        // The texts being read, innermost last, with where each is.
        var frames: [(text: [UInt8], index: Int, entity: String?)] = [(written, 0, nil)]
        var opened: Set<String> = []
        while let (text, start, entity) = frames.last {
            var i = start
            guard i < text.count else {
                if let entity { opened.remove(entity) }
                frames.removeLast()
                continue
            }
            let isSpace: Bool
            switch text[i] {
            case 0x0D:
                isSpace = true
                i += i + 1 < text.count && text[i + 1] == 0x0A ? 2 : 1
            case 0x20, 0x09, 0x0A:
                isSpace = true
                i += 1
            case 0x26:
                let end = text[i...].firstIndex(of: 0x3B) ?? text.count
                let name = text[(i + 1)..<end]
                frames[frames.count - 1].index = end + 1
                if name.first != 0x23 {
                    // An entity: its text is read in place (once along a path; expat refuses a cycle).
                    let entity = String(decoding: name, as: UTF8.self)
                    if let replacement = entityText(entity), opened.insert(entity).inserted { frames.append((replacement, 0, entity)) }
                    continue
                }
                isSpace = referencesSpace(name)
                i = end + 1
            default:
                isSpace = false
                i += 1
            }
            frames[frames.count - 1].index = i
            if isSpace && (isFirst || previousIsSpace) { return true }
            previousIsSpace = isSpace
            isFirst = false
        }
        return previousIsSpace
    }

    /// Whether a reference's name (`#32`, `#x20`, `amp`) is a character reference to U+0020.
    private static func referencesSpace(_ name: ArraySlice<UInt8>) -> Bool {
        guard name.first == 0x23 else { return false }
        let digits = name.dropFirst()
        if digits.first == 0x78 { return UInt32(String(decoding: digits.dropFirst(), as: UTF8.self), radix: 16) == 0x20 }
        return UInt32(String(decoding: digits, as: UTF8.self)) == 0x20
    }

}
