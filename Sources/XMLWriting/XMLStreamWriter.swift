internal import XMLSyntax

/// Writes XML that always reads back, streaming, in constant memory.
///
/// It escapes what must be escaped, handles characters XML 1.0 does not allow by a
/// ``XMLCharacterPolicy``, declares the namespace prefixes it needs, splits `]]>` in CDATA,
/// and refuses with ``XMLWriterError`` whatever could not be well-formed: an end tag with
/// nothing open, an invalid name, a second root, a comment with `--`. Files are written
/// atomically (``XMLWriterOutput/file(path:)``).
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
/// - Complexity: each call is O(size of what it writes); memory is the buffer (64 KiB) plus
///   the open elements' names. Not `Sendable`: one writer belongs to one task.
public final class XMLStreamWriter {
    /// How the writer lays out and cleans its output.
    public struct Options: Hashable, Sendable {
        /// The indentation per level (for example two spaces), or `nil` for compact output.
        /// Elements that contain text are never indented inside, so text stays exactly as given.
        public var indentation: String?
        /// What to do with characters XML 1.0 does not allow. Default ``XMLCharacterPolicy/strip``.
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

    private struct OpenElement {
        let writtenName: String
        let bindingCount: Int
        var hasText = false
        var hasChildMarkup = false
    }

    /// The options in use.
    public let options: Options
    private let sink: OutputSink

    /// Everything the writer changes as it goes. It lives in memory the writer owns rather
    /// than in stored properties: mutating a class's stored property from a closure costs a
    /// dynamic exclusivity check, which was a third of the writer's time.
    private struct State {
        var buffer = OutputBuffer(capacity: 128 * 1024)
        var open: [OpenElement] = []
        /// In-scope namespace bindings, innermost last (`nil` prefix: the default namespace).
        var bindings: [(prefix: String?, uri: String)] = []
        var startTagOpen = false
        var attributesInTag: [String] = []
        var rootDone = false
        var wroteAnything = false
        var wroteDoctype = false
        var finished = false
        /// Bytes handed to the output so far (the buffer not counted).
        var flushedBytes = 0
        var generatedPrefixes = 0
    }

    private let state: UnsafeMutablePointer<State>

    /// Creates a writer.
    public init(to output: XMLWriterOutput = .memory, options: Options = Options()) throws(XMLWriterError) {
        self.options = options
        self.sink = try OutputSink(output)
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    /// The bytes written so far, for ``XMLWriterOutput/memory`` (after ``finish()``, all of them).
    public var bytes: [UInt8] { sink.memory + state.pointee.buffer.array }
    /// How many bytes the writer has produced so far, buffered ones included.
    public var bytesWritten: Int { state.pointee.flushedBytes + state.pointee.buffer.count }

    /// The output so far as a string, for ``XMLWriterOutput/memory``.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Low level

    private func emit(_ string: String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { state.pointee.buffer.append(bytes: $0) }
        if done == nil {
            var string = string
            string.withUTF8 { state.pointee.buffer.append(bytes: $0) }
        }
    }

    private func emit(literal string: StaticString) {
        state.pointee.buffer.append(bytes: UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    @inline(__always)
    private func flushIfLarge() throws(XMLWriterError) {
        if state.pointee.buffer.count >= 64 * 1024 { try flush() }
    }

    @inline(never)
    private func flush() throws(XMLWriterError) {
        guard !state.pointee.buffer.isEmpty else { return }
        var failure: XMLWriterError?
        state.pointee.buffer.withUnsafeBytes { bytes in
            do throws(XMLWriterError) { try sink.write(bytes) } catch { failure = error }
        }
        state.pointee.flushedBytes += state.pointee.buffer.count
        state.pointee.buffer.removeAll()
        if let failure { throw failure }
    }

    private func checkNotFinished() throws(XMLWriterError) {
        if state.pointee.finished { throw XMLWriterError(.finished) }
    }

    private func clean(_ string: String) throws(XMLWriterError) -> String {
        if options.skipsCharacterCheck { return string }
        do throws(XMLInvalidCharacterError) {
            return try string.validXMLString(policy: options.characterPolicy)
        } catch {
            throw XMLWriterError(.invalidCharacter(error))
        }
    }

    private func escape(_ string: String, for context: XMLEscaping.Context) throws(XMLWriterError) {
        do throws(XMLInvalidCharacterError) {
            try XMLEscaping.escape(
                string, for: context, policy: options.characterPolicy, checksCharacters: !options.skipsCharacterCheck,
                into: &state.pointee.buffer)
        } catch {
            throw XMLWriterError(.invalidCharacter(error))
        }
    }

    /// Closes a pending start tag (`>`), before any content.
    private func closeStartTag() {
        guard state.pointee.startTagOpen else { return }
        state.pointee.buffer.append(UInt8(ascii: ">"))
        state.pointee.startTagOpen = false
        state.pointee.attributesInTag.removeAll(keepingCapacity: true)
    }

    /// Before markup (an element, comment or PI): closes the start tag and indents.
    private func beginMarkup() {
        closeStartTag()
        if state.pointee.open.isEmpty {
            if state.pointee.wroteAnything && options.indentation != nil { state.pointee.buffer.append(0x0A) }
        } else {
            state.pointee.open[state.pointee.open.count - 1].hasChildMarkup = true
            if let indentation = options.indentation, !state.pointee.open[state.pointee.open.count - 1].hasText {
                state.pointee.buffer.append(0x0A)
                for _ in 0..<state.pointee.open.count { emit(indentation) }
            }
        }
        state.pointee.wroteAnything = true
    }

    // MARK: - Namespaces

    private func boundURI(for prefix: String?) -> String? {
        if prefix == "xml" { return "http://www.w3.org/XML/1998/namespace" }
        return state.pointee.bindings.last { $0.prefix == prefix }?.uri
    }

    private func declare(prefix: String?, uri: String) throws(XMLWriterError) {
        if prefix == "xmlns" || (prefix == "xml" && uri != "http://www.w3.org/XML/1998/namespace") {
            throw XMLWriterError(.invalidPrefix(prefix!))
        }
        if prefix == "xml" { return }
        if let prefix {
            guard XMLNameValidation.isValid(prefix, allowingColon: false), !uri.isEmpty else {
                throw XMLWriterError(.invalidPrefix(prefix))
            }
            emit(" xmlns:\(prefix)=\"")
        } else {
            emit(literal: " xmlns=\"")
        }
        try escape(uri, for: .attributeValue)
        state.pointee.buffer.append(UInt8(ascii: "\""))
        state.pointee.bindings.append((prefix, uri))
    }

    /// Declares `prefix` (or the default namespace, for `nil`) for `uri` on the element whose
    /// start tag is open, unless it is already in scope with that URI.
    public func declareNamespace(prefix: String?, uri: String) throws(XMLWriterError) {
        try checkNotFinished()
        guard state.pointee.startTagOpen else { throw XMLWriterError(.misplacedAttribute(prefix.map { "xmlns:\($0)" } ?? "xmlns")) }
        if boundURI(for: prefix) != uri { try declare(prefix: prefix, uri: uri) }
    }

    // MARK: - Document

    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` (with `standalone` when given). Must come first.
    public func declaration(standalone: Bool? = nil) throws(XMLWriterError) {
        try checkNotFinished()
        guard !state.pointee.wroteAnything else { throw XMLWriterError(.misplacedDeclaration) }
        emit(literal: "<?xml version=\"1.0\" encoding=\"UTF-8\"")
        if let standalone { emit(" standalone=\"\(standalone ? "yes" : "no")\"") }
        emit(literal: "?>")
        state.pointee.wroteAnything = true
    }

    /// Writes `<!DOCTYPE name PUBLIC "publicID" "systemID">` (or `SYSTEM "systemID"`, or just
    /// the name). Must come before the root element, once. The writer writes no internal
    /// subset: entities and defaults are written out expanded.
    public func doctype(name: String, publicID: String? = nil, systemID: String? = nil) throws(XMLWriterError) {
        try checkNotFinished()
        guard !state.pointee.wroteDoctype, state.pointee.open.isEmpty, !state.pointee.rootDone else {
            throw XMLWriterError(.misplacedDoctype)
        }
        guard XMLNameValidation.isValid(name) else { throw XMLWriterError(.invalidName(name)) }
        if let publicID, !publicID.unicodeScalars.allSatisfy(Self.isPublicIDCharacter) {
            throw XMLWriterError(.invalidIdentifier(publicID))
        }
        if let systemID, systemID.contains("\"") && systemID.contains("'") {
            throw XMLWriterError(.invalidIdentifier(systemID))
        }
        func quoted(_ s: String) -> String { s.contains("\"") ? "'\(s)'" : "\"\(s)\"" }
        beginMarkup()
        var written = "<!DOCTYPE \(name)"
        if let publicID {
            written += " PUBLIC \(quoted(publicID)) \(quoted(systemID ?? ""))"
        } else if let systemID {
            written += " SYSTEM \(quoted(systemID))"
        }
        emit(written + ">")
        state.pointee.wroteDoctype = true
        try flushIfLarge()
    }

    /// XML's `PubidChar`.
    private static func isPublicIDCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case " ", "\r", "\n", "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "-'()+,./:=?;!*#@$_%".unicodeScalars.contains(c)
        }
    }

    /// Starts an element. With a namespace, the element is written with `prefix` (or in the
    /// default namespace when `prefix` is `nil`), and the declaration is added when that
    /// binding is not already in scope.
    public func startElement(_ localName: String, namespace: String? = nil, prefix: String? = nil) throws(XMLWriterError) {
        try checkNotFinished()
        guard XMLNameValidation.isValid(localName, allowingColon: namespace == nil && prefix == nil) else {
            throw XMLWriterError(.invalidName(localName))
        }
        if state.pointee.open.isEmpty && state.pointee.rootDone { throw XMLWriterError(.contentOutsideRoot) }
        beginMarkup()
        let writtenName = prefix.map { $0 + ":" + localName } ?? localName
        state.pointee.buffer.append(UInt8(ascii: "<"))
        emit(writtenName)
        state.pointee.startTagOpen = true
        let bindingCount = state.pointee.bindings.count
        state.pointee.open.append(OpenElement(writtenName: writtenName, bindingCount: bindingCount))
        if let namespace {
            if boundURI(for: prefix) != namespace { try declare(prefix: prefix, uri: namespace) }
        } else if let prefix {
            guard boundURI(for: prefix) != nil else { throw XMLWriterError(.invalidPrefix(prefix)) }
        } else if let current = boundURI(for: nil), !current.isEmpty {
            // A name in no namespace inside a default namespace: undeclare it.
            emit(literal: " xmlns=\"\"")
            state.pointee.bindings.append((nil, ""))
        }
        try flushIfLarge()
    }

    /// Adds an attribute to the element whose start tag is open. A namespaced attribute
    /// needs a prefix; when none is given or in scope, one is made up and declared.
    public func attribute(
        _ localName: String, value: String, namespace: String? = nil, prefix: String? = nil
    ) throws(XMLWriterError) {
        try checkNotFinished()
        guard XMLNameValidation.isValid(localName, allowingColon: namespace == nil && prefix == nil) else {
            throw XMLWriterError(.invalidName(localName))
        }
        var usedPrefix = prefix
        if let namespace {
            if usedPrefix == nil {
                usedPrefix = state.pointee.bindings.last { $0.prefix != nil && $0.uri == namespace }?.prefix
            }
            if usedPrefix == nil {
                state.pointee.generatedPrefixes += 1
                usedPrefix = "ns\(state.pointee.generatedPrefixes)"
            }
        }
        let writtenName = usedPrefix.map { $0 + ":" + localName } ?? localName
        guard state.pointee.startTagOpen, !state.pointee.attributesInTag.contains(writtenName) else {
            throw XMLWriterError(.misplacedAttribute(writtenName))
        }
        if let namespace, boundURI(for: usedPrefix) != namespace { try declare(prefix: usedPrefix, uri: namespace) }
        state.pointee.attributesInTag.append(writtenName)
        state.pointee.buffer.append(0x20)
        emit(writtenName)
        emit(literal: "=\"")
        try escape(value, for: .attributeValue)
        state.pointee.buffer.append(UInt8(ascii: "\""))
        try flushIfLarge()
    }

    /// Writes character data, escaped. Outside the root element only white space is allowed.
    public func text(_ text: String) throws(XMLWriterError) {
        try checkNotFinished()
        if state.pointee.open.isEmpty {
            guard text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
                throw XMLWriterError(.contentOutsideRoot)
            }
        } else {
            state.pointee.open[state.pointee.open.count - 1].hasText = true
        }
        closeStartTag()
        try escape(text, for: .text)
        try flushIfLarge()
    }

    /// Writes a CDATA section; a `]]>` inside is split across two sections.
    public func cdata(_ text: String) throws(XMLWriterError) {
        try checkNotFinished()
        guard !state.pointee.open.isEmpty else { throw XMLWriterError(.contentOutsideRoot) }
        state.pointee.open[state.pointee.open.count - 1].hasText = true
        closeStartTag()
        let cleaned = try clean(text)
        emit(literal: "<![CDATA[")
        // Split on bytes, not Characters: "]]>" followed by a combining mark is one
        // Character to String's search, but still ends the section.
        var rest = Substring(cleaned).utf8
        while let end = Self.firstRange(of: Array("]]>".utf8), in: rest) {
            emit(String(Substring(rest[..<end])))
            emit(literal: "]]]]><![CDATA[>")
            rest = rest[rest.index(end, offsetBy: 3)...]
        }
        emit(String(Substring(rest)))
        emit(literal: "]]>")
        try flushIfLarge()
    }

    /// Writes a comment; refuses one containing `--` or ending in `-`.
    public func comment(_ text: String) throws(XMLWriterError) {
        try checkNotFinished()
        let cleaned = try clean(text)
        guard Self.firstRange(of: Array("--".utf8), in: Substring(cleaned).utf8) == nil, cleaned.utf8.last != UInt8(ascii: "-")
        else { throw XMLWriterError(.invalidComment) }
        beginMarkup()
        emit("<!--\(cleaned)-->")
        try flushIfLarge()
    }

    /// Writes `<?target data?>`; refuses the target `xml` and data containing `?>`.
    public func processingInstruction(target: String, data: String = "") throws(XMLWriterError) {
        try checkNotFinished()
        let cleaned = try clean(data)
        guard XMLNameValidation.isValid(target), target.lowercased() != "xml",
            Self.firstRange(of: Array("?>".utf8), in: Substring(cleaned).utf8) == nil
        else {
            throw XMLWriterError(.invalidProcessingInstruction(target))
        }
        beginMarkup()
        emit(cleaned.isEmpty ? "<?\(target)?>" : "<?\(target) \(cleaned)?>")
        try flushIfLarge()
    }

    /// Where `pattern` first occurs in `bytes`, compared byte by byte (never by Character,
    /// whose grapheme clusters can hide a `--` or `?>` followed by a combining mark).
    private static func firstRange(of pattern: [UInt8], in bytes: Substring.UTF8View) -> Substring.UTF8View.Index? {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index...].starts(with: pattern) { return index }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// Ends the innermost open element (`<a/>` when it has no content).
    public func endElement() throws(XMLWriterError) {
        try checkNotFinished()
        guard let element = state.pointee.open.popLast() else { throw XMLWriterError(.unbalancedEnd) }
        if state.pointee.startTagOpen {
            emit(literal: "/>")
            state.pointee.startTagOpen = false
            state.pointee.attributesInTag.removeAll(keepingCapacity: true)
        } else {
            if let indentation = options.indentation, element.hasChildMarkup, !element.hasText {
                state.pointee.buffer.append(0x0A)
                for _ in 0..<state.pointee.open.count { emit(indentation) }
            }
            emit(literal: "</")
            emit(element.writtenName)
            state.pointee.buffer.append(UInt8(ascii: ">"))
        }
        state.pointee.bindings.removeLast(state.pointee.bindings.count - element.bindingCount)
        if state.pointee.open.isEmpty { state.pointee.rootDone = true }
        try flushIfLarge()
    }

    /// Writes `<name>text</name>`: Scrivener's `addChildElementWithName:stringValue:`.
    public func element(_ localName: String, text: String, namespace: String? = nil, prefix: String? = nil) throws(XMLWriterError) {
        try startElement(localName, namespace: namespace, prefix: prefix)
        if !text.isEmpty { try self.text(text) }
        try endElement()
    }

    /// Checks the document is complete, writes the last bytes and, for a file, replaces the
    /// old file with the new one. After an error the old file is untouched.
    public func finish() throws(XMLWriterError) {
        try checkNotFinished()
        do throws(XMLWriterError) {
            guard state.pointee.open.isEmpty else { throw XMLWriterError(.unclosedElements(state.pointee.open.map(\.writtenName))) }
            guard state.pointee.rootDone else { throw XMLWriterError(.missingRoot) }
            if options.indentation != nil { state.pointee.buffer.append(0x0A) }
            try flush()
            try sink.commit()
            state.pointee.finished = true
        } catch {
            sink.abandon()
            throw error
        }
    }

    deinit {
        state.pointee.buffer.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Gives up: a file output's temporary is removed and the old file stays as it was.
    public func abandon() {
        sink.abandon()
        state.pointee.finished = true
    }
}

@available(*, unavailable, message: "A writer belongs to one task.")
extension XMLStreamWriter: Sendable {}
