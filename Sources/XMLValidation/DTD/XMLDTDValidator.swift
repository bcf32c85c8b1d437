import XMLStreaming
internal import XMLSyntax

/// Checks a document against its DTD while it streams, in front of another handler: every
/// event goes on to `next`, and what breaks XML 1.0's validity constraints is reported as an
/// ``XMLValidationError`` at the event that shows it.
///
/// The DTD is what the parser reports: the internal subset, and an external DTD when the
/// parser was asked to read one. Memory grows with the document's depth, plus one entry per
/// ID (for IDREFs to find) and per IDREF that comes before its ID.
///
/// ```swift
/// let parser = XMLStreamParser(handler: XMLDTDValidator(next: XMLEventCollector()))
/// try parser.parse(document)   // throws the first XMLValidationError
/// ```
///
/// With ``XMLValidationOptions/Reporting/allErrors(maximum:)``, the errors are collected in
/// ``errors`` and the parse goes on.
public struct XMLDTDValidator<Next: XMLEventHandler>: XMLEventHandler {
    /// The handler every event goes on to.
    public var next: Next
    /// How errors are reported, and the limits.
    public let options: XMLValidationOptions
    /// The errors found so far in the current (or last) document, when ``options`` collect
    /// them (in document order, DTD errors first); empty under
    /// ``XMLValidationOptions/Reporting/firstError``, which throws.
    public var errors: [XMLValidationError] { found.kept }
    /// How many errors were found beyond the ``XMLValidationOptions/Reporting/allErrors(maximum:)``
    /// kept.
    public var uncountedErrors: Int { found.uncounted }
    private var found: XMLValidationErrors

    private var locator = XMLLocator.detached
    private var rules: DTDRules
    private var doctypeName: String?
    private var sawDeclarations = false
    private var dtdFinished = false
    /// Where the last `EMPTY` element written in an entity's text around a reference was
    /// reported: at the document's reference to the entity.
    private var lastEntityTextReport: Int64?
    /// While an attribute of a start tag is checked: its name, so that an error about it is
    /// placed at it, not at its tag.
    private var checkedAttribute: String?
    /// Whether the document has no DTD at all, which was reported once.
    private var hasNoDTD = false
    /// Whether a parameter entity of the DTD was not read, which was reported once: the
    /// parser drops the attribute-list and entity declarations after such a reference, as
    /// XML 1.0 tells a processor that does not read it to, so what they would declare is not
    /// reported as undeclared.
    private var dtdIsIncomplete = false
    /// One per open element.
    private var stack: [Frame] = []
    /// `xmlns` attributes of the next start tag, which the namespace-aware parser reports as
    /// prefix mappings.
    private var pendingNamespaceAttributes: [(name: String, value: String)] = []
    private var inCDATA = false
    /// Whether the XML declaration says `standalone="yes"`: then what external markup
    /// declarations would change is an error.
    private var isStandalone = false
    /// IDs seen so far.
    private var ids: Set<CodePointString> = []
    /// IDREFs to IDs not seen yet, with the position of the first reference and the number
    /// of references noted before it (the order they are reported in).
    private var forwardReferences: [CodePointString: (name: String, position: XMLPosition, order: Int)] = [:]
    private var referencesNoted = 0

    private struct Frame {
        var elementID: Int32?
        var state: Int32 = 0
        var name: String
        /// Whether the content was reported once already (further text in the element is not).
        var reportedText = false
        /// Whether white space that only an external declaration makes ignorable was reported
        /// once already, apart from the content's own errors.
        var reportedStandaloneSpace = false
        /// Whether an unread entity made the content unknown.
        var contentUnknown = false
        /// Whether a child broke the content model: later children are not placed in it, and
        /// the element's end is not checked for a complete content.
        var contentBroken = false
        /// Where the parser's start tag event was (in the bytes it reads), when an entity's
        /// text may hold a character reference to white space: an element whose start is at
        /// the same entity reference as its text is inside that text. -1 otherwise.
        var startIndex: Int64 = -1
    }

    /// Creates a validator in front of `next`.
    public init(next: Next, options: XMLValidationOptions = XMLValidationOptions()) {
        self.next = next
        self.options = options
        self.rules = DTDRules(options: options)
        self.found = XMLValidationErrors(options.reporting)
    }

    // MARK: Reporting

    /// Throws or keeps an error; past the maximum, counts it.
    private mutating func report(
        _ code: XMLValidationError.Code, _ message: String, component: String? = nil,
        at position: XMLPosition? = nil
    ) throws {
        var position = position
        if position == nil, let checkedAttribute, found.hasRoom { position = locator.attributePosition(named: checkedAttribute) }
        try found.report(code, message, component: component, at: position, locator: locator)
    }

    /// Whether the next error is thrown or kept, not only counted: a message listing what a
    /// model allows costs as much as the model, so it is made only then.
    private var hasRoom: Bool { found.hasRoom }

    private mutating func report(_ issue: DTDRules.Issue) throws {
        try report(issue.code, issue.message, component: issue.component)
    }

    /// `FILE:LINE` of the current declaration. Only the line: expat reports a declaration
    /// once it has read it whole, with the position of its last token, not of its `<!`.
    private var here: String { "\(locator.fileName ?? "<input>"):\(locator.position.line)" }

    // MARK: The DTD

    /// Starts afresh (a parser that is reused validates each document against its own DTD),
    /// keeps the locator, for positions, and passes the event on.
    public mutating func startDocument(_ locator: XMLLocator) throws {
        self = XMLDTDValidator(next: next, options: options)
        self.locator = locator
        try next.startDocument(locator)
    }

    /// Notes whether the document says it is standalone, and passes the declaration on.
    public mutating func xmlDeclaration(_ declaration: XMLDeclaration) throws {
        isStandalone = declaration.standalone == true
        try next.xmlDeclaration(declaration)
    }

    /// Notes the root element the DOCTYPE names, and passes the event on.
    public mutating func startDoctype(_ doctype: XMLDoctype) throws {
        doctypeName = doctype.name
        try next.startDoctype(doctype)
    }

    /// Checks what only the whole DTD can tell (notations named but not declared), then passes the event on.
    public mutating func endDoctype() throws {
        try finishDTD()
        try next.endDoctype()
    }

    /// Compiles the element's content model, checking it is deterministic, declared once and
    /// properly nested in the parameter entities it references, and passes the declaration on.
    public mutating func elementDeclaration(_ declaration: XMLElementDeclaration) throws {
        sawDeclarations = true
        if let issue = rules.declare(declaration, at: here, isExternal: locator.isExternalDeclaration) {
            try report(issue)
        }
        if let written = locator.writtenElementDeclaration(),
            let issue = rules.nesting(of: declaration, written: written, at: here)
        {
            try report(issue)
        }
        try next.elementDeclaration(declaration)
    }

    /// Adds the attribute to its element's list (the first declaration of an attribute binds), checking its type and default, and passes the declaration on.
    public mutating func attributeDeclaration(_ declaration: XMLAttributeDeclaration) throws {
        sawDeclarations = true
        for issue in rules.declare(declaration, at: here, isExternal: locator.isExternalDeclaration) {
            try report(issue)
        }
        try next.attributeDeclaration(declaration)
    }

    /// Notes unparsed entities (what ENTITY attributes name) and external ones, and passes the declaration on.
    public mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) throws {
        rules.declare(declaration, at: here)
        try next.entityDeclaration(declaration)
    }

    /// Notes the notation, checking it is declared once, and passes the declaration on.
    public mutating func notationDeclaration(_ notation: XMLNotation) throws {
        sawDeclarations = true
        if let issue = rules.declare(notation, at: here) { try report(issue) }
        try next.notationDeclaration(notation)
    }

    /// Reports, once, that declarations may be missing from the DTD.
    private mutating func noteIncompleteDTD(_ message: String) throws {
        guard !dtdIsIncomplete else { return }
        dtdIsIncomplete = true
        try report(.incompleteDTD, message)
    }

    private mutating func finishDTD() throws {
        guard !dtdFinished else { return }
        dtdFinished = true
        for issue in locator.writtenDTDIssues {
            let message: String
            var component: String?
            switch issue.problem {
            case .splitSection(let problem):
                message = "the conditional section begun here is split across a parameter entity: \(problem), its <![ is not "
                    + "(Proper Conditional Section/PE Nesting)"
            case .declarationEndsInEntity(let declaration, let entity, let start):
                message = "the declaration \(declaration) begins in the DTD's own text, but its > is in the text of parameter "
                    + "entity %\(entity);: a declaration must begin and end in the same entity's text (Proper Declaration/PE Nesting)"
                component = "\(declaration) at \(issue.fileName):\(start.line)"
            }
            try found.report(.invalidDeclaration, message, component: component, at: issue.position, locator: locator, fileName: issue.fileName)
        }
        for issue in rules.finish() { try report(issue) }
    }

    // MARK: Elements

    /// Keeps the mapping as the `xmlns` attribute it was written as, to check it with the next start tag's attributes, and passes the event on.
    public mutating func startPrefixMapping(prefix: XMLStringView?, uri: XMLStringView?) throws {
        pendingNamespaceAttributes.append((prefix.map { "xmlns:\($0.string)" } ?? "xmlns", uri?.string ?? ""))
        try next.startPrefixMapping(prefix: prefix, uri: uri)
    }

    /// Passes the event on.
    public mutating func endPrefixMapping(prefix: XMLStringView?) throws {
        try next.endPrefixMapping(prefix: prefix)
    }

    /// Checks the element is declared and allowed here by its parent's content model, and its attributes, then passes the event on.
    public mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        let qualifiedName = name.qualifiedName
        if stack.isEmpty {
            try finishDTD()
            try checkRoot(qualifiedName)
        }
        guard !hasNoDTD else {
            pendingNamespaceAttributes.removeAll(keepingCapacity: true)
            stack.append(Frame(elementID: nil, name: qualifiedName))
            return try next.startElement(name, attributes: attributes)
        }
        let elementID = rules.existingID(of: qualifiedName)
        try checkPlace(of: qualifiedName, elementID: elementID)
        let element = elementID.flatMap { rules.elements[$0] }
        if element == nil, !dtdIsIncomplete, !stack.isEmpty || doctypeName != nil || sawDeclarations {
            try report(.undeclaredElement, "element <\(qualifiedName)> is not declared")
        }
        if element != nil || !pendingNamespaceAttributes.isEmpty || !attributes.isEmpty {
            try checkAttributes(attributes, of: qualifiedName, elementID: elementID, declared: element != nil)
        }
        pendingNamespaceAttributes.removeAll(keepingCapacity: true)
        stack.append(
            Frame(
                elementID: element == nil ? nil : elementID, name: qualifiedName,
                startIndex: rules.hasWhitespaceReferenceTexts ? locator.eventIndex : -1))
        try next.startElement(name, attributes: attributes)
    }

    /// Checks the element's content model is complete, and passes the event on.
    public mutating func endElement(_ name: XMLName) throws {
        // EMPTY allows not even a reference to an entity whose text is empty (VC: Element
        // Valid), which no other event shows.
        // Written in an entity's text, the end tag is positioned at the document's reference
        // to that entity, and what it wrote is in its declaration.
        if let index = stack.indices.last, !stack[index].contentUnknown, !stack[index].reportedText,
            let element = stack[index].elementID.flatMap({ rules.elements[$0] }), case .empty = element.content
        {
            if let entity = locator.entityReferenceAtEvent {
                // Once per reference: its text may write the element more than once, and the
                // events do not tell which of them this is.
                let at = locator.position.byteOffset
                if at != lastEntityTextReport, rules.writesReferenceInside(stack[index].name, entity: entity) {
                    lastEntityTextReport = at
                    try reportContent(
                        index, "element <\(stack[index].name)> is declared EMPTY; found an entity reference", component: element.component)
                }
            } else {
                try reportEmptyContent(index, found: nil, component: element.component)
            }
        }
        if let frame = stack.popLast(), !frame.contentUnknown, !frame.contentBroken,
            let element = frame.elementID.flatMap({ rules.elements[$0] }),
            case .children(let automaton) = element.content, !automaton.accepting[Int(frame.state)]
        {
            try report(
                .incompleteContent,
                "element <\(frame.name)> ends before its content is complete; expected \(expected(automaton, frame.state, in: frame.name))",
                component: element.component)
        }
        try next.endElement(name)
    }

    /// Checks every IDREF found an ID, then passes the event on.
    public mutating func endDocument() throws {
        // In the order they were written (an IDREFS value's names share its position).
        for reference in forwardReferences.values.sorted(by: { $0.order < $1.order }) {
            try report(.unresolvedReference, "IDREF \(shortenedName(reference.name)) matches no element's ID", at: reference.position)
        }
        forwardReferences = [:]
        try next.endDocument()
    }

    /// The document needs a DTD, and its root the name its `<!DOCTYPE>` gives.
    private mutating func checkRoot(_ qualifiedName: String) throws {
        if let doctypeName {
            if !doctypeName.hasSameCodePoints(as: qualifiedName) {
                try report(
                    .wrongRootElement, "the root element is <\(qualifiedName)>, but the DOCTYPE names <\(doctypeName)>")
            }
        } else if !sawDeclarations {
            // Once: with nothing declared, every element would be an error of its own.
            hasNoDTD = true
            try report(.noDTD, "the document has no DTD to be valid against: it has no <!DOCTYPE>, and no DTD given to the parser declares anything")
        }
    }

    /// Whether the open element's content model allows a child of this name here.
    private mutating func checkPlace(of qualifiedName: String, elementID: Int32?) throws {
        guard let index = stack.indices.last, !stack[index].contentUnknown, let parentID = stack[index].elementID,
            let parent = rules.elements[parentID]
        else { return }
        switch parent.content {
        case .any:
            return
        case .empty:
            try reportEmptyContent(index, found: "<\(qualifiedName)>", component: parent.component)
        case .mixed(let allowed):
            if elementID.map(allowed.contains) != true {
                try report(
                    .unexpectedElement, "element <\(qualifiedName)> is not allowed in <\(stack[index].name)>",
                    component: parent.component)
            }
        case .children(let automaton):
            if stack[index].contentBroken { return }
            if let elementID, let next = automaton.next(from: stack[index].state, on: elementID) {
                stack[index].state = next
            } else {
                // One error for the element, as the schema validator makes it: where its
                // children stop following the model, later ones would each be reported for
                // this one (a missing child). Each is still checked against its own declaration.
                stack[index].contentBroken = true
                try report(
                    .unexpectedElement,
                    "element <\(qualifiedName)> not expected here in <\(stack[index].name)>; expected \(expected(automaton, stack[index].state, in: stack[index].name))",
                    component: parent.component)
            }
        }
    }

    /// `<a>, <b> or the end of <parent>`; empty when the error will only be counted.
    private func expected(_ automaton: DTDContentAutomaton, _ state: Int32, in parent: String) -> String {
        guard hasRoom else { return "" }
        var names = automaton.expectedNames(in: state).map { "<\(rules.names[Int($0)])>" }.sorted()
        if names.count > 8 { names = Array(names.prefix(8)) + ["\(names.count - 8) more"] }
        if automaton.accepting[Int(state)] { names.append("the end of <\(parent)>") }
        if names.isEmpty { return "nothing" }
        return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    // MARK: Attributes

    private mutating func checkAttributes(
        _ attributes: XMLAttributes, of element: String, elementID: Int32?, declared: Bool
    )
        throws
    {
        let list = elementID.flatMap { rules.attributeLists[$0] }
        // The names written, only for an element with #REQUIRED attributes to look for.
        let tracksPresence = list?.required.isEmpty == false
        var present: Set<CodePointString> = []
        // What a standalone document's external declarations must not change is checked
        // against the tag as written, read once.
        let checksStandalone = isStandalone && list?.hasExternalDeclarations == true
        let written = checksStandalone ? locator.writtenAttributeValues() : nil
        defer { checkedAttribute = nil }
        // Each attribute placed at itself in the tag: a namespace declaration's as any other.
        func checkOne(_ name: String, _ value: String, isSpecified: Bool) throws {
            checkedAttribute = name
            try check(name, value, isSpecified: isSpecified, in: list, element: element, declared: declared)
            if checksStandalone, let rule = list?.attributes[CodePointString(name)], rule.isExternal {
                try checkStandalone(rule, value: value, isSpecified: isSpecified, written: written?[name], element: element)
            }
            if tracksPresence { present.insert(CodePointString(name)) }
        }
        if pendingNamespaceAttributes.isEmpty {
            for attribute in attributes {
                try checkOne(attribute.name.qualifiedName, attribute.value.string, isSpecified: attribute.isSpecified)
            }
        } else {
            // The namespace-aware parser reports the tag's `xmlns` attributes apart, before
            // it: all are checked in the order the tag writes them, so that errors come in
            // document order, then the defaults.
            var all: [(name: String, value: String, isSpecified: Bool)] = pendingNamespaceAttributes.map {
                // A prefix mapping does not say whether its attribute was written or is a
                // default: the tag does.
                ($0.name, $0.value, written.map { [name = $0.name] in $0[name] != nil } ?? true)
            }
            all += attributes.map { ($0.name.qualifiedName, $0.value.string, $0.isSpecified) }
            let offsets = all.map { locator.attributePosition(named: $0.name)?.byteOffset ?? .max }
            for index in all.indices.sorted(by: { (offsets[$0], $0) < (offsets[$1], $1) }) {
                try checkOne(all[index].name, all[index].value, isSpecified: all[index].isSpecified)
            }
        }
        checkedAttribute = nil
        for name in list?.required ?? [] where !present.contains(CodePointString(name)) {
            // A namespace declaration the parser does not report may well be there.
            if !locator.reportsNamespaceDeclarations, name == "xmlns" || name.hasPrefix("xmlns:") { continue }
            try report(
                .missingAttribute, "element <\(element)> needs attribute \(name) (#REQUIRED)",
                component: list?.attributes[CodePointString(name)]?.component)
        }
    }

    private mutating func check(
        _ name: String, _ value: String, isSpecified: Bool, in list: DTDRules.AttributeList?,
        element: String, declared: Bool
    ) throws {
        guard let rule = list?.attributes[CodePointString(name)] else {
            // An undeclared element was reported already; its attributes are not, one by one.
            if declared, !dtdIsIncomplete {
                try report(.undeclaredAttribute, "attribute \(name) is not declared for element <\(element)>")
            }
            return
        }
        // Unparsed entities declared after an unread parameter entity are unknown.
        let entities = dtdIsIncomplete ? nil : rules.unparsedEntities
        if let problem = DTDRules.problem(with: value, of: rule.type, allowed: rule.allowed, checkingEntities: entities) {
            try report(
                .invalidAttributeValue, "attribute \(name)=\(quotedValue(value)) of <\(element)> \(problem)",
                component: rule.component)
            return
        }
        if case .fixed(let fixed) = rule.defaultValue, isSpecified, !fixed.hasSameCodePoints(as: value) {
            try report(
                .invalidAttributeValue,
                "attribute \(name) of <\(element)> must be \(quotedValue(fixed)) (#FIXED), not \(quotedValue(value))",
                component: rule.component)
        }
        switch rule.type {
        case .id where isSpecified:
            // (A default, which an ID may not have, was reported with its declaration, not
            // again as a duplicate at every element.)
            let key = CodePointString(value)
            if !ids.insert(key).inserted {
                try report(.duplicateID, "ID \(shortenedName(value)) is already an earlier element's")
            }
            forwardReferences[key] = nil
        case .idref:
            noteReference(value)
        case .idrefs:
            for reference in DTDTokens.list(value) ?? [] { noteReference(reference) }
        default:
            break
        }
    }

    /// What an external declaration of an attribute may not change in a standalone document:
    /// its default may not be taken, and a tokenized value may not need the normalization
    /// only the declaration asks for (VC: Standalone Document Declaration).
    /// `written` is the value as the tag has it, for a tokenized type (`nil` for a tag in an
    /// entity's text, which is not checked).
    private mutating func checkStandalone(
        _ rule: DTDRules.Attribute, value: String, isSpecified: Bool, written: [UInt8]?, element: String
    ) throws {
        if !isSpecified {
            try report(
                .notStandalone,
                "attribute \(rule.name) of <\(element)> takes its default \(quotedValue(value)) from an external declaration, "
                    + "but the document says standalone=\"yes\"",
                component: rule.component)
        } else if rule.type != .cdata, let written, DTDTokens.normalizationChanges(written, entityText: rules.entityText) {
            try report(
                .notStandalone,
                "attribute \(rule.name) of <\(element)> is normalized to \(quotedValue(value)) by its type, declared externally, "
                    + "but the document says standalone=\"yes\"",
                component: rule.component)
        }
    }

    private mutating func noteReference(_ name: String) {
        let key = CodePointString(name)
        if !ids.contains(key), forwardReferences[key] == nil {
            // Where the attribute is (the tag is read for it once, whatever its references).
            forwardReferences[key] = (
                name, checkedAttribute.flatMap { locator.attributePosition(named: $0) } ?? locator.position, referencesNoted
            )
            referencesNoted += 1
        }
    }

    // MARK: Content

    /// Reports what an `EMPTY` element holds: first any entity references written right
    /// before the current event (whose text, when empty, leaves no event of its own), else
    /// `what` (`nil`: only such references).
    private mutating func reportEmptyContent(_ index: Int, found what: String?, component: String) throws {
        guard !stack[index].reportedText else { return }
        if let references = locator.entityReferencesBeforeEvent {
            try reportContent(
                index, "element <\(stack[index].name)> is declared EMPTY; found an entity reference", component: component,
                at: references)
        } else if let what {
            try reportContent(index, "element <\(stack[index].name)> is declared EMPTY; found \(what)", component: component)
        }
    }

    /// Reports content the open element's model does not allow, once per element.
    private mutating func reportContent(_ index: Int, _ message: String, component: String?, at position: XMLPosition? = nil) throws {
        guard !stack[index].reportedText else { return }
        stack[index].reportedText = true
        try report(.unexpectedContent, message, component: component, at: position)
    }

    /// Checks text, CDATA, comments and PIs against the open element's model: `EMPTY` allows
    /// none of them, element content only white space written as itself (XML 1.0's `S`),
    /// outside CDATA sections, and comments and PIs.
    /// `startsWithWhitespace`: text that begins with white space, which, cut elsewhere, would
    /// have been an event of its own.
    private mutating func checkContent(_ what: String, isWhitespace: Bool, isMarkup: Bool, startsWithWhitespace: Bool = false) throws {
        guard let index = stack.indices.last, !stack[index].contentUnknown, let elementID = stack[index].elementID,
            let element = rules.elements[elementID]
        else { return }
        switch element.content {
        case .empty:
            try reportEmptyContent(index, found: what, component: element.component)
        case .children where !isMarkup && (inCDATA || !isWhitespace):
            if !inCDATA, startsWithWhitespace {
                // Its white space first, as if the input had been cut after it.
                try checkStandaloneSpace(index, element: element)
            }
            // Text at its first character that is not white space, wherever the input was cut.
            try reportContent(
                index, "element <\(stack[index].name)> has element content; found \(what)", component: element.component,
                at: inCDATA ? nil : locator.textPositionAfterWhitespace)
        case .children
        where !isMarkup
            && (locator.isCharacterReference
                || rules.hasWhitespaceReferenceTexts && locator.eventIndex != stack[index].startIndex
                    && locator.entityReferenceAtEvent.map({ rules.writesWhitespaceReference(entity: $0) }) == true):
            // (From an entity whose text holds one outside its tags, in an element begun
            // before the reference: the entity's events are placed at the document's
            // reference to it, which is where this is reported.)
            // A reference to a space is not the space itself: it does not match S (VC: Element Valid).
            try reportContent(
                index,
                "element <\(stack[index].name)> has element content; found a character reference to white space, "
                    + "where only white space written as itself may stand",
                component: element.component)
        case .children where !isMarkup && isStandalone:
            try checkStandaloneSpace(index, element: element)
        default:
            break
        }
    }

    /// White space in element content that an external declaration makes so, in a document
    /// that says `standalone="yes"`: without the declaration, it would be the element's text.
    /// Once per element, apart from its content's errors, which it must not hide; not after
    /// text was reported in it (white space there may come in one event with the text or
    /// apart from it, as the input was cut).
    private mutating func checkStandaloneSpace(_ index: Int, element: DTDRules.Element) throws {
        guard isStandalone, element.isExternal, !stack[index].reportedStandaloneSpace, !stack[index].reportedText else { return }
        stack[index].reportedStandaloneSpace = true
        try report(
            .notStandalone,
            "element <\(stack[index].name)> has element content by an external declaration, so its white space "
                + "is not text only with that declaration; the document says standalone=\"yes\"",
            component: element.component)
    }

    /// Checks text is allowed here (only white space written as itself in element content,
    /// none in `EMPTY`), and passes it on.
    public mutating func characters(_ text: XMLStringView) throws {
        if !stack.isEmpty {
            try checkContent(
                inCDATA ? "a CDATA section" : "text", isWhitespace: text.isWhitespace, isMarkup: false,
                startsWithWhitespace: isStandalone && (text.first.map { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } ?? false))
        }
        try next.characters(text)
    }

    /// Checks a CDATA section is allowed here (not in element content or `EMPTY`), and passes the event on.
    public mutating func startCDATA() throws {
        inCDATA = true
        if !stack.isEmpty { try checkContent("a CDATA section", isWhitespace: true, isMarkup: false) }
        try next.startCDATA()
    }

    /// Passes the event on.
    public mutating func endCDATA() throws {
        inCDATA = false
        try next.endCDATA()
    }

    /// Checks a comment is allowed here (not in `EMPTY`), and passes it on.
    public mutating func comment(_ text: XMLStringView) throws {
        if !stack.isEmpty { try checkContent("a comment", isWhitespace: true, isMarkup: true) }
        try next.comment(text)
    }

    /// Checks a processing instruction is allowed here (not in `EMPTY`), and passes it on.
    public mutating func processingInstruction(target: XMLStringView, data: XMLStringView) throws {
        if !stack.isEmpty { try checkContent("a processing instruction", isWhitespace: true, isMarkup: true) }
        try next.processingInstruction(target: target, data: data)
    }

    /// Reports a reference to an undeclared entity; one declared external, whose content was
    /// not read, leaves the element's content unchecked. A parameter entity of the DTD that
    /// was not read, or not declared, makes the DTD incomplete, which is reported once.
    /// Passes the event on.
    public mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws {
        if isParameterEntity {
            let entity = name.string
            try noteIncompleteDTD(
                rules.parameterEntities.contains(CodePointString(entity))
                    ? "parameter entity %\(entity); was not read, so the attribute-list and entity declarations after it are unknown "
                        + "(the parser reads no file a DTD names, and expands parameter entities only with XMLParserOptions.externalDTD)"
                    : "parameter entity %\(entity); is not declared before its reference, so the attribute-list and entity "
                        + "declarations after it are unknown (VC: Entity Declared)")
        } else if let index = stack.indices.last {
            let entity = name.string
            if !stack[index].contentUnknown, !stack[index].reportedText,
                let element = stack[index].elementID.flatMap({ rules.elements[$0] }), case .empty = element.content
            {
                // EMPTY allows not even a reference, whatever its text (VC: Element Valid).
                try reportContent(
                    index, "element <\(stack[index].name)> is declared EMPTY; found an entity reference", component: element.component)
            }
            if rules.externalEntities.contains(CodePointString(entity)) {
                // Declared, but its content was not read: what it holds cannot be checked.
                stack[index].contentUnknown = true
            } else if dtdIsIncomplete {
                // Perhaps declared after the unread parameter entity: what it holds is unknown.
                stack[index].contentUnknown = true
            } else {
                try report(.undeclaredEntity, "entity &\(entity); is not declared")
            }
        }
        try next.skippedEntity(name: name, isParameterEntity: isParameterEntity)
    }

    /// Reports a reference to an entity the parser could not expand in an attribute value
    /// (VC: Entity Declared), then passes the event on.
    public mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) throws {
        if !dtdIsIncomplete {
            // Before the root element, the reference is in an attribute's default value.
            try report(
                .undeclaredEntity,
                dtdFinished
                    ? "entity &\(name.string); in attribute \(attribute.qualifiedName) is not declared"
                    : "entity &\(name.string); in the default value of attribute \(attribute.qualifiedName) is not declared "
                        + "before it (VC: Entity Declared)",
                at: position)
        }
        try next.skippedAttributeEntity(name: name, attribute: attribute, position: position)
    }

    /// Passes the repair on.
    public mutating func repaired(_ repair: XMLRepair) throws {
        try next.repaired(repair)
    }
}
