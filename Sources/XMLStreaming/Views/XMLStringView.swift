#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Borrowed UTF-8 bytes from the parser: a name, an attribute value, a piece of text.
///
/// **Valid only during the callback that received it.** The bytes belong to expat and
/// are reused as soon as the callback returns. Compare it in place (`view == "team"`),
/// read its bytes, or keep a copy with ``string`` or ``bytes``.
///
/// - Complexity: comparing and iterating are O(n) and allocate nothing; ``string``
///   allocates once (except for strings of 15 bytes or fewer).
@safe public struct XMLStringView: RandomAccessCollection, CustomStringConvertible {
    @usableFromInline let start: UnsafePointer<UInt8>
    /// The number of bytes.
    public let count: Int
    #if DEBUG
    /// The callback that made the view (`ViewValidity`); 0: not checked.
    @usableFromInline let generation: UInt64
    #endif

    /// The first byte: every read of the bytes goes through here, and in debug builds traps
    /// once the callback that made the view has returned.
    @inlinable var base: UnsafePointer<UInt8> {
        #if DEBUG
        ViewValidity.check(generation, "an XMLStringView")
        #endif
        return unsafe start
    }

    @inlinable
    init(base: UnsafePointer<UInt8>, count: Int) {
        unsafe self.start = base
        self.count = count
        #if DEBUG
        generation = ViewValidity.current
        #endif
    }

    /// A view over bytes you own, for handing your own buffers to code that takes views
    /// (the handler stack's text, tests). The bytes must outlive every use of the view; it
    /// is not checked, as the parser's views are in debug builds.
    @inlinable
    public init(borrowing buffer: UnsafeBufferPointer<UInt8>) {
        unsafe self.start = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.count = buffer.count
        #if DEBUG
        generation = 0
        #endif
    }

    /// The empty string (a processing instruction without data).
    static var empty: XMLStringView {
        let empty: StaticString = ""
        return unsafe XMLStringView(base: empty.utf8Start, count: 0)
    }

    /// A view over a NUL-terminated C string.
    @inlinable
    init(cString: UnsafePointer<CChar>) {
        unsafe self.init(base: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self), count: strlenUTF8(cString))
    }

    /// The position of the first byte: always 0.
    @inlinable public var startIndex: Int { 0 }
    /// One past the position of the last byte: `count`.
    @inlinable public var endIndex: Int { count }
    /// The byte at `position`, counted from 0.
    @inlinable public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "XMLStringView index out of range")
        return unsafe base[position]
    }

    /// Calls `body` with the bytes, without copying.
    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        unsafe try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the bytes, without copying. The bytes are always contiguous, so `body`
    /// is always called.
    @inlinable
    public func withContiguousStorageIfAvailable<R>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R? {
        unsafe try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// A `String` copy of the bytes (invalid UTF-8 is repaired with U+FFFD, which expat's
    /// output never needs).
    public var string: String {
        unsafe String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// A copy of the bytes.
    public var bytes: [UInt8] { unsafe Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes as a `String`: a copy, as `string` makes it.
    public var description: String { string }

    /// The view without leading and trailing XML white space; allocates nothing.
    public var trimmingWhitespace: XMLStringView {
        let base = unsafe base  // checked once, not per byte
        var start = 0
        var end = count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while unsafe start < end && isSpace(base[start]) { start += 1 }
        while unsafe end > start && isSpace(base[end - 1]) { end -= 1 }
        return unsafe XMLStringView(base: base + start, count: end - start)
    }

    /// Whether the view holds exactly the UTF-8 bytes of `string`, without allocating.
    @inlinable
    public static func == (view: XMLStringView, string: String) -> Bool {
        // The length first (O(1) for native strings): most comparisons in a `switch` on
        // names end here, without reaching the bytes.
        guard string.utf8.count == view.count else { return false }
        if view.count == 0 { return true }
        if let equal = unsafe string.utf8.withContiguousStorageIfAvailable({ unsafe memcmp($0.baseAddress!, view.base, view.count) == 0 }) {
            return equal
        }
        var copy = string
        return copy.withUTF8 { unsafe memcmp($0.baseAddress!, view.base, view.count) == 0 }
    }

    /// Whether the view holds exactly the UTF-8 bytes of `string`.
    @inlinable
    public static func != (view: XMLStringView, string: String) -> Bool { !(view == string) }

    /// Whether two views hold the same bytes.
    @inlinable
    public static func == (lhs: XMLStringView, rhs: XMLStringView) -> Bool {
        unsafe lhs.count == rhs.count && (lhs.count == 0 || memcmp(lhs.base, rhs.base, lhs.count) == 0)
    }

    /// Whether the view holds only XML white space (space, tab, line feed, carriage return).
    @inlinable
    public var isWhitespace: Bool {
        let base = unsafe base  // checked once, not per byte
        for i in 0..<count {
            switch unsafe base[i] {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return false
            }
        }
        return true
    }

    /// Pattern matching against a string: `case "team":` in a `switch` on a view.
    @inlinable
    public static func ~= (pattern: String, view: XMLStringView) -> Bool { view == pattern }
}

@usableFromInline
func strlenUTF8(_ p: UnsafePointer<CChar>) -> Int { unsafe strlen(p) }
