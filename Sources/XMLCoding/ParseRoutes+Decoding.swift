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
        // Only an XMLDecoded<T> itself holds a T: no cast is needed for anything else.
        let decodedType = XMLDecoded<T>.self
        guard Self.self == decodedType else { return nil }
        return withUnsafePointer(to: self) { UnsafeRawPointer($0).load(as: decodedType) }.value
    }
}

/// What the elements of one route share: the decoder's settings, taken when the route was
/// made, and the builder they hand on from one to the next.
final class XMLDecodingRoute: Sendable {
    let settings: XMLDecoder.Settings
    let builders = XMLRecordBuilder.Recycler()

    init(settings: XMLDecoder.Settings) { self.settings = settings }
}

/// A routed element's record while it is built: one reference, so the consumer on the
/// stack (and every copy of it) stays small.
final class XMLRecordInProgress {
    // Unchecked: the stack calls one consumer at a time, from one task.
    @exclusivity(unchecked) var builder: XMLRecordBuilder.Partial
    let traits: XMLTypeTraits.Cache
    let route: XMLDecodingRoute

    init(route: XMLDecodingRoute, fileName: String?) {
        self.route = route
        (builder, traits) = route.builders.take(namespaced: route.settings.parserOptions.processNamespaces, fileName: fileName)
    }
}

/// A `Decodable` value on the handler stack: the events of its element, kept as they come
/// and decoded when the element ends. Made by ``ParseRoutes/route(_:decoding:with:)``.
public struct XMLDecoded<T: Decodable>: ElementConsumer {
    /// The value, once the element has ended.
    public private(set) var value: T?
    private let record: XMLRecordInProgress

    init(element: XMLName, attributes: XMLAttributes, route: XMLDecodingRoute, context: ParseContext) {
        record = XMLRecordInProgress(route: route, fileName: context.fileName)
        record.builder.start(element, attributes: attributes, at: context.position)
    }

    public mutating func didStartChild(_ name: XMLName, attributes: XMLAttributes, context: ParseContext) throws {
        record.builder.start(name, attributes: attributes, at: context.position)
    }

    public mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        record.builder.text(text)
        record.builder.end()
        return true
    }

    public mutating func didEnd(text: XMLStringView, context: ParseContext) throws {
        record.builder.text(text)
        record.builder.end()
        value = try XMLDecoder.decode(T.self, from: record.builder.record, settings: record.route.settings, traits: record.traits)
        record.route.builders.give(&record.builder, traits: record.traits)
    }
}
