import Foundation
import OrderedCollections

/// Writes `bplist00`: equal scalars (strings, numbers, dates, data) stored once, integers in
/// the fewest bytes, references and offsets as narrow as the file allows, dictionary keys
/// sorted as plistlib sorts them.
struct BinaryPropertyListWriter {
    private var objects: [PropertyList] = []
    private var scalarIndex: [PropertyList: Int] = [:]
    /// For each container object, the references of its children (keys first for dictionaries).
    private var children: [Int: [Int]] = [:]
    let sortsKeys: Bool

    init(sortsKeys: Bool) {
        self.sortsKeys = sortsKeys
    }

    mutating func write(_ root: PropertyList) throws -> [UInt8] {
        let top = try flatten(root, depth: 0)
        let referenceSize = Self.width(for: UInt64(max(0, objects.count - 1)))
        var out: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for (index, object) in objects.enumerated() {
            offsets.append(out.count)
            encode(object, references: children[index] ?? [], referenceSize: referenceSize, into: &out)
        }
        let tableOffset = out.count
        let offsetSize = Self.width(for: UInt64(max(tableOffset, 1)))
        for offset in offsets { Self.append(UInt64(offset), size: offsetSize, to: &out) }
        out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        Self.append(UInt64(objects.count), size: 8, to: &out)
        Self.append(UInt64(top), size: 8, to: &out)
        Self.append(UInt64(tableOffset), size: 8, to: &out)
        return out
    }

    private static func width(for value: UInt64) -> Int {
        value < 1 << 8 ? 1 : value < 1 << 16 ? 2 : value < 1 << 32 ? 4 : 8
    }

    private static func append(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        for i in stride(from: size - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }

    /// Assigns object numbers depth first, parents before children, as plistlib does.
    private mutating func flatten(_ value: PropertyList, depth: Int) throws -> Int {
        guard depth < PropertyList.maximumDepth else {
            throw PropertyListError("the value is nested deeper than \(PropertyList.maximumDepth)")
        }
        switch value {
        case .array(let items):
            let index = objects.count
            objects.append(value)
            var references: [Int] = []
            references.reserveCapacity(items.count)
            for (position, item) in items.enumerated() {
                try within(.index(position)) { references.append(try flatten(item, depth: depth + 1)) }
            }
            children[index] = references
            return index
        case .dictionary(let dictionary):
            let index = objects.count
            objects.append(value)
            let entries = dictionary.entries(sorted: sortsKeys)
            var keyReferences: [Int] = []
            for (key, _) in entries { keyReferences.append(try flatten(.string(key.string), depth: depth + 1)) }
            var valueReferences: [Int] = []
            for (key, value) in entries {
                try within(.key(key.string)) { valueReferences.append(try flatten(value, depth: depth + 1)) }
            }
            children[index] = keyReferences + valueReferences
            return index
        default:
            if case .date(let date) = value { try PlistDate.check(date) }
            if let known = scalarIndex[value] { return known }
            let index = objects.count
            objects.append(value)
            scalarIndex[value] = index
            return index
        }
    }

    private func encode(_ value: PropertyList, references: [Int], referenceSize: Int, into out: inout [UInt8]) {
        func header(_ kind: UInt8, count: Int) {
            if count < 15 {
                out.append(kind << 4 | UInt8(count))
            } else {
                out.append(kind << 4 | 0x0F)
                let size = Self.width(for: UInt64(count))
                out.append(0x10 | UInt8(size.trailingZeroBitCount))
                Self.append(UInt64(count), size: size, to: &out)
            }
        }
        switch value {
        case .boolean(let b): out.append(b ? 0x09 : 0x08)
        case .integer(let i):
            if i < 0 {
                out.append(0x13)
                Self.append(UInt64(bitPattern: i), size: 8, to: &out)
            } else {
                let size = Self.width(for: UInt64(i))
                out.append(0x10 | UInt8(size.trailingZeroBitCount))
                Self.append(UInt64(i), size: size, to: &out)
            }
        case .unsignedInteger(let u):
            // Above Int64.max: 16 bytes, as Apple and plistlib write it.
            out.append(0x14)
            Self.append(0, size: 8, to: &out)
            Self.append(u, size: 8, to: &out)
        case .real(let r):
            out.append(0x23)
            Self.append(r.bitPattern, size: 8, to: &out)
        case .date(let d):
            out.append(0x33)
            Self.append(d.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &out)
        case .data(let data):
            header(0x4, count: data.count)
            out.append(contentsOf: data)
        case .string(let s):
            if s.utf8.allSatisfy({ $0 < 0x80 }) {
                header(0x5, count: s.utf8.count)
                out.append(contentsOf: s.utf8)
            } else {
                let units = Array(s.utf16)
                header(0x6, count: units.count)
                for unit in units {
                    out.append(UInt8(unit >> 8))
                    out.append(UInt8(unit & 0xFF))
                }
            }
        case .uid(let u):
            let size = Self.width(for: u)
            out.append(0x80 | UInt8(size - 1))
            Self.append(u, size: size, to: &out)
        case .array:
            header(0xA, count: references.count)
            for reference in references { Self.append(UInt64(reference), size: referenceSize, to: &out) }
        case .dictionary:
            header(0xD, count: references.count / 2)
            for reference in references { Self.append(UInt64(reference), size: referenceSize, to: &out) }
        }
    }
}
