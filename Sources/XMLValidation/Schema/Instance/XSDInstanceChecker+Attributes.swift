internal import XMLSyntax
import XMLStreaming

extension XSDInstanceChecker {
    /// Checks a start tag's attributes against its type: each declared (or allowed by the
    /// type's wildcard) and valid, each required one there. `xmlns` and `xsi:` attributes
    /// are the instance's own and always allowed.
    /// `elementName` is the element's number in ``seenNames``.
    mutating func checkAttributes(_ attributes: XMLAttributes, of elementName: Int, type: XSDTypeReference) throws {
        // For messages: read only when one is made.
        var element: String { seenNames[elementName].qualifiedName }
        var seen = 0
        let complexIndex = type.complexIndex
        // The first attribute a wildcard matched whose declaration makes it an ID.
        var wildcardID: String?
        // The names were numbered by enter(_:attributes:), in this order.
        defer { checkedAttribute = -1 }
        for (position, attribute) in attributes.enumerated() {
            let number = attributeNames[position]
            if seenNames[number].isInstanceAttribute { continue }
            checkedAttribute = number
            guard let complexIndex else {
                if case .anyType = type {
                    // The ur-type's attribute wildcard is ##any, lax (Structures 3.4.7): an
                    // attribute a global declaration describes is assessed by it.
                    try checkWildcardAttribute(attribute, number, processContents: .lax, on: elementName, type: nil, after: &wildcardID)
                    continue
                }
                try report(
                    .undeclaredAttribute, "attribute \(seenNames[number].qualifiedName) is not allowed on <\(element)>, whose type is simple")
                continue
            }
            if let use = attributeUse(of: number, on: complexIndex) {
                seen += use.isRequired ? 1 : 0
                // A value any string type takes is not even read; most others are checked on
                // the parser's bytes, and only a value that fails there is made a `String`.
                guard use.hasValueConstraint || !use.acceptsAnyText else { continue }
                // The span is the attribute's bytes, which the parser keeps for the whole event,
                // and does not leave the closure.
                if !use.hasValueConstraint,
                    unsafe attribute.value.withUnsafeBytes({ unsafe model.acceptsAsWritten($0.span, type: use.type) })
                {
                    continue
                }
                if let declared = model.complexTypes[complexIndex].attributes[seenNames[number].expanded] {
                    let written = seenNames[number].qualifiedName
                    let element = element
                    try checkValue(
                        attribute.value.string, of: model.simpleTypes[declared.type], constraint: declared.valueConstraint,
                        owner: "attribute \(written) of <\(element)>", component: declared.component)
                }
                continue
            }
            let name = seenNames[number].expanded
            guard let wildcard = model.complexTypes[complexIndex].attributeWildcard, wildcard.allows(name.namespace) else {
                try report(
                    .undeclaredAttribute, "attribute \(seenNames[number].qualifiedName) is not allowed on <\(element)>",
                    component: model.complexTypes[complexIndex].component)
                continue
            }
            try checkWildcardAttribute(
                attribute, number, processContents: wildcard.processContents, on: elementName, type: complexIndex, after: &wildcardID)
        }
        checkedAttribute = -1
        guard let complexIndex, seen < model.complexTypes[complexIndex].requiredAttributes.count else { return }
        for use in model.complexTypes[complexIndex].requiredAttributes
        where attributes[localName: use.name.localName, namespace: use.name.namespace] == nil {
            try report(.missingAttribute, "element <\(element)> needs attribute \(use.name.localName)", component: use.component)
        }
    }

    /// An attribute the type's attribute wildcard (`type`; `nil` for the ur-type's) allows,
    /// assessed as its `processContents` says: by the global declaration of its name, when
    /// there is one (required by `strict`). `elementName` is the element's number in
    /// ``seenNames``; names are made into strings only for a message.
    private mutating func checkWildcardAttribute(
        _ attribute: XMLAttribute, _ number: Int, processContents: XSDWildcard.ProcessContents, on elementName: Int,
        type complexIndex: Int?, after wildcardID: inout String?
    ) throws {
        guard processContents != .skip else { return }
        guard let global = model.globalAttributes[seenNames[number].expanded] else {
            if processContents == .strict, let complexIndex {
                try report(
                    .undeclaredAttribute,
                    "attribute \(seenNames[number].qualifiedName) of <\(seenNames[elementName].qualifiedName)> matches a strict "
                        + "wildcard, but no global attribute declaration describes it",
                    component: model.complexTypes[complexIndex].component)
            }
            return
        }
        if model.simpleTypes[global.type].builtin.isDerived(from: .ID) {
            let written = seenNames[number].qualifiedName
            try checkWildcardID(written, after: wildcardID, of: seenNames[elementName].qualifiedName, type: complexIndex)
            wildcardID = wildcardID ?? written
        }
        // As for a declared attribute: a value any string takes is not read, most others are
        // checked on the parser's bytes, and only one that fails there is made a `String`.
        if global.constraint == nil {
            if model.simpleTypes[global.type].acceptsAnyText { return }
            // The span is the attribute's bytes, which the parser keeps for the whole event,
            // and does not leave the closure.
            if unsafe attribute.value.withUnsafeBytes({ unsafe model.acceptsAsWritten($0.span, type: global.type) }) { return }
        }
        let owner = "attribute \(seenNames[number].qualifiedName) of <\(seenNames[elementName].qualifiedName)>"
        try checkValue(
            attribute.value.string, of: model.simpleTypes[global.type], constraint: global.constraint, owner: owner,
            component: global.component)
    }

    /// An element has at most one ID attribute that a wildcard matched, and none at all when
    /// its type declares an ID attribute, whether or not the element has it
    /// (cvc-complex-type.5: "even when an element legitimately lacks a declared attribute of
    /// type ID, a wildcard-validated attribute must not supply it").
    private mutating func checkWildcardID(_ written: String, after first: String?, of element: String, type complexIndex: Int?) throws {
        let component = complexIndex.map { model.complexTypes[$0].component }
        if let first {
            try report(
                .duplicateID,
                "attributes \(first) and \(written) of <\(element)> are both IDs an attribute wildcard matched; one at most may be (cvc-complex-type.5.1)",
                component: component)
            return
        }
        guard let complexIndex, let declared = model.complexTypes[complexIndex].idAttribute else { return }
        try report(
            .duplicateID,
            "attribute \(written) of <\(element)> is an ID its type's attribute wildcard matched, and the type declares an ID attribute, \(declared) (cvc-complex-type.5.2)",
            component: component)
    }

    /// A value of a simple type: valid, equal to a fixed value, and noted when an ID or IDREF.
    private mutating func checkValue(
        _ text: String, of type: XSDSimpleType, constraint: XSDValueConstraint?, owner: @autoclosure () -> String,
        component: String
    ) throws {
        let value: XSDValue
        do {
            let bindings = namespaceBindings
            value = try type.validateInstance(text) { Self.lookup(prefix: $0, in: bindings) }
        } catch {
            try report(.invalidValue, "\(owner()): \(error.message)", component: component)
            return
        }
        if let constraint, constraint.isFixed, let fixed = constraint.value, fixed != value {
            try report(.fixedValueMismatch, "\(owner()) must be \(quotedValue(constraint.text))", component: component)
        }
        try noteIdentity(value, of: type, at: nil, owner: owner())
    }

    /// IDs must be unique in the document, IDREFs must name one, ENTITY values an unparsed
    /// entity; `position` is the value's (`nil`: where the parser is, asked only if needed).
    mutating func noteIdentity(
        _ value: XSDValue, of type: XSDSimpleType, at position: XMLPosition?, owner: @autoclosure () -> String
    ) throws {
        let items: [XSDValue]
        switch type.identity {
        case .none:
            return
        case .id:
            guard case .string(let id) = value else { return }
            let key = CodePointString(id)
            if !ids.insert(key).inserted {
                try report(.duplicateID, "\(owner()): ID \(shortenedName(id)) is already the ID of an earlier element or attribute", at: position)
            }
            forwardReferences[key] = nil
            return
        case .idReference, .entity:
            if case .list(let values) = value { items = values } else { items = [value] }
        }
        if case .idReference = type.identity {
            for case .string(let written) in items {
                let reference = CodePointString(written)
                guard !ids.contains(reference), forwardReferences[reference] == nil else { continue }
                // Where the attribute is (the tag is read for it once, whatever its references).
                let place =
                    position ?? (checkedAttribute >= 0 ? locator.attributePosition(named: seenNames[checkedAttribute].qualifiedName) : nil)
                    ?? locator.position
                forwardReferences[reference] = (place, referencesNoted)
                referencesNoted += 1
            }
        } else {
            for case .string(let entity) in items where !unparsedEntities.contains(CodePointString(entity)) {
                try report(.undeclaredEntity, "\(owner()): \(shortenedName(entity)) is not an unparsed entity the DTD declares", at: position ?? locator.position)
            }
        }
    }
}
