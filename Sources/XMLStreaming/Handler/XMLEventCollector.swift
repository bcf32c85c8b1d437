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
    private var pendingText: String?

    /// Creates an empty collector.
    public init(mergesAdjacentText: Bool = true) {
        self.mergesAdjacentText = mergesAdjacentText
    }

    /// Returns the events collected so far and forgets them.
    public mutating func takeEvents() -> [XMLEvent] {
        flushText()
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Whether the last event collected was something other than text, which is when the
    /// pull reader may hand events out without splitting a run of text.
    var endsWithCompleteEvent: Bool { pendingText == nil && !events.isEmpty }

    private mutating func append(_ event: XMLEvent) {
        flushText()
        events.append(event)
    }

    private mutating func flushText() {
        if let text = pendingText {
            events.append(.characters(text))
            pendingText = nil
        }
    }

    public mutating func startDocument(_ locator: XMLLocator) { append(.startDocument) }
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
            } else {
                pendingText!.append(text.string)
            }
        } else {
            events.append(.characters(text.string))
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
}
