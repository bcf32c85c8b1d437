internal import CExpat
internal import XMLSyntax

/// Owns one `XML_Parser` and everything expat calls back into.
///
/// The only place (with `ExpatCallbacks.swift` and `XMLParseError+ExpatCodes.swift`) that
/// touches expat, in one file per concern: this one holds the parser's lifetime and safety
/// settings, the one entry point for events, errors raised in callbacks and reset; the
/// per-document state is `ExpatDocumentState`; then `+Positions`, `+Feeding` (the input
/// stage, hold-back, big tokens, suspension), `+Diagnostics` (expat's errors explained),
/// `+Events` (the entry points, with the limits) and `+AttributeEntities`. Non-generic so
/// the `@convention(c)` callbacks can reach it through the user-data pointer; the handler
/// is reached through `dispatch(_:)`, which a generic subclass overrides (a C-convention
/// closure that mentions a generic parameter crashed the compiler when we tried it).
@safe class ExpatReceiver {
    enum State { case ready, parsing, suspended, finished, failed }

    var parser: XML_Parser
    let options: XMLParserOptions
    var fileName: String?
    var state: State = .ready

    /// Everything the receiver knows about the document being read, reset by assignment
    /// (see ``ExpatDocumentState``). Unchecked exclusivity: no overlapping access, re-entrant
    /// calls included. Only this receiver's methods touch it, each access ends before a
    /// handler is called, and a handler cannot re-enter its parser (`isInsideExpat`).
    /// Pays for itself: with the dynamic check, stream reading on 1 MiB took 1545.2M
    /// instructions against 1408.8M (8.8% more), handler stack 2262.9M against 2127.9M.
    @exclusivity(unchecked) var document = ExpatDocumentState()

    // The document's state by name, as the receiver's methods read and write it.
    var depth: Int {
        get { unsafe document.depth }
        _modify { yield unsafe &document.depth }
        set { unsafe document.depth = newValue }
    }
    var openElementOffsets: [Int64] {
        get { unsafe document.openElementOffsets }
        _modify { yield unsafe &document.openElementOffsets }
        set { unsafe document.openElementOffsets = newValue }
    }
    var inEmptyElementEnd: Bool {
        get { unsafe document.inEmptyElementEnd }
        set { unsafe document.inEmptyElementEnd = newValue }
    }
    var textRun: Int {
        get { unsafe document.textRun }
        _modify { yield unsafe &document.textRun }
        set { unsafe document.textRun = newValue }
    }
    /// Bytes handed to expat in this document.
    var bytesFed: Int64 {
        get { unsafe document.bytesFed }
        _modify { yield unsafe &document.bytesFed }
        set { unsafe document.bytesFed = newValue }
    }
    var documentStarted: Bool {
        get { unsafe document.documentStarted }
        set { unsafe document.documentStarted = newValue }
    }
    var doctypeSystemID: String? {
        get { unsafe document.doctypeSystemID }
        set { unsafe document.doctypeSystemID = newValue }
    }
    var externalSubsetRead: Bool {
        get { unsafe document.externalSubsetRead }
        set { unsafe document.externalSubsetRead = newValue }
    }
    var pendingError: (any Error)? {
        get { unsafe document.pendingError }
        set { unsafe document.pendingError = newValue }
    }
    var stopPosition: XMLPosition? {
        get { unsafe document.stopPosition }
        set { unsafe document.stopPosition = newValue }
    }
    var declaredEncoding: String? {
        get { unsafe document.declaredEncoding }
        set { unsafe document.declaredEncoding = newValue }
    }
    var inputIsUTF16: Bool {
        get { unsafe document.inputIsUTF16 }
        set { unsafe document.inputIsUTF16 = newValue }
    }
    var inputIsLittleEndian: Bool {
        get { unsafe document.inputIsLittleEndian }
        set { unsafe document.inputIsLittleEndian = newValue }
    }
    var startsWithByteOrderMark: Bool {
        get { unsafe document.startsWithByteOrderMark }
        set { unsafe document.startsWithByteOrderMark = newValue }
    }
    var valuesMayOutgrowTags: Bool {
        get { unsafe document.valuesMayOutgrowTags }
        set { unsafe document.valuesMayOutgrowTags = newValue }
    }
    var entitiesMayBeUndeclared: Bool {
        get { unsafe document.entitiesMayBeUndeclared }
        set { unsafe document.entitiesMayBeUndeclared = newValue }
    }
    var declaredGeneralEntities: Set<String> {
        get { unsafe document.declaredGeneralEntities }
        _modify { yield unsafe &document.declaredGeneralEntities }
        set { unsafe document.declaredGeneralEntities = newValue }
    }
    var generalEntityValues: [String: [UInt8]] {
        get { unsafe document.generalEntityValues }
        _modify { yield unsafe &document.generalEntityValues }
        set { unsafe document.generalEntityValues = newValue }
    }
    var undeclaredInEntity: [String: String?] {
        get { unsafe document.undeclaredInEntity }
        _modify { yield unsafe &document.undeclaredInEntity }
        set { unsafe document.undeclaredInEntity = newValue }
    }
    var parameterEntityValues: [String: String] {
        get { unsafe document.parameterEntityValues }
        _modify { yield unsafe &document.parameterEntityValues }
        set { unsafe document.parameterEntityValues = newValue }
    }
    var referencedDefaults: ReferencedDefaults? {
        get { unsafe document.referencedDefaults }
        _modify { yield unsafe &document.referencedDefaults }
        set { unsafe document.referencedDefaults = newValue }
    }
    var declaredParameterEntities: Set<String> {
        get { unsafe document.declaredParameterEntities }
        _modify { yield unsafe &document.declaredParameterEntities }
        set { unsafe document.declaredParameterEntities = newValue }
    }
    var pinnedOpenElements: [PinnedElement] {
        get { unsafe document.pinnedOpenElements }
        _modify { yield unsafe &document.pinnedOpenElements }
        set { unsafe document.pinnedOpenElements = newValue }
    }
    var pinAnchor: (line: Int, column: Int, offset: Int64) {
        get { unsafe document.pinAnchor }
        set { unsafe document.pinAnchor = newValue }
    }
    var singleByteUpperHalf: [Int32]? {
        get { unsafe document.singleByteUpperHalf }
        set { unsafe document.singleByteUpperHalf = newValue }
    }
    var encodingConflict: String? {
        get { unsafe document.encodingConflict }
        set { unsafe document.encodingConflict = newValue }
    }
    var encodingDecided: Bool {
        get { unsafe document.encodingDecided }
        set { unsafe document.encodingDecided = newValue }
    }
    var heldBytes: [UInt8] {
        get { unsafe document.heldBytes }
        _modify { yield unsafe &document.heldBytes }
        set { unsafe document.heldBytes = newValue }
    }
    var suspendRequested: Bool {
        get { unsafe document.suspendRequested }
        set { unsafe document.suspendRequested = newValue }
    }
    /// True while expat runs, so that suspension is requested only inside callbacks.
    var isInsideExpat = false
    /// The child parser reading the caller's external DTD, while it runs: positions come
    /// from it then (``readExternalSubset(_:context:)``).
    var dtdParser: XML_Parser?
    /// The external DTD's name, while its declarations are read.
    var dtdFileName: String?
    /// The spaces put in the external DTD before parameter-entity references, while it is
    /// read, for its positions; `nil` when there are none.
    var dtdSpacing: ExpatDTDText?
    /// The external DTD's encoding, while it is read, for its byte offsets in the file.
    var dtdEncoding: ExternalDTDEncoding?
    /// The DTD's byte offset where an element declaration was last read as written
    /// (``writtenElementDeclaration()``), -1 before any: the next look stops there, so that
    /// the DTD's bytes are read back over once in all.
    var declarationScanFloor: Int64 = -1
    /// Element declarations reported so far, and what the last look found for which of
    /// them: a second ask during one event answers the same.
    var elementDeclarationEvents = 0
    var writtenDeclarationCache: (event: Int, declaration: XMLWrittenDeclaration?)?
    var writtenDTDIssues: [XMLWrittenDTDIssue] {
        get { unsafe document.writtenDTDIssues }
        set { unsafe document.writtenDTDIssues = newValue }
    }
    var attributePositionCache: (tag: Int64, positions: [String: XMLPosition])? {
        get { unsafe document.attributePositionCache }
        set { unsafe document.attributePositionCache = newValue }
    }
    /// The file the current event comes from: the external DTD while its declarations are
    /// read, else the document.
    var eventFileName: String? { dtdFileName ?? fileName }

    /// Whether expat defers re-parsing of pending tokens itself (2.6 and later).
    var hasNativeReparseDeferral = false
    var hashSalt: UInt = 0
    /// How many times expat was asked to parse new bytes (tests check the growth policy).
    var expatParseCalls = 0

    var link: LocatorLink?

    /// The stage the input goes through before expat (``InputStage``), if the options ask
    /// for one. Taken out while it runs: the handler runs inside it.
    var inputStage: (any InputStage)?
    /// Whether ``inputStage`` comes from the options (recovery, an encoding override that
    /// needs transcoding), rather than from the document's own declaration.
    let inputStageFromOptions: Bool
    /// For a document transcoded ahead of expat: where expat's byte offsets came from.
    var transcodedOffsets: TranscodedOffsets?
    /// For a document whose control-character references are rewritten ahead of expat: the
    /// shifts to undo in its positions.
    var controlReferenceOffsets: ControlReferenceOffsets?
    /// Input read for the stage before it hands it on.
    var stageInput: [UInt8] = []
    /// The first repairs, as many as the options keep.
    var repairs: [XMLRepair] {
        get { unsafe document.repairs }
        _modify { yield unsafe &document.repairs }
        set { unsafe document.repairs = newValue }
    }
    /// Every repair made in this document.
    var repairCount: Int {
        get { unsafe document.repairCount }
        _modify { yield unsafe &document.repairCount }
        set { unsafe document.repairCount = newValue }
    }

    /// Shared with every locator handed out; cleared in `deinit`.
    var locatorLink: LocatorLink {
        if let link { return link }
        let created = LocatorLink(receiver: self)
        link = created
        return created
    }

    // Settings read on every event, unpacked once.
    let depthLimit: Int
    let textLimit: Int
    /// A start tag shorter than this cannot hold a name or value over its limit.
    let tagCheckThreshold: Int
    let namespaced: Bool
    /// The encoding expat is told to use: the input stage's output encoding, or the
    /// caller's override.
    let expatEncoding: String?
    /// Whether attribute values may hold references to undeclared entities (an input
    /// stage can rule them out).
    let scansAttributeEntities: Bool
    /// How many repairs ``repairs`` keeps.
    let recordedRepairLimit: Int

    init(options: XMLParserOptions) {
        self.options = options
        depthLimit = options.limits.maximumDepth ?? .max
        textLimit = options.limits.maximumTextLength ?? .max
        tagCheckThreshold = min(options.limits.maximumNameLength ?? .max, options.limits.maximumAttributeValueLength ?? .max)
        namespaced = options.processesNamespaces
        let stage = options.makeInputStage()
        inputStage = stage
        inputStageFromOptions = stage != nil
        if let control = stage as? ControlReferenceInput {
            transcodedOffsets = control.inner?.offsets
            controlReferenceOffsets = control.offsets
        } else {
            transcodedOffsets = (stage as? TranscodingInput)?.offsets
        }
        expatEncoding = stage?.outputEncoding ?? options.encoding.map(Self.expatName(forOverride:))
        scansAttributeEntities = stage?.mayPassUndeclaredAttributeEntities ?? true
        recordedRepairLimit = stage?.recordedRepairLimit ?? 0
        unsafe self.parser = Self.makeParser(encoding: expatEncoding, namespaced: namespaced)
        configure()
    }

    deinit {
        unsafe link?.receiver = nil
        unsafe XML_ParserFree(parser)
    }

    static func makeParser(encoding: String?, namespaced: Bool) -> XML_Parser {
        let created: XML_Parser? =
            unsafe namespaced
            ? XML_ParserCreateNS(encoding, XML_Char(bitPattern: XMLName.separator))
            : XML_ParserCreate(encoding)
        guard let created = unsafe created else {
            // expat fails here only when malloc does; nothing sensible can continue.
            fatalError("expat could not allocate a parser: out of memory")
        }
        return unsafe created
    }

    /// Installs the handlers and every safety setting. Called at creation and after each
    /// `XML_ParserReset`, which clears them.
    func configure() {
        unsafe XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        if options.processesNamespaces { unsafe XML_SetReturnNSTriplet(parser, 1) }
        // Safety: never load anything the document names, and parse parameter entities only
        // in a DTD the caller gives, read in place of any the document names (and as the
        // "foreign" DTD of a document without one).
        if let dtd = options.externalDTD {
            unsafe XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_ALWAYS)
            // An empty one only asks for parameter entities to be expanded: a document
            // that names no external subset keeps none, so that a reference to an entity
            // it does not declare stays a well-formedness error (XML 1.0, WFC: Entity
            // Declared), where expat lets it pass in a document with a foreign DTD.
            if !dtd.isEmpty { _ = unsafe XML_UseForeignDTD(parser, XML_Bool(XML_TRUE)) }
        } else {
            unsafe XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
        }
        unsafe XML_SetExternalEntityRefHandler(parser, ExpatCallbacks.externalEntityRef)
        let limits = options.limits
        _ = unsafe XML_SetBillionLaughsAttackProtectionMaximumAmplification(
            parser, max(1, limits.maximumAmplification))
        _ = unsafe XML_SetBillionLaughsAttackProtectionActivationThreshold(
            parser, CUnsignedLongLong(limits.amplificationActivationThreshold))
        hasNativeReparseDeferral = unsafe CExpat_EnableReparseDeferral(parser) == 1
        _ = unsafe CExpat_SetAllocationTracker(parser, 100, 64 * 1024 * 1024)
        hashSalt = UInt.random(in: 1...UInt.max)
        // expat refuses a salt only once parsing has begun; here it has not.
        unsafe precondition(XML_SetHashSalt(parser, hashSalt) == 1, "expat refused the hash salt")
        unsafe XML_SetUnknownEncodingHandler(parser, ExpatCallbacks.unknownEncoding, nil)

        unsafe ExpatCallbacks.install(on: parser, namespaced: options.processesNamespaces)
    }

    /// The random salt given to expat's hash tables (never 0, which would mean "pick one").
    var currentHashSalt: UInt { hashSalt }

    // MARK: - Overridden by the subclass that reaches a handler

    /// Hands an event to the handler. The one entry point for every event: the subclass
    /// that has a handler overrides it (`HandlerReceiver`).
    func dispatch<Event: HandlerEvent>(_ event: Event) throws {}
    /// Called after every event the handler saw, when ``wantsAfterEvent`` is set; the pull
    /// reader suspends here. (A flag rather than an empty default: the push path then pays
    /// no virtual call per event.)
    func afterEvent() {}
    /// Whether ``afterEvent()`` must be called; set by subclasses that override it.
    var wantsAfterEvent = false

    // MARK: - Errors raised inside callbacks

    /// Keeps the first error and its position, and stops expat for good.
    func fail(_ error: any Error) {
        if pendingError == nil {
            pendingError = error
            stopPosition = currentPosition()
        }
        // The child reading the external DTD, when it runs: its parent, waiting for it, fails
        // when it returns.
        _ = unsafe XML_StopParser(dtdParser ?? parser, 0)
    }

    func limitError(_ code: XMLParseError.Code, _ message: String, at position: XMLPosition) -> XMLParseError {
        XMLParseError(code: code, message: message, position: position, fileName: eventFileName)
    }

    // MARK: - Reset

    /// Makes the parser ready for a new document, whatever state it is in.
    func reset() {
        precondition(!isInsideExpat, "a parser cannot be reset from inside one of its own callbacks")
        if unsafe XML_ParserReset(parser, expatEncoding) != 1 {
            unsafe XML_ParserFree(parser)
            unsafe parser = Self.makeParser(encoding: expatEncoding, namespaced: namespaced)
        }
        configure()
        state = .ready
        // Every per-document field at once: a field added to the state cannot be forgotten
        // here. The open elements' room is kept for the next document.
        var offsets = unsafe document.openElementOffsets
        offsets.removeAll(keepingCapacity: true)
        unsafe document = ExpatDocumentState(openElementOffsets: offsets)
        if inputStageFromOptions {
            inputStage?.reset()
        } else {
            // The last document's declaration chose it.
            inputStage = nil
            transcodedOffsets = nil
            controlReferenceOffsets = nil
        }
    }
}
