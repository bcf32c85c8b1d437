extension XSDSchemaCompiler {
    /// Puts each `<xs:redefine>`'s components in place of those of the document it reads
    /// (Structures 4.2.2), everywhere in the schema; the originals stay, under a name no
    /// document can write, for the redefinitions' references to themselves: a type's
    /// derivation from its own name, a group's or attribute group's one reference to its own.
    mutating func indexRedefinitions() throws(XSDSchemaError) {
        // A redefined document is read after the one redefining it: from the last read to
        // the first, a redefinition of a redefinition builds on the inner one.
        for (k, document) in documents.enumerated().reversed() {
            for redefine in document.root.components where redefine.localName == "redefine" {
                for node in redefine.components where node.localName != "annotation" {
                    let space: WritableKeyPath<XSDSchemaCompiler, [XSDExpandedName: Global]>
                    switch node.localName {
                    case "simpleType", "complexType": space = \.typeNodes
                    case "group": space = \.groupNodes
                    case "attributeGroup": space = \.attributeGroupNodes
                    default: throw XSDSchemaError("<xs:\(node.localName)> cannot be redefined", at: node)
                    }
                    guard let local = node.attributes["name"] else {
                        throw XSDSchemaError("a redefined <xs:\(node.localName)> needs a name", at: node)
                    }
                    let name = XSDExpandedName(namespace: document.targetNamespace, localName: local)
                    guard let redefined = self[keyPath: space][name] else {
                        throw XSDSchemaError(
                            "<xs:redefine> redefines \(name), which the schema it reads does not declare (src-redefine)", at: node)
                    }
                    // A space makes it a name no QName can be; a redefinition of a redefinition
                    // keeps each one before it under a name of its own.
                    var original = XSDExpandedName(namespace: name.namespace, localName: local + " (before its redefinition)")
                    var step = 1
                    while self[keyPath: space][original] != nil {
                        step += 1
                        original.localName = local + " (before its redefinition \(step))"
                    }
                    self[keyPath: space][original] = redefined
                    self[keyPath: space][name] = Global(node: node, document: k)
                    try pointSelfReferences(of: node, named: name, to: original)
                }
            }
        }
    }

    /// Notes the references inside a redefinition to its own name, and checks them: a type
    /// derives from itself (src-redefine.5); a group or attribute group refers to itself
    /// once at most, a group's reference occurring exactly once (src-redefine.6.1, 7.1).
    private mutating func pointSelfReferences(
        of node: SchemaNode, named name: XSDExpandedName, to original: XSDExpandedName
    ) throws(XSDSchemaError) {
        var references: [SchemaNode] = []
        var pending = node.components
        while let next = pending.popLast() {
            pending += next.components
            let attribute: String
            switch (node.localName, next.localName) {
            case ("simpleType", "restriction"), ("complexType", "restriction"), ("complexType", "extension"): attribute = "base"
            case ("group", "group"), ("attributeGroup", "attributeGroup"): attribute = "ref"
            default: continue
            }
            guard let text = next.attributes[attribute], try resolve(text, at: next) == name else { continue }
            redefinedReferences[ObjectIdentifier(next)] = (name, original)
            references.append(next)
        }
        switch node.localName {
        case "simpleType", "complexType":
            // The derivation right under the type (or under its content), not one inside it.
            let derivation = node.components.first { $0.localName == "restriction" }
                ?? node.components.first { ["simpleContent", "complexContent"].contains($0.localName) }?
                .components.first { ["restriction", "extension"].contains($0.localName) }
            guard let derivation, references.contains(where: { $0 === derivation }) else {
                throw XSDSchemaError("a redefined type must derive from the type it redefines, \(name) (src-redefine.5)", at: node)
            }
        default:
            guard references.count <= 1 else {
                throw XSDSchemaError(
                    "a redefined <xs:\(node.localName)> refers to \(name) \(references.count) times; once at most (src-redefine)",
                    at: node)
            }
            // Without a reference to itself, an attribute group must restrict the original.
            if node.localName == "attributeGroup", references.isEmpty { redefinedAttributeGroups.append((name, original, node)) }
            // Without one, a group must restrict the original (checked with the particles).
            if node.localName == "group", references.isEmpty { redefinedGroups.append((name, original, node)) }
            if node.localName == "group", let reference = references.first,
                reference.attributes["minOccurs"].map({ $0 != "1" }) ?? false
                    || reference.attributes["maxOccurs"].map({ $0 != "1" }) ?? false
            {
                throw XSDSchemaError("a redefined group's reference to itself occurs exactly once (src-redefine.6.1.2)", at: reference)
            }
        }
    }

    /// An attribute group redefined without a reference to itself restricts the original
    /// (src-redefine.7.2.2): derivation-ok-restriction 2 to 4, the original's required
    /// attributes all kept.
    mutating func checkRedefinedAttributeGroups() throws(XSDSchemaError) {
        for (name, original, node) in redefinedAttributeGroups {
            let old = try attributeGroup(named: original, at: node).set
            let new = try attributeGroup(named: name, at: node).set
            try checkRestriction(of: old, by: new, prohibiting: [], at: node)
            if let missing = old.uses.values.first(where: { $0.isRequired && new.uses[$0.name] == nil }) {
                throw XSDSchemaError(
                    "the redefinition of \(name) leaves out \(missing.name), which the original requires (src-redefine.7.2.2)", at: node)
            }
        }
    }
}
