/// Complex types: their content (empty, simple, element-only or mixed) and attributes,
/// directly or derived from a base by extension or restriction.
extension XSDSchemaCompiler {
    /// Compiles `<xs:complexType>`; its index is taken first, so that elements in its own
    /// content may have it as their type.
    mutating func complexType(_ node: SchemaNode, name: String) throws(XSDSchemaError) -> Int {
        let index = model.complexTypes.count
        let location = component(node)
        model.complexTypes.append(
            XSDComplexType(
                name: name, content: .empty, attributes: [:], attributeWildcard: nil, isAbstract: false, base: .anyType,
                component: location))
        var type = model.complexTypes[index]
        type.final = try derivations("final", of: node, allowed: [.extension_, .restriction])
        type.block = try derivations("block", of: node, allowed: [.extension_, .restriction])
        type.isAbstract = Self.boolean(node.attributes["abstract"])
        var mixed = Self.boolean(node.attributes["mixed"])
        var particle: XSDParticle?
        var attributes = AttributeSet()
        let body = node.components
        if let simpleContent = body.first(where: { $0.localName == "simpleContent" }) {
            let derivation = try derivation(of: simpleContent)
            let isExtension = derivation.localName == "extension"
            let base = try self.type(named: try resolve(derivation.attributes["base"] ?? "", at: derivation), at: derivation)
            type.base = base
            type.derivation = isExtension ? .extension_ : .restriction
            try checkFinal(base, isExtension ? .extension_ : .restriction, at: derivation)
            switch base {
            case .simple(let simple):
                guard isExtension else {
                    throw XSDSchemaError("simpleContent may restrict only a complex type with simple content; extend a simple type", at: derivation)
                }
                type.content = .simple(simple)
            case .complex(let baseIndex):
                let baseType = try finished(baseIndex, at: derivation)
                let inline = isExtension ? nil : derivation.components.first(where: { $0.localName == "simpleType" })
                let baseSimple: Int?
                switch baseType.content {
                case .simple(let simple):
                    baseSimple = simple
                case .elements(_, true) where inline != nil && particles[baseIndex].map({ Self.effectiveRange(of: $0).minimum == 0 }) ?? true:
                    // A mixed base whose elements may all be left out, restricted to text of
                    // the <xs:simpleType> given (src-ct.2.2, derivation-ok-restriction.5.1.2).
                    baseSimple = nil
                default:
                    throw XSDSchemaError(
                        "simpleContent's base \(baseType.name) does not have simple content"
                            + (isExtension ? "" : ", nor mixed content whose elements may be left out with an <xs:simpleType> given (src-ct.2)"),
                        at: derivation)
                }
                attributes = AttributeSet(
                    uses: baseType.attributes, wildcard: baseType.attributeWildcard, origins: attributeOrigins[baseIndex] ?? [:])
                if isExtension, let simple = baseSimple {
                    type.content = .simple(simple)
                } else {
                    // An anonymous <xs:simpleType> in the restriction stands in for the base's
                    // content type, and must derive from it (derivation-ok-restriction.5.1.1).
                    let content: Int
                    switch (inline, baseSimple) {
                    case (let inline?, _):
                        content = try simpleType(inline, name: "the content of \(name)")
                        if let baseSimple, !model.simpleTypes[content].isDerived(from: model.simpleTypes[baseSimple]) {
                            throw XSDSchemaError(
                                "the <xs:simpleType> of \(name)'s restriction does not derive from \(model.simpleTypes[baseSimple].name), "
                                    + "the content of its base \(baseType.name) (derivation-ok-restriction.5.1)", at: inline)
                        }
                    case (nil, let simple?):
                        content = simple
                    case (nil, nil):
                        preconditionFailure("a mixed base is taken only with an <xs:simpleType> given")
                    }
                    let restricted = try restrict(model.simpleTypes[content], by: derivation, name: "the content of \(name)")
                    model.simpleTypes.append(restricted)
                    type.content = .simple(model.simpleTypes.count - 1)
                }
            case .anyType:
                // anyType is mixed, and its elements may all be left out: a restriction with
                // an <xs:simpleType> restricts it to that text (src-ct.2.2).
                guard !isExtension, let inline = derivation.components.first(where: { $0.localName == "simpleType" }) else {
                    throw XSDSchemaError(
                        "simpleContent derives from anyType only by a restriction that gives an <xs:simpleType> (src-ct.2)", at: derivation)
                }
                let content = try simpleType(inline, name: "the content of \(name)")
                model.simpleTypes.append(try restrict(model.simpleTypes[content], by: derivation, name: "the content of \(name)"))
                type.content = .simple(model.simpleTypes.count - 1)
                attributes = AttributeSet(uses: [:], wildcard: XSDWildcard(namespaces: .any, processContents: .lax))
            }
            let fromAnyType = if case .anyType = base { true } else { false }
            try addAttributes(of: derivation, to: &attributes, restricting: !isExtension, fromAnyType: fromAnyType)
        } else if let complexContent = body.first(where: { $0.localName == "complexContent" }) {
            if let value = complexContent.attributes["mixed"] { mixed = Self.boolean(value) }
            var keptSimpleContent: Int?
            let derivation = try derivation(of: complexContent)
            let isExtension = derivation.localName == "extension"
            let base = try self.type(named: try resolve(derivation.attributes["base"] ?? "", at: derivation), at: derivation)
            type.base = base
            type.derivation = isExtension ? .extension_ : .restriction
            try checkFinal(base, isExtension ? .extension_ : .restriction, at: derivation)
            let own = try contentParticle(of: derivation)
            switch base {
            case .simple:
                throw XSDSchemaError("complexContent cannot derive from a simple type; use simpleContent", at: derivation)
            case .anyType:
                // anyType's content: mixed, any elements laxly; its attributes: any, laxly.
                attributes = AttributeSet(uses: [:], wildcard: XSDWildcard(namespaces: .any, processContents: .lax))
                if isExtension {
                    // Its own particle follows anyType's any* (and competes with it, which
                    // Unique Particle Attribution refuses for any element).
                    let anything = XSDParticle(
                        minimum: 0, maximum: nil, term: .wildcard(XSDWildcard(namespaces: .any, processContents: .lax)))
                    particle = own.map { XSDParticle(minimum: 1, maximum: 1, term: .sequence([anything, $0])) } ?? anything
                    if own.map(Self.isEmpty) ?? true { typesWithAnyTypeContent.insert(index) }
                    mixed = true
                } else {
                    particle = own
                }
            case .complex(let baseIndex):
                let baseType = try finished(baseIndex, at: derivation)
                if case .simple(let simple) = baseType.content {
                    // An extension that adds no elements keeps the base's content type
                    // (Structures 3.4.2, complex content 3.2.1; cos-ct-extends.1.4.1).
                    guard isExtension, own == nil, !mixed else {
                        throw XSDSchemaError(
                            "complexContent cannot derive from \(baseType.name), which has simple content, but by an extension "
                                + "that adds only attributes", at: derivation)
                    }
                    keptSimpleContent = simple
                }
                if isExtension {
                    // Without content of its own, an extension has its base's content type,
                    // whatever it says (3.4.2, 3.2.1), unless it says mixed: its explicit
                    // content is then an empty sequence, mixed (2.1.4).
                    let hasExplicitContent = mixed || own.map { !Self.isEmpty($0) } ?? false
                    if case .elements(_, let baseMixed) = baseType.content, baseMixed != mixed, hasExplicitContent {
                        throw XSDSchemaError("an extension must be mixed exactly when its base \(baseType.name) is (cos-ct-extends.1.4)", at: derivation)
                    }
                    if case .elements(_, true) = baseType.content { mixed = true }
                    let inherited = particles[baseIndex]
                    if let inherited, let own, Self.isAll(inherited) || Self.isAll(own) {
                        throw XSDSchemaError(
                            "an <xs:all> group must be a type's whole content model; it cannot be extended, nor extend one (cos-all-limited)",
                            at: derivation)
                    }
                    switch (inherited, own) {
                    case (nil, _): particle = own
                    case (let inherited?, nil): particle = inherited
                    case (let inherited?, let own?):
                        particle = try bounded(XSDParticle(minimum: 1, maximum: 1, term: .sequence([inherited, own])), at: derivation)
                    }
                    // Without content of its own (3.4.2, 3.2.1), anyType's content stays anyType's.
                    if typesWithAnyTypeContent.contains(baseIndex), own.map(Self.isEmpty) ?? true {
                        typesWithAnyTypeContent.insert(index)
                    }
                } else {
                    // The restriction's own particle is its content; that it restricts the
                    // base's is checked once every declaration is known.
                    particle = own
                    pendingRestrictions.append(
                        PendingRestriction(particle: own, mixed: mixed, base: baseIndex, typeName: name, node: derivation))
                }
                attributes = AttributeSet(
                    uses: baseType.attributes, wildcard: baseType.attributeWildcard, origins: attributeOrigins[baseIndex] ?? [:])
            }
            // A restriction of anyType may process its wildcard more weakly (derivation-ok-restriction.4.3).
            let fromAnyType = if case .anyType = base { true } else { false }
            try addAttributes(of: derivation, to: &attributes, restricting: !isExtension, fromAnyType: fromAnyType)
            if let keptSimpleContent {
                type.content = .simple(keptSimpleContent)
            } else {
                type.content = try content(particle, mixed: mixed, type: name, at: node)
            }
        } else {
            particle = try contentParticle(of: node)
            try addAttributes(of: node, to: &attributes, restricting: false)
            type.content = try content(particle, mixed: mixed, type: name, at: node)
        }
        type.attributes = attributes.uses
        type.attributeWildcard = attributes.wildcard
        model.complexTypes[index] = type
        particles[index] = particle
        attributeOrigins[index] = attributes.origins
        finishedComplexTypes.insert(index)
        return index
    }

    /// A base whose `final` forbids this derivation (cos-ct-extends.1.1,
    /// derivation-ok-restriction.1, st-props-correct.3).
    func checkFinal(_ base: XSDTypeReference, _ derivation: XSDDerivation, at node: SchemaNode) throws(XSDSchemaError) {
        let final: Set<XSDDerivation>
        switch base {
        case .complex(let index): final = model.complexTypes[index].final
        case .simple(let index): final = model.simpleTypes[index].final
        case .anyType: final = []
        }
        if final.contains(derivation) {
            throw XSDSchemaError("type \(model.typeName(base)) is final for \(derivation.rawValue)", at: node)
        }
    }

    /// The one `restriction` or `extension` of a `simpleContent` or `complexContent`.
    private func derivation(of node: SchemaNode) throws(XSDSchemaError) -> SchemaNode {
        guard let derivation = node.components.first, ["restriction", "extension"].contains(derivation.localName),
            derivation.attributes["base"] != nil
        else {
            throw XSDSchemaError("<xs:\(node.localName)> needs a restriction or extension with a base", at: node)
        }
        return derivation
    }

    /// A complex type that is complete: a base must be, to be derived from.
    private func finished(_ index: Int, at node: SchemaNode) throws(XSDSchemaError) -> XSDComplexType {
        guard finishedComplexTypes.contains(index) else {
            throw XSDSchemaError("type \(model.complexTypes[index].name) is derived from itself", at: node)
        }
        return model.complexTypes[index]
    }

    /// The model group of a complex type or derivation: its `sequence`, `choice`, `all` or
    /// `group` child; `nil` for none (or one that can only be empty).
    mutating func contentParticle(of node: SchemaNode) throws(XSDSchemaError) -> XSDParticle? {
        let groups = node.components.filter { ["sequence", "choice", "all", "group"].contains($0.localName) }
        guard let group = groups.first else { return nil }
        guard groups.count == 1 else { throw XSDSchemaError("a complex type has one model group, not \(groups.count)", at: groups[1]) }
        guard let particle = try particle(group, topLevel: true) else { return nil }
        return try bounded(particle, at: group)
    }

    /// The content a particle gives: empty when there is none (or it can match nothing
    /// but the empty sequence of a group with no particles), else its compiled model.
    mutating func content(
        _ particle: XSDParticle?, mixed: Bool, type name: String, at node: SchemaNode
    ) throws(XSDSchemaError) -> XSDComplexType.Content {
        let particle = particle.flatMap { Self.isEmpty($0) ? nil : $0 }
        guard let particle else {
            guard mixed else { return .empty }
            model.contentModels.append(.empty)
            return .elements(model: model.contentModels.count - 1, mixed: true)
        }
        // Built once every declaration is known (buildContentModels()): a reference to the
        // head of a substitution group matches its members, which are known only then.
        model.contentModels.append(.empty)
        pendingContentModels.append(PendingContentModel(index: model.contentModels.count - 1, particle: particle, typeName: name, node: node))
        return .elements(model: model.contentModels.count - 1, mixed: mixed)
    }

    /// Builds the content models ``content(_:mixed:type:at:)`` set aside, with each reference
    /// to a substitution group's head a choice of it and its members, and checks each: one
    /// type per name (cos-element-consistent), Unique Particle Attribution.
    mutating func buildContentModels() throws(XSDSchemaError) {
        // Each model within its budget, and all of them within schemaWorkFactor times it,
        // counting each model's particles as well: a group referenced by many types is
        // checked once for each. A model past it is refused before it is built.
        let product = options.maximumContentModelWork.multipliedReportingOverflow(by: Self.schemaWorkFactor)
        let schemaBudget = product.overflow ? Int.max : product.partialValue
        for pending in pendingContentModels {
            let particle = try withSubstitutes(pending.particle, at: pending.node)
            let name = pending.typeName
            let node = pending.node
            let left = schemaBudget - contentModelWork - particle.size
            guard left >= 0 else { throw tooComplex(name, at: node) }
            let elements = model.elements
            // One name, one type, throughout a content model (cos-element-consistent).
            var types: [XSDExpandedName: XSDTypeReference] = [:]
            var stack = [particle]
            while let next = stack.popLast() {
                switch next.term {
                case .element(let index):
                    let element = elements[index]
                    if let other = types.updateValue(element.type, forKey: element.name), other != element.type {
                        throw XSDSchemaError(
                            "the content model of \(name) declares \(element.name) twice, with types \(model.typeName(other)) and "
                                + "\(model.typeName(element.type)) (cos-element-consistent)", at: node)
                    }
                case .wildcard: break
                case .sequence(let items), .choice(let items), .all(let items): stack += items
                }
            }
            let compiled = XSDContentModel(particle, declarationNames: { elements[$0].name }, symbols: &model.elementSymbols)
            do {
                contentModelWork += particle.size + (try compiled.checkUniqueAttribution(budget: min(options.maximumContentModelWork, left)))
            } catch let ambiguity as XSDContentModel.Ambiguity {
                var first = ambiguity.first.description
                var second = ambiguity.second.description
                // Two particles of one name: where the model as written names it once and a
                // head places it, or names it nowhere and two heads do, say so; otherwise
                // (named twice, or more ways) the two are left as they are.
                if case .element(_, let member) = ambiguity.first, first == second {
                    let (named, heads) = placings(of: member, in: pending.particle)
                    if named == 1, heads.count == 1 {
                        first = "<\(model.elements[heads[0]].name)> by substitution"
                    } else if named == 0, heads.count == 2 {
                        first = "<\(model.elements[heads[0]].name)> by substitution"
                        second = "<\(model.elements[heads[1]].name)> by substitution"
                    }
                }
                throw XSDSchemaError(
                    "the content model of \(name) is ambiguous: \(ambiguity.element) could match either of two particles "
                        + "(\(first) and \(second)), which Unique Particle Attribution forbids (cos-nonambig)",
                    at: node)
            } catch {
                throw tooComplex(name, at: node)
            }
            model.contentModels[pending.index] = compiled
        }
        pendingContentModels = []
    }

    /// The error for a content model past its budget, or past the schema's.
    private func tooComplex(_ name: String, at node: SchemaNode) -> XSDSchemaError {
        XSDSchemaError(
            "the content model of \(name) takes more than XMLSchema.Options.maximumContentModelWork "
                + "(\(options.maximumContentModelWork)) to check, or the schema's content models more than "
                + "\(Self.schemaWorkFactor) times it together", at: node, code: .unreadableSchema)
    }

    /// How often `particle` (as written, before ``withSubstitutes(_:at:abstractHeads:)``)
    /// names declaration `member`, and the heads it names whose substitution groups place
    /// it, in the model's order: for a message.
    private mutating func placings(of member: Int, in particle: XSDParticle) -> (named: Int, heads: [Int]) {
        var named = 0
        var heads: [Int] = []
        for index in particle.elementDeclarations {
            if index == member {
                named += 1
            } else if substitutes(of: index).contains(member) {
                heads.append(index)
            }
        }
        return (named, heads)
    }

    /// `particle` with every element whose declaration heads a substitution group replaced
    /// by a choice of it and the declarations that may stand in its place. Without
    /// `abstractHeads`, an abstract head is left out of its choice, as it is of its
    /// substitution group (Substitution Group, 3.3.6), for checking restrictions; a content
    /// model keeps it, so that a document's abstract element is named as such.
    /// Every member placed counts against `maximumContentModelWork`: a group of n members
    /// referenced in m places makes n × m particles, which a hostile schema could make huge.
    mutating func withSubstitutes(
        _ particle: XSDParticle, at node: SchemaNode, abstractHeads: Bool = true
    ) throws(XSDSchemaError) -> XSDParticle {
        var particle = particle
        func each(_ items: [XSDParticle]) throws(XSDSchemaError) -> [XSDParticle] {
            var result: [XSDParticle] = []
            for item in items { result.append(try withSubstitutes(item, at: node, abstractHeads: abstractHeads)) }
            return result
        }
        switch particle.term {
        case .element(let index):
            let members = substitutes(of: index)
            if !members.isEmpty {
                substitutionWork += members.count
                guard substitutionWork <= options.maximumContentModelWork else {
                    throw XSDSchemaError(
                        "the substitution groups place more than XMLSchema.Options.maximumContentModelWork "
                            + "(\(options.maximumContentModelWork)) members in content models", at: node, code: .unreadableSchema)
                }
                let group = abstractHeads || !model.elements[index].isAbstract ? [index] + members : members
                particle.term = .choice(group.map { XSDParticle(minimum: 1, maximum: 1, term: .element($0)) })
            }
        case .wildcard:
            break
        case .sequence(let items): particle.term = .sequence(try each(items))
        case .choice(let items): particle.term = .choice(try each(items))
        case .all(let items): particle.term = .all(try each(items))
        }
        return particle
    }

    static func isAll(_ particle: XSDParticle) -> Bool {
        if case .all = particle.term { return true }
        return false
    }

    /// Whether a particle can only match the empty sequence: a sequence or `all` of no
    /// particles. (A choice of none matches nothing at all, so it is kept: no content is
    /// then valid, not even none, cvc-model-group.2.)
    static func isEmpty(_ particle: XSDParticle) -> Bool {
        if particle.maximum == 0 { return true }
        switch particle.term {
        case .sequence(let items), .all(let items): return items.allSatisfy(isEmpty)
        case .choice(let items): return particle.minimum == 0 && items.allSatisfy(isEmpty)
        case .element, .wildcard: return false
        }
    }

    static func boolean(_ text: String?) -> Bool {
        guard let text else { return false }
        let value = XSDWhiteSpace.collapse.normalize(text)
        return value == "true" || value == "1"
    }
}

extension XSDComplexType.Content {
    var isEmpty: Bool {
        if case .empty = self { return true }
        return false
    }

    /// Elements, and no text but white space between them.
    var isElementOnly: Bool {
        if case .elements(_, false) = self { return true }
        return false
    }
}
