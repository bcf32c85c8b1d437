import Foundation
import OrderedCollections
import XMLStreaming

extension PropertyList {
    /// How a property list is written as JSON, which has strings, integers, reals, booleans,
    /// arrays and dictionaries. Dates and data have no JSON form: writing them is an error
    /// unless these options say how to spell them; JSON's `null` has no plist form and is an
    /// error when reading.
    public struct JSONOptions: Sendable, Hashable {
        /// Whether dates are written as ISO 8601 strings (`2012-03-01T06:00:00Z`) instead of
        /// failing.
        public var writesDatesAsISO8601Strings: Bool
        /// Whether data is written as base64 strings instead of failing.
        public var writesDataAsBase64Strings: Bool
        /// Whether the JSON is written for people, as `plutil -r` and `JSONSerialization`'s
        /// `.prettyPrinted` do: each member on its own line, indented by two spaces,
        /// `"key" : value`.
        public var isHumanReadable: Bool

        /// Creates options: by default dates and data are errors and the JSON is compact.
        public init(
            writesDatesAsISO8601Strings: Bool = false, writesDataAsBase64Strings: Bool = false, isHumanReadable: Bool = false
        ) {
            self.writesDatesAsISO8601Strings = writesDatesAsISO8601Strings
            self.writesDataAsBase64Strings = writesDataAsBase64Strings
            self.isHumanReadable = isHumanReadable
        }

        /// Creates options with the labels before 0.2.
        @available(*, deprecated, renamed: "init(writesDatesAsISO8601Strings:writesDataAsBase64Strings:isHumanReadable:)")
        @_disfavoredOverload
        public init(datesAsISO8601Strings: Bool = false, dataAsBase64Strings: Bool = false, humanReadable: Bool = false) {
            self.init(
                writesDatesAsISO8601Strings: datesAsISO8601Strings, writesDataAsBase64Strings: dataAsBase64Strings,
                isHumanReadable: humanReadable)
        }

        /// Whether dates are written as strings: the name before 0.2.
        @available(*, deprecated, renamed: "writesDatesAsISO8601Strings")
        public var datesAsISO8601Strings: Bool {
            get { writesDatesAsISO8601Strings }
            set { writesDatesAsISO8601Strings = newValue }
        }
        /// Whether data is written as base64: the name before 0.2.
        @available(*, deprecated, renamed: "writesDataAsBase64Strings")
        public var dataAsBase64Strings: Bool {
            get { writesDataAsBase64Strings }
            set { writesDataAsBase64Strings = newValue }
        }
        /// Whether the JSON is written for people: the name before 0.2.
        @available(*, deprecated, renamed: "isHumanReadable")
        public var humanReadable: Bool {
            get { isHumanReadable }
            set { isHumanReadable = newValue }
        }
    }
}

/// The JSON options' name before 0.2.
@available(*, deprecated, renamed: "PropertyList.JSONOptions")
public typealias JSONOptions = PropertyList.JSONOptions

enum JSONPropertyListWriter {
    static func write(_ value: PropertyList, options: PropertyList.JSONOptions, sortsKeys: Bool) throws -> [UInt8] {
        var out: [UInt8] = []
        try write(value, options: options, sortsKeys: sortsKeys, depth: 0, into: &out)
        return out
    }

    private static func write(
        _ value: PropertyList, options: PropertyList.JSONOptions, sortsKeys: Bool, depth: Int, into out: inout [UInt8]
    ) throws {
        guard depth < PropertyList.maximumDepth else {
            throw PropertyListError("nested deeper than \(PropertyList.maximumDepth)")
        }
        switch value {
        case .string(let s): string(s, into: &out)
        case .integer(let i): out.append(contentsOf: String(i).utf8)
        case .unsignedInteger(let u): out.append(contentsOf: String(u).utf8)
        case .real(let r):
            guard r.isFinite else { throw PropertyListError("JSON has no \(r)") }
            out.append(contentsOf: (r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) + ".0" : "\(r)").utf8)
        case .boolean(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .date(let d):
            guard options.writesDatesAsISO8601Strings else {
                throw PropertyListError("JSON has no dates (JSONOptions.writesDatesAsISO8601Strings writes them as strings)")
            }
            string(try PlistDate.string(d), into: &out)
        case .data(let d):
            guard options.writesDataAsBase64Strings else {
                throw PropertyListError("JSON has no data (JSONOptions.writesDataAsBase64Strings writes it as base64)")
            }
            string(d.base64EncodedString(), into: &out)
        case .uid(let u):
            out.append(contentsOf: "{\"CF$UID\":\(u)}".utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newLine(options, depth: depth + 1, into: &out)
                try within(.index(i)) { try write(item, options: options, sortsKeys: sortsKeys, depth: depth + 1, into: &out) }
            }
            if !items.isEmpty { newLine(options, depth: depth, into: &out) }
            out.append(UInt8(ascii: "]"))
        case .dictionary(let d):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in d.entries(sorted: sortsKeys).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newLine(options, depth: depth + 1, into: &out)
                string(key.string, into: &out)
                out.append(contentsOf: options.isHumanReadable ? " : ".utf8 : ":".utf8)
                try within(.key(key.string)) { try write(value, options: options, sortsKeys: sortsKeys, depth: depth + 1, into: &out) }
            }
            if !d.isEmpty { newLine(options, depth: depth, into: &out) }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// For human-readable output: a line break and two spaces per level.
    private static func newLine(_ options: PropertyList.JSONOptions, depth: Int, into out: inout [UInt8]) {
        guard options.isHumanReadable else { return }
        out.append(0x0A)
        for _ in 0..<depth { out.append(contentsOf: [0x20, 0x20]) }
    }

    static func string(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case 0x22: out.append(contentsOf: "\\\"".utf8)
            case 0x5C: out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0..<0x20: out.append(contentsOf: String(format: "\\u%04x", b).utf8)
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// A strict JSON reader (RFC 8259) that keeps integers and reals apart.
struct JSONPropertyListReader {
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ message: String) -> PropertyListError {
        PropertyListError(message, position: XMLPosition(line: line, column: i - lineStart + 1, byteOffset: Int64(i)))
    }

    mutating func read() throws -> PropertyList {
        skipSpace()
        let value = try readValue(depth: 0)
        skipSpace()
        guard i == bytes.count else { throw error("text after the JSON value") }
        return value
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A:
                line += 1
                lineStart = i + 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            i += 1
        }
    }

    private mutating func readValue(depth: Int) throws -> PropertyList {
        guard depth < PropertyList.maximumDepth else { throw error("nested deeper than \(PropertyList.maximumDepth)") }
        guard i < bytes.count else { throw error("the JSON ends early") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var d = OrderedDictionary<PropertyList.DictionaryKey, PropertyList>()
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .dictionary(d)
            }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let key = try readString()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected \":\" after a key") }
                i += 1
                skipSpace()
                d[PropertyList.DictionaryKey(key)] = try readValue(depth: depth + 1)
                skipSpace()
                guard i < bytes.count else { throw error("the JSON ends inside an object") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                } else if bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return .dictionary(d)
                } else {
                    throw error("expected \",\" or \"}\"")
                }
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [PropertyList] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try readValue(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw error("the JSON ends inside an array") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                } else if bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(items)
                } else {
                    throw error("expected \",\" or \"]\"")
                }
            }
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "t"): return try literal("true", .boolean(true))
        case UInt8(ascii: "f"): return try literal("false", .boolean(false))
        case UInt8(ascii: "n"):
            throw error("JSON null has no property-list equivalent")
        default:
            return try readNumber()
        }
    }

    private mutating func literal(_ word: String, _ value: PropertyList) throws -> PropertyList {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<i + w.count]) == w else { throw error("unexpected text") }
        i += w.count
        return value
    }

    /// RFC 8259's number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func readNumber() throws -> PropertyList {
        let start = i
        func digits() -> Int {
            let from = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - from
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { throw error("unexpected character") }
        if bytes[i] == 0x30 {
            i += 1
        } else {
            _ = digits()
        }
        var isReal = false
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            isReal = true
            guard digits() > 0 else { throw error("a digit must follow the decimal point") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            isReal = true
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("a digit must follow the exponent") }
        }
        if i < bytes.count, (bytes[i] >= 0x30 && bytes[i] <= 0x39) || bytes[i] == UInt8(ascii: ".") {
            throw error("a number with a leading zero")
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if !isReal {
            if let v = Int64(text) { return .integer(v) }
            if let v = UInt64(text) { return .unsignedInteger(v) }
        }
        guard let v = Double(text) else { throw error("\"\(text)\" is not a number") }
        return .real(v)
    }

    private mutating func readString() throws -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw error("a control character in a string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { break }
            switch bytes[i] {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var unit = try hex4()
                if (0xD800...0xDBFF).contains(unit), i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"),
                    bytes[i + 2] == UInt8(ascii: "u")
                {
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("an unpaired surrogate") }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(unit) else { throw error("an unpaired surrogate") }
                UTF8.encode(scalar) { out.append($0) }
            default: throw error("an unknown escape")
            }
            i += 1
        }
        throw error("a string is not closed")
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 < bytes.count, let v = UInt32(String(decoding: bytes[(i + 1)...(i + 4)], as: UTF8.self), radix: 16) else {
            throw error("\\u needs four hexadecimal digits")
        }
        i += 4
        return v
    }
}
