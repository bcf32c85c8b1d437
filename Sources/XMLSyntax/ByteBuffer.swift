/// A growable run of bytes in memory the buffer owns: the writer's output and open names,
/// and the handler stack's text. Appending costs a bounds check and a copy, not an array's
/// uniqueness and capacity checks.
///
/// `~Copyable`, and it frees its memory when it goes away: a copy would share `base`, and
/// whichever grew or went away first would leave the other pointing at freed memory.
/// Invariant: `base` holds `capacity` bytes, the first `count` written.
///
/// Public, where the rest of this module is `package`: the writer needs `append` inlined,
/// and Swift 6.3 does not inline an `@inlinable package` body into another module (the
/// writer's benchmark took 1.5% more instructions). XMLSyntax is not a product, so this is
/// not API an app can reach.
@safe public struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes are written.
    @usableFromInline package var count = 0

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        unsafe base = .allocate(capacity: self.capacity)
    }

    deinit { unsafe base.deallocate() }

    @inlinable public var isEmpty: Bool { count == 0 }

    /// Grows the buffer to hold `extra` more bytes, at least doubling (so that n bytes cost
    /// O(n) copies in all); kept out of line, it is rare.
    @usableFromInline @inline(never)
    mutating func grow(_ extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        unsafe newBase.update(from: base, count: count)
        unsafe base.deallocate()
        unsafe base = newBase
        capacity = newCapacity
    }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        unsafe base[count] = byte
        count += 1
    }

    /// Appends `bytes`, which must not point into this buffer (growing would free them
    /// before they are copied).
    @inlinable @inline(__always)
    public mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
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

    /// Forgets the bytes, keeping the memory.
    @inlinable @inline(__always)
    public mutating func removeAll() { count = 0 }

    /// Drops the bytes after the first `newCount`: how a call that throws takes back what it
    /// had written.
    public mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "ByteBuffer truncated past its end")
        count = newCount
    }

    /// `count` bytes from `start`, valid until the buffer next changes.
    public func bytes(from start: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        precondition(start >= 0 && count >= 0 && start + count <= self.count, "ByteBuffer read past its end")
        return unsafe UnsafeBufferPointer(start: base + start, count: count)
    }

    /// The bytes, for the duration of `body`.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        unsafe try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes.
    public var array: [UInt8] { unsafe Array(UnsafeBufferPointer(start: base, count: count)) }
}
