internal import XMLSyntax
import XMLWriting

/// Builds a document in code, with Scrivener's one-liners: add a child with a name and a
/// string value, get it back to add attributes, then write the whole with the writer.
///
/// ```swift
/// let project = XMLElementBuilder("project")
/// let chapter = project.addChild("chapter", stringValue: "Anfang")
/// chapter.addAttribute("id", "1")
/// try project.write(to: .file(path: "project.xml"))
/// ```
///
/// A class, so the element you get back is the one in the tree. Text goes through the
/// writer's character policy: a form feed pasted from Word cannot make the file unreadable.
public final class XMLElementBuilder {
    /// What an element holds, in order.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum Content {
        /// A child element.
        case element(XMLElementBuilder)
        /// Text, escaped as the writer escapes it.
        case text(String)
        /// A CDATA section holding the string.
        case cdata(String)
        /// A comment, without `<!--` and `-->`.
        case comment(String)
        /// A processing instruction, `<?target data?>`.
        case processingInstruction(target: String, data: String)
    }

    /// The element's name (its local name when it is in a namespace).
    public var name: String
    /// The element's namespace, or `nil` for none.
    public var namespaceURI: String?
    /// The prefix the namespace is written with; `nil` writes it as the default namespace.
    public var prefix: String?
    /// The attributes as name and value, in the order they were first added
    /// (``XMLElementBuilder/addAttribute(_:_:)`` replaces a value in place).
    public private(set) var attributes: [(name: String, value: String)] = []
    /// The element's children, text, CDATA sections, comments and processing instructions, in order.
    public private(set) var content: [Content] = []

    /// An element called `name`, optionally in a namespace (written with `prefix`, or as
    /// the default namespace).
    public init(_ name: String, namespace: String? = nil, prefix: String? = nil) {
        self.name = name
        self.namespaceURI = namespace
        self.prefix = prefix
    }

    /// Adds a child element with `stringValue` as its text (none when empty) and returns it.
    @discardableResult
    public func addChild(_ name: String, stringValue: String = "") -> XMLElementBuilder {
        let child = XMLElementBuilder(name)
        if !stringValue.isEmpty { child.content.append(.text(stringValue)) }
        content.append(.element(child))
        return child
    }

    /// Adds an existing element as the last child.
    public func addChild(_ child: XMLElementBuilder) {
        content.append(.element(child))
    }

    /// Where each attribute name sits in ``attributes``, kept once there are more than a few
    /// (a linear search per attribute would make a big element quadratic).
    /// By code points: `é` and `e` + U+0301 are two attributes.
    private var attributePositions: [CodePointString: Int] = [:]

    /// Sets an attribute, replacing one of the same name.
    /// - Complexity: amortized O(1).
    public func addAttribute(_ name: String, _ value: String) {
        let existing =
            attributes.count <= 8
            ? attributes.firstIndex(where: { $0.name.hasSameCodePoints(as: name) }) : attributePositions[CodePointString(name)]
        if let i = existing {
            attributes[i].value = value
            return
        }
        attributes.append((name, value))
        if attributes.count == 9 {
            for (i, attribute) in attributes.enumerated() { attributePositions[CodePointString(attribute.name)] = i }
        } else if attributes.count > 9 {
            attributePositions[CodePointString(name)] = attributes.count - 1
        }
    }

    /// Adds text after the content so far; the writer escapes it.
    public func addText(_ text: String) { content.append(.text(text)) }
    /// Adds a CDATA section holding `text`.
    public func addCDATA(_ text: String) { content.append(.cdata(text)) }
    /// Adds a comment holding `text`.
    public func addComment(_ text: String) { content.append(.comment(text)) }
    /// Adds a processing instruction, `<?target data?>`.
    public func addProcessingInstruction(target: String, data: String = "") {
        content.append(.processingInstruction(target: target, data: data))
    }

    /// The child elements.
    public var children: [XMLElementBuilder] {
        content.compactMap { if case .element(let e) = $0 { return e } else { return nil } }
    }

    /// Writes this element as a whole document (with an XML declaration).
    @discardableResult
    public func write(to output: XMLWriterOutput = .memory, indentation: String? = nil) throws -> XMLStreamWriter {
        let writer = try XMLStreamWriter(to: output, options: .init(indentation: indentation))
        do {
            try writer.declaration()
            try write(into: writer)
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
        return writer
    }

    /// Writes this element and its content with `writer`.
    public func write(into writer: XMLStreamWriter) throws {
        try writer.startElement(name, namespace: namespaceURI, prefix: prefix)
        for (name, value) in attributes { try writer.attribute(name, value: value) }
        for item in content {
            switch item {
            case .element(let child): try child.write(into: writer)
            case .text(let text): try writer.text(text)
            case .cdata(let text): try writer.cdata(text)
            case .comment(let text): try writer.comment(text)
            case .processingInstruction(let target, let data): try writer.processingInstruction(target: target, data: data)
            }
        }
        try writer.endElement()
    }

    /// The element as an immutable tree, by writing it and reading it back.
    public func document() throws -> XMLTreeDocument {
        try XMLTreeDocument(bytes: write().bytes)
    }
}

@available(*, unavailable, message: "A builder belongs to one task; send the document it builds.")
extension XMLElementBuilder: Sendable {}
