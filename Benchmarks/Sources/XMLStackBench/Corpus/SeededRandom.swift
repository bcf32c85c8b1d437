/// SplitMix64: a small generator whose output depends only on its seed, on every platform
/// and Swift version, so a corpus is a pure function of its name and size.
struct SeededRandom {
    private var state: UInt64

    /// Seeds from a label (FNV-1a of its UTF-8 bytes), such as "schedule:20120301:1048576".
    init(label: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in label.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int {
        Int(unit() * Double(bound))
    }

    /// An element of a non-empty array.
    mutating func pick<T>(_ values: [T]) -> T {
        values[below(values.count)]
    }

    /// `true` with the given probability.
    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }
}
