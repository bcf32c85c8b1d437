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
    let connection: PostgresConnection
    let logger: Logger

    public var displayName: String { location.redacted }

    /// Connects and brings the schema up to date (creating it on first use).
    ///
    /// - Throws: ``PostgresStoreError``: `cannot connect to postgres://…: connection refused`
    ///   and the like, never with the password.
    public init(_ location: PostgresLocation) throws {
        self.location = location
        var logger = Logger(label: "siteschedule.postgres")
        logger.logLevel = .critical
        self.logger = logger
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch location.tlsMode {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
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
            throw PostgresStoreError("cannot connect to \(location.redacted): \(Self.describe(error))")
        }
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

    // MARK: Statements

    /// Runs a statement and returns its rows.
    @discardableResult
    func query(_ query: PostgresQuery) throws -> PostgresQueryResult {
        do {
            return try connection.query(query, logger: logger).wait()
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
            try query("SELECT pg_advisory_xact_lock(\(Self.importLock))")
            return try body(PostgresScheduleWriter(store: self))
        }
    }

    public func reading<R>(_ body: (any ScheduleStoreReader) throws -> R) throws -> R {
        try transaction("ISOLATION LEVEL REPEATABLE READ READ ONLY") { try body(PostgresScheduleReader(store: self)) }
    }

    // MARK: Errors

    /// What a PostgresNIO error says, in words: the server's message, or the connection's
    /// failure (PSQLError's own description hides everything, for fear of leaking secrets).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let info = error.serverInfo, let message = info[.message] {
            let state = info[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            let detail = info[.detail].map { ": \($0)" } ?? ""
            return message + detail + state
        }
        if let underlying = error.underlying {
            if let io = underlying as? IOError { return describe(errno: io.errnoCode) }
            if let connect = underlying as? NIOConnectionError {
                if let io = connect.connectionErrors.lazy.compactMap({ $0.error as? IOError }).first {
                    return describe(errno: io.errnoCode)
                }
                if connect.connectionErrors.isEmpty { return "cannot resolve the host name" }
            }
            let text = "\(underlying)"
            if text.contains("connectTimeout") { return "timed out" }
            if text.contains("connectionRefused") || text.contains("ECONNREFUSED") { return "connection refused" }
            return text
        }
        switch error.code {
        case .sslUnsupported: return "the server does not offer TLS, and the URL asks for it (sslmode=require)"
        case .authMechanismRequiresPassword: return "the server asks for a password and the URL has none"
        case .serverClosedConnection: return "the server closed the connection"
        default: return "\(error.code)"
        }
    }

    private static func describe(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: return "connection refused"
        case ETIMEDOUT: return "timed out"
        case EHOSTUNREACH: return "host unreachable"
        default: return String(cString: strerror(code))
        }
    }
}
