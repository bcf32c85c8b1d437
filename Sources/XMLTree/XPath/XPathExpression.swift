internal import XMLSyntax
import XMLStreaming
/// A compiled XPath 1.0 expression, reusable across documents and tasks.
///
/// ```swift
/// let teams = try XPathExpression("//activity[@team = $team]")
/// let nodes = try teams.evaluate(at: document.documentNode, variables: ["team": .string("100")]).nodes
/// let count = try XPathExpression("count(//*)").evaluate(at: document.documentNode).number
/// ```
///
/// Prefixed names need their namespaces: `XPathExpression("//a:entry", namespaces: ["a": "urn:feed"])`.
/// Errors, in compiling or evaluating, are thrown with the column of the expression they
/// concern; nothing crashes.
public struct XPathExpression: Sendable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    let syntax: XPathSyntax

    /// Compiles `source`, resolving prefixes with `namespaces` (prefix → URI).
    public init(_ source: String, namespaces: [String: String] = [:]) throws(XPathError) {
        self.source = source
        var parser = try XPathParser(source, namespaces: namespaces)
        syntax = try parser.parse()
    }

    /// Limits on one evaluation.
    public struct Options: Hashable, Sendable {
        /// How many nodes one evaluation may gather on its axes, counted over every step
        /// and predicate, before it stops with an ``XPathError``. `nil` (the default) allows
        /// 32 times the document's nodes and attributes, and never less than 1,000,000: far
        /// more than any path that visits each node a few times needs, and a bound on paths
        /// that would gather a node once per context (`//namespace::*` on a deep document
        /// with many prefixes, `//*[count(.//*) > 1]` 10,000 levels deep).
        public var maximumNodes: Int?
        /// What an entity reference the parser could not expand (`&nbsp;` on a page whose
        /// DTD is never read; the tree keeps it as a node) reads as in the string values the
        /// evaluation computes: `string()`, comparisons, `number()`, `contains()`… Default
        /// `XMLUnexpandedEntityPolicy.throw`: such a string value fails with
        /// ``XPathError/Code/unexpandedEntity``, and values that need no reference are
        /// unaffected. (xmllint and lxml leave references out: `XMLUnexpandedEntityPolicy.skip`.)
        public var unexpandedEntities: XMLUnexpandedEntityPolicy

        /// Creates options.
        public init(maximumNodes: Int? = nil, unexpandedEntities: XMLUnexpandedEntityPolicy = .throw) {
            self.maximumNodes = maximumNodes
            self.unexpandedEntities = unexpandedEntities
        }

        /// The limit for a document with `size` nodes and attributes.
        func limit(forDocumentOfSize size: Int) -> Int {
            maximumNodes ?? max(1_000_000, 32 * size)
        }
    }

    /// The options' name before 0.2.
    @available(*, deprecated, renamed: "Options")
    public typealias EvaluationOptions = Options

    /// Evaluates the expression with `node` as the context node.
    ///
    /// - Throws: ``XPathError`` for a wrong type or an unbound variable, and when the
    ///   evaluation gathers more nodes than ``Options/maximumNodes`` allows.
    public func evaluate(
        at node: XMLTreeNode, variables: [String: XPathValue] = [:], options: Options = Options()
    ) throws(XPathError) -> XPathValue {
        try evaluate(at: .node(node), variables: variables, options: options)
    }

    /// Evaluates the expression with an attribute or namespace node as the context.
    public func evaluate(
        at node: XPathNode, variables: [String: XPathValue] = [:], options: Options = Options()
    ) throws(XPathError) -> XPathValue {
        let storage = node.element.storage
        let budget = XPathBudget(limit: options.limit(forDocumentOfSize: storage.nodes.count + storage.attributes.count))
        let evaluator = XPathEvaluator(
            expression: source, variables: variables, budget: budget, unexpandedEntities: options.unexpandedEntities)
        return try evaluator.evaluate(syntax, XPathEvaluator.Context(node: node, position: 1, size: 1))
    }

    /// The expression as written, ``XPathExpression/source``.
    public var description: String { source }
}

extension XMLTreeNode {
    /// Evaluates an XPath expression with this node as the context.
    public func xpath(
        _ expression: String, namespaces: [String: String] = [:], variables: [String: XPathValue] = [:]
    ) throws(XPathError) -> XPathValue {
        try XPathExpression(expression, namespaces: namespaces).evaluate(at: self, variables: variables)
    }

    /// The nodes an XPath expression selects from this node (empty when it is not a node-set).
    public func nodes(forXPath expression: String, namespaces: [String: String] = [:]) throws(XPathError) -> [XPathNode] {
        try xpath(expression, namespaces: namespaces).nodes
    }

    /// The namespaces in scope on an element, the nearest declaration of each prefix
    /// winning, with `xml` always bound; the default namespace has the empty prefix.
    public var inScopeNamespaces: [(prefix: String, uri: String)] {
        var result: [(prefix: String, uri: String)] = [("xml", "http://www.w3.org/XML/1998/namespace")]
        var seen: Set<CodePointString> = [CodePointString("xml")]
        var node: XMLTreeNode? = self
        while let current = node, current.kind == .element {
            for declaration in current.namespaceDeclarations where seen.insert(CodePointString(declaration.prefix)).inserted {
                if !declaration.uri.isEmpty { result.append(declaration) }
            }
            node = current.parent
        }
        return result
    }

    /// The namespace declarations written on this element (`xmlns` attributes).
    public var namespaceDeclarations: [(prefix: String, uri: String)] {
        guard kind == .element else { return [] }
        if storage.namespaced {
            return storage.namespaceDeclarations[index] ?? []
        }
        return attributes.compactMap { attribute in
            NamespaceDeclaration(attributeName: attribute.name.qualifiedName).map { ($0.declaredPrefix ?? "", attribute.value) }
        }
    }
}
