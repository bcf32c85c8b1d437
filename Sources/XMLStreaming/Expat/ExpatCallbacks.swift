internal import CExpat

/// The C callbacks, installed once per parser. Each captures nothing, turns the user data
/// back into the receiver on its first line, and forwards the raw arguments.
enum ExpatCallbacks {
    @inline(__always)
    private static func receiver(_ userData: UnsafeMutableRawPointer?) -> ExpatReceiver {
        Unmanaged<ExpatReceiver>.fromOpaque(userData!).takeUnretainedValue()
    }

    static let startElement: XML_StartElementHandler = { userData, name, attributes in
        receiver(userData).receiveStartElement(name!, attributes)
    }

    static let endElement: XML_EndElementHandler = { userData, name in
        receiver(userData).receiveEndElement(name!)
    }

    static let characters: XML_CharacterDataHandler = { userData, text, length in
        receiver(userData).receiveCharacters(text!, length)
    }

    static let startCDATA: XML_StartCdataSectionHandler = { userData in
        receiver(userData).receiveStartCDATA()
    }

    static let endCDATA: XML_EndCdataSectionHandler = { userData in
        receiver(userData).receiveEndCDATA()
    }

    static let comment: XML_CommentHandler = { userData, text in
        receiver(userData).receiveComment(text!)
    }

    static let processingInstruction: XML_ProcessingInstructionHandler = { userData, target, data in
        receiver(userData).receiveProcessingInstruction(target!, data)
    }

    static let xmlDeclaration: XML_XmlDeclHandler = { userData, version, encoding, standalone in
        receiver(userData).receiveXMLDeclaration(version, encoding, standalone)
    }

    static let startDoctype: XML_StartDoctypeDeclHandler = { userData, name, systemID, publicID, internalSubset in
        receiver(userData).receiveStartDoctype(name, systemID, publicID, internalSubset)
    }

    static let endDoctype: XML_EndDoctypeDeclHandler = { userData in
        receiver(userData).receiveEndDoctype()
    }

    static let startNamespace: XML_StartNamespaceDeclHandler = { userData, prefix, uri in
        receiver(userData).receiveStartNamespace(prefix, uri)
    }

    static let endNamespace: XML_EndNamespaceDeclHandler = { userData, prefix in
        receiver(userData).receiveEndNamespace(prefix)
    }

    static let skippedEntity: XML_SkippedEntityHandler = { userData, name, isParameterEntity in
        receiver(userData).receiveSkippedEntity(name!, isParameterEntity != 0)
    }

    /// Never loads the entity: returning OK tells expat to go on without it. The first
    /// argument is the parser itself, not the user data.
    static let externalEntityRef: XML_ExternalEntityRefHandler = { parser, _, _, _, _ in
        if let parser, let userData = CExpat_GetUserData(parser) {
            receiver(userData).receiveExternalEntityReference()
        }
        return Int32(XML_STATUS_OK.rawValue)
    }

    /// Hands expat the table of a single-byte encoding it does not know itself.
    static let unknownEncoding: XML_UnknownEncodingHandler = { _, name, info in
        guard let name, let info, let encoding = SingleByteEncoding.named(String(cString: name)) else {
            return Int32(XML_STATUS_ERROR.rawValue)
        }
        encoding.table.withUnsafeBufferPointer { CExpat_FillSingleByteEncoding(info, $0.baseAddress) }
        return Int32(XML_STATUS_OK.rawValue)
    }
}
