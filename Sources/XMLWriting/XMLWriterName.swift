internal import XMLSyntax

/// A name checked once, for the names a program writes again and again
/// (every `<activity>` of a feed, every `team=` on it): writing one skips the name check,
/// and the prefix and namespace work that a `String` name costs on every call.
///
/// ```swift
/// let activity = try XMLWriterName("activity"), team = try XMLWriterName("team")
/// for row in rows {
///     try writer.startElement(activity)
///     try writer.attribute(team, value: row.team)
///     try writer.endElement()
/// }
/// ```
///
/// Make one per name and keep it: each distinct string checked this way is remembered for the
/// life of the process (so that two checked names with one string are known to be the same
/// name in a start tag), which suits the fixed names of a format, not names taken from data.
///
/// It is a name in no namespace, written as given (it may hold a colon, as names do in a
/// document read without namespace processing), exactly as `startElement(_:)` and
/// `attribute(_:value:)` write a `String` name given without `namespace` or `prefix`.
@safe public struct XMLWriterName: Hashable, @unchecked Sendable, CustomStringConvertible {
    // @unchecked: `bytes` points to memory that is never written after the name is interned
    // and never freed (CheckedNames).

    /// The name's UTF-8, interned.
    let bytes: UnsafeBufferPointer<UInt8>
    /// `xmlns` or `xmlns:p`: a declaration, which the writer checks as one.
    let isDeclaration: Bool
    /// The same number for every checked name with this string (StartTagNames+Checked).
    let id: Int

    /// Checks `name` once: an XML name (a colon allowed).
    ///
    /// - Throws: ``XMLWriterError/Kind/invalidName(_:)`` for anything else.
    public init(_ name: String) throws(XMLWriterError) {
        guard XMLNameValidation.isValid(name, allowingColon: true) else { throw XMLWriterError(.invalidName(name)) }
        let entry = CheckedNames.entry(for: name)
        unsafe bytes = entry.bytes
        id = entry.id
        isDeclaration = NamespaceDeclaration(attributeName: name) != nil
    }

    /// The name as written.
    public var string: String { unsafe String(decoding: bytes, as: UTF8.self) }

    /// The name as written, as ``XMLWriterName/string`` gives it.
    public var description: String { string }

    // One number per string: comparing and hashing it is comparing and hashing the string.
    /// Whether two names have the same string, by code points (`é` and `e` + U+0301 are two
    /// names): each string has one number, and the numbers are compared.
    public static func == (a: Self, b: Self) -> Bool { a.id == b.id }
    /// Hashes the name's number, which stands for its string's code points.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension XMLStreamWriter {
    /// Starts an element named by a checked name: what ``startElement(_:namespace:prefix:)``
    /// does with the name's string and no namespace, without checking the name again.
    public func startElement(_ name: XMLWriterName) throws(XMLWriterError) {
        // Inside a default namespace the name needs `xmlns=""`: the general path writes it.
        if let current = unsafe state.namespaces.uri(for: nil), !current.isEmpty {
            return try startElement(name.string)
        }
        try checkUsable()
        if unsafe state.open.isEmpty && state.rootDone { throw XMLWriterError(.contentOutsideRoot) }
        try checkTagCloses()
        beginMarkup()
        unsafe openElement(writtenName: name.bytes)
        try flushIfLarge()
    }

    /// Adds an attribute named by a checked name to the open start tag: what
    /// ``attribute(_:value:namespace:prefix:)`` does with the name's string and no namespace,
    /// without checking the name again.
    public func attribute(_ name: XMLWriterName, value: String) throws(XMLWriterError) {
        if name.isDeclaration { return try attribute(name.string, value: value) }
        try checkUsable()
        guard unsafe state.startTagOpen, unsafe !state.tagNames.contains(checked: name.id, name: name.string) else {
            throw XMLWriterError(.misplacedAttribute(name.string))
        }
        try checkTokens(attribute: name.string, value: value)
        unsafe try writeAttribute(written: name.bytes, value: value, rollingBackTo: state.buffer.count)
        unsafe state.tagNames.insert(checked: name.id)
        try flushIfLarge()
    }

    /// Writes `<name>text</name>` for a checked name (`<name/>` when nothing of the text is
    /// left). Like every call, it writes nothing when it throws. Under the `.throw`
    /// character policy the text is checked before anything is written; under the others
    /// the escaping pass strips or replaces as it goes, so the text is read once.
    public func element(_ name: XMLWriterName, text: String) throws(XMLWriterError) {
        // The new tag closes within this call: checked before anything is written.
        if unsafe state.hasPrefixedDefaults { try checkTagCloses(element: Array(name.string.utf8)) }
        guard options.characterPolicy != .throw else {
            let cleaned = try clean(text)
            try startElement(name)
            if !cleaned.isEmpty { try self.text(cleaned) }
            return try endElement()
        }
        try startElement(name)
        let mark = unsafe state.buffer.count
        closeStartTag()
        // Strip and replace cannot fail part way.
        try? escape(text, for: .text)
        if unsafe state.buffer.count == mark + 1 {
            // Nothing of the text is left: `<name/>`, as endElement would write it.
            rollBack(to: mark)
            emit(literal: "/>")
        } else {
            emit(literal: "</")
            unsafe state.buffer.append(bytes: name.bytes)
            unsafe state.buffer.append(UInt8(ascii: ">"))
        }
        unsafe try elementEnded(state.open.removeLast())
    }
}
