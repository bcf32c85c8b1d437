import XMLStreaming

/// What a start tag placed by an element declaration needs, worked out once per declaration
/// of the document's schema rather than once per tag: its type, how its attributes are
/// checked, and the frame it opens. Plain values, read without reference counting.
struct XSDElementPlan {
    /// Whether the plan is made, and whether tags of the declaration can take the planned
    /// start at all (``XSDInstanceChecker/enterByPlan(_:attributes:)``).
    enum Status: UInt8 {
        case unknown, planned, unplanned
    }

    var status = Status.unknown
    /// The frame a tag of the declaration opens, but for its name (and where it starts,
    /// for a value that is checked).
    var frame = XSDElementFrame(nameNumber: -1)
    /// The complex type the attributes are checked against; -1 for a simple type, whose
    /// element takes no attribute.
    var complexIndex = -1
    var requiredAttributeCount = 0
    /// For element content: its content model, which the element's own matcher starts on;
    /// -1 otherwise.
    var modelIndex = -1
    var isGreedy = false
}

extension XSDInstanceChecker {
    /// Assesses a start tag the common way, when it is: a child that the parent's content
    /// model has placed before from where it is now (``XSDContentMatcherCache``), under a
    /// declaration that is not abstract, without `xsi:` or namespace attributes, whose
    /// declared attributes all take their values as written and have no `fixed` or
    /// `default`, in a schema without identity constraints.
    ///
    /// Returns `false`, having changed nothing a later step reads (it may number names and
    /// remember attribute uses, as the full path would), for any other tag, and for one
    /// that breaks a rule: ``enter(_:attributes:)`` then assesses it from the start, and
    /// says why. What it does when it returns `true` is what the full path does for such a
    /// tag, made from the declaration's plan: the parent's matcher moved on, the frame pushed.
    mutating func enterByPlan(_ seen: Int, attributes: XMLAttributes) -> Bool {
        guard model.identityConstraints.isEmpty, let parentIndex = stack.indices.last, stack[parentIndex].hasMatcher,
            !stack[parentIndex].contentBroken
        else { return false }
        // The matcher's fields and the cache are read in place: a copy would retain their arrays.
        let modelIndex = matchers[parentIndex].modelIndex
        guard
            let (nextState, leaf) = matcherCaches[modelIndex].transition(
                from: matchers[parentIndex].cacheState, symbol: seenNames[seen].symbol)
        else { return false }
        let declaration = model.contentModels[modelIndex].nodes[Int(leaf)].declaration
        guard declaration >= 0 else { return false }
        if declaration >= elementPlans.count || elementPlans[declaration].status == .unknown { makePlan(for: declaration) }
        guard elementPlans[declaration].status == .planned else { return false }
        let complexIndex = elementPlans[declaration].complexIndex
        var required = 0
        let firstSlot = declaration * Self.plannedAttributes
        for (position, attribute) in attributes.enumerated() {
            let use: XSDInstanceName.AttributeUse
            let slot = firstSlot + position
            let guess = position < Self.plannedAttributes ? Self.guess(in: plannedAttributeNames, at: slot) : -1
            if guess >= pinnedNames, nameIndex.isName(guess - pinnedNames, attribute.name) {
                // The name and use the last tag of the declaration had here, both checked then.
                use = plannedAttributeUses[slot]
            } else {
                let number = instanceName(attribute.name)
                guard complexIndex >= 0, !seenNames[number].isInstanceAttribute,
                    let found = attributeUse(of: number, on: complexIndex), !found.hasValueConstraint
                else { return false }
                use = found
                if position < Self.plannedAttributes {
                    Self.note(number, in: &plannedAttributeNames, at: slot)
                    while plannedAttributeUses.count <= slot { plannedAttributeUses.append(found) }
                    plannedAttributeUses[slot] = found
                }
            }
            if use.isRequired { required += 1 }
            if use.acceptsAnyText { continue }
            // The span is the attribute's bytes, which the parser keeps for the whole event,
            // and does not leave the closure.
            guard unsafe attribute.value.withUnsafeBytes({ unsafe model.acceptsAsWritten($0.span, type: use.type) })
            else { return false }
        }
        guard required == elementPlans[declaration].requiredAttributeCount else { return false }

        matchers[parentIndex].take(nextState)
        // The frame is pushed as the plan has it and finished in place: a frame built in a
        // local and then pushed is copied field by field, several times over.
        let depth = stack.count
        let childModel = elementPlans[declaration].modelIndex
        if childModel >= 0 { prepareMatcher(on: childModel, isGreedy: elementPlans[declaration].isGreedy, at: depth) }
        stack.append(elementPlans[declaration].frame)
        stack[depth].nameNumber = Int32(seen)
        if stack[depth].keepsText {
            Self.empty(&texts, at: depth)
            stack[depth].position = locator.position
        }
        return true
    }

    /// The most attributes of a tag whose names and uses its declaration's plan remembers.
    static var plannedAttributes: Int { 4 }

    /// Starts the matcher at the depth of the element about to be pushed on `modelIndex`.
    mutating func startMatcher(on modelIndex: Int, isGreedy: Bool, frame: inout XSDElementFrame) {
        prepareMatcher(on: modelIndex, isGreedy: isGreedy, at: stack.count)
        frame.hasMatcher = true
    }

    /// Starts the matcher at `depth` on `modelIndex`, for a frame that says it has one.
    mutating func prepareMatcher(on modelIndex: Int, isGreedy: Bool, at depth: Int) {
        // Ancestors without a model (anyType, nil, lax) leave their depths unused: the array
        // is filled up to this one first.
        while matchers.count <= depth { matchers.append(XSDContentMatcher(model.contentModels[modelIndex], at: modelIndex)) }
        matchers[depth].restart(isGreedy: isGreedy, at: modelIndex)
        while matcherCaches.count <= modelIndex { matcherCaches.append(XSDContentMatcherCache()) }
    }

    /// The use of attribute `number` (in ``seenNames``) on complex type `complexIndex`,
    /// remembered on the name: the same name comes on the same type, tag after tag.
    mutating func attributeUse(of number: Int, on complexIndex: Int) -> XSDInstanceName.AttributeUse? {
        if seenNames[number].lastOwner != complexIndex {
            seenNames[number].lastOwner = complexIndex
            seenNames[number].lastUse = model.complexTypes[complexIndex].attributes[seenNames[number].expanded].map {
                XSDInstanceName.AttributeUse(
                    type: $0.type, isRequired: $0.isRequired, hasValueConstraint: $0.valueConstraint != nil,
                    acceptsAnyText: model.simpleTypes[$0.type].acceptsAnyText)
            }
        }
        return seenNames[number].lastUse
    }

    /// Works out the plan of `declaration`, as ``enter(_:attributes:)`` would assess a tag
    /// of it without `xsi:` attributes.
    private mutating func makePlan(for declaration: Int) {
        while elementPlans.count <= declaration { elementPlans.append(XSDElementPlan()) }
        var plan = XSDElementPlan(status: .unplanned)
        defer { elementPlans[declaration] = plan }
        guard !model.elements[declaration].isAbstract else { return }
        let type = model.elements[declaration].type
        let hasValueConstraint = model.elements[declaration].valueConstraint != nil
        plan.frame.declaration = declaration
        plan.frame.type = type
        switch type {
        case .complex(let index):
            guard !model.complexTypes[index].isAbstract else { return }
            plan.complexIndex = index
            plan.requiredAttributeCount = model.complexTypes[index].requiredAttributes.count
            switch model.complexTypes[index].content {
            case .elements(let modelIndex, let mixed):
                plan.modelIndex = modelIndex
                plan.isGreedy = model.contentModels[modelIndex].isGreedy
                plan.frame.keepsText = mixed && hasValueConstraint
                plan.frame.textMustBeWhitespace = !mixed
                plan.frame.hasMatcher = true
            case .simple(let simple):
                plan.frame.keepsText = hasValueConstraint || !model.simpleTypes[simple].acceptsAnyText
            case .empty:
                break
            }
        case .simple(let simple):
            plan.frame.keepsText = hasValueConstraint || !model.simpleTypes[simple].acceptsAnyText
        case .anyType:
            plan.frame.isLax = true
        }
        plan.frame.ignoresText = ignoresText(plan.frame)
        plan.status = .planned
    }
}
