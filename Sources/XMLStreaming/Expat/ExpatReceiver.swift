internal import CExpat
internal import XMLSyntax

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one `XML_Parser` and everything expat calls back into.
///
/// The only place (with `ExpatCallbacks.swift` and `XMLParseError+ExpatCodes.swift`) that
/// touches expat. Non-generic so the `@convention(c)` callbacks can reach it through the
/// user-data pointer; the handler is reached through the `on…` methods that a generic
/// subclass overrides (a C-convention closure that mentions a generic parameter crashed the
/// compiler when we tried it).
class ExpatReceiver {
    enum State { case ready, parsing, suspended, finished, failed }

    private(set) var parser: XML_Parser
    let options: XMLParserOptions
    var fileName: String?
    private(set) var state: State = .ready

    /// Everything the receiver knows about the document being read, reset by assignment
    /// (see ``ExpatDocumentState``). Unchecked exclusivity: no overlapping access, re-entrant
    /// calls included. Only this receiver's methods touch it, each access ends before a
    /// handler is called, and a handler cannot re-enter its parser (`isInsideExpat`).
    @exclusivity(unchecked) private var document = ExpatDocumentState()

    // The document's state by name, as the receiver's methods read and write it.
    private(set) var depth: Int {
        get { document.depth }
        _modify { yield &document.depth }
        set { document.depth = newValue }
    }
    private(set) var openElementOffsets: [Int64] {
        get { document.openElementOffsets }
        _modify { yield &document.openElementOffsets }
        set { document.openElementOffsets = newValue }
    }
    var sourceReader: UnclosedElementLocator.PositionalRead? {
        get { document.sourceReader }
        set { document.sourceReader = newValue }
    }
    private var inEmptyElementEnd: Bool {
        get { document.inEmptyElementEnd }
        set { document.inEmptyElementEnd = newValue }
    }
    private var textRun: Int {
        get { document.textRun }
        _modify { yield &document.textRun }
        set { document.textRun = newValue }
    }
    /// Bytes handed to expat in this document.
    private(set) var bytesFed: Int64 {
        get { document.bytesFed }
        _modify { yield &document.bytesFed }
        set { document.bytesFed = newValue }
    }
    private var documentStarted: Bool {
        get { document.documentStarted }
        set { document.documentStarted = newValue }
    }
    private var pendingError: (any Error)? {
        get { document.pendingError }
        set { document.pendingError = newValue }
    }
    private(set) var stopPosition: XMLPosition? {
        get { document.stopPosition }
        set { document.stopPosition = newValue }
    }
    private var declaredEncoding: String? {
        get { document.declaredEncoding }
        set { document.declaredEncoding = newValue }
    }
    private var inputIsUTF16: Bool {
        get { document.inputIsUTF16 }
        set { document.inputIsUTF16 = newValue }
    }
    private var inputIsLittleEndian: Bool {
        get { document.inputIsLittleEndian }
        set { document.inputIsLittleEndian = newValue }
    }
    private var startsWithByteOrderMark: Bool {
        get { document.startsWithByteOrderMark }
        set { document.startsWithByteOrderMark = newValue }
    }
    private var valuesMayOutgrowTags: Bool {
        get { document.valuesMayOutgrowTags }
        set { document.valuesMayOutgrowTags = newValue }
    }
    private var entitiesMayBeUndeclared: Bool {
        get { document.entitiesMayBeUndeclared }
        set { document.entitiesMayBeUndeclared = newValue }
    }
    private var declaredGeneralEntities: Set<String> {
        get { document.declaredGeneralEntities }
        _modify { yield &document.declaredGeneralEntities }
        set { document.declaredGeneralEntities = newValue }
    }
    private var heldBytes: [UInt8] {
        get { document.heldBytes }
        _modify { yield &document.heldBytes }
        set { document.heldBytes = newValue }
    }
    private var suspendRequested: Bool {
        get { document.suspendRequested }
        set { document.suspendRequested = newValue }
    }
    /// True while expat runs, so that suspension is requested only inside callbacks.
    private(set) var isInsideExpat = false

    /// Whether expat defers re-parsing of pending tokens itself (2.6 and later).
    private(set) var hasNativeReparseDeferral = false
    private var hashSalt: UInt = 0
    /// How many times expat was asked to parse new bytes (tests check the growth policy).
    private(set) var expatParseCalls = 0

    private var link: LocatorLink?

    /// The recovering reader's stages, when ``XMLParserOptions/recovery`` is set.
    private var recovering: RecoveringInput?
    /// Input read for the recovering stages before they hand it to expat.
    private var recoveryScratch: [UInt8] = []
    /// The first repairs, as many as the options keep.
    private(set) var repairs: [XMLRepair] {
        get { document.repairs }
        _modify { yield &document.repairs }
        set { document.repairs = newValue }
    }
    /// Every repair made in this document.
    private(set) var repairCount: Int {
        get { document.repairCount }
        _modify { yield &document.repairCount }
        set { document.repairCount = newValue }
    }

    /// Shared with every locator handed out; cleared in `deinit`.
    var locatorLink: LocatorLink {
        if let link { return link }
        let created = LocatorLink(receiver: self)
        link = created
        return created
    }

    // Settings read on every event, unpacked once.
    private let depthLimit: Int
    private let textLimit: Int
    /// A start tag shorter than this cannot hold a name or value over its limit.
    private let tagCheckThreshold: Int
    private let namespaced: Bool

    init(options: XMLParserOptions) {
        self.options = options
        depthLimit = options.limits.maximumDepth ?? .max
        textLimit = options.limits.maximumTextLength ?? .max
        tagCheckThreshold = min(options.limits.maximumNameLength ?? .max, options.limits.maximumAttributeValueLength ?? .max)
        namespaced = options.processesNamespaces
        if let recovery = options.recovery { recovering = RecoveringInput(options: options, recovery: recovery) }
        self.parser = Self.makeParser(options: options)
        configure()
    }

    deinit {
        link?.receiver = nil
        XML_ParserFree(parser)
    }

    /// The encoding expat is told to use: the recovering stages always hand it UTF-8.
    private static func expatEncoding(_ options: XMLParserOptions) -> String? {
        options.recovery != nil ? "UTF-8" : options.encoding?.rawValue
    }

    private static func makeParser(options: XMLParserOptions) -> XML_Parser {
        let encoding = expatEncoding(options)
        let created: XML_Parser? =
            options.processesNamespaces
            ? XML_ParserCreateNS(encoding, XML_Char(bitPattern: XMLName.separator))
            : XML_ParserCreate(encoding)
        guard let created else {
            // expat fails here only when malloc does; nothing sensible can continue.
            fatalError("expat could not allocate a parser: out of memory")
        }
        return created
    }

    /// Installs the handlers and every safety setting. Called at creation and after each
    /// `XML_ParserReset`, which clears them.
    private func configure() {
        XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        if options.processesNamespaces { XML_SetReturnNSTriplet(parser, 1) }
        // Safety: never load anything external, never parse parameter entities.
        XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
        XML_SetExternalEntityRefHandler(parser, ExpatCallbacks.externalEntityRef)
        let limits = options.limits
        _ = XML_SetBillionLaughsAttackProtectionMaximumAmplification(
            parser, max(1, limits.maximumAmplification))
        _ = XML_SetBillionLaughsAttackProtectionActivationThreshold(
            parser, CUnsignedLongLong(limits.amplificationActivationThreshold))
        hasNativeReparseDeferral = CExpat_EnableReparseDeferral(parser) == 1
        _ = CExpat_SetAllocationTracker(parser, 100, 64 * 1024 * 1024)
        hashSalt = UInt.random(in: 1...UInt.max)
        // expat refuses a salt only once parsing has begun; here it has not.
        precondition(XML_SetHashSalt(parser, hashSalt) == 1, "expat refused the hash salt")
        XML_SetUnknownEncodingHandler(parser, ExpatCallbacks.unknownEncoding, nil)

        XML_SetElementHandler(parser, ExpatCallbacks.startElement, ExpatCallbacks.endElement)
        XML_SetCharacterDataHandler(parser, ExpatCallbacks.characters)
        XML_SetCdataSectionHandler(parser, ExpatCallbacks.startCDATA, ExpatCallbacks.endCDATA)
        XML_SetCommentHandler(parser, ExpatCallbacks.comment)
        XML_SetProcessingInstructionHandler(parser, ExpatCallbacks.processingInstruction)
        XML_SetXmlDeclHandler(parser, ExpatCallbacks.xmlDeclaration)
        XML_SetDoctypeDeclHandler(parser, ExpatCallbacks.startDoctype, ExpatCallbacks.endDoctype)
        XML_SetSkippedEntityHandler(parser, ExpatCallbacks.skippedEntity)
        XML_SetEntityDeclHandler(parser, ExpatCallbacks.entityDeclaration)
        XML_SetNotationDeclHandler(parser, ExpatCallbacks.notationDeclaration)
        XML_SetAttlistDeclHandler(parser, ExpatCallbacks.attributeDeclaration)
        if options.processesNamespaces && options.reportsNamespacePrefixes {
            XML_SetNamespaceDeclHandler(parser, ExpatCallbacks.startNamespace, ExpatCallbacks.endNamespace)
        }
    }

    /// The random salt given to expat's hash tables (never 0, which would mean "pick one").
    var currentHashSalt: UInt { hashSalt }

    // MARK: - Overridden by the subclass that reaches a handler

    func onStartDocument() throws {}
    func onEndDocument() throws {}
    func onXMLDeclaration(_ declaration: XMLDeclaration) throws {}
    func onStartDoctype(_ doctype: XMLDoctype) throws {}
    func onEndDoctype() throws {}
    func onNotationDeclaration(_ notation: XMLNotation) throws {}
    func onAttributeDeclaration(_ declaration: XMLAttributeDeclaration) throws {}
    func onEntityDeclaration(_ declaration: XMLEntityDeclaration) throws {}
    func onStartElement(_ name: XMLName, _ attributes: XMLAttributes) throws {}
    func onEndElement(_ name: XMLName) throws {}
    func onCharacters(_ text: XMLStringView) throws {}
    func onStartCDATA() throws {}
    func onEndCDATA() throws {}
    func onComment(_ text: XMLStringView) throws {}
    func onProcessingInstruction(_ target: XMLStringView, _ data: XMLStringView) throws {}
    func onStartPrefixMapping(_ prefix: XMLStringView?, _ uri: XMLStringView?) throws {}
    func onEndPrefixMapping(_ prefix: XMLStringView?) throws {}
    func onSkippedEntity(_ name: XMLStringView, _ isParameterEntity: Bool) throws {}
    func onSkippedAttributeEntity(_ name: XMLStringView, _ attribute: XMLName, _ position: XMLPosition) throws {}
    func onRepair(_ repair: XMLRepair) throws {}
    /// Called after every event the handler saw, when ``wantsAfterEvent`` is set; the pull
    /// reader suspends here. (A flag rather than an empty default: the push path then pays
    /// no virtual call per event.)
    func afterEvent() {}
    /// Whether ``afterEvent()`` must be called; set by subclasses that override it.
    var wantsAfterEvent = false

    // MARK: - Position

    func currentPosition() -> XMLPosition {
        if let stopPosition, state == .failed { return stopPosition }
        if inEmptyElementEnd, let start = emptyElementStartPosition() { return start }
        let line = Int(XML_GetCurrentLineNumber(parser))
        return XMLPosition(line: line, column: expatColumn(onLine: line), byteOffset: Int64(max(0, XML_GetCurrentByteIndex(parser))))
    }

    /// expat's column, counted from 1 as ours are. expat counts a byte-order mark as a
    /// character of line 1 (`<x>` after one is at its column 2), so there it is one less.
    private func expatColumn(onLine line: Int) -> Int {
        let column = Int(XML_GetCurrentColumnNumber(parser)) + 1
        return line == 1 && startsWithByteOrderMark ? max(1, column - 1) : column
    }

    /// During the end event of `<odd/>`: where the tag starts. expat's position is the tag's
    /// end; the tag's bytes are still in its buffer, so the start is the end less the tag's
    /// characters (for a tag over several lines, the column comes from the text before it).
    private func emptyElementStartPosition() -> XMLPosition? {
        guard let startOffset = openElementOffsets.last, let context = inputContext() else { return nil }
        let endOffset = Int64(max(0, XML_GetCurrentByteIndex(parser)))
        let tagLength = Int(endOffset - startOffset)
        let tagStart = context.offset - tagLength
        guard tagLength >= 0, tagStart >= 0 else { return nil }
        let tag = UnsafeBufferPointer(rebasing: context.bytes[tagStart..<context.offset])
        let endLine = Int(XML_GetCurrentLineNumber(parser))
        let endColumn = expatColumn(onLine: endLine)
        let lineBreaks = lineBreakCount(tag)
        let characters = characterCount
        if lineBreaks == 0 {
            return XMLPosition(line: endLine, column: endColumn - characters(tag), byteOffset: startOffset)
        }
        // The column is the characters since the line break before the tag, if expat still
        // holds them.
        var lineStart = tagStart
        let unit = inputIsUTF16 ? 2 : 1
        while lineStart >= unit && !isLineFeed(context.bytes, at: lineStart - unit) { lineStart -= unit }
        guard lineStart > 0 || endOffset - Int64(context.offset) == 0 else { return nil }
        let before = UnsafeBufferPointer(rebasing: context.bytes[lineStart..<tagStart])
        let line = endLine - lineBreaks
        // On line 1 the bytes before the tag begin with the byte-order mark, if there is one.
        let column = characters(before) + (line == 1 && startsWithByteOrderMark ? 0 : 1)
        return XMLPosition(line: line, column: max(1, column), byteOffset: startOffset)
    }

    /// The characters of `bytes` as expat counts columns: UTF-8 sequences, or UTF-16 units
    /// less the second of each surrogate pair.
    private func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard inputIsUTF16 else { return bytes.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } }
        var count = 0
        var i = 0
        while i + 1 < bytes.count {
            let high = inputIsLittleEndian ? bytes[i + 1] : bytes[i]
            if high & 0xFC != 0xDC { count += 1 }
            i += 2
        }
        return count
    }

    /// Whether the character at byte `i` is a line feed (a whole UTF-16 unit in UTF-16).
    private func isLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard inputIsUTF16 else { return bytes[i] == 0x0A }
        guard i + 1 < bytes.count else { return false }
        return inputIsLittleEndian ? bytes[i] == 0x0A && bytes[i + 1] == 0 : bytes[i] == 0 && bytes[i + 1] == 0x0A
    }

    private func lineBreakCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let unit = inputIsUTF16 ? 2 : 1
        return stride(from: 0, to: bytes.count, by: unit).reduce(0) { isLineFeed(bytes, at: $1) ? $0 + 1 : $0 }
    }

    // MARK: - Feeding

    /// Prepares for input; emits the start of the document once.
    private func begin() throws {
        precondition(!isInsideExpat, "a parser cannot be fed, finished or reset from inside one of its own callbacks")
        switch state {
        case .ready:
            state = .parsing
            if !documentStarted {
                documentStarted = true
                do { try onStartDocument() } catch {
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
        if recovering != nil {
            try feedRepairing(bytes, isFinal: false)
        } else {
            try feedExpat(bytes)
        }
    }

    /// Hands `bytes` to expat, in pieces of at most the chunk size, holding bytes back
    /// while a large token is pending on an expat without reparse deferral.
    private func feedExpat(_ bytes: UnsafeRawBufferPointer) throws {
        // expat decides the encoding (UTF-16 without a byte-order mark among them) from the
        // first bytes it is given: it sees at least four at once, however the input is cut.
        if bytesFed == 0 && heldBytes.count + bytes.count < Self.encodingSignatureLength {
            heldBytes.append(contentsOf: bytes)
            return
        }
        var rest = bytes
        if !heldBytes.isEmpty || mustDefer(adding: rest.count) {
            heldBytes.append(contentsOf: rest)
            if heldBytes.count < pendingTokenBytes { return }
            try feedHeldBytes()
            return
        }
        while !rest.isEmpty {
            let size = min(rest.count, max(options.chunkSize, pendingTokenBytes))
            try feedDirectly(UnsafeRawBufferPointer(rebasing: rest[..<size]), isFinal: false)
            rest = UnsafeRawBufferPointer(rebasing: rest[size...])
            if !rest.isEmpty && mustDefer(adding: rest.count) {
                heldBytes.append(contentsOf: rest)
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
        if recovering != nil {
            if recoveryScratch.count < capacity { recoveryScratch = [UInt8](repeating: 0, count: capacity) }
            let count = try recoveryScratch.withUnsafeMutableBytes { try fill(UnsafeMutableRawBufferPointer(rebasing: $0[..<capacity])) }
            if count == 0 { return 0 }
            try recoveryScratch.withUnsafeBytes { try feedRepairing(UnsafeRawBufferPointer(rebasing: $0[..<count]), isFinal: false) }
            return count
        }
        if bytesFed == 0 {
            // The first bytes decide the encoding: gathered until there are four (see feedExpat).
            var first = [UInt8](repeating: 0, count: capacity)
            let count = try first.withUnsafeMutableBytes { try fill($0) }
            if count == 0 { return 0 }
            heldBytes.append(contentsOf: first[..<count])
            if heldBytes.count >= Self.encodingSignatureLength { try feedHeldBytes() }
            return count
        }
        if !heldBytes.isEmpty { try feedHeldBytes() }
        let size = max(capacity, hasNativeReparseDeferral ? 0 : pendingTokenBytes)
        guard let buffer = XML_GetBuffer(parser, Int32(clamping: size)) else { throw expatError() }
        let count = try fill(UnsafeMutableRawBufferPointer(start: buffer, count: size))
        if count == 0 { return 0 }
        noteFirstBytes(UnsafeRawBufferPointer(start: buffer, count: count))
        try parse(count: count, isFinal: false)
        return count
    }

    /// Ends the document: parses whatever is left and reports the end of the document.
    func finish() throws {
        try begin()
        guard state == .parsing else { return }
        if recovering != nil {
            try feedRepairing(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
            guard state == .parsing else { return }
        }
        if !heldBytes.isEmpty {
            try feedHeldBytes()
            guard state == .parsing else { return }
        }
        try parse(count: 0, isFinal: true)
    }

    /// Runs `bytes` through the recovering stages, reports their repairs, and hands expat
    /// the repaired text.
    private func feedRepairing(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) throws {
        let repaired: (output: [UInt8], repairs: [XMLRepair])
        do {
            repaired = try recovering!.repair(bytes, isFinal: isFinal)
        } catch var error as XMLParseError {
            error.fileName = fileName
            state = .failed
            stopPosition = error.position
            throw error
        }
        for repair in repaired.repairs {
            repairCount += 1
            if repairs.count < options.recovery?.maximumRecordedRepairs ?? 0 { repairs.append(repair) }
            do { try onRepair(repair) } catch {
                state = .failed
                stopPosition = XMLPosition(line: repair.line, column: repair.column, byteOffset: currentPosition().byteOffset)
                throw error
            }
        }
        try repaired.output.withUnsafeBytes { try feedExpat($0) }
    }

    private func feedDirectly(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) throws {
        guard !bytes.isEmpty else { return }
        guard let buffer = XML_GetBuffer(parser, Int32(clamping: bytes.count)) else { throw expatError() }
        buffer.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        noteFirstBytes(UnsafeRawBufferPointer(start: buffer, count: bytes.count))
        try parse(count: bytes.count, isFinal: isFinal)
    }

    /// Hands expat the bytes held back (the first bytes, or a large pending token's), in
    /// order, and forgets them.
    private func feedHeldBytes() throws {
        let held = heldBytes
        heldBytes.removeAll(keepingCapacity: true)
        try held.withUnsafeBytes { try feedDirectly($0, isFinal: false) }
    }

    /// How many bytes expat's encoding detection looks at (`<?xm` in UTF-8, `<\0?\0` in
    /// UTF-16 without a byte-order mark).
    static let encodingSignatureLength = 4

    /// Looks at the start of the input for the signs of an encoding other than UTF-8.
    private func noteFirstBytes(_ bytes: UnsafeRawBufferPointer) {
        guard bytesFed == 0, bytes.count >= 2 else { return }
        let (a, b) = (bytes[0], bytes[1])
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
        } else if bytes.count >= 3, a == 0xEF, b == 0xBB, bytes[2] == 0xBF {
            startsWithByteOrderMark = declared.map(Self.isUTF8) ?? true
        }
        if let encoding = options.encoding, !Self.isUTF8(encoding.rawValue) { valuesMayOutgrowTags = true }
    }

    private static func isUTF8(_ name: String) -> Bool {
        let upper = name.asciiUppercased
        return upper == "UTF-8" || upper == "UTF8" || upper == "US-ASCII" || upper == "ASCII"
    }

    /// Bytes of the token expat has begun but not finished.
    var pendingTokenBytes: Int {
        let index = XML_GetCurrentByteIndex(parser)
        guard index >= 0 else { return 0 }
        return Int(bytesFed - Int64(index))
    }

    /// Whether to hold bytes back: only on an expat that re-scans, and only for a pending
    /// token larger than a chunk, until the new bytes at least match it.
    private func mustDefer(adding count: Int) -> Bool {
        guard !hasNativeReparseDeferral else { return false }
        let pending = pendingTokenBytes
        return pending > options.chunkSize && count < pending
    }

    /// The one place that calls `XML_ParseBuffer` and turns its status into Swift.
    private func parse(count: Int, isFinal: Bool) throws {
        bytesFed += Int64(count)
        if let limit = options.limits.maximumInputSize, bytesFed > limit {
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
            count == 0 ? XML_Parse(parser, nil, 0, isFinal ? 1 : 0) : XML_ParseBuffer(parser, Int32(count), isFinal ? 1 : 0)
        isInsideExpat = false
        suspendRequested = false
        try handle(status, isFinal: isFinal)
    }

    private func handle(_ status: XML_Status, isFinal: Bool) throws {
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
        let status = XML_ResumeParser(parser)
        isInsideExpat = false
        suspendRequested = false
        var parsing = XML_ParsingStatus()
        XML_GetParsingStatus(parser, &parsing)
        try handle(status, isFinal: parsing.finalBuffer != 0)
    }

    /// Asks expat to pause after the current callback; does nothing outside a callback.
    func requestSuspension() {
        guard isInsideExpat, !suspendRequested else { return }
        suspendRequested = true
        _ = XML_StopParser(parser, 1)
    }

    private func completeDocument() throws {
        state = .finished
        do { try onEndDocument() } catch {
            state = .failed
            stopPosition = currentPosition()
            throw error
        }
        afterEvent()
    }

    /// Stops a token that is growing past every per-item limit before expat finishes it.
    private func checkPendingToken() throws {
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

    /// The error to throw after expat returned `XML_STATUS_ERROR`.
    private func failure() -> any Error {
        state = .failed
        if let pendingError { return pendingError }
        let error = expatError()
        stopPosition = error.position
        return error
    }

    /// expat's current error as an `XMLParseError`, with the position, excerpt and, for bytes
    /// that are not valid in the document's encoding, an explanation.
    private func expatError() -> XMLParseError {
        let code = XML_GetErrorCode(parser)
        var position = currentPosition()
        var message = XML_ErrorString(code).map { String(cString: $0) } ?? "unknown error"
        var errorCode = XMLParseError.Code(rawValue: Int32(code.rawValue))
        let context = inputContext()
        if code == XML_ERROR_INVALID_TOKEN || code == XML_ERROR_PARTIAL_CHAR,
            let context, let bad = EncodingDiagnosis.firstInvalidUTF8(in: context.bytes, from: context.offset),
            !inputIsUTF16, options.encoding == nil || options.encoding == .utf8,
            declaredEncoding.map(Self.isUTF8) ?? true
        {
            let absolute = position.byteOffset + Int64(bad.offset - context.offset)
            position.byteOffset = absolute
            errorCode = .invalidEncoding
            message = EncodingDiagnosis.message(byte: bad.byte, offset: absolute, declared: declaredEncoding)
        } else if code == XML_ERROR_NO_ELEMENTS, let offset = openElementOffsets.last {
            // The input ended inside an element: say which, and where it began.
            let found = inputIsUTF16 ? nil : sourceReader.flatMap { UnclosedElementLocator.locate(offset: offset, reading: $0) }
            if let found {
                message = "premature end of input: <\(found.name)> opened at \(found.position.line):\(found.position.column) is not closed"
            } else {
                message = "premature end of input: the element opened at byte \(offset) is not closed"
            }
        } else if code == XML_ERROR_UNDEFINED_ENTITY, !inputIsUTF16, let context,
            let name = Self.entityName(in: context.bytes, at: context.offset)
        {
            // expat's message does not say which: the reference starts where the error is.
            message += " &\(name);"
        } else if code == XML_ERROR_AMPLIFICATION_LIMIT_BREACH {
            message += " (entity expansion exceeds \(options.limits.maximumAmplification)x the input)"
        }
        return XMLParseError(
            code: errorCode, message: message, position: position, fileName: fileName,
            excerpt: context.flatMap { EncodingDiagnosis.excerpt(of: $0.bytes, around: $0.offset) })
    }

    /// The name of the entity reference `&name;` that starts at `offset`, when it is one
    /// (at most 256 bytes of UTF-8 up to the `;`).
    private static func entityName(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String? {
        guard offset < bytes.count else { return nil }
        guard bytes[offset] == UInt8(ascii: "&") else {
            // In an attribute value expat points at the tag: the first reference in it that is
            // neither a character reference nor one of XML's five is the one.
            var i = offset
            while i < bytes.count, i - offset < 65_536, bytes[i] != UInt8(ascii: ">") {
                if bytes[i] == UInt8(ascii: "&"), i + 1 < bytes.count, bytes[i + 1] != UInt8(ascii: "#"),
                    let name = entityName(in: bytes, at: i), !["lt", "gt", "amp", "apos", "quot"].contains(name)
                {
                    return name
                }
                i += 1
            }
            return nil
        }
        let start = offset + 1
        var end = start
        while end < bytes.count, end - start < 256, bytes[end] != UInt8(ascii: ";") {
            // Characters no name holds end the search: this is no reference.
            if [0x20, 0x09, 0x0A, 0x0D, 0x3C, 0x26, 0x22, 0x27].contains(bytes[end]) { return nil }
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > start else { return nil }
        return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The bytes expat still holds around the current event, and the event's offset in them.
    private func inputContext() -> (bytes: UnsafeBufferPointer<UInt8>, offset: Int)? {
        var offset: Int32 = 0
        var size: Int32 = 0
        guard let base = XML_GetInputContext(parser, &offset, &size), size > 0, offset >= 0, offset <= size else {
            return nil
        }
        let bytes = UnsafeRawPointer(base).assumingMemoryBound(to: UInt8.self)
        return (UnsafeBufferPointer(start: bytes, count: Int(size)), Int(offset))
    }

    // MARK: - Errors raised inside callbacks

    /// Keeps the first error and its position, and stops expat for good.
    func fail(_ error: any Error) {
        if pendingError == nil {
            pendingError = error
            stopPosition = currentPosition()
        }
        _ = XML_StopParser(parser, 0)
    }

    func limitError(_ code: XMLParseError.Code, _ message: String, at position: XMLPosition) -> XMLParseError {
        XMLParseError(code: code, message: message, position: position, fileName: fileName)
    }

    // MARK: - Reset

    /// Makes the parser ready for a new document, whatever state it is in.
    func reset() {
        precondition(!isInsideExpat, "a parser cannot be reset from inside one of its own callbacks")
        if XML_ParserReset(parser, Self.expatEncoding(options)) != 1 {
            XML_ParserFree(parser)
            parser = Self.makeParser(options: options)
        }
        configure()
        state = .ready
        // Every per-document field at once: a field added to the state cannot be forgotten
        // here. The open elements' room is kept for the next document.
        var offsets = document.openElementOffsets
        offsets.removeAll(keepingCapacity: true)
        document = ExpatDocumentState(openElementOffsets: offsets)
        if let recovery = options.recovery { recovering?.reset(recovery: recovery) }
    }

    // MARK: - Callback entry points (called from ExpatCallbacks)

    @inline(__always)
    private func deliver(_ body: () throws -> Void) {
        do {
            try body()
            if wantsAfterEvent { afterEvent() }
        } catch { fail(error) }
    }

    final func receiveStartElement(
        _ name: UnsafePointer<XML_Char>, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?
    ) {
        guard pendingError == nil else { return }
        depth += 1
        openElementOffsets.append(Int64(XML_GetCurrentByteIndex(parser)))
        textRun = 0
        if depth > depthLimit {
            return fail(
                limitError(
                    .depthLimitExceeded, "elements are nested deeper than the limit of \(depthLimit)",
                    at: currentPosition()))
        }
        // A tag shorter than the smallest limit cannot hold a name or value over it, unless
        // entities, DTD defaults or transcoding make values longer than the tag.
        if valuesMayOutgrowTags || Int(XML_GetCurrentByteCount(parser)) > tagCheckThreshold,
            let error = checkSizes(name, attributes)
        {
            return fail(error)
        }
        // Only tags with attributes need the count of those written (versus DTD defaults).
        let specified = attributes?.pointee == nil ? 0 : Int(XML_GetSpecifiedAttributeCount(parser))
        if entitiesMayBeUndeclared, recovering == nil, let attributes, attributes.pointee != nil {
            return receiveStartElementWithEntities(name, attributes, specified: specified)
        }
        deliver {
            try onStartElement(
                XMLName(raw: name, namespaced: namespaced),
                XMLAttributes(pairs: attributes, specifiedCount: specified, namespaced: namespaced))
        }
    }

    /// The per-name and per-value limits, checked only for tags longer than a limit.
    private func checkSizes(
        _ name: UnsafePointer<XML_Char>, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?
    ) -> XMLParseError? {
        let limits = options.limits
        if let maximum = limits.maximumNameLength, writtenLength(of: name) > maximum {
            return limitError(.nameTooLong, "a name is longer than the limit of \(maximum) bytes", at: currentPosition())
        }
        guard let attributes else { return nil }
        var i = 0
        while let attributeName = attributes[i], let value = attributes[i + 1] {
            if let maximum = limits.maximumNameLength, writtenLength(of: attributeName) > maximum {
                return limitError(
                    .nameTooLong, "an attribute name is longer than the limit of \(maximum) bytes",
                    at: currentPosition())
            }
            if let maximum = limits.maximumAttributeValueLength, strlen(value) > maximum {
                return limitError(
                    .attributeValueTooLong, "an attribute value is longer than the limit of \(maximum) bytes",
                    at: currentPosition())
            }
            i += 2
        }
        return nil
    }

    /// The length of a name as written (prefix, colon, local name), not counting the
    /// namespace URI that expat puts in front of it.
    private func writtenLength(of name: UnsafePointer<XML_Char>) -> Int {
        let view = XMLName(raw: name, namespaced: namespaced)
        return view.localName.count + (view.prefix.map { $0.count + 1 } ?? 0)
    }

    final func receiveEndElement(_ name: UnsafePointer<XML_Char>) {
        guard pendingError == nil else { return }
        textRun = 0
        // expat reports an empty-element tag's end with no bytes of its own.
        inEmptyElementEnd = XML_GetCurrentByteCount(parser) == 0
        deliver { try onEndElement(XMLName(raw: name, namespaced: namespaced)) }
        inEmptyElementEnd = false
        depth -= 1
        openElementOffsets.removeLast()
    }

    final func receiveCharacters(_ text: UnsafePointer<XML_Char>, _ length: Int32) {
        guard pendingError == nil else { return }
        textRun += Int(length)
        if textRun > textLimit {
            return fail(
                limitError(
                    .textTooLong, "a run of text is longer than the limit of \(textLimit) bytes", at: currentPosition()))
        }
        let view = XMLStringView(
            base: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: Int(length))
        deliver { try onCharacters(view) }
    }

    final func receiveStartCDATA() {
        guard pendingError == nil else { return }
        deliver { try onStartCDATA() }
    }

    final func receiveEndCDATA() {
        guard pendingError == nil else { return }
        deliver { try onEndCDATA() }
    }

    final func receiveComment(_ text: UnsafePointer<XML_Char>) {
        guard pendingError == nil else { return }
        deliver { try onComment(XMLStringView(cString: text)) }
    }

    final func receiveProcessingInstruction(_ target: UnsafePointer<XML_Char>, _ data: UnsafePointer<XML_Char>?) {
        guard pendingError == nil else { return }
        let empty: StaticString = ""
        let dataView =
            data.map { XMLStringView(cString: $0) } ?? XMLStringView(base: empty.utf8Start, count: 0)
        deliver { try onProcessingInstruction(XMLStringView(cString: target), dataView) }
    }

    final func receiveXMLDeclaration(
        _ version: UnsafePointer<XML_Char>?, _ encoding: UnsafePointer<XML_Char>?, _ standalone: Int32
    ) {
        guard pendingError == nil else { return }
        // A text declaration (in an external entity) has no version; we never read those.
        guard let version else { return }
        let declaration = XMLDeclaration(
            version: String(cString: version),
            encoding: encoding.map { String(cString: $0) },
            standalone: standalone < 0 ? nil : standalone == 1)
        declaredEncoding = declaration.encoding
        if let encoding = declaration.encoding, !Self.isUTF8(encoding) { valuesMayOutgrowTags = true }
        deliver { try onXMLDeclaration(declaration) }
    }

    final func receiveStartDoctype(
        _ name: UnsafePointer<XML_Char>?, _ systemID: UnsafePointer<XML_Char>?,
        _ publicID: UnsafePointer<XML_Char>?, _ hasInternalSubset: Int32
    ) {
        guard pendingError == nil else { return }
        valuesMayOutgrowTags = true
        if systemID != nil || publicID != nil { entitiesMayBeUndeclared = true }
        let doctype = XMLDoctype(
            name: name.map { String(cString: $0) } ?? "",
            systemID: systemID.map { String(cString: $0) },
            publicID: publicID.map { String(cString: $0) },
            hasInternalSubset: hasInternalSubset != 0)
        deliver { try onStartDoctype(doctype) }
    }

    final func receiveEndDoctype() {
        guard pendingError == nil else { return }
        deliver { try onEndDoctype() }
    }

    final func receiveAttributeDeclaration(
        _ element: UnsafePointer<XML_Char>, _ attribute: UnsafePointer<XML_Char>, _ type: UnsafePointer<XML_Char>,
        _ defaultValue: UnsafePointer<XML_Char>?, _ isRequired: Bool
    ) {
        guard pendingError == nil else { return }
        let declaration = XMLAttributeDeclaration(
            elementName: String(cString: element), attributeName: String(cString: attribute), type: String(cString: type),
            defaultValue: defaultValue.map { String(cString: $0) }, isRequired: isRequired)
        deliver { try onAttributeDeclaration(declaration) }
    }

    final func receiveNotationDeclaration(
        _ name: UnsafePointer<XML_Char>, _ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?
    ) {
        guard pendingError == nil else { return }
        let notation = XMLNotation(
            name: String(cString: name), publicID: publicID.map { String(cString: $0) },
            systemID: systemID.map { String(cString: $0) })
        deliver { try onNotationDeclaration(notation) }
    }

    final func receiveStartNamespace(_ prefix: UnsafePointer<XML_Char>?, _ uri: UnsafePointer<XML_Char>?) {
        guard pendingError == nil else { return }
        deliver {
            try onStartPrefixMapping(prefix.map { XMLStringView(cString: $0) }, uri.map { XMLStringView(cString: $0) })
        }
    }

    final func receiveEndNamespace(_ prefix: UnsafePointer<XML_Char>?) {
        guard pendingError == nil else { return }
        deliver { try onEndPrefixMapping(prefix.map { XMLStringView(cString: $0) }) }
    }

    final func receiveSkippedEntity(_ name: UnsafePointer<XML_Char>, _ isParameterEntity: Bool) {
        guard pendingError == nil else { return }
        if isParameterEntity { entitiesMayBeUndeclared = true }
        receiveUnexpandedEntity(XMLStringView(cString: name), isParameterEntity)
    }

    /// A reference in content that expat did not expand: reported, or handled by the
    /// options' policy.
    private func receiveUnexpandedEntity(_ name: XMLStringView, _ isParameterEntity: Bool) {
        guard let policy = options.unexpandedEntities, !isParameterEntity else {
            return deliver { try onSkippedEntity(name, isParameterEntity) }
        }
        let entityName = name.string
        guard var text = policy.replacement(for: entityName) else {
            return fail(
                limitError(
                    .unexpandedEntity, XMLParseError.unexpandedEntityMessage(name: entityName, policy: policy),
                    at: currentPosition()))
        }
        guard !text.isEmpty else { return }
        textRun += text.utf8.count
        if textRun > textLimit {
            return fail(
                limitError(
                    .textTooLong, "a run of text is longer than the limit of \(textLimit) bytes", at: currentPosition()))
        }
        text.withUTF8 { utf8 in deliver { try onCharacters(XMLStringView(borrowing: utf8)) } }
    }

    /// Names of external general entities by system and public identifier, recorded from
    /// their declarations: expat does not pass the name to the external-entity handler.
    /// Keyed by code points: identifiers that differ only there name different entities.
    private var externalEntityNames: [CodePointString: String] {
        get { document.externalEntityNames }
        _modify { yield &document.externalEntityNames }
        set { document.externalEntityNames = newValue }
    }

    private static func entityKey(_ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?) -> CodePointString {
        CodePointString((systemID.map { String(cString: $0) } ?? "") + "\u{0}" + (publicID.map { String(cString: $0) } ?? ""))
    }

    final func receiveEntityDeclaration(
        _ name: UnsafePointer<XML_Char>, _ isParameterEntity: Bool, _ value: UnsafePointer<XML_Char>?,
        _ valueLength: Int, _ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?,
        _ notationName: UnsafePointer<XML_Char>?
    ) {
        if !isParameterEntity { declaredGeneralEntities.insert(String(cString: name)) }
        if !isParameterEntity, systemID != nil {
            let key = Self.entityKey(systemID, publicID)
            if externalEntityNames[key] == nil { externalEntityNames[key] = String(cString: name) }
        }
        guard pendingError == nil else { return }
        let declaration = XMLEntityDeclaration(
            name: String(cString: name),
            value: value.map {
                String(decoding: UnsafeRawBufferPointer(start: $0, count: valueLength), as: UTF8.self)
            },
            systemID: systemID.map { String(cString: $0) }, publicID: publicID.map { String(cString: $0) },
            notationName: notationName.map { String(cString: $0) }, isParameterEntity: isParameterEntity)
        deliver { try onEntityDeclaration(declaration) }
    }

    /// An external entity reference: never loaded, reported as skipped.
    final func receiveExternalEntityReference(
        _ systemID: UnsafePointer<XML_Char>?, _ publicID: UnsafePointer<XML_Char>?
    ) {
        guard pendingError == nil, var name = externalEntityNames[Self.entityKey(systemID, publicID)] else { return }
        name.withUTF8 { utf8 in receiveUnexpandedEntity(XMLStringView(borrowing: utf8), false) }
    }
}

// MARK: - References left out of attribute values

extension ExpatReceiver {
    /// A start tag in a document whose DTD is not read: expat has left every reference to an
    /// undeclared entity out of the attribute values, without an event. They are found in the
    /// tag as written, then reported or handled by the options' policy.
    fileprivate func receiveStartElementWithEntities(
        _ name: UnsafePointer<XML_Char>, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>, specified: Int
    ) {
        guard let tag = currentTagUTF8() else {
            return deliver {
                try onStartElement(
                    XMLName(raw: name, namespaced: namespaced),
                    XMLAttributes(pairs: attributes, specifiedCount: specified, namespaced: namespaced))
            }
        }
        let scanner = AttributeEntityScanner(tag: tag, namespaced: namespaced)
        var found: [(raw: AttributeEntityScanner.RawAttribute, references: [AttributeEntityScanner.Reference])] = []
        for raw in scanner.attributes() where raw.ordinal < specified / 2 {
            let references = scanner.undeclaredReferences(in: raw, declared: declaredGeneralEntities)
            if !references.isEmpty { found.append((raw, references)) }
        }
        guard !found.isEmpty else {
            return deliver {
                try onStartElement(
                    XMLName(raw: name, namespaced: namespaced),
                    XMLAttributes(pairs: attributes, specifiedCount: specified, namespaced: namespaced))
            }
        }
        // Every reference's position in one pass over the tag.
        let positions = scanner.positions(
            of: found.flatMap { $0.references.map(\.offset) }, tagStart: currentPosition(), input: currentInputForm)
        var next = 0
        var rebuilt: [Int: String] = [:]  // attribute ordinal -> its value with the references in place
        for (raw, references) in found {
            let attributeName = XMLName(raw: attributes[2 * raw.ordinal]!, namespaced: namespaced)
            let first = positions[next]
            for reference in references {
                let position = positions[next]
                next += 1
                switch options.unexpandedEntities {
                case nil:
                    var entityName = reference.name
                    entityName.withUTF8 { utf8 in
                        deliver {
                            do {
                                try onSkippedAttributeEntity(XMLStringView(borrowing: utf8), attributeName, position)
                            } catch var error as XMLParseError where error.fileName == nil {
                                error.fileName = fileName
                                throw error
                            }
                        }
                    }
                    if pendingError != nil { return }
                case .skip?:
                    break
                case let policy?:
                    guard policy.replacement(for: reference.name) != nil else {
                        return fail(
                            limitError(
                                .unexpandedEntity,
                                policy.failureMessage(for: reference.name, attribute: attributeName.qualifiedName),
                                at: position))
                    }
                }
            }
            guard let policy = options.unexpandedEntities, policy != .skip else { continue }
            // expat's value, from which the references are missing, checks the rebuilding: a
            // value that also uses an entity of the internal subset, or that a DTD declares
            // other than CDATA, is not rebuilt by guesswork.
            let expatValue = String(cString: attributes[2 * raw.ordinal + 1]!)
            let withoutReferences = scanner.normalizedValue(of: raw, declared: declaredGeneralEntities) { _ in "" }
            guard withoutReferences == expatValue,
                let value = scanner.normalizedValue(
                    of: raw, declared: declaredGeneralEntities, replacement: { policy.replacement(for: $0) ?? "" })
            else {
                return fail(
                    limitError(
                        .unexpandedEntity,
                        "entity &\(references[0].name); in the value of attribute \(attributeName.qualifiedName) cannot be put back: the value also uses an entity of the internal subset, or its DTD declares it other than CDATA (the .skip policy leaves the reference out)",
                        at: first))
            }
            rebuilt[raw.ordinal] = value
        }
        guard !rebuilt.isEmpty else {
            return deliver {
                try onStartElement(
                    XMLName(raw: name, namespaced: namespaced),
                    XMLAttributes(pairs: attributes, specifiedCount: specified, namespaced: namespaced))
            }
        }
        // A copy of expat's array with the rebuilt values in place. Invariant: the copy and the
        // strings it points to live until the handler returns; `XMLAttributes` is valid only
        // during the call, so nothing reads them later.
        var slots = 0
        while attributes[slots] != nil { slots += 2 }
        let pairs = UnsafeMutablePointer<UnsafePointer<XML_Char>?>.allocate(capacity: slots + 1)
        pairs.initialize(from: attributes, count: slots + 1)
        var owned: [UnsafeMutablePointer<CChar>] = []
        defer {
            owned.forEach { free($0) }
            pairs.deallocate()
        }
        for (ordinal, value) in rebuilt {
            guard let copy = strdup(value) else { fatalError("out of memory") }
            owned.append(copy)
            pairs[2 * ordinal + 1] = UnsafePointer(copy)
        }
        deliver {
            try onStartElement(
                XMLName(raw: name, namespaced: namespaced),
                XMLAttributes(pairs: pairs, specifiedCount: specified, namespaced: namespaced))
        }
    }

    /// The current start tag as written, in UTF-8: expat keeps the whole token in its buffer
    /// during the callback.
    private func currentTagUTF8() -> [UInt8]? {
        guard let context = inputContext() else { return nil }
        let length = Int(XML_GetCurrentByteCount(parser))
        guard length > 0, context.offset + length <= context.bytes.count else { return nil }
        let tag = UnsafeBufferPointer(rebasing: context.bytes[context.offset..<(context.offset + length)])
        if inputIsUTF16 {
            var units: [UInt16] = []
            units.reserveCapacity(length / 2)
            var i = 0
            while i + 1 < tag.count {
                units.append(
                    inputIsLittleEndian
                        ? UInt16(tag[i]) | UInt16(tag[i + 1]) << 8 : UInt16(tag[i]) << 8 | UInt16(tag[i + 1]))
                i += 2
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        }
        guard let encoding = options.encoding?.rawValue ?? declaredEncoding, !Self.isUTF8(encoding) else {
            return Array(tag)
        }
        // A single-byte encoding: expat's own Latin-1 and ASCII, or one of the package's tables.
        let table = SingleByteEncoding.named(encoding)?.table
        var scalars = String.UnicodeScalarView()
        for byte in tag {
            let value = table.map { $0[Int(byte)] } ?? Int32(byte)
            scalars.append(Unicode.Scalar(UInt32(max(0, value))) ?? "\u{FFFD}")
        }
        return Array(String(scalars).utf8)
    }

    /// How the input spells characters, for byte offsets into it.
    private var currentInputForm: AttributeEntityScanner.InputForm {
        if inputIsUTF16 { return .utf16 }
        if let encoding = options.encoding?.rawValue ?? declaredEncoding, !Self.isUTF8(encoding) { return .singleByte }
        return .utf8
    }
}
