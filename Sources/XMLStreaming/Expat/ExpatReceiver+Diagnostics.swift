internal import CExpat
internal import XMLSyntax

// Diagnostics: expat's errors as XMLParseError, with the encoding guessed at, the entity
// named, and the element left open.
extension ExpatReceiver {
    /// The error to throw after expat returned `XML_STATUS_ERROR`.
    func failure() -> any Error {
        state = .failed
        if let pendingError { return pendingError }
        let error = expatError()
        stopPosition = error.position
        return error
    }

    /// expat's current error as an `XMLParseError`, with the position, excerpt and, for bytes
    /// that are not valid in the document's encoding, an explanation.
    func expatError() -> XMLParseError {
        let code = unsafe XML_GetErrorCode(parser)
        var position = currentPosition()
        var message = unsafe XML_ErrorString(code).map { unsafe String(cString: $0) } ?? "unknown error"
        var errorCode = XMLParseError.Code(rawValue: Int32(code.rawValue))
        let context = unsafe inputContext()
        // Where the caret goes in the excerpt: the error's offset in `context`.
        var excerptOffset = unsafe context?.offset ?? 0
        if code == XML_ERROR_INVALID_TOKEN || code == XML_ERROR_BAD_CHAR_REF, let stop = controlReferenceOffsets?.stop,
            unsafe Int64(XML_GetCurrentByteIndex(parser)) == stop.outputOffset
        {
            // Where the control-reference stage stopped (see ControlReferenceInput).
            errorCode = .reservedCharacter
            message = Self.reservedCharacterMessage(stop)
        } else if code == XML_ERROR_INVALID_TOKEN, let transcodedOffsets, let bad = transcodedOffsets.invalidSequence,
            unsafe stageOutputOffset(Int64(XML_GetCurrentByteIndex(parser))) == bad.outputOffset
        {
            // Where the transcoding stage stopped (see TranscodingInput).
            position.byteOffset = bad.inputOffset
            errorCode = .invalidEncoding
            message = Self.invalidSequenceMessage(bad, encoding: transcodedOffsets.encodingName)
        } else if code == XML_ERROR_UNKNOWN_ENCODING {
            message = encodingConflict ?? Self.unknownEncodingMessage(options.encoding?.rawValue ?? declaredEncoding ?? "")
        } else if code == XML_ERROR_NO_ELEMENTS, !openElementOffsets.isEmpty {
            // The input ended inside an element: say which, and where it began.
            message = unclosedElementMessage()
        } else if code == XML_ERROR_INVALID_TOKEN || code == XML_ERROR_PARTIAL_CHAR,
            let context = unsafe context, let bad = unsafe EncodingDiagnosis.firstInvalidUTF8(in: context.bytes, from: context.offset),
            !inputIsUTF16, options.encoding == nil || options.encoding == .utf8,
            declaredEncoding.map(Self.isUTF8) ?? true
        {
            let absolute = unsafe position.byteOffset + Int64(bad.offset - context.offset)
            position.byteOffset = absolute
            errorCode = .invalidEncoding
            message = EncodingDiagnosis.message(byte: bad.byte, offset: absolute, declared: declaredEncoding)
            excerptOffset = bad.offset
        } else if code == XML_ERROR_INVALID_TOKEN, !inputIsUTF16, let context = unsafe context,
            let ampersand = unsafe Self.unfinishedReference(in: context.bytes, before: context.offset)
        {
            // expat points after the `&` (and the name after it): the error is the `&`.
            let skipped = unsafe UnsafeBufferPointer(rebasing: context.bytes[ampersand..<context.offset])
            position.column = unsafe max(1, position.column - characterCount(skipped))
            position.byteOffset = unsafe inputByteOffset(max(0, Int64(XML_GetCurrentByteIndex(parser)) - Int64(skipped.count)))
            excerptOffset = ampersand
            message =
                skipped.count == 1
                ? "not well-formed: & begins no entity reference (write &amp; for the character)"
                : unsafe "not well-formed: the entity reference \(String(decoding: skipped, as: UTF8.self)) does not end with ; "
                    + "(write &amp; for the character)"
        } else if code == XML_ERROR_UNDEFINED_ENTITY, let context = unsafe context,
            let name = unsafe decodedEntityName(in: context.bytes, at: context.offset)
        {
            // expat's message does not say which: the reference starts where the error is.
            // A declared entity's is inside its text, which expat reports at the outer reference.
            if declaredGeneralEntities.contains(name), let inner = undeclaredReference(through: name) {
                message += " &\(inner); (in the text of entity &\(name);)"
            } else {
                message += " &\(name);"
            }
        } else if code == XML_ERROR_ENTITY_DECLARED_IN_PE, let context = unsafe context,
            let name = unsafe decodedEntityName(in: context.bytes, at: context.offset)
        {
            message = "entity &\(name); is declared in the external DTD or in a parameter entity, which a document that says "
                + "standalone=\"yes\" may not reference (WFC: Entity Declared)"
        } else if code == XML_ERROR_UNBOUND_PREFIX, let context = unsafe context, unsafe context.offset < context.bytes.count,
            let named = unboundPrefixMessage(inTag: unsafe decodedTail(context.bytes, from: context.offset))
        {
            message = named
        } else if code == XML_ERROR_AMPLIFICATION_LIMIT_BREACH {
            message += " (entity expansion exceeds \(options.limits.maximumAmplification)x the input)"
        }
        // In UTF-8: the bytes expat holds are decoded first where they are not.
        var excerpt = unsafe context.flatMap { context in
            let decoded = unsafe decodedContext(context.bytes, around: excerptOffset)
            return unsafe decoded.bytes.withUnsafeBufferPointer { unsafe EncodingDiagnosis.excerpt(of: $0, around: decoded.offset) }
        }
        // Where the control-reference stage rewrote what expat holds, it is not the input's
        // (an excerpt reaches at most 60 bytes either side of its caret).
        if let controlReferenceOffsets, excerpt != nil, let context = unsafe context {
            let caret = unsafe Int64(XML_GetCurrentByteIndex(parser)) + Int64(excerptOffset - context.offset)
            if controlReferenceOffsets.changes(outputFrom: caret - 64, to: caret + 64) { excerpt = nil }
        }
        return XMLParseError(
            code: errorCode, message: message, position: position, fileName: fileName, excerpt: excerpt?.text,
            excerptColumn: excerpt?.column)
    }

    /// The bytes expat holds around `offset` of `bytes`, in UTF-8 (decoded from UTF-16 or a
    /// single-byte encoding, a window of them), and where `offset` is in them.
    func decodedContext(_ bytes: UnsafeBufferPointer<UInt8>, around offset: Int) -> (bytes: [UInt8], offset: Int) {
        guard offset >= 0, offset <= bytes.count else { return ([], 0) }
        // Whole characters of UTF-16: the window starts an even distance before `offset`.
        let unit = inputIsUTF16 ? 2 : 1
        let start = offset - min(offset, 256 * unit) / unit * unit
        let end = min(bytes.count, offset + 65_536 * unit)
        // Invariant: 0 <= start <= offset <= end <= bytes.count (checked above for offset),
        // so every slice below is in bounds.
        guard !contextIsUTF8 else { return unsafe (Array(bytes[start..<end]), offset - start) }
        let before = unsafe utf8(of: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        let after = unsafe utf8(of: UnsafeBufferPointer(rebasing: bytes[offset..<end]))
        return (before + after, before.count)
    }

    /// The bytes expat holds from `offset` on, in UTF-8 (a window of them).
    func decodedTail(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> [UInt8] {
        let decoded = unsafe decodedContext(bytes, around: offset)
        return Array(decoded.bytes[decoded.offset...])
    }

    /// ``entityName(in:at:)`` read in UTF-8, whatever bytes expat holds.
    func decodedEntityName(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String? {
        let decoded = unsafe decodedContext(bytes, around: offset)
        return unsafe decoded.bytes.withUnsafeBufferPointer { unsafe Self.entityName(in: $0, at: decoded.offset) }
    }

    /// Names a character reserved while control-character references are read.
    static func reservedCharacterMessage(_ stop: ControlReferenceOffsets.Stop) -> String {
        let name = "U+" + String(stop.scalar, radix: 16, uppercase: true)
        let written = stop.isReference ? "a reference to \(name)" : "the character \(name)"
        return "\(written) cannot be read while control-character references are: U+FDD0 to U+FDEF carry them "
            + "(readsControlCharacterReferences); read the document without that option"
    }

    /// Where the `&` is, when the bytes before `offset` are `&` and a name (or nothing): a
    /// reference expat found unfinished at `offset`.
    static func unfinishedReference(in bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> Int? {
        var i = offset - 1
        while i >= 0 && offset - i <= 256 {
            let byte = unsafe bytes[i]
            if byte == UInt8(ascii: "&") { return i }
            // A name's bytes: ASCII letters, digits, `.`, `-`, `_`, `:`, and anything beyond ASCII.
            let isNameByte =
                byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x3A)
                || byte == 0x2E || byte == 0x2D || byte == 0x5F
            guard isNameByte else { return nil }
            i -= 1
        }
        return nil
    }

    /// Names the bytes a transcoded document's encoding does not allow.
    static func invalidSequenceMessage(_ bad: TranscodedOffsets.InvalidSequence, encoding: String) -> String {
        // Where the wrong sequence ends is not known: two bytes show it (four in UTF-32).
        let key = EncodingResolver.looseKey(encoding)
        let shown = bad.bytes.prefix(key.hasPrefix("utf32") || key.hasPrefix("ucs4") ? 4 : 2)
        let hex = shown.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        if bad.truncated {
            return "the input ends inside a character of \(encoding) (bytes \(hex) at offset \(bad.inputOffset))"
        }
        return "the bytes \(hex) at offset \(bad.inputOffset) are not a character of \(encoding), "
            + "which the document is read in; declare the encoding it was saved in, or convert the file"
    }

    /// The name of the entity reference `&name;` that starts at `offset`, when it is one
    /// (at most 256 bytes of UTF-8 up to the `;`).
    static func entityName(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String? {
        guard offset < bytes.count else { return nil }
        guard unsafe bytes[offset] == UInt8(ascii: "&") else {
            // In an attribute value expat points at the tag: the first reference in it that is
            // neither a character reference nor one of XML's five is the one.
            var i = offset
            while i < bytes.count, i - offset < 65_536, unsafe bytes[i] != UInt8(ascii: ">") {
                if unsafe bytes[i] == UInt8(ascii: "&"), i + 1 < bytes.count, unsafe bytes[i + 1] != UInt8(ascii: "#"),
                    let name = unsafe entityName(in: bytes, at: i), !["lt", "gt", "amp", "apos", "quot"].contains(name)
                {
                    return name
                }
                i += 1
            }
            return nil
        }
        return unsafe referenceName(in: bytes, at: offset).flatMap { unsafe String(validating: $0, as: UTF8.self) }
    }

    /// The bytes of the name of the reference (`&name;` or `%name;`) whose `&` or `%` is at
    /// `offset` of `bytes`, to its `;`: `nil` when a character no name holds, or the end of
    /// the bytes, comes first, or the name is empty or longer than 256 bytes.
    static func referenceName(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UnsafeBufferPointer<UInt8>? {
        // Invariant: every index read is below bytes.count, checked before the read, and at or
        // past offset + 1 (callers pass 0 <= offset); the slice returned lies between them.
        let start = offset + 1
        var end = start
        while end < bytes.count, end - start < 256, unsafe bytes[end] != UInt8(ascii: ";") {
            // Characters no name holds end the search: this is no reference.
            if unsafe [0x20, 0x09, 0x0A, 0x0D, 0x3C, 0x26, 0x22, 0x27].contains(bytes[end]) { return nil }
            end += 1
        }
        guard end < bytes.count, unsafe bytes[end] == UInt8(ascii: ";"), end > start else { return nil }
        return unsafe UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
