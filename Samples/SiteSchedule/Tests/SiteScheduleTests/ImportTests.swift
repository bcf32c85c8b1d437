import Foundation
import SiteScheduleImport
import SiteScheduleModel
import Testing
import XMLHandlerStack
import XMLStreaming
import XMLTestSupport

@Suite("Importing feeds")
struct ImportTests {
    @Test("the book's sample imports into the rows it describes")
    func sample() throws {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        let summary = try ScheduleImport.run([.file(fixture("schedule.xml"))], into: database)
        #expect(summary.teams.inserted == 1 && summary.contacts.inserted == 1)
        #expect(summary.sites.inserted == 1 && summary.activities.inserted == 1)
        #expect(summary.bytes == 487)
        #expect(try dump(database) == [
            #"team [code:"100" name:"Betonbauer"]"#,
            #"contact [teamCode:"100" position:0 name:"Hr. Meier" phone:"+49 163 1234567" isHead:1]"#,
            #"site [code:"10001" name:"Kölner Dom" street:"Domkloster 4" zip:"50667" city:"Köln" countryCode:"de"]"#,
            #"activity [siteCode:"10001" position:0 teamCode:"100" start:"2012-03-01 06:00" end:"2012-03-31 12:00" summary:"Stabilisierungsarbeiten"]"#,
        ])
    }

    @Test("importing the same feed twice changes nothing")
    func idempotent() throws {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        let feed = ScheduleFeed.file(fixture("schedule-large.xml"))
        let first = try ScheduleImport.run([feed], into: database)
        let before = try dump(database)
        let second = try ScheduleImport.run([feed], into: database)
        #expect(try dump(database) == before)
        #expect(second.teams.inserted + second.teams.updated + second.teams.removed == 0)
        #expect(second.contacts.inserted + second.contacts.updated + second.contacts.removed == 0)
        #expect(second.activities.inserted + second.activities.updated + second.activities.removed == 0)
        #expect(second.rows == first.rows && second.teams.unchanged == first.teams.inserted)
    }

    @Test("an existing team or site is updated in place and its children replaced, never duplicated")
    func update() throws {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule.xml"))], into: database)
        let changed = """
            <schedule><teams>
            <team code="100"><name>Betonbau Meier</name>
            <contact phone="+49 1" isHead="NO">Fr. Schulz</contact>
            <contact phone="+49 2" isHead="YES">Hr. Meier</contact></team>
            <team code="200"><name>Zimmerei</name></team>
            </teams><sites>
            <site code="10001"><name>Kölner Dom</name><street>Domkloster 4</street><city zip="50667">Köln</city>
            <countryCode>de</countryCode><activities></activities></site>
            </sites></schedule>
            """
        let summary = try ScheduleImport.run([.bytes(Array(changed.utf8), name: "changed.xml")], into: database)
        #expect(summary.teams.updated == 1 && summary.teams.inserted == 1)
        #expect(summary.contacts.updated == 1 && summary.contacts.inserted == 1)
        #expect(summary.sites.unchanged == 1 && summary.activities.removed == 1)
        let rows = try dump(database)
        #expect(rows.filter { $0.hasPrefix("team ") }.count == 2)
        #expect(rows.filter { $0.hasPrefix("contact ") } == [
            #"contact [teamCode:"100" position:0 name:"Fr. Schulz" phone:"+49 1" isHead:0]"#,
            #"contact [teamCode:"100" position:1 name:"Hr. Meier" phone:"+49 2" isHead:1]"#,
        ])
        #expect(!rows.contains { $0.hasPrefix("activity ") })
    }

    /// The feed with one line replaced, imported over the sample: must fail with `message`
    /// at `line`:`column` and leave the database as it was.
    private func expectFailure(replacing old: String, with new: String, message: String, line: Int, column: Int)
        throws
    {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule-large.xml"))], into: database)
        let before = try dump(database)
        let original = try String(contentsOfFile: fixture("schedule.xml"), encoding: .utf8)
        #expect(original.contains(old))
        let path = try directory.write(original.replacingOccurrences(of: old, with: new), named: "bad.xml")
        do {
            _ = try ScheduleImport.run([.file(fixture("schedule-large.xml")), .file(path)], into: database)
            Issue.record("the import did not fail")
        } catch let error as HandlerStackError {
            #expect(error.description == "\(path):\(line):\(column): error: \(message)")
        }
        #expect(try dump(database) == before)
    }

    @Test("a team without a code fails at its tag, and nothing is written")
    func teamWithoutCode() throws {
        try expectFailure(replacing: #"<team code="100">"#, with: "<team>", message: "a team without a code", line: 4, column: 1)
    }

    @Test("isHead other than YES or NO fails")
    func badIsHead() throws {
        try expectFailure(
            replacing: #"isHead="YES""#, with: #"isHead="maybe""#, message: #"isHead is "maybe"; expected YES or NO"#,
            line: 6, column: 1)
    }

    @Test("an unreadable date fails")
    func badDate() throws {
        try expectFailure(
            replacing: #"start="2012-03-01 6:00""#, with: #"start="1. März""#,
            message: #"start "1. März" is not a time like "2012-03-01 6:00""#, line: 17, column: 1)
    }

    @Test("an activity naming an unknown team fails at the activity")
    func unknownTeam() throws {
        try expectFailure(
            replacing: #"team="100" start"#, with: #"team="999" start"#,
            message: "the activity's team 999 is neither in the database nor earlier in the feed", line: 17, column: 1)
    }

    @Test("malformed XML after some entities were written rolls everything back")
    func malformed() throws {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule.xml"))], into: database)
        let before = try dump(database)
        let large = try String(contentsOfFile: fixture("schedule-large.xml"), encoding: .utf8)
        let cut = large.index(large.startIndex, offsetBy: large.count * 3 / 4)
        let path = try directory.write(String(large[..<cut]) + "</oops>", named: "cut.xml")
        #expect(throws: XMLParseError.self) { try ScheduleImport.run([.file(path)], into: database) }
        #expect(try dump(database) == before)
    }

    @Test("the larger sample: dozens of teams and sites, umlauts, entities and CDATA")
    func largeSample() throws {
        let text = try String(contentsOfFile: fixture("schedule-large.xml"), encoding: .utf8)
        #expect(text.contains("&amp;") && text.contains("<![CDATA[") && text.contains("ö"))
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        let summary = try ScheduleImport.run([.file(fixture("schedule-large.xml"))], into: database)
        #expect(summary.teams.inserted >= 20 && summary.sites.inserted >= 24)
        #expect(summary.activities.inserted == 3 * summary.sites.inserted)
        #expect(try dump(database).contains { $0.contains("Prüfbericht <Statik> & Nachweis") })
    }

    @Test("the shipped samples are the tests' fixtures")
    func shippedSamples() throws {
        for name in ["schedule.xml", "schedule-large.xml"] {
            let shipped = try Data(contentsOf: sampleRoot.appendingPathComponent(name))
            #expect(try Data(contentsOf: URL(fileURLWithPath: fixture(name))) == shipped, "\(name)")
        }
    }
}
