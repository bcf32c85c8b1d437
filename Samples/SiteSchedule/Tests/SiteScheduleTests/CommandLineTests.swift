import Foundation
import SiteScheduleImport
import Testing
import XMLTestSupport

/// Runs the built `siteschedule` executable.
enum Run {
    static var executable: URL { ExecutableRun.url(of: "siteschedule") }

    /// Starts it without waiting (for the test that kills it).
    static func start(_ arguments: [String], in directory: String) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> ExecutableRun {
        try ExecutableRun.run("siteschedule", arguments, in: directory, environment: environment)
    }
}

@Suite("The siteschedule command")
struct CommandLineTests {
    @Test("with no subcommand it imports the built-in sample into ./schedule.sqlite and shows it")
    func demo() throws {
        let directory = try TemporaryDirectory()
        let run = try Run.run([], in: directory.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("Imported the book's sample into schedule.sqlite:\nteams: 1 inserted"))
        #expect(run.output.hasSuffix("""
            Team 100 Betonbauer
              head:    Hr. Meier, +49 163 1234567
              at 2012-03-15 8:00: Kölner Dom (10001), Domkloster 4, 50667 Köln, de: Stabilisierungsarbeiten, until 2012-03-31 12:00

            """))
        #expect(FileManager.default.fileExists(atPath: directory.path + "/schedule.sqlite"))
    }

    @Test("the built-in sample is Samples/SiteSchedule/schedule.xml")
    func builtInSample() throws {
        let directory = try TemporaryDirectory()
        _ = try Run.run(["import", fixture("schedule.xml"), "--db", "a.sqlite"], in: directory.path)
        _ = try Run.run(["demo", "--db", "b.sqlite"], in: directory.path)
        #expect(
            try dump(ScheduleDatabase(path: directory.path + "/a.sqlite"))
                == dump(ScheduleDatabase(path: directory.path + "/b.sqlite")))
    }

    @Test("import prints the summary; a bad feed prints FILE:LINE:COLUMN: error and exits 1, changing nothing")
    func importErrors() throws {
        let directory = try TemporaryDirectory()
        let good = try Run.run(["import", fixture("schedule.xml")], in: directory.path)
        #expect(good.status == 0)
        #expect(good.output.hasPrefix("teams: 1 inserted, 0 updated, 0 unchanged, 0 removed\n"))
        let before = try dump(ScheduleDatabase(path: directory.path + "/schedule.sqlite"))
        let bad = try directory.write("<schedule><teams><team code=\"7\"><name>x</name></team>\n<team/></teams></schedule>", named: "bad.xml")
        let run = try Run.run(["import", fixture("schedule-large.xml"), bad], in: directory.path)
        #expect(run.status == 1)
        #expect(run.errors == "\(bad):2:1: error: a team without a code\n")
        #expect(try dump(ScheduleDatabase(path: directory.path + "/schedule.sqlite")) == before)
    }

    @Test("two first imports into one new database at once: one creates it, the other says so and imports nothing")
    func twoFirstImports() throws {
        let directory = try TemporaryDirectory()
        let feed = directory.path + "/big.xml"
        try ScheduleFeedGenerator(size: 20_000_000).write(to: .file(path: feed))
        let slow = try Run.start(["import", "--quiet", feed, "--db", "new.sqlite"], in: directory.path)
        // The small one finishes first and links its file into place.
        let fast = try Run.run(["import", fixture("schedule.xml"), "--db", "new.sqlite"], in: directory.path)
        slow.waitUntilExit()
        #expect(fast.status == 0, "\(fast.errors)")
        #expect(slow.terminationStatus == 1)
        let rows = try dump(ScheduleDatabase(path: directory.path + "/new.sqlite"))
        #expect(rows.contains { $0.contains("Kölner Dom") })
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("new.sqlite.") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a failed import into a new database leaves no file; into an existing one, the file as it was")
    func failedFirstImport() throws {
        let directory = try TemporaryDirectory()
        // The sample cut inside an activity's text.
        let broken = try directory.write(Array(try Data(contentsOf: URL(fileURLWithPath: fixture("schedule.xml"))).prefix(420)), named: "broken.xml")
        let run = try Run.run(["import", fixture("schedule.xml"), broken, "--db", "new.sqlite"], in: directory.path)
        #expect(run.status == 1)
        // The message xml check gives, with the line and a caret.
        #expect(
            run.errors == """
                \(broken):19:12: error: premature end of input: <activity> opened at 17:1 is not closed
                Stabilisier
                           ^

                """)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("new.sqlite") }
        #expect(left.isEmpty, "\(left)")
        // An existing database stays, unchanged.
        #expect(try Run.run(["import", fixture("schedule.xml"), "--db", "old.sqlite"], in: directory.path).status == 0)
        let before = try dump(ScheduleDatabase(path: directory.path + "/old.sqlite"))
        #expect(try Run.run(["import", broken, "--db", "old.sqlite"], in: directory.path).status == 1)
        #expect(try dump(ScheduleDatabase(path: directory.path + "/old.sqlite")) == before)
    }

    @Test("- imports standard input")
    func standardInput() throws {
        let directory = try TemporaryDirectory()
        let process = Process()
        process.executableURL = Run.executable
        process.arguments = ["import", "-", "--db", "stdin.sqlite"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        process.standardInput = FileHandle(forReadingAtPath: fixture("schedule-large.xml"))
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.hasPrefix("teams: 20 inserted"))
        _ = try Run.run(["import", fixture("schedule-large.xml"), "--db", "file.sqlite"], in: directory.path)
        #expect(
            try dump(ScheduleDatabase(path: directory.path + "/stdin.sqlite"))
                == dump(ScheduleDatabase(path: directory.path + "/file.sqlite")))
    }

    @Test("show answers for a team, a site, and as JSON")
    func show() throws {
        let directory = try TemporaryDirectory()
        _ = try Run.run(["import", fixture("schedule.xml")], in: directory.path)
        let site = try Run.run(["show", "--site", "10001", "--at", "2012-04-01 8:00"], in: directory.path)
        #expect(site.output == """
            Site Kölner Dom (10001), Domkloster 4, 50667 Köln, de
                  2012-03-01 6:00 to 2012-03-31 12:00: Stabilisierungsarbeiten (team 100 Betonbauer)

            """)
        let before = try Run.run(["show", "--team", "100", "--at", "2012-02-01 8:00"], in: directory.path)
        #expect(before.output.contains("at 2012-02-01 8:00: no activity\n  next: Kölner Dom (10001)"))
        let json = try Run.run(["show", "--team", "100", "--at", "2012-03-02 8:00", "--json"], in: directory.path)
        let decoded = try JSONDecoder().decode([TeamStatus].self, from: Data(json.output.utf8))
        #expect(decoded.first?.current?.activity.summary == "Stabilisierungsarbeiten")
        #expect(decoded.first?.team.contacts.first?.isHead == true)
        let missing = try Run.run(["show", "--team", "1"], in: directory.path)
        #expect(missing.status == 1)
    }

    @Test("a process killed with SIGKILL in the middle of an import leaves the database as it was")
    func killed() throws {
        let directory = try TemporaryDirectory()
        _ = try Run.run(["import", fixture("schedule.xml")], in: directory.path)
        let database = directory.path + "/schedule.sqlite"
        let before = try dump(ScheduleDatabase(path: database))
        let feed = directory.path + "/big.xml"
        try ScheduleFeedGenerator(size: 40_000_000).write(to: .file(path: feed))
        let process = try Run.start(["import", "--quiet", feed], in: directory.path)
        // Wait until the transaction has written to the database (its journal exists).
        let journal = database + "-journal"
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: journal) && process.isRunning && Date() < deadline {
            usleep(2_000)
        }
        usleep(300_000)
        #expect(process.isRunning, "the import ended before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        #expect(try dump(ScheduleDatabase(path: database)) == before)
    }

    @Test("an import waiting for another import's lock says so, then goes ahead, and its rate leaves out the wait")
    func waitsForAnotherImport() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path + "/schedule.sqlite"
        // A database that exists (a first import builds its file under another name).
        #expect(try Run.run(["import", fixture("schedule.xml")], in: directory.path).status == 0)
        let feed = directory.path + "/big.xml"
        try ScheduleFeedGenerator(size: 40_000_000).write(to: .file(path: feed))
        let first = try Run.start(["import", "--quiet", feed], in: directory.path)
        // Wait until the first import holds the lock (its journal exists).
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: database + "-journal") && first.isRunning && Date() < deadline {
            usleep(2_000)
        }
        #expect(first.isRunning, "the first import ended before the second began")
        let started = Date()
        let second = try Run.run(["import", fixture("schedule.xml")], in: directory.path)
        let waited = Date().timeIntervalSince(started)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.errors == "siteschedule: waiting for another import into schedule.sqlite to finish\n")
        // "4 rows from 487 bytes in S s": S is the import's time, not the wait's.
        let seconds = try #require(second.output.split(separator: "\n").last?.split(separator: " ").dropFirst(6).first.flatMap { Double($0) })
        #expect(seconds < waited / 2, "\(seconds) s reported after \(waited) s")
    }

    @Test("export writes a feed that imports into the same database")
    func export() throws {
        let directory = try TemporaryDirectory()
        _ = try Run.run(["import", fixture("schedule-large.xml")], in: directory.path)
        let run = try Run.run(["export", "-o", "out.xml"], in: directory.path)
        #expect(run.status == 0 && run.errors.isEmpty)
        _ = try Run.run(["import", "out.xml", "--db", "copy.sqlite"], in: directory.path)
        #expect(
            try dump(ScheduleDatabase(path: directory.path + "/schedule.sqlite"))
                == dump(ScheduleDatabase(path: directory.path + "/copy.sqlite")))
    }

    @Test("generate refuses a size of 0 or less by name, and writes nothing")
    func generateSize() throws {
        let directory = try TemporaryDirectory()
        for size in ["-1", "0", "nan"] {
            let run = try Run.run(["generate", "--size", size, "-o", "feed.xml"], in: directory.path)
            #expect(run.status == 64, "\(size)")
            #expect(run.errors.hasPrefix("Error: --size takes a number of megabytes above 0"), "\(size): \(run.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/feed.xml"))
        #expect(try Run.run(["generate", "--size", "0.01", "-o", "feed.xml"], in: directory.path).status == 0)
    }

    @Test("export to a pipe its reader closed ends quietly, killed by SIGPIPE, as xml and plist do, even where SIGPIPE is ignored (as the PostgreSQL client ignores it)")
    func exportToAClosedPipe() throws {
        let directory = try TemporaryDirectory()
        // Far more than a pipe holds, so that the writer is still writing when it closes.
        _ = try Run.run(["generate", "--size", "2", "-o", "feed.xml"], in: directory.path)
        #expect(try Run.run(["import", "feed.xml"], in: directory.path).status == 0)
        for arguments in [["export"], ["generate", "--size", "5", "-o", "-"]] {
            // Run as if the event loop had ignored SIGPIPE: the shell ignores it for the child.
            let (process, said) = try ExecutableRun.runIntoClosedPipe("siteschedule", arguments, in: directory.path)
            #expect(process.terminationReason == .uncaughtSignal, "\(arguments)")
            #expect(process.terminationStatus == SIGPIPE, "\(arguments)")
            #expect(said.isEmpty, "\(arguments): \(said)")
        }
    }
}
