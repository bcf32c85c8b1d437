/// What the DTD validator needs of an internal general entity's replacement text, read in
/// one pass when the entity is declared: the references its content makes, which no event
/// shows when their text is empty or is a character reference. Comments, CDATA sections and
/// processing instructions hold no tags or references; attribute values are passed over.
struct DTDEntityText {
    /// The text, UTF-8.
    let bytes: [UInt8]
    /// The elements whose start and end tags it writes around one or more entity references
    /// and nothing else (`<a>&z;</a>`).
    private(set) var referenceHolders: Set<String> = []
    /// The general entities its content references, anywhere.
    private(set) var references: [String] = []
    /// The general entities it references outside its tags (at its own top level).
    private(set) var topLevelReferences: [String] = []
    /// Whether it holds a character reference to white space outside its tags (`&#32;`,
    /// from `&#38;#32;` in the literal).
    private(set) var holdsWhitespaceReference = false

    init(_ text: [UInt8]) {
        bytes = text
        var depth = 0
        var i = 0
        while i < text.count {
            if let after = Self.skippedMarkup(in: text, at: i) {
                i = after
            } else if let (body, after) = Self.reference(in: text, at: i) {
                if body.first == "#" {
                    if depth == 0, Self.isWhitespaceReference(body) { holdsWhitespaceReference = true }
                } else {
                    references.append(body)
                    if depth == 0 { topLevelReferences.append(body) }
                }
                i = after
            } else if let (name, isEnd, isEmpty, after) = Self.tag(in: text, at: i) {
                if isEnd {
                    depth -= 1
                } else if !isEmpty {
                    depth += 1
                    if Self.holdsOnlyReferences(text, from: after, endTag: name) { referenceHolders.insert(name) }
                }
                i = after
            } else {
                i += 1
            }
        }
    }

    /// When a comment, a CDATA section or a processing instruction begins at `i`: the index
    /// after it (or the end).
    private static func skippedMarkup(in text: [UInt8], at i: Int) -> Int? {
        func starts(_ marker: String, at i: Int) -> Bool { text[i...].starts(with: marker.utf8) }
        let end: String
        let skip: Int
        if starts("<!--", at: i) {
            (end, skip) = ("-->", 4)
        } else if starts("<![CDATA[", at: i) {
            (end, skip) = ("]]>", 9)
        } else if starts("<?", at: i) {
            (end, skip) = ("?>", 2)
        } else {
            return nil
        }
        var j = i + skip
        while j < text.count, !starts(end, at: j) { j += 1 }
        return min(text.count, j + end.utf8.count)
    }

    /// The reference at `i` (`&name;` or `&#…;`): its body without `&` and `;`, and the index
    /// after it. Not past a byte no name holds: the text may hold a bare `&` (from `&#38;`).
    private static func reference(in text: [UInt8], at i: Int) -> (String, Int)? {
        guard text[i] == UInt8(ascii: "&") else { return nil }
        var end = i + 1
        while end < text.count, ![0x3B, 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x20, 0x09, 0x0A, 0x0D].contains(text[end]) { end += 1 }
        guard end < text.count, end > i + 1, text[end] == UInt8(ascii: ";") else { return nil }
        return (String(decoding: text[(i + 1)..<end], as: UTF8.self), end + 1)
    }

    /// Whether a character reference's body (`#32`, `#x9`) names white space.
    private static func isWhitespaceReference(_ body: String) -> Bool {
        let digits = body.dropFirst()
        let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.map { [0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? false
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F].contains(byte) }

    /// The tag at `i` (`<name …>`, `<name …/>` or `</name>`): its name, whether it is an end
    /// tag or an empty-element tag, and the index after its `>`, over its attribute values.
    private static func tag(in text: [UInt8], at i: Int) -> (name: String, isEnd: Bool, isEmpty: Bool, after: Int)? {
        guard text[i] == UInt8(ascii: "<"), i + 1 < text.count else { return nil }
        let isEnd = text[i + 1] == UInt8(ascii: "/")
        let nameStart = isEnd ? i + 2 : i + 1
        guard nameStart < text.count, !isNameEnd(text[nameStart]), text[nameStart] != UInt8(ascii: "!"),
            text[nameStart] != UInt8(ascii: "?")
        else { return nil }
        var j = nameStart
        while j < text.count, !isNameEnd(text[j]) { j += 1 }
        let name = String(decoding: text[nameStart..<j], as: UTF8.self)
        var quote: UInt8? = nil
        while j < text.count, quote != nil || text[j] != UInt8(ascii: ">") {
            if text[j] == UInt8(ascii: "\"") || text[j] == UInt8(ascii: "'") { quote = quote == nil ? text[j] : (quote == text[j] ? nil : quote) }
            j += 1
        }
        let isEmpty = !isEnd && j < text.count && text[j - 1] == UInt8(ascii: "/")
        return (name, isEnd, isEmpty, min(text.count, j + 1))
    }

    /// Whether the content from `start` is one or more entity references, then `</name`.
    private static func holdsOnlyReferences(_ text: [UInt8], from start: Int, endTag name: String) -> Bool {
        var k = start
        var sawReference = false
        while k < text.count, let (body, after) = reference(in: text, at: k), body.first != "#" {
            sawReference = true
            k = after
        }
        let endTag = Array("</".utf8) + Array(name.utf8)
        return sawReference && text[k...].starts(with: endTag) && k + endTag.count < text.count && isNameEnd(text[k + endTag.count])
    }
}
