internal import XMLSyntax

/// Attributes: declarations, uses, attribute groups and `anyAttribute`.
extension XSDSchemaCompiler {
    /// The attributes a complex type is building up.
    struct AttributeSet {
        var uses: [XSDExpandedName: XSDAttributeUse] = [:]
        var wildcard: XSDWildcard?
        /// The `<xs:attribute>` each use comes from: {attribute uses} is a set (Structures
        /// 3.4.2, 3.6.2), so one use reached through two attribute groups is there once, and
        /// only two uses of the same name from different places are declared twice.
        var origins: [XSDExpandedName: ObjectIdentifier] = [:]

        /// Adds `use`, written at `origin`, unless the set has it already; throws when it
        /// has another use of the same name.
        mutating func add(_ use: XSDAttributeUse, from origin: ObjectIdentifier, at node: SchemaNode) throws(XSDSchemaError) {
            if let existing = origins[use.name] {
                guard existing == origin else { throw XSDSchemaError("attribute \(use.name) is declared twice here", at: node) }
                return
            }
            uses[use.name] = use
            origins[use.name] = origin
        }
    }

    /// Adds the `attribute`, `attributeGroup` and `anyAttribute` children of `node`. In a
    /// restriction, a use replaces the base's of the same name, and `use="prohibited"`
    /// removes it; the restriction's wildcard replaces the base's.
    mutating func addAttributes(
        of node: SchemaNode, to set: inout AttributeSet, restricting: Bool, fromAnyType: Bool = false
    ) throws(XSDSchemaError) {
        var own = AttributeSet()
        var wildcards: [XSDWildcard] = []
        var prohibited: [XSDExpandedName] = []
        for child in node.components {
            switch child.localName {
            case "attribute":
                guard let use = try attributeUse(child) else {
                    prohibited.append(try attributeName(child))
                    continue
                }
                try own.add(use, from: ObjectIdentifier(child), at: child)
            case "attributeGroup":
                guard let reference = child.attributes["ref"] else {
                    throw XSDSchemaError("<xs:attributeGroup> here needs a ref", at: child)
                }
                let group = try attributeGroup(named: try resolve(reference, at: child), at: child)
                for (name, use) in group.sortedUses {
                    try own.add(use, from: group.set.origins[name] ?? ObjectIdentifier(child), at: child)
                }
                if let wildcard = group.set.wildcard { wildcards.append(wildcard) }
            case "anyAttribute":
                // The complete wildcard processes as the type's own says (Structures 3.4.2,
                // 2.1): it goes first, whose processContents the intersection keeps.
                wildcards.insert(try wildcard(child), at: 0)
            default:
                continue
            }
        }
        own.wildcard = try intersect(wildcards, at: node)
        let ids = own.uses.values.filter { model.simpleTypes[$0.type].builtin.isDerived(from: .ID) }
        if ids.count > 1 || (!ids.isEmpty && set.uses.values.contains { model.simpleTypes[$0.type].builtin.isDerived(from: .ID) && own.uses[$0.name] == nil && !prohibited.contains($0.name) }) {
            throw XSDSchemaError("a type may have one attribute of type ID, not two (ct-props-correct.5)", at: node)
        }
        if restricting {
            try checkRestriction(of: set, by: own, prohibiting: prohibited, fromAnyType: fromAnyType, at: node)
            for name in prohibited {
                set.uses[name] = nil
                set.origins[name] = nil
            }
            for (name, use) in own.uses {
                set.uses[name] = use
                set.origins[name] = own.origins[name]
            }
            set.wildcard = own.wildcard
        } else {
            for (name, use) in own.uses {
                if set.uses[name] != nil, node.localName == "extension" {
                    // The base's use of the same declaration, reached again through the same
                    // attribute group, is the same use: {attribute uses} is a set.
                    if set.origins[name] == own.origins[name] { continue }
                    throw XSDSchemaError("the extension declares attribute \(name), which its base has already", at: node)
                }
                set.uses[name] = use
                set.origins[name] = own.origins[name]
            }
            if let wildcard = own.wildcard {
                set.wildcard = try set.wildcard.map { base throws(XSDSchemaError) in try Self.union(base, wildcard, at: node) } ?? wildcard
            }
        }
    }

    /// A restriction's attributes narrow its base's (derivation-ok-restriction 2 to 4): each
    /// use the base's, or one its wildcard allows; a required use stays required, and is not
    /// prohibited; a type derives from the base use's; a fixed value stays; a wildcard is a
    /// subset of the base's, and processes at least as strictly (but in a restriction of
    /// anyType, `fromAnyType`).
    func checkRestriction(
        of base: AttributeSet, by own: AttributeSet, prohibiting prohibited: [XSDExpandedName], fromAnyType: Bool = false,
        at node: SchemaNode
    ) throws(XSDSchemaError) {
        for name in own.uses.keys.sortedByDescription() {
            let use = own.uses[name]!
            guard let baseUse = base.uses[name] else {
                guard let wildcard = base.wildcard, wildcard.allows(name.namespace) else {
                    throw XSDSchemaError(
                        "the restriction declares attribute \(name), which its base neither declares nor allows (derivation-ok-restriction.2.2)",
                        at: node)
                }
                continue
            }
            if baseUse.isRequired, !use.isRequired {
                throw XSDSchemaError("attribute \(name) is required in the base, and must stay so (derivation-ok-restriction.2.1.1)", at: node)
            }
            if !model.simpleTypes[use.type].isDerived(from: model.simpleTypes[baseUse.type]) {
                throw XSDSchemaError(
                    "attribute \(name)'s type, \(model.simpleTypes[use.type].name), does not derive from its type in the base, "
                        + "\(model.simpleTypes[baseUse.type].name) (derivation-ok-restriction.2.1.2)", at: node)
            }
            if let fixed = baseUse.valueConstraint, fixed.isFixed,
                !(use.valueConstraint.map { $0.isFixed && $0.value == fixed.value } ?? false)
            {
                throw XSDSchemaError(
                    "attribute \(name) is fixed to \"\(fixed.text)\" in the base, and must stay so (derivation-ok-restriction.2.1.3)", at: node)
            }
        }
        for name in prohibited where base.uses[name]?.isRequired == true {
            throw XSDSchemaError("attribute \(name) is required in the base, and cannot be prohibited (derivation-ok-restriction.3)", at: node)
        }
        if let wildcard = own.wildcard {
            guard let baseWildcard = base.wildcard, Self.isSubset(wildcard.namespaces, of: baseWildcard.namespaces) else {
                throw XSDSchemaError(
                    "the restriction's attribute wildcard allows namespaces its base's does not (derivation-ok-restriction.4)", at: node)
            }
            let strength: [XSDWildcard.ProcessContents: Int] = [.skip: 0, .lax: 1, .strict: 2]
            if !fromAnyType, strength[wildcard.processContents]! < strength[baseWildcard.processContents]! {
                throw XSDSchemaError(
                    "the restriction's attribute wildcard is \(wildcard.processContents.rawValue), weaker than its base's "
                        + "\(baseWildcard.processContents.rawValue) (derivation-ok-restriction.4)", at: node)
            }
        }
    }

    /// Whether every namespace `sub` allows, `sup` allows (Wildcard Subset, cos-ns-subset).
    static func isSubset(_ sub: XSDWildcard.Namespaces, of sup: XSDWildcard.Namespaces) -> Bool {
        switch (sub, sup) {
        case (_, .any): return true
        case (.any, _): return false
        case (.not(let a), .not(let b)): return a == b || b == nil
        case (.not, .oneOf): return false
        case (.oneOf(let set), .oneOf(let other)): return set.isSubset(of: other)
        case (.oneOf(let set), .not(let excluded)): return set.allSatisfy { $0 != nil && $0 != excluded }
        }
    }

    /// The name an `<xs:attribute>` declares or refers to.
    private func attributeName(_ node: SchemaNode) throws(XSDSchemaError) -> XSDExpandedName {
        if let reference = node.attributes["ref"] { return try resolve(reference, at: node) }
        guard let local = node.attributes["name"], XMLNameValidation.isValid(local, allowingColon: false), local != "xmlns" else {
            throw XSDSchemaError("<xs:attribute> needs a name that is an NCName other than xmlns, or a ref", at: node)
        }
        let document = document(of: node)
        let qualified = node.attributes["form"].map { $0 == "qualified" } ?? document.attributesQualified
        return XSDExpandedName(namespace: qualified ? document.targetNamespace : nil, localName: local)
    }

    /// A local `<xs:attribute>` or a reference to a global one, as a use; `nil` for
    /// `use="prohibited"`.
    private mutating func attributeUse(_ node: SchemaNode) throws(XSDSchemaError) -> XSDAttributeUse? {
        let use = node.attributes["use"] ?? "optional"
        guard ["optional", "required", "prohibited"].contains(use) else {
            throw XSDSchemaError("use must be optional, required or prohibited, not \"\(use)\"", at: node)
        }
        let name = try attributeName(node)
        if name.namespace == xsiNamespace {
            throw XSDSchemaError("attributes in the XMLSchema-instance namespace cannot be declared (no-xsi)", at: node)
        }
        if node.attributes["default"] != nil, use != "optional" {
            throw XSDSchemaError("an attribute with a default must be optional, not \(use) (src-attribute.2)", at: node)
        }
        if use == "prohibited" { return nil }
        var result: XSDAttributeUse
        if node.attributes["ref"] != nil {
            for attribute in ["type", "form"] where node.attributes[attribute] != nil {
                throw XSDSchemaError("an attribute with ref cannot have \(attribute)", at: node)
            }
            let global = try globalAttribute(named: name, at: node)
            result = XSDAttributeUse(
                name: name, type: global.type, isRequired: use == "required", valueConstraint: global.valueConstraint,
                component: global.component)
            if let local = try valueConstraint(of: node, type: .simple(global.type)) {
                if let inherited = global.valueConstraint, inherited.isFixed, !local.isFixed || local.value != inherited.value {
                    throw XSDSchemaError("attribute \(name) is fixed to \"\(inherited.text)\" where it is declared", at: node)
                }
                result.valueConstraint = local
            }
        } else {
            let type = try simpleType(of: node, attribute: "type", default: .anySimpleType)!
            try checkNotationEnumerated(.simple(type), at: node)
            result = XSDAttributeUse(
                name: name, type: type, isRequired: use == "required",
                valueConstraint: try valueConstraint(of: node, type: .simple(type)), component: component(node))
        }
        if result.isRequired, let constraint = result.valueConstraint, !constraint.isFixed {
            throw XSDSchemaError("a required attribute cannot have a default", at: node)
        }
        return result
    }

    /// A global attribute declaration, compiled once.
    mutating func globalAttribute(
        named name: XSDExpandedName, at node: SchemaNode?
    ) throws(XSDSchemaError) -> (type: Int, valueConstraint: XSDValueConstraint?, component: String) {
        if xmlAttributesBuiltIn, let builtin = model.globalAttributes[name], name.namespace == SchemaNode.xmlNamespace {
            return (builtin.type, nil, builtin.component)
        }
        guard let global = globalAttributeNodes[name] else { throw undeclared("attribute", name, at: node) }
        if name.localName == "xmlns" {
            throw XSDSchemaError("<xs:attribute> needs a name that is an NCName other than xmlns (no-xmlns)", at: global.node)
        }
        // The XMLSchema-instance namespace's own schema document declares its four.
        if name.namespace == xsiNamespace, XSDInstanceName.schemaInstanceTypes[name.localName] == nil {
            throw XSDSchemaError("attributes in the XMLSchema-instance namespace cannot be declared (no-xsi)", at: global.node)
        }
        if let index = compiledAttributes[name] {
            return (index, try valueConstraint(of: global.node, type: .simple(index)), component(global.node))
        }
        let type = try simpleType(of: global.node, attribute: "type", default: .anySimpleType)!
        try checkNotationEnumerated(.simple(type), at: global.node)
        compiledAttributes[name] = type
        let constraint = try valueConstraint(of: global.node, type: .simple(type))
        model.globalAttributes[name] = (type, constraint, component(global.node))
        return (type, constraint, component(global.node))
    }

    /// A named attribute group's uses and wildcard, and its uses in the order of their names
    /// (the order they are added in, so that the first of two uses of one name is reported
    /// the same way every time). Compiled once: a group is the same wherever it is referenced.
    mutating func attributeGroup(
        named name: XSDExpandedName, at node: SchemaNode
    ) throws(XSDSchemaError) -> (set: AttributeSet, sortedUses: [(XSDExpandedName, XSDAttributeUse)]) {
        if let compiled = compiledAttributeGroups[name] { return compiled }
        guard let global = attributeGroupNodes[name] else { throw undeclared("attribute group", name, at: node) }
        guard attributeGroupsInProgress.insert(name).inserted else {
            throw XSDSchemaError("attribute group \(name) contains itself", at: node)
        }
        defer { attributeGroupsInProgress.remove(name) }
        try checkStack(at: node)
        var set = AttributeSet()
        try addAttributes(of: global.node, to: &set, restricting: false)
        let sortedUses = set.uses.map { ($0.key, $0.value) }.sorted { $0.0.description < $1.0.description }
        compiledAttributeGroups[name] = (set, sortedUses)
        return (set, sortedUses)
    }

    /// Several wildcards where one type has them: what all of them allow (Structures
    /// 3.10.6, intersection), with the first one's processContents.
    private func intersect(_ wildcards: [XSDWildcard], at node: SchemaNode) throws(XSDSchemaError) -> XSDWildcard? {
        guard var result = wildcards.first else { return nil }
        for other in wildcards.dropFirst() {
            switch (result.namespaces, other.namespaces) {
            case (.any, let namespaces): result.namespaces = namespaces
            case (_, .any): break
            case (.oneOf(let a), .oneOf(let b)): result.namespaces = .oneOf(a.intersection(b))
            case (.not(let excluded), .oneOf(let set)), (.oneOf(let set), .not(let excluded)):
                result.namespaces = .oneOf(set.filter { $0 != nil && $0 != excluded })
            case (.not(let a), .not(let b)):
                // Clauses 1, 6 and 5: a negation of no namespace (a ##other of a schema without
                // a target namespace) gives way to the negation of a namespace.
                if a == b || b == nil { break }
                guard a == nil else {
                    throw XSDSchemaError(
                        "the intersection of two ##other wildcards of different namespaces cannot be expressed (cos-aw-intersect)",
                        at: node)
                }
                result.namespaces = .not(b)
            }
        }
        return result
    }

    /// An extension's wildcard with its base's (Structures 3.10.6, union), with the
    /// extension's processContents.
    static func union(_ base: XSDWildcard, _ own: XSDWildcard, at node: SchemaNode) throws(XSDSchemaError) -> XSDWildcard {
        var result = own
        switch (base.namespaces, own.namespaces) {
        case (.any, _), (_, .any): result.namespaces = .any
        case (.oneOf(let a), .oneOf(let b)): result.namespaces = .oneOf(a.union(b))
        case (.not(let excluded), .oneOf(let set)), (.oneOf(let set), .not(let excluded)):
            // cos-aw-union 5: a negation (which never allows no namespace) with a set.
            let hasExcluded = set.contains(excluded)
            let hasAbsent = set.contains(nil)
            if excluded == nil || hasExcluded {
                result.namespaces = hasAbsent ? .any : .not(nil)
            } else if hasAbsent {
                throw XSDSchemaError(
                    "the union of a wildcard of other namespaces and one allowing no namespace cannot be expressed (cos-aw-union)",
                    at: node)
            } else {
                result.namespaces = .not(excluded)
            }
        case (.not(let a), .not(let b)):
            result.namespaces = a == b ? .not(a) : .not(nil)
        }
        return result
    }
}
