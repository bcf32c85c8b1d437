#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage
import XMLStreaming

// A file's path as a `URL` or a `FilePath`, beside the `String` form (docs/PublicAPI.md).
extension HandlerStack {
    /// Streams a file URL through a fresh stack and returns the root.
    public static func parse(
        contentsOf url: URL, root: Root, routes: ParseRoutes, unknownElementPolicy: UnknownElementPolicy = .ignore,
        trimsWhitespace: Bool = true, options: XMLParserOptions = XMLParserOptions()
    ) throws -> Root {
        try parse(root: root, routes: routes, unknownElementPolicy: unknownElementPolicy, trimsWhitespace: trimsWhitespace, options: options) {
            try $0.parse(contentsOf: url)
        }
    }

    /// Streams a file through a fresh stack and returns the root.
    public static func parse(
        contentsOf path: FilePath, root: Root, routes: ParseRoutes, unknownElementPolicy: UnknownElementPolicy = .ignore,
        trimsWhitespace: Bool = true, options: XMLParserOptions = XMLParserOptions()
    ) throws -> Root {
        try parse(root: root, routes: routes, unknownElementPolicy: unknownElementPolicy, trimsWhitespace: trimsWhitespace, options: options) {
            try $0.parse(contentsOf: path)
        }
    }
}
