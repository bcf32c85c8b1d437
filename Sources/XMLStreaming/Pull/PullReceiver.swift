/// Collects events and suspends expat after each complete one, so the pull reader and the
/// asynchronous sequence hold only a few events at a time.
final class PullReceiver: HandlerReceiver<XMLEventCollector> {
    init(options: XMLParserOptions) {
        super.init(handler: XMLEventCollector(mergesAdjacentText: true, recordsPositions: true), options: options)
        wantsAfterEvent = true
    }

    override func afterEvent() {
        if unsafe handler.endsWithCompleteEvent { requestSuspension() }
    }

    /// The next events and their positions, once there are some complete ones.
    func takeEvents() -> ([XMLEvent], [XMLPosition]) {
        unsafe handler.endsWithCompleteEvent || state == .finished ? handler.takeEventsAndPositions() : ([], [])
    }
}
