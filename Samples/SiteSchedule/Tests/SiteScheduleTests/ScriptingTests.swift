import Foundation
import SiteScheduleImport
import Testing
import XMLTestSupport

@Suite("siteschedule for scripts")
struct SiteScheduleScriptingTests {
    @Test("show and export refuse a missing database instead of creating an empty one")
    func missingDatabase() throws {
        let directory = try TemporaryDirectory()
        for command in ["show", "export"] {
            let run = try Run.run([command, "--db", "typo.sqlite"], in: directory.path)
            #expect(run.status == 1)
            #expect(run.errors == "typo.sqlite: error: no such database (siteschedule import creates one)\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("Importing a feed that is not a schedule fails, names its root, and changes nothing")
    func notASchedule() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: fixture("schedule.xml"), toPath: directory.path + "/schedule.xml")
        #expect(try Run.run(["import", "--quiet", "schedule.xml"], in: directory.path).status == 0)
        let before = try dump(ScheduleDatabase(path: directory.path + "/schedule.sqlite"))
        try directory.write(
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>News</title><entry><title>x</title></entry></feed>",
            named: "atom.xml")
        let run = try Run.run(["import", "--quiet", "atom.xml"], in: directory.path)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors == "atom.xml: error: no schedule found: the root element is <feed>, not <schedule>\n")
        #expect(try dump(ScheduleDatabase(path: directory.path + "/schedule.sqlite")) == before)
    }

    @Test("A database path that is a directory is named in the error")
    func databaseIsADirectory() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: fixture("schedule.xml"), toPath: directory.path + "/schedule.xml")
        try FileManager.default.createDirectory(atPath: directory.path + "/adir", withIntermediateDirectories: false)
        let run = try Run.run(["import", "--quiet", "--db", "adir", "schedule.xml"], in: directory.path)
        #expect(run.status == 1)
        #expect(run.errors == "adir: error: is a directory, not a database file\n")
    }

    @Test("generate -o - and export -o - write standard output; an output directory is named")
    func standardOutput() throws {
        let directory = try TemporaryDirectory()
        let generated = try Run.run(["generate", "--size", "0.01", "-o", "-"], in: directory.path)
        #expect(generated.status == 0)
        #expect(generated.output.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<schedule>"))
        #expect(generated.errors.hasPrefix("<stdout>: \(generated.output.utf8.count) bytes, "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        try FileManager.default.copyItem(atPath: fixture("schedule.xml"), toPath: directory.path + "/schedule.xml")
        #expect(try Run.run(["import", "--quiet", "schedule.xml"], in: directory.path).status == 0)
        let exported = try Run.run(["export", "-o", "-"], in: directory.path)
        #expect(exported.status == 0 && exported.output.contains("<team code=\"100\">"))
        try FileManager.default.createDirectory(atPath: directory.path + "/out", withIntermediateDirectories: false)
        let failed = try Run.run(["export", "-o", "out"], in: directory.path)
        #expect(failed.status == 1)
        #expect(failed.errors == "out: error: Is a directory\n")
    }

    @Test("show with no --at, when the whole schedule is in the past, says so and gives its dates")
    func scheduleElsewhereInTime() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: fixture("schedule.xml"), toPath: directory.path + "/schedule.xml")
        #expect(try Run.run(["import", "--quiet", "schedule.xml"], in: directory.path).status == 0)
        let run = try Run.run(["show"], in: directory.path)
        #expect(run.status == 0)
        let first = run.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("Nothing is planned at "))
        #expect(first.hasSuffix("(now): the schedule runs from 2012-03-01 6:00 to 2012-03-31 12:00; ask with --at \"2012-03-01 6:00\"."))
        let asked = try Run.run(["show", "--at", "2012-03-15 8:00"], in: directory.path)
        #expect(asked.output.hasPrefix("Team 100 Betonbauer\n"))
    }
}
