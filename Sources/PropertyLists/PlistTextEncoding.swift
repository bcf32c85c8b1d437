/// Text plists in UTF-16 and UTF-32, as Apple's tools write them (`.strings` files are
/// usually UTF-16 with a byte-order mark): the readers work on UTF-8, so such text is
/// transcoded first.
enum PlistTextEncoding {
    enum Encoding { case utf16BigEndian, utf16LittleEndian, utf32BigEndian, utf32LittleEndian }

    /// The encoding a byte-order mark names, and the mark's length; `nil` when there is none.
    /// UTF-32's marks are tested first: `FF FE 00 00` also starts like UTF-16's.
    static func marked<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (Encoding, Int)? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        return nil
    }

    /// The text after its byte-order mark as UTF-8, or `nil` when there is no UTF-16 or
    /// UTF-32 mark. Text that is not valid in its encoding is an error at its byte offset.
    static func utf8(_ bytes: [UInt8]) throws -> [UInt8]? {
        guard let (encoding, markLength) = marked(bytes) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var failed = false
        switch encoding {
        case .utf16BigEndian, .utf16LittleEndian:
            let big = encoding == .utf16BigEndian
            guard (bytes.count - markLength) % 2 == 0 else {
                throw PropertyListError("UTF-16 text of an odd number of bytes", byteOffset: bytes.count - 1)
            }
            let units = stride(from: markLength, to: bytes.count, by: 2).lazy.map { i -> UInt16 in
                let (first, second) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
                return big ? first << 8 | second : second << 8 | first
            }
            failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { out.append($0) }
        case .utf32BigEndian, .utf32LittleEndian:
            let big = encoding == .utf32BigEndian
            guard (bytes.count - markLength) % 4 == 0 else {
                throw PropertyListError("UTF-32 text whose length is not a multiple of 4 bytes", byteOffset: bytes.count - 1)
            }
            let units = stride(from: markLength, to: bytes.count, by: 4).lazy.map { i -> UInt32 in
                var unit: UInt32 = 0
                for k in 0..<4 {
                    let byte = UInt32(bytes[i + (big ? k : 3 - k)])
                    unit = unit << 8 | byte
                }
                return unit
            }
            failed = transcode(units.makeIterator(), from: UTF32.self, to: UTF8.self, stoppingOnError: true) { out.append($0) }
        }
        if failed {
            let name = encoding == .utf16BigEndian || encoding == .utf16LittleEndian ? "UTF-16" : "UTF-32"
            throw PropertyListError("the text is not valid \(name) after \(out.count) bytes of UTF-8")
        }
        return out
    }
}
