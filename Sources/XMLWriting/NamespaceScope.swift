internal import XMLSyntax

/// The namespace bindings in scope while writing, with O(1) lookups in both directions.
///
/// A flat list of bindings searched from the end would cost O(b) per name for `b` bindings
/// in scope; a document that declares 100,000 prefixes and then uses them would take
/// 100,000² steps. Here the current binding of each prefix sits in a dictionary, and an undo
/// log puts back what an element's declarations shadowed when it ends. Prefixes and URIs
/// are keyed by code points: a prefix bound to `urn:é` is not bound to `urn:e` + U+0301.
struct NamespaceScope {
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// The URI each prefix is bound to now (`nil` key: the default namespace).
    private var current: [CodePointString?: String] = [:]
    /// For each URI, the prefixes declared for it, newest last (entries may be stale:
    /// rebound since; ``prefix(for:)`` checks the newest only).
    private var prefixesByURI: [CodePointString: [String]] = [:]
    /// One entry per declaration, to undo it: the prefix and what it was bound to before.
    private var log: [(prefix: CodePointString?, previous: String?)] = []

    /// How many declarations are in scope: a mark for ``unwind(to:)``.
    var mark: Int { log.count }

    /// The URI `prefix` is bound to (`nil`: the default namespace), or `nil` when unbound.
    /// An empty string is the default namespace undeclared with `xmlns=""`.
    /// - Complexity: O(1).
    /// (Mutating, as the lookups below, only so that a call through the writer's state
    /// pointer reads the dictionaries in place instead of copying the struct.)
    mutating func uri(for prefix: String?) -> String? {
        if prefix == "xml" { return Self.xmlNamespace }
        return current[prefix.map(CodePointString.init)]
    }

    /// A prefix bound to `uri` now, if the newest declaration for it is still in force.
    /// - Complexity: O(1).
    mutating func prefix(for uri: String) -> String? {
        if uri == Self.xmlNamespace { return "xml" }
        guard let newest = prefixesByURI[CodePointString(uri)]?.last,
            current[CodePointString(newest)]?.hasSameCodePoints(as: uri) == true
        else { return nil }
        return newest
    }

    /// Binds `prefix` to `uri` until ``unwind(to:)`` goes back past this point.
    /// - Complexity: amortized O(1).
    mutating func bind(_ prefix: String?, to uri: String) {
        let key = prefix.map(CodePointString.init)
        log.append((key, current[key]))
        current[key] = uri
        if let prefix { prefixesByURI[CodePointString(uri), default: []].append(prefix) }
    }

    /// Undoes every declaration made after `mark`.
    /// - Complexity: O(declarations undone).
    mutating func unwind(to mark: Int) {
        while log.count > mark {
            let (prefix, previous) = log.removeLast()
            if let prefix, let uri = current[prefix] {
                let key = CodePointString(uri)
                prefixesByURI[key]?.removeLast()
                if prefixesByURI[key]?.isEmpty == true { prefixesByURI[key] = nil }
            }
            current[prefix] = previous
        }
    }
}
