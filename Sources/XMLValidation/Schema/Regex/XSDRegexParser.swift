/// Reads a pattern by appendix F's grammar, over code points (a character outside the Basic
/// Multilingual Plane is one character, as in the values it is matched against).
struct XSDRegexParser {
    /// The deepest nesting of groups and class subtractions a pattern may have. The parser and
    /// everything that walks its tree recurse, so a deeper one (no real pattern nests more
    /// than a few) is refused before it can exhaust the stack.
    static let maximumDepth = 256

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    init(_ pattern: String) { scalars = Array(pattern.unicodeScalars) }

    /// The whole pattern.
    mutating func parse() throws(XSDRegex.SyntaxError) -> XSDRegexNode {
        let node = try parseChoice()
        if let rest = peek { throw error(rest == ")" ? "a ) with no ( before it" : "\(rest) was not expected here") }
        return node
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(ahead offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private func error(_ message: String, at offset: Int? = nil) -> XSDRegex.SyntaxError {
        XSDRegex.SyntaxError(message: message, offset: offset ?? index)
    }

    private mutating func enter() throws(XSDRegex.SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("groups and subtractions nested deeper than \(Self.maximumDepth)")
        }
    }

    // regExp ::= branch ('|' branch)*
    private mutating func parseChoice() throws(XSDRegex.SyntaxError) -> XSDRegexNode {
        var branches = [try parseBranch()]
        while peek == "|" {
            index += 1
            branches.append(try parseBranch())
        }
        return branches.count == 1 ? branches[0] : .choice(branches)
    }

    // branch ::= piece*
    private mutating func parseBranch() throws(XSDRegex.SyntaxError) -> XSDRegexNode {
        var pieces: [XSDRegexNode] = []
        while let next = peek, next != "|", next != ")" {
            pieces.append(try parsePiece())
        }
        switch pieces.count {
        case 0: return .empty
        case 1: return pieces[0]
        default: return .sequence(pieces)
        }
    }

    // piece ::= atom quantifier?
    private mutating func parsePiece() throws(XSDRegex.SyntaxError) -> XSDRegexNode {
        let atom = try parseAtom()
        switch peek {
        case "?":
            index += 1
            return .repeated(atom, min: 0, max: 1)
        case "*":
            index += 1
            return .repeated(atom, min: 0, max: nil)
        case "+":
            index += 1
            return .repeated(atom, min: 1, max: nil)
        case "{":
            let start = index
            index += 1
            let min = try parseCount()
            var max: Int? = min
            if peek == "," {
                index += 1
                max = peek == "}" ? nil : try parseCount()
            }
            guard peek == "}" else { throw error("a count must be {n}, {n,} or {n,m}", at: start) }
            index += 1
            if let max, max < min { throw error("in {\(min),\(max)} the second count is less than the first", at: start) }
            return .repeated(atom, min: min, max: max)
        default:
            return atom
        }
    }

    private mutating func parseCount() throws(XSDRegex.SyntaxError) -> Int {
        var value = 0
        var digits = 0
        while let c = peek, ("0"..."9").contains(c) {
            // Saturating: a count past Int32's range is past any program's limit anyway.
            value = Swift.min(Int(Int32.max), value * 10 + Int(c.value - 48))
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw error("a count must be {n}, {n,} or {n,m}") }
        return value
    }

    // atom ::= Char | charClass | '(' regExp ')'
    private mutating func parseAtom() throws(XSDRegex.SyntaxError) -> XSDRegexNode {
        guard let c = peek else { throw error("the pattern ends where a character was expected") }
        switch c {
        case "(":
            let start = index
            try enter()
            index += 1
            let inner = try parseChoice()
            guard peek == ")" else { throw error("a ( with no ) after it", at: start) }
            index += 1
            depth -= 1
            return inner
        case "[":
            return .character(try parseClassExpression())
        case ".":
            index += 1
            return .character(.complement(.ranges([10...10, 13...13])))
        case "\\":
            return .character(try parseEscape().characterClass)
        case "?", "*", "+", "{":
            throw error("\(c) with nothing before it to repeat")
        case "}", "]":
            throw error("\(c) must be escaped as \\\(c)")
        default:
            index += 1
            return .character(.ranges([c.value...c.value]))
        }
    }

    /// What an escape stands for: one character (which may be a range's end) or a class.
    private enum Escape {
        case character(UInt32)
        case characterClass(XSDCharacterClass)

        var characterClass: XSDCharacterClass {
            switch self {
            case .character(let value): return .ranges([value...value])
            case .characterClass(let characterClass): return characterClass
            }
        }
    }

    // SingleCharEsc, MultiCharEsc, catEsc and complEsc.
    private mutating func parseEscape() throws(XSDRegex.SyntaxError) -> Escape {
        let start = index
        index += 1  // the backslash
        guard let c = peek else { throw error("a \\ at the end of the pattern", at: start) }
        index += 1
        switch c {
        case "n": return .character(10)
        case "r": return .character(13)
        case "t": return .character(9)
        case "\\", "|", ".", "?", "*", "+", "(", ")", "{", "}", "-", "[", "]", "^": return .character(c.value)
        case "s": return .characterClass(.space)
        case "S": return .characterClass(.complement(.space))
        case "i": return .characterClass(.nameStart)
        case "I": return .characterClass(.complement(.nameStart))
        case "c": return .characterClass(.nameCharacter)
        case "C": return .characterClass(.complement(.nameCharacter))
        case "d": return .characterClass(.categories([.decimalNumber]))
        case "D": return .characterClass(.complement(.categories([.decimalNumber])))
        case "w": return .characterClass(.word)
        case "W": return .characterClass(.complement(.word))
        case "p", "P":
            guard peek == "{" else { throw error("\\\(c) must be followed by {name}", at: start) }
            index += 1
            var name = ""
            while let n = peek, n != "}" {
                name.unicodeScalars.append(n)
                index += 1
            }
            guard peek == "}" else { throw error("\\\(c){ with no } after it", at: start) }
            index += 1
            guard let property = XSDCharacterClass.property(named: name) else {
                throw error("\\\(c){\(name)}: XML Schema 1.0 has no such category or block", at: start)
            }
            return .characterClass(c == "p" ? property : .complement(property))
        default:
            throw error("\\\(c) is not an escape of XML Schema's regular expressions", at: start)
        }
    }

    // charClassExpr ::= '[' charGroup ']', where a group may be negated (`^`) and end in a
    // subtraction (`-[…]`); `-` is a character only first or last in a group.
    private mutating func parseClassExpression() throws(XSDRegex.SyntaxError) -> XSDCharacterClass {
        let start = index
        try enter()
        index += 1  // [
        var negated = false
        if peek == "^" {
            negated = true
            index += 1
        }
        var parts: [XSDCharacterClass] = []
        var subtracted: XSDCharacterClass?
        loop: while true {
            guard let c = peek else { throw error("a [ with no ] after it", at: start) }
            switch c {
            case "]":
                break loop
            case "-" where peek(ahead: 1) == "[":
                guard !parts.isEmpty else { throw error("a subtraction from an empty group") }
                index += 1
                subtracted = try parseClassExpression()
                guard peek == "]" else {
                    throw peek == nil ? error("a [ with no ] after it", at: start) : error("a subtraction must be the last thing in its group")
                }
                break loop
            case "-" where peek(ahead: 1) == "-" && peek(ahead: 2) == "[":
                // The group's last character, before a subtraction (`[a-z--[b-z]]`).
                index += 1
                parts.append(.ranges([0x2D...0x2D]))
            case "-" where peek(ahead: 1) == nil:
                throw error("a [ with no ] after it", at: start)
            case "-" where !parts.isEmpty && peek(ahead: 1) != "]":
                throw error("- must be escaped as \\- inside a group, except first or last")
            case "[":
                throw error("[ must be escaped as \\[ inside a group")
            default:
                let first: Escape
                if c == "\\" {
                    first = try parseEscape()
                } else {
                    index += 1
                    first = .character(c.value)
                }
                // `a-` before `]` or a subtraction (`[a--[b]]`) is `a`, then `-` as the group's
                // last character.
                guard case .character(let low) = first, peek == "-", let after = peek(ahead: 1), after != "]",
                    after != "[", !(after == "-" && peek(ahead: 2) == "[")
                else {
                    parts.append(first.characterClass)
                    continue
                }
                index += 1  // -
                let high: UInt32
                if after == "\\" {
                    let escape = index
                    guard case .character(let value) = try parseEscape() else {
                        throw error("a range must end with a character, not a class", at: escape)
                    }
                    high = value
                } else {
                    index += 1
                    high = after.value
                }
                guard low <= high else { throw error("a range from a character to an earlier one") }
                parts.append(.ranges([low...high]))
            }
        }
        index += 1  // ]
        depth -= 1
        guard !parts.isEmpty else { throw error("an empty group", at: start) }
        var result = parts.count == 1 ? parts[0] : .union(parts)
        if negated { result = .complement(result) }
        if let subtracted { result = .subtraction(result, subtracted) }
        return result
    }
}
