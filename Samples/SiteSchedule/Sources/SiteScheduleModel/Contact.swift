/// A person to call about a team: the book's `Contact`, which belongs to its team.
public struct Contact: Hashable, Sendable, Codable {
    /// The contact's name ("Hr. Meier").
    public var name: String
    /// The phone number as the feed gives it ("+49 163 1234567").
    public var phone: String
    /// Whether this is the head of the team.
    public var isHead: Bool

    /// Creates a contact.
    public init(name: String = "", phone: String, isHead: Bool) {
        self.name = name
        self.phone = phone
        self.isHead = isHead
    }
}
