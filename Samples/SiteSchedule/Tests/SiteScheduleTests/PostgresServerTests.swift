import Foundation
import SiteScheduleImport
@testable import SiteSchedulePostgres
import Testing
import XMLTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The test server's certificate (scripts/postgres-dev.sh makes one for `localhost`).
let testPostgresCA = ProcessInfo.processInfo.environment["SITESCHEDULE_TEST_POSTGRES_CA"].flatMap { $0.isEmpty ? nil : $0 }

/// What only a real server shows: the `siteschedule` command against it, killed imports,
/// readers during an import, TLS.
@Suite("The siteschedule command against a PostgreSQL server")
struct PostgresServerTests {
    static let tlsReason: Comment =
        "SITESCHEDULE_TEST_POSTGRES_URL or SITESCHEDULE_TEST_POSTGRES_CA is not set (scripts/postgres-dev.sh start sets both)"

    /// Whether another connection to this database is in a transaction that has written
    /// (an import past its first rows, not yet committed).
    static func importIsWriting(_ store: PostgresScheduleStore) throws -> Bool {
        let count = try store.query(
            """
            SELECT count(*)::int FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL
            """
        ).map { try $0.decode(Int.self) }
        return count.first.map { $0 > 0 } ?? false
    }

    /// Waits until an import started in `process` is writing (or has ended, or a minute passed).
    static func waitUntilWriting(_ process: Process, _ store: PostgresScheduleStore) throws {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline {
            if try importIsWriting(store) { return }
            usleep(5_000)
        }
    }

    /// A fresh database holding the sample, its rows, and an import of a 20 MB feed into it
    /// started in a process of its own and writing.
    static func importUnderWay() throws -> (
        url: String, directory: TemporaryDirectory, store: PostgresScheduleStore, before: String, process: Process
    ) {
        let url = try freshPostgresDatabase(try #require(testPostgresURL))
        let directory = try TemporaryDirectory()
        #expect(try Run.run(["import", fixture("schedule.xml"), "--db", url], in: directory.path).status == 0)
        let store = try PostgresScheduleStore(PostgresLocation(url: url))
        let before = try rows(of: store)
        let feed = directory.path + "/big.xml"
        try ScheduleFeedGenerator(size: 20_000_000).write(to: .file(path: feed))
        let process = try Run.start(["import", "--quiet", feed, "--db", url], in: directory.path)
        try waitUntilWriting(process, store)
        return (url, directory, store, before, process)
    }

    @Test("import, show and export take --db postgres://…, or SITESCHEDULE_DB without it; passwords are never printed",
          .enabled(if: testPostgresURL != nil, StoreSemanticsTests.postgresReason))
    func commandLine() throws {
        let url = try freshPostgresDatabase(try #require(testPostgresURL))
        let directory = try TemporaryDirectory()
        let imported = try Run.run(["import", fixture("schedule-large.xml")], in: directory.path, environment: ["SITESCHEDULE_DB": url])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/schedule.sqlite"), "SITESCHEDULE_DB, not the default file")
        let show = try Run.run(["show", "--team", "100", "--db", url], in: directory.path)
        #expect(show.status == 0 && show.output.contains("Team 100 "), "\(show.errors)")
        let exported = try Run.run(["export", "-o", "out.xml"], in: directory.path, environment: ["SITESCHEDULE_DB": url])
        #expect(exported.status == 0, "\(exported.errors)")
        _ = try Run.run(["import", "out.xml", "--db", "copy.sqlite"], in: directory.path)
        #expect(try rows(of: ScheduleDatabase(path: directory.path + "/copy.sqlite"))
            == rows(of: PostgresScheduleStore(PostgresLocation(url: url))))

        // A wrong password: the server's refusal, the URL without the password, exit status 1.
        let location = try PostgresLocation(url: url)
        let wrong = url.replacingOccurrences(of: ":\(try #require(location.password))@", with: ":not-the-password@")
        let refused = try Run.run(["show", "--db", wrong], in: directory.path)
        #expect(refused.status == 1)
        #expect(refused.errors.hasPrefix("siteschedule: error: cannot connect to \(location.redacted): password authentication failed"))
        #expect(!refused.errors.contains("not-the-password") && !refused.errors.contains(location.password!))
    }

    @Test("A URL without a password: PGPASSWORD or a password file gives it, and without either the error says where it may come from",
          .enabled(if: testPostgresURL != nil, StoreSemanticsTests.postgresReason))
    func passwordFromTheEnvironment() throws {
        let url = try freshPostgresDatabase(try #require(testPostgresURL))
        let location = try PostgresLocation(url: url)
        let password = try #require(location.password)
        let bare = url.replacingOccurrences(of: ":\(password)@", with: "@")
        let home = try TemporaryDirectory()
        // Nothing inherited: no PGPASSWORD, no password file.
        let isolated = ["PGPASSWORD": "", "HOME": home.path, "PGPASSFILE": home.path + "/none"]
        let none = try Run.run(["import", fixture("schedule.xml"), "--db", bare], in: home.path, environment: isolated)
        #expect(none.status == 1)
        #expect(
            none.errors == "siteschedule: error: cannot connect to \(location.redacted): the server asks for a password and none was given: "
                + "put it in the URL (postgres://USER:PASSWORD@HOST/DATABASE), in PGPASSWORD, or in ~/.pgpass "
                + "(HOST:PORT:DATABASE:USER:PASSWORD, mode 0600; PGPASSFILE names another file)\n")
        var withVariable = isolated
        withVariable["PGPASSWORD"] = password
        let variable = try Run.run(["import", fixture("schedule.xml"), "--db", bare], in: home.path, environment: withVariable)
        #expect(variable.status == 0, "\(variable.errors)")
        // ~/.pgpass, mode 0600; a wrong password there is named as the file's.
        let file = try home.write("\(location.host):\(location.port):*:\(location.user):\(password)\n", named: ".pgpass")
        chmod(file, 0o600)
        let withFile = ["PGPASSWORD": "", "HOME": home.path, "PGPASSFILE": ""]
        let fromFile = try Run.run(["show", "--team", "100", "--db", bare], in: home.path, environment: withFile)
        #expect(fromFile.status == 0 && fromFile.output.contains("Team 100 "), "\(fromFile.errors)")
        _ = try home.write("*:*:*:*:not-the-password\n", named: ".pgpass")
        chmod(file, 0o600)
        let wrong = try Run.run(["show", "--team", "100", "--db", bare], in: home.path, environment: withFile)
        #expect(wrong.status == 1)
        #expect(wrong.errors.contains("password authentication failed"))
        #expect(wrong.errors.contains("the password came from the password file \(file)"), "\(wrong.errors)")
        #expect(!wrong.errors.contains("not-the-password"))
    }

    @Test("an import into PostgreSQL killed with SIGKILL leaves the database as it was, and the next import goes ahead",
          .enabled(if: testPostgresURL != nil, StoreSemanticsTests.postgresReason))
    func killed() throws {
        let (url, directory, store, before, process) = try Self.importUnderWay()
        usleep(300_000)
        #expect(process.isRunning, "the import ended before it could be killed")
        #expect(try Self.importIsWriting(store), "the import had not written before it was killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        #expect(try rows(of: store) == before)
        // Its lock went with its connection: another import runs (waiting at most until the
        // server has noticed the closed connection).
        let next = try Run.run(["import", fixture("schedule-large.xml"), "--db", url], in: directory.path)
        #expect(next.status == 0, "\(next.errors)")
        #expect(try rows(of: store) != before)
    }

    @Test("an import into PostgreSQL waiting for another import's lock says so, then goes ahead",
          .enabled(if: testPostgresURL != nil, StoreSemanticsTests.postgresReason))
    func waitsForAnotherImport() throws {
        let (url, directory, _, _, first) = try Self.importUnderWay()
        #expect(first.isRunning, "the first import ended before the second began")
        let second = try Run.run(["import", fixture("schedule-large.xml"), "--db", url], in: directory.path)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(second.status == 0, "\(second.errors)")
        let location = try PostgresLocation(url: url)
        #expect(second.errors == "siteschedule: waiting for another import into \(location.redacted) to finish\n")
    }

    @Test("show during an import into PostgreSQL sees the schedule before it or after it, never between, and does not wait",
          .enabled(if: testPostgresURL != nil, StoreSemanticsTests.postgresReason))
    func showDuringImport() throws {
        let url = try freshPostgresDatabase(try #require(testPostgresURL))
        let directory = try TemporaryDirectory()
        #expect(try Run.run(["import", fixture("schedule.xml"), "--db", url], in: directory.path).status == 0)
        let show = ["show", "--team", "100", "--at", "2012-03-02 8:00", "--db", url]
        let before = try Run.run(show, in: directory.path)
        #expect(before.status == 0, "\(before.errors)")
        let store = try PostgresScheduleStore(PostgresLocation(url: url))
        let feed = directory.path + "/big.xml"
        try ScheduleFeedGenerator(size: 8_000_000).write(to: .file(path: feed))
        let process = try Run.start(["import", "--quiet", feed, "--db", url], in: directory.path)
        try Self.waitUntilWriting(process, store)
        var seen: [String] = []
        var whileWriting = 0
        while process.isRunning {
            let writingBefore = try Self.importIsWriting(store)
            let run = try Run.run(show, in: directory.path)
            #expect(run.status == 0, "\(run.errors)")
            seen.append(run.output)
            // It started and ended while the import's rows were written and not committed.
            let writingAfter = try Self.importIsWriting(store)
            if writingBefore && writingAfter && process.isRunning {
                whileWriting += 1
                #expect(run.output == before.output, "show saw rows of an unfinished import")
            }
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let after = try Run.run(show, in: directory.path)
        #expect(after.output != before.output, "the feed changes team 100")
        #expect(whileWriting > 0, "no show ran while the import was writing")
        for output in seen {
            #expect(output == before.output || output == after.output, "show saw neither before nor after: \(output)")
        }
    }

    @Test("TLS as the URL asks: disable, prefer and require as libpq has them, verify-ca and verify-full check the certificate",
          .enabled(if: testPostgresURL != nil && testPostgresCA != nil, tlsReason))
    func tls() throws {
        let url = try #require(testPostgresURL)
        let ca = try #require(testPostgresCA)
        func encrypted(_ url: String) throws -> Bool {
            let store = try PostgresScheduleStore(PostgresLocation(url: url))
            return try store.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").map { try $0.decode(Bool.self) } == [true]
        }
        #expect(try encrypted(url + "?sslmode=require"), "a certificate signed by itself, not checked")
        #expect(try encrypted(url), "prefer, the default: TLS when offered")
        #expect(try !encrypted(url + "?sslmode=disable"))
        #expect(try encrypted(url + "?sslmode=verify-ca&sslrootcert=" + ca), "signed by the root given, any host name")
        let localhost = url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")
        #expect(try encrypted(localhost + "?sslmode=verify-full&sslrootcert=" + ca), "the certificate names localhost")

        // The certificate does not name 127.0.0.1.
        let mismatch = try PostgresLocation(url: url + "?sslmode=verify-full&sslrootcert=" + ca)
        let wrongHost = try #require(throws: PostgresStoreError.self) { try PostgresScheduleStore(mismatch) }
        #expect(
            wrongHost.message == "cannot connect to \(mismatch.redacted): TLS: the server's certificate does not name 127.0.0.1; "
                + "it names localhost (sslmode=verify-full checks the host: connect by a name the certificate holds, or use sslmode=verify-ca)")
        // An sslrootcert file that is not there, or holds no certificate, is named.
        let missing = try PostgresLocation(url: url + "?sslmode=verify-ca&sslrootcert=/nonexistent/ca.pem")
        let noFile = try #require(throws: PostgresStoreError.self) { try PostgresScheduleStore(missing) }
        #expect(noFile.message == "cannot connect to \(missing.redacted): TLS: the sslrootcert file /nonexistent/ca.pem does not exist")
        let directory = try TemporaryDirectory()
        let notPEM = try directory.write("not a certificate\n", named: "ca.pem")
        let garbage = try PostgresLocation(url: url + "?sslmode=verify-ca&sslrootcert=" + notPEM)
        let noCertificate = try #require(throws: PostgresStoreError.self) { try PostgresScheduleStore(garbage) }
        #expect(noCertificate.message == "cannot connect to \(garbage.redacted): TLS: the sslrootcert file \(notPEM) holds no PEM certificate")
        // Nobody the system trusts signed it.
        let untrusted = try PostgresLocation(url: localhost + "?sslmode=verify-full")
        let unsigned = try #require(throws: PostgresStoreError.self) { try PostgresScheduleStore(untrusted) }
        #expect(unsigned.message.hasPrefix("cannot connect to \(untrusted.redacted): "))
        #expect(unsigned.message.contains("certificate"), "\(unsigned.message)")
        #expect(!unsigned.message.contains(untrusted.password!))
    }

    /// A TCP socket bound to a free port of 127.0.0.1 (listening, or not), and the port.
    static func loopbackSocket(listening: Bool) throws -> (Int32, Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                try #require(bind(descriptor, $0, length) == 0 && (!listening || listen(descriptor, 1) == 0))
                try #require(getsockname(descriptor, $0, &length) == 0)
            }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test("sslmode=require against a server that does not offer TLS fails, saying so")
    func serverWithoutTLS() throws {
        // A server that answers PostgreSQL's SSLRequest with 'N' (no TLS here), as a server
        // without `ssl = on` does.
        let (listener, port) = try Self.loopbackSocket(listening: true)
        defer { close(listener) }
        let served = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let connection = accept(listener, nil, nil)
            var request = [UInt8](repeating: 0, count: 8)
            _ = read(connection, &request, 8)
            _ = write(connection, "N", 1)
            while read(connection, &request, 8) > 0 {}
            close(connection)
            served.signal()
        }
        let location = try PostgresLocation(url: "postgres://me:s3cret@127.0.0.1:\(port)/schedule?sslmode=require")
        let error = try #require(throws: PostgresStoreError.self) { try PostgresScheduleStore(location) }
        #expect(error.message == "cannot connect to postgres://me@127.0.0.1:\(port)/schedule?sslmode=require: "
            + "the server does not offer TLS, and the URL asks for it (sslmode=require)")
        #expect(served.wait(timeout: .now() + 10) == .success)
    }

    @Test("A refused connection, a closed one and an unknown host are told apart")
    func connectionFailures() throws {
        // A port nothing listens on: refused.
        let (probe, freePort) = try Self.loopbackSocket(listening: false)
        close(probe)
        let refused = try PostgresLocation(url: "postgres://me:pw@127.0.0.1:\(freePort)/db?sslmode=disable")
        let refusedError = try #require(throws: PostgresStoreError.self) { try PostgresScheduleStore(refused) }
        #expect(refusedError.message == "cannot connect to \(refused.redacted): connection refused")
        // A server that accepts and closes at once.
        let (listener, port) = try Self.loopbackSocket(listening: true)
        defer { close(listener) }
        DispatchQueue.global().async { close(accept(listener, nil, nil)) }
        let closing = try PostgresLocation(url: "postgres://me:pw@127.0.0.1:\(port)/db?sslmode=disable")
        let closedError = try #require(throws: PostgresStoreError.self) { try PostgresScheduleStore(closing) }
        #expect(closedError.message == "cannot connect to \(closing.redacted): the server closed the connection")
        // A host name nobody resolves (.invalid is reserved for that).
        let unknown = try PostgresLocation(url: "postgres://me:pw@no-such-host.invalid/db?sslmode=disable")
        let unknownError = try #require(throws: PostgresStoreError.self) { try PostgresScheduleStore(unknown) }
        #expect(unknownError.message == "cannot connect to \(unknown.redacted): cannot resolve the host name no-such-host.invalid")
    }

    @Test("sslmode and sslrootcert read as libpq reads them")
    func urlParameters() throws {
        #expect(try PostgresLocation(url: "postgres://me@host/db?sslmode=allow").tlsMode == .prefer)
        #expect(try PostgresLocation(url: "postgres://me@host/db?sslmode=verify-ca").tlsMode == .verifyCA)
        let full = try PostgresLocation(url: "postgres://me:pw@host/db?sslmode=verify-full&sslrootcert=/etc/ca.pem")
        #expect(full.tlsMode == .verifyFull && full.rootCertificatePath == "/etc/ca.pem")
        #expect(full.redacted == "postgres://me@host:5432/db?sslmode=verify-full&sslrootcert=/etc/ca.pem")
        let unknown = try #require(throws: PostgresStoreError.self) { try PostgresLocation(url: "postgres://me:pw@host/db?sslcert=x") }
        #expect(unknown.message == "unknown parameter sslcert in postgres://me:***@host/db?sslcert=x (sslmode and sslrootcert only)")
    }
}
