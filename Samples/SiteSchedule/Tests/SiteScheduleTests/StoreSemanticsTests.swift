import Foundation
import SiteScheduleImport
import SiteScheduleModel
@testable import SiteSchedulePostgres
import Testing
import XMLHandlerStack
import XMLStreaming
import XMLTestSupport

/// The server the PostgreSQL half of these tests runs against: `.ci/run` starts a
/// throwaway one (scripts/postgres-dev.sh) and sets this; without it those tests are
/// skipped, and `swift test` says why.
let testPostgresURL = ProcessInfo.processInfo.environment["SITESCHEDULE_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }

    /// The stores this run can test: PostgreSQL only with a server (the skipped test below
    /// says so when there is none).
    static var available: [StoreKind] { testPostgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }
}

/// A new, empty store of `kind`: a SQLite file in `directory`, or a new database on the test
/// server (each test its own, so tests run in parallel).
func freshStore(_ kind: StoreKind, in directory: TemporaryDirectory) throws -> any ScheduleStore {
    switch kind {
    case .sqlite:
        return try ScheduleDatabase(path: directory.path + "/schedule.sqlite")
    case .postgres:
        let url = try #require(testPostgresURL)
        return try PostgresScheduleStore(PostgresLocation(url: freshPostgresDatabase(url)))
    }
}

/// Creates a database named for this test on the server of `url`; returns its URL.
func freshPostgresDatabase(_ url: String) throws -> String {
    let admin = try PostgresScheduleStore(PostgresLocation(url: url))
    let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try admin.execute(unsafeSQL: "CREATE DATABASE \(name)")
    return url[..<url.lastIndex(of: "/")!] + "/" + name
}

/// Every row of the store, as its export: equal exports are equal rows.
func rows(of store: any ScheduleStore) throws -> String {
    try ScheduleExport.write(from: store, to: .memory).string
}

@Suite("The same semantics on the SQLite file and on PostgreSQL")
struct StoreSemanticsTests {
    static let postgresReason: Comment = "SITESCHEDULE_TEST_POSTGRES_URL is not set (scripts/postgres-dev.sh start sets it; .ci/run does)"

    @Test("PostgreSQL: the same tests against a real server", .enabled(if: testPostgresURL != nil, postgresReason))
    func postgresAvailable() throws {
        #expect(StoreKind.available.contains(.postgres))
    }

    @Test("import, import again (nothing changes), export and import elsewhere give the same rows", arguments: StoreKind.available)
    func roundTrip(kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try freshStore(kind, in: directory)
        let first = try ScheduleImport.run([.file(fixture("schedule-large.xml"))], into: store)
        #expect(first.teams.inserted == 20 && first.sites.inserted == 80 && first.activities.inserted == 240)
        let again = try ScheduleImport.run([.file(fixture("schedule-large.xml"))], into: store)
        #expect(again.rows == first.rows && again.teams.unchanged == 20 && again.activities.unchanged == 240)
        #expect(again.teams.updated + again.contacts.updated + again.sites.updated + again.activities.updated == 0)
        let exported = try rows(of: store)
        let sqlite = try ScheduleDatabase(path: directory.path + "/reference.sqlite")
        _ = try ScheduleImport.run([.file(fixture("schedule-large.xml"))], into: sqlite)
        #expect(exported == (try rows(of: sqlite)), "both stores hold the same rows")
        let copyDirectory = try TemporaryDirectory()
        let copy = try freshStore(kind, in: copyDirectory)
        _ = try ScheduleImport.run([.bytes(Array(exported.utf8), name: "export.xml")], into: copy)
        #expect(try rows(of: copy) == exported)
    }

    @Test("a code is updated in place and its children replaced by position", arguments: StoreKind.available)
    func update(kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try freshStore(kind, in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule.xml"))], into: store)
        let changed = """
            <schedule><teams>
            <team code="100"><name>Betonbau Meier</name>
            <contact phone="+49 1" isHead="NO">Fr. Schulz</contact>
            <contact phone="+49 2" isHead="YES">Hr. Meier</contact></team>
            <team code="200"><name>Zimmerei</name></team>
            <team code="200"><name>Zimmerei Holz</name><contact phone="+49 3" isHead="YES">Hr. Holz</contact></team>
            </teams><sites>
            <site code="10001"><name>Kölner Dom</name><street>Domkloster 4</street><city zip="50667">Köln</city>
            <countryCode>de</countryCode><activities></activities></site>
            </sites></schedule>
            """
        let summary = try ScheduleImport.run([.bytes(Array(changed.utf8), name: "changed.xml")], into: store)
        // Team 200 twice in one feed: inserted, then updated by its second appearance.
        #expect(summary.teams.updated == 2 && summary.teams.inserted == 1)
        #expect(summary.contacts.updated == 1 && summary.contacts.inserted == 2)
        #expect(summary.sites.unchanged == 1 && summary.activities.removed == 1)
        let teams = try ScheduleQueries(store).teams(at: ScheduleTime("2012-03-15 8:00")!)
        #expect(teams.map(\.team.name) == ["Betonbau Meier", "Zimmerei Holz"])
        #expect(teams[0].team.contacts.map(\.name) == ["Hr. Meier", "Fr. Schulz"], "head first")
        #expect(try ScheduleQueries(store).site("10001", at: ScheduleTime("2012-03-15 8:00")!)?.activities.isEmpty == true)
    }

    @Test("codes and names that differ only in code points are different, as the store compares them", arguments: StoreKind.available)
    func codePoints(kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try freshStore(kind, in: directory)
        // "é" precomposed and "e" + U+0301: equal to Swift's ==, two codes to SQLite and PostgreSQL.
        let feed = """
            <schedule><teams><team code="\u{E9}"><name>A</name></team><team code="e\u{301}"><name>B</name></team></teams>
            <sites><site code="s"><name>S</name><street>x</street><city zip="1">c</city><countryCode>de</countryCode>
            <activities><activity team="e\u{301}" start="2012-03-01 6:00" end="2012-03-31 12:00">y</activity></activities>
            </site></sites></schedule>
            """
        let summary = try ScheduleImport.run([.bytes(Array(feed.utf8), name: "codes.xml")], into: store)
        #expect(summary.teams.inserted == 2)
        let teams = try ScheduleQueries(store).teams(at: ScheduleTime("2012-03-15 8:00")!)
        #expect(Set(teams.map { Array($0.team.code.utf8) }) == [Array("\u{E9}".utf8), Array("e\u{301}".utf8)])
        #expect(Set(teams.map(\.team.name)) == ["A", "B"])
        // A name changed from one spelling to the other is a change, and is written.
        let renamed = "<schedule><teams><team code=\"\u{E9}\"><name>\u{C5}</name></team></teams></schedule>"
        _ = try ScheduleImport.run([.bytes(Array(renamed.utf8), name: "a.xml")], into: store)
        let again = "<schedule><teams><team code=\"\u{E9}\"><name>\u{212B}</name></team></teams></schedule>"
        let changed = try ScheduleImport.run([.bytes(Array(again.utf8), name: "b.xml")], into: store)
        #expect(changed.teams.updated == 1 && changed.teams.unchanged == 0)
        // An activity may not name a team that exists only in the other spelling.
        let otherDirectory = try TemporaryDirectory()
        let fresh = try freshStore(kind, in: otherDirectory)
        let one = "<schedule><teams><team code=\"\u{E9}\"><name>A</name></team></teams></schedule>"
        _ = try ScheduleImport.run([.bytes(Array(one.utf8), name: "one.xml")], into: fresh)
        let other = """
            <schedule><sites><site code="s"><name>S</name><street>x</street><city zip="1">c</city><countryCode>de</countryCode>
            <activities><activity team="e\u{301}" start="2012-03-01 6:00" end="2012-03-31 12:00">y</activity></activities>
            </site></sites></schedule>
            """
        #expect {
            try ScheduleImport.run([.bytes(Array(other.utf8), name: "other.xml")], into: fresh)
        } throws: { error in
            "\(error)".contains("is neither in the database nor earlier in the feed")
        }
    }

    @Test("an error rolls every feed of the import back and names FILE:LINE:COLUMN", arguments: StoreKind.available)
    func rollback(kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try freshStore(kind, in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule.xml"))], into: store)
        let before = try rows(of: store)
        let original = try String(contentsOfFile: fixture("schedule.xml"), encoding: .utf8)
        let bad = try directory.write(original.replacingOccurrences(of: "</sites>", with: "</site>"), named: "bad.xml")
        do {
            _ = try ScheduleImport.run([.file(fixture("schedule-large.xml")), .file(bad)], into: store)
            Issue.record("the import did not fail")
        } catch let error as XMLParseError {
            #expect(error.description.hasPrefix("\(bad):"))
            #expect(error.description.contains(": error: "))
        }
        #expect(try rows(of: store) == before, "the database is as it was")
    }

    @Test("two imports at once into one PostgreSQL database both succeed, one after the other",
          .enabled(if: testPostgresURL != nil, postgresReason))
    func concurrentImports() throws {
        let url = try freshPostgresDatabase(try #require(testPostgresURL))
        let feeds = [fixture("schedule-large.xml"), fixture("schedule.xml")]
        let results = LockedResults()
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            do {
                let store = try PostgresScheduleStore(PostgresLocation(url: url))
                results.append(try ScheduleImport.run([.file(feeds[k])], into: store))
            } catch {
                results.fail(error)
            }
        }
        #expect(results.errors.isEmpty, "\(results.errors)")
        #expect(results.summaries.count == 2)
        // Whatever the order, the result is both feeds' rows, as after importing them in turn.
        let directory = try TemporaryDirectory()
        let reference = try ScheduleDatabase(path: directory.path + "/reference.sqlite")
        _ = try ScheduleImport.run([.file(feeds[0])], into: reference)
        _ = try ScheduleImport.run([.file(feeds[1])], into: reference)
        let other = try ScheduleDatabase(path: directory.path + "/other.sqlite")
        _ = try ScheduleImport.run([.file(feeds[1])], into: other)
        _ = try ScheduleImport.run([.file(feeds[0])], into: other)
        let stored = try rows(of: try PostgresScheduleStore(PostgresLocation(url: url)))
        #expect(try stored == rows(of: reference) || stored == rows(of: other))
    }

    @Test("a refused connection is named without the password")
    func connectionRefused() throws {
        let error = try #require(throws: PostgresStoreError.self) {
            try PostgresScheduleStore(PostgresLocation(url: "postgres://me:s3cret@127.0.0.1:1/schedule"))
        }
        #expect(error.message == "cannot connect to postgres://me@127.0.0.1:1/schedule: connection refused")
        #expect(PostgresLocation.redact("postgres://me:s3cret@host/db") == "postgres://me:***@host/db")
        #expect(throws: PostgresStoreError.self) { try PostgresLocation(url: "postgres://me@host/db?sslmode=sometimes") }
        #expect(try PostgresLocation(url: "postgresql://me:pw@db.example:6543/schedule?sslmode=require").redacted
            == "postgres://me@db.example:6543/schedule?sslmode=require")
    }
}

/// The concurrent test's results, from two threads.
final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var summaries: [ImportSummary] = []
    private(set) var errors: [String] = []
    func append(_ summary: ImportSummary) { lock.withLock { summaries.append(summary) } }
    func fail(_ error: any Error) { lock.withLock { errors.append("\(error)") } }
}
