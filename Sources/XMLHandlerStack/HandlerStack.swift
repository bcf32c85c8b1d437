import XMLStreaming

/// The book's SiteSchedule parser, made general: a stack of model objects that each
/// consume their own events.
///
/// - An element with a route (``ParseRoutes``) creates its consumer, which gets the
///   element's attributes and its predecessor on the stack, and is pushed.
/// - Any other element goes to the consumer on top: `didStartChild` with its attributes,
///   `didEndChild` with its text.
/// - When a consumer's own element ends it gets its text (`didEnd`), is popped, and is
///   handed to the consumer below (`adopt`). Below everything sits the root you supply.
/// - Text is collected from all its pieces into one reusable buffer, cleared at every start
///   and end tag, and trimmed of surrounding white space unless ``trimsWhitespace`` is off.
/// - Every error a consumer throws gets the line and column of the event; the stack
///   is cleared and the root is told (`documentDidFail`), so no half-built result survives.
///   The parse conveniences do that at once; when you drive the stack through your own
///   parser, call ``abandon(after:)`` when it throws, or the stack does it when the next
///   document starts.
///
/// ```swift
/// var routes = ParseRoutes()
/// routes.route("team", to: Team.self)
/// let schedule = try HandlerStack.parse(contentsOf: "schedule.xml", root: Schedule(), routes: routes)
/// ```
///
/// # Performance
/// Routing compares names in place; text goes into one buffer that is reused; the only
/// allocations are the ones your consumers make, plus one existential box per entity
/// whose type is larger than three words.
public struct HandlerStack<Root: ElementConsumer>: XMLEventHandler {
    /// The routing table.
    public var routes: ParseRoutes
    /// What to do with elements nobody knows.
    public var unknownElementPolicy: UnknownElementPolicy
    /// Whether text handed to consumers is trimmed of leading and trailing white space.
    public var trimsWhitespace: Bool
    /// The skipped elements, under ``UnknownElementPolicy/collect``.
    public private(set) var unknownElements: [UnknownElement] = []

    private var stack: [HandlerStackEntry] = []
    private var depth = 0
    private let text = TextBuffer()
    private var locator = XMLLocator.detached
    private var documentIsOpen = false
    /// The root consumer: after a successful parse, the result. Stored last, so that the
    /// other fields' offsets do not depend on `Root` (unspecialized code would otherwise ask
    /// the runtime for them on every event).
    public private(set) var root: Root

    /// Creates a stack over `root`.
    public init(
        root: Root, routes: ParseRoutes, unknownElementPolicy: UnknownElementPolicy = .ignore, trimsWhitespace: Bool = true
    ) {
        self.root = root
        self.routes = routes
        self.unknownElementPolicy = unknownElementPolicy
        self.trimsWhitespace = trimsWhitespace
    }

    private var context: ParseContext { ParseContext(locator: locator, stackDepth: stack.count) }

    /// Adds the position to a consumer's error (errors that already carry one pass as they are).
    private func positioned(_ error: any Error) -> any Error {
        switch error {
        case is HandlerStackError, is XMLParseError: return error
        default: return HandlerStackError(kind: .model(error), position: locator.position, fileName: locator.fileName)
        }
    }

    /// The current element's text as consumers get it; valid until the buffer changes.
    private var currentText: XMLStringView { trimsWhitespace ? text.view.trimmingWhitespace : text.view }

    private mutating func unknown(_ name: XMLName) throws {
        switch unknownElementPolicy {
        case .ignore: return
        case .collect: unknownElements.append(UnknownElement(name: name.owned, position: locator.position))
        case .reject:
            throw HandlerStackError(kind: .unknownElement(name.owned), position: locator.position, fileName: locator.fileName)
        }
    }

    // MARK: XMLEventHandler

    /// Starts a document: rolls back one that never ended, clears the stack, keeps the locator
    /// and tells the root (`documentDidStart`).
    public mutating func startDocument(_ locator: XMLLocator) throws {
        if documentIsOpen {
            // The last document never ended (its parse threw and nobody called `abandon`):
            // roll it back before anything of the new one reaches the root.
            abandon(
                after: HandlerStackError(
                    kind: .invalidData("a new document started before the previous one ended"), position: .start,
                    fileName: self.locator.fileName))
        }
        documentIsOpen = true
        self.locator = locator
        stack.removeAll()
        unknownElements.removeAll()
        depth = 0
        text.clear()
        let context = self.context
        do { try root.documentDidStart(context: context) } catch { throw positioned(error) }
    }

    /// Tells the root that the document ended (`documentDidEnd`).
    public mutating func endDocument() throws {
        documentIsOpen = false
        let context = self.context
        do { try root.documentDidEnd(context: context) } catch { throw positioned(error) }
    }

    /// Makes and pushes the consumer of a routed element, or hands any other element to the
    /// consumer on top (`didStartChild`).
    public mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        depth += 1
        text.clear()
        let context = self.context
        if let factory = routes.factory(for: name) {
            // Indexing rather than `stack.last`, which would copy the whole entry first.
            let predecessor: any ElementConsumer = stack.isEmpty ? root : stack[stack.count - 1].consumer
            do {
                let consumer = try factory(name, attributes, predecessor, context)
                stack.append(HandlerStackEntry(consumer: consumer, depth: depth))
            } catch { throw positioned(error) }
        } else {
            do {
                if stack.isEmpty {
                    try root.didStartChild(name, attributes: attributes, context: context)
                } else {
                    try stack[stack.count - 1].consumer.didStartChild(name, attributes: attributes, context: context)
                }
            } catch { throw positioned(error) }
        }
    }

    /// Ends an element. A consumer's own element gives it its text (`didEnd`), pops it and hands
    /// it to the consumer below (`adopt`); any other goes to the consumer on top (`didEndChild`),
    /// and one it does not know to ``HandlerStack/unknownElementPolicy``.
    public mutating func endElement(_ name: XMLName) throws {
        defer {
            depth -= 1
            text.clear()
        }
        let context = self.context
        if !stack.isEmpty && stack[stack.count - 1].depth == depth {
            var consumer = stack.removeLast().consumer
            do {
                try consumer.didEnd(text: currentText, context: context)
            } catch { throw positioned(error) }
            let parentContext = self.context
            do {
                if stack.isEmpty {
                    try root.adopt(consumer, context: parentContext)
                } else {
                    try stack[stack.count - 1].consumer.adopt(consumer, context: parentContext)
                }
            } catch { throw positioned(error) }
        } else {
            let known: Bool
            do {
                let text = currentText
                if stack.isEmpty {
                    known = try root.didEndChild(name, text: text, context: context)
                } else {
                    known = try stack[stack.count - 1].consumer.didEndChild(name, text: text, context: context)
                }
            } catch { throw positioned(error) }
            if !known { try unknown(name) }
        }
    }

    /// Adds a piece of text to the current element's text, which consumers get whole.
    public mutating func characters(_ piece: XMLStringView) throws {
        text.append(piece)
    }

    /// A reference the parser could not expand (`&nbsp;` under an unread DTD): the text that
    /// consumers get would lack it, so the stack stops, naming it and where it is. Set the
    /// parser's `XMLParserOptions.unexpandedEntities` to keep, skip or replace such
    /// references instead; they then arrive as text, or not at all.
    public mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws {
        guard !isParameterEntity else { return }
        throw XMLParseError.unexpandedEntity(name.string, at: locator.position, fileName: locator.fileName)
    }

    /// Clears the stack and tells the root that parsing failed. The parse conveniences call
    /// it; call it yourself when you drive the stack through your own parser and it throws.
    public mutating func abandon(after error: any Error) {
        documentIsOpen = false
        stack.removeAll()
        depth = 0
        text.clear()
        root.documentDidFail(error)
    }
}

/// One consumer on the stack. Not nested in the generic `HandlerStack`, so that stack
/// operations need no runtime metadata lookups.
struct HandlerStackEntry {
    var consumer: any ElementConsumer
    /// The element depth of the consumer's own element.
    let depth: Int
}
