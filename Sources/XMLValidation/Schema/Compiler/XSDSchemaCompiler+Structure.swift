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
    /// `restriction` from a complex type's); `nil` for content that is anything.
    static func childSlots(of node: SchemaNode, parent: String?) -> [ChildSlot]? {
        let attributes: [ChildSlot] = [.any(attributeNames), .optional(["anyAttribute"])]
        let isDefinition = node.attributes["name"] != nil
        switch node.localName {
        case "appinfo", "documentation":
            return nil
        case "schema":
            return [
                .any(["include", "import", "redefine"]),
                .any(["simpleType", "complexType", "group", "attributeGroup", "element", "attribute", "notation"]),
            ]
        case "redefine": return [.any(["simpleType", "complexType", "group", "attributeGroup"])]
        // A reference takes its type and constraints from the declaration (src-element.2.2,
        // src-attribute.3.2).
        case "element": return node.attributes["ref"] != nil ? [] : [.optional(["simpleType", "complexType"]), .any(["unique", "key", "keyref"])]
        case "attribute": return node.attributes["ref"] != nil ? [] : [.optional(["simpleType"])]
        case "list": return [.optional(["simpleType"])]
        case "union": return [.any(["simpleType"])]
        case "simpleType": return [.one(["restriction", "list", "union"])]
        case "simpleContent", "complexContent": return [.one(["restriction", "extension"])]
        case "complexType":
            if node.components.contains(where: { $0.localName == "simpleContent" || $0.localName == "complexContent" }) {
                return [.one(["simpleContent", "complexContent"])]
            }
            return [.optional(modelGroupNames)] + attributes
        case "restriction" where parent == "simpleType":
            return [.optional(["simpleType"]), .any(facetNames)]
        case "restriction" where parent == "simpleContent":
            return [.optional(["simpleType"]), .any(facetNames)] + attributes
        case "extension" where parent == "simpleContent":
            return attributes
        case "restriction", "extension":
            return [.optional(modelGroupNames)] + attributes
        case "group": return isDefinition ? [.one(["all", "choice", "sequence"])] : []
        case "attributeGroup": return isDefinition ? attributes : []
        case "all": return [.any(["element"])]
        case "choice", "sequence": return [.any(["element", "group", "choice", "sequence", "any"])]
        case "unique", "key", "keyref": return [.one(["selector"]), ChildSlot(names: ["field"], minimum: 1, maximum: nil)]
        case "annotation": return [.any(["appinfo", "documentation"])]
        default: return []  // any, anyAttribute, include, import, notation, selector, field, the facets
        }
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
