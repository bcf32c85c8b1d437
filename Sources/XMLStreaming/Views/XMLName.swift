/// A borrowed element or attribute name.
///
/// With namespace processing on (the default) a name knows its namespace URI, local name
/// and prefix; with it off, ``localName`` and ``prefix`` are the two sides of the colon and
/// ``namespaceURI`` is `nil`.
///
/// **Valid only during the callback that received it.** Keep ``qualifiedName`` or
/// ``owned`` to hold on to it.
///
/// - Complexity: each accessor scans the name once (names are short) and allocates
///   nothing, except ``qualifiedName`` and ``owned``.
@safe public struct XMLName: CustomStringConvertible {
    /// expat's string: `uri SEP local [SEP prefix]` with namespaces, the raw name without.
    @usableFromInline let start: UnsafePointer<UInt8>
    @usableFromInline let namespaced: Bool
    #if DEBUG
    /// The callback that made the view (`ViewValidity`).
    @usableFromInline let generation: UInt64
    #endif

    /// The byte expat puts between URI, local name and prefix. It cannot occur in an XML 1.0
    /// document, so it cannot be confused with a character of a name or URI.
    @usableFromInline static let separator: UInt8 = 0x01

    /// expat's string: every read goes through here, and in debug builds traps once the
    /// callback that made the view has returned.
    @inlinable var raw: UnsafePointer<UInt8> {
        #if DEBUG
        ViewValidity.check(generation, "an XMLName")
        #endif
        return unsafe start
    }

    @inlinable
    init(raw: UnsafePointer<CChar>, namespaced: Bool) {
        unsafe self.start = UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self)
        self.namespaced = namespaced
        #if DEBUG
        generation = ViewValidity.current
        #endif
    }

    /// expat's whole string for the name, for interning: equal for equal names (URI, local
    /// name and prefix, or the raw qualified name without namespaces).
    package var rawBytes: XMLStringView { unsafe XMLStringView(base: raw, count: scan(from: 0, to: 0)) }

    /// The three parts, found in one scan.
    @usableFromInline
    func parts() -> (uri: XMLStringView?, local: XMLStringView, prefix: XMLStringView?) {
        let first = scan(from: 0, to: firstSeparator)
        if unsafe raw[first] == 0 { return unsafe (nil, XMLStringView(base: raw, count: first), nil) }
        let head = unsafe XMLStringView(base: raw, count: first)
        if !namespaced {
            // prefix:local without namespace processing.
            let end = scan(from: first + 1, to: 0)
            return unsafe (nil, XMLStringView(base: raw + first + 1, count: end - first - 1), head)
        }
        let second = scan(from: first + 1, to: Self.separator)
        let local = unsafe XMLStringView(base: raw + first + 1, count: second - first - 1)
        if unsafe raw[second] == 0 { return (head, local, nil) }
        let end = scan(from: second + 1, to: 0)
        return unsafe (head, local, XMLStringView(base: raw + second + 1, count: end - second - 1))
    }

    /// The offset of the first byte at or after `start` that is `byte` or the terminating NUL.
    @inlinable
    func scan(from start: Int, to byte: UInt8) -> Int {
        let raw = unsafe raw  // checked once, not per byte
        var i = start
        while unsafe raw[i] != 0 && raw[i] != byte { i += 1 }
        return i
    }

    @inlinable
    var firstSeparator: UInt8 { namespaced ? Self.separator : UInt8(ascii: ":") }

    /// The name without its prefix.
    ///
    /// Each accessor scans only as far as it needs: reading `localName` and `namespaceURI`
    /// does not touch the prefix.
    @inlinable public var localName: XMLStringView {
        let first = scan(from: 0, to: firstSeparator)
        if unsafe raw[first] == 0 { return unsafe XMLStringView(base: raw, count: first) }
        // With namespaces, a second separator may follow the local name (before the prefix).
        let end = namespaced ? scan(from: first + 1, to: Self.separator) : scan(from: first + 1, to: 0)
        return unsafe XMLStringView(base: raw + first + 1, count: end - first - 1)
    }

    /// The namespace the name belongs to, or `nil` when it is in no namespace (or when
    /// namespace processing is off).
    @inlinable public var namespaceURI: XMLStringView? {
        guard namespaced else { return nil }
        let first = scan(from: 0, to: Self.separator)
        return unsafe raw[first] == 0 ? nil : XMLStringView(base: raw, count: first)
    }

    /// The prefix as written in the document, or `nil` when there is none.
    @inlinable public var prefix: XMLStringView? { parts().prefix }

    /// The name as written in the document: `prefix:local` or `local`. Allocates.
    public var qualifiedName: String {
        let p = parts()
        if let prefix = p.prefix { return prefix.string + ":" + p.local.string }
        return p.local.string
    }

    /// Whether the name has this local name and namespace (`nil`: no namespace).
    @inlinable
    public func matches(_ localName: String, namespace: String? = nil) -> Bool {
        let p = parts()
        guard p.local == localName else { return false }
        switch (p.uri, namespace) {
        case (nil, nil): return true
        case let (uri?, ns?): return uri == ns
        default: return false
        }
    }

    /// Whether the qualified name, as written, equals `qualifiedName`; allocates nothing.
    @inlinable
    public func hasQualifiedName(_ qualifiedName: String) -> Bool {
        var qualifiedName = qualifiedName
        return qualifiedName.withUTF8 { unsafe hasQualifiedName(utf8: $0) }
    }

    /// Whether the qualified name, as written, equals these UTF-8 bytes.
    @inlinable
    func hasQualifiedName(utf8 target: UnsafeBufferPointer<UInt8>) -> Bool {
        // A name with no namespace part (or read without namespaces) is stored as written:
        // compare it in place, in one pass that stops at the first difference or at the
        // name's end (a NUL in `target` cannot match past it).
        let raw = unsafe raw  // checked once, not per byte
        var i = 0
        while unsafe i < target.count && raw[i] != 0 && raw[i] == target[i] { i += 1 }
        if i == target.count { return unsafe raw[i] == 0 }
        // Only a name with a namespace URI is stored differently (uri SEP local SEP prefix).
        guard unsafe namespaced && raw[scan(from: i, to: Self.separator)] != 0 else { return false }
        let p = parts()
        guard let prefix = p.prefix else { return unsafe p.local.elementsEqual(target) }
        guard target.count == prefix.count + 1 + p.local.count, unsafe target[prefix.count] == UInt8(ascii: ":") else {
            return false
        }
        return unsafe prefix.elementsEqual(target[..<prefix.count]) && p.local.elementsEqual(target[(prefix.count + 1)...])
    }

    /// An owned, `Sendable` copy.
    public var owned: XMLQualifiedName {
        let p = parts()
        return XMLQualifiedName(localName: p.local.string, namespaceURI: p.uri?.string, prefix: p.prefix?.string)
    }

    /// The name as written, `prefix:local` or `local`, as `qualifiedName` gives it. Allocates.
    public var description: String { qualifiedName }
}

/// An owned name: local name, namespace URI and prefix.
public struct XMLQualifiedName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name without its prefix.
    public var localName: String
    /// The namespace URI, or `nil` for no namespace.
    public var namespaceURI: String?
    /// The prefix as written, or `nil`.
    public var prefix: String?

    /// Creates a name.
    public init(localName: String, namespaceURI: String? = nil, prefix: String? = nil) {
        self.localName = localName
        self.namespaceURI = namespaceURI
        self.prefix = prefix
    }

    /// A name in no namespace.
    public init(stringLiteral value: String) { self.init(localName: value) }

    /// `prefix:local` or `local`.
    public var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }

    /// The name as written, `prefix:local` or `local`, without the namespace URI.
    public var description: String { qualifiedName }
}
