import Foundation
import XMLWriting

/// Writes an XML plist through the package's writer in Apple's layout, byte for byte what
/// Python's plistlib writes where Apple and plistlib agree: the header and DOCTYPE, tab
/// indentation (the root value at the left margin), keys sorted, `<integer>`, `<real>` as
/// Python's repr (whole numbers without `.0`, as Apple writes them), dates in UTC, data as
/// base64 in lines that fit 76 columns at their indentation.
struct XMLPropertyListWriter {
    let writer: XMLStreamWriter
    let sortsKeys: Bool

    /// Characters XML cannot hold are refused unless the caller chose otherwise: a string
    /// with U+0000 would otherwise come back shorter (plistlib and Foundation refuse them too).
    static func writerOptions(_ policy: PropertyList.InvalidXMLCharacterPolicy) -> XMLStreamWriter.Options {
        XMLStreamWriter.Options(characterPolicy: policy)
    }

    func write(_ value: PropertyList) throws {
        try writer.declaration()
        try writer.text("\n")
        try writer.doctype(
            name: "plist", publicID: "-//Apple//DTD PLIST 1.0//EN",
            systemID: "http://www.apple.com/DTDs/PropertyList-1.0.dtd")
        try writer.text("\n")
        try writer.startElement("plist")
        try writer.attribute("version", value: "1.0")
        try writer.text("\n")
        try write(value, level: 0)
        try writer.endElement()
        try writer.text("\n")
    }

    private func indent(_ level: Int) throws {
        if level > 0 { try writer.text(String(repeating: "\t", count: level)) }
    }

    /// One value on its own line at `level` (its depth: a value deeper than
    /// ``PropertyList/maximumDepth`` is refused, as every reader refuses it).
    private func write(_ value: PropertyList, level: Int) throws {
        guard level < PropertyList.maximumDepth else {
            throw PropertyListError("the value is nested deeper than \(PropertyList.maximumDepth)")
        }
        try indent(level)
        switch value {
        case .string(let s): try simple("string", Self.plistText(s))
        case .integer(let i): try simple("integer", String(i))
        case .unsignedInteger(let u): try simple("integer", String(u))
        case .real(let r): try simple("real", Self.appleReal(r))
        case .boolean(let b):
            try writer.startElement(b ? "true" : "false")
            try writer.endElement()
        case .date(let d): try simple("date", try PlistDate.string(d))
        case .uid(let u):
            // XML plists have no UID; Apple writes it as a dictionary.
            try writer.startElement("dict")
            try writer.text("\n")
            try indent(level + 1)
            try simple("key", "CF$UID")
            try writer.text("\n")
            try indent(level + 1)
            try simple("integer", String(u))
            try writer.text("\n")
            try indent(level)
            try writer.endElement()
        case .data(let data):
            try writer.startElement("data")
            try writer.text("\n")
            let lineLength = max(16, 76 - 8 * level)
            let bytesPerLine = lineLength / 4 * 3
            var offset = 0
            while offset < data.count {
                let end = min(data.count, offset + bytesPerLine)
                try indent(level)
                try writer.text(data[data.startIndex + offset..<data.startIndex + end].base64EncodedString())
                try writer.text("\n")
                offset = end
            }
            try indent(level)
            try writer.endElement()
        case .array(let items):
            try writer.startElement("array")
            if !items.isEmpty {
                try writer.text("\n")
                for (index, item) in items.enumerated() {
                    try within(.index(index)) { try write(item, level: level + 1) }
                }
                try indent(level)
            }
            try writer.endElement()
        case .dictionary(let dictionary):
            try writer.startElement("dict")
            if !dictionary.isEmpty {
                try writer.text("\n")
                for (key, value) in dictionary.entries(sorted: sortsKeys) {
                    try within(.key(key.string)) {
                        try indent(level + 1)
                        try simple("key", Self.plistText(key.string))
                        try writer.text("\n")
                        try write(value, level: level + 1)
                    }
                }
                try indent(level)
            }
            try writer.endElement()
        }
        try writer.text("\n")
    }

    private func simple(_ element: String, _ text: String) throws {
        try writer.startElement(element)
        if !text.isEmpty {
            do {
                try writer.text(text)
            } catch {
                guard case .invalidCharacter(let character) = error.kind else { throw error }
                let code = String(format: "U+%04X", character.scalar.value)
                var failure = PropertyListError(
                    "the \(element == "key" ? "key" : "string") holds \(code), which an XML plist cannot hold "
                        + "(binary and JSON plists can)", code: .propertyListWriteInvalid)
                failure.unwritableString = text
                throw failure
            }
        }
        try writer.endElement()
    }

    /// Line endings as plistlib writes them: CR LF and CR become LF.
    static func plistText(_ s: String) -> String {
        guard s.utf8.contains(0x0D) else { return s }
        return s.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// A real as Foundation's encoders write it: Python's `repr`, except that a whole number
    /// has no `.0` (`2`, `-5`; plistlib writes `2.0`), where Apple and plistlib disagree.
    static func appleReal(_ value: Double) -> String {
        let text = pythonRepr(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Python's `repr(float)`: the shortest text that reads back (Swift's description
    /// finds the same digits), with Python's spelling of exponents (`1e+16`, `1e-05`), `inf`
    /// and `nan`.
    static func pythonRepr(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let text = "\(value)"
        guard let e = text.firstIndex(of: "e") else { return text }
        var mantissa = String(text[..<e])
        var exponent = String(text[text.index(after: e)...])
        var sign = "+"
        if exponent.hasPrefix("-") {
            sign = "-"
            exponent.removeFirst()
        } else if exponent.hasPrefix("+") {
            exponent.removeFirst()
        }
        if exponent.count < 2 { exponent = "0" + exponent }
        if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
        return mantissa + "e" + sign + exponent
    }
}
