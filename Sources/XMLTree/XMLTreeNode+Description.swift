internal import XMLSyntax
// What a node prints as in a debugger, a log or `print`: what it is and where it is.
extension XMLTreeNode: CustomStringConvertible, CustomDebugStringConvertible {
    /// The node and where it sits: `<site code="10001"> at /schedule/sites/site[1]`,
    /// `text "Kölner Dom" at /schedule/sites/site[1]/name[1]/text()[1]`. Long values are
    /// shortened; the path counts from 1, as XPath does.
    public var description: String {
        switch kind {
        case .document: return "document"
        case .element:
            var tag = "<" + (name?.qualifiedName ?? "")
            for index in 0..<min(attributeCount, 8) {
                tag += " " + attributeName(at: index).qualifiedName + "=\"" + Self.shortened(attributeValue(at: index)) + "\""
            }
            if attributeCount > 8 { tag += " …" }
            return tag + "> at " + path
        case .text: return "text \"\(Self.shortened(text))\" at " + path
        case .cdata: return "CDATA \"\(Self.shortened(text))\" at " + path
        case .comment: return "comment \"\(Self.shortened(text))\" at " + path
        case .processingInstruction: return "processing instruction \(target ?? "") at " + path
        case .entityReference: return "entity reference &\(entityName ?? ""); at " + path
        }
    }

    /// The same as ``XMLTreeNode/description``: the node and where it sits.
    public var debugDescription: String { description }

    /// An XPath that selects this node alone, from the document: each step with its position
    /// among the siblings of its kind (and name).
    var path: String {
        var steps: [String] = []
        var current: XMLTreeNode? = self
        while let node = current, node.kind != .document {
            let test: String
            switch node.kind {
            case .element: test = node.name?.qualifiedName ?? "*"
            case .text, .cdata, .entityReference: test = "text()"
            case .comment: test = "comment()"
            case .processingInstruction: test = "processing-instruction()"
            case .document: test = ""
            }
            var position = 1
            var sibling = node.previousSibling
            while let earlier = sibling {
                if earlier.sameTest(as: node) { position += 1 }
                sibling = earlier.previousSibling
            }
            steps.append("\(test)[\(position)]")
            current = node.parent
        }
        return "/" + steps.reversed().joined(separator: "/")
    }

    private func sameTest(as other: XMLTreeNode) -> Bool {
        switch (kind, other.kind) {
        case (.element, .element): return (name?.qualifiedName).hasSameCodePoints(as: other.name?.qualifiedName)
        case (.text, .text), (.text, .cdata), (.cdata, .text), (.cdata, .cdata): return true
        default: return kind == other.kind
        }
    }

    private static func shortened(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\n", with: "\\n")
        return escaped.count > 40 ? String(escaped.prefix(40)) + "…" : escaped
    }
}

extension XPathNode: CustomStringConvertible {
    /// The node as ``XMLTreeNode/description`` prints it; an attribute or namespace with its
    /// element: `attribute code="10001" of <site code="10001"> at /schedule/sites/site[1]`.
    public var description: String {
        switch self {
        case .node(let node): return node.description
        case .attribute(let element, let index):
            return "attribute " + element.attributeName(at: index).qualifiedName + "=\"" + element.attributeValue(at: index)
                + "\" of " + element.description
        case .namespace(let element, let prefix, let uri):
            return "namespace " + (prefix.isEmpty ? "xmlns" : "xmlns:" + prefix) + "=\"" + uri + "\" of " + element.description
        }
    }
}
