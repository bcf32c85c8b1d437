/// A handler that keeps every event as an owned ``XMLEvent``.
///
/// Handy for small documents, tests and tools; the pull reader uses it one event at a
/// time. For large documents prefer your own handler: this one copies every string.
///
/// - Complexity: O(n) in the input; allocates per event.
public struct XMLEventCollector: XMLEventHandler {
    /// The events so far, in order.
    public private(set) var events: [XMLEvent] = []
    /// Whether consecutive pieces of text are joined into one `characters` event (so the
    /// events no longer depend on how the input was chunked). Default `true`.
    public var mergesAdjacentText: Bool
    /// Whether to record the position of each event in ``positions``. Default `false`.
    public var recordsPositions: Bool
    /// The position of each event in ``events`` (of the first piece, for joined text),
    /// when ``recordsPositions`` is on.
    public private(set) var positions: [XMLPosition] = []
    private var pendingText: String?
    private var pendingTextPosition = XMLPosition.start
    private(set) var locator = XMLLocator.detached

    /// Creates an empty collector.
    public init(mergesAdjacentText: Bool = true, recordsPositions: Bool = false) {
        self.mergesAdjacentText = mergesAdjacentText
        self.recordsPositions = recordsPositions
    }

    /// Returns the events collected so far and forgets them (and their positions).
    public mutating func takeEvents() -> [XMLEvent] {
        takeEventsAndPositions().0
    }

    /// Returns the events and their positions, and forgets them.
    mutating func takeEventsAndPositions() -> ([XMLEvent], [XMLPosition]) {
        flushText()
        defer {
            events.removeAll(keepingCapacity: true)
            positions.removeAll(keepingCapacity: true)
        }
        return (events, positions)
    }

    /// Whether the last event collected was something other than text, which is when the
    /// pull reader may hand events out without splitting a run of text.
    var endsWithCompleteEvent: Bool { pendingText == nil && !events.isEmpty }

    /// Records an event at `position`, or where the parser is.
    mutating func append(_ event: XMLEvent, at position: XMLPosition? = nil) {
        flushText()
        events.append(event)
        if recordsPositions { positions.append(position ?? locator.position) }
    }

    private mutating func flushText() {
        if let text = pendingText {
            events.append(.characters(text))
            if recordsPositions { positions.append(pendingTextPosition) }
            pendingText = nil
        }
    }

    public mutating func startDocument(_ locator: XMLLocator) {
        self.locator = locator
        append(.startDocument)
    }
    public mutating func characters(_ text: XMLStringView) {
        if mergesAdjacentText {
            if pendingText == nil {
                pendingText = text.string
                if recordsPositions { pendingTextPosition = locator.position }
            } else {
                pendingText!.append(text.string)
            }
        } else {
            append(.characters(text.string))
        }
    }
}
