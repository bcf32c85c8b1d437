#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage
internal import XMLSyntax
// Every API that reads a file takes its path as a `String`, a `URL` or a swift-system
// `FilePath`, and a descriptor as a `FileDescriptor` (docs/PublicAPI.md): the `String` and
// `Int32` forms do the work, and these overloads lead to them.

extension URL {
    /// The path of a file URL, for the APIs that read and write files; any other URL is an
    /// ``XMLInputError`` with the code ``XMLInputError/Code/notAFileURL``.
    package func xmlFilePath() throws(XMLInputError) -> String {
        guard isFileURL else {
            throw XMLInputError(
                code: .notAFileURL, fileName: absoluteString, message: "only file URLs can be read; fetch others yourself")
        }
        return path
    }
}

extension XMLStreamParser {
    /// Streams a file from disk, never holding it whole in memory. Errors name the file.
    public func parse(contentsOf path: FilePath) throws {
        try parse(contentsOf: path.string)
    }

    /// Streams everything readable from a file descriptor (a file, a pipe, a socket) until
    /// its end. The descriptor is not closed.
    ///
    /// - Parameters:
    ///   - fileDescriptor: The descriptor to read from, positioned where the document starts.
    ///   - name: The name to use in errors; defaults to "file descriptor N".
    public func parse(fileDescriptor: FileDescriptor, name: String? = nil) throws {
        try parse(fileDescriptor: fileDescriptor.rawValue, name: name)
    }

    /// Parses a file URL with a fresh parser and returns the handler.
    public static func parse(
        contentsOf url: URL, with handler: Handler, options: XMLParserOptions = XMLParserOptions()
    ) throws -> Handler {
        try parse(contentsOf: url.xmlFilePath(), with: handler, options: options)
    }

    /// Parses a file with a fresh parser and returns the handler.
    public static func parse(
        contentsOf path: FilePath, with handler: Handler, options: XMLParserOptions = XMLParserOptions()
    ) throws -> Handler {
        try parse(contentsOf: path.string, with: handler, options: options)
    }
}

extension XMLEventReader {
    /// Reads a file URL, streaming it.
    public convenience init(contentsOf url: URL, options: XMLParserOptions = XMLParserOptions()) throws {
        try self.init(contentsOf: url.xmlFilePath(), options: options)
    }

    /// Reads a file, streaming it.
    public convenience init(contentsOf path: FilePath, options: XMLParserOptions = XMLParserOptions()) throws {
        try self.init(contentsOf: path.string, options: options)
    }

    /// Reads from a file descriptor (a file, a pipe, standard input), which it does not close.
    public convenience init(
        fileDescriptor: FileDescriptor, name: String? = nil, options: XMLParserOptions = XMLParserOptions()
    ) {
        self.init(fileDescriptor: fileDescriptor.rawValue, name: name, options: options)
    }
}

extension XMLInputError {
    /// The whole of a file's bytes, for readers that need them at once (property lists);
    /// a file that cannot be opened or read is an ``XMLInputError`` naming it.
    package static func readWholeFile(_ path: String) throws(XMLInputError) -> [UInt8] {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
        } catch {
            throw .system(.cannotOpen, fileName: path, errno: (error as? Errno)?.rawValue ?? EIO)
        }
        defer { try? descriptor.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count: Int
            do {
                count = unsafe try chunk.withUnsafeMutableBytes { unsafe try descriptor.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw .system(.cannotRead, fileName: path, errno: (error as? Errno)?.rawValue ?? EIO)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
