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
        return DTDTokens.split(inner, on: "|").map {
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
/// already normalized (single spaces between tokens, none around them).
enum DTDTokens {
    static func isName(_ text: String) -> Bool { XMLNameValidation.isValid(text) }

    static func isNmtoken(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy(XMLNameValidation.isNameChar)
    }

    /// The space-separated tokens of a normalized value; `nil` when it is empty or has a
    /// space at either end or two together (which a normalized value cannot have, but a
    /// default written in the DTD can).
    static func list(_ text: String) -> [String]? {
        let parts = split(text, on: " ")
        guard !text.isEmpty, !parts.contains(where: \.isEmpty) else { return nil }
        return parts
    }

    /// `text` split at each `separator`, by code point (a `String`'s split is by
    /// `Character`, where a combining mark joins the separator before it), keeping empty
    /// parts.
    static func split(_ text: String, on separator: Unicode.Scalar) -> [String] {
        text.unicodeScalars.split(separator: separator, omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
    }
}
