import XMLStreaming

/// One identity constraint of an open element: the values of the elements its selector
/// picked so far below it (Structures 3.11.4: the constraint's node table).
struct XSDIdentityScope {
    var constraint: Int
    /// The place in the validator's stack of the element that holds it.
    var depth: Int
    /// `unique` and `key`: each picked element's values, with where the first was.
    var keys: [[XSDValue]: XMLPosition] = [:]
    /// `keyref`: each picked element's values (and as written), with where it was.
    var references: [([XSDValue], [String], XMLPosition)] = []
    /// `keyref`: the values of the key it refers to, as the key's scopes at or below its
    /// element found them: those of its own element's scope, and those of scopes below, each
    /// with the element that has it. A value two elements below have is in conflict, and
    /// refers to neither (the node table of Structures 3.11.5), unless its own element's
    /// scope has it too.
    var ownReferenced: Set<[XSDValue]> = []
    var referencedBelow: [[XSDValue]: XMLPosition] = [:]
    var conflicting: Set<[XSDValue]> = []

    /// Adds the values a closing key or unique scope found: its own element's (the scope is
    /// at the keyref's depth), or from below.
    mutating func take(_ keys: [[XSDValue]: XMLPosition], from scopeDepth: Int) {
        if scopeDepth == depth {
            ownReferenced.formUnion(keys.keys)
            return
        }
        for (values, position) in keys {
            if let other = referencedBelow[values] {
                if other != position { conflicting.insert(values) }
            } else {
                referencedBelow[values] = position
            }
        }
    }

    /// Whether `values` are those of exactly one element the keyref may refer to.
    func resolves(_ values: [XSDValue]) -> Bool {
        ownReferenced.contains(values) || (referencedBelow[values] != nil && !conflicting.contains(values))
    }
}

/// An element a selector picked, whose fields are being read until it ends.
struct XSDIdentityTuple {
    var scope: Int
    var depth: Int
    /// Where its fields' values are, one per field from here, in the checker's
    /// ``XSDInstanceChecker/identityFieldValues`` and (as written, normalized, for messages)
    /// ``XSDInstanceChecker/identityFieldTexts``: tuples end in the reverse of the order they
    /// begin, so theirs are a stack, and picking an element allocates nothing.
    var firstField: Int
    var position: XMLPosition
}

extension XSDInstanceChecker {
    /// At a start tag (the element about to take place `depth` in the stack, its name last
    /// in ``openIdentityNames``): the fields it gives to elements picked above it, whether a
    /// selector picks it, and the scopes of its own constraints.
    mutating func enterIdentity(
        _ frame: inout XSDElementFrame, attributes: XMLAttributes, declaration: Int?
    ) throws {
        let depth = stack.count
        identityTagLookups = 0
        // Picked elements are in the order they opened: from the deepest up, only as far as
        // a field's path reaches (all of them when one starts with .//).
        for t in identityTuples.indices.reversed() {
            let tupleDepth = identityTuples[t].depth
            if let reach = model.identityFieldReach, depth - tupleDepth > reach { break }
            guard tupleDepth < depth else { continue }
            try takeFields(of: t, from: tupleDepth + 1, attributes: attributes, into: &frame)
        }
        for s in identityScopes.indices {
            let scopeDepth = identityScopes[s].depth
            if scopeDepth < depth, selects(identityScopes[s].constraint, from: scopeDepth + 1) {
                try select(scope: s, attributes: attributes, into: &frame)
            }
        }
        for constraint in declaration.map({ model.elements[$0].identityConstraints }) ?? [] {
            guard identityScopes.count < Self.maximumIdentityScopes else {
                try report(
                    .limitExceeded, "more than \(Self.maximumIdentityScopes) identity constraints are open at once; "
                        + "\(model.identityConstraints[constraint].name) is not checked here",
                    component: model.identityConstraints[constraint].component)
                continue
            }
            identityScopes.append(XSDIdentityScope(constraint: constraint, depth: depth))
            // A selector of `.` picks the element itself.
            if selects(constraint, from: depth + 1) {
                try select(scope: identityScopes.count - 1, attributes: attributes, into: &frame)
            }
        }
    }

    /// The most identity-constraint scopes open at once: each start tag is matched against
    /// every open one, so they bound the work per element.
    static var maximumIdentityScopes: Int { 100 }

    /// The most (picked element, constraint) pairs whose fields are being read at once (the
    /// elements picked and still open): each start tag is matched against every one.
    static var maximumIdentityTuples: Int { 10_000 }

    /// A selector picked the element: a tuple for its fields, those on itself read now.
    private mutating func select(scope: Int, attributes: XMLAttributes, into frame: inout XSDElementFrame) throws {
        let constraint = identityScopes[scope].constraint
        let fieldCount = model.identityPaths.constraintFields[constraint].count
        guard identityTuples.count < Self.maximumIdentityTuples else {
            // Said once a document: past it, every deeper pick would say it again.
            guard !identityLimitReported else { return }
            identityLimitReported = true
            let constraint = model.identityConstraints[identityScopes[scope].constraint]
            try report(
                .limitExceeded, "more than \(Self.maximumIdentityTuples) elements picked by identity constraints (counted once per "
                    + "constraint) are open at once; from here, elements picked while that many are open are not checked, "
                    + "starting with this one against \(constraint.name)", component: constraint.component)
            return
        }
        let firstField = identityFieldValues.count
        identityTuples.append(XSDIdentityTuple(scope: scope, depth: stack.count, firstField: firstField, position: .start))
        identityFieldValues.append(contentsOf: repeatElement(nil, count: fieldCount))
        identityFieldTexts.append(contentsOf: repeatElement(nil, count: fieldCount))
        try takeFields(of: identityTuples.count - 1, from: openIdentityNames.count, attributes: attributes, into: &frame)
        // A unique or keyref whose fields are all the element's own attributes, one of them
        // missing: the element has no place in its table (Structures 3.11.4, cvc-identity-
        // constraint.4), and nothing can complete it later, so it is dropped before its
        // position is read (`.//*` with `@id` picks every element, most without one).
        if model.identityPaths.dropsIncomplete[constraint], identityFieldValues[firstField...].contains(where: { $0 == nil }) {
            identityTuples.removeLast()
            identityFieldValues.removeLast(fieldCount)
            identityFieldTexts.removeLast(fieldCount)
            return
        }
        identityTuples[identityTuples.count - 1].position = locator.position
    }

    /// Whether the selector of `constraint` picks the element last opened, from the open
    /// element before `start` (its scope's).
    @inline(__always)
    private func selects(_ constraint: Int, from start: Int) -> Bool {
        for path in model.identityPaths.selectors[constraint] where identityPath(path, matchesFrom: start) { return true }
        return false
    }

    /// The fields of picked element `tuple` whose paths reach the element last opened, from
    /// the open element before `start` (the picked one's). A field's paths are a union: a
    /// node two of them reach is one node (`@a|@a`, `v|./v`).
    private mutating func takeFields(
        of tuple: Int, from start: Int, attributes: XMLAttributes, into frame: inout XSDElementFrame
    ) throws {
        let constraint = identityScopes[identityTuples[tuple].scope].constraint
        let fieldRange = model.identityPaths.constraintFields[constraint]
        for f in fieldRange {
            let paths = model.identityPaths.fields[f]
            let field = f - fieldRange.lowerBound
            var reachesElement = false
            // The attribute tests of the paths that match: nearly always one, kept without an array.
            var firstTest: XSDIdentityPath.Test?
            var moreTests: [XSDIdentityPath.Test] = []
            for p in paths where identityPath(p, matchesFrom: start) {
                if let test = model.identityConstraints[constraint].fields[field][p - paths.lowerBound].attribute {
                    if firstTest == nil { firstTest = test } else { moreTests.append(test) }
                } else {
                    reachesElement = true
                }
            }
            if reachesElement { fieldTargets[stack.count].append((tuple, field)) }
            if let firstTest {
                if moreTests.isEmpty {
                    try take(attributesMatching: CollectionOfOne(firstTest), field: field, of: tuple, from: attributes, into: &frame)
                } else {
                    try take(attributesMatching: [firstTest] + moreTests, field: field, of: tuple, from: attributes, into: &frame)
                }
            }
        }
    }

    /// Whether path `p` of ``XSDIdentityPaths`` leads from the open element before `start`
    /// to the one last opened: read from its last step back, by number.
    @inline(__always)
    private func identityPath(_ p: Int, matchesFrom start: Int) -> Bool {
        let path = model.identityPaths.paths[p]
        let count = openIdentityNames.count - start
        if path.fromDescendants ? count < path.steps.count : count != path.steps.count { return false }
        var open = openIdentityNames.count
        for s in path.steps.reversed() {
            open -= 1
            let step = model.identityPaths.steps[s]
            switch step.kind {
            case .any: continue
            case .name: if openIdentityNames[open] != step.number { return false }
            case .namespace: if openIdentityNamespaces[open] != step.number { return false }
            }
        }
        return true
    }

    /// A field's paths reach the element and end at attributes that `tests` name: the value of
    /// the one attribute of the element they match, written or given by a default (§3.4.5);
    /// two are two nodes, which a field may not reach (cvc-identity-constraint.3). Every
    /// attribute of the infoset counts, `xsi:` ones included; namespace declarations are none.
    private mutating func take(
        attributesMatching tests: some Collection<XSDIdentityPath.Test>, field: Int, of tuple: Int, from attributes: XMLAttributes,
        into frame: inout XSDElementFrame
    ) throws {
        let complex = frame.type?.complexIndex
        if tests.count == 1, case .name(let name) = tests.first! {
            // One name: the tag's attributes are read; on a tag of many that a second field
            // asks of, an index of them is made once (F fields on a tag of A attributes cost
            // F + A, not F × A).
            let position: Int?
            identityTagLookups += 1
            if attributes.count > Self.attributesScanned, identityTagLookups > 1 {
                if identityTagLookups == 2 {
                    identityTagAttributes.removeAll(keepingCapacity: true)
                    for position in 0..<attributes.count { identityTagAttributes[seenNames[attributeNames[position]].expanded] = position }
                }
                position = identityTagAttributes[name]
            } else {
                position = (0..<attributes.count).first { seenNames[attributeNames[$0]].expanded == name }
            }
            if let position {
                try take(attribute: position, of: attributes, complex: complex, field: field, of: tuple)
            } else if let complex, let constraint = model.complexTypes[complex].attributes[name]?.valueConstraint, let value = constraint.value {
                // An absent attribute with a default has it, as the schema gives it.
                try setField(field, of: tuple, to: value, text: constraint.text)
            }
            return
        }
        for position in 0..<attributes.count where tests.contains(where: { $0.matches(seenNames[attributeNames[position]].expanded) }) {
            try take(attribute: position, of: attributes, complex: complex, field: field, of: tuple)
        }
        // Absent attributes with a default have it: those a wildcard test matches.
        guard let complex else { return }
        for use in model.complexTypes[complex].defaultedAttributes where tests.contains(where: { $0.matches(use.name) }) {
            guard !attributeNames.prefix(attributes.count).contains(where: { seenNames[$0].expanded == use.name }),
                let constraint = use.valueConstraint, let value = constraint.value
            else { continue }
            try setField(field, of: tuple, to: value, text: constraint.text)
        }
    }

    /// Attributes a tag may have before a field's name is looked up in an index of them.
    static var attributesScanned: Int { 8 }

    /// The attribute at `position` of the tag is a node a field reaches: its value, typed by
    /// its declaration (an `xsi:` one by XML Schema), unless it is a namespace declaration.
    private mutating func take(attribute position: Int, of attributes: XMLAttributes, complex: Int?, field: Int, of tuple: Int) throws {
        let number = attributeNames[position]
        guard !seenNames[number].isInstanceAttribute || seenNames[number].isSchemaInstance else { return }
        let name = seenNames[number].expanded
        var type: XSDSimpleType?
        if seenNames[number].isSchemaInstance {
            type = XSDInstanceName.schemaInstanceTypes[name.localName].flatMap { model.builtinTypes[$0] }.map { model.simpleTypes[$0] }
        } else if let complex, let use = attributeUse(of: number, on: complex) {
            type = model.simpleTypes[use.type]
        } else if let global = model.globalAttributes[name] {
            type = model.simpleTypes[global.type]
        }
        // An attribute no declaration assessed has no typed value (as xmllint and xmlschema
        // read it); an invalid value was reported as such. Neither gives one, but each is a
        // node the field reaches.
        let text = attributes[position].value.string
        let bindings = namespaceBindings
        let value = type.flatMap { try? $0.validateInstance(text, namespaces: { Self.lookup(prefix: $0, in: bindings) }) }
        try setField(field, of: tuple, to: value, text: text)
    }

    /// A field's value, `nil` for a node without a typed one; a second node for the same
    /// element is an error (cvc-identity-constraint.3).
    private mutating func setField(_ field: Int, of tuple: Int, to value: XSDValue?, text: String) throws {
        let slot = identityTuples[tuple].firstField + field
        guard identityFieldTexts[slot] == nil else {
            let constraint = model.identityConstraints[identityScopes[identityTuples[tuple].scope].constraint]
            try report(
                .invalidKey, "field \(field + 1) of \(constraint.name) reaches more than one value", component: constraint.component)
            return
        }
        identityFieldValues[slot] = value
        identityFieldTexts[slot] = XSDWhiteSpace.collapse.normalize(text)
    }

    /// At an end tag (the element's frame already popped, `value` its value when it has a
    /// simple one): the fields it gives, the tuples it completes, the scopes it closes.
    mutating func leaveIdentity(_ frame: XSDElementFrame, value: XSDValue?) throws {
        let depth = stack.count
        for (tuple, field) in fieldTargets[depth] {
            let constraint = model.identityConstraints[identityScopes[identityTuples[tuple].scope].constraint]
            if let value {
                // A key's fields may not be of a nillable declaration (cvc-identity-constraint.4.2.3).
                if constraint.kind == .key, let declaration = frame.declaration, model.elements[declaration].isNillable {
                    try report(
                        .invalidKey, "field \(field + 1) of the key \(constraint.name) reaches <\(name(of: frame))>, whose declaration is "
                            + "nillable (cvc-identity-constraint.4.2.3)", component: constraint.component)
                }
                try setField(field, of: tuple, to: value, text: frame.keepsText ? texts[depth] : "")
            } else if frame.isNil {
                // A node, without a value: a key's field may not reach it (cvc-identity-constraint.4.2.3).
                try setField(field, of: tuple, to: nil, text: "")
            } else if !frame.keepsText, frame.type != nil {
                try report(
                    .invalidKey, "field \(field + 1) of \(constraint.name) reaches <\(name(of: frame))>, which has no simple value",
                    component: constraint.component)
            }
        }
        // The element's own tuples are the last ones; completed in the constraints' order.
        var ownTuples = identityTuples.count
        while ownTuples > 0, identityTuples[ownTuples - 1].depth == depth { ownTuples -= 1 }
        if ownTuples < identityTuples.count {
            for tuple in ownTuples..<identityTuples.count { try complete(identityTuples[tuple], of: frame) }
            let firstField = identityTuples[ownTuples].firstField
            identityTuples.removeLast(identityTuples.count - ownTuples)
            identityFieldValues.removeLast(identityFieldValues.count - firstField)
            identityFieldTexts.removeLast(identityFieldTexts.count - firstField)
        }
        // Keys and uniques first, so that a keyref on the same element sees them.
        guard let last = identityScopes.indices.last, identityScopes[last].depth == depth else { return }
        var closing: [XSDIdentityScope] = []
        while let scope = identityScopes.indices.last, identityScopes[scope].depth == depth { closing.append(identityScopes.removeLast()) }
        for scope in closing where !model.identityConstraints[scope.constraint].isReference {
            // Its values reach every keyref that refers to it and is open here or above.
            for r in identityScopes.indices where model.identityConstraints[identityScopes[r].constraint].kind == .keyReference(scope.constraint) {
                identityScopes[r].take(scope.keys, from: scope.depth)
            }
            for r in closing.indices where model.identityConstraints[closing[r].constraint].kind == .keyReference(scope.constraint) {
                closing[r].take(scope.keys, from: scope.depth)
            }
        }
        // The keyrefs' unresolved references, of every constraint closing here, in the order
        // they were written, those of one element in the constraints' order (`closing` is in
        // the reverse order).
        var unresolved: [(position: XMLPosition, order: Int, message: String, component: String)] = []
        for scope in closing.reversed() where model.identityConstraints[scope.constraint].isReference {
            let constraint = model.identityConstraints[scope.constraint]
            guard case .keyReference(let target) = constraint.kind else { continue }
            for (values, texts, position) in scope.references where !scope.resolves(values) {
                let target = model.identityConstraints[target].name
                let message =
                    scope.conflicting.contains(values)
                    ? "the keyref \(constraint.name) (\(Self.describe(texts))) matches more than one \(target) below <\(name(of: frame))>, "
                        + "which conflict and so match neither (Structures 3.11.5)"
                    : "the keyref \(constraint.name) (\(Self.describe(texts))) matches no \(target) in <\(name(of: frame))>"
                unresolved.append((position, unresolved.count, message, constraint.component))
            }
        }
        for error in unresolved.sorted(by: { ($0.position.byteOffset, $0.order) < ($1.position.byteOffset, $1.order) }) {
            try report(.unresolvedReference, error.message, component: error.component, at: error.position)
        }
    }

    /// A picked element's values, complete: a key must have them all, and keys and uniques
    /// may not repeat one (cvc-identity-constraint.4).
    private mutating func complete(_ tuple: XSDIdentityTuple, of frame: XSDElementFrame) throws {
        let constraint = model.identityConstraints[identityScopes[tuple.scope].constraint]
        let slots = tuple.firstField..<(tuple.firstField + constraint.fields.count)
        guard identityFieldValues[slots].allSatisfy({ $0 != nil }) else {
            if constraint.kind == .key, let missing = identityFieldValues[slots].firstIndex(where: { $0 == nil }) {
                // Reached, but without a typed value: a nil element, or an attribute no declaration assessed.
                let why = identityFieldTexts[missing] == nil ? "" : ": it reaches a node without a typed value (an element that is nil, "
                    + "or an attribute whose value is invalid or that no declaration assessed; cvc-identity-constraint.4.2.3, 4.2.1)"
                try report(
                    .invalidKey, "the key \(constraint.name) has no value for field \(missing - slots.lowerBound + 1) in <\(name(of: frame))>\(why)",
                    component: constraint.component, at: tuple.position)
            }
            return
        }
        let values = identityFieldValues[slots].map { $0! }
        let texts = identityFieldTexts[slots].map { $0 ?? "" }
        if constraint.isReference {
            identityScopes[tuple.scope].references.append((values, texts, tuple.position))
        } else if let first = identityScopes[tuple.scope].keys[values] {
            try report(
                .duplicateKey,
                "the \(constraint.kind == .key ? "key" : "unique") \(constraint.name) (\(Self.describe(texts))) of <\(name(of: frame))> is already that of "
                    + "the element at line \(first.line), column \(first.column)",
                component: constraint.component, at: tuple.position)
        } else {
            identityScopes[tuple.scope].keys[values] = tuple.position
        }
    }

    private static func describe(_ texts: [String]) -> String {
        texts.map { quotedValue($0) }.joined(separator: ", ")
    }
}

extension XSDIdentityConstraint {
    var isReference: Bool {
        if case .keyReference = kind { return true }
        return false
    }
}
