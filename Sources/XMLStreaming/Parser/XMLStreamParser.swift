/// A streaming XML parser over the system's expat that pushes events to a handler.
///
/// Feed it bytes in chunks of any size, split anywhere, then call ``finish()``; or use one
/// of the conveniences that stream a file, a file descriptor, standard input, bytes in
/// memory or an `AsyncSequence` of chunks (`XMLStreamParser+Input.swift`).
///
/// ```swift
/// let parser = XMLStreamParser(handler: CountTeams())
/// try parser.parse(contentsOf: "schedule.xml")
/// print(parser.handler.teams)
/// ```
///
/// Safe by default: external entities and DTDs are never loaded, parameter entities are
/// never parsed, the billion-laughs protection is on, and depth and sizes have limits
/// (``XMLLimits``). The first error stops parsing: an ``XMLParseError`` for bad input, or
/// your handler's own error, unchanged. After any outcome, ``reset()`` (which the
/// conveniences call for you) makes the parser ready for another document.
///
/// # Performance
/// Events reach the handler through borrowed views: with a handler that keeps nothing,
/// parsing allocates nothing per event. The conveniences read straight into expat's
/// buffer, ``XMLParserOptions/chunkSize`` bytes at a time, and grow that buffer while a
/// single token spans many reads, so a huge token costs linear time on every expat.
///
/// Not `Sendable`: use one parser from one task at a time. A handler must not feed, finish
/// or reset its own parser from inside a callback; doing so stops the process.
public final class XMLStreamParser<Handler: XMLEventHandler> {
    let receiver: HandlerReceiver<Handler>

    /// Creates a parser that pushes events to `handler`.
    public init(handler: Handler, options: XMLParserOptions = XMLParserOptions()) {
        receiver = HandlerReceiver(handler: handler, options: options)
    }

    /// The handler: read it after parsing to get what it collected.
    ///
    /// Not to be touched from inside the handler's own callbacks (the handler is being
    /// mutated then): that stops the process.
    public var handler: Handler {
        get {
            precondition(!receiver.isInsideExpat, "the handler is in use by a callback")
            return unsafe receiver.handler
        }
        _modify {
            precondition(!receiver.isInsideExpat, "the handler is in use by a callback")
            yield unsafe &receiver.handler
        }
        set {
            precondition(!receiver.isInsideExpat, "the handler is in use by a callback")
            unsafe receiver.handler = newValue
        }
    }

    /// The options the parser was created with.
    public var options: XMLParserOptions { receiver.options }

    /// The name used for the input in errors and by the locator; the file conveniences set it.
    public var fileName: String? {
        get { receiver.fileName }
        set { receiver.fileName = newValue }
    }

    /// The position of the current event during a callback; after an error, where parsing stopped.
    public var position: XMLPosition { receiver.currentPosition() }

    /// The repairs the recovering reader made to this document, in input order: the first
    /// ``XMLRecovery/maximumRecordedRepairs`` of them. Empty without
    /// ``XMLParserOptions/recovery``.
    public var repairs: [XMLRepair] { receiver.repairs }

    /// How many repairs the recovering reader made to this document, all of them counted.
    public var repairCount: Int { receiver.repairCount }

    /// Parses the next piece of the document. Pieces may be split anywhere, even inside a
    /// multi-byte character.
    ///
    /// - Throws: ``XMLParseError`` for malformed input or an exceeded limit, or whatever the
    ///   handler threw.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        unsafe try receiver.feed(bytes)
    }

    /// Parses the next piece of the document.
    public func feed(_ bytes: some Sequence<UInt8>) throws {
        let done: Void? = try bytes.withContiguousStorageIfAvailable { unsafe try receiver.feed(UnsafeRawBufferPointer($0)) }
        if done == nil {
            let copy = Array(bytes)
            unsafe try copy.withUnsafeBytes { unsafe try receiver.feed($0) }
        }
    }

    /// Parses the next piece of the document, as UTF-8.
    public func feed(_ string: String) throws {
        var string = string
        try string.withUTF8 { unsafe try receiver.feed(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the document: checks that it is complete and reports its end.
    public func finish() throws {
        try receiver.finish()
    }

    /// Makes the parser ready for a new document, whatever happened to the last one. The
    /// handler is kept as it is.
    public func reset() {
        receiver.reset()
    }
}

@available(*, unavailable, message: "A parser belongs to one task; create one per task.")
extension XMLStreamParser: Sendable {}
