/// A simple type, built in or defined by a schema: how white space is normalized, what the
/// value space is (atomic, a list or a union), and the facets that narrow it.
///
/// Immutable once made, shared by every validation that uses it.
final class XSDSimpleType: Sendable {
    enum Variety: Sendable {
        /// Values of one built-in type (`builtin`), narrowed by facets.
        case atomic
        /// Space-separated values of the item type.
        case list(XSDSimpleType)
        /// A value of the first member type that takes it.
        case union([XSDSimpleType])
    }

    /// The name messages use: `decimal`, `{urn:x}Code`, or `an anonymous type`.
    let name: String
    let variety: Variety
    /// For an atomic type, the built-in type it restricts (or is); for lists and unions,
    /// `anySimpleType`.
    let builtin: XSDBuiltinType
    let whiteSpace: XSDWhiteSpace
    let facets: XSDFacets

    init(name: String, variety: Variety, builtin: XSDBuiltinType, whiteSpace: XSDWhiteSpace, facets: XSDFacets) {
        self.name = name
        self.variety = variety
        self.builtin = builtin
        self.whiteSpace = whiteSpace
        self.facets = facets
    }

    /// The built-in types, made once.
    static let builtins: [XSDBuiltinType: XSDSimpleType] = {
        var types: [XSDBuiltinType: XSDSimpleType] = [:]
        for type in XSDBuiltinType.allCases where !type.isList {
            var facets = XSDFacets()
            if type.isDerived(from: .integer) {
                // integer is decimal with fractionDigits fixed at 0.
                facets.fractionDigits = 0
                facets.fixed.insert(.fractionDigits)
            }
            types[type] = XSDSimpleType(name: type.rawValue, variety: .atomic, builtin: type, whiteSpace: type.whiteSpace, facets: facets)
        }
        for type in XSDBuiltinType.allCases where type.isList {
            var facets = XSDFacets()
            facets.minLength = 1
            types[type] = XSDSimpleType(
                name: type.rawValue, variety: .list(types[type.base]!), builtin: .anySimpleType, whiteSpace: .collapse,
                facets: facets)
        }
        return types
    }()

    static func builtin(_ type: XSDBuiltinType) -> XSDSimpleType { builtins[type]! }

    /// The value `text` stands for, after white-space normalization, or why it is not one.
    func validate(_ text: String, namespaces: XSDBuiltinType.NamespaceLookup) throws(XSDValueError) -> XSDValue {
        let normalized = whiteSpace.normalize(text)
        let value: XSDValue
        switch variety {
        case .atomic:
            value = try builtin.value(of: normalized, namespaces: namespaces)
        case .list(let item):
            var items: [XSDValue] = []
            for piece in normalized.split(separator: " ") {
                items.append(try item.validate(String(piece), namespaces: namespaces))
            }
            value = .list(items)
        case .union(let members):
            var found: XSDValue?
            for member in members {
                if let memberValue = try? member.validate(text, namespaces: namespaces) {
                    found = memberValue
                    break
                }
            }
            guard let found else {
                throw XSDValueError(
                    "\(XSDValueError.quoted(normalized)) is not a value of any member of \(name) ("
                        + members.map(\.name).joined(separator: ", ") + ")")
            }
            value = found
        }
        try facets.check(value, lexical: normalized, typeName: name)
        return value
    }
}
