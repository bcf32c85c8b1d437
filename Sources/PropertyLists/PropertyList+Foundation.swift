import Foundation

extension PropertyList.Format {
    /// The format as Foundation's `PropertyListSerialization` names it (JSON, which it has
    /// no case for, as `.xml`).
    public var foundationFormat: PropertyListSerialization.PropertyListFormat {
        switch self {
        case .xml, .json: return .xml
        case .binary: return .binary
        case .openStep: return .openStep
        }
    }

    /// The format Foundation's `PropertyListSerialization.PropertyListFormat` names.
    public init(_ format: PropertyListSerialization.PropertyListFormat) {
        switch format {
        case .binary: self = .binary
        case .openStep: self = .openStep
        default: self = .xml
        }
    }
}

extension PropertyList {
    /// Reads a property list from everything `stream` holds, its format detected (the stream
    /// is opened if it is not yet, and read to its end), as
    /// `PropertyListSerialization.propertyList(with:options:format:)` reads it.
    public init(stream: InputStream) throws {
        try self.init(data: try Self.readAll(stream))
    }

    /// The bytes left in `stream`.
    static func readAll(_ stream: InputStream) throws -> [UInt8] {
        if stream.streamStatus == .notOpen { stream.open() }
        var bytes: [UInt8] = []
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = unsafe buffer.withUnsafeMutableBufferPointer { unsafe stream.read($0.baseAddress!, maxLength: chunk) }
            if count < 0 {
                let reason = stream.streamError.map { "\($0.localizedDescription)" } ?? "the stream failed"
                throw PropertyListError("cannot read the stream: \(reason)", code: .propertyListReadStream)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[..<count])
        }
    }
}
