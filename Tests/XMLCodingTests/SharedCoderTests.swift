import Foundation
import Testing
import XMLCoding

/// The coders are `Sendable`, as Foundation's are: one configured decoder or encoder serves
/// many tasks at once.
@Suite("One decoder and one encoder shared by many tasks")
struct SharedCoderTests {
    private struct Site: Codable, Equatable {
        var siteCode: String
        var name: String
    }

    @Test("Concurrent decodes and encodes through one configured coder give each task its own value")
    func sharedAcrossTasks() async throws {
        let decoder = XMLDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let encoder = XMLEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.writesDeclaration = false
        let results = try await withThrowingTaskGroup(of: (Int, Site, String).self) { group in
            for i in 0..<64 {
                group.addTask {
                    let xml = "<site site_code='\(i)'><name>Site \(i)</name></site>"
                    let site = try decoder.decode(Site.self, from: Array(xml.utf8))
                    let written = String(decoding: try encoder.encode(site, withRootKey: "site"), as: UTF8.self)
                    return (i, site, written)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 64)
        for (i, site, written) in results {
            #expect(site == Site(siteCode: "\(i)", name: "Site \(i)"))
            #expect(written == "<site><site_code>\(i)</site_code><name>Site \(i)</name></site>")
        }
    }

    @Test("A decode takes the settings as they are when it starts")
    func settingsSnapshot() throws {
        let decoder = XMLDecoder()
        let xml = Array("<site site_code='1'><name>A</name></site>".utf8)
        #expect(throws: DecodingError.self) { try decoder.decode(Site.self, from: xml) }
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Site.self, from: xml) == Site(siteCode: "1", name: "A"))
    }

    @available(*, deprecated, message: "uses the deprecated spelling on purpose")
    private func deprecatedCapitalized() -> XMLEncoder.KeyEncodingStrategy { .capitalized }

    @Test("The encoder's capitalized strategy is convertToCapitalized, its old name still works")
    @available(*, deprecated, message: "uses the deprecated spelling on purpose")
    func capitalizedRename() throws {
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.keyEncodingStrategy = deprecatedCapitalized()
        let written = String(decoding: try encoder.encode(Site(siteCode: "1", name: "A"), withRootKey: "site"), as: UTF8.self)
        #expect(written == "<site><SiteCode>1</SiteCode><Name>A</Name></site>")
    }
}
