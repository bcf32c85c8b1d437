import XMLStreaming
internal import XMLSyntax

/// The namespaces of one encode: the prefix written for each URI, and the declarations and
/// attributes the value's element carries.
struct XMLEncodingNamespaces {
    /// URI → prefix, for names in a namespace; a URI bound as the default namespace has
    /// none (its names are written unprefixed). Found by a URI's code points.
    let prefixes: [String: String]
    /// The caller's declarations: the default namespace first, then by prefix.
    let declarations: [(prefix: String?, uri: String)]
    /// Which of them the value's element carries.
    let strategy: XMLEncoder.NamespaceDeclarationStrategy
    /// The default namespace the declarations give: a plain root key's namespace.
    let defaultNamespace: String?
    /// The caller's attributes for the value's element, the `xmlns` ones taken out.
    let rootAttributes: [XMLOwnedAttribute]
    /// Prefix → URI, as the caller binds them: a key spelled `p:local` is `{uri}local`.
    let bindings: [String: String]

    init(settings: XMLEncoder.Settings) {
        var byPrefix: [String: String] = [:]
        var attributes: [XMLOwnedAttribute] = []
        // `xmlns` and `xmlns:p` given as attributes (XMLCoder's `rootAttributes`) are declarations.
        for attribute in settings.rootAttributes {
            let name = attribute.name
            if name.namespaceURI == nil, name.prefix == nil, name.localName == "xmlns" {
                byPrefix[""] = attribute.value
            } else if name.namespaceURI == nil, name.prefix == "xmlns" || name.localName.hasPrefix("xmlns:") {
                let prefix = name.prefix == "xmlns" ? name.localName : String(name.localName.dropFirst(6))
                byPrefix[prefix] = attribute.value
            } else {
                attributes.append(attribute)
            }
        }
        for (prefix, uri) in settings.namespaceDeclarations { byPrefix[prefix] = uri }
        // The map before 0.5, URI → prefix, where the newer map gives no binding.
        for (uri, prefix) in settings.uriPrefixes where byPrefix[prefix] == nil { byPrefix[prefix] = uri }

        var prefixes: [String: String] = [:]
        for (prefix, uri) in byPrefix where !prefix.isEmpty && !uri.isEmpty {
            // One prefix per URI, the first in code-point order, so the output is the same on every run.
            if let known = prefixes[uri], known.precedesInCodePointOrder(prefix) { continue }
            prefixes[uri] = prefix
        }
        defaultNamespace = byPrefix[""].flatMap { $0.isEmpty ? nil : $0 }
        if let defaultNamespace { prefixes[defaultNamespace] = nil }
        self.prefixes = prefixes
        declarations = byPrefix.sorted { $0.key.precedesInCodePointOrder($1.key) }.map { (prefix, uri) in
            (prefix.isEmpty ? nil : prefix, uri)
        }
        rootAttributes = attributes
        strategy = settings.namespaceDeclarationStrategy
        bindings = byPrefix.filter { !$0.key.isEmpty && !$0.value.isEmpty }
    }

    private init(
        prefixes: [String: String], declarations: [(prefix: String?, uri: String)], defaultNamespace: String?,
        rootAttributes: [XMLOwnedAttribute], strategy: XMLEncoder.NamespaceDeclarationStrategy, bindings: [String: String]
    ) {
        self.bindings = bindings
        self.prefixes = prefixes
        self.declarations = declarations
        self.defaultNamespace = defaultNamespace
        self.rootAttributes = rootAttributes
        self.strategy = strategy
    }

    /// The declarations the value's element carries, under the strategy.
    func declarations(for tree: XMLEncodedTree) -> [(prefix: String?, uri: String)] {
        switch strategy {
        case .allOnRoot: return declarations
        case .usedOnRoot:
            let used = tree.namespacesUsed()
            return declarations.filter { used.contains(CodePointString($0.uri)) }
        case .whereUsed: return []
        }
    }

    /// These namespaces with a type's own declarations (``XMLNamespaceDeclaring``) over them,
    /// for the type's element and everything in it.
    func adding(_ declared: [(prefix: String?, uri: String)]) -> XMLEncodingNamespaces {
        var prefixes = prefixes
        for (prefix, uri) in declared where !uri.isEmpty {
            // The URI a prefix held before is no longer written with it.
            if let prefix {
                for (otherURI, otherPrefix) in prefixes where otherPrefix == prefix { prefixes[otherURI] = nil }
            }
            prefixes[uri] = prefix
        }
        return XMLEncodingNamespaces(
            prefixes: prefixes, declarations: declarations, defaultNamespace: defaultNamespace, rootAttributes: rootAttributes,
            strategy: strategy, bindings: bindings)
    }

    /// The prefix written for a name in `uri`: nil for the default namespace, or one the
    /// writer makes up.
    func prefix(for uri: String?) -> String? { uri.flatMap { prefixes.value(forCodePoints: $0) } }
}
