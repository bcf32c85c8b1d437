/// A building site: the book's `Site`, with the activities planned there.
public struct Site: Hashable, Sendable, Codable {
    /// The site's code, unique in the company ("10001").
    public var code: String
    /// What the site is called ("Kölner Dom").
    public var name: String
    /// The street and number ("Domkloster 4").
    public var street: String
    /// The postal code ("50667").
    public var zip: String
    /// The city ("Köln").
    public var city: String
    /// The ISO country code ("de").
    public var countryCode: String
    /// What teams do here, in feed order.
    public var activities: [Activity]

    /// Creates a site.
    public init(
        code: String, name: String = "", street: String = "", zip: String = "", city: String = "",
        countryCode: String = "", activities: [Activity] = []
    ) {
        self.code = code
        self.name = name
        self.street = street
        self.zip = zip
        self.city = city
        self.countryCode = countryCode
        self.activities = activities
    }
}
