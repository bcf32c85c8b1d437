internal import XMLSyntax

extension XSDSchemaCompiler {
    /// The `<xs:unique>`, `<xs:key>` and `<xs:keyref>` of an element declaration, each with
    /// one selector and one or more fields in the XPath subset.
    mutating func identityConstraints(of node: SchemaNode) throws(XSDSchemaError) -> [Int] {
        var indexes: [Int] = []
        for child in node.components where ["unique", "key", "keyref"].contains(child.localName) {
            guard let local = child.attributes["name"], XMLNameValidation.isValid(local, allowingColon: false) else {
                throw XSDSchemaError("<xs:\(child.localName)> needs a name that is an NCName", at: child)
            }
            let name = XSDExpandedName(namespace: document(of: child).targetNamespace, localName: local)
            if identityConstraintNames[name] != nil {
                throw XSDSchemaError("the identity constraint \(name) is declared twice", at: child)
            }
            let parts = child.components.filter { $0.localName != "annotation" }
            guard let selectorNode = parts.first, selectorNode.localName == "selector", parts.count >= 2,
                parts.dropFirst().allSatisfy({ $0.localName == "field" })
            else {
                throw XSDSchemaError("<xs:\(child.localName)> needs one <xs:selector>, then one or more <xs:field>", at: child)
            }
            func paths(_ part: SchemaNode, field: Bool) throws(XSDSchemaError) -> [XSDIdentityPath] {
                guard let xpath = part.attributes["xpath"] else { throw XSDSchemaError("<xs:\(part.localName)> needs an xpath", at: part) }
                do {
                    return try XSDIdentityPath.parse(xpath, field: field, namespaces: part.lookup(prefix:))
                } catch {
                    throw XSDSchemaError("<xs:\(part.localName)>: \(error.message)", at: part)
                }
            }
            var fields: [[XSDIdentityPath]] = []
            for field in parts.dropFirst() { fields.append(try paths(field, field: true)) }
            let kind: XSDIdentityConstraint.Kind = child.localName == "unique" ? .unique : child.localName == "key" ? .key : .keyReference(-1)
            let index = model.identityConstraints.count
            model.identityConstraints.append(
                XSDIdentityConstraint(
                    name: name, kind: kind, selector: try paths(selectorNode, field: false), fields: fields,
                    component: component(child, local)))
            identityConstraintNames[name] = index
            if child.localName == "keyref" {
                guard let refer = child.attributes["refer"] else { throw XSDSchemaError("<xs:keyref> needs refer", at: child) }
                pendingReferences.append((index, try resolve(refer, at: child), child))
            }
            indexes.append(index)
        }
        return indexes
    }

    /// Points each keyref at the key or unique its `refer` names, with as many fields
    /// (c-props-correct.2).
    mutating func resolveKeyReferences() throws(XSDSchemaError) {
        for (index, refer, node) in pendingReferences {
            guard let target = identityConstraintNames[refer], model.identityConstraints[target].kind == .unique
                || model.identityConstraints[target].kind == .key
            else {
                throw XSDSchemaError("the keyref refers to \(refer), which is no key or unique of the schema", at: node)
            }
            guard model.identityConstraints[target].fields.count == model.identityConstraints[index].fields.count else {
                throw XSDSchemaError(
                    "the keyref has \(model.identityConstraints[index].fields.count) fields, and \(refer) "
                        + "\(model.identityConstraints[target].fields.count) (c-props-correct.2)", at: node)
            }
            model.identityConstraints[index].kind = .keyReference(target)
        }
        pendingReferences = []
        let paths = model.identityConstraints.flatMap { $0.fields.flatMap { $0 } }
        model.identityFieldReach = paths.contains(where: \.fromDescendants) ? nil : paths.map(\.steps.count).max() ?? 0
        model.identityPaths = XSDIdentityPaths(model.identityConstraints)
    }
}
