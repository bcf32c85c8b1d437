#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage
import XMLStreaming

// A file's path as a `URL` or a `FilePath` beside the `String` form, a descriptor as a
// `FileDescriptor` (docs/PublicAPI.md).
extension XMLTreeDocument {
    /// Parses a file URL.
    public init(contentsOf url: URL, options: Options = Options()) throws {
        try self.init(contentsOf: url.xmlFilePath(), options: options)
    }

    /// Parses a file.
    public init(contentsOf path: FilePath, options: Options = Options()) throws {
        try self.init(contentsOf: path.string, options: options)
    }

    /// Parses everything readable from a file descriptor, which it does not close.
    public init(fileDescriptor: FileDescriptor, name: String? = nil, options: Options = Options()) throws {
        try self.init(fileDescriptor: fileDescriptor.rawValue, name: name, options: options)
    }
}

extension XMLSubtreeStream {
    /// Calls `body` with each element at `path` of a file URL, in document order.
    public static func forEach(
        _ path: String, contentsOf url: URL, options: XMLTreeDocument.Options = XMLTreeDocument.Options(),
        _ body: (XMLTreeNode) throws -> Void
    ) throws {
        try forEach(path, contentsOf: url.xmlFilePath(), options: options, body)
    }

    /// Calls `body` with each element at `path` of a file, in document order.
    public static func forEach(
        _ path: String, contentsOf file: FilePath, options: XMLTreeDocument.Options = XMLTreeDocument.Options(),
        _ body: (XMLTreeNode) throws -> Void
    ) throws {
        try forEach(path, contentsOf: file.string, options: options, body)
    }

    /// Calls `body` with each element at `path` of a file: the label before 0.2.
    @available(*, deprecated, renamed: "forEach(_:contentsOf:options:_:)")
    public static func forEach(
        _ path: String, inFile file: String, options: XMLTreeDocument.Options = XMLTreeDocument.Options(),
        _ body: (XMLTreeNode) throws -> Void
    ) throws {
        try forEach(path, contentsOf: file, options: options, body)
    }
}
