import Foundation
@testable import SiteSchedulePostgres
import Testing
import XMLTestSupport

/// What a `postgres://` URL leaves out, read as libpq reads it: the `PG…` variables, then
/// the password file. No server needed.
@Suite("PostgreSQL settings from the environment and the password file, as libpq reads them")
struct PostgresEnvironmentTests {
    @Test("PGHOST, PGPORT, PGUSER, PGDATABASE, PGSSLMODE and PGSSLROOTCERT fill in what the URL leaves out; the URL wins")
    func variables() throws {
        let environment = [
            "PGHOST": "db.example", "PGPORT": "6543", "PGUSER": "dispatch", "PGDATABASE": "schedule", "PGSSLMODE": "require",
            "PGSSLROOTCERT": "/etc/ca.pem",
        ]
        let empty = try TemporaryDirectory()
        let filled = try PostgresLocation(url: "postgres://", environment: environment, homeDirectory: empty.path)
        #expect(filled.redacted == "postgres://dispatch@db.example:6543/schedule?sslmode=require&sslrootcert=/etc/ca.pem")
        #expect(filled.password == nil && filled.passwordSource == nil)
        let explicit = try PostgresLocation(
            url: "postgres://me@host:5433/db?sslmode=disable", environment: environment, homeDirectory: empty.path)
        #expect(explicit.redacted == "postgres://me@host:5433/db?sslmode=disable&sslrootcert=/etc/ca.pem")
        // Without either: libpq's defaults, the login name for the user and the database.
        let defaults = try PostgresLocation(url: "postgresql://", environment: [:], homeDirectory: empty.path)
        #expect(defaults.host == "localhost" && defaults.port == 5432 && defaults.tlsMode == .prefer)
        #expect(!defaults.user.isEmpty && defaults.database == defaults.user)
        #expect(throws: PostgresStoreError.self) { try PostgresLocation(url: "postgres://a@b/c", environment: ["PGSSLMODE": "sometimes"]) }
        #expect(throws: PostgresStoreError.self) { try PostgresLocation(url: "postgres://a@b/c", environment: ["PGPORT": "http"]) }
    }

    @Test("The password: the URL's, else PGPASSWORD, else the first matching line of ~/.pgpass")
    func passwords() throws {
        let home = try TemporaryDirectory()
        let file = try home.write(
            """
            # host:port:database:user:password
            other.example:*:*:*:not-this
            db.example:5432:*:dispatch:s3cr\\:et\\\\x:ignored
            *:*:*:*:fallback
            """, named: ".pgpass")
        chmod(file, 0o600)
        let url = "postgres://dispatch@db.example/schedule"
        let fromFile = try PostgresLocation(url: url, environment: [:], homeDirectory: home.path)
        #expect(fromFile.password == "s3cr:et\\x")
        #expect(fromFile.passwordSource == .passwordFile(file))
        #expect(try PostgresLocation(url: "postgres://someone@else.example/db", environment: [:], homeDirectory: home.path).password == "fallback")
        let fromEnvironment = try PostgresLocation(url: url, environment: ["PGPASSWORD": "env"], homeDirectory: home.path)
        #expect(fromEnvironment.password == "env" && fromEnvironment.passwordSource == .environment)
        let fromURL = try PostgresLocation(url: "postgres://dispatch:inline@db.example/schedule", environment: ["PGPASSWORD": "env"])
        #expect(fromURL.password == "inline" && fromURL.passwordSource == .url)
        // Windows line ends are line ends.
        let crlf = try home.write("other.example:*:*:*:no\r\n*:*:*:dispatch:crlf\r\n", named: "crlf")
        chmod(crlf, 0o600)
        #expect(try PostgresLocation(url: url, environment: ["PGPASSFILE": crlf], homeDirectory: home.path).password == "crlf")
        // PGPASSFILE names another file.
        let elsewhere = try home.write("*:*:*:dispatch:named\n", named: "passwords")
        chmod(elsewhere, 0o600)
        #expect(try PostgresLocation(url: url, environment: ["PGPASSFILE": elsewhere], homeDirectory: home.path).password == "named")
    }

    @Test("A password file group or others may read is ignored, with libpq's warning")
    func openPasswordFile() throws {
        let home = try TemporaryDirectory()
        let file = try home.write("*:*:*:*:secret\n", named: ".pgpass")
        chmod(file, 0o644)
        let location = try PostgresLocation(url: "postgres://dispatch@db.example/schedule", environment: [:], homeDirectory: home.path)
        #expect(location.password == nil)
        #expect(location.warnings == ["password file \(file) has group or world access and is ignored; permissions should be u=rw (0600) or less"])
    }
}
