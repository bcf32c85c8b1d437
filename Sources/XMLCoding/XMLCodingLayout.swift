/// Where a key's value is in its element, for decoding and encoding.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum XMLNodePlacement: Sendable {
    /// Read from the attribute of that name, or else the child elements; written as child
    /// elements. The default.
    case attributeOrElement
    /// Only an attribute (a scalar).
    case attribute
    /// Only child elements.
    case element
}

/// How an array under a key is laid out, for decoding and encoding.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum XMLArrayLayout: Sendable, Equatable {
    /// Each item is an element named by the key, repeated in place (the default):
    /// `<activity/><activity/>` for `activity: [Activity]`.
    case repeated
    /// The key names one wrapper element, and the items are its child elements:
    /// `<activities><activity/><activity/></activities>` for `activities: [Activity]` with
    /// `.wrapped(item: "activity")`. The encoder names each item `item`'s value; the decoder takes
    /// every child element of the wrapper, whatever its name. No wrapper is an empty array.
    case wrapped(item: String)
}

/// How a dictionary under a key is laid out, for decoding and encoding.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum XMLMapLayout: Sendable, Equatable {
    /// Each entry is a child element (or an attribute) named by its key, in the element the
    /// dictionary's key names (the default): `<prices><beton>120</beton></prices>`. The keys
    /// must be XML names.
    case namedByKeys
    /// The dictionary's key names one wrapper element, holding an element per entry with the
    /// key and the value as child elements, as AWS's restXml writes maps (Smithy's default,
    /// and its `@xmlName` for the three names):
    /// `<tags><entry><key>Team</key><value>Zimmerei</value></entry></tags>`. A key is any
    /// string.
    case entries(entry: String = "entry", key: String = "key", value: String = "value")
    /// An element per entry, named by the dictionary's key and repeated in place, with the key
    /// and the value as child elements (Smithy's `@xmlFlattened` maps):
    /// `<tag><key>Team</key><value>Zimmerei</value></tag><tag>…</tag>`. No elements is an
    /// empty dictionary.
    case flattenedEntries(key: String = "key", value: String = "value")
}

/// A type that says, for its own dictionary keys, how each dictionary is laid out.
///
/// ```swift
/// extension Bucket: XMLMapLayouts {
///     static func mapLayout(for key: any CodingKey) -> XMLMapLayout {
///         key.stringValue == "Tags" ? .entries(entry: "Tag", key: "Key", value: "Value") : .namedByKeys
///     }
/// }
/// ```
///
/// Like ``XMLNodePlacing``, the answer must depend on the key alone.
public protocol XMLMapLayouts {
    /// How the dictionary under `key` is laid out in this type's element.
    static func mapLayout(for key: any CodingKey) -> XMLMapLayout
}

/// A type that says, for its own keys, whether each is an attribute or child elements.
///
/// ```swift
/// extension Site: XMLNodePlacing {
///     static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
///         key.stringValue == "code" ? .attribute : .element
///     }
/// }
/// ```
///
/// The answer must depend on the key alone: the decoder asks once per key of the type and
/// keeps the answer for the rest of the decode (for a record stream or a handler-stack
/// route, for as long as it lives).
public protocol XMLNodePlacing {
    /// Where the value of `key` is, in this type's element.
    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement
}

/// A type that says, for its own array keys, whether the items repeat in place or sit in a
/// wrapper element.
///
/// ```swift
/// extension Site: XMLArrayLayouts {
///     static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout {
///         key.stringValue == "activities" ? .wrapped(item: "activity") : .repeated
///     }
/// }
/// ```
///
/// Like ``XMLNodePlacing``, the answer must depend on the key alone: the decoder asks once
/// per key and keeps it.
public protocol XMLArrayLayouts {
    /// How the array under `key` is laid out in this type's element.
    static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout
}

/// A type whose plain keys name elements in one namespace, or (with `""`) in none.
///
/// Without it, a plain key (`title`) reads an element of that local name in any namespace,
/// and the encoder writes it in its parent element's namespace. A type that adopts this
/// protocol reads and writes its plain keys' elements in ``keyNamespace`` only, as if each
/// were spelled `{uri}title`; its plain keys' attributes are in no namespace, as XML's
/// unprefixed attributes are. Keys spelled `{uri}local` keep their own namespace. Encoded
/// with a plain root key, the type's own element is in the namespace too.
///
/// RSS 2.0 puts Atom's `<atom:link>` beside its own `<link>`; with `keyNamespace` `""`, the
/// key `link` reads only the one in no namespace:
///
/// ```swift
/// struct Channel: Codable, XMLKeyNamespace {
///     static var keyNamespace: String { "" }
///     var title: String
///     var link: String
///     var atomLink: AtomLink?
///     enum CodingKeys: String, CodingKey {
///         case title, link
///         case atomLink = "{http://www.w3.org/2005/Atom}link"
///     }
/// }
/// ```
///
/// Like ``XMLNodePlacing``, the answer is the type's alone and is kept for the decode.
public protocol XMLKeyNamespace {
    /// The namespace URI of the elements this type's plain keys name; `""` for no namespace.
    static var keyNamespace: String { get }
}

/// A type that declares namespaces on its own element, prefix → URI (`""` for the default
/// namespace), as formats expect them there: WS-Security's `wsse` and `wsu` on `<Security>`,
/// a SOAP payload's namespace on the payload. Inside the element, names in those namespaces
/// are written with these prefixes.
///
/// ```swift
/// extension Security: XMLNamespaceDeclaring {
///     static var namespaceDeclarations: [String: String] {
///         ["wsse": "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd",
///          "wsu": "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"]
///     }
/// }
/// ```
///
/// Read once per type and kept for the encode.
public protocol XMLNamespaceDeclaring {
    /// The namespaces declared on this type's element, prefix → URI.
    static var namespaceDeclarations: [String: String] { get }
}

/// An enum whose cases are alternative elements (a choice, in XML Schema's words): inside a
/// wrapper (an array laid out `.wrapped`, an array at the top, an array in an array) each
/// item is the element named by its case, `<note>…</note>` or `<activity …/>`, with no item
/// element around it. A case keyed `""` is the text between those elements (mixed content).
///
/// ```swift
/// enum Inline: Codable, XMLChoice {
///     case text(String)
///     case b(String)
///     enum CodingKeys: String, CodingKey { case text = "", b }
/// }
/// ```
public protocol XMLChoice {}

/// Arrays whose items are choices; the decoder then reads text between elements as items.
protocol XMLChoiceArray {
    /// The items' type.
    static var choiceType: Any.Type { get }
}
extension Array: XMLChoiceArray where Element: XMLChoice {
    static var choiceType: Any.Type { Element.self }
}

/// A document name: `local`, or `{uri}local` for a name in a namespace.
struct XMLCodingName: Hashable {
    var local: String
    var uri: String?

    init(local: String, uri: String?) {
        self.local = local
        self.uri = uri
    }

    /// Reads `{uri}local` (Clark notation) or a plain name.
    init(_ spelled: String) {
        if spelled.utf8.first == UInt8(ascii: "{"), let close = spelled.firstIndex(of: "}") {
            uri = String(spelled[spelled.index(after: spelled.startIndex)..<close])
            local = String(spelled[spelled.index(after: close)...])
        } else {
            uri = nil
            local = spelled
        }
    }
}

/// How Swift keys become document names: the conversions both coders share.
enum XMLKeySpelling {
    /// Synthesized `Codable` names an enum case's one unlabeled value `_0`: the element itself.
    static let caseValueKey = "_0"

    /// `siteCode` → `site_code`; `URLValue` → `url_value`.
    static func separated(_ name: String, by separator: Character) -> String {
        var result = ""
        let characters = Array(name)
        for (i, c) in characters.enumerated() {
            if c.isUppercase {
                let previousIsLower = i > 0 && (characters[i - 1].isLowercase || characters[i - 1].isNumber)
                let nextIsLower = i + 1 < characters.count && characters[i + 1].isLowercase
                if i > 0 && (previousIsLower || (nextIsLower && characters[i - 1].isUppercase)) { result.append(separator) }
                result += c.lowercased()
            } else {
                result.append(c)
            }
        }
        return result
    }

    /// `siteCode` → `SiteCode`.
    static func capitalized(_ name: String) -> String {
        guard let first = name.first else { return "" }
        return first.uppercased() + name.dropFirst()
    }

    /// How a strategy turns a Swift key into a document name: the same four conversions for
    /// the decoder's strategy and the encoder's.
    enum Conversion {
        case none
        case separated(Character)
        case capitalized
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> String)

        /// Whether every key is spelled as in Swift.
        var isIdentity: Bool {
            if case .none = self { return true }
            return false
        }
    }

    /// The Swift spelling of a document name, the way `JSONDecoder`'s `convertFromSnakeCase`
    /// reads a JSON key: `site_code` → `siteCode`, `SiteCode` → `siteCode` for the capitalized
    /// spelling; a name without a separator stays as written (`siteCode`), leading and
    /// trailing separators stay. A custom spelling has no inverse: the name as written.
    ///
    /// A dictionary's keys (``XMLKeyedContainer/allKeys``) are spelled this way, and a key
    /// whose document spelling is absent is looked for among the names that read as it, so
    /// `[String: T]` gets the document's keys in Swift's spelling, as from `JSONDecoder`.
    static func swiftName(forDocumentName name: String, conversion: Conversion) -> String {
        switch conversion {
        case .none, .custom: return name
        case .capitalized:
            guard let first = name.unicodeScalars.first else { return name }
            return first.properties.lowercaseMapping + String(name.unicodeScalars.dropFirst())
        case .separated(let separator):
            let isSeparator: (Character) -> Bool = { $0 == separator }
            guard let start = name.firstIndex(where: { !isSeparator($0) }) else { return name }
            let end = name.lastIndex(where: { !isSeparator($0) })!
            let words = name[start...end].split(whereSeparator: isSeparator)
            guard words.count > 1 else { return name }
            let joined = words[0].lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
            return String(name[..<start]) + joined + String(name[name.index(after: end)...])
        }
    }

    /// Whether a document name is plain: no `{uri}` and no prefix.
    static func isPlain(_ name: String) -> Bool {
        name.utf8.first != UInt8(ascii: "{") && !name.utf8.contains(UInt8(ascii: ":"))
    }

    /// The document's spelling of a Swift key (`_0`, an enum case's one value, is the text key).
    static func documentName(for key: any CodingKey, codingPath: @autoclosure () -> [any CodingKey], conversion: Conversion) -> String {
        let name = key.stringValue
        if name == caseValueKey { return XMLDecoder.textKey }
        switch conversion {
        case .none: return name
        case .separated(let separator): return separated(name, by: separator)
        case .capitalized: return capitalized(name)
        case .custom(let convert): return convert(codingPath() + [key])
        }
    }
}
