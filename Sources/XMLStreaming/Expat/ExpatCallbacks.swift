internal import CExpat
internal import XMLSyntax

/// The C callbacks, installed once per parser. Each captures nothing and turns the user
/// data back into the receiver on its first line. An event with nothing to check is made
/// here and delivered; the others go to the receiver's `receive…` method with the raw
/// arguments.
enum ExpatCallbacks {
    /// Installs every event callback on `parser`.
    /// `namespaced`: the parser processes namespaces, and hears each declaration (the
    /// receiver keeps the prefixes in scope, and reports them if asked).
    static func install(on parser: XML_Parser, namespaced: Bool) {
        unsafe XML_SetElementHandler(parser, startElement, endElement)
        unsafe XML_SetCharacterDataHandler(parser, characters)
        unsafe XML_SetCdataSectionHandler(parser, startCDATA, endCDATA)
        unsafe XML_SetCommentHandler(parser, comment)
        unsafe XML_SetProcessingInstructionHandler(parser, processingInstruction)
        unsafe XML_SetXmlDeclHandler(parser, xmlDeclaration)
        unsafe XML_SetDoctypeDeclHandler(parser, startDoctype, endDoctype)
        unsafe XML_SetSkippedEntityHandler(parser, skippedEntity)
        unsafe XML_SetEntityDeclHandler(parser, entityDeclaration)
        unsafe XML_SetNotationDeclHandler(parser, notationDeclaration)
        unsafe XML_SetElementDeclHandler(parser, elementDeclaration)
        unsafe XML_SetAttlistDeclHandler(parser, attributeDeclaration)
        if namespaced { unsafe XML_SetNamespaceDeclHandler(parser, startNamespace, endNamespace) }
    }

    /// Reaches the receiver without a retain/release pair per event: the parser owns the
    /// receiver for as long as expat can call back.
    @inline(__always)
    private static func withReceiver(_ userData: UnsafeMutableRawPointer?, _ body: (ExpatReceiver) -> Void) {
        #if DEBUG
        // The views this callback hands out are valid until it returns (ViewValidity).
        ViewValidity.duringCallback { unsafe Unmanaged<ExpatReceiver>.fromOpaque(userData!)._withUnsafeGuaranteedRef(body) }
        #else
        unsafe Unmanaged<ExpatReceiver>.fromOpaque(userData!)._withUnsafeGuaranteedRef(body)
        #endif
    }

    static let startElement: XML_StartElementHandler = { userData, name, attributes in
        unsafe withReceiver(userData) { unsafe $0.receiveStartElement(name!, attributes) }
    }

    static let endElement: XML_EndElementHandler = { userData, name in
        unsafe withReceiver(userData) { unsafe $0.receiveEndElement(name!) }
    }

    static let characters: XML_CharacterDataHandler = { userData, text, length in
        unsafe withReceiver(userData) { unsafe $0.receiveCharacters(text!, length) }
    }

    static let startCDATA: XML_StartCdataSectionHandler = { userData in
        unsafe withReceiver(userData) { $0.receive(HandlerEvents.StartCDATA()) }
    }

    static let endCDATA: XML_EndCdataSectionHandler = { userData in
        unsafe withReceiver(userData) { $0.receive(HandlerEvents.EndCDATA()) }
    }

    static let comment: XML_CommentHandler = { userData, text in
        unsafe withReceiver(userData) { unsafe $0.receive(HandlerEvents.Comment(text: XMLStringView(cString: text!))) }
    }

    static let processingInstruction: XML_ProcessingInstructionHandler = { userData, target, data in
        unsafe withReceiver(userData) {
            unsafe $0.receive(
                HandlerEvents.ProcessingInstruction(
                    target: XMLStringView(cString: target!), data: data.map { unsafe XMLStringView(cString: $0) } ?? .empty))
        }
    }

    static let xmlDeclaration: XML_XmlDeclHandler = { userData, version, encoding, standalone in
        unsafe withReceiver(userData) { unsafe $0.receiveXMLDeclaration(version, encoding, standalone) }
    }

    static let startDoctype: XML_StartDoctypeDeclHandler = { userData, name, systemID, publicID, internalSubset in
        unsafe withReceiver(userData) { unsafe $0.receiveStartDoctype(name, systemID, publicID, internalSubset) }
    }

    static let endDoctype: XML_EndDoctypeDeclHandler = { userData in
        unsafe withReceiver(userData) { $0.receiveEndDoctype() }
    }

    /// Installed only while an internal subset is read without parameter-entity parsing:
    /// expat then reports a reference to a parameter entity nowhere else (it neither reads
    /// nor expands it, and drops the attribute-list and entity declarations after it), but
    /// hands its text (`%name;`, one token) to the default handler.
    static let internalSubsetDefault: XML_DefaultHandler = { userData, text, length in
        guard length > 2, let text = unsafe text, unsafe text[0] == 0x25, unsafe text[Int(length) - 1] == 0x3B else { return }
        unsafe withReceiver(userData) { unsafe $0.receiveUnreadParameterEntityReference(text + 1, length - 2) }
    }

    static let startNamespace: XML_StartNamespaceDeclHandler = { userData, prefix, uri in
        unsafe withReceiver(userData) { unsafe $0.receiveStartNamespace(prefix, uri) }
    }

    static let endNamespace: XML_EndNamespaceDeclHandler = { userData, prefix in
        unsafe withReceiver(userData) { unsafe $0.receiveEndNamespace(prefix) }
    }

    static let skippedEntity: XML_SkippedEntityHandler = { userData, name, isParameterEntity in
        unsafe withReceiver(userData) { unsafe $0.receiveSkippedEntity(name!, isParameterEntity != 0) }
    }

    static let notationDeclaration: XML_NotationDeclHandler = { userData, name, _, systemID, publicID in
        let notation = unsafe XMLNotation(
            name: String(cString: name!), publicID: publicID.map { unsafe String(cString: $0) },
            systemID: systemID.map { unsafe String(cString: $0) })
        unsafe withReceiver(userData) { $0.receive(HandlerEvents.NotationDeclaration(notation: notation)) }
    }

    static let elementDeclaration: XML_ElementDeclHandler = { userData, name, model in
        unsafe withReceiver(userData) { receiver in
            // The model is the callback's to free, with the parser's allocator.
            defer { unsafe XML_FreeContentModel(receiver.parser, model) }
            guard receiver.pendingError == nil else { return }
            receiver.elementDeclarationEvents += 1
            let name = unsafe String(cString: name!)
            guard unsafe groupDepth(of: model!) <= DTDLimits.contentModelDepth else {
                return receiver.fail(
                    receiver.limitError(
                        .depthLimitExceeded,
                        "the content model of element \(name) nests groups deeper than \(DTDLimits.contentModelDepth)",
                        at: receiver.currentPosition()))
            }
            let declaration = unsafe XMLElementDeclaration(name: name, content: content(model!.pointee))
            receiver.receive(HandlerEvents.ElementDeclaration(declaration: declaration))
        }
    }


    /// How deeply `model`'s groups nest, found without recursion.
    private static func groupDepth(of model: UnsafeMutablePointer<XML_Content>) -> Int {
        var deepest = 0
        var pending = unsafe [(model, 0)]
        while let (node, depth) = unsafe pending.popLast() {
            deepest = max(deepest, depth)
            for i in unsafe 0..<Int(node.pointee.numchildren) { unsafe pending.append((node.pointee.children + i, depth + 1)) }
        }
        return deepest
    }

    /// expat's content model as a declaration's content.
    private static func content(_ model: XML_Content) -> XMLElementDeclaration.Content {
        switch unsafe model.type {
        case XML_CTYPE_EMPTY: return .empty
        case XML_CTYPE_ANY: return .any
        case XML_CTYPE_MIXED:
            return unsafe .mixed((0..<Int(model.numchildren)).map { unsafe String(cString: model.children[$0].name) })
        default: return unsafe .children(particle(model))
        }
    }

    private static func particle(_ model: XML_Content) -> XMLElementDeclaration.Particle {
        let quantifier: XMLElementDeclaration.Particle.Quantifier
        switch unsafe model.quant {
        case XML_CQUANT_OPT: quantifier = .optional
        case XML_CQUANT_REP: quantifier = .zeroOrMore
        case XML_CQUANT_PLUS: quantifier = .oneOrMore
        default: quantifier = .one
        }
        let children = unsafe (0..<Int(model.numchildren)).map { unsafe particle(model.children[$0]) }
        switch unsafe model.type {
        case XML_CTYPE_CHOICE: return XMLElementDeclaration.Particle(.choice(children), quantifier)
        case XML_CTYPE_SEQ: return XMLElementDeclaration.Particle(.sequence(children), quantifier)
        default: return unsafe XMLElementDeclaration.Particle(.name(String(cString: model.name)), quantifier)
        }
    }

    static let attributeDeclaration: XML_AttlistDeclHandler = { userData, element, attribute, type, defaultValue, isRequired in
        let declaration = unsafe XMLAttributeDeclaration(
            elementName: String(cString: element!), attributeName: String(cString: attribute!), type: String(cString: type!),
            defaultValue: defaultValue.map { unsafe String(cString: $0) }, isRequired: isRequired != 0)
        unsafe withReceiver(userData) { receiver in
            if receiver.options.readsControlCharacterReferences, let value = declaration.defaultValue, let scalar = reservedScalar(in: value) {
                return receiver.failReserved(scalar, in: "the default value of attribute \(declaration.attributeName)")
            }
            if declaration.defaultValue != nil { unsafe receiver.receiveDefaultValueReferences(ofAttribute: attribute!, element: element!) }
            receiver.receive(HandlerEvents.AttributeDeclaration(declaration: declaration))
        }
    }

    /// The first of U+FDD0...U+FDEF in `value` (its references are resolved).
    private static func reservedScalar(in value: String) -> UInt32? {
        value.unicodeScalars.first { (0xFDD0...0xFDEF).contains($0.value) }?.value
    }

    static let entityDeclaration: XML_EntityDeclHandler = {
        userData, name, isParameterEntity, value, valueLength, _, systemID, publicID, notationName in
        unsafe withReceiver(userData) {
            unsafe $0.receiveEntityDeclaration(
                name!, isParameterEntity != 0, value, Int(valueLength), systemID, publicID, notationName)
        }
    }

    /// Reads the caller's external DTD when expat asks for the external subset; never
    /// loads any other entity: returning OK tells expat to go on without it. The first
    /// argument is the parser itself (the child reading the DTD, for a request from it),
    /// not the user data.
    static let externalEntityRef: XML_ExternalEntityRefHandler = { parser, context, _, systemID, publicID in
        guard let parser = unsafe parser, let userData = unsafe CExpat_GetUserData(parser) else {
            return Int32(XML_STATUS_OK.rawValue)
        }
        var status = Int32(XML_STATUS_OK.rawValue)
        unsafe withReceiver(userData) { receiver in
            if unsafe receiver.isExternalSubsetRequest(context: context, systemID: systemID) {
                status = unsafe receiver.readExternalSubset(parser, context: context)
            } else {
                // Without a context, the reference is to a parameter entity.
                unsafe receiver.receiveExternalEntityReference(systemID, publicID, isParameterEntity: context == nil)
            }
        }
        return status
    }

    /// Hands expat the table of a single-byte encoding it does not know itself: one of the
    /// package's, or one built from iconv's (IBM866, TIS-620, …).
    static let unknownEncoding: XML_UnknownEncodingHandler = { _, name, info in
        guard let name = unsafe name, let info = unsafe info,
            case .singleByte(let encoding)? = unsafe EncodingResolver.resolve(String(cString: name))
        else {
            return Int32(XML_STATUS_ERROR.rawValue)
        }
        unsafe encoding.table.withUnsafeBufferPointer { unsafe CExpat_FillSingleByteEncoding(info, $0.baseAddress) }
        return Int32(XML_STATUS_OK.rawValue)
    }
}
