internal import XMLSyntax

/// Reading a value of a built-in atomic type from its lexical form.
extension XSDBuiltinType {
    /// The namespace a `QName` prefix is bound to where the value stands (`""` asks for the
    /// default namespace): `.some(nil)` when the prefix is bound to no namespace (the empty
    /// default), `nil` when it is not bound at all.
    typealias NamespaceLookup = (_ prefix: String) -> String??

    /// `text` with each run of digits before a `.` or designator written as `1` (a fraction's
    /// digits kept), for telling a duration too long to hold from one not written right.
    static func withNumbersAsOne(_ text: Substring) -> Substring {
        var result = ""
        var inNumber = false
        var inFraction = false
        for character in text {
            if character.isASCII, character.isNumber, !inFraction {
                if !inNumber { result.append("1") }
                inNumber = true
                continue
            }
            inFraction = character == "."
            inNumber = false
            result.append(character)
        }
        return result[...]
    }

    /// The range of a date's year when it has more than four digits and no leading zero
    /// (past four digits, one is not allowed), after an optional `-`.
    static func longYear(in text: Substring) -> Range<String.Index>? {
        let start = text.first == "-" ? text.index(after: text.startIndex) : text.startIndex
        let end = text[start...].firstIndex { !($0.isASCII && $0.isNumber) } ?? text.endIndex
        guard text.distance(from: start, to: end) > 4, text[start] != "0" else { return nil }
        return start..<end
    }

    /// The value of `text`, already normalized by the type's `whiteSpace`, as this type reads
    /// it, with the bounds of the integer types checked.
    func value(of text: String, namespaces: NamespaceLookup) throws(XSDValueError) -> XSDValue {
        let lexical = Substring(text)
        switch self {
        case .anySimpleType, .string, .normalizedString, .token:
            return .string(text)
        case .language:
            guard Self.isLanguage(text) else { throw .notValid(text, "language") }
            return .string(text)
        case .NMTOKEN:
            guard !text.isEmpty, text.unicodeScalars.allSatisfy(XMLNameValidation.isNameChar) else {
                throw .notValid(text, "NMTOKEN")
            }
            return .string(text)
        case .Name:
            guard XMLNameValidation.isValid(text) else { throw .notValid(text, "Name") }
            return .string(text)
        case .NCName, .ID, .IDREF, .ENTITY:
            guard XMLNameValidation.isValid(text, allowingColon: false) else { throw .notValid(text, rawValue) }
            return .string(text)
        case .NMTOKENS, .IDREFS, .ENTITIES:
            // Lists are read item by item by their simple type.
            throw .notValid(text, rawValue)
        case .boolean:
            switch text {
            case "true", "1": return .boolean(true)
            case "false", "0": return .boolean(false)
            default: throw .notValid(text, "boolean")
            }
        case .decimal:
            guard let value = XSDDecimal(lexical) else { throw .notValid(text, "decimal") }
            return .decimal(value)
        case .float, .double:
            guard Self.isFloatingPoint(lexical) else { throw .notValid(text, rawValue) }
            // The form is checked: the standard library reads it (1e400 is INF, as both
            // xmllint and xmlschema have it).
            switch text {
            case "INF": return self == .float ? .float(.infinity) : .double(.infinity)
            case "-INF": return self == .float ? .float(-.infinity) : .double(-.infinity)
            case "NaN": return self == .float ? .float(.nan) : .double(.nan)
            default: return self == .float ? .float(Float(text)!) : .double(Double(text)!)
            }
        case .duration:
            guard let value = XSDDuration(lexical) else {
                // Each number written as 1: if that is a duration, only its size was refused.
                if XSDDuration(Self.withNumbersAsOne(lexical)) != nil {
                    throw .beyondRange(text, "duration", limit: "durations up to a billion years")
                }
                throw .notValid(text, "duration")
            }
            return .duration(value)
        case .dateTime, .time, .date, .gYearMonth, .gYear, .gMonthDay, .gDay, .gMonth:
            guard let value = XSDDateTime(lexical, as: self) else {
                // A year of more than four digits written as one of four in the same place of
                // the 400-year cycle (as leap a year): if that is a value, only the year's
                // size was refused.
                if let year = Self.longYear(in: lexical) {
                    var shorter = lexical
                    shorter.replaceSubrange(year, with: String(2000 + Int(lexical[year].suffix(4))! % 400))
                    if XSDDateTime(shorter, as: self) != nil { throw .beyondRange(text, rawValue, limit: "years up to about 292 billion") }
                }
                throw .notValid(text, rawValue)
            }
            return .dateTime(value)
        case .hexBinary:
            guard let bytes = Self.hexBinary(text) else { throw .notValid(text, "hexBinary") }
            return .hexBinary(bytes)
        case .base64Binary:
            guard let bytes = Self.base64Binary(text) else { throw .notValid(text, "base64Binary") }
            return .base64Binary(bytes)
        case .anyURI:
            // XML Schema 1.0 takes any string that escapes to a URI reference, which is
            // nearly any string; xmlschema and Xerces refuse almost nothing either.
            return .anyURI(text)
        case .QName, .NOTATION:
            let parts = text.splitByCodePoint(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.allSatisfy({ XMLNameValidation.isValid(String($0), allowingColon: false) }) else {
                throw .notValid(text, rawValue)
            }
            let prefix = parts.count == 2 ? String(parts[0]) : ""
            guard let namespace = namespaces(prefix) else {
                throw XSDValueError("the prefix \"\(prefix)\" of the \(rawValue) \(XSDValueError.quoted(text)) is not bound to a namespace")
            }
            return .qualifiedName(namespace: namespace, localName: String(parts[parts.count - 1]))
        case .integer, .nonPositiveInteger, .negativeInteger, .long, .int, .short, .byte, .nonNegativeInteger,
            .unsignedLong, .unsignedInt, .unsignedShort, .unsignedByte, .positiveInteger:
            guard let value = XSDDecimal(lexical, allowsPoint: false) else { throw .notValid(text, rawValue) }
            let (minimum, maximum) = integerBounds
            if let minimum, value < minimum { throw XSDValueError("\(XSDValueError.quoted(text)) is less than the least \(rawValue), \(minimum)") }
            if let maximum, value > maximum { throw XSDValueError("\(XSDValueError.quoted(text)) is more than the greatest \(rawValue), \(maximum)") }
            return .decimal(value)
        }
    }

    /// The expanded name a `QName` stands for where `namespaces` are in scope: how schema
    /// references, `xsi:type` and QName values are all read.
    static func expandedName(_ text: String, namespaces: NamespaceLookup) throws(XSDValueError) -> XSDExpandedName {
        guard case .qualifiedName(let namespace, let localName) = try XSDBuiltinType.QName.value(of: text, namespaces: namespaces)
        else { throw .notValid(text, "QName") }
        return XSDExpandedName(namespace: namespace, localName: localName)
    }

    /// `[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*`.
    static func isLanguage(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        for (k, part) in parts.enumerated() {
            guard (1...8).contains(part.count) else { return false }
            for byte in part {
                let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
                guard letter || (k > 0 && (48...57).contains(byte)) else { return false }
            }
        }
        return true
    }

    /// `[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?`, `INF`, `-INF` or `NaN` (`+INF` is 1.1's):
    /// checked by hand, since the standard library also reads hexadecimal, `inf` and `nan`.
    static func isFloatingPoint(_ text: Substring) -> Bool {
        if text == "INF" || text == "-INF" || text == "NaN" { return true }
        let bytes = Array(text.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var mantissa = digits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == bytes.count
    }

    /// Pairs of hexadecimal digits, either case.
    static func hexBinary(_ text: String) -> [UInt8]? {
        func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 48...57: return byte - 48
            case 65...70: return byte - 55
            case 97...102: return byte - 87
            default: return nil
            }
        }
        let bytes = Array(text.utf8)
        guard bytes.count % 2 == 0 else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count / 2)
        var k = 0
        while k < bytes.count {
            guard let high = nibble(bytes[k]), let low = nibble(bytes[k + 1]) else { return nil }
            result.append(high << 4 | low)
            k += 2
        }
        return result
    }

    /// Base 64 as XML Schema 1.0 (second edition) writes it: groups of four, single spaces
    /// allowed between characters, `=` padding only at the end, and the bits padding leaves
    /// unused zero (`QQ==`, not `QR==`).
    static func base64Binary(_ text: String) -> [UInt8]? {
        var sextets: [UInt8] = []
        var padding = 0
        var previousWasSpace = false
        for byte in text.utf8 {
            if byte == 32 {
                // Collapsed already: a space is single and between characters.
                guard !previousWasSpace else { return nil }
                previousWasSpace = true
                continue
            }
            previousWasSpace = false
            let value: UInt8
            switch byte {
            case 65...90: value = byte - 65
            case 97...122: value = byte - 71
            case 48...57: value = byte + 4
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                guard padding <= 2 else { return nil }
                continue
            default: return nil
            }
            guard padding == 0 else { return nil }
            sextets.append(value)
        }
        guard (sextets.count + padding) % 4 == 0 else { return nil }
        // The last quantum: two sextets and `==`, or three and `=`; its unused bits zero.
        if padding == 2 {
            guard sextets.count % 4 == 2, sextets.last! & 0x0F == 0 else { return nil }
        } else if padding == 1 {
            guard sextets.count % 4 == 3, sextets.last! & 0x03 == 0 else { return nil }
        }
        var result: [UInt8] = []
        result.reserveCapacity(sextets.count * 3 / 4)
        var k = 0
        while k + 3 < sextets.count {
            let (a, b, c, d) = (sextets[k], sextets[k + 1], sextets[k + 2], sextets[k + 3])
            result += [a << 2 | b >> 4, b << 4 | c >> 2, c << 6 | d]
            k += 4
        }
        let rest = sextets.count - k
        if rest >= 2 { result.append(sextets[k] << 2 | sextets[k + 1] >> 4) }
        if rest == 3 { result.append(sextets[k + 1] << 4 | sextets[k + 2] >> 2) }
        return result
    }
}
