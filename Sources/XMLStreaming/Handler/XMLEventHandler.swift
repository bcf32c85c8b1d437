/// Receives the parser's events, in document order: the push side of the stream parser.
///
/// Implement only the events you need; every method has an empty default (below).
/// Throwing from any method stops parsing at once, and
/// the parser rethrows your error unchanged; ``XMLStreamParser/position`` then tells where.
///
/// Names, attributes and text arrive as borrowed views that are valid only during the call
/// (see ``XMLStringView``); copy what you keep.
///
/// ```swift
/// struct CountTeams: XMLEventHandler {
///     var teams = 0
///     mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
///         if name.localName == "team" { teams += 1 }
///     }
/// }
/// ```
///
/// Foundation's `XMLParserDelegate` maps onto it method by method; see
/// `docs/MigratingFromFoundation.md`.
public protocol XMLEventHandler {
    /// The document starts, before any other event. Keep the locator to ask for the
    /// current position in later events.
    mutating func startDocument(_ locator: XMLLocator) throws
    /// The document ended well-formed. Not called after an error.
    mutating func endDocument() throws
    /// The XML declaration, `<?xml version="1.0" encoding="UTF-8"?>`, when the document has one.
    mutating func xmlDeclaration(_ declaration: XMLDeclaration) throws
    /// A `<!DOCTYPE …>` declaration begins. The external subset it names is never loaded
    /// (only one the caller names: ``XMLParserOptions/externalDTD``).
    mutating func startDoctype(_ doctype: XMLDoctype) throws
    /// The `<!DOCTYPE …>` declaration ends.
    mutating func endDoctype() throws
    /// A notation declared in the internal DTD subset (canonical forms print them).
    mutating func notationDeclaration(_ notation: XMLNotation) throws
    /// An element type declared in the internal DTD subset (`<!ELEMENT p (#PCDATA|em)*>`).
    mutating func elementDeclaration(_ declaration: XMLElementDeclaration) throws
    /// An attribute declared in the internal DTD subset (`<!ATTLIST e3 id ID #IMPLIED>`).
    mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) throws
    /// An entity declared in the internal DTD subset (a reader that must refuse entities,
    /// as property lists do, throws here).
    mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) throws
    /// An element starts. Attributes come in document order.
    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws
    /// An element ends (also right after `startElement` for `<empty/>`).
    mutating func endElement(_ name: XMLName) throws
    /// Character data, including the content of CDATA sections and expanded entities.
    /// One run of text may arrive in several pieces, split anywhere between characters.
    mutating func characters(_ text: XMLStringView) throws
    /// A `<![CDATA[` section starts; its content arrives as ``characters(_:)``.
    mutating func startCDATA() throws
    /// A CDATA section ends.
    mutating func endCDATA() throws
    /// A comment, without `<!--` and `-->`.
    mutating func comment(_ text: XMLStringView) throws
    /// A processing instruction, `<?target data?>`.
    mutating func processingInstruction(target: XMLStringView, data: XMLStringView) throws
    /// A namespace prefix comes into scope, before the element that declares it
    /// (`prefix` is `nil` for the default namespace; `uri` is `nil` for `xmlns=""`).
    mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) throws
    /// A namespace prefix goes out of scope, after the element that declared it ends.
    mutating func endPrefixMapping(prefix: XMLStringView?) throws
    /// An entity reference the parser did not expand: an external entity (never loaded)
    /// or one that may be declared in an external DTD it did not read.
    mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws
    /// An entity reference inside an attribute value that the parser could not expand: expat
    /// leaves it out of the value, so the value in ``startElement(_:attributes:)``, which
    /// follows, lacks it. `position` is where its `&` is.
    ///
    /// The default throws ``XMLParseError`` with code ``XMLParseError/Code/unexpandedEntity``,
    /// so that no handler loses a part of a value without a word; implement it to accept the
    /// shorter value, or set ``XMLParserOptions/unexpandedEntities`` to keep, skip or replace
    /// such references before any handler sees them.
    mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) throws
    /// The recovering reader (``XMLParserOptions/recovery``) repaired the input. Called
    /// when the repair is made, before expat reads the repaired text: the events of the
    /// text around it, in the same chunk, follow.
    mutating func repaired(_ repair: XMLRepair) throws
}

// Empty defaults, so that a handler implements only the events it needs.
extension XMLEventHandler {
    @inlinable public mutating func startDocument(_ locator: XMLLocator) throws {}
    @inlinable public mutating func endDocument() throws {}
    @inlinable public mutating func xmlDeclaration(_ declaration: XMLDeclaration) throws {}
    @inlinable public mutating func startDoctype(_ doctype: XMLDoctype) throws {}
    @inlinable public mutating func endDoctype() throws {}
    @inlinable public mutating func notationDeclaration(_ notation: XMLNotation) throws {}
    @inlinable public mutating func elementDeclaration(_ declaration: XMLElementDeclaration) throws {}
    @inlinable public mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) throws {}
    @inlinable public mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) throws {}
    @inlinable public mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {}
    @inlinable public mutating func endElement(_ name: XMLName) throws {}
    @inlinable public mutating func characters(_ text: XMLStringView) throws {}
    @inlinable public mutating func startCDATA() throws {}
    @inlinable public mutating func endCDATA() throws {}
    @inlinable public mutating func comment(_ text: XMLStringView) throws {}
    @inlinable public mutating func processingInstruction(target: XMLStringView, data: XMLStringView) throws {}
    @inlinable public mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) throws {}
    @inlinable public mutating func endPrefixMapping(prefix: XMLStringView?) throws {}
    @inlinable public mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws {}
    /// Throws ``XMLParseError`` ``XMLParseError/Code/unexpandedEntity`` at `position`: the value would
    /// otherwise lose the reference without a word.
    public mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) throws {
        throw XMLParseError(
            code: .unexpandedEntity,
            message: XMLParseError.unexpandedAttributeEntityMessage(name: name.string, attribute: attribute.qualifiedName)
                + " (XMLParserOptions.unexpandedEntities can keep, skip or replace it)",
            position: position)
    }
    @inlinable public mutating func repaired(_ repair: XMLRepair) throws {}
}

/// An event on its way from the receiver to a handler. The receiver has one generic entry
/// point for events (`ExpatReceiver.dispatch(_:)`) and each event says which method of
/// ``XMLEventHandler`` takes it: adding an event is a requirement and its default above,
/// a case here, the expat callback that makes it (`ExpatCallbacks`), and its owned form
/// (``XMLEvent``, which the collector, the pull reader and the event stream follow).
protocol HandlerEvent {
    func send<Handler: XMLEventHandler>(to handler: inout Handler) throws
}

/// The events, one type each.
enum HandlerEvents {
    struct StartDocument: HandlerEvent {
        var locator: XMLLocator
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.startDocument(locator) }
    }
    struct EndDocument: HandlerEvent {
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.endDocument() }
    }
    struct XMLDeclaration: HandlerEvent {
        var declaration: XMLStreaming.XMLDeclaration
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.xmlDeclaration(declaration) }
    }
    struct StartDoctype: HandlerEvent {
        var doctype: XMLDoctype
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.startDoctype(doctype) }
    }
    struct EndDoctype: HandlerEvent {
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.endDoctype() }
    }
    struct NotationDeclaration: HandlerEvent {
        var notation: XMLNotation
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.notationDeclaration(notation) }
    }
    struct ElementDeclaration: HandlerEvent {
        var declaration: XMLElementDeclaration
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.elementDeclaration(declaration) }
    }
    struct AttributeDeclaration: HandlerEvent {
        var declaration: XMLAttributeDeclaration
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.attributeDeclaration(declaration) }
    }
    struct EntityDeclaration: HandlerEvent {
        var declaration: XMLEntityDeclaration
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.entityDeclaration(declaration) }
    }
    struct StartElement: HandlerEvent {
        var name: XMLName
        var attributes: XMLAttributes
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.startElement(name, attributes: attributes) }
    }
    struct EndElement: HandlerEvent {
        var name: XMLName
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.endElement(name) }
    }
    struct Characters: HandlerEvent {
        var text: XMLStringView
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.characters(text) }
    }
    struct StartCDATA: HandlerEvent {
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.startCDATA() }
    }
    struct EndCDATA: HandlerEvent {
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.endCDATA() }
    }
    struct Comment: HandlerEvent {
        var text: XMLStringView
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.comment(text) }
    }
    struct ProcessingInstruction: HandlerEvent {
        var target: XMLStringView
        var data: XMLStringView
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.processingInstruction(target: target, data: data) }
    }
    struct StartPrefixMapping: HandlerEvent {
        var prefix: XMLStringView?
        var uri: XMLStringView?
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.startPrefixMapping(prefix: prefix, uri: uri) }
    }
    struct EndPrefixMapping: HandlerEvent {
        var prefix: XMLStringView?
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.endPrefixMapping(prefix: prefix) }
    }
    struct SkippedEntity: HandlerEvent {
        var name: XMLStringView
        var isParameterEntity: Bool
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.skippedEntity(name: name, isParameterEntity: isParameterEntity) }
    }
    struct SkippedAttributeEntity: HandlerEvent {
        var name: XMLStringView
        var attribute: XMLName
        var position: XMLPosition
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.skippedAttributeEntity(name: name, attribute: attribute, position: position) }
    }
    struct Repaired: HandlerEvent {
        var repair: XMLRepair
        @inline(__always) func send<Handler: XMLEventHandler>(to handler: inout Handler) throws { try handler.repaired(repair) }
    }
}
