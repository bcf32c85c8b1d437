/// Reads structured choices from the front of a fuzz input: libFuzzer mutates bytes, so
/// a target that needs decisions (chunk sizes, writer calls) takes them from here.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been taken.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number below `bound` (which must be positive) from the next byte.
    public mutating func choice(_ bound: Int) -> Int { Int(byte()) % bound }

    /// Bytes up to the next NUL (taken, not included) or the end, at most `limit` long,
    /// decoded as UTF-8 with repairs.
    public mutating func string(limit: Int = 64) -> String {
        var end = offset
        while end < bytes.count, bytes[end] != 0, end - offset < limit { end += 1 }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        offset = min(bytes.count, end + 1)
        return text
    }

    /// Bytes up to the next `delimiter` (taken, not included) or the end, as they are.
    public mutating func bytes(upTo delimiter: UInt8) -> [UInt8] {
        var end = offset
        while end < bytes.count, bytes[end] != delimiter { end += 1 }
        let taken = offset < end ? Array(bytes[offset..<end]) : []
        offset = min(bytes.count, end + 1)
        return taken
    }

    /// Everything not yet taken.
    public mutating func rest() -> [UInt8] {
        defer { offset = bytes.count }
        return offset < bytes.count ? Array(bytes[offset...]) : []
    }
}
