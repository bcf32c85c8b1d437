import Foundation
import OrderedCollections

/// Reads `bplist00`, hardened against hostile files: every offset, count and size is checked
/// against the input before it is used, references are followed with a depth limit and a
/// check for cycles, and each object is decoded once and shared, so a file cannot make the
/// reader use more memory than its objects hold, or crash.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTable: Int
    /// Each object decoded once, by reference number (arrays, not hash tables: one slot per
    /// object, and the trailer already bounds the count by the file's size).
    private var decoded: [PropertyList?] = []
    private var inProgress: [Bool] = []
    /// How many values each decoded object expands to (itself and everything below it):
    /// shared objects are decoded once, but anything that walks the value later walks every
    /// path, so a file whose expansion passes ``expansionLimit`` is refused.
    private var expandedSize: [Int] = []
    private var expansionLimit = 0

    init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        // Version 0x is read as 00, as CoreFoundation reads it (it looks at "bplist0" only);
        // another major version (Apple's bplist15, bplist16) is not this format.
        if bytes.starts(with: Array("bplist".utf8)), bytes.count >= 8, !bytes.starts(with: Array("bplist0".utf8)) {
            let version = String(decoding: bytes[6..<8], as: UTF8.self)
            throw PropertyListError(
                "a binary property list of version \(version.debugDescription), which this reader does not read (only 0x)",
                code: .propertyListReadUnknownVersion)
        }
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else {
            throw PropertyListError("not a binary property list (no bplist00 header, or too short)")
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes, trailer + 8, 8)
        let top = Self.bigEndian(bytes, trailer + 16, 8)
        let table = Self.bigEndian(bytes, trailer + 24, 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw PropertyListError("bad trailer: offset size \(offsetSize), reference size \(referenceSize)", byteOffset: trailer)
        }
        guard count > 0, count <= UInt64(bytes.count), top < count, table >= 8, table < UInt64(trailer),
            count * UInt64(offsetSize) <= UInt64(trailer) - table
        else {
            throw PropertyListError("bad trailer: \(count) objects, top \(top), offset table at \(table)", byteOffset: trailer)
        }
        objectCount = Int(count)
        offsetTable = Int(table)
        topObject = Int(top)
        decoded = Array(repeating: nil, count: objectCount)
        inProgress = Array(repeating: false, count: objectCount)
        expandedSize = Array(repeating: 1, count: objectCount)
        expansionLimit = max(1_000_000, bytes.count * 16)
    }

    private let topObject: Int

    mutating func read() throws -> PropertyList {
        try object(topObject, depth: 0)
    }

    /// Big-endian UTF-16 as a String, transcoded to UTF-8 in one pass (what
    /// `String(decoding:as: UTF16.self)` does through a generic parser, several times slower);
    /// a lone surrogate becomes U+FFFD, as there.
    static func bigEndianUTF16(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count / 2
        return unsafe String(unsafeUninitializedCapacity: count * 3) { out in
            var written = 0
            var i = 0
            @inline(__always) func put(_ byte: UInt8) {
                unsafe out[written] = byte
                written += 1
            }
            while i < count {
                let unit = unsafe UInt32(bytes[2 * i]) << 8 | UInt32(bytes[2 * i + 1])
                i += 1
                var scalar = unit
                if unit & 0xF800 == 0xD800 {
                    // A high surrogate followed by a low one is one scalar; anything else is U+FFFD.
                    if unit < 0xDC00, i < count {
                        let low = unsafe UInt32(bytes[2 * i]) << 8 | UInt32(bytes[2 * i + 1])
                        if low & 0xFC00 == 0xDC00 {
                            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                            i += 1
                        } else {
                            scalar = 0xFFFD
                        }
                    } else {
                        scalar = 0xFFFD
                    }
                }
                switch scalar {
                case 0..<0x80:
                    put(UInt8(scalar))
                case 0x80..<0x800:
                    put(UInt8(0xC0 | scalar >> 6))
                    put(UInt8(0x80 | scalar & 0x3F))
                case 0x800..<0x10000:
                    put(UInt8(0xE0 | scalar >> 12))
                    put(UInt8(0x80 | scalar >> 6 & 0x3F))
                    put(UInt8(0x80 | scalar & 0x3F))
                default:
                    put(UInt8(0xF0 | scalar >> 18))
                    put(UInt8(0x80 | scalar >> 12 & 0x3F))
                    put(UInt8(0x80 | scalar >> 6 & 0x3F))
                    put(UInt8(0x80 | scalar & 0x3F))
                }
            }
            return written
        }
    }

    static func bigEndian(_ bytes: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
        return value
    }

    private func offset(of reference: Int) throws -> Int {
        guard reference >= 0, reference < objectCount else {
            throw PropertyListError("object reference \(reference) out of range (\(objectCount) objects)")
        }
        let offset = Int(clamping: Self.bigEndian(bytes, offsetTable + reference * offsetSize, offsetSize))
        guard offset >= 8, offset < offsetTable else {
            throw PropertyListError("object \(reference) has offset \(offset), outside the objects", byteOffset: offset)
        }
        return offset
    }

    /// Checks that `count` bytes from `at` lie before the offset table.
    private func need(_ at: Int, _ count: Int) throws {
        guard count >= 0, at >= 0, at <= offsetTable, count <= offsetTable - at else {
            throw PropertyListError("an object runs past the end of the objects", byteOffset: at)
        }
    }

    /// A marker's count: the low nibble, or an integer object after it when the nibble is 0xF.
    /// Returns the count and where the content starts.
    private func count(_ marker: UInt8, at: Int) throws -> (Int, Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, at + 1) }
        try need(at + 1, 1)
        let intMarker = bytes[at + 1]
        guard intMarker & 0xF0 == 0x10 else { throw PropertyListError("a count is not an integer", byteOffset: at + 1) }
        let size = 1 << Int(intMarker & 0x0F)
        guard size <= 8 else { throw PropertyListError("a count is too wide", byteOffset: at + 1) }
        try need(at + 2, size)
        let value = Self.bigEndian(bytes, at + 2, size)
        guard value <= UInt64(bytes.count) else {
            throw PropertyListError("a count of \(value) is larger than the file", byteOffset: at + 1)
        }
        return (Int(value), at + 2 + size)
    }

    /// What a string or data object weighs in the expansion count: one value plus one for
    /// every 16 bytes, so a large string referenced a million times is refused like a
    /// million values would be (counting it as one value let 13 MB of file stand for
    /// terabytes of output).
    private static func weight(ofBytes count: Int) -> Int { 1 + count / 16 }

    /// Adds a child's expanded size, refusing a value that would expand past the limit.
    private func expand(_ size: Int, by child: Int) throws -> Int {
        let (sum, overflow) = size.addingReportingOverflow(expandedSize[child])
        guard !overflow, sum <= expansionLimit else {
            throw PropertyListError("the objects refer to each other so often that the value would hold more than \(expansionLimit) values")
        }
        return sum
    }

    private mutating func object(_ reference: Int, depth: Int) throws -> PropertyList {
        guard reference >= 0, reference < objectCount else {
            throw PropertyListError("object reference \(reference) out of range (\(objectCount) objects)")
        }
        if let known = decoded[reference] { return known }
        guard depth < PropertyList.maximumDepth else { throw PropertyListError("objects nested deeper than \(PropertyList.maximumDepth)") }
        guard !inProgress[reference] else {
            throw PropertyListError("object \(reference) contains itself (a reference cycle)")
        }
        let at = try offset(of: reference)
        let marker = bytes[at]
        let value: PropertyList
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: value = .boolean(false)
            case 0x09: value = .boolean(true)
            default: throw PropertyListError(String(format: "unsupported object marker 0x%02X", marker), byteOffset: at)
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard size <= 16 else { throw PropertyListError("an integer wider than 16 bytes", byteOffset: at) }
            try need(at + 1, size)
            if size == 16 {
                // 128-bit: Apple writes UInt64 values above Int64.max this way.
                let high = Self.bigEndian(bytes, at + 1, 8)
                let low = Self.bigEndian(bytes, at + 9, 8)
                if high == 0 {
                    value = .integer(exactly: low)
                } else if high == UInt64.max && low >= UInt64(1) << 63 {
                    value = .integer(Int64(bitPattern: low))
                } else {
                    throw PropertyListError("an integer outside the 64-bit ranges", byteOffset: at)
                }
            } else {
                let raw = Self.bigEndian(bytes, at + 1, size)
                // 1, 2 and 4 bytes are unsigned; 8 bytes are signed.
                value = size == 8 ? .integer(Int64(bitPattern: raw)) : .integer(exactly: raw)
            }
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            try need(at + 1, size)
            switch size {
            case 4: value = .real(Double(Float(bitPattern: UInt32(Self.bigEndian(bytes, at + 1, 4)))))
            case 8: value = .real(Double(bitPattern: Self.bigEndian(bytes, at + 1, 8)))
            default: throw PropertyListError("a real of \(size) bytes", byteOffset: at)
            }
        case 0x3:
            guard marker == 0x33 else { throw PropertyListError(String(format: "unsupported object marker 0x%02X", marker), byteOffset: at) }
            try need(at + 1, 8)
            let seconds = Double(bitPattern: Self.bigEndian(bytes, at + 1, 8))
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            guard PlistDate.isInRange(secondsSince1970: date.timeIntervalSince1970) else {
                throw PropertyListError("a date \(seconds.isFinite ? "" : "that is not a number, ")\(PlistDate.rangeMessage)", byteOffset: at)
            }
            value = .date(date)
        case 0x4:
            let (length, start) = try count(marker, at: at)
            try need(start, length)
            // Copied in one move (Data from an ArraySlice goes element by element).
            value = unsafe .data(bytes.withUnsafeBufferPointer { unsafe Data(UnsafeBufferPointer(rebasing: $0[start..<start + length])) })
            expandedSize[reference] = Self.weight(ofBytes: length)
        case 0x5:
            let (length, start) = try count(marker, at: at)
            try need(start, length)
            // An ASCII string, as its marker says: a byte above 0x7F is refused, as plistlib
            // and CoreFoundation refuse it (their writers use UTF-16 objects for the rest).
            let slice = bytes[start..<start + length]
            if let bad = slice.firstIndex(where: { $0 >= 0x80 }) {
                throw PropertyListError(String(format: "an ASCII string with the byte 0x%02X", bytes[bad]), byteOffset: bad)
            }
            value = .string(String(decoding: slice, as: UTF8.self))
            expandedSize[reference] = Self.weight(ofBytes: length)
        case 0x6:
            let (length, start) = try count(marker, at: at)
            guard length <= Int.max / 2 else { throw PropertyListError("a string too long", byteOffset: at) }
            try need(start, length * 2)
            value = unsafe .string(bytes.withUnsafeBufferPointer { unsafe Self.bigEndianUTF16(UnsafeBufferPointer(rebasing: $0[start..<start + 2 * length])) })
            expandedSize[reference] = Self.weight(ofBytes: 2 * length)
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            guard size <= 8 else { throw PropertyListError("a UID wider than 8 bytes", byteOffset: at) }
            try need(at + 1, size)
            value = .uid(Self.bigEndian(bytes, at + 1, size))
        case 0xA, 0xC:
            let (length, start) = try count(marker, at: at)
            guard length <= Int.max / referenceSize else { throw PropertyListError("an array too long", byteOffset: at) }
            try need(start, length * referenceSize)
            inProgress[reference] = true
            var items: [PropertyList] = []
            items.reserveCapacity(length)
            var size = 1
            for i in 0..<length {
                let child = Int(clamping: Self.bigEndian(bytes, start + i * referenceSize, referenceSize))
                items.append(try object(child, depth: depth + 1))
                size = try expand(size, by: child)
            }
            inProgress[reference] = false
            expandedSize[reference] = size
            value = .array(items)
        case 0xD:
            let (length, start) = try count(marker, at: at)
            guard length <= Int.max / (2 * referenceSize) else { throw PropertyListError("a dictionary too long", byteOffset: at) }
            try need(start, length * 2 * referenceSize)
            inProgress[reference] = true
            var dictionary = OrderedDictionary<PropertyList.DictionaryKey, PropertyList>(minimumCapacity: length)
            var size = 1
            for i in 0..<length {
                let keyReference = Int(clamping: Self.bigEndian(bytes, start + i * referenceSize, referenceSize))
                let valueReference = Int(clamping: Self.bigEndian(bytes, start + (length + i) * referenceSize, referenceSize))
                guard case .string(let key) = try object(keyReference, depth: depth + 1) else {
                    throw PropertyListError("a dictionary key that is not a string", byteOffset: at)
                }
                dictionary[PropertyList.DictionaryKey(key)] = try object(valueReference, depth: depth + 1)
                size = try expand(size, by: keyReference)
                size = try expand(size, by: valueReference)
            }
            inProgress[reference] = false
            expandedSize[reference] = size
            value = .dictionary(dictionary)
        default:
            throw PropertyListError(String(format: "unsupported object marker 0x%02X", marker), byteOffset: at)
        }
        decoded[reference] = value
        return value
    }
}
