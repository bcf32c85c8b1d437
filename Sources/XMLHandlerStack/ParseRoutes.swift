import XMLStreaming
internal import XMLSyntax

/// The routing table: which elements are entities of their own, and how to make them.
/// It replaces the book's selector tricks (`siteWithAttributes:`) with typed factories.
///
/// ```swift
/// var routes = ParseRoutes()
/// routes.route("team", to: Team.self)
/// routes.route(XMLQualifiedName(localName: "site", namespaceURI: "urn:schedule"), to: Site.self)
/// ```
///
/// Names are matched by local name and namespace URI. Elements with no route go to the
/// consumer on top of the stack.
///
/// - Complexity: a lookup compares the element's name with each route's without allocating:
///   O(r) for r routes, which is faster than hashing for the handful a schema has.
public struct ParseRoutes: Sendable {
    /// Makes the consumer for an element.
    public typealias Factory =
        @Sendable (XMLName, XMLAttributes, any ElementConsumer, ParseContext) throws -> any ElementConsumer

    struct Route: Sendable {
        let localName: [UInt8]
        let namespaceURI: [UInt8]?
        let factory: Factory
    }

    private(set) var routes: [Route] = []

    /// An empty table.
    public init() {}

    /// Routes elements with this name to a `Parseable` type.
    public mutating func route<T: Parseable & SendableMetatype>(_ name: XMLQualifiedName, to type: T.Type) {
        route(name) { element, attributes, predecessor, context in
            try T(element: element, attributes: attributes, predecessor: predecessor, context: context)
        }
    }

    /// Routes elements with this name to a factory.
    public mutating func route(_ name: XMLQualifiedName, factory: @escaping Factory) {
        routes.removeAll { $0.localName == Array(name.localName.utf8) && $0.namespaceURI == name.namespaceURI.map { Array($0.utf8) } }
        routes.append(
            Route(
                localName: Array(name.localName.utf8), namespaceURI: name.namespaceURI.map { Array($0.utf8) },
                factory: factory))
    }

    /// The factory for an element, if it has a route.
    func factory(for name: XMLName) -> Factory? {
        let local = name.localName
        for route in routes where route.localName.count == local.count {
            guard Self.same(route.localName, local) else { continue }
            switch (route.namespaceURI, name.namespaceURI) {
            case (nil, nil): return route.factory
            case let (expected?, actual?) where Self.same(expected, actual): return route.factory
            default: continue
            }
        }
        return nil
    }

    /// Byte equality by `memcmp`: this runs for every start tag, once per route.
    private static func same(_ bytes: [UInt8], _ view: XMLStringView) -> Bool {
        unsafe bytes.count == view.count && bytes.withUnsafeBufferPointer { stored in
            unsafe view.withContiguousStorageIfAvailable { candidate in
                unsafe stored.isEmpty || memcmp(stored.baseAddress!, candidate.baseAddress!, stored.count) == 0
            } ?? false
        }
    }
}
