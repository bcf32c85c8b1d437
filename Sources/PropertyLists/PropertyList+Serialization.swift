import Foundation
import XMLStreaming
import XMLWriting

extension PropertyList {
    /// The file formats.
    public enum Format: String, Sendable, CaseIterable {
        /// Apple's XML plist (`xml1`).
        case xml = "xml1"
        /// `bplist00` (`binary1`).
        case binary = "binary1"
    }

    /// Which format `data` is in, by its first bytes; `nil` when it is neither.
    public static func format(of data: some Collection<UInt8>) -> Format? {
        if data.starts(with: Array("bplist00".utf8)) { return .binary }
        var rest = data[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        while let first = rest.first, first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D { rest = rest.dropFirst() }
        if rest.first == UInt8(ascii: "<") { return .xml }
        return nil
    }

    /// Reads a property list, its format detected.
    public init(data: some Collection<UInt8>) throws {
        let bytes = Array(data)
        switch Self.format(of: bytes) {
        case .binary?:
            var reader = try BinaryPropertyListReader(bytes)
            self = try reader.read()
        case .xml?:
            self = try Self.readXML(bytes)
        case nil:
            throw PropertyListError("not a property list: neither XML nor bplist00")
        }
    }

    /// Reads a property-list file, its format detected.
    public init(contentsOf path: String) throws {
        try self.init(data: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private static func readXML(_ bytes: [UInt8]) throws -> PropertyList {
        let parser = XMLStreamParser(handler: XMLPropertyListReader(), options: XMLParserOptions(processNamespaces: false))
        do {
            try parser.parse(bytes)
        } catch let error as XMLParseError {
            throw PropertyListError(error.message, line: error.position.line, column: error.position.column)
        }
        guard let result = parser.handler.result else { throw PropertyListError("the plist holds no value") }
        return result
    }

    /// The value as a file in `format`. Dictionary keys are sorted unless `sortsKeys` is
    /// false (then they keep their order).
    public func data(format: Format, sortsKeys: Bool = true) throws -> Data {
        switch format {
        case .xml:
            let writer = try XMLStreamWriter(to: .memory)
            try XMLPropertyListWriter(writer: writer, sortsKeys: sortsKeys).write(self)
            try writer.finish()
            return Data(writer.bytes)
        case .binary:
            var writer = BinaryPropertyListWriter(sortsKeys: sortsKeys)
            return Data(try writer.write(self))
        }
    }

    /// Writes the value to a file, atomically: a temporary file beside it, then a rename, so
    /// a failure leaves the old file as it was.
    public func write(toFile path: String, format: Format, sortsKeys: Bool = true) throws {
        switch format {
        case .xml:
            // The writer's file output: temporary file, fsync, rename.
            let writer = try XMLStreamWriter(to: .file(path: path))
            do {
                try XMLPropertyListWriter(writer: writer, sortsKeys: sortsKeys).write(self)
                try writer.finish()
            } catch {
                writer.abandon()
                throw error
            }
        case .binary:
            let bytes = try data(format: .binary, sortsKeys: sortsKeys)
            do {
                try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw PropertyListError("cannot write \(path): \(error.localizedDescription)")
            }
        }
    }
}
