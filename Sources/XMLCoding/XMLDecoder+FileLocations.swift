import Foundation
import SystemPackage
import XMLStreaming

// A file's path as a `URL` or a `FilePath` beside the `String` form, a descriptor as a
// `FileDescriptor` (docs/PublicAPI.md).
extension XMLDecoder {
    /// Decodes a value from a file URL.
    public func decode<T: Decodable>(_ type: T.Type, contentsOf url: URL) throws -> T {
        try decode(type, contentsOf: url.xmlFilePath())
    }

    /// Decodes a value from a file.
    public func decode<T: Decodable>(_ type: T.Type, contentsOf path: FilePath) throws -> T {
        try decode(type, contentsOf: path.string)
    }

    /// Decodes a value from a file descriptor, read to its end (the descriptor is not closed).
    public func decode<T: Decodable>(_ type: T.Type, fileDescriptor: FileDescriptor, name: String? = nil) throws -> T {
        try decode(type, fileDescriptor: fileDescriptor.rawValue, name: name)
    }

    /// Reads a file URL, to decode it as the type its document element calls for.
    public func document(contentsOf url: URL) throws -> XMLDecodableDocument {
        try document(contentsOf: url.xmlFilePath())
    }

    /// Reads a file, to decode it as the type its document element calls for.
    public func document(contentsOf path: FilePath) throws -> XMLDecodableDocument {
        try document(contentsOf: path.string)
    }

    /// Reads a file descriptor to its end (the descriptor is not closed), to decode the
    /// document as the type its document element calls for.
    public func document(fileDescriptor: FileDescriptor, name: String? = nil) throws -> XMLDecodableDocument {
        try document(fileDescriptor: fileDescriptor.rawValue, name: name)
    }

    /// Decodes each element at `path` of a file URL as a `T`, one at a time as the file is read.
    public func decode<T: Decodable>(_ type: T.Type, eachAt path: String, contentsOf url: URL) throws -> XMLRecordStream<T> {
        try decode(type, eachAt: path, contentsOf: url.xmlFilePath())
    }

    /// Decodes each element at `path` of a file as a `T`, one at a time as the file is read.
    public func decode<T: Decodable>(_ type: T.Type, eachAt path: String, contentsOf file: FilePath) throws
        -> XMLRecordStream<T>
    {
        try decode(type, eachAt: path, contentsOf: file.string)
    }

    /// Calls `body` with each record at `path` of a file URL as it is decoded; throwing from
    /// `body` stops.
    public func decode<T: Decodable>(
        _ type: T.Type, eachAt path: String, contentsOf url: URL, _ body: (T) throws -> Void
    ) throws {
        try decode(type, eachAt: path, contentsOf: url.xmlFilePath(), body)
    }

    /// Calls `body` with each record at `path` of a file as it is decoded; throwing from
    /// `body` stops.
    public func decode<T: Decodable>(
        _ type: T.Type, eachAt path: String, contentsOf file: FilePath, _ body: (T) throws -> Void
    ) throws {
        try decode(type, eachAt: path, contentsOf: file.string, body)
    }
}
