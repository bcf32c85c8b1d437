/// `text` in quotation marks for a message, kept on one line: tabs, line ends and other
/// control characters written as escapes (`\t`, `\n`, `\r`, `\u{1}`, `\u{2028}`), as a
/// value may hold them through character references. (A backslash or quotation mark of the
/// value's own is left as it is.) Cut to `limit` characters, with an ellipsis: a message
/// about a value of megabytes is one line, not megabytes.
func quotedValue(_ text: String, limit: Int = 200) -> String {
    var out = "\""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            out += "…"
            break
        }
        count += 1
        switch scalar.value {
        case 0x09: out += "\\t"
        case 0x0A: out += "\\n"
        case 0x0D: out += "\\r"
        case 0..<0x20, 0x7F, 0x85, 0x2028, 0x2029: out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// A name (an ID, an IDREF, an entity's) for a message, cut to `limit` characters with an
/// ellipsis: a name may be as long as its document.
func shortenedName(_ name: String, limit: Int = 200) -> String {
    guard name.unicodeScalars.count > limit else { return name }
    return String(String.UnicodeScalarView(name.unicodeScalars.prefix(limit))) + "…"
}
