/// A simple type, built in or defined by a schema: how white space is normalized, what the
/// value space is (atomic, a list or a union), and the facets that narrow it.
///
/// Immutable once made, shared by every validation that uses it.
final class XSDSimpleType: Sendable {
    enum Variety: Sendable {
        /// Values of one built-in type (`builtin`), narrowed by facets.
        case atomic
        /// Space-separated values of the item type.
        case list(XSDSimpleType)
        /// A value of the first member type that takes it.
        case union([XSDSimpleType])
    }

    /// The name messages use: `decimal`, `{urn:x}Code`, or `an anonymous type`.
    let name: String
    let variety: Variety
    /// For an atomic type, the built-in type it restricts (or is); for lists and unions,
    /// `anySimpleType`.
    let builtin: XSDBuiltinType
    let whiteSpace: XSDWhiteSpace
    let facets: XSDFacets
    /// The type this one restricts (`nil` for `anySimpleType`, and for a list or union,
    /// which derive from it): the chain `xsi:type` is checked along.
    let base: XSDSimpleType?
    /// The derivations other types may not make from this one (`final`).
    let final: Set<XSDDerivation>
    /// Whether every text is a value of this type and no value needs noting: a string type
    /// (`string`, `normalizedString`, `token`, `anySimpleType`) without facets, whose
    /// characters the parser has already checked. The validator then keeps no text for it.
    let acceptsAnyText: Bool
    /// How a value is checked on the parser's bytes, when it can be (see ``XSDTextCheck``).
    let textCheck: XSDTextCheck?
    /// What its values (or, for a list, its items) stand for in the document: IDs, IDREFs,
    /// unparsed entities' names, or nothing the validator notes.
    let identity: Identity

    enum Identity: Sendable {
        case none, id, idReference, entity
    }

    /// For a union: the types a value is tried against, in order, each once: a member union
    /// without facets of its own stands for its members. Unions of unions that share members
    /// (`A` of `B` and `C`, both of `D` and `E`) would otherwise try the shared ones once for
    /// every path to them, exponentially many.
    let unionTrials: [XSDSimpleType]

    init(
        name: String, variety: Variety, builtin: XSDBuiltinType, whiteSpace: XSDWhiteSpace, facets: XSDFacets,
        base: XSDSimpleType? = nil, final: Set<XSDDerivation> = []
    ) {
        self.name = name
        self.variety = variety
        self.builtin = builtin
        self.whiteSpace = whiteSpace
        self.facets = facets
        self.base = base
        self.final = final
        switch variety {
        case .atomic:
            acceptsAnyText = [.string, .normalizedString, .token, .anySimpleType].contains(builtin) && facets.isEmpty
            identity = Self.identity(of: builtin)
            textCheck = XSDTextCheck(builtin: builtin, whiteSpace: whiteSpace, facets: facets)
        case .list(let item):
            acceptsAnyText = false
            textCheck = nil
            if case .atomic = item.variety { identity = Self.identity(of: item.builtin) } else { identity = .none }
        case .union:
            acceptsAnyText = false
            identity = .none
            textCheck = nil
        }
        unionTrials = Self.unionTrials(of: variety)
    }

    private static func unionTrials(of variety: Variety) -> [XSDSimpleType] {
        guard case .union(let members) = variety else { return [] }
        var trials: [XSDSimpleType] = []
        var tried: Set<ObjectIdentifier> = []
        for member in members {
            let isUnion = if case .union = member.variety { true } else { false }
            for trial in isUnion && member.facets.isEmpty ? member.unionTrials : [member] where tried.insert(ObjectIdentifier(trial)).inserted {
                trials.append(trial)
            }
        }
        return trials
    }

    /// Each member type of a union at any depth, once, whatever the paths to it: unions
    /// sharing members would otherwise be walked once for every path, exponentially many.
    /// `body` returns `true` to stop. A walk, not a list kept with each union: that would
    /// be quadratic in a schema of unions each of all the ones before it.
    func forEachUnionMember(_ body: (XSDSimpleType) -> Bool) {
        guard case .union(let members) = variety else { return }
        var seen: Set<ObjectIdentifier> = []
        var pending = Array(members.reversed())
        while let member = pending.popLast() {
            guard seen.insert(ObjectIdentifier(member)).inserted else { continue }
            if body(member) { return }
            if case .union(let inner) = member.variety { pending += inner.reversed() }
        }
    }

    private static func identity(of builtin: XSDBuiltinType) -> Identity {
        if builtin.isDerived(from: .ID) { return .id }
        if builtin.isDerived(from: .IDREF) { return .idReference }
        if builtin.isDerived(from: .ENTITY) { return .entity }
        return .none
    }

    /// Whether `self` is `ancestor` or derived from it (cos-st-derived-ok): along the
    /// restriction chain, through a union's members, or from `anySimpleType`.
    func isDerived(from ancestor: XSDSimpleType) -> Bool {
        if isRestriction(of: ancestor) { return true }
        var found = false
        ancestor.forEachUnionMember { member in
            found = isRestriction(of: member)
            return found
        }
        return found
    }

    /// Whether `self` is `ancestor`, or derived from it along the restriction chain, or
    /// `ancestor` is `anySimpleType`.
    func isRestriction(of ancestor: XSDSimpleType) -> Bool {
        var type: XSDSimpleType? = self
        while let current = type {
            if current === ancestor { return true }
            type = current.base
        }
        return ancestor.isAnySimpleType
    }

    /// Whether this is the built-in `xs:anySimpleType` itself.
    var isAnySimpleType: Bool {
        guard case .atomic = variety else { return false }
        return builtin == .anySimpleType && base == nil
    }

    /// The built-in types, made once.
    static let builtins: [XSDBuiltinType: XSDSimpleType] = {
        var types: [XSDBuiltinType: XSDSimpleType] = [:]
        for type in XSDBuiltinType.allCases where !type.isList {
            var facets = XSDFacets()
            if type.isDerived(from: .integer) {
                // integer is decimal with fractionDigits fixed at 0.
                facets.fractionDigits = 0
                facets.fixed.insert(.fractionDigits)
            }
            types[type] = XSDSimpleType(
                name: type.rawValue, variety: .atomic, builtin: type, whiteSpace: type.whiteSpace, facets: facets,
                base: type == .anySimpleType ? nil : types[type.base])
        }
        for type in XSDBuiltinType.allCases where type.isList {
            var facets = XSDFacets()
            facets.minLength = 1
            types[type] = XSDSimpleType(
                name: type.rawValue, variety: .list(types[type.base]!), builtin: .anySimpleType, whiteSpace: .collapse,
                facets: facets)
        }
        return types
    }()

    static func builtin(_ type: XSDBuiltinType) -> XSDSimpleType { builtins[type]! }

    /// `xs:NOTATION`, or a restriction of it without an enumeration: a type no declaration
    /// may have, and no value is of (Datatypes 3.2.19).
    var isNotationWithoutEnumeration: Bool {
        guard case .atomic = variety else { return false }
        return builtin.isDerived(from: .NOTATION) && facets.enumeration == nil
    }

    /// ``validate(_:namespaces:)`` for a value in a document: a NOTATION type without an
    /// enumeration takes none (Datatypes 3.2.19: NOTATION is used only through a restriction
    /// that lists the notations), where the schema's own facet values are read by the base.
    func validateInstance(_ text: String, namespaces: XSDBuiltinType.NamespaceLookup) throws(XSDValueError) -> XSDValue {
        if isNotationWithoutEnumeration {
            throw XSDValueError("\(name) takes no value: NOTATION is used only through a restriction that lists the notations")
        }
        return try validate(text, namespaces: namespaces)
    }

    /// The value `text` stands for, after white-space normalization, or why it is not one.
    func validate(_ text: String, namespaces: XSDBuiltinType.NamespaceLookup) throws(XSDValueError) -> XSDValue {
        let normalized = whiteSpace.normalize(text)
        let value: XSDValue
        switch variety {
        case .atomic:
            value = try builtin.value(of: normalized, namespaces: namespaces)
        case .list(let item):
            var items: [XSDValue] = []
            for piece in normalized.splitByCodePoint(separator: 0x20) {
                items.append(try item.validate(String(piece), namespaces: namespaces))
            }
            value = .list(items)
        case .union(let members):
            var found: XSDValue?
            for member in unionTrials {
                if let memberValue = try? member.validate(text, namespaces: namespaces) {
                    found = memberValue
                    break
                }
            }
            guard let found else {
                throw XSDValueError(
                    "\(XSDValueError.quoted(normalized)) is not a value of any member of \(name) ("
                        + members.map(\.name).joined(separator: ", ") + ")")
            }
            value = found
        }
        try facets.check(value, lexical: normalized, typeName: name)
        return value
    }
}
