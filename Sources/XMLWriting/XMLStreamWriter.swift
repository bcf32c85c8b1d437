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
    private var buffer: [UInt8] = []
    private var open: [OpenElement] = []
    /// In-scope namespace bindings, innermost last (`nil` prefix: the default namespace).
    private var bindings: [(prefix: String?, uri: String)] = []
    private var startTagOpen = false
    private var attributesInTag: [String] = []
    private var rootDone = false
    private var wroteAnything = false
    private var finished = false
    private var generatedPrefixes = 0

    /// Creates a writer.
    public init(to output: XMLWriterOutput = .memory, options: Options = Options()) throws(XMLWriterError) {
        self.options = options
        self.sink = try OutputSink(output)
        buffer.reserveCapacity(64 * 1024)
    }

    /// The bytes written so far, for ``XMLWriterOutput/memory`` (after ``finish()``, all of them).
    public var bytes: [UInt8] { sink.memory + buffer }
    /// The output so far as a string, for ``XMLWriterOutput/memory``.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Low level

    private func emit(_ string: String) {
        buffer.append(contentsOf: string.utf8)
    }

    private func flushIfLarge() throws(XMLWriterError) {
        if buffer.count >= 64 * 1024 { try flush() }
    }

    private func flush() throws(XMLWriterError) {
        guard !buffer.isEmpty else { return }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        var failure: XMLWriterError?
        pending.withUnsafeBytes { bytes in
            do throws(XMLWriterError) { try sink.write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private func checkNotFinished() throws(XMLWriterError) {
        if finished { throw XMLWriterError(.finished) }
    }

    private func clean(_ string: String) throws(XMLWriterError) -> String {
        do throws(XMLInvalidCharacterError) {
            return try string.validXMLString(policy: options.characterPolicy)
        } catch {
            throw XMLWriterError(.invalidCharacter(error))
        }
    }

    private func escape(_ string: String, for context: XMLEscaping.Context) throws(XMLWriterError) {
        do throws(XMLInvalidCharacterError) {
            try XMLEscaping.append(string, for: context, policy: options.characterPolicy, to: &buffer)
        } catch {
            throw XMLWriterError(.invalidCharacter(error))
        }
    }

    /// Closes a pending start tag (`>`), before any content.
    private func closeStartTag() {
        guard startTagOpen else { return }
        buffer.append(UInt8(ascii: ">"))
        startTagOpen = false
        attributesInTag.removeAll(keepingCapacity: true)
    }

    /// Before markup (an element, comment or PI): closes the start tag and indents.
    private func beginMarkup() {
        closeStartTag()
        if open.isEmpty {
            if wroteAnything && options.indentation != nil { buffer.append(0x0A) }
        } else {
            open[open.count - 1].hasChildMarkup = true
            if let indentation = options.indentation, !open[open.count - 1].hasText {
                buffer.append(0x0A)
                for _ in 0..<open.count { emit(indentation) }
            }
        }
        wroteAnything = true
    }

    // MARK: - Namespaces

    private func boundURI(for prefix: String?) -> String? {
        if prefix == "xml" { return "http://www.w3.org/XML/1998/namespace" }
        return bindings.last { $0.prefix == prefix }?.uri
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
            emit(" xmlns=\"")
        }
        try escape(uri, for: .attributeValue)
        buffer.append(UInt8(ascii: "\""))
        bindings.append((prefix, uri))
    }

    /// Declares `prefix` (or the default namespace, for `nil`) for `uri` on the element whose
    /// start tag is open, unless it is already in scope with that URI.
    public func declareNamespace(prefix: String?, uri: String) throws(XMLWriterError) {
        try checkNotFinished()
        guard startTagOpen else { throw XMLWriterError(.misplacedAttribute(prefix.map { "xmlns:\($0)" } ?? "xmlns")) }
        if boundURI(for: prefix) != uri { try declare(prefix: prefix, uri: uri) }
    }

    // MARK: - Document

    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` (with `standalone` when given). Must come first.
    public func declaration(standalone: Bool? = nil) throws(XMLWriterError) {
        try checkNotFinished()
        guard !wroteAnything else { throw XMLWriterError(.misplacedDeclaration) }
        emit("<?xml version=\"1.0\" encoding=\"UTF-8\"")
        if let standalone { emit(" standalone=\"\(standalone ? "yes" : "no")\"") }
        emit("?>")
        wroteAnything = true
    }

    /// Starts an element. With a namespace, the element is written with `prefix` (or in the
    /// default namespace when `prefix` is `nil`), and the declaration is added when that
    /// binding is not already in scope.
    public func startElement(_ localName: String, namespace: String? = nil, prefix: String? = nil) throws(XMLWriterError) {
        try checkNotFinished()
        guard XMLNameValidation.isValid(localName, allowingColon: namespace == nil && prefix == nil) else {
            throw XMLWriterError(.invalidName(localName))
        }
        if open.isEmpty && rootDone { throw XMLWriterError(.contentOutsideRoot) }
        beginMarkup()
        let writtenName = prefix.map { "\($0):\(localName)" } ?? localName
        buffer.append(UInt8(ascii: "<"))
        emit(writtenName)
        startTagOpen = true
        let bindingCount = bindings.count
        open.append(OpenElement(writtenName: writtenName, bindingCount: bindingCount))
        if let namespace {
            if boundURI(for: prefix) != namespace { try declare(prefix: prefix, uri: namespace) }
        } else if let prefix {
            guard boundURI(for: prefix) != nil else { throw XMLWriterError(.invalidPrefix(prefix)) }
        } else if let current = boundURI(for: nil), !current.isEmpty {
            // A name in no namespace inside a default namespace: undeclare it.
            emit(" xmlns=\"\"")
            bindings.append((nil, ""))
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
                usedPrefix = bindings.last { $0.prefix != nil && $0.uri == namespace }?.prefix
            }
            if usedPrefix == nil {
                generatedPrefixes += 1
                usedPrefix = "ns\(generatedPrefixes)"
            }
        }
        let writtenName = usedPrefix.map { "\($0):\(localName)" } ?? localName
        guard startTagOpen, !attributesInTag.contains(writtenName) else {
            throw XMLWriterError(.misplacedAttribute(writtenName))
        }
        if let namespace, boundURI(for: usedPrefix) != namespace { try declare(prefix: usedPrefix, uri: namespace) }
        attributesInTag.append(writtenName)
        buffer.append(0x20)
        emit(writtenName)
        emit("=\"")
        try escape(value, for: .attributeValue)
        buffer.append(UInt8(ascii: "\""))
        try flushIfLarge()
    }

    /// Writes character data, escaped. Outside the root element only white space is allowed.
    public func text(_ text: String) throws(XMLWriterError) {
        try checkNotFinished()
        if open.isEmpty {
            guard text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
                throw XMLWriterError(.contentOutsideRoot)
            }
        } else {
            open[open.count - 1].hasText = true
        }
        closeStartTag()
        try escape(text, for: .text)
        try flushIfLarge()
    }

    /// Writes a CDATA section; a `]]>` inside is split across two sections.
    public func cdata(_ text: String) throws(XMLWriterError) {
        try checkNotFinished()
        guard !open.isEmpty else { throw XMLWriterError(.contentOutsideRoot) }
        open[open.count - 1].hasText = true
        closeStartTag()
        let cleaned = try clean(text)
        emit("<![CDATA[")
        emit(cleaned.replacing("]]>", with: "]]]]><![CDATA[>"))
        emit("]]>")
        try flushIfLarge()
    }

    /// Writes a comment; refuses one containing `--` or ending in `-`.
    public func comment(_ text: String) throws(XMLWriterError) {
        try checkNotFinished()
        let cleaned = try clean(text)
        guard !cleaned.contains("--"), !cleaned.hasSuffix("-") else { throw XMLWriterError(.invalidComment) }
        beginMarkup()
        emit("<!--\(cleaned)-->")
        try flushIfLarge()
    }

    /// Writes `<?target data?>`; refuses the target `xml` and data containing `?>`.
    public func processingInstruction(target: String, data: String = "") throws(XMLWriterError) {
        try checkNotFinished()
        let cleaned = try clean(data)
        guard XMLNameValidation.isValid(target), target.lowercased() != "xml", !cleaned.contains("?>") else {
            throw XMLWriterError(.invalidProcessingInstruction(target))
        }
        beginMarkup()
        emit(cleaned.isEmpty ? "<?\(target)?>" : "<?\(target) \(cleaned)?>")
        try flushIfLarge()
    }

    /// Ends the innermost open element (`<a/>` when it has no content).
    public func endElement() throws(XMLWriterError) {
        try checkNotFinished()
        guard let element = open.popLast() else { throw XMLWriterError(.unbalancedEnd) }
        if startTagOpen {
            emit("/>")
            startTagOpen = false
            attributesInTag.removeAll(keepingCapacity: true)
        } else {
            if let indentation = options.indentation, element.hasChildMarkup, !element.hasText {
                buffer.append(0x0A)
                for _ in 0..<open.count { emit(indentation) }
            }
            emit("</\(element.writtenName)>")
        }
        bindings.removeLast(bindings.count - element.bindingCount)
        if open.isEmpty { rootDone = true }
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
            guard open.isEmpty else { throw XMLWriterError(.unclosedElements(open.map(\.writtenName))) }
            guard rootDone else { throw XMLWriterError(.missingRoot) }
            if options.indentation != nil { buffer.append(0x0A) }
            try flush()
            try sink.commit()
            finished = true
        } catch {
            sink.abandon()
            throw error
        }
    }

    /// Gives up: a file output's temporary is removed and the old file stays as it was.
    public func abandon() {
        sink.abandon()
        finished = true
    }
}

@available(*, unavailable, message: "A writer belongs to one task.")
extension XMLStreamWriter: Sendable {}
