import Foundation
import OrderedCollections
internal import XMLSyntax

/// Builds a property list from the elements of an XML plist, whoever reads them: the
/// expat-based ``XMLPropertyListReader`` and the fast ``XMLPlistScanner`` share it, so both
/// make the same values by the same rules. An error is a message; the reader adds the
/// position, the scanner gives up and lets the reader say it.
struct XMLPlistBuilder {
    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The plist elements, told apart by length and a byte or two (no string compares).
    enum Element { case plist, dict, array, key, string, integer, real, date, data, `true`, `false` }

    static func element(_ b: UnsafeRawBufferPointer) -> Element? {
        @inline(__always) func matches(_ literal: StaticString) -> Bool {
            guard b.count == literal.utf8CodeUnitCount else { return false }
            let l = unsafe literal.utf8Start
            for i in 0..<b.count where unsafe b[i] != l[i] { return false }
            return true
        }
        switch b.count {
        case 3: return matches("key") ? .key : nil
        case 4:
            switch unsafe (b[0], b[1], b[3]) {
            case (0x64, 0x69, _): return matches("dict") ? .dict : nil
            case (0x64, 0x61, 0x65): return matches("date") ? .date : nil
            case (0x64, 0x61, 0x61): return matches("data") ? .data : nil
            case (0x72, _, _): return matches("real") ? .real : nil
            case (0x74, _, _): return matches("true") ? .true : nil
            default: return nil
            }
        case 5:
            switch unsafe b[0] {
            case 0x61: return matches("array") ? .array : nil
            case 0x66: return matches("false") ? .false : nil
            case 0x70: return matches("plist") ? .plist : nil
            default: return nil
            }
        case 6: return matches("string") ? .string : nil
        case 7: return matches("integer") ? .integer : nil
        default: return nil
        }
    }


    // The open containers, innermost last. Arrays and dictionaries live in stacks of their
    // own so that adding a value mutates them in place (a value copied out of an enum case
    // would make every append copy the whole container).
    private enum Frame { case array, dictionary }
    private var frames: [Frame] = []
    private var arrays: [[PropertyList]] = []
    private var dictionaries: [OrderedDictionary<PropertyList.DictionaryKey, PropertyList>] = []
    private var keys: [String?] = []

    private(set) var result: PropertyList?
    /// Whether the root `<plist>` element was seen.
    private var sawPlist = false

    /// How many containers are open.
    var depth: Int { frames.count }

    /// An element starts: any one past the depth limit is refused, and `<plist>`, `<dict>`
    /// and `<array>` open (a value that holds text is then given to ``leaf(_:text:)``).
    mutating func open(_ element: Element) throws(Failure) {
        if element != .plist && frames.count >= PropertyList.maximumDepth {
            throw Failure("values nested deeper than \(PropertyList.maximumDepth)")
        }
        switch element {
        case .plist:
            guard frames.isEmpty, result == nil, !sawPlist else { throw Failure("<plist> must be the root") }
            sawPlist = true
        case .dict:
            frames.append(.dictionary)
            dictionaries.append([:])
            keys.append(nil)
        case .array:
            frames.append(.array)
            arrays.append([])
        default:
            break
        }
    }

    /// A container ends (the reader has checked the nesting).
    mutating func close(_ element: Element) throws(Failure) {
        switch frames.last {
        case .dictionary?:
            guard element == .dict else { return }
            frames.removeLast()
            if let key = keys.removeLast() { throw Failure("the key \"\(key)\" has no value") }
            try add(Self.collapsingUID(dictionaries.removeLast()))
        case .array?:
            guard element == .array else { return }
            frames.removeLast()
            try add(.array(arrays.removeLast()))
        case nil:
            return
        }
    }

    /// A value element that holds text ends, with its text (entities resolved, line ends
    /// normalized).
    mutating func leaf(_ element: Element, text: [UInt8]) throws(Failure) {
        func content() -> String { String(decoding: text, as: UTF8.self) }
        switch element {
        case .key:
            guard frames.last == .dictionary else { throw Failure("<key> outside a <dict>") }
            if let key = keys[keys.count - 1] { throw Failure("two keys in a row: \"\(key)\" has no value") }
            keys[keys.count - 1] = content()
        case .string: try add(.string(content()))
        case .true: try add(.boolean(true))
        case .false: try add(.boolean(false))
        case .integer:
            guard let value = Self.fastInteger(text) ?? Self.integer(content()) else {
                throw Failure("\"\(content())\" is not an integer")
            }
            try add(value)
        case .real:
            guard let value = Self.real(content()) else { throw Failure("\"\(content())\" is not a real number") }
            try add(.real(value))
        case .date:
            guard let date = PlistDate.fastDate(text) ?? PlistDate.date(content()) else {
                throw Failure("\"\(content())\" is not a date like 2012-03-01T06:00:00Z")
            }
            try add(.date(date))
        case .data:
            let compact = text.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            guard let data = Data(base64Encoded: Data(compact)) else { throw Failure("the data is not base64") }
            try add(.data(data))
        case .plist, .dict, .array:
            break
        }
    }

    private mutating func add(_ value: PropertyList) throws(Failure) {
        switch frames.last {
        case nil:
            guard result == nil else { throw Failure("a second value at the top level") }
            result = value
        case .array?:
            arrays[arrays.count - 1].append(value)
        case .dictionary?:
            guard let key = keys[keys.count - 1] else {
                throw Failure("a \(value.typeName) in a <dict> without a <key> before it")
            }
            dictionaries[dictionaries.count - 1][PropertyList.DictionaryKey(key)] = value
            keys[keys.count - 1] = nil
        }
    }

    /// `<dict><key>CF$UID</key><integer>N</integer></dict>` is a keyed archiver's UID, as
    /// Foundation reads it (and as the XML writer writes UIDs): one key, an integer from 0
    /// to UInt32.max. Any other dictionary stays a dictionary.
    static func collapsingUID(_ dictionary: OrderedDictionary<PropertyList.DictionaryKey, PropertyList>) -> PropertyList {
        if dictionary.count == 1, case .integer(let n)? = dictionary["CF$UID"], (0...Int64(UInt32.max)).contains(n) {
            return .uid(UInt64(n))
        }
        return .dictionary(dictionary)
    }

    /// Plain decimal digits with an optional minus: the common case, without making a String.
    static func fastInteger(_ bytes: [UInt8]) -> PropertyList? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var i = 0
        var negative = false
        if bytes[0] == 0x2D {
            negative = true
            i = 1
        }
        guard i < bytes.count else { return nil }
        var value: Int64 = 0
        while i < bytes.count {
            let d = bytes[i] &- 0x30
            guard d < 10 else { return nil }
            value = value * 10 + Int64(d)
            i += 1
        }
        return .integer(negative ? -value : value)
    }

    /// XML white space: what Foundation lets stand before a number (`\r\n` is one Character).
    private static func isSpace(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }

    /// An integer as Foundation reads it: white space, a sign (`-` or `+`), white space,
    /// then decimal digits or `0x` and hexadecimal ones, and nothing after (white space
    /// after the digits is refused, as Foundation refuses it); the whole Int64 and UInt64
    /// ranges.
    static func integer(_ text: String) -> PropertyList? {
        var digits = Substring(text).drop(while: isSpace)
        var negative = false
        if digits.first == "-" || digits.first == "+" {
            negative = digits.first == "-"
            digits = digits.dropFirst().drop(while: isSpace)
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        // UInt64(_:radix:) would take another sign.
        guard let first = digits.first, first.isHexDigit, let magnitude = UInt64(digits, radix: radix) else { return nil }
        if negative {
            let limit = UInt64(Int64.max) + 1
            guard magnitude <= limit else { return nil }
            let value: Int64 = magnitude == limit ? Int64.min : -Int64(magnitude)
            return PropertyList.integer(exactly: value)
        }
        return PropertyList.integer(exactly: magnitude)
    }

    /// A real as Foundation reads it: white space before it, then `nan`, `inf` or `infinity`
    /// (the last two signed or not; any case) or a decimal number with an exponent; nothing after it, and
    /// no hexadecimal (`0x10` is refused, as Foundation and plistlib refuse it).
    static func real(_ text: String) -> Double? {
        let number = Substring(text).drop(while: isSpace)
        switch String(number).asciiLowercased {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default:
            guard !number.isEmpty, number.utf8.allSatisfy({ "+-.0123456789eE".utf8.contains($0) }) else { return nil }
            return Double(number)
        }
    }
}
