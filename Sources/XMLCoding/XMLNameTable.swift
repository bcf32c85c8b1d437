import XMLStreaming

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The distinct names of a record, each found by the parser's bytes for it: a hash and a
/// comparison of bytes per element and attribute, without making a `String` or touching
/// one, and a `String` only for a name not seen before. Linear in the names, however many
/// distinct ones a hostile record has, and however they are chosen.
struct XMLNameTable {
    /// The names, by index.
    private(set) var names: [XMLRecord.Name] = []
    /// Each name's raw bytes (URI, local name and prefix as expat gives them), back to back.
    private var raw: [UInt8] = []
    private var spans: [(start: Int, count: Int, hash: UInt32)] = []
    /// Open addressing: a name's index plus one, or 0 for an empty slot.
    private var slots: [Int32] = []

    /// The index of the name, adding it when new; `namespaced` says whether to keep its
    /// namespace URI.
    mutating func index(of name: XMLName, namespaced: Bool) -> Int {
        let bytes = name.rawBytes
        // The standard library's hasher, seeded per process: a document cannot be written to
        // make its names collide (as it could for a fixed hash), so the table stays linear.
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        let hash = UInt32(truncatingIfNeeded: hasher.finalize())
        if slots.isEmpty { slots = Array(repeating: 0, count: 32) }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let known = Int(slots[slot]) - 1
            let span = spans[known]
            if span.hash == hash && span.count == bytes.count && equals(span.start, bytes) { return known }
            slot = (slot + 1) & mask
        }
        let index = names.count
        names.append(XMLRecord.Name(local: name.localName.string, uri: namespaced ? name.namespaceURI?.string : nil))
        spans.append((raw.count, bytes.count, hash))
        bytes.withUnsafeBytes { raw.append(contentsOf: $0) }
        slots[slot] = Int32(index + 1)
        if names.count * 2 > slots.count { grow() }
        return index
    }

    private func equals(_ start: Int, _ bytes: XMLStringView) -> Bool {
        bytes.isEmpty
            || raw.withUnsafeBufferPointer { raw in
                bytes.withUnsafeBytes { memcmp(raw.baseAddress! + start, $0.baseAddress!, bytes.count) == 0 }
            }
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, span) in spans.enumerated() {
            var slot = Int(span.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
