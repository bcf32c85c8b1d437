import XMLStreaming

/// A compiled schema: every component, addressed by index, immutable and shared by every
/// validation that uses it.
struct XSDModel: Sendable {
    var elements: [XSDElementDeclaration] = []
    var complexTypes: [XSDComplexType] = []
    var simpleTypes: [XSDSimpleType] = []
    /// Each simple type's check on the parser's bytes (``XSDSimpleType/textCheck``), set when
    /// the schema is compiled: read in place by ``acceptsAsWritten(_:type:)``, where a check
    /// read out of its class would retain the type on every value.
    var textChecks: [XSDTextCheck] = []
    var contentModels: [XSDContentModel] = []
    /// A number for each element name a content model holds, so that a child is matched
    /// against a model by comparing numbers (each document name is looked up here once).
    var elementSymbols: [XSDExpandedName: Int32] = [:]
    /// The global element declarations: the elements a document may start with.
    var globalElements: [XSDExpandedName: Int] = [:]
    /// The global attribute declarations, for attribute wildcards: simple type, `fixed` or
    /// `default`, component.
    var globalAttributes: [XSDExpandedName: (type: Int, constraint: XSDValueConstraint?, component: String)] = [:]
    /// The named types, for `xsi:type`.
    var globalTypes: [XSDExpandedName: XSDTypeReference] = [:]
    /// Each built-in simple type's index, for `xsi:type`.
    var builtinTypes: [XSDBuiltinType: Int] = [:]
    /// The identity constraints of every element declaration.
    var identityConstraints: [XSDIdentityConstraint] = []
    /// How many levels below a picked element any field's path reaches; `nil` when one
    /// starts with `.//` and reaches any depth.
    var identityFieldReach: Int? = 0
    /// The identity constraints' element steps, numbered for matching.
    var identityPaths = XSDIdentityPaths()
    /// The schema documents read, in order.
    var files: [String] = []

    /// Whether `bytes` (well-formed UTF-8, as the parser gives) is a valid value of simple
    /// type `type` as written: `false` for a value its text check cannot take as it is, or a
    /// type without one (``XSDSimpleType/validate(_:namespaces:)`` then decides).
    func acceptsAsWritten(_ bytes: Span<UInt8>, type: Int) -> Bool {
        // Made at the end of compiling, one per simple type: no type is added after.
        assert(textChecks.count == simpleTypes.count, "textChecks made before the last simple type")
        return XSDTextCheck.accepts(bytes, by: textChecks.span, at: type)
    }

    /// Why element `member` may not stand in the place of `head`, its substitution group's
    /// head or one above it: it is abstract (only its own members replace it), the head
    /// blocks substitution, or its type derives by a method the head, the head's type or a
    /// type between the two blocks (Substitution Group OK (Transitive), 3.3.6); `nil` when
    /// it may. What the content models place and what their messages say, both.
    func substitutionRefusal(of member: Int, for head: Int) -> XSDSubstitutionRefusal? {
        if elements[member].isAbstract { return .abstract }
        if elements[head].block.contains(.substitution) { return .substitutionBlocked }
        var between: Set<XSDDerivation> = []
        let methods = derivation(of: elements[member].type, from: elements[head].type, intermediateBlocks: &between) ?? []
        let headTypeBlock = typeBlock(elements[head].type)
        for method in methods {
            if elements[head].block.contains(method) { return .derivation(method, blockedBy: .head) }
            if headTypeBlock.contains(method) { return .derivation(method, blockedBy: .headType) }
            if between.contains(method) { return .derivation(method, blockedBy: .typeBetween) }
        }
        return nil
    }

    /// The derivations a complex type's own `block` refuses (none for other types): what
    /// `xsi:type` and a substitution group's members may not use, beside the element's.
    func typeBlock(_ type: XSDTypeReference) -> Set<XSDDerivation> {
        if case .complex(let index) = type { return complexTypes[index].block }
        return []
    }

    /// The derivation methods from `base` down to `type`, when `type` is `base` or derived
    /// from it; `nil` when it is not (complex types along their base chain, simple types as
    /// cos-st-derived-ok has them).
    func derivation(of type: XSDTypeReference, from base: XSDTypeReference) -> [XSDDerivation]? {
        var ignored: Set<XSDDerivation> = []
        return derivation(of: type, from: base, intermediateBlocks: &ignored)
    }

    /// ``derivation(of:from:)``, adding to `intermediateBlocks` the `block` of each complex
    /// type strictly between the two (Substitution Group OK (Transitive) 2.3), in one walk.
    func derivation(
        of type: XSDTypeReference, from base: XSDTypeReference, intermediateBlocks: inout Set<XSDDerivation>
    ) -> [XSDDerivation]? {
        if type == base { return [] }
        var methods: [XSDDerivation] = []
        var current = type
        var steps = 0
        while case .complex(let index) = current, steps <= complexTypes.count {
            // Past the first step, each type is between `type` and `base`.
            if steps > 0 { intermediateBlocks.formUnion(complexTypes[index].block) }
            methods.append(complexTypes[index].derivation)
            current = complexTypes[index].base
            if current == base { return methods }
            steps += 1
        }
        // A simple type derives from anyType by restriction (through anySimpleType).
        if base == .anyType {
            if case .simple = current { return methods + [.restriction] }
            return methods
        }
        if case .simple(let a) = current, case .simple(let b) = base, simpleTypes[a].isDerived(from: simpleTypes[b]) {
            return methods + (simpleTypes[a] === simpleTypes[b] ? [] : [.restriction])
        }
        return nil
    }

    /// The simple type of an element's value: its type, or its simple content; `nil` when it
    /// has no simple value.
    func simpleValueType(of type: XSDTypeReference) -> XSDSimpleType? {
        switch type {
        case .simple(let index): return simpleTypes[index]
        case .complex(let index):
            if case .simple(let content) = complexTypes[index].content { return simpleTypes[content] }
            return nil
        case .anyType: return nil
        }
    }

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

/// See ``XSDModel/substitutionRefusal(of:for:)``.
enum XSDSubstitutionRefusal {
    enum Blocker { case head, headType, typeBetween }
    case abstract
    case substitutionBlocked
    case derivation(XSDDerivation, blockedBy: Blocker)
}
