/// Numbers the distinct names of a parse by expat's bytes for them (``XMLName/rawBytes``):
/// a hash and a comparison of bytes per element or attribute, without making a `String`, so
/// that a handler keeps what it derives from a name (a `String`, a declaration) once per
/// distinct name, in an array beside the index.
///
/// Linear in the names, however many distinct ones a hostile document has and however they
/// are chosen: names are hashed by a fast seeded hash, and a lookup that probes more than
/// ``probeLimit`` slots (names crafted to collide) switches the index to the standard
/// library's keyed `Hasher`, which a document cannot be written against.
package struct XMLNameInterner {
    /// Each name's raw bytes (URI, local name and prefix as expat gives them), back to back.
    private var raw: [UInt8] = []
    private var spans: [(start: Int, count: Int, hash: UInt32)] = []
    /// Open addressing: a name's number plus one, or 0 for an empty slot.
    private var slots: [Int32] = []
    /// The name last met with each length and first and last byte, by a trivial hash of
    /// those: a name met again (most are, tag after tag) is found by one comparison of its
    /// bytes, without hashing them all. A miss, or a name crafted to share the entry, costs
    /// one comparison more than the index alone.
    private var recent: [Int32] = []
    /// Whether names are hashed by `Hasher` (after a lookup probed too far).
    package private(set) var isKeyed = false
    /// For tests: the fast hash gives every name the same value, as names crafted against
    /// it would.
    private let fastHashCollides: Bool

    package init(fastHashCollides: Bool = false) { self.fastHashCollides = fastHashCollides }

    /// The probes after which the fast hash is taken to be under attack.
    package static let probeLimit = 32
    /// The fast hash's start, random per process.
    private static let seed = UInt32.random(in: 1...UInt32.max)

    /// How many distinct names have been numbered.
    package var count: Int { spans.count }

    /// The name's number, and whether it is new (numbered `count - 1` just now): numbers run
    /// from 0 in the order names first came.
    ///
    /// - Complexity: O(length of the name), amortized; at most ``probeLimit`` probes before
    ///   the index rehashes once with `Hasher`.
    package mutating func number(of name: XMLName) -> (number: Int, isNew: Bool) {
        if slots.isEmpty {
            slots = Array(repeating: 0, count: 32)
            recent = Array(repeating: -1, count: Self.recentCount)
        }
        // Invariant: expat's string is NUL-terminated and valid during the callback that
        // handed the name over, which this call is part of; nothing read here is kept past
        // it (the bytes are copied).
        let raw = unsafe name.raw
        var count = 0
        while unsafe raw[count] != 0 { count += 1 }
        let bytes = unsafe UnsafeRawBufferPointer(start: raw, count: count)
        let recentSlot = count == 0 ? 0 : unsafe (count &* 31 &+ Int(raw[0]) &* 7 &+ Int(raw[count - 1])) & (Self.recentCount - 1)
        let candidate = Int(recent[recentSlot])
        if candidate >= 0, spans[candidate].count == count, unsafe equals(spans[candidate].start, bytes) {
            return (candidate, false)
        }
        let (number, isNew) = unsafe number(of: bytes, name: name)
        recent[recentSlot] = Int32(number)
        return (number, isNew)
    }

    /// Whether `name` is the name numbered `number`, by a comparison of its bytes alone,
    /// without measuring or hashing them: the check of a guess (the name that came after the
    /// same one last time, say), cheaper than ``number(of:)`` when it is right.
    package func isName(_ number: Int, _ name: XMLName) -> Bool {
        guard number >= 0, number < spans.count else { return false }
        let span = spans[number]
        // Invariant: expat's string is NUL-terminated and valid during the callback that
        // handed the name over, which this call is part of. No stored byte is 0 (expat's
        // names hold none), so a shorter name stops the loop at its terminator: no byte past
        // it is read. `span` lies within `raw`, which holds every name's bytes back to back.
        let given = unsafe name.raw
        return unsafe raw.withUnsafeBufferPointer { stored in
            var i = 0
            while i < span.count {
                if unsafe given[i] != stored[span.start &+ i] { return false }
                i &+= 1
            }
            return unsafe given[i] == 0
        }
    }

    /// Entries of ``recent``: a power of two.
    private static let recentCount = 256

    /// The number of the name whose `count` bytes are `bytes`, through the hashed index.
    private mutating func number(of bytes: UnsafeRawBufferPointer, name: XMLName) -> (number: Int, isNew: Bool) {
        let count = bytes.count
        let hash = unsafe self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        var probes = 0
        while slots[slot] != 0 {
            let known = Int(slots[slot]) - 1
            let span = spans[known]
            if span.hash == hash && span.count == count, unsafe equals(span.start, bytes) { return (known, false) }
            probes += 1
            if probes > Self.probeLimit && !isKeyed {
                rehashKeyed()
                return number(of: name)
            }
            slot = (slot + 1) & mask
        }
        let number = spans.count
        spans.append((self.raw.count, count, hash))
        unsafe self.raw.append(contentsOf: bytes)
        slots[slot] = Int32(number + 1)
        if spans.count * 2 > slots.count { grow() }
        return (number, true)
    }

    private func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        if isKeyed { return unsafe keyedHash(bytes) }
        if fastHashCollides { return 0 }
        var hash = Self.seed
        for unsafe byte in unsafe bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Self.mix(hash)
    }

    private func keyedHash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hasher = Hasher()
        unsafe hasher.combine(bytes: bytes)
        return UInt32(truncatingIfNeeded: hasher.finalize())
    }

    /// FNV-1a runs from a random start; this final mix makes the slot's low bits depend on
    /// every byte.
    private static func mix(_ fnv: UInt32) -> UInt32 {
        var hash = fnv
        hash ^= hash >> 15
        hash &*= 0x2C1B_3C6D
        hash ^= hash >> 12
        return hash
    }

    private func equals(_ start: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        unsafe raw.withUnsafeBufferPointer { raw in
            var i = 0
            while i < bytes.count {
                if unsafe raw[start + i] != bytes[i] { return false }
                i += 1
            }
            return true
        }
    }

    /// Switches to `Hasher`: every known name hashed again, and the slots laid out anew.
    private mutating func rehashKeyed() {
        isKeyed = true
        let raw = self.raw
        for i in spans.indices {
            let span = spans[i]
            spans[i].hash = unsafe raw.withUnsafeBytes {
                unsafe hash(UnsafeRawBufferPointer(rebasing: $0[span.start..<(span.start + span.count)]))
            }
        }
        layOut(slotCount: slots.count)
    }

    private mutating func grow() { layOut(slotCount: slots.count * 2) }

    private mutating func layOut(slotCount: Int) {
        slots = Array(repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for (number, span) in spans.enumerated() {
            var slot = Int(span.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }
}
