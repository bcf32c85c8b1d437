import SiteScheduleModel
import XMLHandlerStack
import XMLStreaming

// How a team reads itself from the feed: `<team code="100">` with `<name>` and its
// contacts. The model stays free of XML; this is the book's category on Team.
extension Team: Parseable {
    public init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard let code = attributes["code"]?.trimmingWhitespace, !code.isEmpty else {
            throw context.invalid(FeedRecordError.teamWithoutCode)
        }
        self.init(code: code.string)
    }

    public mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        guard name.localName == "name" else { return false }
        self.name = text.string
        return true
    }

    public mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        if let contact = child.value(as: Contact.self) { contacts.append(contact) }
    }
}

extension Contact: Parseable {
    public init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard predecessor.is(Team.self) else { throw context.invalid("a contact outside a team") }
        // Attribute values are trimmed, as element text is and as the Codable reading trims
        // every value: both readings store the same rows.
        let isHead: Bool
        do { isHead = try FeedRecordError.isHead(attributes["isHead"]?.trimmingWhitespace.string) } catch { throw context.invalid(error) }
        self.init(phone: attributes["phone"]?.trimmingWhitespace.string ?? "", isHead: isHead)
    }

    public mutating func didEnd(text: XMLStringView, context: ParseContext) throws {
        name = text.string
    }
}
