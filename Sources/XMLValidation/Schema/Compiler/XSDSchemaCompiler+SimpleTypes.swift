/// Simple types: built-in ones by name, and `<xs:simpleType>` restrictions, lists and unions.
extension XSDSchemaCompiler {
    /// The type a `type`, `base`, `itemType` or `memberTypes` name refers to.
    mutating func type(named name: XSDExpandedName, at node: SchemaNode?) throws(XSDSchemaError) -> XSDTypeReference {
        if name.namespace == SchemaNode.xsdNamespace {
            if name.localName == "anyType" { return .anyType }
            if let builtin = XSDBuiltinType(rawValue: name.localName) { return .simple(simpleType(for: builtin)) }
        }
        if let known = compiledTypes[name] { return known }
        guard let global = typeNodes[name] else {
            throw undeclared("type", name, at: node)
        }
        guard typesInProgress.insert(name).inserted else {
            throw XSDSchemaError("type \(name) is derived from itself", at: node ?? global.node)
        }
        defer { typesInProgress.remove(name) }
        try checkStack(at: node ?? global.node)
        let result: XSDTypeReference
        if global.node.localName == "simpleType" {
            result = .simple(try simpleType(global.node, name: name.description))
        } else {
            // Known by its index from the start: elements in its own content (directly, or
            // through groups and other types) may have it as their type. Only a base must be
            // complete, which is how deriving from itself is refused.
            compiledTypes[name] = .complex(model.complexTypes.count)
            result = .complex(try complexType(global.node, name: name.description))
        }
        compiledTypes[name] = result
        return result
    }

    /// The simple type a name refers to; a complex type there is an error.
    mutating func simpleType(named name: XSDExpandedName, at node: SchemaNode) throws(XSDSchemaError) -> Int {
        switch try type(named: name, at: node) {
        case .simple(let index): return index
        case .anyType, .complex: throw XSDSchemaError("\(name) is a complex type; a simple type is needed here", at: node)
        }
    }

    /// The simple type of an attribute, or of a restriction's base, list's items or union's
    /// members: named by `attribute`, or an anonymous `<xs:simpleType>` child.
    mutating func simpleType(of node: SchemaNode, attribute: String, default fallback: XSDBuiltinType?) throws(XSDSchemaError) -> Int? {
        let inline = node.components.first { $0.localName == "simpleType" }
        if let named = node.attributes[attribute] {
            if inline != nil {
                throw XSDSchemaError("<xs:\(node.localName)> has both \(attribute) and an anonymous <xs:simpleType>", at: node)
            }
            return try simpleType(named: try resolve(named, at: node), at: node)
        }
        if let inline {
            let owner = node.attributes["name"].map { node.localName == "attribute" ? "attribute \($0)" : "<\($0)>" }
                ?? "<xs:\(node.localName)> at \(node.location)"
            return try simpleType(inline, name: "the type of \(owner)")
        }
        return fallback.map { simpleType(for: $0) }
    }

    /// Compiles `<xs:simpleType>`.
    mutating func simpleType(_ node: SchemaNode, name: String) throws(XSDSchemaError) -> Int {
        try checkStack(at: node)
        guard let body = node.components.first else {
            throw XSDSchemaError("<xs:simpleType> needs a restriction, list or union", at: node)
        }
        let final = try derivations("final", of: node, allowed: [.restriction, .list, .union])
        var type: XSDSimpleType
        switch body.localName {
        case "restriction":
            guard let base = try simpleType(of: body, attribute: "base", default: nil) else {
                throw XSDSchemaError("<xs:restriction> needs a base or an anonymous <xs:simpleType>", at: body)
            }
            if model.simpleTypes[base].isAnySimpleType {
                throw XSDSchemaError(
                    "a simple type cannot restrict xs:anySimpleType, which is neither atomic nor primitive; restrict a built-in type (Derivation Valid (Restriction, Simple) 1.1)",
                    at: body)
            }
            try checkFinal(.simple(base), .restriction, at: body)
            type = try restrict(model.simpleTypes[base], by: body, name: name)
        case "list":
            guard let item = try simpleType(of: body, attribute: "itemType", default: nil) else {
                throw XSDSchemaError("<xs:list> needs an itemType or an anonymous <xs:simpleType>", at: body)
            }
            try checkFinal(.simple(item), .list, at: body)
            let itemType = model.simpleTypes[item]
            if itemType.isAnySimpleType {
                throw XSDSchemaError("the items of a list cannot be xs:anySimpleType: they are atomic or unions (cos-st-restricts.2.1)", at: body)
            }
            if Self.holdsList(itemType) {
                throw XSDSchemaError("the items of a list cannot be lists (\(itemType.name)), nor unions of lists (cos-st-restricts.2.1)", at: body)
            }
            type = XSDSimpleType(name: name, variety: .list(itemType), builtin: .anySimpleType, whiteSpace: .collapse, facets: XSDFacets())
        case "union":
            var members: [XSDSimpleType] = []
            for text in (body.attributes["memberTypes"] ?? "").splitAtXMLWhitespace() {
                let member = try simpleType(named: try resolve(String(text), at: body), at: body)
                try checkFinal(.simple(member), .union, at: body)
                members.append(model.simpleTypes[member])
            }
            for inline in body.components where inline.localName == "simpleType" {
                members.append(model.simpleTypes[try simpleType(inline, name: "an anonymous member of \(name)")])
            }
            guard !members.isEmpty else { throw XSDSchemaError("<xs:union> needs member types", at: body) }
            // A union has no whiteSpace of its own: each member normalizes the value its way.
            type = XSDSimpleType(name: name, variety: .union(members), builtin: .anySimpleType, whiteSpace: .preserve, facets: XSDFacets())
        default:
            throw XSDSchemaError("<xs:\(body.localName)> is not allowed in <xs:simpleType>", at: body)
        }
        if !final.isEmpty {
            type = XSDSimpleType(
                name: type.name, variety: type.variety, builtin: type.builtin, whiteSpace: type.whiteSpace, facets: type.facets,
                base: type.base, final: final)
        }
        model.simpleTypes.append(type)
        return model.simpleTypes.count - 1
    }

    /// Whether a type is a list, or a union with a list among its members (at any depth).
    static func holdsList(_ type: XSDSimpleType) -> Bool {
        switch type.variety {
        case .atomic: return false
        case .list: return true
        case .union:
            var found = false
            type.forEachUnionMember { member in
                if case .list = member.variety { found = true }
                return found
            }
            return found
        }
    }

    /// A restriction's facets applied to its base.
    mutating func restrict(_ base: XSDSimpleType, by node: SchemaNode, name: String) throws(XSDSchemaError) -> XSDSimpleType {
        var declarations: [XSDFacetDeclaration] = []
        var facetNodes: [SchemaNode] = []
        for child in node.components where child.localName != "simpleType" {
            guard let kind = XSDFacetKind(rawValue: child.localName) else {
                if ["attribute", "attributeGroup", "anyAttribute"].contains(child.localName) { continue }
                throw XSDSchemaError("<xs:\(child.localName)> is not a facet", at: child)
            }
            guard let value = child.attributes["value"] else {
                throw XSDSchemaError("<xs:\(child.localName)> needs a value", at: child)
            }
            let fixed = child.attributes["fixed"].map { XSDWhiteSpace.collapse.normalize($0) }
            declarations.append(
                XSDFacetDeclaration(kind: kind, value: value, isFixed: fixed == "true" || fixed == "1", namespaces: child.lookup(prefix:)))
            facetNodes.append(child)
        }
        let restricted: XSDSimpleType
        var failingFacet = -1
        do {
            // Facet values are read where the restriction is (a QName enumeration's prefixes).
            restricted = try base.restricted(named: name, by: declarations, namespaces: node.lookup(prefix:), failingFacet: &failingFacet)
        } catch {
            // At the facet at fault; at the restriction for facets that contradict each other.
            throw XSDSchemaError(error.message, at: failingFacet >= 0 ? facetNodes[failingFacet] : node)
        }
        // A NOTATION value names a notation the schema declares: so must each one listed.
        if case .atomic = restricted.variety, restricted.builtin.isDerived(from: .NOTATION), let enumeration = restricted.facets.enumeration {
            for case .qualifiedName(let namespace, let localName) in enumeration.values
            where !notations.contains(XSDExpandedName(namespace: namespace, localName: localName)) {
                let notation = XSDExpandedName(namespace: namespace, localName: localName)
                throw XSDSchemaError("the enumeration of \(name) lists \(notation), which is not a notation the schema declares", at: node)
            }
        }
        return restricted
    }
}
