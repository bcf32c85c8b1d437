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

/// The writer's buffer: manually managed memory, so that appending the many small pieces of
/// markup costs a bounds check and a copy, not an array's uniqueness and capacity checks.
///
/// `~Copyable`, and it frees its memory when it goes away: a copy would share `base`, and
/// whichever grew or went away first would leave the other pointing at freed memory.
/// Invariant: `base` holds `capacity` bytes, the first `count` written.
@safe struct OutputBuffer: ByteSink, ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        unsafe base = .allocate(capacity: capacity)
    }

    deinit { unsafe base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// Grows the buffer to hold `extra` more bytes; kept out of line, it is rare.
    @inline(never)
    private mutating func grow(_ extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        unsafe newBase.update(from: base, count: count)
        unsafe base.deallocate()
        unsafe base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        unsafe base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let n = bytes.count
        if count + n > capacity { grow(n) }
        let target = unsafe UnsafeMutableRawPointer(base + count)
        let from = unsafe UnsafeRawPointer(source)
        // Most pieces are names and short values: two overlapping words copy them inline,
        // where a call to memcpy would cost more than the copy.
        if n >= 8 && n <= 16 {
            unsafe target.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            unsafe target.storeBytes(of: from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            unsafe target.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            unsafe target.storeBytes(of: from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), toByteOffset: n - 4, as: UInt32.self)
        } else {
            unsafe target.copyMemory(from: from, byteCount: n)
        }
        count += n
    }

    mutating func removeAll() { count = 0 }

    /// Drops the bytes after the first `newCount`: how a call that throws takes back what it
    /// had written.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "OutputBuffer truncated past its end")
        count = newCount
    }

    /// `count` bytes from `start`, valid until the buffer next changes.
    func bytes(from start: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        unsafe UnsafeBufferPointer(start: base + start, count: count)
    }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        unsafe try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    var array: [UInt8] { unsafe Array(UnsafeBufferPointer(start: base, count: count)) }
}
