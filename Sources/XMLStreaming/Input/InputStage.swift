/// A stage between the input and expat: it takes the document's bytes as they arrive and
/// hands on the bytes expat is to parse, with the repairs it made to them.
///
/// The recovering reader (``XMLParserOptions/recovery``) is one: it decodes and repairs.
/// The receiver knows only this protocol. When the options ask for a stage, every input
/// byte goes through it; the receiver reports each repair to the handler before expat
/// reads the bytes the repair produced, and tells expat the stage's output encoding.
///
/// A stage streams: it holds back only what it cannot decide yet (a character or a tag
/// split between chunks), in memory bounded by the limits, and never sees expat's events.
protocol InputStage {
    /// The encoding expat reads the stage's output in.
    var outputEncoding: String { get }

    /// Whether the output can still hold references to entities the document does not
    /// declare in attribute values (the receiver then looks for them, as without a stage).
    var mayPassUndeclaredAttributeEntities: Bool { get }

    /// How many of its repairs the parser keeps for ``XMLStreamParser/repairs`` (the
    /// handler sees them all).
    var recordedRepairLimit: Int { get }

    /// Processes the next bytes of input, the last ones when `isFinal` (then possibly
    /// none), and calls `deliver` once with what is ready: the repairs made, in input order
    /// and with positions in the input, and the bytes for expat, valid only during the call.
    ///
    /// Throws a positioned ``XMLParseError`` for input it cannot pass on (a limit).
    mutating func process(
        _ input: UnsafeRawBufferPointer, isFinal: Bool,
        deliver: (_ repairs: [XMLRepair], _ output: UnsafeRawBufferPointer) throws -> Void
    ) throws

    /// Forgets the document, ready for the next one.
    mutating func reset()
}

extension XMLParserOptions {
    /// The stage these options put in front of expat, if any.
    func makeInputStage() -> (any InputStage)? {
        if let recovery { return RecoveringInput(options: self, recovery: recovery) }
        // An override that expat cannot read, even through a table: transcoded throughout.
        if let encoding, case .transcoded(let name)? = EncodingResolver.resolve(encoding.rawValue) {
            let transcoding = TranscodingInput(encoding: name, name: encoding.rawValue)
            guard readsControlCharacterReferences, let transcoding else { return transcoding }
            return ControlReferenceInput(inner: transcoding, utf8: true)
        }
        // Otherwise it is put in once the document's first bytes have settled its encoding.
        return nil
    }
}
