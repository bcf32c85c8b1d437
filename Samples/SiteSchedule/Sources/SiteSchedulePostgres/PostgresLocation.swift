import Foundation

/// A PostgreSQL server and database named by a URL:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE][&sslrootcert=FILE]`
/// (`postgresql://` too), with `sslmode` and `sslrootcert` meaning what they mean to libpq.
///
/// What the URL leaves out comes from where libpq takes it (psql users set these already):
/// `PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`, `PGSSLMODE`, `PGSSLROOTCERT`, then libpq's
/// defaults (localhost, 5432, the login name, a database named as the user, `prefer`). The
/// password: the URL's, else `PGPASSWORD`, else the first matching line of the password
/// file (`PGPASSFILE`, or `~/.pgpass`; `HOST:PORT:DATABASE:USER:PASSWORD`, `*` for any),
/// which is ignored, with a warning, when group or others may read it (as libpq does).
///
/// ``redacted`` is the form every message uses: the URL without its password.
public struct PostgresLocation: Hashable, Sendable, CustomStringConvertible {
    /// How the connection uses TLS, as libpq's `sslmode` says it.
    public enum TLSMode: String, Sendable {
        /// Never.
        case disable
        /// When the server offers it, without checking its certificate (libpq's default).
        /// `allow` is read as `prefer`: both take either kind of connection.
        case prefer
        /// Always: the connection fails when the server does not offer TLS. The certificate is
        /// checked against `sslrootcert` when the URL names one (as libpq does), not otherwise.
        case require
        /// Always, with the server's certificate signed by `sslrootcert` (or, without it, by a
        /// certificate authority the system trusts); any host name.
        case verifyCA = "verify-ca"
        /// As `verify-ca`, and the certificate names the host of the URL.
        case verifyFull = "verify-full"
    }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var tlsMode: TLSMode
    /// The certificate authorities (a PEM file) the server's certificate is checked against;
    /// `nil`: the system's.
    public var rootCertificatePath: String?
    /// Where the password came from, for messages: `nil` when there is none.
    public var passwordSource: PasswordSource?
    /// What was wrong with the environment and was passed over (a password file others may
    /// read), for the caller to print.
    public var warnings: [String] = []

    /// Where a password was found.
    public enum PasswordSource: Hashable, Sendable, CustomStringConvertible {
        case url
        case environment
        /// The password file, by path.
        case passwordFile(String)

        public var description: String {
            switch self {
            case .url: "the URL"
            case .environment: "PGPASSWORD"
            case .passwordFile(let path): "the password file \(path)"
            }
        }
    }

    /// Whether `string` names a PostgreSQL server rather than a SQLite file.
    public static func isURL(_ string: String) -> Bool {
        string.hasPrefix("postgres://") || string.hasPrefix("postgresql://")
    }

    /// Reads a `postgres://` URL, filling in what it leaves out from `environment` and the
    /// password file, as libpq does.
    ///
    /// - Parameters:
    ///   - environment: The variables to read (`PGHOST`, `PGPASSWORD`, …); the process's.
    ///   - homeDirectory: Where `~/.pgpass` is; by default `HOME`, else the user's (as libpq).
    /// - Throws: ``PostgresStoreError`` saying what is wrong, with the URL redacted.
    public init(
        url string: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: String? = nil
    ) throws {
        guard Self.isURL(string), let components = URLComponents(string: string) else {
            throw PostgresStoreError(
                "not a PostgreSQL URL: \(Self.redact(string)) (expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)")
        }
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? variable("PGHOST") ?? "localhost"
        guard !host.hasPrefix("/") else {
            throw PostgresStoreError("PGHOST=\(host) is a Unix-domain socket directory; siteschedule connects over TCP only (give a host name)")
        }
        let user = components.user.flatMap { $0.isEmpty ? nil : $0 } ?? variable("PGUSER") ?? Self.loginName()
        guard let user else {
            throw PostgresStoreError("no user in \(Self.redact(string)) and no PGUSER (expected postgres://USER@HOST/DATABASE)")
        }
        let path = String(components.path.drop(while: { $0 == "/" }))
        let database = path.isEmpty ? variable("PGDATABASE") ?? user : path.removingPercentEncoding ?? path
        let port: Int
        if let explicit = components.port {
            port = explicit
        } else if let text = variable("PGPORT") {
            guard let number = Int(text), (1...65535).contains(number) else { throw PostgresStoreError("PGPORT=\(text) is not a port number") }
            port = number
        } else {
            port = 5432
        }
        self.user = user
        self.host = host
        self.port = port
        self.database = database
        self.password = components.password
        if components.password != nil { passwordSource = .url }
        var mode = TLSMode.prefer
        if let value = variable("PGSSLMODE") {
            guard let known = value == "allow" ? .prefer : TLSMode(rawValue: value) else {
                throw PostgresStoreError("unknown PGSSLMODE=\(value) (disable, allow, prefer, require, verify-ca or verify-full)")
            }
            mode = known
        }
        rootCertificatePath = variable("PGSSLROOTCERT")
        for item in components.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("sslmode", "allow"): mode = .prefer
            case ("sslmode", let value):
                guard let known = TLSMode(rawValue: value) else {
                    throw PostgresStoreError(
                        "unknown sslmode \(value) in \(Self.redact(string)) (disable, allow, prefer, require, verify-ca or verify-full)")
                }
                mode = known
            case ("sslrootcert", let path) where !path.isEmpty:
                rootCertificatePath = path
            default:
                throw PostgresStoreError("unknown parameter \(item.name) in \(Self.redact(string)) (sslmode and sslrootcert only)")
            }
        }
        self.tlsMode = mode
        if password == nil, let value = variable("PGPASSWORD") {
            password = value
            passwordSource = .environment
        }
        if password == nil {
            let home = homeDirectory ?? variable("HOME") ?? NSHomeDirectory()
            let file = variable("PGPASSFILE") ?? (home as NSString).appendingPathComponent(".pgpass")
            switch PasswordFile.lookup(file, host: host, port: port, database: database, user: user) {
            case .found(let value):
                password = value
                passwordSource = .passwordFile(file)
            case .tooOpen:
                warnings.append("password file \(file) has group or world access and is ignored; permissions should be u=rw (0600) or less")
            case .none:
                break
            }
        }
    }

    /// The name the process runs as, libpq's default user.
    private static func loginName() -> String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    /// The URL without the password: what messages print.
    public var redacted: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        var parameters: [String] = []
        if tlsMode != .prefer { parameters.append("sslmode=\(tlsMode.rawValue)") }
        if let rootCertificatePath { parameters.append("sslrootcert=\(rootCertificatePath)") }
        let query = parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")
        return "postgres://\(user)@\(hostPart):\(port)/\(database)\(query)"
    }

    public var description: String { redacted }

    /// `string` with anything between `://user:` and `@` replaced by `***`, for messages
    /// about a URL that could not be read.
    public static func redact(_ string: String) -> String {
        guard let scheme = string.range(of: "://"), let at = string[scheme.upperBound...].lastIndex(of: "@") else {
            return string
        }
        let userInfo = string[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return string }
        return String(string[..<colon]) + ":***" + String(string[at...])
    }
}

/// What went wrong with the PostgreSQL store, said plainly; never holds a password.
public struct PostgresStoreError: Error, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
