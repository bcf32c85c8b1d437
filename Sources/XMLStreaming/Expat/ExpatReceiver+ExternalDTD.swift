internal import CExpat
internal import XMLSyntax

// The caller's external DTD (`XMLParserOptions.externalDTD`): expat asks for the external
// subset when the DOCTYPE ends (or, told there is a "foreign" one, before the root element),
// and a child parser it makes reads the caller's bytes. The child shares this receiver: its
// declarations reach the handler like the internal subset's, positioned in the DTD.
extension ExpatReceiver {
    /// Whether expat's request for an external entity is the one for the external subset,
    /// which the caller's DTD answers: the first request without a context (a parameter
    /// entity or the subset) naming the DOCTYPE's system ID, or none (the foreign DTD of a
    /// document whose DOCTYPE names no file, or that has none). A parameter entity of the
    /// internal subset naming another file is not loaded. (expat asks for either with no
    /// context, so one declared with the DOCTYPE's own system ID and referenced in the
    /// internal subset is taken for the subset: the caller's DTD is then read there, before
    /// the rest of the internal subset, whose declarations of an attribute or entity it
    /// already declared no longer bind.)
    final func isExternalSubsetRequest(context: UnsafePointer<XML_Char>?, systemID: UnsafePointer<XML_Char>?) -> Bool {
        guard options.externalDTD != nil, unsafe context == nil, !externalSubsetRead, pendingError == nil else { return false }
        guard let systemID = unsafe systemID else { return true }
        let requested = unsafe String(cString: systemID)
        return doctypeSystemID.map { $0.hasSameCodePoints(as: requested) } ?? false
    }

    /// Reads the caller's DTD with a child parser of `parser`, whose callbacks come back to
    /// this receiver. Returns expat's status: an error stops the document, with the error
    /// kept (the DTD's file could not be read, it is not well-formed, or a handler threw).
    final func readExternalSubset(_ parser: XML_Parser, context: UnsafePointer<XML_Char>?) -> Int32 {
        externalSubsetRead = true
        // Once expat has an external subset, it lets references to undeclared entities pass:
        // in content it reports them as skipped, in attribute values it drops them without a
        // word, so the receiver must look for them in the tags, as after a DOCTYPE's system ID.
        entitiesMayBeUndeclared = true
        guard let dtd = options.externalDTD else { return Int32(XML_STATUS_OK.rawValue) }
        let bytes: [UInt8]
        do {
            bytes = try dtd.read()
        } catch {
            fail(error)
            return Int32(XML_STATUS_ERROR.rawValue)
        }
        guard bytes.count <= Int(Int32.max) else {
            fail(limitError(.inputTooLarge, "the DTD \(dtd.name) is too large to read", at: currentPosition()))
            return Int32(XML_STATUS_ERROR.rawValue)
        }
        let decoded: ExternalDTDEncoding
        do {
            decoded = try ExternalDTDEncoding(bytes)
        } catch {
            var error = error
            error.fileName = dtd.name
            fail(error)
            return Int32(XML_STATUS_ERROR.rawValue)
        }
        guard let child = unsafe XML_ExternalEntityParserCreate(parser, context, decoded.expatEncoding) else {
            fail(
                XMLParseError(
                    code: .noMemory, message: "out of memory creating a parser for the DTD \(dtd.name)",
                    position: currentPosition(), fileName: fileName))
            return Int32(XML_STATUS_ERROR.rawValue)
        }
        // The child lives only for this call: freed on every path out of it, after the
        // receiver stopped pointing at it.
        defer { unsafe XML_ParserFree(child) }
        unsafe dtdParser = child
        dtdFileName = dtd.name
        dtdEncoding = decoded
        declarationScanFloor = -1
        defer {
            unsafe dtdParser = nil
            dtdFileName = nil
            dtdEncoding = nil
        }
        let spaced = ExpatDTDText(decoded.utf8, parameterEntities: parameterEntityValues)
        dtdSpacing = spaced.insertions.isEmpty ? nil : spaced
        defer { dtdSpacing = nil }
        // As `CChar`s, which `XML_Parse` takes, rather than the bytes' memory rebound: one
        // copy of a DTD, once per document.
        let text = spaced.bytes.map { CChar(bitPattern: $0) }
        let status = unsafe text.withUnsafeBufferPointer { unsafe XML_Parse(child, $0.baseAddress, Int32($0.count), 1) }
        if pendingError != nil { return Int32(XML_STATUS_ERROR.rawValue) }
        guard status == XML_STATUS_OK else {
            let code = unsafe XML_GetErrorCode(child)
            var message = unsafe XML_ErrorString(code).map { unsafe String(cString: $0) } ?? "error \(code.rawValue)"
            var errorCode = XMLParseError.Code(rawValue: Int32(code.rawValue))
            let index = unsafe Int(XML_GetCurrentByteIndex(child))
            if code == XML_ERROR_INVALID_TOKEN, let bad = decoded.invalidSequence,
                Int64(index - spaced.spaces(before: index, line: 0).all) == bad.outputOffset
            {
                // Where the conversion stopped (see TranscodingInput).
                message = bad.message
                errorCode = .invalidEncoding
            }
            // expat reads the DTD as a parameter entity: at the DTD's own end, its "incomplete
            // markup in parameter entity" is a declaration or conditional section left open.
            if code == XML_ERROR_INCOMPLETE_PE {
                let index = unsafe Int(XML_GetCurrentByteIndex(child))
                if index >= spaced.bytes.count {
                    message = "the DTD ends inside a declaration or a conditional section"
                } else if let (entity, inSection) = Self.parameterEntityReference(
                    spaced.bytes, at: index, parameterEntities: parameterEntityValues)
                {
                    message =
                        inSection
                        // expat ends the entity's text there as if the section had to close in it.
                        ? "parameter entity %\(entity); is referenced between declarations inside a conditional section, "
                            + "which the parser (expat) cannot read; write its declarations there, or reference it outside the section"
                        : "the text of parameter entity %\(entity); begins a declaration or a conditional section that does not "
                            + "end in it (WFC: PE Between Declarations)"
                }
            }
            fail(XMLParseError(code: errorCode, message: "in the DTD: \(message)", position: currentPosition(), fileName: dtd.name))
            return Int32(XML_STATUS_ERROR.rawValue)
        }
        // Read as written, in UTF-8.
        if decoded.expatEncoding != nil {
            let written = WrittenDTDCheck.issues(
                in: decoded.utf8, parameterEntities: parameterEntityValues, fileName: dtd.name, fileOffset: decoded.fileOffset)
            if let (position, entity) = written.notWellFormed {
                // Not well-formed: the parser read the entity's `]]>` as the section's end.
                fail(
                    XMLParseError(
                        code: .incompleteParameterEntity,
                        message: "in the DTD: the text of parameter entity %\(entity); ends a conditional section it does not "
                            + "begin (WFC: PE Between Declarations)", position: position, fileName: dtd.name))
                return Int32(XML_STATUS_ERROR.rawValue)
            }
            writtenDTDIssues = written.issues
        }
        return Int32(XML_STATUS_OK.rawValue)
    }

    /// The position in the DTD the child parser reads, during its events: its byte offset in
    /// the file, or (not `inFile`) in the UTF-8 the parser reads, as written.
    func externalSubsetPosition(_ child: XML_Parser, inFile: Bool = true) -> XMLPosition {
        var position = XMLPosition(
            line: unsafe Int(XML_GetCurrentLineNumber(child)), column: unsafe Int(XML_GetCurrentColumnNumber(child)) + 1,
            byteOffset: unsafe Int64(max(0, XML_GetCurrentByteIndex(child))))
        // In the DTD as the caller wrote it, without the spaces put before references.
        if let dtdSpacing {
            let spaces = dtdSpacing.spaces(before: Int(position.byteOffset), line: position.line)
            position.byteOffset -= Int64(spaces.all)
            position.column = max(1, position.column - spaces.onLine)
        }
        if inFile, let dtdEncoding { position.byteOffset = dtdEncoding.fileOffset(position.byteOffset) }
        return position
    }

    /// The name of the parameter entity referenced at `index` of a DTD, and whether the
    /// reference is inside a conditional section: more `<![` than `]]>` before it, as
    /// ``DTDTextScanner`` reads them (a keyword from a parameter entity read through
    /// `parameterEntities`).
    static func parameterEntityReference(
        _ bytes: [UInt8], at index: Int, parameterEntities: [String: String]
    ) -> (name: String, inSection: Bool)? {
        guard index >= 0, index < bytes.count, bytes[index] == UInt8(ascii: "%"),
            let end = bytes[index...].firstIndex(of: UInt8(ascii: ";"))
        else { return nil }
        var depth = 0
        var scanner = DTDTextScanner(bytes)
        scanning: while let token = scanner.next() {
            switch token {
            case .sectionStart(let start, let keyword, _):
                guard start < index else { break scanning }
                depth += 1
                if keyword.word(in: parameterEntities) == "IGNORE", let close = scanner.skipIgnoredSection(), close < index { depth -= 1 }
            case .sectionEnd(let offset):
                guard offset < index else { break scanning }
                depth = max(0, depth - 1)
            case .declaration(let declaration):
                guard declaration.start < index else { break scanning }
            case .reference(let offset, _):
                guard offset < index else { break scanning }
            }
        }
        return (String(decoding: bytes[(index + 1)..<end], as: UTF8.self), depth > 0)
    }
}
