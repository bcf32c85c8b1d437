internal import XMLSyntax

/// Writes XML that always reads back, streaming, in constant memory.
///
/// It escapes what must be escaped, handles characters XML 1.0 does not allow by a
/// ``XMLCharacterPolicy``, declares the namespace prefixes it needs, splits `]]>` in CDATA,
/// and refuses with ``XMLWriterError`` whatever could not be well-formed: an end tag with
/// nothing open, an invalid name, a second root, a comment with `--`, an attribute repeated
/// (by name, or by namespace and local name). Files are written atomically
/// (``XMLWriterOutput/file(path:)``).
///
/// **A call that throws writes nothing.** Everything a call could refuse is checked before
/// its first byte, or the bytes it wrote are taken back, so after a refusal the writer is
/// where it was and can go on. An output error (a failed `write(2)`) is different: the
/// output can no longer be trusted, so every later call throws the same error and a file
/// output keeps its old contents.
///
/// ```swift
/// let writer = try XMLStreamWriter(to: .file(path: "schedule.xml"), options: .init(indentation: "  "))
/// try writer.declaration()
/// try writer.startElement("schedule")
/// try writer.startElement("team")
/// try writer.attribute("code", value: "100")
/// try writer.element("name", text: "Betonbauer")
/// try writer.endElement()
/// try writer.endElement()
/// try writer.finish()
/// ```
///
/// - Complexity: each call is O(size of what it writes), however many attributes the open
///   tag already has and however many namespaces are in scope; memory is the buffer
///   (128 KiB) plus the open elements' names and bindings, plus the open tag's attribute
///   names. Not `Sendable`: one writer belongs to one task.
public final class XMLStreamWriter {
    /// How the writer lays out and cleans its output.
    public struct Options: Hashable, Sendable {
        /// The indentation per level (for example two spaces), or `nil` for compact output.
        /// Only spaces, tabs and line breaks. Elements that contain text are never indented
        /// inside, so text stays exactly as given.
        public var indentation: String?
        /// What to do with characters XML 1.0 does not allow in text, attribute values,
        /// comments and processing instructions. Default ``XMLCharacterPolicy/strip``.
        /// Namespace URIs are never cleaned: one with such a character is refused.
        public var characterPolicy: XMLCharacterPolicy

        /// Skips the check for characters XML does not allow, so the output can be unreadable.
        /// Only for the benchmark that measures what the check costs; not public API.
        @_spi(Benchmarks) public var skipsCharacterCheck = false

        /// Creates options.
        public init(indentation: String? = nil, characterPolicy: XMLCharacterPolicy = .strip) {
            self.indentation = indentation
            self.characterPolicy = characterPolicy
        }
    }

    struct OpenElement {
        /// Where the name as written sits in the state's `openNames`: plain numbers, so
        /// the stack of open elements holds no references to count.
        let nameStart: Int
        let nameCount: Int
        /// The namespace scope's mark before this element's declarations.
        let namespaceMark: Int
        /// Text was written inside (or the caller asked): nothing is added to this element's
        /// content or its descendants', since added white space would change the text.
        var keepsContentAsWritten = false
        var hasChildMarkup = false
        /// Its tag has a namespace declaration written as a plain attribute (a tree read
        /// without namespace processing).
        var hasLiteralDeclaration = false
    }

    /// The options in use.
    public let options: Options
    let sink: OutputSink

    /// Everything the writer changes as it goes, in one stored property whose exclusivity is
    /// not checked at run time: the dynamic check on a class's stored property was a third of
    /// the writer's time.
    struct State: ~Copyable {
        var buffer = ByteBuffer(capacity: 128 * 1024)
        var open: [OpenElement] = []
        /// The open elements' names as written, one after another (OpenElement).
        var openNames = ByteBuffer(capacity: 256)
        var namespaces = NamespaceScope()
        var startTagOpen = false
        var tagNames = StartTagNames()
        var rootDone = false
        var wroteAnything = false
        var wroteDoctype = false
        /// Whether the DOCTYPE names an external DTD (a public or system identifier), which
        /// may declare entities: what makes an entity reference readable (`entityReference`).
        var doctypeHasExternalID = false
        /// What the DOCTYPE's internal subset declares that writing the root must respect.
        var subset = XMLStreamWriter.SubsetFacts() {
            didSet {
                hasTokenizedAttributes = !subset.tokenizedAttributes.isEmpty
                hasPrefixedDefaults = !subset.prefixedDefaults.isEmpty
                hasNamespaceDefaults = !subset.namespaceDefaults.isEmpty
            }
        }
        /// Whether the subset holds each kind of rule: plain flags, tested on every tag and
        /// attribute without touching the collections (whose reads cost reference counting:
        /// 4% of the writer's instructions when the collections were tested instead).
        var hasTokenizedAttributes = false
        var hasPrefixedDefaults = false
        var hasNamespaceDefaults = false
        /// How many open elements have a namespace declaration written as a plain attribute:
        /// while any has, prefixes are the document's business (see `checkTagCloses`).
        var openLiteralDeclarations = 0
        /// Whether the declaration said `standalone="yes"`: then every entity must be declared
        /// in the document itself.
        var declaredStandalone = false
        var finished = false
        /// The output error that ended the writer, thrown again by every later call.
        var failure: XMLWriterError?
        /// Bytes handed to the output so far (the buffer not counted).
        var flushedBytes = 0
        var generatedPrefixes = 0
    }

    /// Unchecked exclusivity: no overlapping access, re-entrant calls included. The writer
    /// calls no code of its users (its outputs are memory, a descriptor and a file), and it
    /// is not `Sendable`, so one call at a time reaches it.
    @exclusivity(unchecked) var state = State()

    /// Creates a writer.
    ///
    /// - Throws: ``XMLWriterError/Kind/invalidIndentation(_:)`` when the indentation holds
    ///   anything but spaces, tabs and line breaks; an output error when a file cannot be
    ///   created.
    public init(to output: XMLWriterOutput = .memory, options: Options = Options()) throws(XMLWriterError) {
        if let indentation = options.indentation,
            !indentation.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        {
            throw XMLWriterError(.invalidIndentation(indentation))
        }
        self.options = options
        self.sink = try OutputSink(output)
    }

    /// The bytes written so far, for ``XMLWriterOutput/memory`` (after ``finish()``, all of them).
    public var bytes: [UInt8] { unsafe sink.memory + state.buffer.array }
    /// How many bytes the writer has produced so far, buffered ones included.
    public var bytesWritten: Int { unsafe state.flushedBytes + state.buffer.count }

    /// The output so far as a string, for ``XMLWriterOutput/memory``.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Checks the document is complete, writes the last bytes and, for a file, replaces the
    /// old file with the new one. After an error the old file is untouched.
    public func finish() throws(XMLWriterError) {
        try checkUsable()
        guard unsafe state.open.isEmpty else {
            throw unsafe XMLWriterError(.unclosedElements(state.open.map { writtenName(of: $0) }))
        }
        guard unsafe state.rootDone else { throw XMLWriterError(.missingRoot) }
        do throws(XMLWriterError) {
            if options.indentation != nil { unsafe state.buffer.append(0x0A) }
            try flush()
            try sink.commit()
            unsafe state.finished = true
        } catch {
            unsafe state.failure = error
            sink.abandon()
            throw error
        }
    }

    /// Gives up: a file output's temporary is removed and the old file stays as it was.
    public func abandon() {
        sink.abandon()
        unsafe state.finished = true
    }
}

@available(*, unavailable, message: "A writer belongs to one task.")
extension XMLStreamWriter: Sendable {}

// The bytes: appending, flushing, cleaning and escaping.
extension XMLStreamWriter {
    @inline(__always)
    func emit(_ string: String) {
        unsafe withUTF8Bytes(of: string) { unsafe state.buffer.append(bytes: $0) }
    }

    /// An open element's name as written.
    func writtenName(of element: OpenElement) -> String {
        unsafe String(decoding: state.openNames.bytes(from: element.nameStart, count: element.nameCount), as: UTF8.self)
    }

    @inline(__always)
    func emit(literal string: StaticString) {
        unsafe state.buffer.append(bytes: UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    /// Hands a full buffer to the output. An output error ends the writer (see the type's
    /// documentation): the file's temporary is dropped and later calls throw it again.
    @inline(__always)
    func flushIfLarge() throws(XMLWriterError) {
        guard unsafe state.buffer.count >= 64 * 1024 else { return }
        do throws(XMLWriterError) { try flush() } catch {
            unsafe state.failure = error
            sink.abandon()
            throw error
        }
    }

    @inline(never)
    func flush() throws(XMLWriterError) {
        guard unsafe !state.buffer.isEmpty else { return }
        var failure: XMLWriterError?
        unsafe state.buffer.withUnsafeBytes { bytes in
            do throws(XMLWriterError) { unsafe try sink.write(bytes) } catch { failure = error }
        }
        unsafe state.flushedBytes += state.buffer.count
        unsafe state.buffer.removeAll()
        if let failure { throw failure }
    }

    /// Throws when the writer has finished or an output error ended it.
    func checkUsable() throws(XMLWriterError) {
        if let failure = unsafe state.failure { throw failure }
        if unsafe state.finished { throw XMLWriterError(.finished) }
    }

    func clean(_ string: String, policy: XMLCharacterPolicy? = nil) throws(XMLWriterError) -> String {
        if options.skipsCharacterCheck { return string }
        do throws(XMLInvalidCharacterError) {
            return try string.validXMLString(policy: policy ?? options.characterPolicy)
        } catch {
            throw XMLWriterError(.invalidCharacter(error))
        }
    }

    /// Refuses a namespace URI with a character XML cannot hold, whatever the character
    /// policy: stripping or replacing it would change which namespace is meant (and could
    /// leave a prefix bound to nothing). A URI that passes is written as it is.
    func checkNamespaceCharacters(_ uri: String) throws(XMLWriterError) {
        _ = try clean(uri, policy: .throw)
    }

    /// Appends `string` escaped. Under ``XMLCharacterPolicy/throw`` it can fail part way;
    /// the caller takes the bytes back (``rollBack(to:)``).
    func escape(_ string: String, for context: XMLEscaping.Context) throws(XMLWriterError) {
        do throws(XMLInvalidCharacterError) {
            unsafe try XMLEscaping.escape(
                string, for: context, policy: options.characterPolicy, checksCharacters: !options.skipsCharacterCheck,
                into: &state.buffer)
        } catch {
            throw XMLWriterError(.invalidCharacter(error))
        }
    }

    /// Takes back what was appended after `mark` (a buffer count taken in the same call:
    /// nothing is flushed in the middle of a call, so the bytes are all still there).
    func rollBack(to mark: Int) { unsafe state.buffer.truncate(to: mark) }

    /// Closes a pending start tag (`>`), before any content.
    func closeStartTag() {
        guard unsafe state.startTagOpen else { return }
        applyNamespaceDefaults()
        unsafe state.buffer.append(UInt8(ascii: ">"))
        unsafe state.startTagOpen = false
        unsafe state.tagNames.removeAll()
    }

    /// Before markup (an element, comment or PI): closes the start tag and indents.
    func beginMarkup() {
        closeStartTag()
        if unsafe state.open.isEmpty {
            if unsafe state.wroteAnything && options.indentation != nil { unsafe state.buffer.append(0x0A) }
        } else if let indentation = options.indentation {
            // Only indentation reads hasChildMarkup: without it the stack is left alone.
            unsafe state.open[state.open.count - 1].hasChildMarkup = true
            if unsafe !state.open[state.open.count - 1].keepsContentAsWritten {
                unsafe state.buffer.append(0x0A)
                for _ in unsafe 0..<state.open.count { emit(indentation) }
            }
        }
        unsafe state.wroteAnything = true
    }
}
