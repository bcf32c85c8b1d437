/// A regular expression of XML Schema 1.0 (Datatypes, appendix F), the language of the
/// `pattern` facet, compiled once and matched against whole values.
///
/// A pattern is implicitly anchored at both ends (`^` and `$` are ordinary characters) and
/// has no captures, back-references or lazy quantifiers, so a Thompson automaton decides it:
/// matching runs every state at once (a Pike VM) and takes time linear in the value times
/// the program, whatever the pattern. `(a*)*b` on 100,000 `a` is as quick as `a*b`, where a
/// backtracking engine (Python's `re`, which xmlschema uses) never finishes. Counts (`{n,m}`)
/// are expanded when compiled, under `maximumProgramSize`, so a pattern of a few bytes
/// cannot ask for gigabytes.
struct XSDRegex: Sendable {
    /// A pattern outside XML Schema 1.0's syntax, or too large or too deep to compile.
    struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, in a sentence without the pattern.
        var message: String
        /// Where, in code points from the pattern's start.
        var offset: Int

        var description: String { "\(message) (at character \(offset + 1) of the pattern)" }
    }

    /// The pattern as written.
    let pattern: String
    let program: XSDRegexProgram

    /// Compiles `pattern`. `maximumProgramSize` bounds the instructions once counted
    /// repetitions are expanded (`a{1000}` is 1,000), and with it both compiling and the
    /// work per character of a match.
    init(_ pattern: String, maximumProgramSize: Int = 100_000) throws(SyntaxError) {
        self.pattern = pattern
        var parser = XSDRegexParser(pattern)
        let tree = try parser.parse()
        let size = tree.programSize
        guard size <= maximumProgramSize else {
            throw SyntaxError(
                message: "the pattern needs "
                    + (size >= Int(Int32.max) ? "more than \(maximumProgramSize) instructions" : "\(size) instructions")
                    + " once its counts are expanded, past the limit of \(maximumProgramSize)",
                offset: 0)
        }
        program = XSDRegexProgram(tree)
    }

    /// Whether the whole of `value` matches the pattern.
    func matches(_ value: String) -> Bool {
        program.matches(value.utf8.span)
    }

    /// Whether the whole of `bytes` (well-formed UTF-8) matches the pattern.
    func matches(_ bytes: Span<UInt8>) -> Bool {
        program.matches(bytes)
    }
}
