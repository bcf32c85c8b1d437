import XMLStreaming

/// A compiled schema: every component, addressed by index, immutable and shared by every
/// validation that uses it.
struct XSDModel: Sendable {
    var elements: [XSDElementDeclaration] = []
    var complexTypes: [XSDComplexType] = []
    var simpleTypes: [XSDSimpleType] = []
    var contentModels: [XSDContentModel] = []
    /// The global element declarations: the elements a document may start with.
    var globalElements: [XSDExpandedName: Int] = [:]
    /// The global attribute declarations, for attribute wildcards: simple type, `fixed` or
    /// `default`, component.
    var globalAttributes: [XSDExpandedName: (type: Int, constraint: XSDValueConstraint?, component: String)] = [:]
    /// The named types, for `xsi:type`.
    var globalTypes: [XSDExpandedName: XSDTypeReference] = [:]
    /// Each built-in simple type's index, for `xsi:type`.
    var builtinTypes: [XSDBuiltinType: Int] = [:]
    /// The schema documents read, in order.
    var files: [String] = []

    /// The name of a type, for messages.
    func typeName(_ type: XSDTypeReference) -> String {
        switch type {
        case .simple(let index): return simpleTypes[index].name
        case .complex(let index): return complexTypes[index].name
        case .anyType: return "anyType"
        }
    }
}

/// Why a schema does not compile: what is wrong, and the schema element at fault.
struct XSDSchemaError: Error {
    var message: String
    var position: XMLPosition
    var file: String?
    var code: XMLValidationError.Code = .invalidSchema

    init(_ message: String, at node: SchemaNode?, code: XMLValidationError.Code = .invalidSchema) {
        self.message = message
        self.position = node?.position ?? .start
        self.file = node?.file
        self.code = code
    }

    var validationError: XMLValidationError {
        XMLValidationError(code: code, message: message, position: position, fileName: file, component: nil)
    }
}
