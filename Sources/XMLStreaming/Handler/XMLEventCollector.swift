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
    private var locator = XMLLocator.detached

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

    private mutating func append(_ event: XMLEvent, at position: XMLPosition? = nil) {
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
    public mutating func endDocument() { append(.endDocument) }
    public mutating func xmlDeclaration(_ declaration: XMLDeclaration) { append(.xmlDeclaration(declaration)) }
    public mutating func startDoctype(_ doctype: XMLDoctype) { append(.startDoctype(doctype)) }
    public mutating func endDoctype() { append(.endDoctype) }
    public mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        append(.startElement(name.owned, attributes: attributes.owned))
    }
    public mutating func endElement(_ name: XMLName) { append(.endElement(name.owned)) }
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
    public mutating func startCDATA() { append(.startCDATA) }
    public mutating func endCDATA() { append(.endCDATA) }
    public mutating func comment(_ text: XMLStringView) { append(.comment(text.string)) }
    public mutating func processingInstruction(target: XMLStringView, data: XMLStringView) {
        append(.processingInstruction(target: target.string, data: data.string))
    }
    public mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) {
        append(.startPrefixMapping(prefix: prefix?.string, uri: uri?.string))
    }
    public mutating func endPrefixMapping(prefix: XMLStringView?) { append(.endPrefixMapping(prefix: prefix?.string)) }
    public mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) {
        append(.skippedEntity(name: name.string, isParameterEntity: isParameterEntity))
    }
    public mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) {
        append(.skippedAttributeEntity(name: name.string, attribute: attribute.owned), at: position)
    }
    public mutating func notationDeclaration(_ notation: XMLNotation) { append(.notationDeclaration(notation)) }
    public mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) {
        append(.attributeDeclaration(declaration))
    }
    public mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) { append(.entityDeclaration(declaration)) }
    public mutating func repaired(_ repair: XMLRepair) {
        // The repair comes before expat reads its text: its own line and column are where it is.
        let at = locator.position
        append(.repaired(repair), at: XMLPosition(line: repair.line, column: repair.column, byteOffset: at.byteOffset))
    }
}
