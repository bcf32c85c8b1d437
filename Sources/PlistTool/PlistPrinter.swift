import Foundation
import PropertyLists

/// plutil -p's layout: dictionaries and arrays in braces and brackets, indented by two
/// spaces, strings quoted, data as its bytes in hex.
enum PlistPrinter {
    static func text(_ value: PropertyList, indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let end = String(repeating: "  ", count: indent)
        switch value {
        case .string(let s): return "\"\(s)\""
        case .integer(let i): return String(i)
        case .unsignedInteger(let u): return String(u)
        case .real(let r): return "\(r)"
        case .boolean(let b): return b ? "true" : "false"
        case .date(let d): return ISO8601DateFormatter().string(from: d)
        case .data(let d): return "{length = \(d.count), bytes = 0x\(d.prefix(32).map { String(format: "%02x", $0) }.joined())\(d.count > 32 ? "..." : "")}"
        case .uid(let u): return "<CFKeyedArchiverUID>{value = \(u)}"
        case .array(let items):
            guard !items.isEmpty else { return "[\n\(end)]" }
            return "[\n" + items.enumerated().map { "\(pad)\($0.offset) => \(text($0.element, indent: indent + 1))\n" }.joined() + "\(end)]"
        case .dictionary(let d):
            guard !d.isEmpty else { return "{\n\(end)}" }
            let keys = d.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            return "{\n" + keys.map { "\(pad)\"\($0)\" => \(text(d[$0]!, indent: indent + 1))\n" }.joined() + "\(end)}"
        }
    }
}
