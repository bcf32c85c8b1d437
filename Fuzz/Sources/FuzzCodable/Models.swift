import Foundation
import XMLCoding

// The models FuzzCodable decodes: every kind of value XMLCoding reads, nested, with
// attributes (XMLNodePlacing), wrapped arrays (XMLArrayLayouts), the text key, an enum with
// a raw value and one with associated values. Their `==` is exact (see Exact.swift): strings
// by code points, Double by bit pattern (NaN equal to NaN: the encoder writes every NaN as
// `NaN`), dates by their Double.

enum Role: String, Codable, Equatable, Exact {
    case admin, editor, viewer

    func compare(_ other: Role, _ d: inout Differences) { d.check(self == other, self, other) }
}

/// Under a key, the case's element: `<shape><circle>1.5</circle></shape>`.
enum Shape: Codable, Equatable, Exact {
    case circle(Double)
    case rect(width: Int, height: Int?)
    case label(String)
    case empty

    func compare(_ other: Shape, _ d: inout Differences) {
        switch (self, other) {
        case (.circle(let a), .circle(let b)): d.field("circle", a, b)
        case (.rect(let w1, let h1), .rect(let w2, let h2)):
            d.field("width", w1, w2)
            d.field("height", h1, h2)
        case (.label(let a), .label(let b)): d.field("label", a, b)
        case (.empty, .empty): break
        default: d.check(false, self, other)
        }
    }

    static func == (a: Shape, b: Shape) -> Bool { Differences.none(a, b) }
}

struct Person: Codable, Equatable, Exact, XMLNodePlacing {
    var id: Int
    var role: Role?
    var name: String
    var email: String?
    var age: Int?
    var height: Double?
    var verified: Bool?
    var birthDate: Date?
    var avatar: Data?
    var nicknames: [String]
    var friends: [Person]?
    /// The element's own text, beside its attributes and children.
    var note: String?

    enum CodingKeys: String, CodingKey {
        case id, role, name, email, age, height, verified, birthDate, avatar, nicknames, friends
        case note = ""
    }

    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
        switch key.stringValue {
        case "id", "role", "verified": return .attribute
        case "nicknames", "friends": return .element
        default: return .attributeOrElement
        }
    }

    func compare(_ o: Person, _ d: inout Differences) {
        d.field("id", id, o.id)
        d.field("role", role, o.role)
        d.field("name", name, o.name)
        d.field("email", email, o.email)
        d.field("age", age, o.age)
        d.field("height", height, o.height)
        d.field("verified", verified, o.verified)
        d.field("birthDate", birthDate, o.birthDate)
        d.field("avatar", avatar, o.avatar)
        d.field("nicknames", nicknames, o.nicknames)
        d.field("friends", friends, o.friends)
        d.field("note", note, o.note)
    }

    static func == (a: Person, b: Person) -> Bool { Differences.none(a, b) }
}

/// The document element.
struct Library: Codable, Equatable, Exact, XMLNodePlacing, XMLArrayLayouts {
    var name: String
    var foundedOn: Date?
    var isOpen: Bool?
    var rating: Double?
    var visitorCount: Int?
    var logo: Data?
    var category: Role?
    var shape: Shape?
    var tags: [String]
    var scores: [Double]?
    var dates: [Date]?
    var matrix: [[Int]]?
    /// Wrapped: `<notes><note>…</note><note xsi:nil="true"/></notes>`.
    var notes: [String?]
    var labels: [String: String]?
    /// Wrapped: `<staffMembers><person …/></staffMembers>`.
    var staffMembers: [Person]
    var director: Person?
    var text: String?

    enum CodingKeys: String, CodingKey {
        case name, foundedOn, isOpen, rating, visitorCount, logo, category, shape, tags, scores, dates, matrix, notes
        case labels, staffMembers, director
        case text = ""
    }

    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement {
        switch key.stringValue {
        case "name", "foundedOn", "rating": return .attribute
        case "shape", "director", "labels": return .element
        default: return .attributeOrElement
        }
    }

    static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout {
        switch key.stringValue {
        case "notes": return .wrapped(item: "note")
        case "staffMembers": return .wrapped(item: "person")
        default: return .repeated
        }
    }

    func compare(_ o: Library, _ d: inout Differences) {
        d.field("name", name, o.name)
        d.field("foundedOn", foundedOn, o.foundedOn)
        d.field("isOpen", isOpen, o.isOpen)
        d.field("rating", rating, o.rating)
        d.field("visitorCount", visitorCount, o.visitorCount)
        d.field("logo", logo, o.logo)
        d.field("category", category, o.category)
        d.field("shape", shape, o.shape)
        d.field("tags", tags, o.tags)
        d.field("scores", scores, o.scores)
        d.field("dates", dates, o.dates)
        d.field("matrix", matrix, o.matrix)
        d.field("notes", notes, o.notes)
        d.field("labels", labels, o.labels)
        d.field("staffMembers", staffMembers, o.staffMembers)
        d.field("director", director, o.director)
        d.field("text", text, o.text)
    }

    static func == (a: Library, b: Library) -> Bool { Differences.none(a, b) }
}
