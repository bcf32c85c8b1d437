import Foundation
import XMLStreaming

/// A document read once, to be decoded as the type its document element says: an API that
/// answers either `<ListBucketResult>` or `<Error>` (S3's errors can arrive with HTTP 200), a
/// SOAP body or its fault, a feed that is RSS or Atom.
///
/// ```swift
/// let document = try XMLDecoder().document(from: body)
/// if document.rootName.localName == "Error" { throw try document.decode(S3Error.self) }
/// let page = try document.decode(ListBucketResult.self)
/// ```
///
/// It keeps the parsed document (as compact as a decode keeps it) and the decoder's settings
/// as they were when it was read; each ``decode(_:)`` reads from it, however many there are.
public struct XMLDecodableDocument: Sendable {
    let record: XMLRecord
    let settings: XMLDecoder.Settings

    /// The document element's name: its local name, namespace and prefix.
    public var rootName: XMLQualifiedName {
        let name = record.names[record.nodes[XMLRecord.root].name]
        return XMLQualifiedName(localName: name.local, namespaceURI: name.uri, prefix: name.prefix)
    }

    /// Decodes the document element as `type`, as ``XMLDecoder/decode(_:from:fileName:)``
    /// would have.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try XMLDecoder.decode(type, from: record, settings: settings)
    }
}

extension XMLDecoder {
    /// Reads a document in memory, to decode it as the type its document element calls for.
    public func document(from bytes: some Sequence<UInt8>, fileName: String? = nil) throws -> XMLDecodableDocument {
        try readDocument(size: bytes.underestimatedCount) { parser in
            parser.fileName = fileName
            try parser.parse(bytes)
        }
    }

    /// Reads a document in memory, to decode it as the type its document element calls for.
    public func document(from data: Data) throws -> XMLDecodableDocument {
        try document(from: data, fileName: nil)
    }

    /// Reads a file, to decode it as the type its document element calls for.
    public func document(contentsOf path: String) throws -> XMLDecodableDocument {
        try readDocument(size: Self.fileSize(path)) { try $0.parse(contentsOf: path) }
    }

    /// Reads a file descriptor to its end, to decode the document as the type its document
    /// element calls for.
    public func document(fileDescriptor: Int32, name: String? = nil) throws -> XMLDecodableDocument {
        try readDocument(size: 0) { try $0.parse(fileDescriptor: fileDescriptor, name: name) }
    }

    /// Reads chunks of bytes as they arrive, to decode the document as the type its
    /// document element calls for.
    public func document<Chunks: AsyncSequence>(from chunks: Chunks) async throws -> XMLDecodableDocument
    where Chunks.Element: Sequence<UInt8> {
        let settings = settings
        let (parser, records) = Self.recordParser(path: [], options: settings.parserOptions, validation: settings.validation)
        try await parser.parse(chunks)
        return XMLDecodableDocument(record: try records.document(), settings: settings)
    }

    private func readDocument(size: Int, _ input: (XMLStreamParser<XMLRecordBuilder>) throws -> Void) throws
        -> XMLDecodableDocument
    {
        let settings = settings
        let (parser, records) = Self.recordParser(
            path: [], options: settings.parserOptions, validation: settings.validation, inputSize: size > 0 ? size : nil)
        try input(parser)
        return XMLDecodableDocument(record: try records.document(), settings: settings)
    }
}
