import SiteScheduleImport
import SiteScheduleModel
import XMLCoder
import XMLCoding

/// The whole feed as one value for XMLCoding: teams and sites, each a wrapper of records.
struct FeedDocument: Codable, XMLArrayLayouts {
    var teams: [FeedTeam]
    var sites: [FeedSite]

    static func arrayLayout(for key: any CodingKey) -> XMLArrayLayout {
        key.stringValue == "teams" ? .wrapped(item: "team") : .wrapped(item: "site")
    }

    func models() throws -> (teams: [Team], sites: [Site]) {
        (try teams.map { try $0.team() }, try sites.map { try $0.site { _ in true } })
    }
}

// XMLCoder reads an array as elements repeated under its key, so its wrappers are structs
// of their own; the records inside are the same Codable types.
struct XCDocument: Codable {
    struct Teams: Codable { var team: [FeedTeam] }
    struct Sites: Codable { var site: [XCSite] }
    var teams: Teams
    var sites: Sites

    func models() throws -> (teams: [Team], sites: [Site]) {
        (try teams.team.map { try $0.team() }, try sites.site.map { try $0.site.site { _ in true } })
    }

    init(_ document: FeedDocument) {
        teams = Teams(team: document.teams)
        sites = Sites(site: document.sites.map(XCSite.init))
    }
}

struct XCSite: Codable, DynamicNodeEncoding, PlacedForXMLCoder {
    struct Activities: Codable { var activity: [FeedActivity] }
    var code: String
    var name: String?
    var street: String?
    var city: FeedCity?
    var countryCode: String?
    var activities: Activities?

    init(_ site: FeedSite) {
        code = site.code
        name = site.name
        street = site.street
        city = site.city
        countryCode = site.countryCode
        activities = Activities(activity: site.activities)
    }

    var site: FeedSite {
        var site = FeedSite(Site(code: code))
        site.name = name
        site.street = street
        site.city = city
        site.countryCode = countryCode
        site.activities = activities?.activity ?? []
        return site
    }

    static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { FeedSite.nodePlacement(for: key) }
}

/// XMLCoder's attribute declarations, read from the records' own `XMLNodePlacing`, so both
/// encoders write the same attributes. The text key is never an attribute.
public protocol PlacedForXMLCoder: DynamicNodeEncoding, XMLNodePlacing {}

extension PlacedForXMLCoder {
    public static func nodeEncoding(for key: any CodingKey) -> XMLCoder.XMLEncoder.NodeEncoding {
        key.stringValue != "" && nodePlacement(for: key) == .attribute ? .attribute : .element
    }
}

extension FeedTeam: @retroactive DynamicNodeEncoding, PlacedForXMLCoder {}
extension FeedContact: @retroactive DynamicNodeEncoding, PlacedForXMLCoder {}
extension FeedCity: @retroactive DynamicNodeEncoding, PlacedForXMLCoder {}
extension FeedActivity: @retroactive DynamicNodeEncoding, PlacedForXMLCoder {}
