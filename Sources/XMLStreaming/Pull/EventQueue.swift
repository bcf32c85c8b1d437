/// The few events the pull reader and the async iterator hold between suspensions.
struct EventQueue {
    private var events: [XMLEvent] = []
    private var positions: [XMLPosition] = []
    private var head = 0

    /// How many events it took at the last refill.
    var count: Int { events.count }

    /// Whether every event taken has been handed out.
    var isDrained: Bool { head == events.count }

    /// Takes the events the receiver completed since the last refill.
    mutating func refill(from receiver: PullReceiver) {
        (events, positions) = receiver.takeEvents()
        head = 0
    }

    /// The next event; the queue must not be drained.
    mutating func pop() -> XMLEvent {
        defer { head += 1 }
        return events[head]
    }

    /// The position of the event last popped, if it is still known.
    var lastPosition: XMLPosition? { head > 0 && head <= positions.count ? positions[head - 1] : nil }
}
