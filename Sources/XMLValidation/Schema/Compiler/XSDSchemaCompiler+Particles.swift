internal import XMLSyntax

/// Particles: element declarations and references, wildcards, model groups and references
/// to named groups.
extension XSDSchemaCompiler {
    /// The particle of a `sequence`, `choice`, `all`, `group`, `element` or `any`; `nil`
    /// when `maxOccurs` is 0.
    mutating func particle(_ node: SchemaNode, topLevel: Bool = false) throws(XSDSchemaError) -> XSDParticle? {
        // Content nested in anonymous types recurses here too, between references.
        try checkStack(at: node)
        let (minimum, maximum) = try occurrences(of: node)
        let term: XSDParticle.Term
        switch node.localName {
        case "element":
            term = .element(try elementParticle(node))
        case "any":
            term = .wildcard(try wildcard(node))
        case "sequence", "choice":
            var items: [XSDParticle] = []
            for child in node.components {
                guard ["element", "any", "sequence", "choice", "group"].contains(child.localName) else {
                    throw XSDSchemaError("<xs:\(child.localName)> is not allowed in <xs:\(node.localName)>", at: child)
                }
                if let item = try particle(child) { items.append(item) }
            }
            term = node.localName == "sequence" ? .sequence(items) : .choice(items)
        case "all":
            guard topLevel else { throw XSDSchemaError("<xs:all> must be a complex type's whole content model", at: node) }
            guard minimum <= 1, maximum == 1 else {
                throw XSDSchemaError("<xs:all> may have minOccurs 0 or 1 and maxOccurs 1", at: node)
            }
            var items: [XSDParticle] = []
            for child in node.components {
                guard child.localName == "element" else {
                    throw XSDSchemaError("<xs:all> may hold only elements, not <xs:\(child.localName)>", at: child)
                }
                guard let item = try particle(child) else { continue }
                guard item.maximum.map({ $0 <= 1 }) ?? false else {
                    throw XSDSchemaError("an element in <xs:all> may occur at most once", at: child)
                }
                items.append(item)
            }
            term = .all(items)
        case "group":
            guard let reference = node.attributes["ref"] else {
                throw XSDSchemaError("<xs:group> in a content model needs a ref", at: node)
            }
            return try groupParticle(named: try resolve(reference, at: node), minimum: minimum, maximum: maximum, at: node, topLevel: topLevel)
        default:
            throw XSDSchemaError("<xs:\(node.localName)> is not a particle", at: node)
        }
        return maximum == 0 ? nil : XSDParticle(minimum: minimum, maximum: maximum, term: term)
    }

    /// `particle`, a type's content, unless it stands for more particles than a content
    /// model may take to check (``XMLSchema/Options/maximumContentModelWork``): each walk of
    /// it would cost that much, and group references can make it exponential in the schema's
    /// size. (A group no type has in its content is not walked, whatever it stands for.)
    func bounded(_ particle: XSDParticle, at node: SchemaNode) throws(XSDSchemaError) -> XSDParticle {
        guard particle.size <= options.maximumContentModelWork else {
            throw XSDSchemaError(
                "the content model here stands for more than XMLSchema.Options.maximumContentModelWork "
                    + "(\(options.maximumContentModelWork)) particles, its groups expanded", at: node, code: .unreadableSchema)
        }
        // Checking a model recurses through its groups, as reading a document's nesting does.
        guard particle.depth <= Self.maximumNesting else {
            throw XSDSchemaError(
                "the content model here nests model groups deeper than \(Self.maximumNesting), its groups expanded", at: node,
                code: .unreadableSchema)
        }
        return particle
    }

    /// A reference to a named model group: its term (compiled once), with the reference's
    /// counts.
    mutating func groupParticle(
        named name: XSDExpandedName, minimum: Int, maximum: Int?, at node: SchemaNode, topLevel: Bool = false
    ) throws(XSDSchemaError) -> XSDParticle? {
        guard let global = groupNodes[name] else { throw undeclared("group", name, at: node) }
        if let body = global.node.components.first, body.localName == "all", node !== global.node {
            // Each reference, the first and the ones after it (cos-all-limited.1.2).
            if !topLevel { throw XSDSchemaError("a group holding <xs:all> must be a complex type's whole content model", at: node) }
            if minimum > 1 || maximum != 1 {
                throw XSDSchemaError(
                    "a reference to a group holding <xs:all> takes minOccurs 0 or 1 and maxOccurs 1 (cos-all-limited.1.2)", at: node)
            }
        }
        if let known = groupTerms[name] {
            return known.flatMap { maximum == 0 ? nil : XSDParticle(minimum: minimum, maximum: maximum, term: $0) }
        }
        guard groupsInProgress.insert(name).inserted else {
            throw XSDSchemaError("group \(name) contains itself", at: node)
        }
        defer { groupsInProgress.remove(name) }
        try checkStack(at: node)
        let bodies = global.node.components
        guard bodies.count == 1, let body = bodies.first, ["sequence", "choice", "all"].contains(body.localName) else {
            throw XSDSchemaError("<xs:group name=\"\(name.localName)\"> needs one sequence, choice or all", at: global.node)
        }
        if body.attributes["minOccurs"] != nil || body.attributes["maxOccurs"] != nil {
            throw XSDSchemaError("the model group of a named group has no minOccurs or maxOccurs", at: body)
        }
        let term = try particle(body, topLevel: true)?.term
        groupTerms[name] = .some(term)
        return term.flatMap { maximum == 0 ? nil : XSDParticle(minimum: minimum, maximum: maximum, term: $0) }
    }

    /// The declaration an `<xs:element>` particle stands for: a global one by `ref`, or its
    /// own local one.
    private mutating func elementParticle(_ node: SchemaNode) throws(XSDSchemaError) -> Int {
        if let reference = node.attributes["ref"] {
            for attribute in ["name", "type", "nillable", "default", "fixed", "form", "block", "abstract", "final", "substitutionGroup"]
            where node.attributes[attribute] != nil {
                throw XSDSchemaError("an element with ref cannot have \(attribute)", at: node)
            }
            return try element(named: try resolve(reference, at: node), at: node)
        }
        guard let local = node.attributes["name"], XMLNameValidation.isValid(local, allowingColon: false) else {
            throw XSDSchemaError("<xs:element> needs a name that is an NCName, or a ref", at: node)
        }
        // What only a top-level declaration may say (the schema for schemas' localElement).
        for attribute in ["abstract", "final", "substitutionGroup"] where node.attributes[attribute] != nil {
            throw XSDSchemaError("a local element declaration cannot have \(attribute)", at: node)
        }
        let document = document(of: node)
        let qualified = node.attributes["form"].map { $0 == "qualified" } ?? document.elementsQualified
        let name = XSDExpandedName(namespace: qualified ? document.targetNamespace : nil, localName: local)
        return try elementDeclaration(node, name: name, global: false)
    }

    /// A global element declaration, compiled once.
    mutating func element(named name: XSDExpandedName, at node: SchemaNode?) throws(XSDSchemaError) -> Int {
        if let known = compiledElements[name] { return known }
        guard let global = globalElementNodes[name] else { throw undeclared("element", name, at: node) }
        try checkStack(at: node ?? global.node)
        return try elementDeclaration(global.node, name: name, global: true)
    }

    /// Compiles an `<xs:element>` declaration. Its index is taken first, so that its own type
    /// may hold it again (recursive structures).
    private mutating func elementDeclaration(_ node: SchemaNode, name: XSDExpandedName, global: Bool) throws(XSDSchemaError) -> Int {
        let index = model.elements.count
        let label = component(node, name.localName)
        model.elements.append(XSDElementDeclaration(name: name, type: .anyType, component: label))
        if global { compiledElements[name] = index }
        // A member of a substitution group: its head first, whose type it takes by default.
        if let headName = node.attributes["substitutionGroup"] {
            guard global else { throw XSDSchemaError("only a top-level element can be in a substitution group", at: node) }
            let head = try element(named: try resolve(headName, at: node), at: node)
            let hasOwnType = node.attributes["type"] != nil
                || node.components.contains { $0.localName == "simpleType" || $0.localName == "complexType" }
            substitutionHeads[index] = (head, node, hasOwnType)
            if !hasOwnType { model.elements[index].type = model.elements[head].type }
        }
        var declaration = model.elements[index]
        let inline = node.components.first { $0.localName == "simpleType" || $0.localName == "complexType" }
        var isDeferred = false
        if let typeName = node.attributes["type"] {
            if inline != nil { throw XSDSchemaError("<xs:element> has both a type and an anonymous type", at: node) }
            let typeName = try resolve(typeName, at: node)
            if compiledTypes[typeName] == nil, let global = typeNodes[typeName] {
                var visited: Set<XSDExpandedName> = [typeName]
                isDeferred = derivesFromUnfinished(global.node, visited: &visited)
                    || (global.node.localName == "complexType" && !groupsInProgress.isEmpty)
            }
            if !isDeferred { declaration.type = try type(named: typeName, at: node) }
        } else if let inline {
            var visited: Set<XSDExpandedName> = []
            // In a named group being compiled, a complex type not compiled yet (anonymous, or
            // named above) may reference the group again (a recursive structure, which
            // mg-props-correct.2 allows through an element): it waits for the group's term.
            isDeferred = derivesFromUnfinished(inline, visited: &visited)
                || (inline.localName == "complexType" && !groupsInProgress.isEmpty)
            if !isDeferred { declaration.type = try elementType(inline, name: name) }
        }
        declaration.isNillable = Self.boolean(node.attributes["nillable"])
        declaration.isAbstract = Self.boolean(node.attributes["abstract"])
        declaration.block = try derivations("block", of: node, allowed: [.extension_, .restriction, .substitution])
        elementFinals[index] = try derivations("final", of: node, allowed: [.extension_, .restriction])
        if isDeferred {
            deferredElementTypes.append((index, node, name))
        } else {
            try checkNotationEnumerated(declaration.type, at: node)
            declaration.valueConstraint = try valueConstraint(of: node, type: declaration.type)
        }
        declaration.identityConstraints = try identityConstraints(of: node)
        model.elements[index] = declaration
        return index
    }

    /// An element's anonymous `<xs:simpleType>` or `<xs:complexType>`.
    private mutating func elementType(_ inline: SchemaNode, name: XSDExpandedName) throws(XSDSchemaError) -> XSDTypeReference {
        let typeLabel = "the type of <\(name.localName)>"
        return inline.localName == "simpleType"
            ? .simple(try simpleType(inline, name: typeLabel)) : .complex(try complexType(inline, name: typeLabel))
    }

    /// Whether the type `node` defines derives, through bases not compiled yet, from a
    /// complex type still being compiled: an element of it, in that type's own content,
    /// must wait for it (a type cannot be derived from before it is complete). A cycle of
    /// bases answers `false`, and is refused when compiled.
    private func derivesFromUnfinished(_ node: SchemaNode, visited: inout Set<XSDExpandedName>) -> Bool {
        guard node.localName == "complexType",
            let content = node.components.first(where: { $0.localName == "complexContent" || $0.localName == "simpleContent" }),
            let derivation = content.components.first, let written = derivation.attributes["base"],
            let base = try? resolve(written, at: derivation)
        else { return false }
        if let known = compiledTypes[base] {
            if case .complex(let index) = known { return !finishedComplexTypes.contains(index) }
            return false
        }
        guard let global = typeNodes[base], visited.insert(base).inserted else { return false }
        return derivesFromUnfinished(global.node, visited: &visited)
    }

    /// The types of the element declarations that waited for a type they derive from, and
    /// their `default` or `fixed` values; compiling them may defer others, in turn.
    mutating func resolveDeferredElementTypes() throws(XSDSchemaError) {
        while !deferredElementTypes.isEmpty {
            let pending = deferredElementTypes
            deferredElementTypes = []
            for (index, node, name) in pending {
                let type: XSDTypeReference
                if let typeName = node.attributes["type"] {
                    type = try self.type(named: try resolve(typeName, at: node), at: node)
                } else if let inline = node.components.first(where: { $0.localName == "simpleType" || $0.localName == "complexType" }) {
                    type = try elementType(inline, name: name)
                } else {
                    continue
                }
                model.elements[index].type = type
                try checkNotationEnumerated(type, at: node)
                model.elements[index].valueConstraint = try valueConstraint(of: node, type: type)
            }
        }
    }

    /// A declaration's simple type is not `xs:NOTATION`, nor a restriction of it without an
    /// enumeration (Datatypes 3.2.19: "It is an error for NOTATION to be used directly in a
    /// schema"; it is used only through a restriction that lists the notations).
    func checkNotationEnumerated(_ type: XSDTypeReference, at node: SchemaNode) throws(XSDSchemaError) {
        guard case .simple(let index) = type, model.simpleTypes[index].isNotationWithoutEnumeration else { return }
        throw XSDSchemaError(
            "\(model.simpleTypes[index].name) cannot be a declaration's type: NOTATION is used only through a restriction "
                + "that lists the notations (enumeration-required-notation)", at: node)
    }

    /// An element's or attribute's `default` or `fixed`, read as a value of its type.
    mutating func valueConstraint(of node: SchemaNode, type: XSDTypeReference) throws(XSDSchemaError) -> XSDValueConstraint? {
        let defaultText = node.attributes["default"]
        let fixedText = node.attributes["fixed"]
        if defaultText != nil, fixedText != nil {
            throw XSDSchemaError("<xs:\(node.localName)> cannot have both default and fixed", at: node)
        }
        guard let text = defaultText ?? fixedText else { return nil }
        var simple: XSDSimpleType?
        switch type {
        case .simple(let index): simple = model.simpleTypes[index]
        case .complex(let index):
            switch model.complexTypes[index].content {
            case .simple(let index): simple = model.simpleTypes[index]
            case .elements(_, true):
                // Mixed content takes one only when its elements may all be left out (Element
                // Default Valid (Immediate) 2.2.2, e-props-correct.2).
                if finishedComplexTypes.contains(index), let particle = particles[index], Self.effectiveRange(of: particle).minimum > 0 {
                    throw XSDSchemaError(
                        "a default or fixed value needs mixed content whose elements may all be left out; "
                            + "\(model.complexTypes[index].name) needs some (e-props-correct.2)", at: node)
                }
                simple = nil
            default:
                throw XSDSchemaError("a default or fixed value needs a simple type or mixed content", at: node)
            }
        case .anyType: simple = nil
        }
        var value: XSDValue?
        if let simple {
            do {
                value = try simple.validate(text, namespaces: node.lookup(prefix:))
            } catch {
                throw XSDSchemaError("the \(fixedText != nil ? "fixed" : "default") value: \(error.message)", at: node)
            }
            if simple.builtin.isDerived(from: .ID) {
                throw XSDSchemaError("an ID cannot have a default or fixed value", at: node)
            }
        }
        return XSDValueConstraint(isFixed: fixedText != nil, text: text, value: value)
    }

    /// `<xs:any>` or `<xs:anyAttribute>`.
    func wildcard(_ node: SchemaNode) throws(XSDSchemaError) -> XSDWildcard {
        let target = document(of: node).targetNamespace.map(CodePointString.init)
        let namespaces: XSDWildcard.Namespaces
        let text = node.attributes["namespace"] ?? "##any"
        switch text {
        case "##any": namespaces = .any
        case "##other": namespaces = .not(target)
        default:
            var set: Set<CodePointString?> = []
            for token in text.splitByCodePoint(separator: 0x20) {
                switch token {
                case "##targetNamespace": set.insert(target)
                case "##local": set.insert(nil)
                case "##any", "##other":
                    throw XSDSchemaError("\(token) cannot be one of a list of namespaces", at: node)
                case _ where token.utf8.filter({ $0 == UInt8(ascii: "#") }).count > 1:
                    // A misspelt keyword: no URI reference holds two #s (RFC 2396).
                    throw XSDSchemaError(
                        "\(token) is neither a namespace URI nor one of ##any, ##other, ##targetNamespace and ##local", at: node)
                default: set.insert(CodePointString(String(token)))
                }
            }
            namespaces = .oneOf(set)
        }
        let process = node.attributes["processContents"] ?? "strict"
        guard let processContents = XSDWildcard.ProcessContents(rawValue: process) else {
            throw XSDSchemaError("processContents must be strict, lax or skip, not \"\(process)\"", at: node)
        }
        return XSDWildcard(namespaces: namespaces, processContents: processContents)
    }
}
