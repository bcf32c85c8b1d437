internal import XMLSyntax

/// A name in a namespace, as schema components are named and instance elements matched.
///
/// Names and namespaces are compared by their code points, as XML compares them (Swift's
/// `==` would take `"é"` and `"e\u{301}"` for one name).
struct XSDExpandedName: Hashable, Sendable, CustomStringConvertible {
    var namespace: String?
    var localName: String

    /// `{namespace}local`, or `local` for a name in no namespace.
    var description: String { namespace.map { "{\($0)}\(localName)" } ?? localName }

    static func == (a: XSDExpandedName, b: XSDExpandedName) -> Bool {
        a.localName.hasSameCodePoints(as: b.localName) && a.namespace.hasSameCodePoints(as: b.namespace)
    }

    func hash(into hasher: inout Hasher) {
        // The length first, so that ("ab", "c") and ("a", "bc") feed different bytes.
        hasher.combine(localName.utf8.count)
        localName.hashCodePoints(into: &hasher)
        namespace.hashCodePoints(into: &hasher)
    }
}

extension Sequence<XSDExpandedName> {
    /// The names in the order of their descriptions, each description built once: a sort
    /// that builds both at every comparison cost a large schema's compile 7% of its work.
    func sortedByDescription() -> [XSDExpandedName] {
        map { ($0.description, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// A way one type is derived from another, as `final` and `block` name them.
enum XSDDerivation: String, Hashable, Sendable {
    case extension_ = "extension"
    case restriction, list, union, substitution

    /// A `final`, `block`, `finalDefault` or `blockDefault` value: `#all`, or a list of
    /// the derivations it may hold.
    static func set(_ text: String?, allowed: Set<XSDDerivation>) -> Set<XSDDerivation>? {
        guard let text else { return [] }
        let tokens = text.split(whereSeparator: { " \t\r\n".contains($0) })
        if tokens == ["#all"] { return allowed }
        var result: Set<XSDDerivation> = []
        for token in tokens {
            guard let derivation = XSDDerivation(rawValue: String(token)), allowed.contains(derivation) else { return nil }
            result.insert(derivation)
        }
        return result
    }
}

/// A type an element or attribute is declared with: simple, complex, or `anyType` (any
/// content, any attributes).
enum XSDTypeReference: Hashable, Sendable {
    case simple(Int)
    case complex(Int)
    case anyType
}

/// An element declaration, global or local.
struct XSDElementDeclaration: Sendable {
    var name: XSDExpandedName
    var type: XSDTypeReference
    var isNillable = false
    var isAbstract = false
    /// The derivations `xsi:type` may not use here (`block`).
    var block: Set<XSDDerivation> = []
    /// The head of its substitution group (`substitutionGroup`), for messages: content
    /// models place members through the head's choice.
    var substitutionGroup: Int?
    /// A `default` or `fixed` value, as written.
    var valueConstraint: XSDValueConstraint?
    /// Its identity constraints (`unique`, `key`, `keyref`), as indexes into the model's.
    var identityConstraints: [Int] = []
    /// `<xs:element name="site">` at `schedule.xsd:31`: how messages name it.
    var component: String
}

/// A `default` or `fixed` value of an element or attribute.
struct XSDValueConstraint: Sendable {
    var isFixed: Bool
    var text: String
    /// The value in the declared type's value space (for `fixed`, compared with the
    /// instance's); `nil` for an element of complex (mixed) type, compared as text.
    var value: XSDValue?
}

/// An attribute a complex type allows or requires.
struct XSDAttributeUse: Sendable {
    var name: XSDExpandedName
    var type: Int
    var isRequired: Bool
    var valueConstraint: XSDValueConstraint?
    var component: String
}

/// Which namespaces a wildcard (`any`, `anyAttribute`) allows.
struct XSDWildcard: Hashable, Sendable {
    enum Namespaces: Hashable, Sendable {
        case any
        /// `##other`: any namespace but this one (`nil`: no namespace), and not no namespace.
        case not(CodePointString?)
        /// A list of namespaces, `nil` for no namespace (`##local`), told apart by code point.
        case oneOf(Set<CodePointString?>)
    }

    enum ProcessContents: String, Hashable, Sendable {
        case strict, lax, skip
    }

    var namespaces: Namespaces
    var processContents: ProcessContents

    func allows(_ namespace: String?) -> Bool {
        switch namespaces {
        case .any: return true
        case .not(let excluded): return namespace != nil && namespace.map(CodePointString.init) != excluded
        case .oneOf(let set): return set.contains(namespace.map(CodePointString.init))
        }
    }

    /// `##any`, `##other`, or the list, in words: "an element in \(description)".
    var description: String {
        switch namespaces {
        case .any: return "any namespace"
        // ##other never allows no namespace: a schema without a target namespace excludes only that.
        case .not(let excluded): return excluded.map { "a namespace other than \"\($0)\" (not unqualified)" } ?? "a namespace (not unqualified)"
        case .oneOf(let set):
            // An empty list (namespace="", or an intersection of disjoint lists) allows nothing.
            if set.isEmpty { return "no namespace at all (the wildcard allows none)" }
            let names = set.compactMap { $0.map { "\"\($0)\"" } }.sorted()
            let named = names.isEmpty ? nil : (names.count == 1 ? "the namespace " : "one of the namespaces ") + names.joined(separator: ", ")
            guard set.contains(nil) else { return named ?? "no namespace" }
            return named.map { "no namespace or " + $0 } ?? "no namespace"
        }
    }
}

/// A particle of a content model: a term, and how many times it occurs.
struct XSDParticle: Sendable {
    indirect enum Term: Sendable {
        case element(Int)
        case wildcard(XSDWildcard)
        case sequence([XSDParticle])
        case choice([XSDParticle])
        case all([XSDParticle])
    }

    var minimum: Int
    /// `nil` for `unbounded`.
    var maximum: Int?
    var term: Term {
        didSet { (size, depth) = Self.measure(term) }
    }
    /// How many particles the particle stands for, each group's as often as it is
    /// referenced: what walking it costs. Kept as it is built, since a model group that
    /// references another twice, level after level, stands for exponentially many.
    private(set) var size: Int
    /// How deeply its model groups nest, each group's expanded: how deep walking it recurses.
    private(set) var depth: Int

    /// The element declarations the particle names, in the model's order, however deep.
    var elementDeclarations: [Int] {
        var found: [Int] = []
        var stack = [self]
        while let next = stack.popLast() {
            switch next.term {
            case .element(let index): found.append(index)
            case .wildcard: break
            case .sequence(let items), .choice(let items), .all(let items): stack += items.reversed()
            }
        }
        return found
    }

    init(minimum: Int, maximum: Int?, term: Term) {
        self.minimum = minimum
        self.maximum = maximum
        self.term = term
        (size, depth) = Self.measure(term)
    }

    private static func measure(_ term: Term) -> (size: Int, depth: Int) {
        switch term {
        case .element, .wildcard: return (1, 1)
        case .sequence(let items), .choice(let items), .all(let items):
            // Saturating: past any limit, the sum needs no more precision.
            return (items.reduce(1) { Swift.min(Int.max / 2, $0 + $1.size) }, 1 + items.reduce(0) { Swift.max($0, $1.depth) })
        }
    }
}

/// A complex type: its content, its attributes, and where it comes from.
struct XSDComplexType: Sendable {
    enum Content: Sendable {
        case empty
        /// Text of a simple type, and no elements.
        case simple(Int)
        /// Elements as the content model has them; text between them only when mixed.
        case elements(model: Int, mixed: Bool)
    }

    /// `{urn:x}Site`, or `an anonymous type in <xs:element name="site">`.
    var name: String
    var content: Content
    var attributes: [XSDExpandedName: XSDAttributeUse] {
        didSet {
            let ordered = attributes.keys.sortedByDescription().map { attributes[$0]! }
            requiredAttributes = ordered.filter(\.isRequired)
            defaultedAttributes = ordered.filter { $0.valueConstraint?.value != nil }
        }
    }
    /// The uses of ``attributes`` that are required, and those with a default or fixed value,
    /// in name order (made once, not per element).
    private(set) var requiredAttributes: [XSDAttributeUse] = []
    private(set) var defaultedAttributes: [XSDAttributeUse] = []
    var attributeWildcard: XSDWildcard?
    /// The attribute of a type that is or derives from ID the type declares, if any (at most
    /// one: ct-props-correct.5), for cvc-complex-type.5.2; set when the schema is compiled.
    var idAttribute: XSDExpandedName?
    var isAbstract: Bool
    /// The type this one is derived from, for `xsi:type`.
    var base: XSDTypeReference
    /// How it is derived from `base`.
    var derivation: XSDDerivation = .restriction
    /// The derivations other types may not make from this one (`final`).
    var final: Set<XSDDerivation> = []
    /// The derivations `xsi:type` may not use in place of this type (`block`).
    var block: Set<XSDDerivation> = []
    var component: String
}
