/// The loop the pull reader and the async iterator share: hand out the events the receiver
/// completed, resume expat where it suspended, and ask the caller for input only when expat
/// needs more. The caller reads input its own way (a blocking read, an `await`) and hands
/// the parser over to ``run(_:)``. After an error the loop is over: every step is the end.
struct PullLoop {
    let receiver: PullReceiver
    private(set) var queue = EventQueue()
    private var exhausted = false
    /// The most events the queue held at once (the pull reader's memory bound, which tests
    /// check).
    private(set) var mostEventsHeld = 0

    init(options: XMLParserOptions, fileName: String?) {
        receiver = PullReceiver(options: options)
        receiver.fileName = fileName
    }

    enum Step {
        /// The next event.
        case event(XMLEvent)
        /// The document ended, or an error ended the loop.
        case end
        /// The parser needs input: read some and feed it (or finish) through ``run(_:)``.
        case needsInput
    }

    /// The next event, the end, or that the parser needs input.
    mutating func step() throws -> Step {
        while queue.isDrained {
            if exhausted { return .end }
            switch receiver.state {
            case .suspended:
                let receiver = receiver
                try run { try receiver.resume() }
            case .finished, .failed: exhausted = true
            case .ready, .parsing: return .needsInput
            }
        }
        return .event(queue.pop())
    }

    /// Runs the parser (feeding it, finishing it, resuming it), then takes the events it
    /// completed. An error ends the loop and is thrown.
    mutating func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            end()
            throw error
        }
        if unsafe receiver.state == .finished && receiver.handler.events.isEmpty { exhausted = true }
        queue.refill(from: receiver)
        mostEventsHeld = max(mostEventsHeld, queue.count)
    }

    /// Ends the loop: after an error reading input, which the caller throws.
    mutating func end() {
        exhausted = true
        queue = EventQueue()
    }
}
