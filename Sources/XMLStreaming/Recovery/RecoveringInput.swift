/// The recovering reader's two stages, between the input and expat: decode to UTF-8, then
/// repair the markup.
struct RecoveringInput {
    private var decoder: RecoveringDecoder
    private var repairer: MarkupRepairer
    private var decoded: [UInt8] = []
    private var notes: [RecoveringDecoder.Note] = []
    private let options: XMLParserOptions

    init(options: XMLParserOptions, recovery: XMLRecovery) {
        self.options = options
        decoder = RecoveringDecoder(override: options.encoding)
        repairer = Self.makeRepairer(options: options, recovery: recovery)
    }

    private static func makeRepairer(options: XMLParserOptions, recovery: XMLRecovery) -> MarkupRepairer {
        let limits = options.limits
        var tokenLimit = Int.max
        if let name = limits.maximumNameLength, let value = limits.maximumAttributeValueLength,
            let text = limits.maximumTextLength
        {
            tokenLimit = max(name, value, text) &+ 4096
        }
        return MarkupRepairer(
            namespaced: options.processesNamespaces, illegalCharacters: recovery.illegalCharacters, tokenLimit: tokenLimit)
    }

    /// Repairs the next piece of input; returns UTF-8 for expat and the repairs it made.
    mutating func repair(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) throws -> (
        output: [UInt8], repairs: [XMLRepair]
    ) {
        decoded.removeAll(keepingCapacity: true)
        notes.removeAll(keepingCapacity: true)
        unsafe decoder.decode(bytes, isFinal: isFinal, into: &decoded, notes: &notes)
        unsafe try decoded.withUnsafeBufferPointer { unsafe try repairer.process($0, notes: notes, isFinal: isFinal) }
        let repairs = repairer.repairs
        repairer.repairs = []
        return (repairer.takeOutput(), repairs)
    }

    /// Forgets the document, for the next one.
    mutating func reset(recovery: XMLRecovery) {
        decoder.reset()
        repairer = Self.makeRepairer(options: options, recovery: recovery)
    }
}
