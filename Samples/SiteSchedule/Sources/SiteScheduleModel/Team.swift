/// A team of the construction company, sent to building sites: the book's `Team`.
///
/// A plain value with no XML in it; the import layer teaches it to read itself from a feed.
public struct Team: Hashable, Sendable, Codable {
    /// The team's code, unique in the company ("100").
    public var code: String
    /// What the team is called ("Betonbauer").
    public var name: String
    /// Who to call, in feed order.
    public var contacts: [Contact]

    /// Creates a team.
    public init(code: String, name: String = "", contacts: [Contact] = []) {
        self.code = code
        self.name = name
        self.contacts = contacts
    }

    /// The contacts with the head of the team first, then the others in feed order.
    public var contactsHeadFirst: [Contact] {
        contacts.filter(\.isHead) + contacts.filter { !$0.isHead }
    }
}
