internal import XMLSyntax

/// Entity names and their replacement text, for ``XMLUnexpandedEntityPolicy/replace(_:)``:
/// what an unread DTD would have declared.
///
/// ```swift
/// let table = XMLEntityTable.html.merging(XMLEntityTable(["product": "XMLStack"]))
/// ```
///
/// Names are compared by code points, as XML compares names. Replacement text is characters
/// only: the table never adds markup to a document.
public struct XMLEntityTable: Hashable, Sendable {
    private var replacements: [CodePointString: String]

    /// A table of `name: text` pairs.
    ///
    /// - Precondition: no text holds `<` or `&` (a table replaces references with
    ///   characters, never with markup).
    public init(_ replacements: [String: String]) {
        var table: [CodePointString: String] = [:]
        for (name, text) in replacements {
            precondition(!text.utf8.contains(0x3C) && !text.utf8.contains(0x26), "the text for &\(name); holds markup")
            table[CodePointString(name)] = text
        }
        self.replacements = table
    }

    /// The general entities that `declarations` declare: the text of a DTD such as XHTML's
    /// `xhtml-lat1.ent` or DocBook's ISO entity sets (`<!ENTITY nbsp "&#160;">` …), read by
    /// XMLStack itself as an internal subset. Parameter entities and external entities are
    /// left out, as the parser leaves them out of documents.
    ///
    /// - Throws: ``XMLParseError`` when the declarations are not well-formed, or when a
    ///   replacement text holds markup or a reference to another entity (code
    ///   ``XMLParseError/Code/unexpandedEntity``).
    public init(declarations: String) throws {
        let parser = XMLStreamParser(handler: Collector(), options: XMLParserOptions(processesNamespaces: false))
        do {
            try parser.parse(Self.prefix + declarations + "\n]><entities/>")
        } catch var error as XMLParseError {
            error.position = Self.inDeclarations(error.position)
            throw error
        }
        let collector = parser.handler
        if let (name, position) = collector.markup {
            throw XMLParseError(
                code: .unexpandedEntity,
                message: "the text of entity &\(name); holds markup or a reference; a table's text is characters only",
                position: Self.inDeclarations(position))
        }
        replacements = collector.replacements
    }

    /// The declarations are read as the internal subset of this DOCTYPE, on its first line.
    private static let prefix = "<!DOCTYPE entities ["

    /// A position in the wrapped text as a position in the caller's declarations.
    private static func inDeclarations(_ position: XMLPosition) -> XMLPosition {
        let length = prefix.utf8.count
        return XMLPosition(
            line: position.line, column: position.line == 1 ? max(1, position.column - length) : position.column,
            byteOffset: max(0, position.byteOffset - Int64(length)))
    }

    /// HTML 4.01's and XHTML 1.0's 248 named characters (`nbsp`, `eacute`, `mdash`, `euro`…),
    /// XML's five predefined entities aside.
    public static let html: XMLEntityTable = {
        var table: [CodePointString: String] = [:]
        for (name, value) in HTMLEntities.codePoints {
            table[CodePointString(name)] = String(Character(Unicode.Scalar(value)!))
        }
        return XMLEntityTable(storage: table)
    }()

    private init(storage: [CodePointString: String]) { replacements = storage }

    /// The replacement text for `name`, compared by code points.
    public subscript(name: String) -> String? { replacements[CodePointString(name)] }

    /// How many names the table has.
    public var count: Int { replacements.count }

    /// This table with `other`'s names added; where both have a name, `other`'s text wins.
    public func merging(_ other: XMLEntityTable) -> XMLEntityTable {
        XMLEntityTable(storage: replacements.merging(other.replacements) { _, new in new })
    }

    private struct Collector: XMLEventHandler {
        var replacements: [CodePointString: String] = [:]
        var markup: (String, XMLPosition)?
        var locator: XMLLocator?

        mutating func startDocument(_ locator: XMLLocator) { self.locator = locator }

        mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) throws {
            guard !declaration.isParameterEntity, let value = declaration.value else { return }
            if value.utf8.contains(0x3C) || value.utf8.contains(0x26) {
                if markup == nil, let locator { markup = (declaration.name, locator.position) }
                return
            }
            // The first declaration of a name binds, as XML 1.0 says.
            let key = CodePointString(declaration.name)
            if replacements[key] == nil { replacements[key] = value }
        }
    }
}
