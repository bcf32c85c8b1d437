import Foundation
import PropertyLists

/// plutil -p's layout: dictionaries and arrays in braces and brackets, indented by two
/// spaces, strings quoted, data as its bytes in hex.
///
/// - Complexity: O(size of the output), written into one string (a string per level, copied
///   into its parent, cost O(output · depth)).
enum PlistPrinter {
    static func text(_ value: PropertyList) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out
    }

    /// plutil -p's dates: `2023-11-14 22:13:20 +0000`.
    private static let dates: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter
    }()

    private static func write(_ value: PropertyList, indent: Int, into out: inout String) {
        switch value {
        case .string(let s): out += "\"\(s)\""
        case .integer(let i): out += String(i)
        case .unsignedInteger(let u): out += String(u)
        case .real(let r): out += "\(r)"
        case .boolean(let b): out += b ? "true" : "false"
        case .date(let d): out += dates.string(from: d)
        case .data(let d):
            out += "{length = \(d.count), bytes = 0x\(d.prefix(32).map { String(format: "%02x", $0) }.joined())\(d.count > 32 ? "..." : "")}"
        case .uid(let u): out += "<CFKeyedArchiverUID>{value = \(u)}"
        case .array(let items):
            out += "[\n"
            for (offset, item) in items.enumerated() {
                pad(indent + 1, &out)
                out += "\(offset) => "
                write(item, indent: indent + 1, into: &out)
                out += "\n"
            }
            pad(indent, &out)
            out += "]"
        case .dictionary(let d):
            out += "{\n"
            for key in d.keys.sorted() {
                pad(indent + 1, &out)
                out += "\"\(key)\" => "
                write(d[key]!, indent: indent + 1, into: &out)
                out += "\n"
            }
            pad(indent, &out)
            out += "}"
        }
    }

    private static func pad(_ level: Int, _ out: inout String) {
        for _ in 0..<level { out += "  " }
    }
}
