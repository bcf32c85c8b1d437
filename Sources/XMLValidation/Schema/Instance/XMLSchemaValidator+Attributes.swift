import XMLStreaming

extension XMLSchemaValidator {
    /// Checks a start tag's attributes against its type: each declared (or allowed by the
    /// type's wildcard) and valid, each required one there. `xmlns` and `xsi:` attributes
    /// are the instance's own and always allowed.
    mutating func checkAttributes(_ attributes: XMLAttributes, of element: String, type: XSDTypeReference) throws {
        var seen = 0
        let complex = type.complexIndex.map { model.complexTypes[$0] }
        for attribute in attributes {
            let namespace = attribute.name.namespaceURI?.string
            if namespace == xsiNamespace || namespace == "http://www.w3.org/2000/xmlns/" { continue }
            let localName = attribute.name.localName.string
            if namespace == nil, localName == "xmlns" || attribute.name.prefix?.string == "xmlns" { continue }
            let name = XSDExpandedName(namespace: namespace, localName: localName)
            guard let complex else {
                if case .anyType = type { continue }
                try report(
                    .undeclaredAttribute,
                    "attribute \(attribute.name.qualifiedName) is not allowed on <\(element)>, whose type is simple")
                continue
            }
            if let use = complex.attributes[name] {
                seen += use.isRequired ? 1 : 0
                try checkValue(
                    attribute.value.string, of: model.simpleTypes[use.type], constraint: use.valueConstraint,
                    owner: "attribute \(attribute.name.qualifiedName) of <\(element)>", component: use.component)
                continue
            }
            guard let wildcard = complex.attributeWildcard, wildcard.allows(namespace) else {
                try report(
                    .undeclaredAttribute, "attribute \(attribute.name.qualifiedName) is not allowed on <\(element)>",
                    component: complex.component)
                continue
            }
            switch wildcard.processContents {
            case .skip:
                continue
            case .lax, .strict:
                if let global = model.globalAttributes[name] {
                    try checkValue(
                        attribute.value.string, of: model.simpleTypes[global.type], constraint: global.constraint,
                        owner: "attribute \(attribute.name.qualifiedName) of <\(element)>", component: global.component)
                } else if wildcard.processContents == .strict {
                    try report(
                        .undeclaredAttribute,
                        "attribute \(attribute.name.qualifiedName) of <\(element)> matches a strict wildcard, but no global attribute declaration describes it",
                        component: complex.component)
                }
            }
        }
        guard let complex, seen < complex.requiredAttributes.count else { return }
        for use in complex.requiredAttributes where attributes[localName: use.name.localName, namespace: use.name.namespace] == nil {
            try report(.missingAttribute, "element <\(element)> needs attribute \(use.name.localName)", component: use.component)
        }
    }

    /// A value of a simple type: valid, equal to a fixed value, and noted when an ID or IDREF.
    private mutating func checkValue(
        _ text: String, of type: XSDSimpleType, constraint: XSDValueConstraint?, owner: @autoclosure () -> String,
        component: String
    ) throws {
        let value: XSDValue
        do {
            value = try type.validate(text, namespaces: namespaceLookup)
        } catch {
            try report(.invalidValue, "\(owner()): \(error.message)", component: component)
            return
        }
        if let constraint, constraint.isFixed, let fixed = constraint.value, fixed != value {
            try report(.fixedValueMismatch, "\(owner()) must be \"\(constraint.text)\"", component: component)
        }
        try noteIdentity(value, of: type, at: locator.position, owner: owner())
    }

    /// IDs must be unique in the document, IDREFs must name one, ENTITY values an unparsed
    /// entity.
    mutating func noteIdentity(
        _ value: XSDValue, of type: XSDSimpleType, at position: XMLPosition, owner: @autoclosure () -> String
    ) throws {
        let builtin: XSDBuiltinType
        let items: [XSDValue]
        switch type.variety {
        case .atomic:
            builtin = type.builtin
            items = [value]
        case .list(let item):
            guard case .atomic = item.variety, case .list(let values) = value else { return }
            builtin = item.builtin
            items = values
        case .union:
            return
        }
        if builtin.isDerived(from: .ID) {
            guard case .string(let id) = value else { return }
            if !ids.insert(id).inserted {
                try report(.duplicateID, "\(owner()): ID \(id) is already the ID of an earlier element or attribute", at: position)
            }
            forwardReferences[id] = nil
        } else if builtin.isDerived(from: .IDREF) {
            for case .string(let reference) in items where !ids.contains(reference) && forwardReferences[reference] == nil {
                forwardReferences[reference] = position
            }
        } else if builtin.isDerived(from: .ENTITY) {
            for case .string(let entity) in items where !unparsedEntities.contains(entity) {
                try report(.undeclaredEntity, "\(owner()): \(entity) is not an unparsed entity the DTD declares", at: position)
            }
        }
    }
}
