import Foundation
import SiteScheduleImport
import Testing
import XMLTestSupport
import XMLValidation

/// `siteschedule import --validate`: the feed checked against the sample's schema while it is
/// imported, and an invalid feed importing nothing.
@Suite("Importing with validation")
struct ValidatedImportTests {
    @Test("the shipped schema is the one the tool compiles in, and both samples are valid against it")
    func shippedSchema() throws {
        let shipped = try String(contentsOf: sampleRoot.appendingPathComponent("schedule.xsd"), encoding: .utf8)
        #expect(shipped == ScheduleSchema.text)
        let directory = try TemporaryDirectory()
        let validated = try freshDatabase(in: directory, named: "validated.sqlite")
        let plain = try freshDatabase(in: directory, named: "plain.sqlite")
        let feeds: [ScheduleFeed] = [.file(fixture("schedule.xml")), .file(fixture("schedule-large.xml"))]
        let summary = try ScheduleImport.run(feeds, into: validated, validatingAgainst: try ScheduleSchema.compiled())
        _ = try ScheduleImport.run(feeds, into: plain)
        #expect(summary.sites.inserted >= 25)
        #expect(try dump(validated) == dump(plain))
    }

    @Test("a feed the handlers would take but the schema refuses imports nothing, and the error says where and why")
    func invalidFeed() throws {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule-large.xml"))], into: database)
        let before = try dump(database)
        let original = try String(contentsOfFile: fixture("schedule.xml"), encoding: .utf8)
        // The handlers skip an element they do not know; the schema allows none.
        let path = try directory.write(
            original.replacingOccurrences(of: "<countryCode>de</countryCode>", with: "<country>de</country>"), named: "bad.xml")
        #expect(try ScheduleImport.run([.file(path)], into: try freshDatabase(in: directory, named: "other.sqlite")).sites.inserted == 1)
        do {
            _ = try ScheduleImport.run(
                [.file(fixture("schedule-large.xml")), .file(path)], into: database, validatingAgainst: try ScheduleSchema.compiled())
            Issue.record("the import did not fail")
        } catch let error as XMLValidationError {
            #expect(error.code == .unexpectedElement)
            #expect(error.description.hasPrefix(
                "\(path):15:1: error: element <country> not expected here in <site>; expected one of <countryCode>, <activities>"))
        }
        #expect(try dump(database) == before)
    }

    @Test("siteschedule import --validate: an invalid feed prints its error and exits 1; a valid one imports")
    func commandLine() throws {
        let directory = try TemporaryDirectory()
        let original = try String(contentsOfFile: fixture("schedule.xml"), encoding: .utf8)
        let bad = try directory.write(original.replacingOccurrences(of: #"isHead="YES""#, with: #"isHead="yes""#), named: "bad.xml")
        let run = try Run.run(["import", "--validate", "--quiet", bad, "--db", "v.sqlite"], in: directory.path)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix(
            #"\#(bad):7:1: error: attribute isHead of <contact>: "yes" is not one of the values of YesNo: "YES", "NO""#), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/v.sqlite"))
        let good = try Run.run(["import", "--validate", "--quiet", fixture("schedule.xml"), "--db", "v.sqlite"], in: directory.path)
        #expect(good.status == 0, "\(good.errors)")
    }
}
