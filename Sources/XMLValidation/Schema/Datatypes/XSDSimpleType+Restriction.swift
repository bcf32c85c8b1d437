/// A facet as a schema writes it in a restriction: `<xs:maxLength value="8" fixed="true"/>`.
struct XSDFacetDeclaration {
    var kind: XSDFacetKind
    var value: String
    var isFixed: Bool = false
    /// The prefixes in scope on the facet's own element, which its `QName` value is read
    /// with (a prefix may be declared there); `nil`: the restriction's.
    var namespaces: XSDBuiltinType.NamespaceLookup? = nil
}

extension XSDSimpleType {
    /// The facets a restriction of this type may use.
    var applicableFacets: Set<XSDFacetKind> {
        switch variety {
        case .atomic:
            // boolean's facets are pattern and whiteSpace alone (Datatypes 3.2.2.2): no enumeration.
            return builtin.applicableFacets.union(builtin.primitive == .boolean ? [.pattern, .whiteSpace] : [.pattern, .enumeration, .whiteSpace])
        case .list: return [.length, .minLength, .maxLength, .pattern, .enumeration, .whiteSpace]
        case .union: return [.pattern, .enumeration]
        }
    }

    /// A type that restricts this one by `declarations`, or the first rule of Datatypes
    /// 4.3 (and 3.x's facet constraints) they break: a facet the type does not have, a value
    /// the base does not hold, a bound or length looser than the base's, a fixed facet
    /// changed, or two facets that contradict each other.
    func restricted(
        named name: String, by declarations: [XSDFacetDeclaration], namespaces: @escaping XSDBuiltinType.NamespaceLookup
    ) throws(XSDValueError) -> XSDSimpleType {
        var facet = -1
        return try restricted(named: name, by: declarations, namespaces: namespaces, failingFacet: &facet)
    }

    /// ``restricted(named:by:namespaces:)``, setting `failingFacet` to the index of the
    /// declaration a thrown error is about, or -1 for one about them together.
    func restricted(
        named name: String, by declarations: [XSDFacetDeclaration], namespaces: @escaping XSDBuiltinType.NamespaceLookup,
        failingFacet: inout Int
    ) throws(XSDValueError) -> XSDSimpleType {
        var facets = self.facets
        var whiteSpace = self.whiteSpace
        var patterns: [XSDRegex] = []
        var enumeration: (values: Set<XSDValue>, written: [String])?
        var seen: Set<XSDFacetKind> = []
        let restrictionNamespaces = namespaces
        for (index, declaration) in declarations.enumerated() {
            failingFacet = index
            let kind = declaration.kind
            let namespaces = declaration.namespaces ?? restrictionNamespaces
            guard applicableFacets.contains(kind) else {
                throw XSDValueError("the facet \(kind.rawValue) does not apply to \(self.name)")
            }
            guard kind == .pattern || kind == .enumeration || seen.insert(kind).inserted else {
                throw XSDValueError("the facet \(kind.rawValue) appears twice in one restriction")
            }
            if facets.fixed.contains(kind), !isSameFacet(kind, declaration.value, namespaces: namespaces) {
                throw XSDValueError("the facet \(kind.rawValue) is fixed in \(self.name) and cannot change")
            }
            if declaration.isFixed { facets.fixed.insert(kind) }
            switch kind {
            case .pattern:
                do {
                    patterns.append(try XSDRegex(declaration.value))
                } catch {
                    throw XSDValueError("the pattern \"\(declaration.value)\" is not a regular expression of XML Schema: \(error)")
                }
            case .enumeration:
                let value = try validate(declaration.value, namespaces: namespaces)
                if enumeration == nil { enumeration = ([], []) }
                enumeration!.values.insert(value)
                enumeration!.written.append(declaration.value)
            case .whiteSpace:
                // An NMTOKEN in the schema for schemas: its white space collapsed first.
                guard let value = XSDWhiteSpace(name: XSDWhiteSpace.collapse.normalize(declaration.value)) else {
                    throw XSDValueError("whiteSpace must be preserve, replace or collapse, not \"\(declaration.value)\"")
                }
                guard value >= whiteSpace else {
                    throw XSDValueError("whiteSpace \(declaration.value) would loosen the \(whiteSpace) of \(self.name)")
                }
                whiteSpace = value
            case .length, .minLength, .maxLength, .totalDigits, .fractionDigits:
                let count = try Self.count(declaration, positive: kind == .totalDigits)
                switch kind {
                case .length:
                    if let base = facets.length, base != count { throw narrowing(kind, count, "\(base)") }
                    facets.length = count
                case .minLength:
                    if let base = facets.minLength, count < base { throw narrowing(kind, count, "\(base)") }
                    facets.minLength = count
                case .maxLength:
                    if let base = facets.maxLength, count > base { throw narrowing(kind, count, "\(base)") }
                    facets.maxLength = count
                case .totalDigits:
                    if let base = facets.totalDigits, count > base { throw narrowing(kind, count, "\(base)") }
                    facets.totalDigits = count
                default:
                    if let base = facets.fractionDigits, count > base { throw narrowing(kind, count, "\(base)") }
                    facets.fractionDigits = count
                }
            case .minInclusive, .maxInclusive, .minExclusive, .maxExclusive:
                let value = try boundValue(declaration.value, namespaces: namespaces)
                try checkBound(kind, value, declaration.value)
                let bound = (value: value, written: declaration.value)
                switch kind {
                case .minInclusive: facets.minInclusive = bound
                case .maxInclusive: facets.maxInclusive = bound
                case .minExclusive: facets.minExclusive = bound
                default: facets.maxExclusive = bound
                }
            }
        }
        failingFacet = -1
        // Pairs one restriction may not set together (Datatypes 4.3.1.4, 4.3.7.4-4.3.10.4).
        for (a, b) in [(XSDFacetKind.minInclusive, XSDFacetKind.minExclusive), (.maxInclusive, .maxExclusive),
            (.length, .minLength), (.length, .maxLength)] where seen.contains(a) && seen.contains(b) {
            // A length beside a minLength or maxLength that restates an ancestor's, which set
            // no length, is allowed (Datatypes 4.3.1.4, second edition: IDREFS's minLength 1).
            if a == .length, self.facets.length == nil, let length = facets.length,
                b == .minLength ? self.facets.minLength.map({ $0 == facets.minLength && $0 <= length }) == true
                    : self.facets.maxLength.map({ $0 == facets.maxLength && $0 >= length }) == true
            {
                continue
            }
            throw XSDValueError("\(a.rawValue) and \(b.rawValue) cannot both be set in one restriction")
        }
        if !patterns.isEmpty { facets.patterns.append(patterns) }
        if let enumeration { facets.enumeration = enumeration }
        try Self.checkConsistency(facets)
        return XSDSimpleType(name: name, variety: variety, builtin: builtin, whiteSpace: whiteSpace, facets: facets, base: self)
    }

    /// A bound's value: a value of the base, whose other facets apply (its bounds are
    /// checked apart, as the recommendation words them: a base's `maxExclusive` 10 may be
    /// restated).
    private func boundValue(_ written: String, namespaces: XSDBuiltinType.NamespaceLookup) throws(XSDValueError) -> XSDValue {
        var unbounded = facets
        (unbounded.minInclusive, unbounded.maxInclusive) = (nil, nil)
        (unbounded.minExclusive, unbounded.maxExclusive) = (nil, nil)
        let base = XSDSimpleType(name: name, variety: variety, builtin: builtin, whiteSpace: whiteSpace, facets: unbounded)
        return try base.validate(written, namespaces: namespaces)
    }

    /// A bound of a restriction against the base's bounds (Datatypes 4.3.7-4.3.10: a
    /// maxInclusive at most the base's maxInclusive, less than its maxExclusive, and so on).
    private func checkBound(_ kind: XSDFacetKind, _ value: XSDValue, _ written: String) throws(XSDValueError) {
        // A built-in integer type's own bounds are facets of it too (positiveInteger's
        // minInclusive 1: maxExclusive 1 leaves it no value).
        let implicit = builtin.integerBounds
        let minInclusive = facets.minInclusive ?? implicit.minimum.map { (value: XSDValue.decimal($0), written: $0.description) }
        let maxInclusive = facets.maxInclusive ?? implicit.maximum.map { (value: XSDValue.decimal($0), written: $0.description) }
        // For each of the base's bounds: the orders the new bound may stand in against it.
        let allowed: [(XSDFacetKind, (value: XSDValue, written: String)?, Set<XSDOrder>)]
        switch kind {
        case .maxInclusive:
            allowed = [(.maxInclusive, maxInclusive, [.less, .equal]), (.maxExclusive, facets.maxExclusive, [.less]),
                (.minInclusive, minInclusive, [.greater, .equal]), (.minExclusive, facets.minExclusive, [.greater])]
        case .maxExclusive:
            allowed = [(.maxExclusive, facets.maxExclusive, [.less, .equal]), (.maxInclusive, maxInclusive, [.less, .equal]),
                (.minInclusive, minInclusive, [.greater]), (.minExclusive, facets.minExclusive, [.greater])]
        case .minInclusive:
            allowed = [(.minInclusive, minInclusive, [.greater, .equal]), (.minExclusive, facets.minExclusive, [.greater]),
                (.maxInclusive, maxInclusive, [.less, .equal]), (.maxExclusive, facets.maxExclusive, [.less])]
        default:
            allowed = [(.minExclusive, facets.minExclusive, [.greater, .equal]), (.minInclusive, minInclusive, [.greater, .equal]),
                (.maxInclusive, maxInclusive, [.less]), (.maxExclusive, facets.maxExclusive, [.less])]
        }
        for (baseKind, bound, orders) in allowed {
            guard let bound else { continue }
            // Only a bound that is out of order breaks the rule; incomparable ones do not.
            guard let order = XSDValue.compare(value, bound.value), !orders.contains(order) else { continue }
            throw XSDValueError("\(kind.rawValue) \(written) is outside the \(baseKind.rawValue) \(bound.written) of \(name)")
        }
    }

    private func narrowing(_ kind: XSDFacetKind, _ count: Int, _ base: String) -> XSDValueError {
        XSDValueError("\(kind.rawValue) \(count) is not a restriction of the \(kind.rawValue) \(base) of \(name)")
    }

    /// Whether `written` is the value the fixed facet `kind` already has.
    private func isSameFacet(_ kind: XSDFacetKind, _ written: String, namespaces: XSDBuiltinType.NamespaceLookup) -> Bool {
        switch kind {
        case .length, .minLength, .maxLength, .totalDigits, .fractionDigits:
            let count = try? Self.count(XSDFacetDeclaration(kind: kind, value: written), positive: false)
            switch kind {
            case .length: return count == facets.length
            case .minLength: return count == facets.minLength
            case .maxLength: return count == facets.maxLength
            case .totalDigits: return count == facets.totalDigits
            default: return count == facets.fractionDigits
            }
        case .whiteSpace: return XSDWhiteSpace(name: written) == whiteSpace
        case .minInclusive: return (try? boundValue(written, namespaces: namespaces)) == facets.minInclusive?.value
        case .maxInclusive: return (try? boundValue(written, namespaces: namespaces)) == facets.maxInclusive?.value
        case .minExclusive: return (try? boundValue(written, namespaces: namespaces)) == facets.minExclusive?.value
        case .maxExclusive: return (try? boundValue(written, namespaces: namespaces)) == facets.maxExclusive?.value
        case .pattern, .enumeration: return true
        }
    }

    /// A facet's count: a non-negative integer (positive for totalDigits).
    private static func count(_ declaration: XSDFacetDeclaration, positive: Bool) throws(XSDValueError) -> Int {
        let text = XSDWhiteSpace.collapse.normalize(declaration.value)
        guard let decimal = XSDDecimal(Substring(text), allowsPoint: false), !decimal.isNegative,
            !positive || !decimal.digits.isEmpty
        else {
            throw XSDValueError(
                "\(declaration.kind.rawValue) must be a \(positive ? "positive" : "non-negative") integer, not \"\(declaration.value)\"")
        }
        // Past Int: no value is that long, and none has that many digits, so Int.max means
        // the same (the recommendation sets no bound on these integers).
        return Int(decimal.description) ?? Int.max
    }

    /// Facets that contradict one another, whichever restriction set them.
    private static func checkConsistency(_ facets: XSDFacets) throws(XSDValueError) {
        if let length = facets.length {
            if let minLength = facets.minLength, minLength > length {
                throw XSDValueError("minLength \(minLength) is more than length \(length)")
            }
            if let maxLength = facets.maxLength, maxLength < length {
                throw XSDValueError("maxLength \(maxLength) is less than length \(length)")
            }
        }
        if let minLength = facets.minLength, let maxLength = facets.maxLength, minLength > maxLength {
            throw XSDValueError("minLength \(minLength) is more than maxLength \(maxLength)")
        }
        if let totalDigits = facets.totalDigits, let fractionDigits = facets.fractionDigits, fractionDigits > totalDigits {
            throw XSDValueError("fractionDigits \(fractionDigits) is more than totalDigits \(totalDigits)")
        }
        let lower = [facets.minInclusive.map { ($0, "minInclusive", true) }, facets.minExclusive.map { ($0, "minExclusive", false) }]
            .compactMap { $0 }
        let upper = [facets.maxInclusive.map { ($0, "maxInclusive", true) }, facets.maxExclusive.map { ($0, "maxExclusive", false) }]
            .compactMap { $0 }
        for (low, lowName, lowInclusive) in lower {
            for (high, highName, highInclusive) in upper {
                let order = XSDValue.compare(low.value, high.value)
                // Equal bounds are allowed when both are inclusive or both exclusive
                // (Datatypes 4.3.7.4-4.3.10.4).
                if order == .greater || (order == .equal && lowInclusive != highInclusive) {
                    throw XSDValueError("\(lowName) \(low.written) leaves no value below \(highName) \(high.written)")
                }
            }
        }
    }
}
