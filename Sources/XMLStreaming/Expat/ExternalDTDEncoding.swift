/// The caller's external DTD (``XMLParserOptions/externalDTD``) in UTF-8, whatever encoding
/// the file is in: expat reads it so, as it reads a document transcoded ahead of it, and so
/// do the reads of the DTD as written (``ExpatDTDText``, ``WrittenDTDCheck``, a default
/// value's references), which look at bytes. A byte-order mark is dropped, so that line 1's
/// columns do not count it. Lines and columns are the file's (decoding keeps characters);
/// ``fileOffset(_:)`` gives a byte offset back in the file.
struct ExternalDTDEncoding {
    /// The DTD for expat.
    let utf8: [UInt8]
    /// The encoding to create expat's parser for the DTD with: `"UTF-8"` for a decoded DTD
    /// (overriding its text declaration), `nil` to let expat read the declaration (a DTD
    /// whose bytes and declaration disagree, which expat then refuses).
    let expatEncoding: String?
    /// Where a conversion stopped at bytes the encoding does not allow: the message, and
    /// the offset in ``utf8`` where expat meets the byte that stops it.
    let invalidSequence: (message: String, outputOffset: Int64)?
    /// The file's bytes before `utf8[0]` that are not in it (a byte-order mark).
    private let skipped: Int64
    private let transcoded: TranscodedOffsets?
    /// For a DTD decoded through a single-byte table: after each character beyond ASCII, its
    /// end in ``utf8`` and how many more bytes UTF-8 has taken than the file up to there.
    private let extraBytes: [(outputEnd: Int64, extra: Int64)]

    /// Decodes `bytes`, a DTD file. Throws an ``XMLParseError`` (at the file's start) for an
    /// encoding nothing here reads, or a declaration the bytes contradict.
    init(_ bytes: [UInt8]) throws(XMLParseError) {
        guard let signature = EncodingSignature.read(bytes, isFinal: true) else {
            self.init(utf8: bytes)
            return
        }
        let label = signature.declaredLabel
        func failure(_ message: String) -> XMLParseError {
            XMLParseError(code: .unknownEncoding, message: "in the DTD: \(message)", position: .start)
        }
        switch signature.family {
        case .utf32UnusualOrder(let order):
            throw failure(ExpatReceiver.unusualOrderMessage(order, subject: "DTD"))
        case .utf32(let bigEndian):
            try self.init(bytes, skipping: signature.byteOrderMarkLength, iconv: bigEndian ? "UTF-32BE" : "UTF-32LE", label: "UTF-32")
        case .utf16(let bigEndian):
            if let label, EncodingResolver.resolve(label).map({ $0.name.hasPrefix("UTF-16") }) != true {
                throw failure(ExpatReceiver.utf16Conflict(label, subject: "DTD"))
            }
            try self.init(bytes, skipping: signature.byteOrderMarkLength, iconv: bigEndian ? "UTF-16BE" : "UTF-16LE", label: "UTF-16")
        case .ebcdic:
            let label = label ?? "IBM037"
            guard case .transcoded(let iconvName)? = EncodingResolver.resolve(label) else {
                throw failure(Self.unknownEncodingMessage(label))
            }
            try self.init(bytes, skipping: 0, iconv: iconvName, label: label)
        case .asciiCompatible:
            let resolved = label.flatMap(EncodingResolver.resolve)
            if signature.byteOrderMarkLength > 0 {
                if let label, resolved?.name != "UTF-8" && resolved?.name != "US-ASCII" {
                    throw failure(ExpatReceiver.byteOrderMarkConflict(label, subject: "DTD"))
                }
                self.init(utf8: Array(bytes.dropFirst(signature.byteOrderMarkLength)), skipped: Int64(signature.byteOrderMarkLength))
                return
            }
            switch resolved {
            case nil:
                guard let label else {
                    self.init(utf8: bytes)
                    return
                }
                throw failure(Self.unknownEncodingMessage(label))
            case .native("UTF-8")?:
                self.init(utf8: bytes)
            case .native(let native)? where native.hasPrefix("UTF-16"):
                // Bytes that are not UTF-16 under a UTF-16 label: expat's to refuse.
                self.init(utf8: bytes, expatEncoding: nil)
            case .native(let native)?:
                // ISO-8859-1 and US-ASCII, which iconv reads too (and refuses a byte beyond
                // ASCII in the latter, as expat does).
                try self.init(bytes, skipping: 0, iconv: native, label: label ?? native)
            case .transcoded(let iconvName)?:
                try self.init(bytes, skipping: 0, iconv: iconvName, label: label ?? iconvName)
            case .singleByte(let table)?:
                self.init(bytes, table: table, label: label ?? table.name)
            }
        }
    }

    private init(utf8: [UInt8], skipped: Int64 = 0, expatEncoding: String? = "UTF-8") {
        self.utf8 = utf8
        self.expatEncoding = expatEncoding
        invalidSequence = nil
        self.skipped = skipped
        transcoded = nil
        extraBytes = []
    }

    /// Converts with iconv, as a transcoded document is (``TranscodingInput``): bytes the
    /// encoding does not allow end the UTF-8 with one byte that is never valid in it.
    private init(_ bytes: [UInt8], skipping bom: Int, iconv encoding: String, label: String) throws(XMLParseError) {
        guard var stage = TranscodingInput(encoding: encoding, name: label) else {
            throw XMLParseError(code: .unknownEncoding, message: "in the DTD: \(Self.unknownEncodingMessage(label))", position: .start)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        do {
            try unsafe bytes[bom...].withUnsafeBytes { input in
                try unsafe stage.process(input, isFinal: true) { _, converted in unsafe output.append(contentsOf: converted) }
            }
        } catch {
            // The stage throws only what its delivery throws, and this one does not.
            throw error as? XMLParseError ?? XMLParseError(code: .unknownEncoding, message: "in the DTD: \(error)", position: .start)
        }
        utf8 = output
        expatEncoding = "UTF-8"
        skipped = Int64(bom)
        transcoded = stage.offsets
        invalidSequence = stage.offsets.invalidSequence.map {
            (ExpatReceiver.invalidSequenceMessage($0, encoding: label), $0.outputOffset)
        }
        extraBytes = []
    }

    /// Decodes through a single-byte table, as expat reads a document with it: a byte the
    /// table does not define ends the UTF-8 with one byte never valid in it, as the iconv
    /// conversion's does, and is named.
    private init(_ bytes: [UInt8], table: SingleByteEncoding, label: String) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var extra: [(outputEnd: Int64, extra: Int64)] = []
        var invalid: (message: String, outputOffset: Int64)?
        for (offset, byte) in bytes.enumerated() {
            guard byte >= 0x80 else {
                output.append(byte)
                continue
            }
            guard let scalar = SingleByteEncoding.scalar(byte, upperHalf: table.upperHalf) else {
                let bad = TranscodedOffsets.InvalidSequence(
                    bytes: Array(bytes[offset..<min(bytes.count, offset + 2)]), inputOffset: Int64(offset),
                    outputOffset: Int64(output.count), truncated: false)
                invalid = (ExpatReceiver.invalidSequenceMessage(bad, encoding: label), Int64(output.count))
                output.append(0xFF)
                break
            }
            UTF8.encode(scalar) { output.append($0) }
            extra.append((Int64(output.count), (extra.last?.extra ?? 0) + Int64(UTF8.width(scalar) - 1)))
        }
        utf8 = output
        expatEncoding = "UTF-8"
        invalidSequence = invalid
        skipped = 0
        transcoded = nil
        extraBytes = extra
    }

    static func unknownEncodingMessage(_ name: String) -> String {
        ExpatReceiver.unknownEncodingMessage(name, advice: "convert the DTD to UTF-8")
    }

    /// The offset in the file of the character at `output` in ``utf8``.
    func fileOffset(_ output: Int64) -> Int64 {
        if let transcoded { return skipped + transcoded.inputOffset(forOutput: output) }
        guard !extraBytes.isEmpty else { return skipped + output }
        // The last character beyond ASCII that ends at or before `output`.
        var low = 0
        var high = extraBytes.count
        while low < high {
            let middle = (low + high) / 2
            if extraBytes[middle].outputEnd <= output { low = middle + 1 } else { high = middle }
        }
        return skipped + output - (low == 0 ? 0 : extraBytes[low - 1].extra)
    }
}
