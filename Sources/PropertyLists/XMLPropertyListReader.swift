import Foundation
import XMLStreaming

/// Reads an XML plist straight from the stream parser's events, with no tree in between;
/// ``XMLPlistBuilder`` makes the values.
struct XMLPropertyListReader: XMLEventHandler {
    private var builder = XMLPlistBuilder()
    var result: PropertyList? { builder.result }
    private var text: [UInt8] = []
    private var collecting = false
    private var locator = XMLLocator.detached

    private func error(_ message: String) -> PropertyListError {
        PropertyListError(message, position: locator.position, fileName: locator.fileName)
    }

    mutating func startDocument(_ locator: XMLLocator) {
        self.locator = locator
    }

    private static func element(_ name: XMLStringView) -> XMLPlistBuilder.Element? {
        unsafe name.withUnsafeBytes { unsafe XMLPlistBuilder.element(UnsafeRawBufferPointer($0)) }
    }

    /// The value element whose text is being collected.
    private var valueElement: XMLPlistBuilder.Element = .plist

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        if collecting { throw error("<\(name.qualifiedName)> inside a value that holds only text") }
        guard let element = Self.element(name.localName) else {
            throw error("<\(name.qualifiedName)> is not a property-list element")
        }
        do { try builder.open(element) } catch { throw self.error(error.message) }
        switch element {
        case .plist, .dict, .array:
            break
        default:
            collecting = true
            valueElement = element
            text.removeAll(keepingCapacity: true)
        }
    }

    /// A DOCTYPE with an internal subset (`<!DOCTYPE plist [ … ]>`) is refused where it ends,
    /// as Apple's parsers refuse it (an entity declaration in it is refused first, with its
    /// own line): a plist's DOCTYPE only names Apple's DTD.
    private var doctypeHasInternalSubset = false

    mutating func startDoctype(_ doctype: XMLDoctype) {
        doctypeHasInternalSubset = doctype.hasInternalSubset
    }

    mutating func endDoctype() throws {
        if doctypeHasInternalSubset {
            throw error("a DOCTYPE with declarations of its own (an internal subset) is not supported in property lists")
        }
    }

    /// Entities are refused, as plistlib and Apple's parser refuse them: a plist is data, and
    /// an entity would let a file's text stand for other text.
    mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) throws {
        throw error("XML entity declarations are not supported in property lists (<!ENTITY \(declaration.name)>)")
    }

    /// A reference to an entity the plist DTD does not declare (it declares none): a value
    /// would lack it, so reading stops, as Foundation's reader does.
    mutating func skippedEntity(name: XMLStringView, isParameterEntity: Bool) throws {
        guard !isParameterEntity else { return }
        throw error("entity &\(name.string); is not defined (property lists use character references such as &#160;)")
    }

    mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) throws {
        throw error("entity &\(name.string); is not defined (property lists use character references such as &#160;)")
    }

    mutating func characters(_ piece: XMLStringView) throws {
        if collecting {
            unsafe piece.withUnsafeBytes { unsafe text.append(contentsOf: $0) }
        } else if !piece.isWhitespace {
            throw error("text outside a value")
        }
    }

    mutating func endElement(_ name: XMLName) throws {
        do {
            guard collecting else {
                // A container or <plist> ends (expat has checked the nesting).
                if let element = Self.element(name.localName) { try builder.close(element) }
                return
            }
            collecting = false
            try builder.leaf(valueElement, text: text)
        } catch {
            throw self.error(error.message)
        }
    }
}
