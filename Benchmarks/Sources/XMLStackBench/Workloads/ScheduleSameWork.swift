import BenchmarkSupport
import Foundation
import XMLStreaming

#if canImport(FoundationXML)
    import FoundationXML
#endif

// The handler stack's work done two other ways, for the same Team/Contact/Site/Activity
// values and the same counts and checksum: by hand on the stream parser (what the stack
// costs over code with no stack), and by the book's own design on Foundation's XMLParser (what
// a developer moving from the book's code gains).

extension ScheduleImportCounter {
    /// A finished team, counted as the stack's root counts it.
    mutating func count(_ team: Team) {
        teams += 1
        contacts += team.contacts.count
        checksum &+= team.name.utf8.count
        for contact in team.contacts { checksum &+= contact.name.utf8.count &+ contact.phone.utf8.count }
    }

    /// A finished site.
    mutating func count(_ site: Site) {
        sites += 1
        activities += site.activities.count
        checksum &+= site.name.utf8.count &+ site.city.utf8.count &+ site.zip.utf8.count
        for activity in site.activities { checksum &+= activity.summary.utf8.count &+ activity.start.utf8.count }
    }
}

/// One `XMLEventHandler` that knows the whole feed: a `switch` on names, the entity being
/// built in optionals, text joined in one buffer. The fastest a hand-written import gets.
struct HandWrittenScheduleHandler: XMLEventHandler {
    var counter = ScheduleImportCounter()
    private var team: Team?
    private var contact: Contact?
    private var site: Site?
    private var activity: Activity?
    private var text: [UInt8] = []

    private func joinedText() -> String {
        text.withUnsafeBufferPointer { XMLStringView(borrowing: $0).trimmingWhitespace.string }
    }

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        text.removeAll(keepingCapacity: true)
        switch name.localName {
        case "team":
            guard let code = attributes["code"] else { throw BenchError("a team without a code") }
            team = Team(code: code.string)
        case "contact":
            guard let team else { throw BenchError("a contact outside a team") }
            contact = Contact(
                teamCode: team.code, phone: attributes["phone"]?.string ?? "",
                isHead: attributes["isHead"].map { $0 == "YES" } ?? false)
        case "site":
            guard let code = attributes["code"] else { throw BenchError("a site without a code") }
            site = Site(code: code.string)
        case "activity":
            guard let site else { throw BenchError("an activity outside a site") }
            guard let teamCode = attributes["team"] else { throw BenchError("an activity without a team") }
            activity = Activity(
                siteCode: site.code, teamCode: teamCode.string, start: attributes["start"]?.string ?? "",
                end: attributes["end"]?.string ?? "")
        case "city":
            site?.zip = attributes["zip"]?.string ?? ""
        default:
            break
        }
    }

    mutating func endElement(_ name: XMLName) throws {
        defer { text.removeAll(keepingCapacity: true) }
        switch name.localName {
        case "contact":
            if var finished = contact {
                finished.name = joinedText()
                team?.contacts.append(finished)
                contact = nil
            }
        case "activity":
            if var finished = activity {
                finished.summary = joinedText()
                site?.activities.append(finished)
                activity = nil
            }
        case "team":
            if let team { counter.count(team) }
            team = nil
        case "site":
            if let site { counter.count(site) }
            site = nil
        case "name":
            if let site { site.name = joinedText() } else if let team { team.name = joinedText() }
        case "street": site?.street = joinedText()
        case "city": site?.city = joinedText()
        case "countryCode": site?.countryCode = joinedText()
        default: break
        }
    }

    mutating func characters(_ piece: XMLStringView) throws {
        piece.withUnsafeBytes { text.append(contentsOf: $0) }
    }
}

/// The book's SiteSchedule parser on Foundation: one delegate keeps a stack of model objects
/// and forwards each event to the object on top; an entity element creates its object with
/// its attributes and its predecessor, is pushed, and when it ends is popped and adopted.
protocol BookElement: AnyObject {
    func startChild(_ name: String, attributes: [String: String])
    func endChild(_ name: String, text: String)
    func end(text: String)
    func adopt(_ child: BookElement)
}

extension BookElement {
    func startChild(_ name: String, attributes: [String: String]) {}
    func endChild(_ name: String, text: String) {}
    func end(text: String) {}
    func adopt(_ child: BookElement) {}
}

final class BookTeam: BookElement {
    let team: Team
    init(attributes: [String: String]) { team = Team(code: attributes["code"] ?? "") }
    func endChild(_ name: String, text: String) { if name == "name" { team.name = text } }
    func adopt(_ child: BookElement) { if let contact = child as? BookContact { team.contacts.append(contact.contact) } }
}

final class BookContact: BookElement {
    var contact: Contact
    init(attributes: [String: String], team: BookTeam) {
        contact = Contact(teamCode: team.team.code, phone: attributes["phone"] ?? "", isHead: attributes["isHead"] == "YES")
    }
    func end(text: String) { contact.name = text }
}

final class BookSite: BookElement {
    let site: Site
    init(attributes: [String: String]) { site = Site(code: attributes["code"] ?? "") }
    func startChild(_ name: String, attributes: [String: String]) { if name == "city" { site.zip = attributes["zip"] ?? "" } }
    func endChild(_ name: String, text: String) {
        switch name {
        case "name": site.name = text
        case "street": site.street = text
        case "city": site.city = text
        case "countryCode": site.countryCode = text
        default: break
        }
    }
    func adopt(_ child: BookElement) { if let activity = child as? BookActivity { site.activities.append(activity.activity) } }
}

final class BookActivity: BookElement {
    var activity: Activity
    init(attributes: [String: String], site: BookSite) {
        activity = Activity(
            siteCode: site.site.code, teamCode: attributes["team"] ?? "", start: attributes["start"] ?? "",
            end: attributes["end"] ?? "")
    }
    func end(text: String) { activity.summary = text }
}

/// The delegate: the stack, the text, and the routing of entity names to their classes.
final class BookScheduleDelegate: NSObject, XMLParserDelegate {
    var counter = ScheduleImportCounter()
    private var stack: [(element: BookElement, depth: Int)] = []
    private var depth = 0
    private var text = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        depth += 1
        text = ""
        let top = stack.last?.element
        let created: BookElement?
        switch elementName {
        case "team": created = BookTeam(attributes: attributeDict)
        case "contact": created = (top as? BookTeam).map { BookContact(attributes: attributeDict, team: $0) }
        case "site": created = BookSite(attributes: attributeDict)
        case "activity": created = (top as? BookSite).map { BookActivity(attributes: attributeDict, site: $0) }
        default: created = nil
        }
        if let created {
            stack.append((created, depth))
        } else {
            top?.startChild(elementName, attributes: attributeDict)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { text += String(decoding: CDATABlock, as: UTF8.self) }

    /// Trims what the stack trims: XML's white space (space, tab, CR, LF), not Unicode's.
    static func trimmingXMLWhitespace(_ text: String) -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        defer {
            depth -= 1
            text = ""
        }
        let trimmed = Self.trimmingXMLWhitespace(text)
        if let top = stack.last, top.depth == depth {
            stack.removeLast()
            top.element.end(text: trimmed)
            if let parent = stack.last?.element {
                parent.adopt(top.element)
            } else if let team = top.element as? BookTeam {
                counter.count(team.team)
            } else if let site = top.element as? BookSite {
                counter.count(site.site)
            }
        } else {
            stack.last?.element.endChild(elementName, text: trimmed)
        }
    }
}
