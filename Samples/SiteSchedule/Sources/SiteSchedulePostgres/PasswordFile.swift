import Foundation

/// libpq's password file (`~/.pgpass`, or the file `PGPASSFILE` names): one
/// `HOSTNAME:PORT:DATABASE:USERNAME:PASSWORD` per line, `*` matching anything in the first
/// four fields, `\:` and `\\` for a colon and a backslash, `#` starting a comment; the first
/// matching line wins. A file group or others may read is not used.
enum PasswordFile {
    enum Lookup: Equatable {
        case found(String)
        /// The file is there, but others may read it: ignored.
        case tooOpen
        case none
    }

    static func lookup(_ path: String, host: String, port: Int, database: String, user: String) -> Lookup {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return .none }
        if status.st_mode & (S_IRWXG | S_IRWXO) != 0 { return .tooOpen }
        guard let data = FileManager.default.contents(atPath: path) else { return .none }
        let wanted = [host, String(port), database, user]
        // Lines split on bytes, a CR before the LF dropped, as libpq reads them (as Swift
        // characters, "\r\n" would be one, and split nothing).
        for var bytes in data.split(separator: 0x0A) {
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            let line = Substring(String(decoding: bytes, as: UTF8.self))
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = self.fields(of: line)
            guard fields.count >= 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return .found(fields[4]) }
        }
        return .none
    }

    /// The colon-separated fields of a line, with `\\:` and `\\\\` read as `:` and `\\` (five at most).
    static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                // The password ends at a colon, as the other fields do.
                fields.append(current)
                current = ""
                if fields.count == 5 { return fields }
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
