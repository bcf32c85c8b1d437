import XMLStreaming
internal import XMLSyntax

/// A DTD's declarations, compiled for checking documents as they stream: element names
/// interned to numbers, content models to automata, attribute types parsed.
///
/// Built one declaration at a time, in the order the parser reports them; each method returns
/// what the declaration itself breaks (XML 1.0's validity constraints on the DTD), and
/// ``finish()`` what only the whole DTD can tell.
struct DTDRules {
    /// Something a declaration breaks, before the validator adds the position.
    struct Issue: Equatable {
        var code: XMLValidationError.Code
        var message: String
        var component: String?
    }

    struct Element {
        enum Content {
            case empty
            case any
            case mixed(Set<Int32>)
            case children(DTDContentAutomaton)
        }
        var content: Content
        /// `<!ELEMENT name> at FILE:LINE:COLUMN`, for messages.
        var component: String
        /// Whether the declaration is external markup (in the external DTD or a parameter
        /// entity), which a standalone document may not depend on.
        var isExternal = false
    }

    struct Attribute {
        enum Default: Equatable {
            case required
            case implied
            case fixed(String)
            case value(String)
        }
        var name: String
        var type: DTDAttributeType
        var defaultValue: Default
        /// `<!ATTLIST element name> at FILE:LINE`, for messages.
        var component: String
        /// The tokens of an enumeration or NOTATION type, to look a value up in.
        var allowed: Set<CodePointString>?
        /// Whether the declaration is external markup (in the external DTD or a parameter
        /// entity), which a standalone document may not depend on.
        var isExternal = false

        init(name: String, type: DTDAttributeType, defaultValue: Default, component: String) {
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.component = component
            switch type {
            case .notation(let names), .enumeration(let names): allowed = Set(names.map(CodePointString.init))
            default: allowed = nil
            }
        }
    }

    struct AttributeList {
        var attributes: [CodePointString: Attribute] = [:]
        /// The `#REQUIRED` attributes, in declaration order.
        var required: [String] = []
        var idAttribute: String?
        var notationAttribute: String?
        /// Whether an attribute of the list is declared in external markup.
        var hasExternalDeclarations = false
    }

    /// Element names (as written in the DTD and in tags, prefix included) and their numbers.
    private(set) var nameIDs: [CodePointString: Int32] = [:]
    private(set) var names: [String] = []
    private(set) var elements: [Int32: Element] = [:]
    private(set) var attributeLists: [Int32: AttributeList] = [:]
    /// Notations declared, with where each first is (`<!NOTATION name> at FILE:LINE`).
    private var notations: [CodePointString: String] = [:]
    /// Unparsed entities (NDATA): what ENTITY and ENTITIES attributes may name.
    private(set) var unparsedEntities: Set<CodePointString> = []
    /// Parameter entities declared with a value: whether the value holds whole every group
    /// it opens or closes, for the declarations that reference them.
    private var parameterEntityGroups: [CodePointString: Bool] = [:]
    /// Every parameter entity declared, with a value or external.
    private(set) var parameterEntities: Set<CodePointString> = []
    /// General entities declared with external content, which the parser does not read.
    private(set) var externalEntities: Set<CodePointString> = []
    /// Internal general entities' texts, as the validator reads them (the first
    /// declaration binds).
    private var entityTexts: [CodePointString: DTDEntityText] = [:]
    /// Whether any entity's text holds a character reference to white space outside its tags.
    private(set) var hasWhitespaceReferenceTexts = false
    /// What each entity's text and the texts it reaches hold, made on demand once the DTD is
    /// complete: the elements written around references, and whether a character reference
    /// to white space is outside their tags.
    private var expandedReferenceHolders: [CodePointString: Set<String>] = [:]
    private var expandedWhitespaceReferences: [CodePointString: Bool] = [:]
    /// Notations named by NDATA and NOTATION types, checked once the DTD is complete.
    private var notationReferences: [(name: String, component: String)] = []
    /// What compiling the content models may still spend, of `limit`.
    private var budget: Int
    private let limit: Int?

    init(options: XMLValidationOptions) {
        limit = options.maximumContentModelSize
        budget = limit ?? Int.max
    }

    /// The number of `name`, interning it.
    mutating func id(of name: String) -> Int32 {
        let key = CodePointString(name)
        if let id = nameIDs[key] { return id }
        let id = Int32(names.count)
        names.append(name)
        nameIDs[key] = id
        return id
    }

    /// The number of `name` when the DTD mentions it anywhere.
    func existingID(of name: String) -> Int32? { nameIDs[CodePointString(name)] }

    mutating func declare(_ declaration: XMLElementDeclaration, at location: String, isExternal: Bool) -> Issue? {
        let elementID = id(of: declaration.name)
        let component = "<!ELEMENT \(declaration.name)> at \(location)"
        if let first = elements[elementID] {
            return Issue(
                code: .invalidDeclaration, message: "element <\(declaration.name)> is declared twice",
                component: first.component)
        }
        defer { elements[elementID]?.isExternal = isExternal }
        let content: Element.Content
        switch declaration.content {
        case .empty:
            content = .empty
        case .any:
            content = .any
        case .mixed(let names):
            var allowed: Set<Int32> = []
            for name in names where !allowed.insert(id(of: name)).inserted {
                elements[elementID] = Element(content: .mixed(allowed), component: component)
                return Issue(
                    code: .invalidDeclaration,
                    message: "<\(name)> appears twice in the mixed content of <\(declaration.name)>",
                    component: component)
            }
            content = .mixed(allowed)
        case .children(let particle):
            // Past the limit (already reported once), models are taken as ANY.
            guard budget >= 0 else {
                elements[elementID] = Element(content: .any, component: component)
                return nil
            }
            var remaining = budget
            defer { budget = remaining }
            do throws(DTDContentAutomaton.Failure) {
                content = .children(try DTDContentAutomaton(particle, nameID: { id(of: $0) }, budget: &remaining))
            } catch {
                elements[elementID] = Element(content: .any, component: component)
                switch error {
                case .nondeterministic(let name, let after):
                    let place = after.map { "after <\(names[Int($0)])>" } ?? "at its start"
                    return Issue(
                        code: .nondeterministicContentModel,
                        message:
                            "the content model of <\(declaration.name)> is not deterministic: <\(names[Int(name)])> \(place) could match two of its names",
                        component: component)
                case .tooLarge:
                    // Once past the limit, the models after this one are taken as ANY.
                    remaining = -1
                    return Issue(
                        code: .limitExceeded,
                        message:
                            "the DTD's content models need more than maximumContentModelSize (\(limit ?? 0)) positions and transitions",
                        component: component)
                }
            }
        }
        elements[elementID] = Element(content: content, component: component)
        return nil
    }

    mutating func declare(_ declaration: XMLAttributeDeclaration, at location: String, isExternal: Bool) -> [Issue] {
        let elementID = id(of: declaration.elementName)
        let component = "<!ATTLIST \(declaration.elementName) \(declaration.attributeName)> at \(location)"
        // Changed in place: a copy taken out and stored back would copy the whole list for
        // each attribute, quadratic in an element's attributes.
        return Self.declare(declaration, component: component, isExternal: isExternal,
            in: &attributeLists[elementID, default: AttributeList()], notationReferences: &notationReferences)
    }

    private static func declare(_ declaration: XMLAttributeDeclaration, component: String, isExternal: Bool,
        in list: inout AttributeList, notationReferences: inout [(name: String, component: String)]) -> [Issue]
    {
        let key = CodePointString(declaration.attributeName)
        // The first declaration of an attribute binds; later ones are ignored (XML 1.0 3.3).
        guard list.attributes[key] == nil else { return [] }
        guard let type = DTDAttributeType(declaration.type) else {
            return [
                Issue(
                    code: .invalidDeclaration, message: "attribute type \(declaration.type) is not one XML 1.0 defines",
                    component: component)
            ]
        }
        let defaultValue: Attribute.Default =
            switch (declaration.isRequired, declaration.defaultValue) {
            case (true, nil): .required
            case (true, let value?): .fixed(value)
            case (false, let value?): .value(value)
            case (false, nil): .implied
            }
        var issues: [Issue] = []
        switch type {
        case .id:
            if let other = list.idAttribute {
                issues.append(
                    Issue(
                        code: .invalidDeclaration,
                        message:
                            "<\(declaration.elementName)> has two ID attributes, \(other) and \(declaration.attributeName)",
                        component: component))
            }
            list.idAttribute = list.idAttribute ?? declaration.attributeName
            if defaultValue != .required && defaultValue != .implied {
                issues.append(
                    Issue(
                        code: .invalidDeclaration,
                        message:
                            "ID attribute \(declaration.attributeName) has a default; it must be #IMPLIED or #REQUIRED",
                        component: component))
            }
        case .notation(let names):
            if let other = list.notationAttribute {
                issues.append(
                    Issue(
                        code: .invalidDeclaration,
                        message:
                            "<\(declaration.elementName)> has two NOTATION attributes, \(other) and \(declaration.attributeName)",
                        component: component))
            }
            list.notationAttribute = list.notationAttribute ?? declaration.attributeName
            for name in names { notationReferences.append((name, component)) }
            if let duplicate = Self.firstDuplicate(names) {
                issues.append(
                    Issue(
                        code: .invalidDeclaration, message: "notation \(duplicate) is listed twice",
                        component: component))
            }
        case .enumeration(let tokens):
            if let duplicate = Self.firstDuplicate(tokens) {
                issues.append(
                    Issue(
                        code: .invalidDeclaration, message: "token \(duplicate) is listed twice", component: component))
            }
        default:
            break
        }
        switch defaultValue {
        case .fixed(let value), .value(let value):
            if let problem = Self.problem(with: value, of: type, checkingEntities: nil) {
                issues.append(
                    Issue(
                        code: .invalidDeclaration,
                        message: "the default of attribute \(declaration.attributeName), \(quotedValue(value)), \(problem)",
                        component: component))
            }
        case .required:
            list.required.append(declaration.attributeName)
        case .implied:
            break
        }
        list.attributes[key] = Attribute(
            name: declaration.attributeName, type: type, defaultValue: defaultValue, component: component)
        list.attributes[key]?.isExternal = isExternal
        if isExternal { list.hasExternalDeclarations = true }
        return issues
    }

    mutating func declare(_ notation: XMLNotation, at location: String) -> Issue? {
        let key = CodePointString(notation.name)
        // Named by the first declaration, as a second declaration of an element is.
        if let first = notations[key] {
            return Issue(code: .invalidDeclaration, message: "notation \(notation.name) is declared twice", component: first)
        }
        notations[key] = "<!NOTATION \(notation.name)> at \(location)"
        return nil
    }

    mutating func declare(_ entity: XMLEntityDeclaration, at location: String) {
        let key = CodePointString(entity.name)
        guard !entity.isParameterEntity else {
            parameterEntities.insert(key)
            // The first declaration binds; an external one's text is not read.
            if let text = entity.value, parameterEntityGroups[key] == nil {
                parameterEntityGroups[key] = Self.holdsWholeGroups(text)
            }
            return
        }
        if let notation = entity.notationName {
            unparsedEntities.insert(key)
            notationReferences.append((notation, "<!ENTITY \(entity.name)> at \(location)"))
        } else if let text = entity.value {
            if entityTexts[key] == nil {
                let read = DTDEntityText(Array(text.utf8))
                entityTexts[key] = read
                hasWhitespaceReferenceTexts = hasWhitespaceReferenceTexts || read.holdsWhitespaceReference
            }
        } else {
            externalEntities.insert(key)
        }
    }

    /// Whether the text of `entity`, or of an entity it references, writes the tags of
    /// `element` around entity references and nothing else (`<a>&z;</a>`): a reference in an
    /// `EMPTY` element that no event shows, when its entity's text is empty.
    mutating func writesReferenceInside(_ element: String, entity: String) -> Bool {
        let key = CodePointString(entity)
        if let holders = expandedReferenceHolders[key] { return holders.contains(element) }
        var holders: Set<String> = []
        forEachText(reachableFrom: key, along: \.references) { text in
            holders.formUnion(text.referenceHolders)
            return false
        }
        expandedReferenceHolders[key] = holders
        return holders.contains(element)
    }

    /// The replacement text of the internal general entity `name`, UTF-8.
    func entityText(_ name: String) -> [UInt8]? { entityTexts[CodePointString(name)]?.bytes }

    /// Whether the text of `entity`, or of an entity it references outside its tags, holds a
    /// character reference to white space outside its tags: in element content, not white
    /// space written as itself (VC: Element Valid).
    mutating func writesWhitespaceReference(entity: String) -> Bool {
        let key = CodePointString(entity)
        if let known = expandedWhitespaceReferences[key] { return known }
        var found = false
        forEachText(reachableFrom: key, along: \.topLevelReferences) { text in
            found = text.holdsWhitespaceReference
            return found
        }
        expandedWhitespaceReferences[key] = found
        return found
    }

    /// Calls `body` with the text of `key` and of every entity reachable from it through
    /// `references`, each once (expat refuses a cycle itself), until `body` returns `true`.
    private func forEachText(
        reachableFrom key: CodePointString, along references: KeyPath<DTDEntityText, [String]>, _ body: (DTDEntityText) -> Bool
    ) {
        var seen: Set<CodePointString> = [key]
        var pending = [key]
        while let next = pending.popLast() {
            guard let text = entityTexts[next] else { continue }
            if body(text) { return }
            for name in text[keyPath: references] where seen.insert(CodePointString(name)).inserted { pending.append(CodePointString(name)) }
        }
    }

    /// Proper Group/PE Nesting, for an element declaration as written: each parameter
    /// entity it references must hold whole any group of the model it opens or closes.
    func nesting(of declaration: XMLElementDeclaration, written: XMLWrittenDeclaration, at location: String) -> Issue? {
        let component = "<!ELEMENT \(declaration.name)> at \(location)"
        switch declaration.content {
        case .empty, .any: return nil
        case .mixed, .children: break
        }
        guard let split = written.parameterEntityReferences.first(where: { parameterEntityGroups[CodePointString($0)] == false })
        else { return nil }
        return Issue(
            code: .invalidDeclaration,
            message: "parameter entity %\(split); holds a parenthesis of the content model of <\(declaration.name)> "
                + "without its match: a group must open and close in the same entity's text (Proper Group/PE Nesting)",
            component: component)
    }

    /// Whether every parenthesis in `text` is matched in it, opening before closing.
    static func holdsWholeGroups(_ text: String) -> Bool {
        var depth = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth < 0 { return false }
            }
        }
        return depth == 0
    }

    /// What only the whole DTD can tell: notations named but never declared, and NOTATION
    /// attributes on elements declared EMPTY.
    mutating func finish() -> [Issue] {
        var issues: [Issue] = []
        for reference in notationReferences where notations[CodePointString(reference.name)] == nil {
            issues.append(
                Issue(
                    code: .invalidDeclaration, message: "notation \(reference.name) is not declared",
                    component: reference.component))
        }
        notationReferences = []
        for (elementID, list) in attributeLists.sorted(by: { $0.key < $1.key }) {
            if let attribute = list.notationAttribute, let element = elements[elementID], case .empty = element.content
            {
                issues.append(
                    Issue(
                        code: .invalidDeclaration,
                        message:
                            "<\(names[Int(elementID)])> is declared EMPTY and has a NOTATION attribute, \(attribute)",
                        component: element.component))
            }
        }
        return issues
    }

    /// Why `value` is not a value of `type` (lexically, and for ENTITY types, when
    /// `checkingEntities` is given, an unparsed entity), or `nil` when it is.
    static func problem(
        with value: String, of type: DTDAttributeType, allowed: Set<CodePointString>? = nil,
        checkingEntities entities: Set<CodePointString>?
    )
        -> String?
    {
        switch type {
        case .cdata:
            return nil
        case .id, .idref:
            return DTDTokens.isName(value) ? nil : "is not a name"
        case .entity:
            guard DTDTokens.isName(value) else { return "is not a name" }
            if let entities, !entities.contains(CodePointString(value)) { return "is not an unparsed entity" }
            return nil
        case .idrefs, .entities:
            guard let names = DTDTokens.list(value), names.allSatisfy(DTDTokens.isName) else {
                return "is not a list of names"
            }
            if type == .entities, let entities,
                let missing = names.first(where: { !entities.contains(CodePointString($0)) })
            {
                return "names \(missing), which is not an unparsed entity"
            }
            return nil
        case .nmtoken:
            return DTDTokens.isNmtoken(value) ? nil : "is not a name token"
        case .nmtokens:
            guard let tokens = DTDTokens.list(value), tokens.allSatisfy(DTDTokens.isNmtoken) else {
                return "is not a list of name tokens"
            }
            return nil
        case .notation(let names), .enumeration(let names):
            // A set when the caller has one (a value per element, against any number of
            // tokens); the list, once, for a default.
            let listed = allowed.map { $0.contains(CodePointString(value)) } ?? names.contains { $0.hasSameCodePoints(as: value) }
            return listed ? nil : "is not one of \(type.description)"
        }
    }

    private static func firstDuplicate(_ tokens: [String]) -> String? {
        var seen: Set<CodePointString> = []
        return tokens.first { !seen.insert(CodePointString($0)).inserted }
    }
}
