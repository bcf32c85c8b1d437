internal import XMLSyntax

import XMLStreaming

/// Turns schema documents into an ``XSDModel``: indexes the global components of every
/// document by name, then compiles each, resolving references as it meets them (a
/// component is compiled once, whatever refers to it).
struct XSDSchemaCompiler {
    /// The deepest a schema document may nest elements: compiling recurses into anonymous
    /// types and groups, so a deeper one is refused before it can exhaust the stack.
    static let maximumNesting = 256

    /// This thread's stack, which compiling uses up as it follows references from one
    /// component to another (a type's base or member types, an element's type and that
    /// type's elements, a group, an attribute group, a substitution-group head) and nested
    /// anonymous ones (``checkStack(at:)``).
    let stack = StackSpace()

    /// Refuses to go deeper while the stack is nearly used up, before a chain of references
    /// (`T2` restricts `T1`, which restricts `T0`, thousands deep) can exhaust it.
    func checkStack(at node: SchemaNode?) throws(XSDSchemaError) {
        guard !stack.isLow else {
            throw XSDSchemaError(
                "components reference one another (bases, member types, groups, attribute groups, elements' types, "
                    + "substitution-group heads), or nest, deeper here than this thread's stack allows",
                at: node, code: .unreadableSchema)
        }
    }

    /// The work the schema's content models have taken so far: their particles, and the
    /// checks of their Unique Particle Attribution.
    var contentModelWork = 0
    /// How many times one content model's work all of a schema's may take together.
    static let schemaWorkFactor = 10

    let documents: [XSDSchemaDocument]
    let options: XMLSchema.Options
    var model = XSDModel()

    /// The global components' elements, by symbol space and name, with their document.
    struct Global {
        let node: SchemaNode
        let document: Int
    }
    var globalElementNodes: [XSDExpandedName: Global] = [:]
    var globalAttributeNodes: [XSDExpandedName: Global] = [:]
    var typeNodes: [XSDExpandedName: Global] = [:]
    var groupNodes: [XSDExpandedName: Global] = [:]
    var attributeGroupNodes: [XSDExpandedName: Global] = [:]
    var notations: Set<XSDExpandedName> = []

    /// Components compiled so far, and those being compiled (to find cycles).
    var compiledTypes: [XSDExpandedName: XSDTypeReference] = [:]
    var typesInProgress: Set<XSDExpandedName> = []
    /// Complex types whose content and attributes are done (a type may be referred to
    /// while it is compiled, by an element in its own content, but not derived from).
    var finishedComplexTypes: Set<Int> = []
    /// Element declarations whose type derives from a complex type still being compiled
    /// (`M` holding an element of a type extending `M`), or is complex and not compiled yet
    /// inside a named group being compiled (which its content may reference again): their types are
    /// compiled once the global components are (``resolveDeferredElementTypes()``).
    var deferredElementTypes: [(index: Int, node: SchemaNode, name: XSDExpandedName)] = []
    var compiledElements: [XSDExpandedName: Int] = [:]
    var compiledAttributes: [XSDExpandedName: Int] = [:]
    var groupsInProgress: Set<XSDExpandedName> = []
    var attributeGroupsInProgress: Set<XSDExpandedName> = []
    /// Each attribute group compiled so far (``attributeGroup(named:at:)``).
    var compiledAttributeGroups: [XSDExpandedName: (set: AttributeSet, sortedUses: [(XSDExpandedName, XSDAttributeUse)])] = [:]
    var builtinTypeIndex: [XSDBuiltinType: Int] = [:]
    /// Each complex type's particle, for the types that extend it.
    var particles: [Int: XSDParticle] = [:]
    /// Where each complex type's attribute uses were declared (``AttributeSet/origins``), for
    /// the types derived from it.
    var attributeOrigins: [Int: [XSDExpandedName: ObjectIdentifier]] = [:]
    /// Each model group's term, compiled once for every reference to it.
    var groupTerms: [XSDExpandedName: XSDParticle.Term?] = [:]
    /// References, inside a redefinition, to the component it redefines: by the referring
    /// node, the name and the name the original is kept under.
    var redefinedReferences: [ObjectIdentifier: (name: XSDExpandedName, original: XSDExpandedName)] = [:]
    /// Attribute groups redefined without a reference to themselves: checked as
    /// restrictions of the originals.
    var redefinedAttributeGroups: [(name: XSDExpandedName, original: XSDExpandedName, node: SchemaNode)] = []
    /// Model groups redefined without a reference to themselves: checked as restrictions of
    /// the originals.
    var redefinedGroups: [(name: XSDExpandedName, original: XSDExpandedName, node: SchemaNode)] = []
    /// Content models to build once every declaration is known.
    var pendingContentModels: [PendingContentModel] = []
    /// Complex-content restrictions whose particles are checked against their bases' once
    /// every declaration is known.
    var pendingRestrictions: [PendingRestriction] = []
    /// Complex types whose content is anyType's own (an extension of it, or of such a type,
    /// that adds no particle or an empty group): a restriction may process its wildcard more
    /// weakly (NSSubset 3).
    var typesWithAnyTypeContent: Set<Int> = []
    /// Each substitution group member's head, and whether the member gave its own type.
    var substitutionHeads: [Int: (head: Int, node: SchemaNode, hasOwnType: Bool)] = [:]
    /// Each head's direct members, and the members each head placed so far may stand for
    /// (``substitutes(of:)``).
    var directMembers: [Int: [Int]] = [:]
    var substitutes: [Int: [Int]] = [:]
    /// The identity constraints compiled so far, by name (one symbol space for all three
    /// kinds), and the keyrefs whose `refer` is resolved once all are known.
    var identityConstraintNames: [XSDExpandedName: Int] = [:]
    var pendingReferences: [(constraint: Int, refer: XSDExpandedName, node: SchemaNode)] = []
    /// How many members the content models have taken in place of their heads so far.
    var substitutionWork = 0
    /// Each element declaration's `final` (its {substitution group exclusions}).
    var elementFinals: [Int: Set<XSDDerivation>] = [:]
    /// Which document each schema element is in.
    var nodeDocuments: [ObjectIdentifier: Int] = [:]
    /// The `id`s of XML Schema's elements in each document: IDs, unique in their document.
    var schemaIDs: [Int: Set<CodePointString>] = [:]

    /// Imports whose document could not be read, by namespace: why, at the import.
    let unreadImports: [String?: XSDSchemaError]
    /// Includes (and redefines of nothing) whose document could not be read, with the
    /// namespace they read into (``XSDSchemaLoader/unreadIncludes``).
    let unreadIncludes: [XSDUnreadInclude]
    /// The namespaces each document's `<xs:import>`s name (`nil`: no namespace), which its
    /// references may be in (src-resolve.4.2).
    let importedNamespaces: [Set<String?>]
    /// Whether the XML namespace's attributes are the built-in ones: no document of the
    /// schema declares that namespace.
    private(set) var xmlAttributesBuiltIn = false
    /// Where each notation is first declared.
    var notationNodes: [XSDExpandedName: SchemaNode] = [:]

    init(
        documents: [XSDSchemaDocument], options: XMLSchema.Options, unreadImports: [String?: XSDSchemaError] = [:],
        unreadIncludes: [XSDUnreadInclude] = []
    ) {
        self.documents = documents
        self.options = options
        self.unreadIncludes = unreadIncludes
        // A namespace another import read is not unread.
        let read = Set(documents.map(\.targetNamespace))
        self.unreadImports = unreadImports.filter { !read.contains($0.key) }
        importedNamespaces = documents.map { document in
            Set(document.root.components.filter { $0.isXSD("import") }.map { $0.attributes["namespace"] })
        }
    }

    mutating func compile() throws(XSDSchemaError) -> XSDModel {
        model.files = documents.map(\.root.file)
        try index()
        if !documents.contains(where: { $0.targetNamespace == SchemaNode.xmlNamespace }) {
            addXMLNamespaceAttributes()
            xmlAttributesBuiltIn = true
        }
        for builtin in XSDBuiltinType.allCases { model.builtinTypes[builtin] = simpleType(for: builtin) }
        for name in globalElementNodes.keys.sortedByDescription() {
            model.globalElements[name] = try element(named: name, at: nil)
        }
        for name in typeNodes.keys.sortedByDescription() {
            model.globalTypes[name] = try type(named: name, at: nil)
        }
        for name in globalAttributeNodes.keys.sortedByDescription() {
            _ = try globalAttribute(named: name, at: nil)
        }
        for name in groupNodes.keys.sortedByDescription() {
            let global = groupNodes[name]!
            // A group no type uses is still checked.
            _ = try groupParticle(named: name, minimum: 1, maximum: 1, at: global.node)
        }
        for name in attributeGroupNodes.keys.sortedByDescription() {
            let global = attributeGroupNodes[name]!
            // So is an attribute group.
            _ = try attributeGroup(named: name, at: global.node)
        }
        try resolveDeferredElementTypes()
        try resolveSubstitutionGroups()
        try buildContentModels()
        try checkParticleRestrictions()
        try resolveKeyReferences()
        try checkRedefinedAttributeGroups()
        model.textChecks = model.simpleTypes.map { $0.textCheck ?? .acceptingNothing }
        for index in model.complexTypes.indices {
            model.complexTypes[index].idAttribute = model.complexTypes[index].attributes.values
                .first { model.simpleTypes[$0.type].builtin.isDerived(from: .ID) }?.name
        }
        return model
    }

    /// Every document's top-level components, by symbol space; a name twice in one space is
    /// an error.
    mutating func index() throws(XSDSchemaError) {
        for (k, document) in documents.enumerated() {
            for node in document.root.components {
                let space: WritableKeyPath<XSDSchemaCompiler, [XSDExpandedName: Global]>
                switch node.localName {
                case "element": space = \.globalElementNodes
                case "attribute": space = \.globalAttributeNodes
                case "simpleType", "complexType": space = \.typeNodes
                case "group": space = \.groupNodes
                case "attributeGroup": space = \.attributeGroupNodes
                case "notation":
                    guard let name = node.attributes["name"] else { throw XSDSchemaError("<xs:notation> needs a name", at: node) }
                    // Each identifier is optional if the other is present (Structures 3.12.1).
                    guard node.attributes["public"] != nil || node.attributes["system"] != nil else {
                        throw XSDSchemaError("<xs:notation> needs public or system, or both (Structures 3.12.1)", at: node)
                    }
                    let notation = XSDExpandedName(namespace: document.targetNamespace, localName: name)
                    // Notations have a symbol space of their own (sch-props-correct.2).
                    if let earlier = notationNodes[notation] {
                        throw XSDSchemaError("\(notation) is declared twice (notation here, and at \(earlier.location))", at: node)
                    }
                    notationNodes[notation] = node
                    notations.insert(notation)
                    continue
                case "include", "import", "redefine":
                    continue
                default:
                    throw XSDSchemaError("<xs:\(node.localName)> is not allowed at the top of a schema", at: node)
                }
                guard let local = node.attributes["name"], XMLNameValidation.isValid(local, allowingColon: false) else {
                    throw XSDSchemaError("a top-level <xs:\(node.localName)> needs a name that is an NCName", at: node)
                }
                let name = XSDExpandedName(namespace: document.targetNamespace, localName: local)
                if let earlier = self[keyPath: space][name] {
                    throw XSDSchemaError(
                        "\(name) is declared twice (\(node.localName) here, and at \(earlier.node.location))", at: node)
                }
                self[keyPath: space][name] = Global(node: node, document: k)
            }
        }
        for (k, document) in documents.enumerated() {
            try record(document.root, in: k, depth: 0)
        }
        try indexRedefinitions()
    }

    /// Notes each element's document (the parser's depth limit keeps this recursion short),
    /// and checks each element of XML Schema's own against the schema for schemas: a name it
    /// defines, and only the attributes it gives that element (others in a foreign namespace
    /// are free), outside `appinfo` and `documentation`, whose content is anything.
    private mutating func record(
        _ node: SchemaNode, in document: Int, depth: Int, checked: Bool = true, topLevel: Bool = false, parent: String? = nil
    ) throws(XSDSchemaError) {
        guard depth <= Self.maximumNesting else {
            throw XSDSchemaError("the schema nests elements deeper than \(Self.maximumNesting)", at: node)
        }
        nodeDocuments[ObjectIdentifier(node)] = document
        var checksChildren = checked
        if checked, node.namespace == SchemaNode.xsdNamespace {
            guard let allowed = Self.schemaAttributes[node.localName] else {
                throw XSDSchemaError("<xs:\(node.localName)> is not an element of XML Schema", at: node)
            }
            // The first wrong one in name order, whatever the order written.
            let isAllowed = { (name: String) in name.hasPrefix("{") ? !name.hasPrefix(Self.xsdAttributePrefix) : allowed.contains(name) || name == "id" }
            if let wrong = node.attributes.keys.filter({ !isAllowed($0) }).min() {
                if wrong.hasPrefix("{") {
                    throw XSDSchemaError("<xs:\(node.localName)> cannot have an attribute in XML Schema's namespace, \(wrong)", at: node)
                }
                throw XSDSchemaError("<xs:\(node.localName)> has no attribute \(wrong) (the schema for schemas)", at: node)
            }
            try checkForm(of: node, atTop: topLevel || parent == "redefine")
            // `fixed` is a boolean on a facet (which has `value`), a value on a declaration.
            for name in Self.booleanAttributes where name != "fixed" || allowed.contains("value") {
                if let value = node.attributes[name], !["true", "false", "1", "0"].contains(XSDWhiteSpace.collapse.normalize(value)) {
                    throw XSDSchemaError("\(name) must be true or false, not \"\(value)\"", at: node)
                }
            }
            try checkEnumeratedAttributes(of: node)
            try checkChildren(of: node, parent: parent)
            checksChildren = node.localName != "appinfo" && node.localName != "documentation"
            if checksChildren, let (text, position) = node.strayText {
                let shown = XSDWhiteSpace.collapse.normalize(text)
                throw XSDSchemaError(
                    message: "<xs:\(node.localName)> cannot hold text (\"\(shown.count > 40 ? shown.prefix(40) + "…" : shown)\"): only "
                        + "<xs:appinfo> and <xs:documentation> may (the schema for schemas)", position: position, file: node.file,
                    code: .invalidSchema)
            }
            if let id = node.attributes["id"], !schemaIDs[document, default: []].insert(CodePointString(id)).inserted {
                throw XSDSchemaError("id \"\(id)\" is already that of another element of this schema document (an ID, in the schema for schemas)", at: node)
            }
            if let language = node.attributes[Self.xmlLang], !language.isEmpty,
                (try? model.simpleTypes[simpleType(for: .language)].validateInstance(language, namespaces: { _ in nil })) == nil
            {
                throw XSDSchemaError("xml:lang must be a language tag (as en or de-CH) or empty, not \"\(language)\"", at: node)
            }
            // One annotation at most, before everything else (but the schema and a redefine
            // may have any number, anywhere among their components).
            if checksChildren, node.localName != "schema", node.localName != "redefine" {
                let annotations = node.children.indices.filter { node.children[$0].isXSD("annotation") }
                if annotations.count > 1 || annotations.first.map({ $0 != 0 }) == true {
                    throw XSDSchemaError(
                        "<xs:\(node.localName)> may have one <xs:annotation>, and only as its first child (the schema for schemas)",
                        at: node.children[annotations.count > 1 ? annotations[1] : annotations[0]])
                }
            }
        }
        let isSchema = node.namespace == SchemaNode.xsdNamespace && node.localName == "schema"
        for child in node.children {
            try record(child, in: document, depth: depth + 1, checked: checksChildren, topLevel: isSchema, parent: node.localName)
        }
    }

    /// `xml:lang` as a schema node's attributes name it, and the start of a name in XML
    /// Schema's own namespace (which no attribute of its elements may have).
    private static let xmlLang = "{\(SchemaNode.xmlNamespace)}lang"
    private static let xsdAttributePrefix = "{\(SchemaNode.xsdNamespace)}"

    /// The schema for schemas' top-level and local forms of an element: a top-level
    /// declaration or definition (`atTop`: a child of the schema or of a redefine) is not a
    /// particle or a use, nor a reference; a local definition has no name or final of its own;
    /// a reference has no name.
    private func checkForm(of node: SchemaNode, atTop: Bool) throws(XSDSchemaError) {
        if let name = (atTop ? Self.notAtTop : Self.notInside)[node.localName]?.first(where: { node.attributes[$0] != nil }) {
            throw XSDSchemaError("a \(atTop ? "top-level" : "local") <xs:\(node.localName)> cannot have \(name)", at: node)
        }
        if node.localName == "attribute", node.attributes["ref"] != nil, node.attributes["name"] != nil {
            throw XSDSchemaError("an attribute with ref cannot have name (src-attribute.3.1)", at: node)
        }
    }

    /// The attributes ``checkForm(of:atTop:)`` refuses on a top-level declaration or
    /// definition, and on a local one.
    private static let notAtTop: [String: [String]] = [
        "element": ["ref", "form", "minOccurs", "maxOccurs"], "attribute": ["ref", "form", "use"],
        "group": ["ref", "minOccurs", "maxOccurs"], "attributeGroup": ["ref"],
    ]
    private static let notInside: [String: [String]] = [
        "simpleType": ["name", "final"], "complexType": ["name", "abstract", "block", "final"], "group": ["name"],
        "attributeGroup": ["name"],
    ]
    /// The attributes of XML Schema's elements whose values are booleans (`fixed` on a facet).
    private static let booleanAttributes = ["abstract", "nillable", "mixed", "fixed"]
    /// The defaults of a schema element, and the derivations each may name.
    private static let derivationDefaults: [(String, Set<XSDDerivation>)] = [
        ("finalDefault", [.extension_, .restriction, .list, .union]), ("blockDefault", [.extension_, .restriction, .substitution]),
    ]

    /// The values the schema for schemas allows a form, a document's defaults and an `id`,
    /// checked where they are written: a default no component reads would otherwise pass.
    private func checkEnumeratedAttributes(of node: SchemaNode) throws(XSDSchemaError) {
        for name in ["form", "elementFormDefault", "attributeFormDefault"] {
            if let value = node.attributes[name], value != "qualified", value != "unqualified" {
                throw XSDSchemaError("\(name) must be qualified or unqualified, not \"\(value)\"", at: node)
            }
        }
        for (name, allowed) in Self.derivationDefaults where node.localName == "schema" {
            if let value = node.attributes[name], XSDDerivation.set(value, allowed: allowed) == nil {
                throw XSDSchemaError(
                    "\(name) must be #all or a list of " + allowed.map(\.rawValue).sorted().joined(separator: ", ") + ", not \"\(value)\"",
                    at: node)
            }
        }
        if let id = node.attributes["id"], !XMLNameValidation.isValid(id, allowingColon: false) {
            throw XSDSchemaError("id must be an NCName, not \"\(id)\"", at: node)
        }
    }

    /// The attributes the schema for schemas gives each of XML Schema's elements (`id`,
    /// which all have, aside).
    static let schemaAttributes: [String: Set<String>] = {
        let facet: Set<String> = ["fixed", "value"]
        let occurs: Set<String> = ["minOccurs", "maxOccurs"]
        var table: [String: Set<String>] = [
            "schema": ["attributeFormDefault", "blockDefault", "elementFormDefault", "finalDefault", "targetNamespace", "version"],
            "annotation": [], "appinfo": ["source"], "documentation": ["source"],
            "include": ["schemaLocation"], "import": ["namespace", "schemaLocation"], "redefine": ["schemaLocation"],
            "element": ["abstract", "block", "default", "final", "fixed", "form", "name", "nillable", "ref", "substitutionGroup", "type"]
                .reduce(into: occurs) { $0.insert($1) },
            "attribute": ["default", "fixed", "form", "name", "ref", "type", "use"],
            "simpleType": ["final", "name"], "complexType": ["abstract", "block", "final", "mixed", "name"],
            "complexContent": ["mixed"], "simpleContent": [], "restriction": ["base"], "extension": ["base"],
            "group": occurs.union(["name", "ref"]), "attributeGroup": ["name", "ref"],
            "all": occurs, "choice": occurs, "sequence": occurs,
            "any": occurs.union(["namespace", "processContents"]), "anyAttribute": ["namespace", "processContents"],
            "list": ["itemType"], "union": ["memberTypes"], "notation": ["name", "public", "system"],
            "unique": ["name"], "key": ["name"], "keyref": ["name", "refer"], "selector": ["xpath"], "field": ["xpath"],
            "pattern": ["value"], "enumeration": ["value"],
        ]
        for name in ["length", "minLength", "maxLength", "whiteSpace", "maxInclusive", "maxExclusive", "minInclusive",
            "minExclusive", "totalDigits", "fractionDigits"]
        {
            table[name] = facet
        }
        return table
    }()

    /// `xml:lang`, `xml:space`, `xml:base` and `xml:id`, as the XML namespace's schema
    /// declares them, so that a schema may refer to them without reading it from the web.
    private mutating func addXMLNamespaceAttributes() {
        let xml = SchemaNode.xmlNamespace
        let language = simpleType(for: .language)
        let emptyString = XSDSimpleType.builtin(.string)
        let langType = XSDSimpleType(
            name: "xml:lang's type", variety: .union([model.simpleTypes[language], (try? emptyString.restricted(
                named: "empty string", by: [XSDFacetDeclaration(kind: .enumeration, value: "")], namespaces: { _ in .some(nil) })) ?? emptyString]),
            builtin: .anySimpleType, whiteSpace: .collapse, facets: XSDFacets())
        model.simpleTypes.append(langType)
        let space = (try? XSDSimpleType.builtin(.NCName).restricted(
            named: "xml:space's type",
            by: [XSDFacetDeclaration(kind: .enumeration, value: "default"), XSDFacetDeclaration(kind: .enumeration, value: "preserve")],
            namespaces: { _ in .some(nil) })) ?? XSDSimpleType.builtin(.NCName)
        model.simpleTypes.append(space)
        model.globalAttributes[XSDExpandedName(namespace: xml, localName: "lang")] = (model.simpleTypes.count - 2, nil, "xml:lang (built in)")
        model.globalAttributes[XSDExpandedName(namespace: xml, localName: "space")] = (model.simpleTypes.count - 1, nil, "xml:space (built in)")
        model.globalAttributes[XSDExpandedName(namespace: xml, localName: "base")] = (simpleType(for: .anyURI), nil, "xml:base (built in)")
        model.globalAttributes[XSDExpandedName(namespace: xml, localName: "id")] = (simpleType(for: .ID), nil, "xml:id (built in)")
    }

    // MARK: Names

    /// The expanded name a `QName` attribute value stands for where `node` is (its white
    /// space collapsed when the schema was read).
    func resolve(_ text: String, at node: SchemaNode) throws(XSDSchemaError) -> XSDExpandedName {
        var name: XSDExpandedName
        do {
            name = try XSDBuiltinType.expandedName(text, namespaces: node.lookup(prefix:))
        } catch {
            throw XSDSchemaError(error.message, at: node)
        }
        let document = document(of: node)
        if name.namespace == nil, document.isChameleon { name.namespace = document.targetNamespace }
        // src-resolve.4: a name in another namespace than the document's own is one its
        // <xs:schema> imports (XML Schema's own, and the XML namespace's built-in
        // attributes, need no import).
        if name.namespace != document.targetNamespace, name.namespace != SchemaNode.xsdNamespace,
            name.namespace != SchemaNode.xmlNamespace || !xmlAttributesBuiltIn,
            let index = nodeDocuments[ObjectIdentifier(node)], !importedNamespaces[index].contains(name.namespace)
        {
            let namespace = name.namespace.map { "namespace \($0)" } ?? "no namespace"
            var own = name
            own.namespace = document.targetNamespace
            // An unprefixed name where no default namespace is declared: most often one of the
            // document's own components, written without the prefix of its namespace.
            if name.namespace == nil, let target = document.targetNamespace,
                [globalElementNodes, globalAttributeNodes, typeNodes, groupNodes, attributeGroupNodes].contains(where: { $0[own] != nil })
                || identityConstraintNames[own] != nil || notations.contains(own)
            {
                throw XSDSchemaError(
                    "\(name) is in no namespace, which this schema document does not import (src-resolve.4.2); to name "
                        + "its own \(name.localName), in \(target), write it with a prefix bound to \(target)", at: node)
            }
            throw XSDSchemaError(
                "\(name) is in \(namespace), which this schema document does not import (src-resolve.4.2); "
                    + "add <xs:import" + (name.namespace.map { " namespace=\"\($0)\"" } ?? "") + "/> to it", at: node)
        }
        // In a redefinition, its own name is the component it redefines.
        if let redirect = redefinedReferences[ObjectIdentifier(node)], redirect.name == name { return redirect.original }
        return name
    }

    /// The index in the model of a built-in simple type (each added once).
    mutating func simpleType(for builtin: XSDBuiltinType) -> Int {
        if let index = builtinTypeIndex[builtin] { return index }
        model.simpleTypes.append(XSDSimpleType.builtin(builtin))
        builtinTypeIndex[builtin] = model.simpleTypes.count - 1
        return model.simpleTypes.count - 1
    }

    /// How a component is named in messages: `<xs:element name="site">` at `FILE:LINE`.
    func component(_ node: SchemaNode, _ name: String? = nil) -> String {
        let label = name ?? node.attributes["name"] ?? node.attributes["ref"]
        return "<xs:\(node.localName)\(label.map { " name=\"\($0)\"" } ?? "")> at \(node.location)"
    }

    /// A reference to a component of `kind` (`type`, `element`, …) that no document declares;
    /// when its namespace's import could not be read, says so.
    func undeclared(_ kind: String, _ name: XSDExpandedName, at node: SchemaNode?) -> XSDSchemaError {
        if let unread = unreadIncludes.first(where: { $0.namespace == name.namespace }) {
            return XSDSchemaError(
                "no \(kind) \(name) is declared: the document an <xs:\(unread.element)> reads into its "
                    + "namespace could not be read (\(unread.error.message))", at: node, code: .unreadableSchema)
        }
        guard let unread = unreadImports[name.namespace] else {
            // Imported, but no document of the namespace read: its imports name no file.
            if !documents.contains(where: { $0.targetNamespace == name.namespace }),
                importedNamespaces.contains(where: { $0.contains(name.namespace) })
            {
                return XSDSchemaError(
                    "no \(kind) \(name) is declared: no document of its namespace was read, as its <xs:import> names no "
                        + "schemaLocation (XMLSchema.Options.catalog can name one)", at: node)
            }
            return XSDSchemaError("no \(kind) \(name) is declared", at: node)
        }
        return XSDSchemaError(
            "no \(kind) \(name) is declared: the <xs:import> of its namespace was not read (\(unread.message))", at: node,
            code: .unreadableSchema)
    }

    /// Fails on a construct this version does not validate yet, rather than ignore it.
    func unsupported(_ what: String, at node: SchemaNode) -> XSDSchemaError {
        XSDSchemaError("\(what) is not supported yet", at: node, code: .unsupportedSchemaFeature)
    }

    /// A component's `final` or `block` (or its document's default), within `allowed`.
    func derivations(_ attribute: String, of node: SchemaNode, allowed: Set<XSDDerivation>) throws(XSDSchemaError) -> Set<XSDDerivation> {
        let document = document(of: node)
        let text = node.attributes[attribute] ?? (attribute == "final" ? document.finalDefault : document.blockDefault)
        if node.attributes[attribute] == nil, let text {
            // A default holds what applies to this kind of component and ignores the rest.
            return XSDDerivation.set(text, allowed: [.extension_, .restriction, .list, .union, .substitution])?
                .intersection(allowed) ?? []
        }
        guard let set = XSDDerivation.set(text, allowed: allowed) else {
            throw XSDSchemaError(
                "\(attribute) must be #all or a list of " + allowed.map(\.rawValue).sorted().joined(separator: ", ")
                    + ", not \"\(text ?? "")\"", at: node)
        }
        return set
    }

    /// `minOccurs` and `maxOccurs` of a particle (defaults 1).
    func occurrences(of node: SchemaNode) throws(XSDSchemaError) -> (minimum: Int, maximum: Int?) {
        func count(_ name: String) throws(XSDSchemaError) -> XSDDecimal? {
            guard let text = node.attributes[name] else { return XSDDecimal(1) }
            if name == "maxOccurs", text == "unbounded" { return nil }
            guard let value = XSDDecimal(Substring(text), allowsPoint: false), !value.isNegative else {
                throw XSDSchemaError("\(name) must be a non-negative integer\(name == "maxOccurs" ? " or unbounded" : ""), not \"\(text)\"", at: node)
            }
            return value
        }
        // Nearly every count is a few digits as written, read without a decimal.
        let minimumText = node.attributes["minOccurs"] ?? "1"
        let maximumText = node.attributes["maxOccurs"] ?? "1"
        if let minimum = Self.smallCount(minimumText) {
            if maximumText == "unbounded" { return (minimum, nil) }
            if let maximum = Self.smallCount(maximumText), maximum >= minimum { return (minimum, maximum) }
        }
        guard let minimum = try count("minOccurs") else { throw XSDSchemaError("minOccurs cannot be unbounded", at: node) }
        let maximum = try count("maxOccurs")
        if let maximum, maximum < minimum {
            throw XSDSchemaError("maxOccurs \(maximum) is less than minOccurs \(minimum)", at: node)
        }
        // Past 2^62 a count is as good as unbounded for any document, and for comparing the
        // occurrence ranges of a restriction; it is exact to there.
        func clamped(_ value: XSDDecimal) -> Int { value > XSDDecimal(1 << 62) ? 1 << 62 : Int(value.description)! }
        return (clamped(minimum), maximum.map(clamped))
    }

    /// A count of one to 18 ASCII digits, nothing else around them: its value.
    static func smallCount(_ text: String) -> Int? {
        let utf8 = text.utf8
        guard (1...18).contains(utf8.count), utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return utf8.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    func document(of node: SchemaNode) -> XSDSchemaDocument {
        documents[nodeDocuments[ObjectIdentifier(node)] ?? 0]
    }
}
