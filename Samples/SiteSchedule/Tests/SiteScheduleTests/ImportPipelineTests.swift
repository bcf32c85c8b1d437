import Foundation
import GRDB
import SiteScheduleImport
import Testing
import XMLHandlerStack
import XMLStreaming
import XMLTestSupport

/// The import parses on a thread of its own and hands entities to the writer through a
/// bounded queue. These feeds are larger than the queue holds, so the parser runs ahead,
/// blocks, and must be stopped by either side's failure.
@Suite("The import's parser and writer")
struct ImportPipelineTests {
    /// A generated feed of about 1 MB: some 1,600 sites, several times what the queue holds.
    static func generatedFeed(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/generated.xml"
        _ = try ScheduleFeedGenerator(size: 1_000_000).write(to: .file(path: path))
        return path
    }

    @Test("a feed many times larger than the queue imports whole, as the sequential import did")
    func largeFeed() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.generatedFeed(in: directory)
        let database = try freshDatabase(in: directory)
        let summary = try ScheduleImport.run([.file(path)], into: database)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let sites = text.components(separatedBy: "<site ").count - 1
        let activities = text.components(separatedBy: "<activity ").count - 1
        #expect(sites > 1_000)
        #expect(summary.sites.inserted == sites && summary.activities.inserted == activities)
        #expect(summary.bytes == Int64(text.utf8.count))
        let stored = try database.queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM activity") }
        #expect(stored == activities)
        let again = try ScheduleImport.run([.file(path)], into: database)
        #expect(again.activities.unchanged == activities && again.activities.inserted == 0)
    }

    @Test("malformed XML at the end of a large feed rolls back everything the writer already wrote")
    func failureAfterManyBatches() throws {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule.xml"))], into: database)
        let before = try dump(database)
        let text = try String(contentsOfFile: try Self.generatedFeed(in: directory), encoding: .utf8)
        let cut = try directory.write(String(text.dropLast(40)) + "</oops>", named: "cut.xml")
        let lines = text.dropLast(40).split(separator: "\n", omittingEmptySubsequences: false).count
        do {
            _ = try ScheduleImport.run([.file(cut)], into: database)
            Issue.record("the import did not fail")
        } catch let error as XMLParseError {
            #expect(error.position.line == lines)
        }
        #expect(try dump(database) == before)
    }

    @Test("a failed write stops the parser, names the entity's line, and leaves the database as it was")
    func failedWrite() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.generatedFeed(in: directory)
        let database = try freshDatabase(in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule.xml"))], into: database)
        let before = try dump(database)
        // The 700th site's code, and the line of its end tag, where the write happens.
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop { $0 == " " } }
        let siteLines = lines.indices.filter { lines[$0].hasPrefix("<site code=\"") }
        let start = siteLines[700]
        let code = lines[start].dropFirst("<site code=\"".count).prefix { $0 != "\"" }
        let line = try #require(lines[start...].firstIndex { $0.hasPrefix("</site>") })
        try database.queue.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse BEFORE INSERT ON site WHEN NEW.code = '\(code)'
                    BEGIN SELECT RAISE(ABORT, 'site \(code) refused'); END
                    """)
        }
        let withTrigger = try dump(database)
        #expect(withTrigger == before)
        do {
            _ = try ScheduleImport.run([.file(path)], into: database)
            Issue.record("the import did not fail")
        } catch let error as HandlerStackError {
            #expect(error.position.line == line + 1)
            #expect(error.fileName == path)
            #expect(error.description.contains("site \(code) refused"))
        }
        #expect(try dump(database) == before)
        // The connection is free again: the parser thread has stopped and nothing is pending.
        try database.queue.write { try $0.execute(sql: "DROP TRIGGER refuse") }
        let summary = try ScheduleImport.run([.file(path)], into: database)
        #expect(summary.sites.total == siteLines.count)
    }

    /// A feed whose sites have these numbers of activities, each named by its site and place.
    static func feed(activitiesPerSite counts: [Int]) -> String {
        var xml = #"<schedule><teams><team code="1"><name>T</name></team></teams><sites>"#
        for (site, count) in counts.enumerated() {
            xml += #"<site code="s\#(site)"><name>S</name><activities>"#
            for place in 0..<count {
                xml += #"<activity team="1" start="2012-03-01 6:00" end="2012-03-0\#(place % 9 + 1) 7:00">"#
                xml += "work \(site)-\(place)</activity>"
            }
            xml += "</activities></site>"
        }
        return xml + "</sites></schedule>"
    }

    @Test("sites of 0 to 25 activities keep every row and its order, inserted, grown, shrunk and emptied")
    func manyActivities() throws {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        let counts = [1, 7, 8, 9, 16, 17, 0, 25]
        let path = try directory.write(Self.feed(activitiesPerSite: counts), named: "grouped.xml")
        let summary = try ScheduleImport.run([.file(path)], into: database)
        #expect(summary.activities.inserted == counts.reduce(0, +))
        let rows = try database.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT siteCode, position, summary, \"end\" FROM activity ORDER BY siteCode, position")
        }
        var expected: [String] = []
        for (site, count) in counts.enumerated() {
            for place in 0..<count { expected.append("s\(site) \(place) work \(site)-\(place) 2012-03-0\(place % 9 + 1) 07:00") }
        }
        #expect(rows.map { "\($0[0] as String) \($0[1] as Int) \($0[2] as String) \($0[3] as String)" } == expected)
        // Sites that grow, shrink or empty: inserts after the stored rows, deletes past the new end.
        let changed = try directory.write(Self.feed(activitiesPerSite: [9, 1, 8, 17, 16, 9, 8, 0]), named: "changed.xml")
        let again = try ScheduleImport.run([.file(changed)], into: database)
        #expect(again.activities.inserted == 8 + 0 + 0 + 8 + 0 + 0 + 8 + 0)
        #expect(again.activities.removed == 0 + 6 + 0 + 0 + 0 + 8 + 0 + 25)
        let stored = try database.queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM activity") }
        #expect(stored == 9 + 1 + 8 + 17 + 16 + 9 + 8)
    }
}
