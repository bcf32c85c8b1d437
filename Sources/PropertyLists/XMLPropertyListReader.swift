import Foundation
import OrderedCollections
import XMLStreaming

/// Reads an XML plist straight from the stream parser's events, with no tree in between.
struct XMLPropertyListReader: XMLEventHandler {
    // The open containers, innermost last. Arrays and dictionaries live in stacks of their
    // own so that adding a value mutates them in place (a value copied out of an enum case
    // would make every append copy the whole container).
    private enum Frame { case array, dictionary }
    private var frames: [Frame] = []
    private var arrays: [[PropertyList]] = []
    private var dictionaries: [OrderedDictionary<String, PropertyList>] = []
    private var keys: [String?] = []

    private(set) var result: PropertyList?
    private var text: [UInt8] = []
    private var collecting = false
    private var locator = XMLLocator.detached

    private func error(_ message: String) -> PropertyListError {
        let position = locator.position
        return PropertyListError(message, line: position.line, column: position.column)
    }

    mutating func startDocument(_ locator: XMLLocator) {
        self.locator = locator
    }

    /// The plist elements, told apart by length and a byte or two (no string compares).
    private enum Element { case plist, dict, array, key, string, integer, real, date, data, `true`, `false` }

    private static func element(_ name: XMLStringView) -> Element? {
        name.withUnsafeBytes { b -> Element? in
            @inline(__always) func matches(_ literal: StaticString) -> Bool {
                guard b.count == literal.utf8CodeUnitCount else { return false }
                let l = literal.utf8Start
                for i in 0..<b.count where b[i] != l[i] { return false }
                return true
            }
            switch b.count {
            case 3: return matches("key") ? .key : nil
            case 4:
                switch (b[0], b[1], b[3]) {
                case (0x64, 0x69, _): return matches("dict") ? .dict : nil
                case (0x64, 0x61, 0x65): return matches("date") ? .date : nil
                case (0x64, 0x61, 0x61): return matches("data") ? .data : nil
                case (0x72, _, _): return matches("real") ? .real : nil
                case (0x74, _, _): return matches("true") ? .true : nil
                default: return nil
                }
            case 5:
                switch b[0] {
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
    }

    /// The value element whose text is being collected.
    private var valueElement: Element = .plist

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        if collecting { throw error("<\(name.qualifiedName)> inside a value that holds only text") }
        guard let element = Self.element(name.localName) else {
            throw error("<\(name.qualifiedName)> is not a property-list element")
        }
        if element != .plist && frames.count >= PropertyList.maximumDepth {
            throw error("values nested deeper than \(PropertyList.maximumDepth)")
        }
        switch element {
        case .plist:
            guard frames.isEmpty, result == nil else { throw error("<plist> must be the root") }
        case .dict:
            frames.append(.dictionary)
            dictionaries.append([:])
            keys.append(nil)
        case .array:
            frames.append(.array)
            arrays.append([])
        default:
            collecting = true
            valueElement = element
            text.removeAll(keepingCapacity: true)
        }
    }

    /// A DOCTYPE with an internal subset (`<!DOCTYPE plist [ … ]>`) is refused where it ends,
    /// as Apple's parsers refuse it (an entity declaration in it is refused first, with its
    /// own line): a plist's DOCTYPE only names Apple's DTD.
    private var doctypeHasInternalSubset = false

    mutating func startDoctype(_ doctype: XMLDoctype) {
        doctypeHasInternalSubset = doctype.hasInternalSubset
    }

    mutating func endDoctype() throws {
        if doctypeHasInternalSubset {
            throw error("a DOCTYPE with declarations of its own (an internal subset) is not supported in property lists")
        }
    }

    /// Entities are refused, as plistlib and Apple's parser refuse them: a plist is data, and
    /// an entity would let a file's text stand for other text.
    mutating func entityDeclaration(_ declaration: XMLEntityDeclaration) throws {
        throw error("XML entity declarations are not supported in property lists (<!ENTITY \(declaration.name)>)")
    }

    mutating func characters(_ piece: XMLStringView) throws {
        if collecting {
            piece.withUnsafeBytes { text.append(contentsOf: $0) }
        } else if !piece.isWhitespace {
            throw error("text outside a value")
        }
    }

    mutating func endElement(_ name: XMLName) throws {
        guard collecting else {
            // A container or <plist> ends (expat has checked the nesting).
            switch frames.last {
            case .dictionary?:
                guard Self.element(name.localName) == .dict else { return }
                frames.removeLast()
                if let key = keys.removeLast() { throw error("the key \"\(key)\" has no value") }
                try add(Self.collapsingUID(dictionaries.removeLast()))
            case .array?:
                guard Self.element(name.localName) == .array else { return }
                frames.removeLast()
                try add(.array(arrays.removeLast()))
            case nil:
                return
            }
            return
        }
        collecting = false
        func content() -> String { String(decoding: text, as: UTF8.self) }
        switch valueElement {
        case .key:
            guard frames.last == .dictionary else { throw error("<key> outside a <dict>") }
            if let key = keys[keys.count - 1] { throw error("two keys in a row: \"\(key)\" has no value") }
            keys[keys.count - 1] = content()
        case .string: try add(.string(content()))
        case .true: try add(.boolean(true))
        case .false: try add(.boolean(false))
        case .integer:
            guard let value = Self.fastInteger(text) ?? Self.integer(content()) else {
                throw error("\"\(content())\" is not an integer")
            }
            try add(value)
        case .real:
            guard let value = Self.real(content()) else { throw error("\"\(content())\" is not a real number") }
            try add(.real(value))
        case .date:
            guard let date = PlistDate.fastDate(text) ?? PlistDate.date(content()) else {
                throw error("\"\(content())\" is not a date like 2012-03-01T06:00:00Z")
            }
            try add(.date(date))
        case .data:
            let compact = text.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            guard let data = Data(base64Encoded: Data(compact)) else { throw error("the data is not base64") }
            try add(.data(data))
        case .plist, .dict, .array:
            break
        }
    }

    /// `<dict><key>CF$UID</key><integer>N</integer></dict>` is a keyed archiver's UID, as
    /// Foundation reads it (and as the XML writer writes UIDs): one key, an integer from 0
    /// to UInt32.max. Any other dictionary stays a dictionary.
    static func collapsingUID(_ dictionary: OrderedDictionary<String, PropertyList>) -> PropertyList {
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

    private mutating func add(_ value: PropertyList) throws {
        switch frames.last {
        case nil:
            guard result == nil else { throw error("a second value at the top level") }
            result = value
        case .array?:
            arrays[arrays.count - 1].append(value)
        case .dictionary?:
            guard let key = keys[keys.count - 1] else {
                throw error("a \(value.typeName) in a <dict> without a <key> before it")
            }
            dictionaries[dictionaries.count - 1][key] = value
            keys[keys.count - 1] = nil
        }
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
        switch number.lowercased() {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default:
            guard !number.isEmpty, number.utf8.allSatisfy({ "+-.0123456789eE".utf8.contains($0) }) else { return nil }
            return Double(number)
        }
    }
}
