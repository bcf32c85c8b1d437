import XMLStreaming
internal import XMLSyntax

/// The distinct names of the records of one parse, each found by the parser's bytes for it:
/// a hash and a comparison of bytes per element and attribute, without making a `String` or
/// touching one, and a `String` only for a name not seen before. Kept from one record to the
/// next (``XMLRecordBuilder/Partial/reset(fileName:)``), so a feed's names are made once.
///
/// Linear in the names, however many distinct ones a hostile document has and however they
/// are chosen: names are hashed by a fast seeded hash, and a lookup that probes more than
/// ``probeLimit`` slots (names crafted to collide) switches the table to the standard
/// library's keyed `Hasher`, which a document cannot be written against.
struct XMLNameTable {
    /// The names, by index.
    private(set) var names: [XMLRecord.Name] = []
    /// Each name's raw bytes (URI, local name and prefix as expat gives them), back to back.
    private var raw: [UInt8] = []
    private var spans: [(start: Int, count: Int, hash: UInt32)] = []
    /// Open addressing: a name's index plus one, or 0 for an empty slot.
    private var slots: [Int32] = []
    /// Whether names are hashed by `Hasher` (after a lookup probed too far).
    private(set) var isKeyed = false
    /// For tests: the fast hash gives every name the same value, as names crafted against
    /// it would.
    private let fastHashCollides: Bool

    init(fastHashCollides: Bool = false) { self.fastHashCollides = fastHashCollides }

    /// The probes after which the fast hash is taken to be under attack.
    static let probeLimit = 32
    /// The fast hash's start, random per process.
    private static let seed = UInt32.random(in: 1...UInt32.max)

    var count: Int { names.count }

    /// The index of the name, adding it when new; `namespaced` says whether to keep its
    /// namespace URI.
    ///
    /// - Complexity: O(length of the name), amortized; at most ``probeLimit`` probes before
    ///   the table rehashes once with `Hasher`.
    mutating func index(of name: XMLName, namespaced: Bool) -> Int {
        let bytes = name.rawBytes
        if slots.isEmpty { slots = Array(repeating: 0, count: 32) }
        let hash = self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        var probes = 0
        while slots[slot] != 0 {
            let known = Int(slots[slot]) - 1
            let span = spans[known]
            if span.hash == hash && span.count == bytes.count && equals(span.start, bytes) { return known }
            probes += 1
            if probes > Self.probeLimit && !isKeyed {
                rehashKeyed()
                return index(of: name, namespaced: namespaced)
            }
            slot = (slot + 1) & mask
        }
        let index = names.count
        names.append(
            namespaced
                ? XMLRecord.Name(local: name.localName.string, uri: name.namespaceURI?.string, prefix: name.prefix?.string)
                : XMLRecord.Name(local: name.localName.string, uri: nil))
        spans.append((raw.count, bytes.count, hash))
        unsafe bytes.withUnsafeBytes { unsafe raw.append(contentsOf: $0) }
        slots[slot] = Int32(index + 1)
        if names.count * 2 > slots.count { grow() }
        return index
    }

    private func hash(_ bytes: XMLStringView) -> UInt32 {
        unsafe bytes.withUnsafeBytes { unsafe hash(UnsafeRawBufferPointer($0)) }
    }

    private func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        if isKeyed {
            var hasher = Hasher()
            unsafe hasher.combine(bytes: bytes)
            return UInt32(truncatingIfNeeded: hasher.finalize())
        }
        if fastHashCollides { return 0 }
        // FNV-1a from a random start, and a final mix so the slot's low bits depend on
        // every byte.
        var hash = Self.seed
        for unsafe byte in unsafe bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        hash ^= hash >> 15
        hash &*= 0x2C1B_3C6D
        hash ^= hash >> 12
        return hash
    }

    private func equals(_ start: Int, _ bytes: XMLStringView) -> Bool {
        unsafe bytes.isEmpty
            || raw.withUnsafeBufferPointer { raw in
                unsafe bytes.withUnsafeBytes { unsafe memcmp(raw.baseAddress! + start, $0.baseAddress!, bytes.count) == 0 }
            }
    }

    /// Switches to `Hasher`: every known name hashed again, and the slots laid out anew.
    private mutating func rehashKeyed() {
        isKeyed = true
        let raw = self.raw
        for i in spans.indices {
            let span = spans[i]
            spans[i].hash = unsafe raw.withUnsafeBytes { unsafe hash(UnsafeRawBufferPointer(rebasing: $0[span.start..<(span.start + span.count)])) }
        }
        layOut(slotCount: slots.count)
    }

    private mutating func grow() { layOut(slotCount: slots.count * 2) }

    private mutating func layOut(slotCount: Int) {
        slots = Array(repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for (index, span) in spans.enumerated() {
            var slot = Int(span.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
