import Foundation
import PostgresNIO
import SiteScheduleImport

/// The schedule on a shared PostgreSQL server: the same tables and the same semantics as the
/// SQLite file, for many processes at once.
///
/// Concurrency, stated plainly:
/// - Imports take turns. Each import's transaction first takes one transaction-level
///   advisory lock (`pg_advisory_xact_lock`), so a second import waits until the first
///   commits or rolls back, then runs against its result: both succeed, in some order, and
///   no two feeds' rows interleave. Nothing is left locked when a process dies: the server
///   ends its transaction and its lock with the connection.
/// - A reader (`show`, `export`) runs in one `REPEATABLE READ` transaction: it sees the
///   schedule as it was before an import or after it, never between.
///
/// The calls are synchronous, like the SQLite store's: each statement is sent on the
/// connection's event loop and the calling thread waits for its result (never an event
/// loop's thread). An import sends each batch of entities in a handful of statements
/// (``PostgresScheduleWriter``).
public final class PostgresScheduleStore: ScheduleStore {
    public let location: PostgresLocation
    /// Called when an import waits for another import's lock.
    let whenWaiting: (@Sendable () -> Void)?
    let connection: PostgresConnection
    let logger: Logger
    private let statementExecutor: EventLoopTaskExecutor

    public var displayName: String { location.redacted }

    /// Connects and brings the schema up to date (creating it on first use).
    ///
    /// - Throws: ``PostgresStoreError``: `cannot connect to postgres://…: connection refused`
    ///   and the like, never with the password.
    /// - Parameter whenWaiting: Called once when an import waits for another import's lock.
    public init(_ location: PostgresLocation, whenWaiting: (@Sendable () -> Void)? = nil) throws {
        self.location = location
        self.whenWaiting = whenWaiting
        var logger = Logger(label: "siteschedule.postgres")
        logger.logLevel = .critical
        self.logger = logger
        let tls: PostgresConnection.Configuration.TLS
        do {
            tls = try Self.tls(for: location)
        } catch {
            throw PostgresStoreError("cannot connect to \(location.redacted): TLS: \(error)")
        }
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        do {
            connection = try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: 1, logger: logger
            ).wait()
        } catch {
            throw PostgresStoreError("cannot connect to \(location.redacted): \(Self.describe(error, location: location))")
        }
        statementExecutor = EventLoopTaskExecutor(connection.eventLoop)
        do {
            try migrate()
        } catch {
            try? connection.close().wait()
            throw error
        }
    }

    deinit {
        try? connection.close().wait()
    }

    /// The TLS of libpq's `sslmode`: `prefer` and `require` encrypt without checking the
    /// certificate (unless `require` names a root certificate), `verify-ca` checks who signed
    /// it, `verify-full` also the host name.
    private static func tls(for location: PostgresLocation) throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let path = location.rootCertificatePath {
            // Said by name here: NIOSSL's own errors (noSuchFilesystemObject) name no file.
            guard FileManager.default.fileExists(atPath: path) else {
                throw PostgresStoreError("the sslrootcert file \(path) does not exist")
            }
            guard access(path, R_OK) == 0 else {
                throw PostgresStoreError("the sslrootcert file \(path) cannot be read: \(String(cString: strerror(errno)))")
            }
            let certificates = (try? NIOSSLCertificate.fromPEMFile(path)) ?? []
            guard !certificates.isEmpty else {
                throw PostgresStoreError("the sslrootcert file \(path) holds no PEM certificate")
            }
            configuration.trustRoots = .certificates(certificates)
        }
        switch location.tlsMode {
        case .disable: return .disable
        case .prefer:
            configuration.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: configuration))
        case .require:
            configuration.certificateVerification = location.rootCertificatePath == nil ? .none : .noHostnameVerification
            return .require(try NIOSSLContext(configuration: configuration))
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
            return .require(try NIOSSLContext(configuration: configuration))
        case .verifyFull:
            configuration.certificateVerification = .fullVerification
            return .require(try NIOSSLContext(configuration: configuration))
        }
    }

    // MARK: Statements

    /// Runs a statement and returns its rows.
    @discardableResult
    func query(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try wait(for: connection.query(query, logger: logger))
    }

    /// Sends a prepared statement (prepared on this connection the first time it runs) and
    /// returns at once, with its rows to come. Statements sent before this one's rows are in
    /// may reach the server in any order: wait for one before sending the next.
    func send<Statement: PostgresPreparedStatement>(_ statement: Statement) -> EventLoopFuture<[Statement.Row]>
    where Statement.Row: Sendable {
        let promise = connection.eventLoop.makePromise(of: [Statement.Row].self)
        let connection = self.connection, logger = self.logger
        // postgres-nio prepares statements in async code only. Its task runs on the
        // connection's event loop, not on Swift's cooperative pool: callers block in `wait`,
        // and when they are the pool's threads (as under swift-testing) a task there would
        // never run.
        Task(executorPreference: statementExecutor) {
            do {
                var rows: [Statement.Row] = []
                for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
                promise.succeed(rows)
            } catch {
                promise.fail(error)
            }
        }
        return promise.futureResult
    }

    /// The rows of a statement sent with ``send(_:)``, once they are in.
    func wait<Rows: Sendable>(for rows: EventLoopFuture<Rows>) throws -> Rows {
        do {
            return try rows.wait()
        } catch {
            throw PostgresStoreError("\(location.redacted): \(Self.describe(error))")
        }
    }

    /// Runs SQL made by the program, never from input (the migrations, the tests' setup).
    func execute(unsafeSQL sql: String) throws {
        try query(PostgresQuery(unsafeSQL: sql))
    }

    /// Runs `body` between `BEGIN` (with `mode`) and `COMMIT`, or `ROLLBACK` when it throws.
    func transaction<R>(_ mode: String, _ body: () throws -> R) throws -> R {
        try query(PostgresQuery(unsafeSQL: "BEGIN \(mode)"))
        do {
            let result = try body()
            try query("COMMIT")
            return result
        } catch {
            _ = try? query("ROLLBACK")
            throw error
        }
    }

    // MARK: ScheduleStore

    /// The advisory lock every import takes (any number: the same in every process).
    static let importLock = 0x5C4E_D01E

    public func importTransaction<R>(_ body: (any ScheduleStoreWriter) throws -> R) throws -> R {
        try transaction("ISOLATION LEVEL READ COMMITTED") {
            // Another import holds the lock: say so before waiting for it.
            let taken = try query("SELECT pg_try_advisory_xact_lock(\(Self.importLock))").map { try $0.decode(Bool.self) }
            if taken.first != true {
                whenWaiting?()
                try query("SELECT pg_advisory_xact_lock(\(Self.importLock))")
            }
            let writer = PostgresScheduleWriter(store: self)
            do {
                let result = try body(writer)
                try writer.waitForStatementInFlight()
                return result
            } catch {
                // Its statement must not reach the server after the ROLLBACK (it would run
                // outside the transaction).
                try? writer.waitForStatementInFlight()
                throw error
            }
        }
    }

    public func reading<R>(_ body: (any ScheduleStoreReader) throws -> R) throws -> R {
        try transaction("ISOLATION LEVEL REPEATABLE READ READ ONLY") { try body(PostgresScheduleReader(store: self)) }
    }

    // MARK: Errors

    /// What a PostgresNIO error says, in words: the server's message, or the connection's
    /// failure (PSQLError's own description hides everything, for fear of leaking secrets).
    static func describe(_ error: any Error, location: PostgresLocation? = nil) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let info = error.serverInfo, let message = info[.message] {
            let state = info[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            let detail = info[.detail].map { ": \($0)" } ?? ""
            // A wrong password: say which one was used, as libpq does for its file.
            let source =
                info[.sqlState] == "28P01" ? location?.passwordSource.map { "; the password came from \($0)" } ?? "" : ""
            return message + detail + state + source
        }
        if let underlying = error.underlying {
            if let io = underlying as? IOError { return describe(errno: io.errnoCode) }
            if let connect = underlying as? NIOConnectionError {
                if let io = connect.connectionErrors.lazy.compactMap({ $0.error as? IOError }).first {
                    return describe(errno: io.errnoCode)
                }
                if connect.connectionErrors.isEmpty {
                    return "cannot resolve the host name" + (location.map { " \($0.host)" } ?? "")
                }
            }
            if let tls = underlying as? NIOSSLError {
                if case .handshakeFailed(let reason) = tls, "\(reason)".contains("CERTIFICATE_VERIFY_FAILED") {
                    return "TLS: the server's certificate was not accepted: not signed by a trusted authority, or expired"
                        + " (sslrootcert=FILE names the authority to trust)"
                }
                return "TLS: \(tls)"
            }
            if let tls = underlying as? NIOSSLExtraError {
                if tls == .failedToValidateHostname, let location {
                    // Which names the certificate holds, read by a second connection.
                    let names = CertificateNames.of(host: location.host, port: location.port)
                    let holds =
                        names.map { $0.isEmpty ? "it names no host in its subjectAltName" : "it names " + $0.joined(separator: ", ") }
                        ?? "its names could not be read"
                    return "TLS: the server's certificate does not name \(location.host); \(holds) "
                        + "(sslmode=verify-full checks the host: connect by a name the certificate holds, or use sslmode=verify-ca)"
                }
                return "TLS: the server's certificate was not accepted: \(tls)"
            }
            let text = "\(underlying)"
            if text.contains("connectTimeout") {
                return "no answer within 10 seconds" + (location.map { " from \($0.host):\($0.port)" } ?? "")
                    + " (is the host up, and the port open to this machine?)"
            }
            if text.contains("connectionRefused") || text.contains("ECONNREFUSED") { return "connection refused" }
            return text
        }
        switch error.code {
        case .sslUnsupported: return "the server does not offer TLS, and the URL asks for it (sslmode=require)"
        case .authMechanismRequiresPassword:
            return "the server asks for a password and none was given: put it in the URL (postgres://USER:PASSWORD@HOST/DATABASE), "
                + "in PGPASSWORD, or in ~/.pgpass (HOST:PORT:DATABASE:USER:PASSWORD, mode 0600; PGPASSFILE names another file)"
        case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
        default: return "\(error.code)"
        }
    }

    private static func describe(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: return "connection refused"
        case ETIMEDOUT: return "timed out"
        case EHOSTUNREACH: return "host unreachable (no route to it from this machine)"
        case ENETUNREACH: return "network unreachable"
        case ECONNRESET, EPIPE: return "the server closed the connection"
        default: return String(cString: strerror(code))
        }
    }
}

/// Runs tasks on a SwiftNIO event loop.
private final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
