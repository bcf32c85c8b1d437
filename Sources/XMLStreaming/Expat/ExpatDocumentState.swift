internal import XMLSyntax

/// Everything an `ExpatReceiver` learns about the document it is reading, as one value:
/// `reset()` starts the next document by assigning a fresh one, so a field added here is
/// reset with the others by construction.
///
/// What outlives a document stays in the receiver: the expat parser and its settings, the
/// options, the file name, the locator link, the recovering stages, and the count of calls
/// into expat.
@safe struct ExpatDocumentState {
    /// How deep the current element is.
    var depth = 0
    /// The system ID the `<!DOCTYPE>` names, if any: the external subset expat asks for.
    var doctypeSystemID: String?
    /// Whether the caller's external DTD (``XMLParserOptions/externalDTD``) was read.
    var externalSubsetRead = false
    /// How many namespace declarations in scope bind each prefix (`xmlns:p`), so that an
    /// unbound prefix's error can name it (expat's does not). Counted per declaration, not
    /// per element.
    var boundPrefixes: [String: Int] = [:]
    /// The byte offset of each open element's start tag, outermost first, as expat counts
    /// them: a truncated document's error names the innermost one. (An offset costs nothing
    /// to take; a line and column would cost a scan of the input: see `pinnedOpenElements`.)
    var openElementOffsets: [Int64] = []
    /// The first open elements' names and positions, pinned after each call into expat
    /// (``ExpatReceiver/pinOpenElements()``), for a truncated document's error.
    var pinnedOpenElements: [PinnedElement] = []
    /// Where the last call into expat ended: its line, column and byte offset.
    var pinAnchor: (line: Int, column: Int, offset: Int64) = (1, 1, 0)
    /// Whether the document's encoding is settled: until then its first bytes are held back
    /// (``ExpatReceiver/feedUndecided(_:isFinal:)``).
    var encodingDecided = false
    /// When the first bytes and the declaration disagree (a byte-order mark and another
    /// encoding's name): what expat's "unknown encoding" then means.
    var encodingConflict: String?
    /// For a single-byte encoding (ISO-8859-1, US-ASCII or a table): the characters of bytes
    /// 0x80...0xFF, -1 where undefined. Columns then count bytes, names decode through it.
    var singleByteUpperHalf: [Int32]?
    /// Set during the end event of an empty-element tag (`<odd/>`), whose position expat
    /// gives as the end of the tag: positions then point at the tag's start, as for its start.
    var inEmptyElementEnd = false
    /// The bytes of the current run of text, against the text limit.
    var textRun = 0
    /// Bytes handed to expat in this document.
    var bytesFed: Int64 = 0
    /// Whether the handler was told the document started.
    var documentStarted = false
    /// The first error raised inside a callback (a handler's or a limit's), rethrown once
    /// expat returns.
    var pendingError: (any Error)?
    /// Where parsing stopped, captured when `pendingError` was set or expat failed.
    var stopPosition: XMLPosition?
    /// The declared encoding, to explain undecodable bytes.
    var declaredEncoding: String?
    /// Whether the input starts like UTF-16 (a byte-order mark or a NUL in the first pair).
    var inputIsUTF16 = false
    /// For UTF-16 input: whether it is little-endian (a byte-order mark FF FE, or `<` as 3C 00).
    var inputIsLittleEndian = false
    /// Whether the document begins with a byte-order mark that expat reads as one: expat
    /// counts it as a column of line 1, which it is not.
    var startsWithByteOrderMark = false
    /// Whether names and values may be longer in UTF-8 than the tag that carries them: the
    /// document has a DTD (entities, attribute defaults) or is not in UTF-8.
    var valuesMayOutgrowTags = false
    /// Names of external general entities by system and public identifier, recorded from
    /// their declarations: expat does not pass the name to the external-entity handler.
    /// Keyed by code points: identifiers that differ only there name different entities.
    var externalEntityNames: [CodePointString: String] = [:]
    /// Whether an entity reference may be undeclared without being an error: the DOCTYPE
    /// names an external DTD, or the internal subset skipped a parameter entity. Attribute
    /// values are then scanned for the references expat leaves out of them.
    var entitiesMayBeUndeclared = false
    /// The general entities the internal subset declares, which expat expands itself.
    var declaredGeneralEntities: Set<String> = []
    /// The replacement text of each internal general entity, as its first declaration gives
    /// it (the one that binds), for the references it holds.
    var generalEntityValues: [String: [UInt8]] = [:]
    /// For each entity looked into: the first entity its text references, directly or
    /// through the entities it references, that is not declared (`nil`: none). Emptied when
    /// an entity is declared.
    var undeclaredInEntity: [String: String?] = [:]
    /// The parameter entities declared so far, for the references in the caller's DTD's
    /// entity values (``ExpatReceiver/undeclaredParameterEntityInValue()``).
    var declaredParameterEntities: Set<String> = []
    /// The text of each parameter entity declared with a value, as the parser read it (the
    /// declaration that binds), for a conditional section's keyword and the defaults
    /// declared in an entity's text.
    var parameterEntityValues: [String: String] = [:]
    /// The attribute definitions with a default in the text of the parameter entity whose
    /// reference expat is reading, listed at its first (``ExpatReceiver/defaultLiteral(through:at:element:attribute:)``).
    var referencedDefaults: ReferencedDefaults?
    /// What the caller's DTD as written breaks of the rules that tie markup to parameter
    /// entities, found once the DTD is read.
    var writtenDTDIssues: [XMLWrittenDTDIssue] = []
    /// Where the attributes of the start tag at a byte offset are written, by name, made on
    /// the first ask during its event (``ExpatReceiver/writtenAttributePosition(named:)``).
    var attributePositionCache: (tag: Int64, positions: [String: XMLPosition])?
    /// Bytes held back while a large token is pending (expat before 2.6 only).
    var heldBytes: [UInt8] = []
    /// Set when a subclass asked expat to suspend after the current callback.
    var suspendRequested = false
    /// The first repairs, as many as the options keep.
    var repairs: [XMLRepair] = []
    /// Every repair made in this document.
    var repairCount = 0
}

/// The attribute definitions with a default literal that a reference to a parameter entity
/// holds (``DTDTextScanner/attributeDefaults(in:parameterEntities:)``), and the next one
/// an event of that reference takes.
struct ReferencedDefaults {
    var entity: String
    var offset: Int64
    var inDTD: Bool
    var entries: [(key: String, literal: [UInt8])]
    var next = 0
}
