/// The receiver that forwards expat's callbacks to a handler.
class HandlerReceiver<Handler: XMLEventHandler>: ExpatReceiver {
    /// The handler, in a stored property whose exclusivity is not checked at run time: a
    /// mutating call through a checked class property pays a dynamic exclusivity check per
    /// event. Unchecked: no overlapping access, re-entrant calls included. Each event makes
    /// one call into it, and a handler cannot reach its own parser's handler from a callback
    /// (`XMLStreamParser.handler` refuses while `isInsideExpat`).
    @exclusivity(unchecked) var handler: Handler

    init(handler: Handler, options: XMLParserOptions) {
        unsafe self.handler = handler
        super.init(options: options)
    }

    override func dispatch<Event: HandlerEvent>(_ event: Event) throws { unsafe try event.send(to: &handler) }
}
