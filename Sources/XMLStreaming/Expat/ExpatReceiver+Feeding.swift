internal import CExpat
internal import XMLSyntax

// Feeding expat: the four-byte hold-back for encoding detection, the big-token policy for
// expat before 2.6, suspension and resumption, and the end of the document.
extension ExpatReceiver {
    // MARK: - Feeding

    /// Prepares for input; emits the start of the document once.
    func begin() throws {
        precondition(!isInsideExpat, "a parser cannot be fed, finished or reset from inside one of its own callbacks")
        switch state {
        case .ready:
            state = .parsing
            if !documentStarted {
                documentStarted = true
                do { try dispatch(HandlerEvents.StartDocument(locator: XMLLocator(link: locatorLink))) } catch {
                    state = .failed
                    stopPosition = .start
                    throw error
                }
                afterEvent()
            }
        case .parsing, .suspended: break
        case .finished, .failed:
            throw XMLParseError(
                code: .finished, message: "the parser has finished this document; call reset() to parse another",
                position: currentPosition(), fileName: fileName)
        }
    }

    /// Hands `bytes` to expat, in pieces of at most the chunk size, holding bytes back
    /// while a large token is pending on an expat without reparse deferral.
    func feed(_ bytes: UnsafeRawBufferPointer) throws {
        try begin()
        guard state == .parsing else { return }
        if inputStage != nil {
            unsafe try feedThroughStage(bytes, isFinal: false)
        } else {
            unsafe try feedExpat(bytes)
        }
    }

    /// Hands `bytes` to expat, in pieces of at most the chunk size, holding bytes back
    /// while a large token is pending on an expat without reparse deferral.
    func feedExpat(_ bytes: UnsafeRawBufferPointer) throws {
        // The first bytes wait until they say what the encoding is; expat then sees at least
        // four at once (it decides UTF-16 without a byte-order mark from them), however the
        // input is cut.
        if !encodingDecided {
            unsafe try feedUndecided(bytes, isFinal: false)
            return
        }
        // The pull reader paused expat inside an earlier piece of this delivery (an input
        // stage can hand on several): the rest waits, in order, for the next feed or finish.
        if state == .suspended {
            unsafe heldBytes.append(contentsOf: bytes)
            return
        }
        var rest = unsafe bytes
        if !heldBytes.isEmpty || mustDefer(adding: rest.count) {
            unsafe heldBytes.append(contentsOf: rest)
            if heldBytes.count < pendingTokenBytes { return }
            try feedHeldBytes()
            return
        }
        while unsafe !rest.isEmpty {
            let size = min(rest.count, max(options.chunkSize, pendingTokenBytes))
            unsafe try feedDirectly(UnsafeRawBufferPointer(rebasing: rest[..<size]), isFinal: false)
            unsafe rest = UnsafeRawBufferPointer(rebasing: rest[size...])
            if unsafe !rest.isEmpty && (state == .suspended || mustDefer(adding: rest.count)) {
                unsafe heldBytes.append(contentsOf: rest)
                return
            }
        }
    }

    /// Reads input straight into expat's buffer, `capacity` bytes at most; `fill` returns
    /// how many it wrote (0 at the end of input). Returns that count. The capacity grows
    /// with a pending token, so a token spanning many reads is scanned O(1) times.
    func feed(fillingUpTo capacity: Int, _ fill: (UnsafeMutableRawBufferPointer) throws -> Int) throws -> Int {
        try begin()
        guard state == .parsing else { return 0 }
        if inputStage != nil {
            if stageInput.count < capacity { stageInput = [UInt8](repeating: 0, count: capacity) }
            let count = unsafe try stageInput.withUnsafeMutableBytes { unsafe try fill(UnsafeMutableRawBufferPointer(rebasing: $0[..<capacity])) }
            if count == 0 { return 0 }
            unsafe try stageInput.withUnsafeBytes { unsafe try feedThroughStage(UnsafeRawBufferPointer(rebasing: $0[..<count]), isFinal: false) }
            return count
        }
        if !encodingDecided {
            // The first bytes decide the encoding (see feedUndecided).
            var first = [UInt8](repeating: 0, count: capacity)
            let count = unsafe try first.withUnsafeMutableBytes { unsafe try fill($0) }
            if count == 0 { return 0 }
            unsafe try first.withUnsafeBytes { unsafe try feedUndecided(UnsafeRawBufferPointer(rebasing: $0[..<count]), isFinal: false) }
            return count
        }
        if !heldBytes.isEmpty { try feedHeldBytes() }
        let size = max(capacity, hasNativeReparseDeferral ? 0 : pendingTokenBytes)
        guard let buffer = unsafe XML_GetBuffer(parser, Int32(clamping: size)) else { throw expatError() }
        let count = unsafe try fill(UnsafeMutableRawBufferPointer(start: buffer, count: size))
        if count == 0 { return 0 }
        unsafe noteFirstBytes(UnsafeRawBufferPointer(start: buffer, count: count))
        try parse(count: count, isFinal: false)
        return count
    }

    /// Ends the document: parses whatever is left and reports the end of the document.
    func finish() throws {
        try begin()
        guard state == .parsing else { return }
        if !encodingDecided && inputStage == nil {
            unsafe try feedUndecided(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
            guard state == .parsing else { return }
        }
        if inputStage != nil {
            unsafe try feedThroughStage(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
            guard state == .parsing else { return }
        }
        if !heldBytes.isEmpty {
            try feedHeldBytes()
            guard state == .parsing else { return }
        }
        try parse(count: 0, isFinal: true)
    }

    /// Runs `bytes` through the input stage, reports its repairs, and hands expat what it
    /// passes on.
    func feedThroughStage(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) throws {
        // Out of the receiver while it runs: the handler, called inside, finds no access to
        // it in progress.
        guard var stage = inputStage.take() else { return }
        defer { inputStage = stage }
        // The stage settles the encoding: expat reads what it hands on as it is.
        encodingDecided = true
        var handedOn = false
        do {
            unsafe try stage.process(bytes, isFinal: isFinal) { repairs, output in
                do {
                    for repair in repairs { try report(repair) }
                    unsafe try feedExpat(output)
                    releaseTranscodedInput()
                } catch {
                    handedOn = true
                    throw error
                }
            }
        } catch var error as XMLParseError where !handedOn {
            // The stage's own error (a limit), positioned in the input.
            error.fileName = fileName
            state = .failed
            stopPosition = error.position
            throw error
        }
    }

    /// Keeps and reports a repair the input stage made.
    func report(_ repair: XMLRepair) throws {
        repairCount += 1
        if repairs.count < recordedRepairLimit { repairs.append(repair) }
        do { try dispatch(HandlerEvents.Repaired(repair: repair)) } catch {
            state = .failed
            stopPosition = XMLPosition(line: repair.line, column: repair.column, byteOffset: currentPosition().byteOffset)
            throw error
        }
    }

    func feedDirectly(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) throws {
        guard unsafe !bytes.isEmpty else { return }
        guard let buffer = unsafe XML_GetBuffer(parser, Int32(clamping: bytes.count)) else { throw expatError() }
        unsafe buffer.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        unsafe noteFirstBytes(UnsafeRawBufferPointer(start: buffer, count: bytes.count))
        try parse(count: bytes.count, isFinal: isFinal)
    }

    /// Hands expat the bytes held back (the first bytes, or a large pending token's), in
    /// order, and forgets them.
    func feedHeldBytes() throws {
        let held = heldBytes
        heldBytes.removeAll(keepingCapacity: true)
        unsafe try held.withUnsafeBytes { unsafe try feedDirectly($0, isFinal: false) }
    }

    /// Looks at the start of the input for the signs of an encoding other than UTF-8.
    func noteFirstBytes(_ bytes: UnsafeRawBufferPointer) {
        guard bytesFed == 0, bytes.count >= 2 else { return }
        let (a, b) = unsafe (bytes[0], bytes[1])
        if (a == 0xFF && b == 0xFE) || (a == 0xFE && b == 0xFF) || a == 0 || b == 0 {
            inputIsUTF16 = true
            inputIsLittleEndian = (a == 0xFF && b == 0xFE) || (a != 0 && b == 0)
            valuesMayOutgrowTags = true
        }
        let declared = options.encoding?.rawValue
        if (a == 0xFF && b == 0xFE) || (a == 0xFE && b == 0xFF) {
            startsWithByteOrderMark = declared.map { name in
                let upper = name.asciiUppercased
                return upper.hasPrefix("UTF-16") || upper.hasPrefix("UTF16")
            } ?? true
        } else if bytes.count >= 3, a == 0xEF, b == 0xBB, unsafe bytes[2] == 0xBF {
            // A transcoding stage writes the input's mark (UTF-16's, UTF-32's) in UTF-8.
            startsWithByteOrderMark = transcodedOffsets != nil || (declared.map(Self.isUTF8) ?? true)
        }
        if let encoding = options.encoding, !Self.isUTF8(encoding.rawValue) { valuesMayOutgrowTags = true }
    }

    static func isUTF8(_ name: String) -> Bool {
        let upper = name.asciiUppercased
        return upper == "UTF-8" || upper == "UTF8" || upper == "US-ASCII" || upper == "ASCII"
    }

    /// Bytes of the token expat has begun but not finished.
    var pendingTokenBytes: Int {
        let index = unsafe XML_GetCurrentByteIndex(parser)
        guard index >= 0 else { return 0 }
        return Int(bytesFed - Int64(index))
    }

    /// Whether to hold bytes back: only on an expat that re-scans, and only for a pending
    /// token larger than a chunk, until the new bytes at least match it.
    func mustDefer(adding count: Int) -> Bool {
        guard !hasNativeReparseDeferral else { return false }
        let pending = pendingTokenBytes
        return pending > options.chunkSize && count < pending
    }

    /// The one place that calls `XML_ParseBuffer` and turns its status into Swift.
    func parse(count: Int, isFinal: Bool) throws {
        bytesFed += Int64(count)
        // The stage's input: a rewritten control-character reference is longer for expat,
        // never shorter (but where the stage stopped), so the check runs past the limit.
        if let limit = options.limits.maximumInputSize, bytesFed > limit,
            controlReferenceOffsets.map({ $0.inputOffset(forOutput: bytesFed) > limit }) ?? true
        {
            fail(
                limitError(
                    .inputTooLarge, "the input is larger than the limit of \(limit) bytes",
                    at: currentPosition()))
            state = .failed
            throw pendingError!
        }
        isInsideExpat = true
        expatParseCalls += 1
        // XML_ParseBuffer needs a prior XML_GetBuffer; the final empty call goes through XML_Parse.
        let status =
            unsafe count == 0 ? XML_Parse(parser, nil, 0, isFinal ? 1 : 0) : XML_ParseBuffer(parser, Int32(count), isFinal ? 1 : 0)
        isInsideExpat = false
        suspendRequested = false
        pinOpenElements()
        try handle(status, isFinal: isFinal)
    }

    func handle(_ status: XML_Status, isFinal: Bool) throws {
        switch status {
        case XML_STATUS_OK:
            try checkPendingToken()
            if isFinal { try completeDocument() }
        case XML_STATUS_SUSPENDED:
            state = .suspended
        default:
            throw failure()
        }
    }

    /// Resumes after a suspension (the pull reader's); the state tells whether expat
    /// suspended again.
    func resume() throws {
        precondition(!isInsideExpat, "a parser cannot be resumed from inside one of its own callbacks")
        guard state == .suspended else { return }
        state = .parsing
        expatParseCalls += 1
        isInsideExpat = true
        let status = unsafe XML_ResumeParser(parser)
        isInsideExpat = false
        suspendRequested = false
        pinOpenElements()
        var parsing = XML_ParsingStatus()
        unsafe XML_GetParsingStatus(parser, &parsing)
        try handle(status, isFinal: parsing.finalBuffer != 0)
    }

    /// Asks expat to pause after the current callback; does nothing outside a callback.
    func requestSuspension() {
        guard isInsideExpat, !suspendRequested else { return }
        suspendRequested = true
        _ = unsafe XML_StopParser(parser, 1)
    }

    func completeDocument() throws {
        state = .finished
        do { try dispatch(HandlerEvents.EndDocument()) } catch {
            state = .failed
            stopPosition = currentPosition()
            throw error
        }
        afterEvent()
    }

    /// Stops a token that is growing past every per-item limit before expat finishes it.
    func checkPendingToken() throws {
        let limits = options.limits
        guard let name = limits.maximumNameLength, let value = limits.maximumAttributeValueLength,
            let text = limits.maximumTextLength
        else { return }
        // A comment or PI is bounded by the text limit, a tag by names plus values.
        let ceiling = max(name, value, text) &+ 4096
        let pending = pendingTokenBytes
        if pending > ceiling {
            let error = limitError(
                .tokenTooLarge,
                "a single unfinished token is \(pending) bytes, more than any name, attribute value or text may be",
                at: currentPosition())
            fail(error)
            state = .failed
            throw error
        }
    }
}
