internal import XMLSyntax

/// XML 1.0's grammar for an element declaration's content (`contentspec`, section 3.2) and
/// an attribute declaration's type (`AttType`, section 3.3.1): the writer checks what it is
/// given and writes it without the optional spaces.
///
/// The check keeps its own stack (one entry per open group) instead of recursing, and reads
/// each character once; groups nest at most `DTDLimits.contentModelDepth` deep, as the
/// reader reads them.
enum DTDContentModel {
    /// `EMPTY`, `ANY`, mixed or element content without its spaces, or `nil` when `text`
    /// is none of them.
    static func normalized(_ text: String) -> String? {
        var scanner = Scanner(text)
        scanner.skipSpace()
        if let word = scanner.word() {
            // A keyword is the whole model: `EMPTY(a)` is none.
            return (word == "EMPTY" || word == "ANY") && scanner.atEnd(afterSpace: true) ? word : nil
        }
        guard scanner.take("(") else { return nil }
        scanner.skipSpace()
        return scanner.take("#PCDATA") ? mixed(&scanner) : children(&scanner)
    }

    /// After `(#PCDATA`: `)`, `)*`, or `|a|b)*`.
    private static func mixed(_ scanner: inout Scanner) -> String? {
        var out = "(#PCDATA"
        var names = 0
        while true {
            scanner.skipSpace()
            if scanner.take(")") { break }
            guard scanner.take("|") else { return nil }
            scanner.skipSpace()
            guard let name = scanner.name() else { return nil }
            out += "|" + name
            names += 1
        }
        out += ")"
        if scanner.take("*") {
            out += "*"
        } else if names > 0 {
            return nil
        }
        return scanner.atEnd(afterSpace: true) ? out : nil
    }

    /// After the first `(` of element content: particles, groups and their suffixes, each
    /// group separated by `|` or `,` throughout.
    private static func children(_ scanner: inout Scanner) -> String? {
        // Per open group: its separator once one is seen.
        var groups: [Unicode.Scalar?] = [nil]
        var out = "("
        var expectsParticle = true
        while !groups.isEmpty {
            scanner.skipSpace()
            if expectsParticle {
                if scanner.take("(") {
                    // What the reader would refuse, the writer does not write.
                    guard groups.count < DTDLimits.contentModelDepth else { return nil }
                    groups.append(nil)
                    out += "("
                    continue
                }
                guard let name = scanner.name() else { return nil }
                out += name + scanner.suffix()
                expectsParticle = false
                continue
            }
            if scanner.take(")") {
                groups.removeLast()
                out += ")" + scanner.suffix()
                continue
            }
            guard let separator = scanner.next(), separator == "|" || separator == "," else { return nil }
            if let seen = groups[groups.count - 1], seen != separator { return nil }
            groups[groups.count - 1] = separator
            out.unicodeScalars.append(separator)
            expectsParticle = true
        }
        return scanner.atEnd(afterSpace: true) ? out : nil
    }

    /// `CDATA`, a tokenized type, `(a|b)` or `NOTATION (a|b)`, written without optional
    /// spaces, or `nil`.
    static func normalizedAttributeType(_ text: String) -> String? {
        var scanner = Scanner(text)
        scanner.skipSpace()
        let notation: Bool
        if let word = scanner.word() {
            let atEnd = scanner.atEnd(afterSpace: true)
            if atEnd, ["CDATA", "ID", "IDREF", "IDREFS", "ENTITY", "ENTITIES", "NMTOKEN", "NMTOKENS"].contains(word) {
                return word
            }
            // expat reports `NOTATION (a|b)` without the space XML requires: both are read.
            guard word == "NOTATION" else { return nil }
            scanner.skipSpace()
            notation = true
        } else {
            notation = false
        }
        guard scanner.take("(") else { return nil }
        var tokens: [String] = []
        repeat {
            scanner.skipSpace()
            // A notation's names are names; an enumeration's values are name tokens.
            guard let token = notation ? scanner.name() : scanner.nameToken() else { return nil }
            tokens.append(token)
            scanner.skipSpace()
        } while scanner.take("|")
        guard scanner.take(")"), scanner.atEnd(afterSpace: true) else { return nil }
        return (notation ? "NOTATION (" : "(") + tokens.joined(separator: "|") + ")"
    }

    /// Reads scalars one at a time.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ text: String) { scalars = Array(text.unicodeScalars) }

        mutating func next() -> Unicode.Scalar? {
            guard index < scalars.count else { return nil }
            index += 1
            return scalars[index - 1]
        }

        /// Skips XML's white space; whether there was any.
        @discardableResult
        mutating func skipSpace() -> Bool {
            let start = index
            while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
            return index > start
        }

        mutating func atEnd(afterSpace: Bool) -> Bool {
            if afterSpace { skipSpace() }
            return index == scalars.count
        }

        /// Takes `literal` when the input continues with it.
        mutating func take(_ literal: String) -> Bool {
            let wanted = Array(literal.unicodeScalars)
            guard scalars.count - index >= wanted.count, Array(scalars[index..<index + wanted.count]) == wanted else { return false }
            index += wanted.count
            return true
        }

        /// `?`, `*`, `+` or nothing, right after a particle.
        mutating func suffix() -> String {
            guard index < scalars.count, ["?", "*", "+"].contains(scalars[index]) else { return "" }
            index += 1
            return String(scalars[index - 1])
        }

        /// A run of ASCII capitals (`EMPTY`, `CDATA`, `NOTATION`), if one starts here.
        mutating func word() -> String? {
            let start = index
            while index < scalars.count, ("A"..."Z").contains(scalars[index]) { index += 1 }
            guard index > start else { return nil }
            // A keyword is a whole word: `ANYthing` is a name, not `ANY`.
            if index < scalars.count, XMLNameValidation.isNameChar(scalars[index]) {
                index = start
                return nil
            }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }

        mutating func name() -> String? {
            guard index < scalars.count, XMLNameValidation.isNameStart(scalars[index]) else { return nil }
            return nameToken()
        }

        mutating func nameToken() -> String? {
            let start = index
            while index < scalars.count, XMLNameValidation.isNameChar(scalars[index]) { index += 1 }
            guard index > start else { return nil }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }
    }
}
