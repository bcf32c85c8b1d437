import Foundation
import SiteScheduleImport
import SiteScheduleModel
import Testing
import XMLCoding
import XMLHandlerStack
import XMLTestSupport
import XMLValidation
import XMLWriting

/// `siteschedule import --codable`: the same feeds through XMLCoding give the same rows.
@Suite("The Codable import")
struct CodableImportTests {
    @Test("the Codable reading and the hand-written one give identical databases, and re-import unchanged")
    func identicalDatabases() throws {
        let directory = try TemporaryDirectory()
        let generated = try ImportPipelineTests.generatedFeed(in: directory)
        for feeds in [[fixture("schedule.xml")], [fixture("schedule-large.xml")], [generated]] {
            let handWritten = try freshDatabase(in: directory, named: "h.sqlite")
            let codable = try freshDatabase(in: directory, named: "c.sqlite")
            let first = try ScheduleImport.run(feeds.map { .file($0) }, into: handWritten)
            let second = try ScheduleImport.run(feeds.map { .file($0) }, into: codable, reading: .codable)
            #expect(try dump(handWritten) == dump(codable))
            #expect(first.activities.inserted == second.activities.inserted && first.activities.inserted > 0)
            // The other reading of the same feed finds every row unchanged.
            let again = try ScheduleImport.run(feeds.map { .file($0) }, into: handWritten, reading: .codable)
            #expect(again.activities.unchanged == first.activities.inserted && again.sites.inserted == 0)
            for name in ["h.sqlite", "c.sqlite"] { try FileManager.default.removeItem(atPath: directory.path + "/" + name) }
        }
    }

    @Test("values written with white space around them give the same rows in both readings, validated or not (the schema's FeedTime allows it)")
    func paddedValues() throws {
        let directory = try TemporaryDirectory()
        let feed = """
            <schedule><teams><team code=" 7 "><name> Sp ace </name><contact phone=" 1 2 " isHead="YES"> Hr. X </contact></team></teams>
            <sites><site code="1"><name> S </name><city zip=" 9 "> C </city><activities>
            <activity team="7" start=" 2012-03-01 6:00" end="2012-03-01 7:00 "> sum </activity></activities></site></sites></schedule>
            """
        let path = try directory.write(feed, named: "padded.xml")
        var dumps: [[String]] = []
        for (index, reading) in [FeedReading.handWritten, .codable].enumerated() {
            for schema in [nil, try ScheduleSchema.compiled()] {
                let database = try freshDatabase(in: directory, named: "\(index)-\(schema == nil).sqlite")
                _ = try ScheduleImport.run([.file(path)], into: database, reading: reading, validatingAgainst: schema)
                dumps.append(try dump(database))
            }
        }
        // Without the schema (whose YesNo takes no white space), a padded isHead too.
        let paddedHead = try directory.write(feed.replacingOccurrences(of: #"isHead="YES""#, with: #"isHead=" YES ""#), named: "head.xml")
        for (index, reading) in [FeedReading.handWritten, .codable].enumerated() {
            let database = try freshDatabase(in: directory, named: "head-\(index).sqlite")
            _ = try ScheduleImport.run([.file(paddedHead)], into: database, reading: reading)
            dumps.append(try dump(database))
        }
        #expect(dumps.count == 6 && Set(dumps).count == 1)
        let rows = dumps[0].joined(separator: "\n")
        #expect(rows.contains("1 2") && !rows.contains(" 1 2 ") && rows.contains("2012-03-01 06:00"), "\(rows)")
    }

    @Test("a bad value or an unknown team fails the Codable import at its place and leaves the database as it was")
    func errorsRollBack() throws {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule.xml"))], into: database)
        let before = try dump(database)
        let badTime = """
            <schedule><sites><site code="10002"><name>Tor</name>
            <activities><activity team="100" start="2012-13-01 6:00" end="2012-03-31 12:00">x</activity></activities>
            </site></sites></schedule>
            """
        #expect {
            try ScheduleImport.run([.bytes(Array(badTime.utf8), name: "bad.xml")], into: database, reading: .codable)
        } throws: { error in
            // The record fails at its end tag; the decoder's message names the attribute's element.
            "\(error)".hasPrefix("bad.xml:3:1: error:") && "\(error)".contains("not a schedule time: 2012-13-01 6:00 at bad.xml:2:13")
        }
        let unknownTeam = """
            <schedule><sites><site code="10002"><name>Tor</name>
            <activities><activity team="999" start="2012-03-01 6:00" end="2012-03-31 12:00">x</activity></activities>
            </site></sites></schedule>
            """
        #expect {
            try ScheduleImport.run([.bytes(Array(unknownTeam.utf8), name: "team.xml")], into: database, reading: .codable)
        } throws: { error in
            "\(error)" == "team.xml:3:1: error: the activity's team 999 is neither in the database nor earlier in the feed"
        }
        #expect(try dump(database) == before)
    }

    @Test("the feed records encode back to a feed that imports to the same rows")
    func encodeBack() throws {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule-large.xml"))], into: database)
        let decoder = XMLDecoder()
        var teams: [Team] = []
        let teamRecords = try decoder.decode(FeedTeam.self, eachAt: "schedule/teams/team", contentsOf: fixture("schedule-large.xml"))
        while let record = try teamRecords.next() { teams.append(try record.team()) }
        var sites: [Site] = []
        let siteRecords = try decoder.decode(FeedSite.self, eachAt: "schedule/sites/site", contentsOf: fixture("schedule-large.xml"))
        while let record = try siteRecords.next() { sites.append(try record.site { _ in true }) }
        #expect(teams.count == 20 && sites.count == 80)
        let path = directory.path + "/again.xml"
        let writer = try XMLStreamWriter(to: .file(path: path))
        try writer.startElement("schedule")
        try writer.startElement("teams")
        let encoder = XMLEncoder()
        for team in teams { try encoder.encode(FeedTeam(team), withRootKey: "team", into: writer) }
        try writer.endElement()
        try writer.startElement("sites")
        for site in sites { try encoder.encode(FeedSite(site), withRootKey: "site", into: writer) }
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        let copy = try freshDatabase(in: directory, named: "copy.sqlite")
        _ = try ScheduleImport.run([.file(path)], into: copy)
        #expect(try dump(copy) == dump(database))
    }
}
