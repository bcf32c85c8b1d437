import Foundation
public import OpenAPIRuntime
public import XMLCoding

/// The XML coder of swift-openapi-runtime's `Configuration`, made of XMLCoding's encoder
/// and decoder: the XML request and response bodies of a generated client or server are
/// encoded and decoded by them.
///
/// ```swift
/// let decoder = XMLDecoder()
/// decoder.dateDecodingStrategy = .rfc822
/// let client = Client(serverURL: url, configuration: Configuration(xmlCoder: XMLStackCoder(decoder: decoder)), transport: transport)
/// ```
///
/// A body's document element is named by the encoder's rules for a value without a root
/// key: the type's name, its first letter lowercased (`Pet` → `<pet>`), unless
/// ``rootKey`` names it. Errors are XMLCoding's: a `DecodingError` with the coding path and
/// the line and column, an `XMLParseError` for a body that is not well-formed.
public struct XMLStackCoder: CustomCoder {
    /// The encoder of request bodies (client) and response bodies (server).
    public let encoder: XMLEncoder
    /// The decoder of response bodies (client) and request bodies (server).
    public let decoder: XMLDecoder
    /// The document element's name for a body of a given type (`{uri}local` for one in a
    /// namespace), as `XMLEncoder.encode(_:withRootKey:)` takes it; `nil` takes the type's
    /// name.
    public let rootKey: @Sendable (any Encodable.Type) -> String?

    /// Creates a coder from an encoder and a decoder, configured as you like; the coder
    /// shares them (they may be used from several tasks at once).
    public init(
        encoder: XMLEncoder = XMLEncoder(), decoder: XMLDecoder = XMLDecoder(),
        rootKey: @escaping @Sendable (any Encodable.Type) -> String? = { _ in nil }
    ) {
        self.encoder = encoder
        self.decoder = decoder
        self.rootKey = rootKey
    }

    /// Encodes a body as an XML document.
    public func customEncode<T: Encodable>(_ value: T) throws -> Data {
        try encoder.encode(value, withRootKey: rootKey(T.self))
    }

    /// Decodes a body from an XML document.
    public func customDecode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decoder.decode(type, from: data)
    }
}
