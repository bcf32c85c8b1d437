import XMLStreaming

/// The text of the current element, joined from its pieces: one buffer for the whole parse.
///
/// A class rather than a `[UInt8]`: clearing an array (`removeAll(keepingCapacity:)`, twice
/// per element) went through `replaceSubrange` and cost more than the stack's own routing.
/// Clearing here is a store. A copied ``HandlerStack`` shares the buffer, which is harmless:
/// only the stack inside the parser receives events.
@safe final class TextBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1024) {
        self.capacity = capacity
        unsafe base = .allocate(capacity: capacity)
    }

    deinit { unsafe base.deallocate() }

    /// Forgets the text, keeping the memory.
    @inline(__always)
    func clear() { count = 0 }

    /// Appends a piece of text.
    func append(_ piece: XMLStringView) {
        unsafe piece.withUnsafeBytes { bytes in
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            if count + bytes.count > capacity {
                // Doubling: a 50 MB text costs O(n) copies in all.
                let grown = max(capacity * 2, count + bytes.count)
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
                unsafe larger.update(from: base, count: count)
                unsafe base.deallocate()
                unsafe base = larger
                capacity = grown
            }
            unsafe (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }
    }

    /// The text, valid until the next append or clear.
    var view: XMLStringView { unsafe XMLStringView(borrowing: UnsafeBufferPointer(start: base, count: count)) }
}
