internal import XMLSyntax

// Elements, attributes and the namespace declarations they need.
extension XMLStreamWriter {
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// A prefix a caller names: an NCName, and never `xmlns` (declarations have their own call).
    private func checkPrefix(_ prefix: String?) throws(XMLWriterError) {
        guard let prefix else { return }
        guard prefix != "xmlns", XMLNameValidation.isValid(prefix, allowingColon: false) else {
            throw XMLWriterError(.invalidPrefix(prefix))
        }
    }

    /// Whether `prefix` may be bound to `uri` at all (the Namespaces recommendation's
    /// reserved names: `xml` only for its own URI, nothing for the `xmlns` URI, no prefix
    /// for the empty URI).
    func checkBinding(_ prefix: String?, _ uri: String) throws(XMLWriterError) {
        let isXMLPrefix = prefix == "xml"
        let isXMLURI = uri == NamespaceScope.xmlNamespace
        if isXMLPrefix != isXMLURI || uri == Self.xmlnsNamespace || (prefix != nil && uri.isEmpty) {
            throw XMLWriterError(.invalidPrefix(prefix ?? "xmlns"))
        }
    }

    /// The declaration's attribute as written: `xmlns` or `xmlns:prefix`.
    func declarationName(_ prefix: String?) -> String { prefix.map { "xmlns:" + $0 } ?? "xmlns" }

    /// Writes ` xmlns[:prefix]="uri"`, the URI already checked (so escaping cannot fail).
    func writeDeclaration(_ prefix: String?, _ uri: String) {
        if let prefix {
            emit(literal: " xmlns:")
            emit(prefix)
            emit(literal: "=\"")
        } else {
            emit(literal: " xmlns=\"")
        }
        try? escape(uri, for: .attributeValue)
        unsafe state.buffer.append(UInt8(ascii: "\""))
    }

    /// Puts a declaration written in the open tag into scope.
    private func recordDeclaration(_ prefix: String?, _ uri: String) {
        unsafe state.namespaces.bind(prefix, to: uri)
        unsafe state.tagNames.insert(written: declarationName(prefix))
        unsafe state.tagNames.use(prefix: prefix)
    }

    /// Declares `prefix` (or the default namespace, for `nil`) for `uri` on the element whose
    /// start tag is open, unless it is already in scope with that URI.
    ///
    /// - Throws: ``XMLWriterError/Kind/invalidPrefix(_:)`` for a prefix that is not an
    ///   NCName or may not be bound to `uri`; ``XMLWriterError/Kind/conflictingPrefix(_:)``
    ///   when the open tag already declares the prefix or uses it in an attribute's name.
    public func declareNamespace(prefix: String?, uri: String) throws(XMLWriterError) {
        try checkUsable()
        guard unsafe state.startTagOpen else { throw XMLWriterError(.misplacedAttribute(declarationName(prefix))) }
        try checkPrefix(prefix)
        try checkBinding(prefix, uri)
        guard prefix != "xml", unsafe !state.namespaces.uri(for: prefix).hasSameCodePoints(as: uri) else { return }
        guard unsafe !state.tagNames.uses(prefix: prefix) else { throw XMLWriterError(.conflictingPrefix(prefix ?? "")) }
        try checkNamespaceCharacters(uri)
        try checkTokens(attribute: declarationName(prefix), value: uri)
        writeDeclaration(prefix, uri)
        recordDeclaration(prefix, uri)
        try flushIfLarge()
    }

    /// Starts an element. With a namespace, the element is written with `prefix` (or in the
    /// default namespace when `prefix` is `nil`), and the declaration is added when that
    /// binding is not already in scope. With a prefix and no namespace, the prefix must be
    /// in scope. With neither, `localName` is written as given (it may hold a colon, for
    /// documents read without namespace processing).
    ///
    /// - Complexity: O(length of the name), however many bindings are in scope.
    public func startElement(_ localName: String, namespace: String? = nil, prefix: String? = nil) throws(XMLWriterError) {
        try checkUsable()
        guard XMLNameValidation.isValid(localName, allowingColon: namespace == nil && prefix == nil) else {
            throw XMLWriterError(.invalidName(localName))
        }
        try checkPrefix(prefix)
        if unsafe state.open.isEmpty && state.rootDone { throw XMLWriterError(.contentOutsideRoot) }
        var declaration: (prefix: String?, uri: String)?
        if let namespace, !namespace.isEmpty {
            try checkBinding(prefix, namespace)
            if unsafe !state.namespaces.uri(for: prefix).hasSameCodePoints(as: namespace) {
                try checkNamespaceCharacters(namespace)
                declaration = (prefix, namespace)
            }
        } else if namespace != nil && prefix != nil {
            throw XMLWriterError(.invalidPrefix(prefix!))
        } else if let prefix {
            guard let bound = unsafe state.namespaces.uri(for: prefix), !bound.isEmpty else { throw XMLWriterError(.invalidPrefix(prefix)) }
        } else if let current = unsafe state.namespaces.uri(for: nil), !current.isEmpty {
            // A name in no namespace inside a default namespace: undeclare it.
            declaration = (nil, "")
        }

        try checkTagCloses()
        let writtenName = prefix.map { $0 + ":" + localName } ?? localName
        if let declaration {
            try checkTokens(attribute: declarationName(declaration.prefix), value: declaration.uri, element: Array(writtenName.utf8))
        }
        beginMarkup()
        unsafe withUTF8Bytes(of: writtenName) { unsafe openElement(writtenName: $0) }
        // An unprefixed name in a namespace uses the default namespace: a declaration of
        // another one on this tag would move the element into it (refused as a conflicting
        // prefix). A name written as given (no namespace) may declare its own: a document
        // read without namespace processing carries its `xmlns` as attributes.
        if prefix != nil || (namespace.map { !$0.isEmpty } ?? false) { unsafe state.tagNames.use(prefix: prefix) }
        if let declaration {
            writeDeclaration(declaration.prefix, declaration.uri)
            recordDeclaration(declaration.prefix, declaration.uri)
        }
        try flushIfLarge()
    }

    /// Adds an attribute to the element whose start tag is open. A namespaced attribute
    /// needs a prefix; when none is given or in scope, one is made up (`ns1`, `ns2`, … never
    /// one already in scope) and declared.
    ///
    /// - Throws: ``XMLWriterError/Kind/misplacedAttribute(_:)`` when no start tag is open
    ///   or the tag already has an attribute with this name, or with this namespace and
    ///   local name under another prefix; ``XMLWriterError/Kind/invalidPrefix(_:)`` for a
    ///   prefix that is not an NCName or not in scope;
    ///   ``XMLWriterError/Kind/conflictingPrefix(_:)`` when the prefix would have to be
    ///   declared again on this tag for another namespace.
    /// - Complexity: O(length of the name and value), however many attributes the tag has.
    public func attribute(
        _ localName: String, value: String, namespace: String? = nil, prefix: String? = nil
    ) throws(XMLWriterError) {
        try checkUsable()
        let namespace = namespace.flatMap { $0.isEmpty ? nil : $0 }
        let literal = namespace == nil && prefix == nil
        guard unsafe state.startTagOpen else {
            throw XMLWriterError(.misplacedAttribute(prefix.map { $0 + ":" + localName } ?? localName))
        }
        guard XMLNameValidation.isValid(localName, allowingColon: literal) else {
            throw XMLWriterError(.invalidName(localName))
        }
        try checkPrefix(prefix)
        var usedPrefix = prefix
        var declaration: (prefix: String, uri: String)?
        var generated = unsafe state.generatedPrefixes
        var uri: String?
        if let namespace {
            try checkBinding(prefix ?? (namespace == NamespaceScope.xmlNamespace ? "xml" : nil), namespace)
            if usedPrefix == nil { usedPrefix = unsafe state.namespaces.prefix(for: namespace) }
            if usedPrefix == nil {
                repeat {
                    generated += 1
                    usedPrefix = "ns\(generated)"
                } while unsafe state.namespaces.uri(for: usedPrefix) != nil || state.tagNames.uses(prefix: usedPrefix)
            }
            if unsafe !state.namespaces.uri(for: usedPrefix).hasSameCodePoints(as: namespace) {
                guard unsafe !state.tagNames.uses(prefix: usedPrefix) else {
                    throw XMLWriterError(.conflictingPrefix(usedPrefix!))
                }
                try checkNamespaceCharacters(namespace)
                declaration = (usedPrefix!, namespace)
            }
            uri = namespace
        } else if let prefix {
            guard let bound = unsafe state.namespaces.uri(for: prefix), !bound.isEmpty else { throw XMLWriterError(.invalidPrefix(prefix)) }
            uri = bound
        }
        // A declaration written as a plain attribute (a tree read without namespace
        // processing) is checked like one from declareNamespace. It stays out of the scope:
        // names written as given keep meaning what they meant in the source.
        var literalDeclaration: String??
        if literal, let declaration = NamespaceDeclaration(attributeName: localName) {
            let declared = declaration.declaredPrefix
            try checkPrefix(declared)
            try checkBinding(declared, value)
            try checkNamespaceCharacters(value)
            if unsafe state.tagNames.uses(prefix: declared) { throw XMLWriterError(.conflictingPrefix(declared ?? "")) }
            literalDeclaration = .some(declared)
        }
        let writtenName = usedPrefix.map { $0 + ":" + localName } ?? localName
        let expanded = uri.map { StartTagNames.ExpandedName(uri: $0, localName: localName) }
        var repeated = unsafe state.tagNames.contains(written: writtenName)
        if !repeated, let expanded { repeated = unsafe state.tagNames.contains(expanded) }
        if repeated {
            throw XMLWriterError(.misplacedAttribute(writtenName))
        }
        try checkTokens(attribute: writtenName, value: value)
        if let declaration { try checkTokens(attribute: declarationName(declaration.prefix), value: declaration.uri) }

        let mark = unsafe state.buffer.count
        if let declaration { writeDeclaration(declaration.prefix, declaration.uri) }
        // The closure cannot throw a typed error: carry it out by hand.
        let failure: XMLWriterError? = unsafe withUTF8Bytes(of: writtenName) { name in
            do throws(XMLWriterError) { unsafe try writeAttribute(written: name, value: value, rollingBackTo: mark) } catch { return error }
            return nil
        }
        if let failure { throw failure }
        if let declaration { recordDeclaration(declaration.prefix, declaration.uri) }
        unsafe state.generatedPrefixes = generated
        unsafe state.tagNames.insert(written: writtenName)
        if let expanded { unsafe state.tagNames.insert(expanded) }
        if let usedPrefix { unsafe state.tagNames.use(prefix: usedPrefix) }
        if let declared = literalDeclaration {
            unsafe state.tagNames.use(prefix: declared)
            if unsafe !state.open[state.open.count - 1].hasLiteralDeclaration {
                unsafe state.open[state.open.count - 1].hasLiteralDeclaration = true
                unsafe state.openLiteralDeclarations += 1
            }
        }
        try flushIfLarge()
    }

    /// Ends the innermost open element (`<a/>` when it has no content).
    public func endElement() throws(XMLWriterError) {
        try checkUsable()
        guard unsafe !state.open.isEmpty else { throw XMLWriterError(.unbalancedEnd) }
        try checkTagCloses()
        // While the element is still the innermost: the defaults are its own.
        if unsafe state.startTagOpen { applyNamespaceDefaults() }
        let element = unsafe state.open.removeLast()
        if unsafe state.startTagOpen {
            emit(literal: "/>")
            unsafe state.startTagOpen = false
            unsafe state.tagNames.removeAll()
        } else {
            if let indentation = options.indentation, element.hasChildMarkup, !element.keepsContentAsWritten {
                unsafe state.buffer.append(0x0A)
                for _ in unsafe 0..<state.open.count { emit(indentation) }
            }
            emit(literal: "</")
            unsafe state.buffer.append(bytes: state.openNames.bytes(from: element.nameStart, count: element.nameCount))
            unsafe state.buffer.append(UInt8(ascii: ">"))
        }
        try elementEnded(element)
    }

    /// Refuses a value with leading, trailing or doubled spaces (after the character policy)
    /// for an attribute, or namespace declaration, that the internal subset declares of a
    /// type other than CDATA on this element (the open one, unless `element` names another):
    /// a reader would remove them. Nothing to do, and no hashing, without such declarations.
    @inline(__always)
    func checkTokens(attribute name: String, value: String, element: [UInt8]? = nil) throws(XMLWriterError) {
        guard unsafe state.hasTokenizedAttributes else { return }
        try checkTokensInSubset(attribute: name, value: value, element: element)
    }

    private func checkTokensInSubset(attribute name: String, value: String, element: [UInt8]?) throws(XMLWriterError) {
        let elementName: [UInt8]
        if let element {
            elementName = element
        } else if let open = unsafe state.open.last {
            elementName = unsafe Array(state.openNames.bytes(from: open.nameStart, count: open.nameCount))
        } else {
            return
        }
        guard unsafe state.subset.tokenizedAttributes.contains(Self.attributeKey(element: elementName, attribute: name.utf8)) else { return }
        guard Self.isNormalizedTokens(try clean(value)) else { throw XMLWriterError(.unnormalizedTokens(name)) }
    }

    /// Refuses to close a start tag (or, with `element`, a new one with nothing more than its
    /// own `ownPrefix`) whose attribute defaults in the internal subset use a prefix that is
    /// not bound there: a reader would stop at it. Called before a call writes anything.
    /// Without such defaults, one test and nothing else.
    @inline(__always)
    func checkTagCloses(element newElement: [UInt8]? = nil, ownPrefix: String? = nil) throws(XMLWriterError) {
        guard unsafe state.hasPrefixedDefaults else { return }
        try checkTagClosesInSubset(element: newElement, ownPrefix: ownPrefix)
    }

    private func checkTagClosesInSubset(element newElement: [UInt8]?, ownPrefix: String?) throws(XMLWriterError) {
        guard unsafe state.openLiteralDeclarations == 0 else { return }
        let name: [UInt8]
        if let newElement {
            name = newElement
        } else {
            guard unsafe state.startTagOpen, let open = unsafe state.open.last else { return }
            name = unsafe Array(state.openNames.bytes(from: open.nameStart, count: open.nameCount))
        }
        guard let prefixes = unsafe state.subset.prefixedDefaults[name] else { return }
        let defaults = unsafe state.subset.namespaceDefaults[name] ?? []
        for prefix in prefixes where prefix != ownPrefix {
            if unsafe state.namespaces.uri(for: prefix) != nil { continue }
            // A default declaration of the subset binds it, as the tag closes.
            guard defaults.contains(where: { $0.prefix == prefix }) else { throw XMLWriterError(.invalidPrefix(prefix)) }
        }
    }

    /// Before a start tag's `>`: the namespace declarations the internal subset's defaults
    /// add to this element where the tag leaves them out. One that would change a binding
    /// is written with the binding in scope; one that binds a prefix the writer has not
    /// bound is taken into scope, as the reader takes it.
    @inline(__always)
    func applyNamespaceDefaults() {
        if unsafe state.hasNamespaceDefaults { applyNamespaceDefaultsOfSubset() }
    }

    private func applyNamespaceDefaultsOfSubset() {
        guard let element = unsafe state.open.last else { return }
        let name = unsafe Array(state.openNames.bytes(from: element.nameStart, count: element.nameCount))
        guard let defaults = unsafe state.subset.namespaceDefaults[name] else { return }
        for (prefix, uri) in defaults {
            // Declared on the tag, by a call or as a literal attribute: the tag's own wins.
            if unsafe state.tagNames.contains(written: declarationName(prefix)) { continue }
            let current = unsafe state.namespaces.uri(for: prefix)
            if (prefix == nil ? current ?? "" : current).hasSameCodePoints(as: uri) { continue }
            if prefix == nil || current != nil {
                // The binding in scope (for the default namespace, none is `xmlns=""`), made explicit.
                writeDeclaration(prefix, current ?? "")
                unsafe state.namespaces.bind(prefix, to: current ?? "")
            } else {
                unsafe state.namespaces.bind(prefix, to: uri)
            }
        }
    }

    /// Writes `<name` and opens the element's start tag (the caller has begun the markup).
    @inline(__always)
    func openElement(writtenName name: UnsafeBufferPointer<UInt8>) {
        unsafe state.buffer.append(UInt8(ascii: "<"))
        unsafe state.buffer.append(bytes: name)
        unsafe state.startTagOpen = true
        let inheritsKeeping = unsafe state.open.last?.keepsContentAsWritten ?? false
        let nameStart = unsafe state.openNames.count
        unsafe state.openNames.append(bytes: name)
        unsafe state.open.append(
            OpenElement(
                nameStart: nameStart, nameCount: name.count, namespaceMark: state.namespaces.mark,
                keepsContentAsWritten: inheritsKeeping))
    }

    /// Writes ` name="value"`, the value escaped; when escaping throws, the buffer goes back
    /// to `mark` (which may come before a declaration written for this attribute).
    @inline(__always)
    func writeAttribute(written name: UnsafeBufferPointer<UInt8>, value: String, rollingBackTo mark: Int) throws(XMLWriterError) {
        unsafe state.buffer.append(0x20)
        unsafe state.buffer.append(bytes: name)
        emit(literal: "=\"")
        do throws(XMLWriterError) { try escape(value, for: .attributeValue) } catch {
            rollBack(to: mark)
            throw error
        }
        unsafe state.buffer.append(UInt8(ascii: "\""))
    }

    /// After an element's end tag: its declarations leave scope, and the root's end ends
    /// the document's content.
    @inline(__always)
    func elementEnded(_ element: OpenElement) throws(XMLWriterError) {
        if element.hasLiteralDeclaration { unsafe state.openLiteralDeclarations -= 1 }
        unsafe state.namespaces.unwind(to: element.namespaceMark)
        unsafe state.openNames.truncate(to: element.nameStart)
        if unsafe state.open.isEmpty { unsafe state.rootDone = true }
        try flushIfLarge()
    }

    /// Writes `<name>text</name>`: Scrivener's `addChildElementWithName:stringValue:`. Like
    /// every call, it writes nothing when it throws.
    public func element(_ localName: String, text: String, namespace: String? = nil, prefix: String? = nil) throws(XMLWriterError) {
        let cleaned = try clean(text)
        // The new tag closes within this call: checked before anything is written.
        if unsafe state.hasPrefixedDefaults {
            let written = prefix.map { $0 + ":" + localName } ?? localName
            try checkTagCloses(element: Array(written.utf8), ownPrefix: namespace.map { $0.isEmpty ? nil : prefix } ?? nil)
        }
        try startElement(localName, namespace: namespace, prefix: prefix)
        if !cleaned.isEmpty { try self.text(cleaned) }
        try endElement()
    }
}
