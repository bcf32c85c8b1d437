import Foundation
import FuzzSupport
import PropertyLists

/// The XML plist scanner against expat: a UTF-8 XML plist is read first by the fast
/// scanner (XMLPlistScanner), which gives up on anything it is not sure of and leaves the
/// file to the expat-based reader. The same document in UTF-32 with a byte-order mark is
/// transcoded to UTF-8 and read by expat alone, with UTF-8 as an override (no scanner), so
/// the two readings must agree: both succeed with the same value (compared exactly: strings
/// by code points, reals by bit pattern, dictionaries in order, integer kinds), or both
/// fail at the same line and column (the messages may differ). A byte-order mark is no
/// column: this target found line 1's columns one too high after one (expat counts it).
///
/// Only inputs on which the two routes mean the same document are compared: valid UTF-8
/// (UTF-32 cannot hold anything else), read as XML (the first character after a byte-order
/// mark and white space is `<`, not `<` then NUL, which is UTF-16, nor `<`, hexadecimal
/// digits and `>` alone, which is OpenStep data), and an XML declaration
/// that names no encoding or UTF-8 (the override ignores the declaration; without it expat
/// reads the encoding named). A UTF-8 byte-order mark becomes the UTF-32 one.
@main
struct FuzzPlistScanner {
    static func main() {
        Fuzzer.run { bytes in
            guard let utf32 = utf32(bytes) else {
                if tracing { print("not compared") }
                return
            }
            let direct = Result { try PropertyList(data: bytes) }
            let expat = Result { try PropertyList(data: utf32) }
            if tracing { print("direct: \(direct)\nUTF-32: \(expat)") }
            switch (direct, expat) {
            case (.success(let a), .success(let b)):
                var path: [String] = []
                Fuzzer.check(
                    same(a, b, &path),
                    "the scanner's route and expat's read different values at \(path.reversed().joined()):\n\(a)\n\(b)")
            case (.failure(let a), .failure(let b)):
                let (p, q) = (a as? PropertyListError, b as? PropertyListError)
                Fuzzer.check(
                    p?.line == q?.line && p?.column == q?.column,
                    "the routes fail at different places:\n  direct: \(a)\n  UTF-32: \(b)")
            case (.success(let value), .failure(let error)):
                Fuzzer.check(false, "the scanner's route reads what expat refuses: \(error)\nvalue: \(value)")
            case (.failure(let error), .success(let value)):
                Fuzzer.check(false, "expat reads what the scanner's route refuses: \(error)\nvalue: \(value)")
            }
        }
    }

    /// `FUZZ_TRACE=1` prints both readings (for replaying seeds and findings).
    static let tracing = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil

    /// The document in UTF-32 with a byte-order mark (little-endian for an even number of
    /// bytes, big-endian for an odd one), or nil when the two routes would not read the same
    /// document.
    static func utf32(_ bytes: [UInt8]) -> [UInt8]? {
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        // `<` then NUL (or NUL then `<`) is UTF-16 to the format detection.
        guard text.prefix(2).allSatisfy({ $0 != 0 }) else { return nil }
        let isSpace = { (c: UInt8) in c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        guard let start = text.firstIndex(where: { !isSpace($0) }), text[start] == 0x3C else { return nil }
        // `<0fa1>` alone is OpenStep data, which neither route reads as XML.
        let afterData = text[(start + 1)...].drop { isSpace($0) || ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
        if afterData.first == 0x3E, afterData.dropFirst().allSatisfy(isSpace) { return nil }
        guard declaresUTF8OrNothing(text) else { return nil }
        var scalars: [UInt32] = []
        var iterator = text.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar.value)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        let big = bytes.count % 2 == 1
        var out: [UInt8] = big ? [0x00, 0x00, 0xFE, 0xFF] : [0xFF, 0xFE, 0x00, 0x00]
        out.reserveCapacity(4 + scalars.count * 4)
        for s in scalars {
            let le = [UInt8(s & 0xFF), UInt8(s >> 8 & 0xFF), UInt8(s >> 16 & 0xFF), UInt8(s >> 24)]
            out += big ? le.reversed() : le
        }
        return out
    }

    /// Whether the document has no XML declaration, or one without an encoding, or with
    /// UTF-8 in any case. Unsure (an `encoding` that does not parse as one): false.
    static func declaresUTF8OrNothing(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.starts(with: Array("<?xml".utf8)) else { return true }
        let declaration = Array(text.prefix(4096))
        guard let end = find(Array("?>".utf8), in: declaration) else { return true }  // unclosed: both fail
        let inside = Array(declaration[5..<end])
        guard let at = find(Array("encoding".utf8), in: inside) else { return true }
        var i = at + 8
        func skipSpace() { while i < inside.count, [0x20, 0x09, 0x0A, 0x0D].contains(inside[i]) { i += 1 } }
        skipSpace()
        guard i < inside.count, inside[i] == 0x3D else { return false }
        i += 1
        skipSpace()
        guard i < inside.count, inside[i] == 0x22 || inside[i] == 0x27 else { return false }
        let quote = inside[i]
        i += 1
        guard let close = inside[i...].firstIndex(of: quote) else { return false }
        return String(decoding: inside[i..<close], as: UTF8.self).lowercased() == "utf-8"
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        return nil
    }

    /// Exact equality; `path` gets the place of the first difference, innermost first.
    static func same(_ a: PropertyList, _ b: PropertyList, _ path: inout [String]) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.integer(let x), .integer(let y)): return x == y
        case (.unsignedInteger(let x), .unsignedInteger(let y)): return x == y
        case (.real(let x), .real(let y)): return x.bitPattern == y.bitPattern
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.date(let x), .date(let y)): return x.timeIntervalSinceReferenceDate.bitPattern == y.timeIntervalSinceReferenceDate.bitPattern
        case (.data(let x), .data(let y)): return x == y
        case (.uid(let x), .uid(let y)): return x == y
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            for (i, (p, q)) in zip(x, y).enumerated() where !same(p, q, &path) {
                path.append("[\(i)]")
                return false
            }
            return true
        case (.dictionary(let x), .dictionary(let y)):
            guard x.count == y.count else { return false }
            for ((keyA, p), (keyB, q)) in zip(x, y) {
                // The key's text (PropertyList.DictionaryKey describes itself as its text).
                let (k, l) = (String(describing: keyA), String(describing: keyB))
                guard k.unicodeScalars.elementsEqual(l.unicodeScalars) else {
                    path.append("{keys \(k.debugDescription) and \(l.debugDescription)}")
                    return false
                }
                if !same(p, q, &path) {
                    path.append("[\(k.debugDescription)]")
                    return false
                }
            }
            return true
        default: return false
        }
    }
}
