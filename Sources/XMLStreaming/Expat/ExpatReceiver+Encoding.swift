internal import CExpat
internal import XMLSyntax

// The document's encoding: read from its first bytes before expat sees any, then either
// told to expat by the name it knows (`latin1` is its ISO-8859-1), left to expat's own
// reading and the single-byte tables, or transcoded to UTF-8 ahead of it.
extension ExpatReceiver {
    /// The name to create expat's parser with for a caller's override: expat's spelling of
    /// its own encodings (`latin1` → `ISO-8859-1`), else the name as given (a single-byte
    /// table is found by it; an override that needs transcoding makes the parser read UTF-8).
    static func expatName(forOverride encoding: XMLEncodingName) -> String {
        if case .native(let name)? = EncodingResolver.resolve(encoding.rawValue) { return name }
        return encoding.rawValue
    }

    /// Holds the document's first bytes until they say what its encoding is (a byte-order
    /// mark, the pattern of `<?xml`, the declaration within its first kilobyte), settles how
    /// expat is to read it, then hands the bytes on.
    func feedUndecided(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) throws {
        unsafe heldBytes.append(contentsOf: bytes)
        guard let signature = EncodingSignature.read(heldBytes, isFinal: isFinal) else { return }
        encodingDecided = true
        do {
            try chooseReading(for: signature)
            if options.readsControlCharacterReferences && options.recovery == nil { try startReadingControlReferences(signature) }
        } catch var error as XMLParseError {
            error.fileName = fileName
            state = .failed
            stopPosition = error.position
            throw error
        }
        let held = heldBytes
        heldBytes.removeAll(keepingCapacity: true)
        if inputStage != nil {
            unsafe try held.withUnsafeBytes { unsafe try feedThroughStage($0, isFinal: false) }
        } else {
            unsafe try held.withUnsafeBytes { unsafe try feedExpat($0) }
        }
    }

    /// Settles how expat reads a document with this signature. The caller's override
    /// decides alone (the parser was made with it); so does a stage from the options.
    func chooseReading(for signature: EncodingSignature) throws {
        guard inputStage == nil else { return }
        // A single-byte encoding: columns count bytes, names decode through its table.
        let declared = signature.family == .asciiCompatible && signature.byteOrderMarkLength == 0 ? signature.declaredLabel : nil
        let chosen = (options.encoding?.rawValue ?? declared).flatMap(EncodingResolver.resolve)
        switch chosen {
        case .singleByte(let table)?: singleByteUpperHalf = table.upperHalf
        case .native("ISO-8859-1")?, .native("US-ASCII")?: singleByteUpperHalf = (0x80...0xFF).map { Int32($0) }
        default: break
        }
        switch signature.family {
        case .utf32(let bigEndian):
            guard options.encoding == nil else { return }
            // The byte order named, not iconv's "UTF-32": a conversion that restarts mid-file
            // (for a position) would take the machine's order. A byte-order mark then reaches
            // expat as UTF-8's, which it skips.
            let name = bigEndian ? "UTF-32BE" : "UTF-32LE"
            try startTranscoding(name, as: "UTF-32")
        case .utf32UnusualOrder(let order):
            guard options.encoding == nil else { return }
            throw XMLParseError(code: .unknownEncoding, message: Self.unusualOrderMessage(order), position: .start)
        case .ebcdic:
            guard options.encoding == nil else { return }
            // The declaration names the code page; IBM037's characters are the ones it uses.
            let label = signature.declaredLabel ?? "IBM037"
            guard case .transcoded(let name)? = EncodingResolver.resolve(label) else {
                throw XMLParseError(code: .unknownEncoding, message: Self.unknownEncodingMessage(label), position: .start)
            }
            try startTranscoding(name, as: label)
        case .utf16(let bigEndian):
            guard options.encoding == nil else { return }
            // expat reads UTF-16 itself, but knows only its own spellings of the name.
            guard let label = signature.declaredLabel, !Self.isExpatSpelling(label) else { return }
            guard case .native(let name)? = EncodingResolver.resolve(label), name.hasPrefix("UTF-16") else {
                encodingConflict = Self.utf16Conflict(label)
                return
            }
            let encoding = signature.byteOrderMarkLength > 0 ? "UTF-16" : bigEndian ? "UTF-16BE" : "UTF-16LE"
            _ = unsafe XML_SetEncoding(parser, encoding)
        case .asciiCompatible:
            guard options.encoding == nil, let label = signature.declaredLabel, !Self.isExpatSpelling(label) else { return }
            // Without a byte-order mark the declaration was resolved above.
            switch signature.byteOrderMarkLength == 0 ? chosen : EncodingResolver.resolve(label) {
            case .native(let name)?:
                // A UTF-16 label on bytes that are not UTF-16 is expat's to refuse; after a
                // UTF-8 byte-order mark only UTF-8 (and ASCII, its subset) can be meant.
                if name.hasPrefix("UTF-16") { return }
                if signature.byteOrderMarkLength > 0 && name == "ISO-8859-1" {
                    encodingConflict = Self.byteOrderMarkConflict(label)
                    return
                }
                _ = unsafe XML_SetEncoding(parser, signature.byteOrderMarkLength > 0 ? "UTF-8" : name)
            case .transcoded(let name)?:
                if signature.byteOrderMarkLength > 0 {
                    encodingConflict = Self.byteOrderMarkConflict(label)
                    return
                }
                try startTranscoding(name, as: label)
            case .singleByte?, nil:
                // expat asks for the table by the declared name (`ExpatCallbacks.unknownEncoding`),
                // or stops with the unknown encoding named.
                return
            }
        }
    }

    /// Puts the control-reference stage in front of expat (``XMLParserOptions/readsControlCharacterReferences``;
    /// the recovering stage reads the references itself), after the transcoding stage if
    /// there is one. Its lexer reads ASCII, so UTF-16 is transcoded to UTF-8 for it.
    func startReadingControlReferences(_ signature: EncodingSignature) throws {
        guard !(inputStage is ControlReferenceInput) else { return }
        if inputStage == nil && encodingConflict == nil, let name = utf16Name(signature) {
            try startTranscoding(name, as: signature.declaredLabel ?? options.encoding?.rawValue ?? name)
        }
        let transcoding = inputStage as? TranscodingInput
        let stage = ControlReferenceInput(inner: transcoding, utf8: transcoding != nil || singleByteUpperHalf == nil)
        inputStage = stage
        controlReferenceOffsets = stage.offsets
    }

    /// The byte order iconv is to read, when expat would read the document as UTF-16.
    private func utf16Name(_ signature: EncodingSignature) -> String? {
        let signatureName: String?
        if case .utf16(let bigEndian) = signature.family { signatureName = bigEndian ? "UTF-16BE" : "UTF-16LE" } else { signatureName = nil }
        guard let override = options.encoding else { return signatureName }
        guard case .native(let name)? = EncodingResolver.resolve(override.rawValue), name.hasPrefix("UTF-16") else { return nil }
        // expat reads "UTF-16" without a byte-order mark as big-endian.
        return name == "UTF-16" ? signatureName ?? "UTF-16BE" : name
    }

    /// The error message for a UTF-8 byte-order mark before a declaration of another
    /// encoding, in `subject` (the document, or the DTD).
    static func byteOrderMarkConflict(_ label: String, subject: String = "document") -> String {
        "the \(subject) starts with a UTF-8 byte-order mark but declares \(label); remove the mark or declare UTF-8 (or convert the file)"
    }

    /// The error message for bytes in UTF-16 under a declaration of another encoding.
    static func utf16Conflict(_ label: String, subject: String = "document") -> String {
        "the \(subject) is in UTF-16 but declares \(label); declare UTF-16, or convert the file"
    }

    /// The error message for UTF-32 in an octet order iconv does not read.
    static func unusualOrderMessage(_ order: String, subject: String = "document") -> String {
        "the \(subject) is in UTF-32 with the unusual octet order \(order), which cannot be read; convert it to UTF-8"
    }

    /// Whether expat knows this name itself (it compares without regard to case).
    static func isExpatSpelling(_ name: String) -> Bool {
        XMLEncodingName.expatEncodings.contains(name.asciiUppercased)
    }

    /// Puts a transcoding stage in front of expat for this document, and tells expat to read
    /// UTF-8 whatever the declaration it will see says. `label` is the name the document
    /// gives the encoding; `encoding` iconv's.
    func startTranscoding(_ encoding: String, as label: String) throws {
        guard let stage = TranscodingInput(encoding: encoding, name: label) else {
            throw XMLParseError(code: .unknownEncoding, message: Self.unknownEncodingMessage(label), position: .start)
        }
        inputStage = stage
        transcodedOffsets = stage.offsets
        _ = unsafe XML_SetEncoding(parser, "UTF-8")
    }

    /// The error message for an encoding nothing here reads.
    static func unknownEncodingMessage(
        _ name: String,
        advice: String = "if the bytes are in an encoding they know, name it in XMLParserOptions.encoding, or read the document with recovery"
    ) -> String {
        "unknown encoding \"\(name)\": neither expat, the package's tables nor the system's iconv read it; \(advice)"
    }

    // MARK: - Offsets of a transcoded document

    /// The input's byte offset for one of expat's (they differ when the document is transcoded).
    func inputByteOffset(_ expatOffset: Int64) -> Int64 {
        guard let transcodedOffsets else {
            return options.readsControlCharacterReferences ? stageOutputOffset(expatOffset) : expatOffset
        }
        return transcodedOffsets.inputOffset(forOutput: stageOutputOffset(expatOffset))
    }

    /// For one of expat's byte offsets, the offset in what the transcoding stage handed on
    /// (they differ when control-character references were rewritten after it).
    @inline(never)
    func stageOutputOffset(_ expatOffset: Int64) -> Int64 {
        guard options.readsControlCharacterReferences, let controlReferenceOffsets else { return expatOffset }
        return controlReferenceOffsets.inputOffset(forOutput: expatOffset)
    }

    /// A column of expat's at one of its byte offsets, as in the input (rewritten
    /// control-character references before it on its line made it larger).
    @inline(__always)
    func inputColumn(_ column: Int, onLine line: Int, atOutput expatOffset: Int64) -> Int {
        // The option first: a plain read, where the property's is checked for exclusivity.
        guard options.readsControlCharacterReferences, let controlReferenceOffsets else { return column }
        return max(1, column - controlReferenceOffsets.addedColumns(onLine: line, atOutput: expatOffset))
    }

    /// After expat has read what the transcoding stage handed on: lets go of the input
    /// behind the token expat has not finished, since no position before it will be asked
    /// (the open elements were pinned after each call into expat).
    func releaseTranscodedInput() {
        // Paused by the pull reader, expat resumes at the current event: nothing before it
        // will be asked either.
        guard transcodedOffsets != nil || controlReferenceOffsets != nil, state == .parsing || state == .suspended else { return }
        let pending = bytesFed - Int64(pendingTokenBytes)
        transcodedOffsets?.discard(beforeOutput: stageOutputOffset(pending))
        // Kept a little further back, for an error's excerpt (see expatError()).
        controlReferenceOffsets?.discard(beforeOutput: pending - 64)
    }
}
