/// Builds a bplist00 from raw objects: `objects` are each object's bytes, references one
/// byte wide, offsets two bytes wide.
public func bplist(_ objects: [[UInt8]], top: UInt64 = 0, referenceSize: UInt8 = 1, count: UInt64? = nil) -> [UInt8] {
    var out = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(out.count)
        out += object
    }
    let table = out.count
    for offset in offsets { out += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    out += [0, 0, 0, 0, 0, 0, 2, referenceSize]
    func be(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
    out += be(count ?? UInt64(objects.count)) + be(top) + be(UInt64(table))
    return out
}
