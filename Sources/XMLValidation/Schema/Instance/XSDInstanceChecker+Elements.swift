internal import XMLSyntax
import XMLStreaming

extension XSDInstanceChecker {
    /// Assesses a start tag: its place in the parent, its declaration and type (and
    /// `xsi:type`, `xsi:nil`), its attributes; pushes its frame.
    mutating func enter(_ xmlName: XMLName, attributes: XMLAttributes) throws {
        // Past the limit, names are numbered afresh: here, before any of this tag's are (one
        // tag with more names only grows the table).
        if seenNames.count - pinnedNames >= Self.maximumSeenNames { forgetNames() }
        let seen = elementName(xmlName)
        if enterByPlan(seen, attributes: attributes) { return }
        // The name's strings are read where they are kept: a copy would retain them, per tag.
        if !model.identityConstraints.isEmpty {
            openIdentityNames.append(seenNames[seen].identityName)
            openIdentityNamespaces.append(seenNames[seen].identityNamespace)
            // The element's fields, empty before any return: its end reads them, whether or
            // not it is assessed.
            Self.empty(&fieldTargets, at: stack.count)
        }
        var frame = XSDElementFrame(nameNumber: Int32(seen))
        // For messages: read only when one is made.
        var name: String { seenNames[seen].qualifiedName }
        var declaration: Int?
        var assessed = true
        if let parentIndex = stack.indices.last {
            let isLax: Bool
            (declaration, assessed, isLax) = try place(seen, in: parentIndex, attributes: attributes)
            frame.isLax = isLax
        } else if let global = model.globalElements[seenNames[seen].expanded] {
            declaration = global
        } else if attributes[localName: "type", namespace: xsiNamespace] != nil {
            // No declaration, but a type the document names: assessed by it (cvc-assess-elt.1.2).
        } else {
            try report(
                .undeclaredRootElement, "no global element declaration describes the document element <\(name)>")
            assessed = false
        }
        guard assessed else {
            stack.append(frame)
            return
        }
        var type: XSDTypeReference = .anyType
        if let declaration {
            // The declaration's fields are read in place: a copy retains its strings.
            frame.declaration = declaration
            type = model.elements[declaration].type
            if model.elements[declaration].isAbstract {
                try report(
                    .abstractComponent, "element <\(name)> is declared abstract", component: model.elements[declaration].component)
            }
        }
        // xsi:type and xsi:nil, found by the names already numbered (most tags have neither).
        var xsiTypeValue: XMLStringView?
        var xsiNilValue: XMLStringView?
        var xsiTypeNumber = -1
        var xsiNilNumber = -1
        // Written over the last tag's (entries past this tag's count are not read):
        // `removeAll(keepingCapacity:)` goes through the general range replacement, per tag.
        var position = 0
        for attribute in attributes {
            let number = instanceName(attribute.name)
            if position < attributeNames.count { attributeNames[position] = number } else { attributeNames.append(number) }
            position += 1
            switch seenNames[number].xsiAttribute {
            case .type: (xsiTypeValue, xsiTypeNumber) = (attribute.value, number)
            case .nil: (xsiNilValue, xsiNilNumber) = (attribute.value, number)
            case nil: break
            }
        }
        var typeIsXsiType = false
        // For messages about xsi:type and xsi:nil: read only when one is made.
        var component: String? { declaration.map { model.elements[$0].component } }
        // Their errors are placed at the attribute, as any attribute's.
        defer { checkedAttribute = -1 }
        if let written = xsiTypeValue {
            checkedAttribute = xsiTypeNumber
            let block = declaration.map { model.elements[$0].block } ?? []
            if let replacement = try xsiType(written.string, for: type, element: name, component: component, block: block) {
                type = replacement
                typeIsXsiType = true
            }
        }
        if let written = xsiNilValue {
            checkedAttribute = xsiNilNumber
            let value = XSDWhiteSpace.collapse.normalize(written.string)
            if !(value == "true" || value == "false" || value == "1" || value == "0") {
                // The element is then read as if it had none: its content and attributes are
                // still checked.
                try report(.invalidValue, "xsi:nil must be a boolean (true, false, 1 or 0), not \(quotedValue(written.string))")
            } else if let declaration, !model.elements[declaration].isNillable {
                // Any xsi:nil, even false, needs a nillable declaration (cvc-elt.3.1).
                try report(.invalidNil, "element <\(name)> is not nillable, and may not have xsi:nil", component: component)
            } else if declaration != nil, value == "true" || value == "1" {
                // Without a declaration (assessed laxly, or by xsi:type alone), xsi:nil says
                // nothing: it takes effect through a declaration's nillable (cvc-elt.3).
                if let declaration, model.elements[declaration].valueConstraint?.isFixed == true {
                    try report(.invalidNil, "element <\(name)> has a fixed value and cannot be nil", component: component)
                } else {
                    frame.isNil = true
                }
            }
        }
        frame.type = type
        if case .anyType = type { frame.isLax = true }
        checkedAttribute = -1
        try checkAttributes(attributes, of: seen, type: type)
        let hasValueConstraint = declaration.map { model.elements[$0].valueConstraint != nil } ?? false
        switch type {
        case .complex(let index):
            if model.complexTypes[index].isAbstract, typeIsXsiType {
                // cvc-type.2, at the attribute that named it.
                checkedAttribute = xsiTypeNumber
                try report(
                    .abstractComponent, "xsi:type names \(model.complexTypes[index].name), an abstract type, which no element may have",
                    component: model.complexTypes[index].component)
                checkedAttribute = -1
            } else if model.complexTypes[index].isAbstract {
                try report(
                    .abstractComponent, "type \(model.complexTypes[index].name) of <\(name)> is abstract; give a type with xsi:type",
                    component: model.complexTypes[index].component)
            }
            switch model.complexTypes[index].content {
            case .elements(let modelIndex, let mixed):
                if !frame.isNil { startMatcher(on: modelIndex, isGreedy: model.contentModels[modelIndex].isGreedy, frame: &frame) }
                if mixed && hasValueConstraint { frame.keepsText = true }
                if !mixed && !frame.isNil { frame.textMustBeWhitespace = true }
            case .simple(let simple):
                if hasValueConstraint || !model.simpleTypes[simple].acceptsAnyText { frame.keepsText = true }
            case .empty:
                break
            }
        case .simple(let simple):
            // Text any string type takes is not kept: there is nothing to check in it.
            if hasValueConstraint || !model.simpleTypes[simple].acceptsAnyText { frame.keepsText = true }
        case .anyType:
            // anyType is mixed: a fixed value is compared with its text (cvc-elt.5.2.2).
            if hasValueConstraint { frame.keepsText = true }
        }
        if let declaration, let constraint = model.elements[declaration].valueConstraint, case .complex(let index) = type,
            model.complexTypes[index].content.isEmpty || model.complexTypes[index].content.isElementOnly
        {
            // Only an xsi:type gives a declaration with a value such a type: the value cannot
            // stand in for its content (cvc-elt.5.1.1), and a fixed one allows no element
            // children either (5.2.2.1).
            if constraint.isFixed {
                try report(
                    .fixedValueMismatch,
                    "element <\(name)> has a fixed value, \(quotedValue(constraint.text)), which its type \(model.complexTypes[index].name), "
                        + "\(model.complexTypes[index].content.isEmpty ? "empty" : "element-only"), cannot hold",
                    component: component)
            } else {
                frame.defaultUnfit = true
            }
        }
        if !model.identityConstraints.isEmpty {
            try enterIdentity(&frame, attributes: attributes, declaration: declaration)
            // A field's element: its value is read, even where its type would not need it.
            if !fieldTargets[stack.count].isEmpty, !frame.keepsText, model.simpleValueType(of: type) != nil { frame.keepsText = true }
        }
        if frame.keepsText {
            Self.empty(&texts, at: stack.count)
            frame.position = locator.position
        }
        frame.ignoresText = ignoresText(frame)
        stack.append(frame)
    }

    /// Whether ``collect(_:)`` would pass over any text in the element of `frame`.
    func ignoresText(_ frame: XSDElementFrame) -> Bool {
        guard !frame.isNil, !frame.keepsText, let type = frame.type else { return frame.type == nil }
        guard case .complex(let index) = type else { return true }
        switch model.complexTypes[index].content {
        case .elements(_, false), .empty: return false
        default: return true
        }
    }

    /// The name's place in ``seenNames``, made once per distinct name of the document. The
    /// fields are read in place: a copy of the entry retains its strings.
    mutating func instanceName(_ name: XMLName) -> Int {
        let (number, isNew) = nameIndex.number(of: name)
        if isNew {
            var entry = XSDInstanceName(name)
            entry.symbol = model.elementSymbols[entry.expanded] ?? -1
            if !model.identityConstraints.isEmpty {
                entry.identityName = model.identityPaths.nameNumbers[entry.expanded] ?? -1
                entry.identityNamespace = model.identityPaths.namespaceNumbers[entry.expanded.namespace.map(CodePointString.init)] ?? -1
            }
            seenNamespaces.append(entry.expanded.namespace)
            seenNames.append(entry)
        }
        return pinnedNames + number
    }

    /// ``instanceName(_:)`` for a start tag's name, tried first against the name that came
    /// after the previous child of the same parent, or first in a parent of the same name,
    /// the last time (a feed's records are alike): a right guess costs one comparison of the
    /// bytes. Notes the name as the parent's last child, and that the parent has one.
    mutating func elementName(_ name: XMLName) -> Int {
        guard let parent = stack.indices.last else { return instanceName(name) }
        let previous = Int(stack[parent].lastChildName)
        let key = previous >= 0 ? previous : Int(stack[parent].nameNumber)
        let guess = previous >= 0 ? Self.guess(in: nextSiblingGuesses, at: key) : Self.guess(in: firstChildGuesses, at: key)
        let seen: Int
        if guess >= pinnedNames, nameIndex.isName(guess - pinnedNames, name) {
            seen = guess
        } else {
            seen = instanceName(name)
            if previous >= 0 { Self.note(seen, in: &nextSiblingGuesses, at: key) } else { Self.note(seen, in: &firstChildGuesses, at: key) }
        }
        stack[parent].lastChildName = Int32(seen)
        stack[parent].hasChildElements = true
        return seen
    }

    static func guess(in guesses: [Int32], at key: Int) -> Int {
        key < guesses.count ? Int(guesses[key]) : -1
    }

    static func note(_ number: Int, in guesses: inout [Int32], at key: Int) {
        while guesses.count <= key { guesses.append(-1) }
        guesses[key] = Int32(number)
    }

    /// Empties the entry at `depth` of an array kept by depth, keeping its memory for the
    /// next element there; adds the entries up to it when the array is shorter.
    static func empty<Entry: RangeReplaceableCollection>(_ entries: inout [Entry], at depth: Int) {
        while entries.count <= depth { entries.append(Entry()) }
        entries[depth].removeAll(keepingCapacity: true)
    }

    /// Past ``maximumSeenNames``, names are numbered afresh: only the open elements' entries
    /// are kept (first, renumbered in their frames), so memory stays bounded by the limit
    /// plus the depth. Called before any of a tag's names is numbered, so that no number
    /// taken for the tag goes stale.
    private mutating func forgetNames() {
        var kept: [XSDInstanceName] = []
        var keptNamespaces: [String?] = []
        for i in stack.indices {
            let number = Int(stack[i].nameNumber)
            kept.append(seenNames[number])
            keptNamespaces.append(seenNamespaces[number])
            stack[i].nameNumber = Int32(i)
            stack[i].lastChildName = -1
        }
        seenNames = kept
        seenNamespaces = keptNamespaces
        pinnedNames = kept.count
        nameIndex = XMLNameInterner()
        // The guesses hold numbers of forgotten names.
        nextSiblingGuesses = []
        firstChildGuesses = []
        plannedAttributeNames = []
    }

    /// The most distinct names remembered at once.
    static var maximumSeenNames: Int { 10_000 }

    /// Finds the declaration of a child of the open element at `parentIndex` and places it
    /// in the parent's content model: (declaration, whether it is assessed, whether its own
    /// undeclared children are assessed laxly).
    private mutating func place(_ seen: Int, in parentIndex: Int, attributes: XMLAttributes) throws -> (Int?, Bool, Bool) {
        guard let parentType = stack[parentIndex].type else { return (nil, false, false) }
        // The name as the model numbers it; its strings are read only off the common path.
        let symbol = seenNames[seen].symbol
        var name: XSDExpandedName { seenNames[seen].expanded }
        var qualifiedName: String { seenNames[seen].qualifiedName }
        // Where the parent's content has no place for it: a global declaration, if any, still
        // checks the child itself.
        func lax() -> (Int?, Bool, Bool) {
            if let global = model.globalElements[name] { return (global, true, false) }
            return (nil, false, false)
        }
        if stack[parentIndex].isNil {
            try report(.invalidNil, "element <\(self.name(of: stack[parentIndex]))> is nil (xsi:nil) and cannot hold <\(qualifiedName)>")
            return lax()
        }
        switch parentType {
        case .anyType:
            // anyType's content is a lax wildcard: a child no global declaration describes is
            // assessed laxly, against anyType itself (cvc-assess-elt.2), and so are its own
            // children, at any depth.
            if let global = model.globalElements[name] { return (global, true, false) }
            return (nil, true, true)
        case .simple(let index):
            try report(
                .unexpectedElement,
                "element <\(qualifiedName)> is not allowed in <\(self.name(of: stack[parentIndex]))>, whose type \(model.simpleTypes[index].name) is simple")
            return lax()
        case .complex(let index):
            guard case .elements(let modelIndex, _) = model.complexTypes[index].content else {
                let kind = model.complexTypes[index].content.isEmpty ? "empty content" : "simple content"
                try report(
                    .unexpectedElement,
                    "element <\(qualifiedName)> is not allowed in <\(self.name(of: stack[parentIndex]))>, which has \(kind) (type \(model.complexTypes[index].name))",
                    component: model.complexTypes[index].component)
                return lax()
            }
            // After a child broke the model, the others are not placed in it, but still
            // checked against the declaration of their name in it.
            func recover() -> (Int?, Bool, Bool) {
                if let declaration = model.contentModels[modelIndex].declarationsByName[name] { return (declaration, true, false) }
                return lax()
            }
            // Moved where it is kept: a copy would copy its paths on every child.
            guard !stack[parentIndex].contentBroken, stack[parentIndex].hasMatcher else { return recover() }
            let matcher = matchers[parentIndex].modelIndex
            let result: Result<Int32, XSDContentMatcher.Mismatch>
            if let leaf = matchers[parentIndex].nextFromCache(symbol: symbol, cache: &matcherCaches[matcher]) {
                result = .success(leaf)
            } else {
                result = matchers[parentIndex].next(
                    symbol: symbol, namespace: seenNamespaces[seen], in: model.contentModels[matcher], cache: &matcherCaches[matcher],
                    budget: &matcherCacheBudget)
            }
            switch result {
            case .success(let leaf):
                // An element's leaf is read by its declaration alone: its label holds strings.
                let declaration = model.contentModels[matcher].nodes[Int(leaf)].declaration
                if declaration >= 0 { return (declaration, true, false) }
                guard case .wildcard(let wildcard) = model.contentModels[matcher].label(of: leaf) else { return recover() }
                switch wildcard.processContents {
                case .skip: return (nil, false, false)
                case .lax:
                    let (declaration, _, _) = lax()
                    return (declaration, true, true)
                case .strict:
                    if let global = model.globalElements[name] { return (global, true, false) }
                    // No declaration, but a type the document names: assessed by it (Structures
                    // 3.10.1, strict: a declaration "or the item must have an xsi:type").
                    if attributes[localName: "type", namespace: xsiNamespace] != nil { return (nil, true, false) }
                    try report(
                        .undeclaredElement,
                        "element <\(qualifiedName)> matches a strict wildcard, but no global element declaration describes it",
                        component: model.complexTypes[index].component)
                    return (nil, false, false)
                }
            case .failure(let mismatch):
                stack[parentIndex].contentBroken = true
                let parentName = self.name(of: stack[parentIndex])
                if mismatch.isTooComplex {
                    try report(
                        .limitExceeded,
                        "the children of <\(parentName)> can be read more ways than the validator follows "
                            + "(\(XSDContentMatcher.maximumConfigurations)); they are not checked further",
                        component: model.complexTypes[index].component)
                } else {
                    let hint = substitutionHint(for: name, expected: mismatch.expected).map { "; " + $0 } ?? ""
                    try report(
                        .unexpectedElement,
                        "element <\(qualifiedName)> not expected here in <\(parentName)>; "
                            + Self.expectation(mismatch.expected) + hint,
                        component: model.complexTypes[index].component)
                }
                return recover()
            }
        }
    }

    /// Why a global element whose substitution group's head is expected here may not stand
    /// in its place (Substitution Group OK (Transitive), 3.3.6), for a content error; `nil`
    /// for any other element.
    private func substitutionHint(for name: XSDExpandedName, expected: [XSDContentModel.Label]) -> String? {
        guard let member = model.globalElements[name], model.elements[member].substitutionGroup != nil else { return nil }
        var expectedDeclarations: Set<Int> = []
        for label in expected { if case .element(_, let declaration) = label { expectedDeclarations.insert(declaration) } }
        var current = model.elements[member].substitutionGroup
        var steps = 0
        while let head = current, steps <= model.elements.count {
            if expectedDeclarations.contains(head) { return substitutionRefusalMessage(of: member, by: head) }
            current = model.elements[head].substitutionGroup
            steps += 1
        }
        return nil
    }

    /// What keeps `member` out of `head`'s substitution group
    /// (``XSDModel/substitutionRefusal(of:for:)``), in words.
    private func substitutionRefusalMessage(of member: Int, by head: Int) -> String {
        let inGroup = "<\(model.elements[member].name)> is in the substitution group of <\(model.elements[head].name)>"
        switch model.substitutionRefusal(of: member, for: head) {
        case .abstract: return "\(inGroup), but is abstract: only its own members may stand there"
        case .substitutionBlocked: return "\(inGroup), which blocks substitution (3.3.6)"
        case .derivation(let method, let blocker):
            let whose: String
            switch blocker {
            case .head: whose = "<\(model.elements[head].name)>"
            case .headType: whose = "the head's type, \(model.typeName(model.elements[head].type)),"
            case .typeBetween: whose = "a type between the two"
            }
            return "\(inGroup), but its type derives from the head's by \(method.rawValue), which \(whose) blocks (3.3.6)"
        case nil: return "\(inGroup), which does not admit it here (3.3.6)"
        }
    }

    /// `expected <street>`, `expected one of <a>, <b>`, or `expected no more elements`.
    static func expectation(_ labels: [XSDContentModel.Label]) -> String {
        var seen: Set<String> = []
        let names = labels.map(\.description).filter { seen.insert($0).inserted }
        switch names.count {
        case 0: return "expected no more elements"
        case 1: return "expected \(names[0])"
        case 2...10: return "expected one of " + names.joined(separator: ", ")
        default: return "expected one of " + names.prefix(10).joined(separator: ", ") + " and \(names.count - 10) more"
        }
    }

    /// The type `xsi:type` names, when it may replace the declared one; reports why not.
    private mutating func xsiType(
        _ written: String, for declared: XSDTypeReference, element: String, component: String?, block: Set<XSDDerivation>
    ) throws -> XSDTypeReference? {
        let name: XSDExpandedName
        do {
            let bindings = namespaceBindings
            name = try XSDBuiltinType.expandedName(XSDWhiteSpace.collapse.normalize(written)) { Self.lookup(prefix: $0, in: bindings) }
        } catch {
            try report(.invalidXsiType, "xsi:type: \(error.message)")
            return nil
        }
        var replacement: XSDTypeReference?
        if name.namespace == SchemaNode.xsdNamespace {
            if name.localName == "anyType" { replacement = .anyType }
            if let builtin = XSDBuiltinType(rawValue: name.localName) {
                replacement = model.builtinTypes[builtin].map { .simple($0) }
            }
        } else {
            replacement = model.globalTypes[name]
        }
        guard let replacement else {
            try report(.invalidXsiType, "xsi:type \(quotedValue(written)) names no type of the schema", component: component)
            return nil
        }
        guard let methods = model.derivation(of: replacement, from: declared) else {
            try report(
                .invalidXsiType,
                "xsi:type \(model.typeName(replacement)) does not derive from "
                    + (model.typeName(declared).hasPrefix("the type of") ? "the type of <\(element)>"
                        : "\(model.typeName(declared)), the type of <\(element)>"),
                component: component)
            return nil
        }
        // The element's block and the declared type's (cvc-elt.4.3, cos-ct-derived-ok); the
        // message says whose block it is.
        let typeBlock = model.typeBlock(declared)
        if let method = methods.first(where: { block.contains($0) || typeBlock.contains($0) }) {
            let replacementName = model.typeName(replacement)
            let declaredName = model.typeName(declared)
            let derivation: String
            if case .simple(let a) = replacement, case .simple(let b) = declared, !model.simpleTypes[a].isRestriction(of: model.simpleTypes[b]) {
                // cos-st-derived-ok 2.1: a union's member counts as derived by restriction.
                derivation = "xsi:type \(replacementName) is, or derives from, a member type of the union \(declaredName), which counts as restriction"
            } else {
                // The methods of each step, from the named type up: C restricts B, B extends A.
                var kinds: [String] = []
                for step in methods where !kinds.contains(step.rawValue) { kinds.append(step.rawValue) }
                derivation = "xsi:type \(replacementName) derives from \(declaredName) by \(kinds.joined(separator: " and "))"
            }
            if block.contains(method) {
                try report(.invalidXsiType, "\(derivation), which <\(element)> blocks", component: component)
            } else {
                // Only a complex type has a block of its own (typeBlock is empty otherwise).
                try report(
                    .invalidXsiType, "\(derivation), which the type \(declaredName) blocks",
                    component: declared.complexIndex.map { model.complexTypes[$0].component })
            }
            return nil
        }
        return replacement
    }

    static func lookup(prefix: String, in bindings: [CodePointString: [String?]]) -> String?? {
        if let binding = bindings[CodePointString(prefix)]?.last { return .some(binding) }
        if prefix.isEmpty { return .some(nil) }
        if prefix == "xml" { return .some(SchemaNode.xmlNamespace) }
        return nil
    }

    /// Text in the open element: collected for a value, refused in element-only or empty
    /// content (white space aside) and in a nil element.
    mutating func collect(_ text: XMLStringView) throws {
        // White space in element-only content, and text needing nothing, returned before
        // the call (``characters(_:)``).
        let index = stack.count - 1
        guard let type = stack[index].type else { return }
        if stack[index].isNil {
            try report(.invalidNil, "element <\(self.name(of: stack[index]))> is nil (xsi:nil) and cannot hold text")
            stack[index].type = nil
            return
        }
        if stack[index].keepsText {
            texts[index].append(text.string)
            return
        }
        guard case .complex(let typeIndex) = type else { return }
        switch model.complexTypes[typeIndex].content {
        case .elements(_, false), .empty:
            // Element-only content may have white space between children; empty content
            // has no character children at all (cvc-complex-type.2.1), not even that.
            let isEmpty = model.complexTypes[typeIndex].content.isEmpty
            if !text.isWhitespace || (isEmpty && text.count > 0) {
                // In element-only content, text after white space (which was passed over)
                // is placed at its first character that is not white space, wherever the
                // input was cut; in empty content, white space is already an error.
                try report(
                    .unexpectedContent,
                    "\(inCDATA ? "a CDATA section" : "text") is not allowed in <\(self.name(of: stack[index]))>, whose content is \(isEmpty ? "empty" : "element-only")",
                    component: model.complexTypes[typeIndex].component,
                    at: inCDATA || isEmpty ? nil : locator.textPositionAfterWhitespace)
                // Once per element; its children are still checked against its model.
                stack[index].ignoresText = true
            }
        default:
            break
        }
    }

    /// An element's end: its content complete, its value valid.
    /// `depth` is the frame's place in the stack it was taken from.
    @discardableResult
    mutating func finish(_ frame: XSDElementFrame, depth: Int) throws -> XSDValue? {
        guard let type = frame.type else { return nil }
        // For messages: read only when one is made.
        var name: String { self.name(of: frame) }
        if frame.hasMatcher, !frame.contentBroken {
            let modelIndex = matchers[depth].modelIndex
            if !cacheKnowsContentMayEnd(at: depth),
                let mismatch = matchers[depth].end(in: model.contentModels[modelIndex], cache: &matcherCaches[modelIndex])
            {
                try report(
                    .incompleteContent, "element <\(name)> ends before its content is complete; \(Self.expectation(mismatch.expected))",
                    component: type.complexIndex.map { model.complexTypes[$0].component })
            }
        }
        if frame.defaultUnfit, !frame.hasChildElements, !frame.isNil, let declaration = frame.declaration,
            let constraint = model.elements[declaration].valueConstraint
        {
            try report(
                .invalidValue,
                "element <\(name)> is empty, so takes its default, \(quotedValue(constraint.text)), which its type cannot hold (cvc-elt.5.1.1)",
                component: model.elements[declaration].component, at: frame.position)
        }
        guard frame.keepsText, !frame.isNil else { return nil }
        var text = texts[depth]
        // The declaration's fields, read in place: a copy retains its strings.
        let constraint = frame.declaration.flatMap { model.elements[$0].valueConstraint }
        let component = frame.declaration.map { model.elements[$0].component }
        // An empty element takes its declaration's default or fixed value.
        if text.isEmpty, !frame.hasChildElements, let constraint = constraint { text = constraint.text }
        guard let simple = model.simpleValueType(of: type) else {
            // Mixed content with a fixed value: compared as text, and no element children
            // (cvc-elt.5.2.2.1).
            if let constraint = constraint, constraint.isFixed, frame.hasChildElements {
                try report(
                    .fixedValueMismatch, "element <\(name)> has a fixed value, \(quotedValue(constraint.text)), and cannot hold elements",
                    component: component, at: frame.position)
            } else if let constraint = constraint, constraint.isFixed, !text.hasSameCodePoints(as: constraint.text) {
                try report(
                    .fixedValueMismatch, "element <\(name)> must hold \(quotedValue(constraint.text))", component: component,
                    at: frame.position)
            }
            return nil
        }
        let value: XSDValue
        do {
            let bindings = namespaceBindings
            value = try simple.validateInstance(text) { Self.lookup(prefix: $0, in: bindings) }
        } catch {
            try report(.invalidValue, "element <\(name)>: \(error.message)", component: component, at: frame.position)
            return nil
        }
        if let constraint = constraint, constraint.isFixed, let fixed = constraint.value, fixed != value {
            try report(
                .fixedValueMismatch, "element <\(name)> must hold \(quotedValue(constraint.text))", component: component,
                at: frame.position)
        }
        let written = name
        try noteIdentity(value, of: simple, at: frame.position, owner: "element <\(written)>")
        return value
    }
}

extension XSDTypeReference {
    var complexIndex: Int? {
        if case .complex(let index) = self { return index }
        return nil
    }
}
