import Foundation

/// A PostgreSQL server and database named by a URL:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE][&sslrootcert=FILE]`
/// (`postgresql://` too), with `sslmode` and `sslrootcert` meaning what they mean to libpq.
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

    /// Whether `string` names a PostgreSQL server rather than a SQLite file.
    public static func isURL(_ string: String) -> Bool {
        string.hasPrefix("postgres://") || string.hasPrefix("postgresql://")
    }

    /// Reads a `postgres://` URL.
    ///
    /// - Throws: ``PostgresStoreError`` saying what is wrong, with the URL redacted.
    public init(url string: String) throws {
        guard Self.isURL(string), let components = URLComponents(string: string), let host = components.host, !host.isEmpty
        else {
            throw PostgresStoreError(
                "not a PostgreSQL URL: \(Self.redact(string)) (expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)")
        }
        guard let user = components.user, !user.isEmpty else {
            throw PostgresStoreError("no user in \(Self.redact(string)) (expected postgres://USER@HOST/DATABASE)")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else {
            throw PostgresStoreError("no database in \(Self.redact(string)) (expected postgres://USER@HOST/DATABASE)")
        }
        self.user = user
        self.password = components.password
        self.host = host
        self.port = components.port ?? 5432
        self.database = database.removingPercentEncoding ?? database
        var mode = TLSMode.prefer
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
