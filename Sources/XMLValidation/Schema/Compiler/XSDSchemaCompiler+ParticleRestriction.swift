/// A restriction's content model narrows its base's (derivation-ok-restriction.5 and
/// Particle Valid (Restriction), Structures 3.9.6): whatever the restriction accepts, the
/// base accepts. Checked as the recommendation's rules have it, particle against particle,
/// once both are rid of pointless groups and every head of a substitution group stands for
/// a choice of it and its members.
struct PendingRestriction {
    /// The restriction's own particle (`nil`: none), and whether it is mixed.
    var particle: XSDParticle?
    var mixed: Bool
    var base: Int
    var typeName: String
    var node: SchemaNode
}

extension XSDSchemaCompiler {
    /// Why a particle does not restrict another: the rule broken, in words.
    struct RestrictionFailure: Error {
        var reason: String
    }

    /// Checks each complex-content restriction set aside while compiling types, and each
    /// group redefined without a reference to itself (src-redefine.6.2.2).
    mutating func checkParticleRestrictions() throws(XSDSchemaError) {
        for pending in pendingRestrictions {
            let base = model.complexTypes[pending.base]
            let baseMixed: Bool
            switch base.content {
            case .elements(_, let mixed): baseMixed = mixed
            case .empty, .simple: baseMixed = false
            }
            let what = "the content of \(pending.typeName)"
            func fail(_ reason: String) -> XSDSchemaError {
                XSDSchemaError("\(what) is not a restriction of its base \(base.name)'s: \(reason) (derivation-ok-restriction.5)", at: pending.node)
            }
            if pending.mixed, !baseMixed { throw fail("it is mixed, and its base is not") }
            try check(
                pending.particle, restricts: particles[pending.base], what: what, at: pending.node,
                baseIsAnyTypeContent: typesWithAnyTypeContent.contains(pending.base), fail: fail)
        }
        pendingRestrictions = []
        for (name, original, node) in redefinedGroups {
            let old = try groupParticle(named: original, minimum: 1, maximum: 1, at: node, topLevel: true)
            let new = try groupParticle(named: name, minimum: 1, maximum: 1, at: node, topLevel: true)
            func fail(_ reason: String) -> XSDSchemaError {
                XSDSchemaError("the redefinition of group \(name) is not a restriction of the original: \(reason) (src-redefine.6.2.2)", at: node)
            }
            try check(new, restricts: old, what: "the redefinition of group \(name)", at: node, fail: fail)
        }
        redefinedGroups = []
    }

    /// Throws `fail(reason)` when `own` (`nil`: no elements) does not restrict `base`, each
    /// with its substitution groups' heads as choices and rid of pointless groups. No
    /// elements (mixed or not) restrict only what may have none (5.2, 5.3).
    /// `baseIsAnyTypeContent`: `base` is anyType's own content, whose wildcard a restriction
    /// may process more weakly.
    private mutating func check(
        _ own: XSDParticle?, restricts base: XSDParticle?, what: String, at node: SchemaNode,
        baseIsAnyTypeContent: Bool = false, fail: (String) -> XSDSchemaError
    ) throws(XSDSchemaError) {
        let own = try own.map { particle throws(XSDSchemaError) in try withSubstitutes(particle, at: node, abstractHeads: false) }
            .flatMap(Self.withoutPointlessGroups)
        let base = try base.map { particle throws(XSDSchemaError) in try withSubstitutes(particle, at: node, abstractHeads: false) }
            .flatMap(Self.withoutPointlessGroups)
        guard let own, !Self.isEmpty(own) else {
            if let base, Self.effectiveRange(of: base).minimum > 0 { throw fail("it has no elements, and the base needs one") }
            return
        }
        guard let base else { throw fail("it has elements, and the base has none") }
        var work = 0
        do {
            try restricts(own, base, work: &work, baseIsAnyTypeContent: baseIsAnyTypeContent)
        } catch let failure as RestrictionFailure {
            throw fail(failure.reason)
        } catch {
            throw XSDSchemaError(
                "checking that \(what) restricts its base takes more than XMLSchema.Options.maximumContentModelWork "
                    + "(\(options.maximumContentModelWork))", at: node, code: .unreadableSchema)
        }
    }

    /// Throws ``RestrictionFailure`` when `r` does not restrict `b` (Particle Valid
    /// (Restriction)), or `TooComplex` past the work budget. `baseIsAnyTypeContent`: `b` is
    /// anyType's content, its wildcard the whole of it.
    private func restricts(_ r: XSDParticle, _ b: XSDParticle, work: inout Int, baseIsAnyTypeContent: Bool = false) throws {
        work += 1
        guard work <= options.maximumContentModelWork else { throw XSDContentModel.TooComplex() }
        switch (r.term, b.term) {
        case (.element(let rd), .element(let bd)):
            try nameAndType(r, rd, b, bd)
        case (.element(let rd), .wildcard(let wildcard)):
            // NSCompat.
            guard wildcard.allows(model.elements[rd].name.namespace) else {
                throw RestrictionFailure(reason: "\(describe(r)) is not in a namespace the base's wildcard allows")
            }
            try range(r, b, "\(describe(r))")
        case (.element, .sequence), (.element, .choice), (.element, .all):
            // RecurseAsIfGroup: the element as a group of the base's kind, of one particle.
            let group: XSDParticle.Term
            switch b.term {
            case .sequence: group = .sequence([r])
            case .choice: group = .choice([r])
            default: group = .all([r])
            }
            try restricts(XSDParticle(minimum: 1, maximum: 1, term: group), b, work: &work)
        case (.wildcard(let own), .wildcard(let wildcard)):
            // NSSubset.
            try range(r, b, "the wildcard")
            guard Self.isSubset(own.namespaces, of: wildcard.namespaces) else {
                throw RestrictionFailure(reason: "its wildcard allows namespaces the base's does not")
            }
            let strength: [XSDWildcard.ProcessContents: Int] = [.skip: 0, .lax: 1, .strict: 2]
            guard baseIsAnyTypeContent || strength[own.processContents]! >= strength[wildcard.processContents]! else {
                throw RestrictionFailure(
                    reason: "its wildcard is \(own.processContents.rawValue), weaker than the base's \(wildcard.processContents.rawValue)")
            }
        case (.sequence(let items), .wildcard), (.choice(let items), .wildcard), (.all(let items), .wildcard):
            // NSRecurseCheckCardinality: each member restricts the wildcard, the term (clause 1:
            // its namespaces and processContents, not its particle's count), and the group's
            // whole count the particle's (clause 2). The W3C suite reads it so: three required
            // elements in <xs:all> restrict an <xs:any> of exactly 3 (particlesHa070).
            let term = XSDParticle(minimum: 0, maximum: nil, term: b.term)
            for item in items { try restricts(item, term, work: &work, baseIsAnyTypeContent: baseIsAnyTypeContent) }
            try range(Self.effectiveRange(of: r), (b.minimum, b.maximum), "\(describe(r))")
        case (.all(let rItems), .all(let bItems)), (.sequence(let rItems), .sequence(let bItems)):
            try range(r, b, "\(describe(r))")
            try recurse(rItems, bItems, work: &work)
        case (.choice(let rItems), .choice(let bItems)):
            // RecurseLax: in order, skipping any of the base's.
            try range(r, b, "\(describe(r))")
            var next = 0
            for item in rItems {
                var mapped = false
                while next < bItems.count, !mapped {
                    if try attempt(item, bItems[next], work: &work) == nil { mapped = true }
                    next += 1
                }
                if !mapped {
                    throw try reasonAgainstNamesake(item, bItems, work: &work)
                        ?? RestrictionFailure(reason: "\(describe(item)) matches no later choice of the base's")
                }
            }
        case (.sequence(let rItems), .all(let bItems)):
            // RecurseUnordered: each to a different particle of the base's, any order.
            try range(r, b, "\(describe(r))")
            let index = candidates(in: bItems)
            var used = Set<Int>()
            for item in rItems {
                guard
                    let k = try index(item).first(where: { k in
                        if used.contains(k) { return false }
                        return try attempt(item, bItems[k], work: &work) == nil
                    })
                else {
                    throw try reasonAgainstNamesake(item, bItems, work: &work)
                        ?? RestrictionFailure(reason: "\(describe(item)) restricts no particle of the base's all group left")
                }
                used.insert(k)
            }
            if let missing = bItems.indices.first(where: { !used.contains($0) && Self.effectiveRange(of: bItems[$0]).minimum > 0 }) {
                throw RestrictionFailure(reason: "\(describe(bItems[missing])) of the base's all group is required, and left out")
            }
        case (.sequence(let rItems), .choice(let bItems)):
            // MapAndSum: each to some choice of the base's; the counts summed.
            let index = candidates(in: bItems)
            for item in rItems where try !index(item).contains(where: { try attempt(item, bItems[$0], work: &work) == nil }) {
                throw try reasonAgainstNamesake(item, bItems, work: &work)
                    ?? RestrictionFailure(reason: "\(describe(item)) restricts no choice of the base's")
            }
            let count = rItems.count
            let total = (Self.times(r.minimum, count), r.maximum.map { Self.times($0, count) })
            try range(total, (b.minimum, b.maximum), "\(describe(r))")
        default:
            throw RestrictionFailure(reason: "\(describe(r)) cannot restrict \(describe(b))")
        }
    }

    /// `nil` when `r` restricts `b`, or why not; past the work budget, throws
    /// `XSDContentModel.TooComplex` (a failure to say so, not that `r` does not restrict `b`).
    private func attempt(_ r: XSDParticle, _ b: XSDParticle, work: inout Int) throws -> RestrictionFailure? {
        do {
            try restricts(r, b, work: &work)
            return nil
        } catch let failure as RestrictionFailure {
            return failure
        }
    }

    /// Why element `item` does not restrict the first of `items` with its name, when one has
    /// it: a more telling reason than that it restricts none of them.
    private func reasonAgainstNamesake(_ item: XSDParticle, _ items: [XSDParticle], work: inout Int) throws -> RestrictionFailure? {
        guard case .element(let declaration) = item.term else { return nil }
        let name = model.elements[declaration].name
        for other in items {
            guard case .element(let candidate) = other.term, model.elements[candidate].name == name else { continue }
            return try attempt(item, other, work: &work)
        }
        return nil
    }

    /// The particles of `items` an element or group could restrict, in order: for an
    /// element, those of its name and those that are not elements (a name is looked up, so
    /// that matching n particles against n is not n² tries); for anything else, all.
    private func candidates(in items: [XSDParticle]) -> (XSDParticle) -> [Int] {
        var byName: [XSDExpandedName: [Int]] = [:]
        var others: [Int] = []
        for (k, item) in items.enumerated() {
            if case .element(let declaration) = item.term { byName[model.elements[declaration].name, default: []].append(k) } else { others.append(k) }
        }
        let all = Array(items.indices)
        return { item in
            guard case .element(let declaration) = item.term else { return all }
            let named = byName[self.model.elements[declaration].name] ?? []
            return others.isEmpty ? named : (named + others).sorted()
        }
    }

    /// Recurse: the particles in order, each restricting the next of the base's; those of the
    /// base's passed over or left at the end must be emptiable.
    private func recurse(_ rItems: [XSDParticle], _ bItems: [XSDParticle], work: inout Int) throws {
        var next = 0
        for item in rItems {
            var mapped = false
            while next < bItems.count, !mapped {
                if let failure = try attempt(item, bItems[next], work: &work) {
                    // A required particle of the base's that this one does not restrict: its
                    // reason is the one kept (checking again would double the work at each
                    // level of nested groups).
                    if Self.effectiveRange(of: bItems[next]).minimum > 0 { throw failure }
                } else {
                    mapped = true
                }
                next += 1
            }
            if !mapped { throw RestrictionFailure(reason: "\(describe(item)) matches no particle of the base's in order") }
        }
        if let missing = bItems[next...].first(where: { Self.effectiveRange(of: $0).minimum > 0 }) {
            throw RestrictionFailure(reason: "\(describe(missing)) of the base's is required, and left out")
        }
    }

    /// NameAndTypeOK: the same name, no more nillable, a fixed value kept, no fewer blocked
    /// derivations, and a type derived by restriction.
    private func nameAndType(_ r: XSDParticle, _ rd: Int, _ b: XSDParticle, _ bd: Int) throws {
        let own = model.elements[rd]
        let base = model.elements[bd]
        guard own.name == base.name else {
            throw RestrictionFailure(reason: "\(describe(r)) is not the base's \(describe(b))")
        }
        try range(r, b, "\(describe(r))")
        guard rd != bd else { return }
        if own.isNillable, !base.isNillable { throw RestrictionFailure(reason: "\(describe(r)) is nillable, and the base's is not") }
        if let fixed = base.valueConstraint, fixed.isFixed {
            let kept = own.valueConstraint.map { $0.isFixed && ($0.value != nil ? $0.value == fixed.value : $0.text == fixed.text) } ?? false
            if !kept { throw RestrictionFailure(reason: "\(describe(r)) must keep the base's fixed value \"\(fixed.text)\"") }
        }
        if !own.block.isSuperset(of: base.block) {
            throw RestrictionFailure(reason: "\(describe(r)) blocks fewer derivations than the base's")
        }
        // 3.2.3: XML Schema 1.0 lets a restriction keep identity constraints, not add them.
        if let added = own.identityConstraints.first(where: { !base.identityConstraints.contains($0) }) {
            throw RestrictionFailure(
                reason: "\(describe(r)) has identity constraint \(model.identityConstraints[added].name), which the base's has not")
        }
        guard let methods = model.derivation(of: own.type, from: base.type), !methods.contains(.extension_) else {
            throw RestrictionFailure(
                reason: "the type of \(describe(r)), \(model.typeName(own.type)), does not derive by restriction from the base's, "
                    + model.typeName(base.type))
        }
    }

    /// Occurrence Range OK: `r`'s range within `b`'s.
    private func range(_ r: XSDParticle, _ b: XSDParticle, _ what: @autoclosure () -> String) throws {
        try range((r.minimum, r.maximum), (b.minimum, b.maximum), what())
    }

    private func range(_ r: (Int, Int?), _ b: (Int, Int?), _ what: @autoclosure () -> String) throws {
        let within = r.0 >= b.0 && (b.1 == nil || (r.1 != nil && r.1! <= b.1!))
        guard within else {
            func text(_ range: (Int, Int?)) -> String { "\(range.0) to \(range.1.map(String.init) ?? "unbounded")" }
            throw RestrictionFailure(reason: "\(what()) occurs \(text(r)) times, outside the base's \(text(b))")
        }
    }

    /// `<name>`, a wildcard, or a group, for messages.
    private func describe(_ particle: XSDParticle) -> String {
        switch particle.term {
        case .element(let index): return "<\(model.elements[index].name)>"
        case .wildcard: return "a wildcard"
        case .sequence: return "a sequence"
        case .choice: return "a choice"
        case .all: return "an all group"
        }
    }

    /// `a × b`, or `Int.max` past it: counts multiplied saturate rather than overflow.
    static func times(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }

    /// The least and most elements a particle matches (Effective Total Range); `nil` for
    /// unbounded. Products saturate rather than overflow.
    static func effectiveRange(of particle: XSDParticle) -> (minimum: Int, maximum: Int?) {
        func plus(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? Int.max : sum
        }
        switch particle.term {
        case .element, .wildcard:
            return (particle.minimum, particle.maximum)
        case .sequence(let items), .all(let items):
            let ranges = items.map(effectiveRange)
            let least = ranges.reduce(0) { plus($0, $1.minimum) }
            var most: Int? = ranges.reduce(0) { plus($0, $1.maximum ?? 0) }
            if ranges.contains(where: { $0.maximum == nil }) { most = nil }
            if most == 0 { return (0, 0) }
            return (Self.times(particle.minimum, least), most.flatMap { m in particle.maximum.map { Self.times($0, m) } })
        case .choice(let items):
            let ranges = items.map(effectiveRange)
            let least = ranges.map(\.minimum).min() ?? 0
            var most: Int? = ranges.map { $0.maximum ?? 0 }.max() ?? 0
            if ranges.contains(where: { $0.maximum == nil }) { most = nil }
            if most == 0 { return (0, 0) }
            return (Self.times(particle.minimum, least), most.flatMap { m in particle.maximum.map { Self.times($0, m) } })
        }
    }

    /// The particle without pointless groups (Particle Valid (Restriction) 3): a group of one
    /// particle that occurs once is that particle; a sequence that occurs once in a
    /// sequence, or a choice in a choice, is its particles in place; a particle that occurs
    /// at most 0 times, a sequence or `all` of no particles and a choice of none that may
    /// occur 0 times are gone (`nil`).
    static func withoutPointlessGroups(_ particle: XSDParticle) -> XSDParticle? {
        if particle.maximum == 0 { return nil }
        var items: [XSDParticle]
        let isSequence: Bool
        let isChoice: Bool
        switch particle.term {
        case .element, .wildcard: return particle
        case .sequence(let list): (items, isSequence, isChoice) = (list, true, false)
        case .choice(let list): (items, isSequence, isChoice) = (list, false, true)
        case .all(let list): (items, isSequence, isChoice) = (list, false, false)
        }
        var flat: [XSDParticle] = []
        for item in items.compactMap(withoutPointlessGroups) {
            if item.minimum == 1, item.maximum == 1 {
                if isSequence, case .sequence(let inner) = item.term { flat += inner; continue }
                if isChoice, case .choice(let inner) = item.term { flat += inner; continue }
            }
            flat.append(item)
        }
        items = flat
        // An empty choice matches nothing, not even nothing: it is kept where it must occur.
        if items.isEmpty, !isChoice || particle.minimum == 0 { return nil }
        if items.count == 1, particle.minimum == 1, particle.maximum == 1 { return items[0] }
        var result = particle
        result.term = isSequence ? .sequence(items) : isChoice ? .choice(items) : .all(items)
        return result
    }
}
