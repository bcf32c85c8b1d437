import Foundation
import OrderedCollections
import XMLStreaming

/// OpenStep (ASCII) plists, as NeXT-era files and Xcode's project files still use them:
/// `{ key = value; }`, `( a, b )`, strings quoted or bare, data in `<hex>`, `//` and
/// `/* */` comments. Every scalar is a string in this format.
struct OpenStepPropertyListReader {
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A byte-order mark is no column of line 1.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            i = 3
            lineStart = 3
        }
    }

    /// An error at `i`: the column counts characters from 1, not bytes (as the XML readers'
    /// columns do: `é` is one).
    private func error(_ message: String) -> PropertyListError {
        let characters = bytes[lineStart..<min(i, bytes.count)].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return PropertyListError(
            message, position: XMLPosition(line: line, column: characters + 1, byteOffset: Int64(min(i, bytes.count))))
    }

    /// Reads the file's value. As CoreFoundation reads them: a file of only white space and
    /// comments is an empty dictionary, and a string followed by more text starts a
    /// `.strings` file, a dictionary without its braces (`"key" = "value";` lines).
    mutating func read() throws -> PropertyList {
        try skip()
        guard i < bytes.count else { return .dictionary([:]) }
        let start = (i, line, lineStart)
        let value = try readValue(depth: 0)
        try skip()
        guard i < bytes.count else { return value }
        guard case .string = value else { throw error("text after the value") }
        (i, line, lineStart) = start
        return .dictionary(try readEntries(until: nil, depth: 0))
    }

    /// A dictionary's entries up to `closing` (`}`), or to the end of the file for a
    /// `.strings` file. `"key";` alone stands for `"key" = "key";`.
    private mutating func readEntries(until closing: UInt8?, depth: Int) throws
        -> OrderedDictionary<PropertyList.DictionaryKey, PropertyList>
    {
        var d = OrderedDictionary<PropertyList.DictionaryKey, PropertyList>()
        while true {
            try skip()
            guard i < bytes.count else {
                if closing == nil { return d }
                throw error("a dictionary is not closed")
            }
            if let closing, bytes[i] == closing {
                i += 1
                return d
            }
            guard bytes[i] == UInt8(ascii: "'") || bytes[i] == UInt8(ascii: "\"") || Self.isBare(bytes[i]) else {
                throw error("a key must be a string")
            }
            guard case .string(let key) = try readValue(depth: depth + 1) else { throw error("a key must be a string") }
            try skip()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") || bytes[i] == UInt8(ascii: ";") else {
                throw error("expected \"=\" or \";\" after the key \"\(key)\"")
            }
            if bytes[i] == UInt8(ascii: ";") {
                i += 1
                d[PropertyList.DictionaryKey(key)] = .string(key)
                continue
            }
            i += 1
            try skip()
            d[PropertyList.DictionaryKey(key)] = try readValue(depth: depth + 1)
            try skip()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else { throw error("expected \";\" after the value of \"\(key)\"") }
            i += 1
        }
    }

    /// Skips white space and comments.
    private mutating func skip() throws {
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                lineStart = i + 1
                i += 1
            } else if b == 0x20 || b == 0x09 || b == 0x0D {
                i += 1
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                    if bytes[i] == 0x0A {
                        line += 1
                        lineStart = i + 1
                    }
                    i += 1
                }
                guard i + 1 < bytes.count else { throw error("a comment is not closed") }
                i += 2
            } else {
                return
            }
        }
    }

    /// The characters a string may hold without quotes, as CoreFoundation allows them:
    /// ASCII letters and digits and `_ $ / : . -`.
    static func isBare(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || "_$/:.-".utf8.contains(b)
    }

    private mutating func readValue(depth: Int) throws -> PropertyList {
        guard depth < PropertyList.maximumDepth else { throw error("nested too deeply") }
        guard i < bytes.count else { throw error("the file ends early") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            return .dictionary(try readEntries(until: UInt8(ascii: "}"), depth: depth))
        case UInt8(ascii: "("):
            i += 1
            var items: [PropertyList] = []
            try skip()
            if i < bytes.count, bytes[i] == UInt8(ascii: ")") {
                i += 1
                return .array(items)
            }
            while true {
                try skip()
                // A trailing comma before ")" is allowed.
                if i < bytes.count, bytes[i] == UInt8(ascii: ")"), !items.isEmpty {
                    i += 1
                    return .array(items)
                }
                items.append(try readValue(depth: depth + 1))
                try skip()
                guard i < bytes.count else { throw error("an array is not closed") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                } else if bytes[i] == UInt8(ascii: ")") {
                    i += 1
                    return .array(items)
                } else {
                    throw error("expected \",\" or \")\"")
                }
            }
        case UInt8(ascii: "<"):
            i += 1
            var data: [UInt8] = []
            var high: UInt8?
            while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
                let b = bytes[i]
                i += 1
                if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D { continue }
                guard let nibble = Self.hex(b) else { throw error("\"\(Character(Unicode.Scalar(b)))\" in data") }
                if let h = high {
                    data.append(h << 4 | nibble)
                    high = nil
                } else {
                    high = nibble
                }
            }
            guard i < bytes.count, high == nil else { throw error("data is not closed, or has an odd number of digits") }
            i += 1
            return .data(Data(data))
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try readQuoted())
        default:
            let start = i
            while i < bytes.count, Self.isBare(bytes[i]) { i += 1 }
            guard i > start else { throw error("unexpected \"\(Character(Unicode.Scalar(bytes[i])))\"") }
            return .string(String(decoding: bytes[start..<i], as: UTF8.self))
        }
    }

    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    private mutating func readQuoted() throws -> String {
        let quote = bytes[i]
        i += 1
        var out = String.UnicodeScalarView()
        var pending: [UInt8] = []
        func flush() {
            if !pending.isEmpty {
                out.append(contentsOf: String(decoding: pending, as: UTF8.self).unicodeScalars)
                pending.removeAll()
            }
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == quote {
                i += 1
                flush()
                return String(out)
            }
            if b == 0x0A {
                line += 1
                lineStart = i + 1
            }
            if b != UInt8(ascii: "\\") {
                pending.append(b)
                i += 1
                continue
            }
            flush()
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "n"): out.append("\n")
            case UInt8(ascii: "t"): out.append("\t")
            case UInt8(ascii: "r"): out.append("\r")
            case UInt8(ascii: "a"): out.append("\u{07}")
            case UInt8(ascii: "b"): out.append("\u{08}")
            case UInt8(ascii: "f"): out.append("\u{0C}")
            case UInt8(ascii: "v"): out.append("\u{0B}")
            case UInt8(ascii: "U"):
                // One to four hexadecimal digits, as CoreFoundation reads them; none is refused,
                // as swift-foundation refuses it (CoreFoundation read U+0000).
                var value: UInt32 = 0
                var digits = 0
                for _ in 0..<4 {
                    guard i < bytes.count, let nibble = Self.hex(bytes[i]) else { break }
                    value = value << 4 | UInt32(nibble)
                    i += 1
                    digits += 1
                }
                if digits == 0 {
                    i -= 2
                    throw error("\\U without hexadecimal digits")
                }
                // A surrogate pair written as two \U escapes.
                if (0xD800...0xDBFF).contains(value), i + 5 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                    bytes[i + 1] == UInt8(ascii: "U"),
                    let low = UInt32(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16),
                    (0xDC00...0xDFFF).contains(low)
                {
                    i += 6
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            case 0x30...0x37:
                // One to three octal digits make a byte (wrapping, as CoreFoundation's does) in
                // the NeXTSTEP character set.
                var value = UInt8(e - 0x30)
                for _ in 0..<2 where i < bytes.count && (0x30...0x37).contains(bytes[i]) {
                    value = value &* 8 &+ (bytes[i] - 0x30)
                    i += 1
                }
                out.append(NeXTSTEPEncoding.scalar(value))
            default:
                // An unknown escape is the character itself, its backslash dropped.
                if e < 0x80 {
                    out.append(Unicode.Scalar(e))
                } else {
                    i -= 1
                }
            }
        }
        throw error("a string is not closed")
    }
}

/// Writes OpenStep plists: tabs, `key = value;`, bare strings where the format allows them.
/// Numbers, booleans and dates become strings (the format has no other scalars).
enum OpenStepPropertyListWriter {
    static func write(_ value: PropertyList, sortsKeys: Bool) throws -> [UInt8] {
        var out = ""
        try write(value, level: 0, sortsKeys: sortsKeys, into: &out)
        out += "\n"
        return Array(out.utf8)
    }

    private static func write(_ value: PropertyList, level: Int, sortsKeys: Bool, into out: inout String) throws {
        guard level < PropertyList.maximumDepth else {
            throw PropertyListError("the value is nested deeper than \(PropertyList.maximumDepth)")
        }
        let pad = String(repeating: "\t", count: level + 1)
        let end = String(repeating: "\t", count: level)
        switch value {
        // A bare string alone in a file could read as JSON (`true`, `12`, `null`) and come
        // back as another kind: at the top level strings (and booleans, reals and dates,
        // which become strings) are always quoted.
        case .string(let s): out += quoted(s, bare: level > 0)
        case .integer(let i): out += String(i)
        case .unsignedInteger(let u): out += String(u)
        case .real(let r): out += quoted(XMLPropertyListWriter.pythonRepr(r), bare: level > 0)
        case .boolean(let b): out += quoted(b ? "YES" : "NO", bare: level > 0)
        case .date(let d): out += quoted(try PlistDate.string(d), bare: level > 0)
        case .uid(let u): out += String(u)
        case .data(let d): out += "<" + d.map { String(format: "%02x", $0) }.joined() + ">"
        case .array(let items):
            guard !items.isEmpty else {
                out += "()"
                return
            }
            out += "(\n"
            for (i, item) in items.enumerated() {
                out += pad
                try within(.index(i)) { try write(item, level: level + 1, sortsKeys: sortsKeys, into: &out) }
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += end + ")"
        case .dictionary(let d):
            guard !d.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            for (key, value) in d.entries(sorted: sortsKeys) {
                out += pad + quoted(key.string) + " = "
                try within(.key(key.string)) { try write(value, level: level + 1, sortsKeys: sortsKeys, into: &out) }
                out += ";\n"
            }
            out += end + "}"
        }
    }

    /// Bare when every character may stand bare (and `bare` allows it), quoted with escapes
    /// otherwise.
    static func quoted(_ s: String, bare: Bool = true) -> String {
        if bare, !s.isEmpty, s.utf8.allSatisfy({ $0 < 0x80 && OpenStepPropertyListReader.isBare($0) }), !s.contains("//"),
            !s.contains("/*")
        {
            return s
        }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value > 0xFFFF {
                    if scalar.value > 0xFFFF {
                        for unit in String(scalar).utf16 { out += String(format: "\\U%04x", unit) }
                    } else {
                        out += String(format: "\\U%04x", scalar.value)
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
