internal import XMLSyntax
import XMLStreaming

/// What ``XMLSchemaValidator`` checks, apart from the handler behind it: every rule of an
/// instance against a compiled schema, and the state of one document.
///
/// Not generic: the validator's type parameter is the handler it passes events to, and
/// code generic over it would look up the validator's type metadata at run time on every
/// call that names `Self`, once per element and attribute.
struct XSDInstanceChecker {
    /// The schema's components, held here so that each use is not a copy out of the class.
    let model: XSDModel
    let options: XMLValidationOptions
    var found: XMLValidationErrors

    var locator = XMLLocator.detached
    var stack: [XSDElementFrame] = []
    /// The text of the open element at each depth whose frame ``XSDElementFrame/keepsText``:
    /// kept from element to element, so that their memory is reused.
    var texts: [String] = []
    /// The identity-constraint fields the open element at each depth gives at its end
    /// (tuple, field); used only when the schema has identity constraints.
    var fieldTargets: [[(tuple: Int, field: Int)]] = []
    /// Where the children of the open element at each depth have got to in its content
    /// model (for frames with `hasMatcher`): kept from element to element, so that their
    /// memory is reused rather than made per element.
    var matchers: [XSDContentMatcher] = []
    /// The document's cache of each greedy content model met, by the model's index (grown
    /// when a matcher is started on a model): children placed before in the same reading
    /// are looked up.
    var matcherCaches: [XSDContentMatcherCache] = []
    /// The frames the caches' states may still hold, across models (about 32 bytes each):
    /// memory stays bounded, at about 2 MiB, whatever the schema and document.
    var matcherCacheBudget = 65_536
    /// Each element declaration's plan, by its index, made when a tag of it is first met
    /// (``XSDInstanceChecker/enterByPlan(_:attributes:)``).
    var elementPlans: [XSDElementPlan] = []
    /// In-scope namespace bindings, for `QName` values and `xsi:type`: each prefix's stack.
    var namespaceBindings: [CodePointString: [String?]] = [:]
    /// IDs seen so far, told apart by code point.
    var ids: Set<CodePointString> = []
    /// IDREFs to IDs not seen yet: where the first reference is, and how many references
    /// were noted before it (the order they are reported in).
    var forwardReferences: [CodePointString: (position: XMLPosition, order: Int)] = [:]
    var referencesNoted = 0
    var unparsedEntities: Set<CodePointString> = []
    var inCDATA = false
    /// The distinct element and attribute names of the document, numbered by their bytes,
    /// with what each stands for, made once per name rather than once per tag.
    var nameIndex = XMLNameInterner()
    var seenNames: [XSDInstanceName] = []
    /// Guesses at names, checked by their bytes before a name is numbered the long way
    /// (``XSDInstanceChecker/elementName(_:)``), by element name (its number in
    /// ``seenNames``): the name of the element that came next after one of that name last
    /// time, among the same parent's children, and the name of the first child of an
    /// element of that name last time. -1: none yet.
    var nextSiblingGuesses: [Int32] = []
    var firstChildGuesses: [Int32] = []
    /// For each element declaration, the first ``plannedAttributes`` attributes of its last
    /// tag assessed by plan: their names' numbers (-1: none) and their uses, at
    /// `declaration * plannedAttributes + position`. A tag whose attribute has the same name
    /// at the same place takes the use without looking it up
    /// (``XSDInstanceChecker/enterByPlan(_:attributes:)``).
    var plannedAttributeNames: [Int32] = []
    var plannedAttributeUses: [XSDInstanceName.AttributeUse] = []
    /// The entries at the start of ``seenNames`` kept for the open elements when names were
    /// last numbered afresh: the interner's numbers come after them.
    var pinnedNames = 0
    /// Each seen name's namespace, apart: read for every child placed in a content model,
    /// where reading it out of ``seenNames`` would copy the whole entry and its strings.
    var seenNamespaces: [String?] = []
    /// Identity constraints: the open elements' names and namespaces, as the constraints'
    /// paths number them (``XSDIdentityPaths``, -1 for one no step names; only when the
    /// schema has any), each open constraint's scope, and the elements picked whose fields
    /// are being read.
    var openIdentityNames: [Int32] = []
    var openIdentityNamespaces: [Int32] = []
    var identityScopes: [XSDIdentityScope] = []
    var identityTuples: [XSDIdentityTuple] = []
    /// The picked elements' field values, and each as written, from each tuple's
    /// ``XSDIdentityTuple/firstField``: a value is `nil` until a node gives one, a text
    /// until the field reaches a node (one without a typed value included).
    var identityFieldValues: [XSDValue?] = []
    var identityFieldTexts: [String?] = []
    /// The current tag's attributes by name, for fields on a tag of many
    /// (``XSDInstanceChecker/take(attributesMatching:field:of:from:into:)``): made at the
    /// second of the ``identityTagLookups`` of one attribute by name on the tag.
    var identityTagAttributes: [XSDExpandedName: Int] = [:]
    var identityTagLookups = 0
    /// Whether the limit on picked elements was reported in this document.
    var identityLimitReported = false
    /// The numbers of the current start tag's attribute names, in order (kept, not made per
    /// tag: entries past its count of attributes are an earlier tag's).
    var attributeNames: [Int] = []
    /// While an attribute is checked: its number in ``seenNames``, so that an error about it
    /// is placed at it, not at its tag; -1 otherwise.
    var checkedAttribute = -1

    init(model: XSDModel, options: XMLValidationOptions) {
        self.model = model
        self.options = options
        self.found = XMLValidationErrors(options.reporting)
    }

    // MARK: Reporting

    /// Throws or keeps an error; past the maximum, counts it. Messages cost at most a list
    /// of ten names, so they are made before it is known whether there is room.
    mutating func report(
        _ code: XMLValidationError.Code, _ message: String, component: String? = nil,
        at position: XMLPosition? = nil
    ) throws {
        var position = position
        if position == nil, checkedAttribute >= 0, found.hasRoom {
            position = locator.attributePosition(named: seenNames[checkedAttribute].qualifiedName)
        }
        try found.report(code, message, component: component, at: position, locator: locator)
    }

    /// The open element's name as written, for messages.
    func name(of frame: XSDElementFrame) -> String { seenNames[Int(frame.nameNumber)].qualifiedName }

    // MARK: Events

    /// Checks every IDREF found its ID.
    mutating func endDocument() throws {
        // In the order they were written (a list's names share its position).
        for (name, reference) in forwardReferences.sorted(by: { $0.value.order < $1.value.order }) {
            try report(.unresolvedReference, "IDREF \(shortenedName(name.string)) matches no element's or attribute's ID", at: reference.position)
        }
        forwardReferences = [:]
    }

    /// Notes the binding, for `QName` values and `xsi:type`.
    mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) {
        namespaceBindings[CodePointString(prefix?.string ?? ""), default: []].append(uri.map(\.string).flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Ends the binding.
    mutating func endPrefixMapping(prefix: XMLStringView?) {
        namespaceBindings[CodePointString(prefix?.string ?? "")]?.removeLast()
    }

    /// Checks the element's content is complete and its value valid.
    mutating func endElement() throws {
        guard let depth = stack.indices.last else { return }
        // The commonest end, told from the frame in place: no value to check, and content
        // the cache knows may end here (or none to check). Fields are read where they are
        // kept: a copy of the frame, the matcher or the cache costs more than the test.
        if model.identityConstraints.isEmpty, !stack[depth].keepsText, !stack[depth].defaultUnfit,
            !stack[depth].hasMatcher || stack[depth].contentBroken || cacheKnowsContentMayEnd(at: depth)
        {
            stack.removeLast()
            return
        }
        let frame = stack.removeLast()
        let value = try finish(frame, depth: depth)
        if !model.identityConstraints.isEmpty {
            openIdentityNames.removeLast()
            openIdentityNamespaces.removeLast()
            try leaveIdentity(frame, value: value)
        }
    }

    /// Whether the document's cache of the model knows the content of the open element at
    /// `depth` may end where its matcher is (`false`: it does not know, or knows it may not:
    /// ``XSDContentMatcher/end(in:cache:)`` says). The matcher and the cache are read in
    /// place: a copy would retain their arrays. Inlined: it is asked at nearly every end tag.
    @inline(__always)
    func cacheKnowsContentMayEnd(at depth: Int) -> Bool {
        matcherCaches[matchers[depth].modelIndex].mayEnd(at: matchers[depth].cacheState) == true
    }

    /// Checks text is allowed here, and keeps it when the element's value is checked.
    mutating func characters(_ text: XMLStringView) throws {
        guard let index = stack.indices.last else { return }
        // The commonest text, checked here without the call: white space between children,
        // and the value of an element whose type takes any text.
        if stack[index].ignoresText || (stack[index].textMustBeWhitespace && text.isWhitespace) { return }
        try collect(text)
    }

    /// Notes an unparsed entity, a value `ENTITY` attributes may name.
    mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) {
        if declaration.notationName != nil, !declaration.isParameterEntity { unparsedEntities.insert(CodePointString(declaration.name)) }
    }
}
