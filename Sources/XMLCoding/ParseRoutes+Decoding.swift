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
        let settings = decoder.settings
        let builders = XMLRecordBuilder.Recycler()
        route(name) { element, attributes, _, context in
            XMLDecoded<T>(element: element, attributes: attributes, settings: settings, builders: builders, context: context)
        }
    }
}

extension ElementConsumer {
    /// The value of an ``XMLDecoded`` consumer of `T`, or `nil` for any other consumer.
    public func decoded<T: Decodable>(as type: T.Type) -> T? {
        value(as: XMLDecoded<T>.self)?.value
    }
}

/// A `Decodable` value on the handler stack: the events of its element, kept as they come
/// and decoded when the element ends. Made by ``ParseRoutes/route(_:decoding:with:)``.
public struct XMLDecoded<T: Decodable>: ElementConsumer {
    /// The value, once the element has ended.
    public private(set) var value: T?
    private var builder: XMLRecordBuilder.Partial
    private let settings: XMLDecoder.Settings
    private let builders: XMLRecordBuilder.Recycler
    private let traits: XMLTypeTraits.Cache

    init(
        element: XMLName, attributes: XMLAttributes, settings: XMLDecoder.Settings, builders: XMLRecordBuilder.Recycler,
        context: ParseContext
    ) {
        self.settings = settings
        self.builders = builders
        (builder, traits) = builders.take(namespaced: settings.parserOptions.processNamespaces, fileName: context.fileName)
        builder.start(element, attributes: attributes, at: context.position)
    }

    public mutating func didStartChild(_ name: XMLName, attributes: XMLAttributes, context: ParseContext) throws {
        builder.start(name, attributes: attributes, at: context.position)
    }

    public mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        builder.text(text)
        builder.end()
        return true
    }

    public mutating func didEnd(text: XMLStringView, context: ParseContext) throws {
        builder.text(text)
        builder.end()
        value = try XMLDecoder.decode(T.self, from: builder.record, settings: settings, traits: traits)
        builders.give(&builder, traits: traits)
    }
}
