internal import XMLSyntax
import XMLHandlerStack
import XMLStreaming

extension ParseRoutes {
    /// Routes elements with this name to a `Decodable` type: the element's events are kept
    /// as it streams past and decoded when it ends, with no hand-written `Parseable`
    /// conformance, so a feed can mix hand-written and Codable consumers.
    ///
    /// The consumer below receives an ``XMLDecoded`` in `adopt`:
    ///
    /// ```swift
    /// routes.route("site", decoding: Site.self)
    /// // in the root:
    /// mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
    ///     if let site = child.decoded(as: Site.self) { sites.append(site) }
    /// }
    /// ```
    ///
    /// The decoder's settings are copied now. Elements inside the decoded one should have no
    /// routes of their own: the stack would hand them to their own consumers, not to the
    /// decoder. The text between child elements reaches the decoder only after the last child.
    public mutating func route<T: Decodable & SendableMetatype>(
        _ name: XMLQualifiedName, decoding type: T.Type, with decoder: XMLDecoder = XMLDecoder()
    ) {
        let shared = XMLDecodingRoute(settings: decoder.settings)
        route(name) { element, attributes, _, context in
            XMLDecoded<T>(element: element, attributes: attributes, route: shared, context: context)
        }
    }
}

extension ElementConsumer {
    /// The value of an ``XMLDecoded`` consumer of `T`, or `nil` for any other consumer.
    ///
    /// - Complexity: a comparison of types and a copy of the value.
    public func decoded<T: Decodable>(as type: T.Type) -> T? {
        // Only an XMLDecoded<T> itself holds a T: no cast is tried for anything else.
        guard Self.self == XMLDecoded<T>.self else { return nil }
        return value(as: XMLDecoded<T>.self)?.value
    }
}

/// What the elements of one route share: the decoder's settings, taken when the route was
/// made, and the record in progress they hand on from one to the next, so the names of a
/// feed are interned once and each record's arrays start with the room the last one needed.
///
/// Shared by every parse using the route (a route table is `Sendable`), under a lock taken
/// twice per element; an element that finds the spare taken (a nested or a concurrent one)
/// starts a record of its own.
final class XMLDecodingRoute: Sendable {
    let settings: XMLDecoder.Settings
    private let spare = LockedValue<XMLRecordInProgress?>(nil)

    init(settings: XMLDecoder.Settings) { self.settings = settings }

    /// A record in progress emptied for an element: the spare one if there is one.
    func take(fileName: String?) -> XMLRecordInProgress {
        // Every spare was made by this route, from these settings.
        guard let record = spare.withLock({ $0.take() }) else {
            return XMLRecordInProgress(
                builder: XMLRecordBuilder.Partial(namespaced: settings.parserOptions.processesNamespaces, fileName: fileName))
        }
        unsafe record.builder.reset(fileName: fileName)
        return record
    }

    /// Keeps a finished record in progress for the next element.
    func give(_ record: XMLRecordInProgress) { spare.withLock { $0 = record } }
}

/// A routed element's record while it is built, with the conformances its types were found
/// to have: one reference, so the consumer on the stack (and every copy of it) stays small.
///
/// `@unchecked Sendable` for the hand-over through ``XMLDecodingRoute``: one element uses it
/// at a time, from one task, and gives it back when it is done.
final class XMLRecordInProgress: @unchecked Sendable {
    // Unchecked: no overlapping access, re-entrant calls included. Only the handler stack's
    // events for this one element touch it, one event at a time, and none calls out.
    @exclusivity(unchecked) var builder: XMLRecordBuilder.Partial
    let traits = XMLTypeTraits.Cache()

    init(builder: XMLRecordBuilder.Partial) { unsafe self.builder = builder }
}

/// A `Decodable` value on the handler stack: the events of its element, kept as they come
/// and decoded when the element ends. Made by `ParseRoutes.route(_:decoding:with:)`.
public struct XMLDecoded<T: Decodable>: ElementConsumer {
    /// The value, once the element has ended.
    public private(set) var value: T?
    private let route: XMLDecodingRoute
    private let record: XMLRecordInProgress

    init(element: XMLName, attributes: XMLAttributes, route: XMLDecodingRoute, context: ParseContext) {
        self.route = route
        record = route.take(fileName: context.fileName)
        unsafe record.builder.start(element, attributes: attributes, at: context.position)
    }

    /// Keeps the start tag of an element inside the value, with its attributes.
    public mutating func didStartChild(_ name: XMLName, attributes: XMLAttributes, context: ParseContext) throws {
        unsafe record.builder.start(name, attributes: attributes, at: context.position)
    }

    /// Keeps the text and end of an element inside the value. Returns `true`: every element
    /// inside belongs to the value.
    public mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        unsafe record.builder.text(text)
        unsafe record.builder.end()
        return true
    }

    /// Decodes the value from the events kept, when its own element ends.
    public mutating func didEnd(text: XMLStringView, context: ParseContext) throws {
        unsafe record.builder.text(text)
        unsafe record.builder.end()
        value = unsafe try XMLDecoder.decode(T.self, from: record.builder.record, settings: route.settings, traits: record.traits)
        route.give(record)
    }
}
