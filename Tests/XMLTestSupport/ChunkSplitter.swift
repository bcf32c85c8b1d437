/// Splits input into pieces, the way networks and files deliver it.
public enum ChunkSplitter {
    /// Consecutive pieces of `size` bytes (the last may be shorter).
    public static func pieces(of bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
        precondition(size > 0)
        return stride(from: 0, to: max(bytes.count, 1), by: size).map { bytes[$0..<min($0 + size, bytes.count)] }
    }

    /// Every way to cut `bytes` in two: the cut before each byte, so that every token and
    /// every multi-byte character is split once.
    public static func everySplit(of bytes: [UInt8]) -> [(ArraySlice<UInt8>, ArraySlice<UInt8>)] {
        (0...bytes.count).map { (bytes[..<$0], bytes[$0...]) }
    }
}
