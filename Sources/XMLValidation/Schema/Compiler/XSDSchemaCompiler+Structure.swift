/// The children the schema for schemas allows each of XML Schema's elements, in order:
/// `<xs:complexType>` holds a content model, then attributes, then an attribute wildcard, or
/// one `<xs:simpleContent>` or `<xs:complexContent>` alone; a facet has no place in an
/// extension. (Where `annotation` may stand is checked beside the attributes.)
extension XSDSchemaCompiler {
    /// One place in an element's content: the children that may stand there, how many.
    struct ChildSlot {
        let names: Set<String>
        let minimum: Int
        let maximum: Int?

        static func optional(_ names: Set<String>) -> ChildSlot { ChildSlot(names: names, minimum: 0, maximum: 1) }
        static func any(_ names: Set<String>) -> ChildSlot { ChildSlot(names: names, minimum: 0, maximum: nil) }
        static func one(_ names: Set<String>) -> ChildSlot { ChildSlot(names: names, minimum: 1, maximum: 1) }
    }

    static let facetNames: Set<String> = [
        "length", "minLength", "maxLength", "pattern", "enumeration", "whiteSpace", "maxInclusive", "maxExclusive",
        "minInclusive", "minExclusive", "totalDigits", "fractionDigits",
    ]
    static let modelGroupNames: Set<String> = ["group", "all", "choice", "sequence"]
    static let attributeNames: Set<String> = ["attribute", "attributeGroup"]

    /// The slots of `node`'s content, a child of `parent` (which tells a simple type's
    /// `restriction` from a complex type's); `nil` for content that is anything. Each list
    /// is made once: this runs for every element of every schema document.
    static func childSlots(of node: SchemaNode, parent: String?) -> [ChildSlot]? {
        let isDefinition = node.attributes["name"] != nil
        switch node.localName {
        case "appinfo", "documentation":
            return nil
        case "schema": return Slots.schema
        case "redefine": return Slots.redefine
        // A reference takes its type and constraints from the declaration (src-element.2.2,
        // src-attribute.3.2).
        case "element": return node.attributes["ref"] != nil ? [] : Slots.element
        case "attribute": return node.attributes["ref"] != nil ? [] : Slots.optionalSimpleType
        case "list": return Slots.optionalSimpleType
        case "union": return Slots.simpleTypes
        case "simpleType": return Slots.simpleType
        case "simpleContent", "complexContent": return Slots.content
        case "complexType":
            if node.components.contains(where: { $0.localName == "simpleContent" || $0.localName == "complexContent" }) {
                return Slots.complexTypeContent
            }
            return Slots.modelGroupAndAttributes
        case "restriction" where parent == "simpleType": return Slots.facets
        case "restriction" where parent == "simpleContent": return Slots.facetsAndAttributes
        case "extension" where parent == "simpleContent": return Slots.attributes
        case "restriction", "extension": return Slots.modelGroupAndAttributes
        case "group": return isDefinition ? Slots.groupDefinition : []
        case "attributeGroup": return isDefinition ? Slots.attributes : []
        case "all": return Slots.all
        case "choice", "sequence": return Slots.particles
        case "unique", "key", "keyref": return Slots.identityConstraint
        case "annotation": return Slots.annotation
        default: return []  // any, anyAttribute, include, import, notation, selector, field, the facets
        }
    }

    /// The lists ``childSlots(of:parent:)`` returns.
    private enum Slots {
        static let attributes: [ChildSlot] = [.any(attributeNames), .optional(["anyAttribute"])]
        static let schema: [ChildSlot] = [
            .any(["include", "import", "redefine"]),
            .any(["simpleType", "complexType", "group", "attributeGroup", "element", "attribute", "notation"]),
        ]
        static let redefine: [ChildSlot] = [.any(["simpleType", "complexType", "group", "attributeGroup"])]
        static let element: [ChildSlot] = [.optional(["simpleType", "complexType"]), .any(["unique", "key", "keyref"])]
        static let optionalSimpleType: [ChildSlot] = [.optional(["simpleType"])]
        static let simpleTypes: [ChildSlot] = [.any(["simpleType"])]
        static let simpleType: [ChildSlot] = [.one(["restriction", "list", "union"])]
        static let content: [ChildSlot] = [.one(["restriction", "extension"])]
        static let complexTypeContent: [ChildSlot] = [.one(["simpleContent", "complexContent"])]
        static let modelGroupAndAttributes: [ChildSlot] = [.optional(modelGroupNames)] + attributes
        static let facets: [ChildSlot] = [.optional(["simpleType"]), .any(facetNames)]
        static let facetsAndAttributes: [ChildSlot] = facets + attributes
        static let groupDefinition: [ChildSlot] = [.one(["all", "choice", "sequence"])]
        static let all: [ChildSlot] = [.any(["element"])]
        static let particles: [ChildSlot] = [.any(["element", "group", "choice", "sequence", "any"])]
        static let identityConstraint: [ChildSlot] = [.one(["selector"]), ChildSlot(names: ["field"], minimum: 1, maximum: nil)]
        static let annotation: [ChildSlot] = [.any(["appinfo", "documentation"])]
    }

    /// Throws at the first child of `node` the schema for schemas does not allow there, or
    /// at `node` when a child it needs is missing. Annotations are passed over.
    func checkChildren(of node: SchemaNode, parent: String?) throws(XSDSchemaError) {
        guard let slots = Self.childSlots(of: node, parent: parent) else { return }
        let element = "<xs:\(node.localName)>"
        func expected(from slot: Int) -> String {
            slots[slot...].flatMap { $0.names.sorted() }.map { "<xs:\($0)>" }.joined(separator: ", ")
        }
        func missing(_ slot: Int) -> XSDSchemaError {
            XSDSchemaError(
                "\(element) needs " + slots[slot].names.sorted().map { "<xs:\($0)>" }.joined(separator: " or ")
                    + " (the schema for schemas)", at: node)
        }
        var slot = 0
        var count = 0
        for child in node.children {
            guard child.namespace == SchemaNode.xsdNamespace else {
                throw XSDSchemaError(
                    "\(element) cannot contain <\(child.localName)> of namespace \(child.namespace ?? "(none)"): only "
                        + "<xs:appinfo> and <xs:documentation> hold other elements (the schema for schemas)", at: child)
            }
            if child.localName == "annotation" && node.localName != "annotation" { continue }
            // What may come here: the current slot unless it is full, and the ones after it.
            let open = slot < slots.count && (slots[slot].maximum.map { count < $0 } ?? true) ? slot : slot + 1
            while slot < slots.count, !slots[slot].names.contains(child.localName) {
                if count < slots[slot].minimum { throw missing(slot) }
                slot += 1
                count = 0
            }
            guard slot < slots.count, slots[slot].maximum.map({ count < $0 }) ?? true else {
                throw XSDSchemaError(
                    "<xs:\(child.localName)> is not allowed here in \(element); expected "
                        + (open < slots.count ? expected(from: open) : "nothing more") + " (the schema for schemas)", at: child)
            }
            count += 1
        }
        while slot < slots.count {
            if count < slots[slot].minimum { throw missing(slot) }
            slot += 1
            count = 0
        }
    }
}
