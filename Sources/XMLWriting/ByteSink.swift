internal import XMLSyntax

/// Calls `body` with the UTF-8 of `string`: in place when the string has contiguous UTF-8
/// (native and small strings), else after making it native.
@inline(__always)
func withUTF8Bytes<R>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = unsafe string.utf8.withContiguousStorageIfAvailable(body) { return result }
    var string = string
    return string.withUTF8(body)
}

/// Where escaped bytes are appended: an array for the public helpers, the writer's own
/// buffer inside the writer.
protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { unsafe append(contentsOf: bytes) }
}

// The writer's buffer is XMLSyntax's `ByteBuffer`, a sink for the escaping helpers.
extension ByteBuffer: ByteSink {}
