/// The attributes of a start tag, in document order: a borrowed, lazy view over expat's
/// array. Nothing is copied until you ask.
///
/// **Valid only during the `startElement` callback.** Use ``dictionary`` or ``owned`` to
/// keep them.
///
/// ```swift
/// if let code = attributes["code"] { team.code = code.string }
/// for attribute in attributes { print(attribute.name.qualifiedName, attribute.value.string) }
/// ```
///
/// - Complexity: `count`, indexing and `endIndex` are O(1); building the view costs
///   O(1) plus O(d) for `d` attributes defaulted by a DTD, and allocates nothing; a lookup by
///   name is O(a) for `a` attributes (read the ones you need in one pass over the view rather
///   than looking each one up when a tag may carry many).
@safe public struct XMLAttributes: RandomAccessCollection {
    @usableFromInline let start: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    #if DEBUG
    /// The callback that made the view (`ViewValidity`).
    @usableFromInline let generation: UInt64
    #endif

    /// expat's array of names and values: every read goes through here, and in debug
    /// builds traps once the callback that made the view has returned.
    @inlinable var pairs: UnsafeMutablePointer<UnsafePointer<CChar>?>? {
        #if DEBUG
        ViewValidity.check(generation, "an XMLAttributes")
        #endif
        return unsafe start
    }
    /// The number of attributes, counted once when the view is made.
    public let count: Int
    /// Twice the number of attributes written in the tag (expat's count of array slots);
    /// those after it are defaults from the DTD.
    @usableFromInline let specifiedCount: Int
    @usableFromInline let namespaced: Bool

    /// A view over expat's NULL-terminated array of name/value pairs, whose first
    /// `specifiedCount` slots hold the attributes written in the tag. Only defaults from a DTD
    /// (rare, and few) are counted here, so a tag with 100,000 attributes costs nothing extra.
    init(pairs: UnsafeMutablePointer<UnsafePointer<CChar>?>?, specifiedCount: Int, namespaced: Bool) {
        unsafe self.start = pairs
        #if DEBUG
        generation = unsafe pairs == nil ? 0 : ViewValidity.current
        #endif
        self.specifiedCount = specifiedCount
        self.namespaced = namespaced
        var slots = specifiedCount
        if let pairs = unsafe pairs { while unsafe pairs[slots] != nil { slots += 2 } }
        self.count = slots / 2
    }

    /// An empty attribute list.
    public static var empty: XMLAttributes { unsafe XMLAttributes(pairs: nil, specifiedCount: 0, namespaced: false) }

    /// The position of the first attribute: always 0.
    @inlinable public var startIndex: Int { 0 }
    /// One past the position of the last attribute: `count`.
    @inlinable public var endIndex: Int { count }
    /// Whether the tag has no attributes (defaults from the DTD count as attributes).
    @inlinable public var isEmpty: Bool { count == 0 }

    /// The attribute at `position`, from 0, in document order. Valid only during the callback.
    @inlinable
    public subscript(position: Int) -> XMLAttribute {
        precondition(position >= 0 && position < count, "XMLAttributes index out of range")
        return unsafe XMLAttribute(
            name: XMLName(raw: pairs![2 * position]!, namespaced: namespaced),
            valuePointer: pairs![2 * position + 1]!,
            isSpecified: 2 * position < specifiedCount)
    }

    /// Walks expat's array directly: no bounds checks, no index arithmetic.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(attributes: self) }

    /// Iterates the attributes in document order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let attributes: XMLAttributes
        @usableFromInline var index = 0

        @inlinable
        init(attributes: XMLAttributes) { self.attributes = attributes }

        /// The next attribute in document order, or `nil` after the last.
        @inlinable
        public mutating func next() -> XMLAttribute? {
            guard let pairs = unsafe attributes.pairs, let name = unsafe pairs[2 * index],
                let value = unsafe pairs[2 * index + 1]
            else { return nil }
            defer { index += 1 }
            return unsafe XMLAttribute(
                name: XMLName(raw: name, namespaced: attributes.namespaced), valuePointer: value,
                isSpecified: 2 * index < attributes.specifiedCount)
        }
    }

    /// The value of the attribute whose qualified name (as written) is `name`.
    @inlinable
    public subscript(name: String) -> XMLStringView? {
        // The name's bytes once, then a tight walk over expat's array.
        var name = name
        return name.withUTF8 { target in
            guard let pairs = unsafe pairs else { return nil }
            var slot = 0
            while let attributeName = unsafe pairs[slot] {
                if unsafe XMLName(raw: attributeName, namespaced: namespaced).hasQualifiedName(utf8: target) {
                    return unsafe XMLStringView(cString: pairs[slot + 1]!)
                }
                slot += 2
            }
            return nil
        }
    }

    /// The value of the attribute with this local name and namespace (`nil`: no namespace).
    @inlinable
    public subscript(localName localName: String, namespace namespace: String?) -> XMLStringView? {
        for attribute in self where attribute.name.matches(localName, namespace: namespace) { return attribute.value }
        return nil
    }

    /// The attributes as a dictionary from qualified name to value. Allocates.
    ///
    /// A Swift dictionary merges keys that are canonically equivalent: two attributes whose
    /// names differ only in code points (`é` and `e` + U+0301, both allowed in one tag) are
    /// one entry here, the later value winning. Iterate the attributes, or look one up with
    /// ``subscript(_:)-(String)``, which compares names byte for byte, to tell them apart.
    public var dictionary: [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(count)
        for attribute in self { result[attribute.name.qualifiedName] = attribute.value.string }
        return result
    }

    /// Owned copies, in document order. Allocates.
    public var owned: [XMLOwnedAttribute] {
        map { XMLOwnedAttribute(name: $0.name.owned, value: $0.value.string, isSpecified: $0.isSpecified) }
    }
}

/// One borrowed attribute: its name and value. Valid only during the callback.
@safe public struct XMLAttribute {
    /// The attribute's name.
    public let name: XMLName
    @usableFromInline let valueStart: UnsafePointer<CChar>
    #if DEBUG
    /// The callback that made the view (`ViewValidity`).
    @usableFromInline let generation: UInt64
    #endif

    /// expat's value: read through here, which in debug builds traps once the callback
    /// that made the view has returned.
    @inlinable var valuePointer: UnsafePointer<CChar> {
        #if DEBUG
        ViewValidity.check(generation, "an XMLAttribute")
        #endif
        return unsafe valueStart
    }
    /// `false` when the value came from a default in the DTD rather than the tag.
    public let isSpecified: Bool

    @inlinable
    init(name: XMLName, valuePointer: UnsafePointer<CChar>, isSpecified: Bool) {
        self.name = name
        unsafe self.valueStart = valuePointer
        self.isSpecified = isSpecified
        #if DEBUG
        generation = name.generation
        #endif
    }

    /// The value, with entities expanded and white space normalized as XML requires.
    @inlinable public var value: XMLStringView { unsafe XMLStringView(cString: valuePointer) }
}

/// An owned attribute.
public struct XMLOwnedAttribute: Hashable, Sendable {
    /// The name.
    public var name: XMLQualifiedName
    /// The value.
    public var value: String
    /// `false` when the value came from a DTD default.
    public var isSpecified: Bool

    /// Creates an attribute.
    public init(name: XMLQualifiedName, value: String, isSpecified: Bool = true) {
        self.name = name
        self.value = value
        self.isSpecified = isSpecified
    }
}
