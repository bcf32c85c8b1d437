internal import CExpat

/// The C callbacks, installed once per parser. Each captures nothing, turns the user data
/// back into the receiver on its first line, and forwards the raw arguments.
enum ExpatCallbacks {
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
        unsafe withReceiver(userData) { $0.receiveStartCDATA() }
    }

    static let endCDATA: XML_EndCdataSectionHandler = { userData in
        unsafe withReceiver(userData) { $0.receiveEndCDATA() }
    }

    static let comment: XML_CommentHandler = { userData, text in
        unsafe withReceiver(userData) { unsafe $0.receiveComment(text!) }
    }

    static let processingInstruction: XML_ProcessingInstructionHandler = { userData, target, data in
        unsafe withReceiver(userData) { unsafe $0.receiveProcessingInstruction(target!, data) }
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
        unsafe withReceiver(userData) { unsafe $0.receiveNotationDeclaration(name!, systemID, publicID) }
    }

    static let attributeDeclaration: XML_AttlistDeclHandler = { userData, element, attribute, type, defaultValue, isRequired in
        unsafe withReceiver(userData) { unsafe $0.receiveAttributeDeclaration(element!, attribute!, type!, defaultValue, isRequired != 0) }
    }

    static let entityDeclaration: XML_EntityDeclHandler = {
        userData, name, isParameterEntity, value, valueLength, _, systemID, publicID, notationName in
        unsafe withReceiver(userData) {
            unsafe $0.receiveEntityDeclaration(
                name!, isParameterEntity != 0, value, Int(valueLength), systemID, publicID, notationName)
        }
    }

    /// Never loads the entity: returning OK tells expat to go on without it. The first
    /// argument is the parser itself, not the user data.
    static let externalEntityRef: XML_ExternalEntityRefHandler = { parser, _, _, systemID, publicID in
        if let parser = unsafe parser, let userData = unsafe CExpat_GetUserData(parser) {
            unsafe withReceiver(userData) { unsafe $0.receiveExternalEntityReference(systemID, publicID) }
        }
        return Int32(XML_STATUS_OK.rawValue)
    }

    /// Hands expat the table of a single-byte encoding it does not know itself.
    static let unknownEncoding: XML_UnknownEncodingHandler = { _, name, info in
        guard let name = unsafe name, let info = unsafe info, let encoding = unsafe SingleByteEncoding.named(String(cString: name)) else {
            return Int32(XML_STATUS_ERROR.rawValue)
        }
        unsafe encoding.table.withUnsafeBufferPointer { unsafe CExpat_FillSingleByteEncoding(info, $0.baseAddress) }
        return Int32(XML_STATUS_OK.rawValue)
    }
}
