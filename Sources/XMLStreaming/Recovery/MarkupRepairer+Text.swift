internal import XMLSyntax

// Text between markup: what `<` starts, references, `]]>`, characters XML does not allow,
// and text outside the root element.
extension MarkupRepairer {
    mutating func textStep(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, isFinal: Bool) -> Int? {
        let b = unsafe p[i]
        if b == 0x3C { return unsafe lessThan(p, i, isFinal: isFinal) }
        let length = Self.scalarLength(b)
        if Self.isSpace(b) {
            emit(b)
            return 1
        }
        guard enterContent(isElement: false) else { return length }
        switch b {
        case 0x26:
            return unsafe reference(p, i, isFinal: isFinal, inAttribute: false)
        case 0x3E:
            if outputEndsWithBrackets() {
                report(.cdataEndInText, "\"]]>\" is not allowed in text; \">\" escaped")
                emit(Array("&gt;".utf8))
            } else {
                emit(b)
            }
        default:
            if let value = unsafe illegalCharacter(p, i) {
                var replacement: [UInt8] = []
                illegal(value, into: &replacement)
                emit(replacement)
            } else {
                unsafe emit(UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
            }
        }
        return length
    }

    /// Decides what a `<` starts. Needs up to nine bytes of lookahead (`<![CDATA[`).
    private mutating func lessThan(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, isFinal: Bool) -> Int? {
        let available = p.count - i
        func starts(with literal: String) -> Bool? {
            let bytes = Array(literal.utf8)
            let n = min(bytes.count, available)
            for k in 0..<n where unsafe p[i + k] != bytes[k] { return false }
            if n == bytes.count { return true }
            return isFinal ? false : nil
        }
        guard available >= 2 else { return isFinal ? bareLessThan() : nil }
        let next = unsafe p[i + 1]
        if next == 0x2F {
            guard available >= 3 else { return isFinal ? bareLessThan() : nil }
            guard unsafe Self.isNameStart(p, i + 2) else { return bareLessThan() }
            endTag = EndTagState(line: line, column: column)
            mode = .endTag
            droppingText = false
            return 2
        }
        if next == 0x21 {
            for (literal, target) in [("<!--", Mode.comment), ("<![CDATA[", .cdata), ("<!DOCTYPE", .doctype)] {
                switch starts(with: literal) {
                case nil: return nil
                case true?:
                    droppingText = false
                    begin(target)
                    return literal.utf8.count
                case false?: continue
                }
            }
            return bareLessThan()
        }
        if next == 0x3F {
            held = HeldState(line: line, column: column, atDocumentStart: atDocumentStart)
            mode = .processingInstruction
            droppingText = false
            return 2
        }
        if unsafe Self.isNameStart(p, i + 1) {
            _ = enterContent(isElement: true)
            tag = TagState(line: line, column: column)
            mode = .startTag
            droppingText = false
            return 1
        }
        return bareLessThan()
    }

    private mutating func bareLessThan() -> Int {
        if enterContent(isElement: false) {
            report(.bareLessThan, "\"<\" does not start a tag; escaped as &lt;")
            emit(Array("&lt;".utf8))
        }
        return 1
    }

    private mutating func begin(_ target: Mode) {
        switch target {
        case .comment:
            held = HeldState(line: line, column: column, atDocumentStart: false)
        case .cdata:
            cdataBrackets = 0
            cdataDropped = !enterContent(isElement: false)
            if !cdataDropped { emit(Array("<![CDATA[".utf8)) }
        case .doctype:
            doctype = DoctypeState(line: line, column: column)
            if root != .before || sawDoctype {
                doctype.discarded = true
                report(.misplacedDeclaration, "a DOCTYPE is allowed only once, before the root element; left out")
            }
        default: break
        }
        mode = target
    }

    // MARK: - References

    /// Handles the `&` at `i`, in text or in an attribute value (then into ``TagState/value``).
    /// Needs lookahead up to the `;` (at most 64 bytes).
    mutating func reference(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, isFinal: Bool, inAttribute: Bool) -> Int? {
        let limit = min(p.count, i + 64)
        var j = i + 1
        var isCharacter = false
        var isHex = false
        if unsafe j < limit && p[j] == 0x23 {
            isCharacter = true
            j += 1
            if unsafe j < limit && (p[j] == 0x78) {
                isHex = true
                j += 1
            }
            let digitsStart = j
            while unsafe j < limit && (isHex ? Self.isHexDigit(p[j]) : (p[j] >= 0x30 && p[j] <= 0x39)) { j += 1 }
            if j == limit && limit == p.count && !isFinal { return nil }
            if unsafe j == digitsStart || j >= limit || p[j] != 0x3B { return strayAmpersand(inAttribute: inAttribute) }
        } else {
            guard j < p.count else { return isFinal ? strayAmpersand(inAttribute: inAttribute) : nil }
            guard unsafe Self.isNameStart(p, j) else { return strayAmpersand(inAttribute: inAttribute) }
            while unsafe j < limit && p[j] != 0x3B && Self.isNameChar(p, j) { unsafe j += Self.scalarLength(p[j]) }
            if j >= limit && limit == p.count && !isFinal { return nil }
            if unsafe j >= limit || p[j] != 0x3B { return strayAmpersand(inAttribute: inAttribute) }
        }
        let whole = unsafe UnsafeBufferPointer(rebasing: p[i...j])
        let used = j + 1 - i
        if isCharacter {
            let digits = unsafe String(decoding: UnsafeBufferPointer(rebasing: p[(i + (isHex ? 3 : 2))..<j]), as: UTF8.self)
            let value = UInt32(digits, radix: isHex ? 16 : 10) ?? 0
            if readsControlReferences && ControlReferenceLexer.isRestrictedControl(value) {
                // Read as the stage in front of expat reads it (see ControlReferenceInput).
                var bytes: [UInt8] = []
                RecoveringDecoder.appendUTF8(0xFDD0 + value, to: &bytes)
                append(bytes, inAttribute: inAttribute)
            } else if readsControlReferences && (0xFDD0...0xFDEF).contains(value) {
                var replacement: [UInt8] = []
                illegal(value, into: &replacement)
                append(replacement, inAttribute: inAttribute)
            } else if XMLCharacterClass.isAllowed(value) {
                unsafe append(whole, inAttribute: inAttribute)
            } else {
                let reference = unsafe String(decoding: whole, as: UTF8.self)
                switch illegalCharacters {
                case .strip:
                    report(.invalidCharacterReference, "\(reference) refers to a character XML does not allow; left out")
                case .replace:
                    report(.invalidCharacterReference, "\(reference) refers to a character XML does not allow; replaced by U+FFFD")
                    append([0xEF, 0xBF, 0xBD], inAttribute: inAttribute)
                }
            }
            return used
        }
        let name = unsafe Array(UnsafeBufferPointer(rebasing: p[(i + 1)..<j]))
        if let declared = declaredEntities[name], !Self.predefined.contains(name) {
            let problem: String?
            switch declared {
            case .internal(let attributeSafe, let refersToItself):
                problem =
                    refersToItself
                    ? "refers to itself" : inAttribute && !attributeSafe ? "holds markup, not allowed in an attribute value" : nil
            case .external: problem = inAttribute ? "is external, not allowed in an attribute value" : nil
            case .unparsed: problem = "is an unparsed (NDATA) entity"
            }
            if let problem {
                report(.misusedEntity, "entity &\(Self.text(name)); \(problem); kept as text")
                append(Array("&amp;".utf8), inAttribute: inAttribute)
                unsafe append(UnsafeBufferPointer(rebasing: p[(i + 1)...j]), inAttribute: inAttribute)
            } else {
                unsafe append(whole, inAttribute: inAttribute)
            }
        } else if Self.predefined.contains(name) {
            unsafe append(whole, inAttribute: inAttribute)
        } else if name.allSatisfy({ $0 < 0x80 }), let value = HTMLEntities.codePoints[Self.text(name)] {
            // HTML's names are ASCII; looked up by Swift's equality, `&\u{212A}appa;` would
            // have been read as Kappa.
            let hex = String(value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            report(.undefinedEntity, "entity &\(Self.text(name)); is not defined; read as \(code), its meaning in HTML")
            var bytes: [UInt8] = []
            RecoveringDecoder.appendUTF8(value, to: &bytes)
            append(bytes, inAttribute: inAttribute)
        } else if hasExternalSubset && !standalone && !inAttribute {
            // May be defined in the DTD that is never read: a skipped entity, not an error.
            unsafe append(whole, inAttribute: inAttribute)
        } else {
            report(.undefinedEntity, "entity &\(Self.text(name)); is not defined; kept as text")
            append(Array("&amp;".utf8), inAttribute: inAttribute)
            unsafe append(UnsafeBufferPointer(rebasing: p[(i + 1)...j]), inAttribute: inAttribute)
        }
        return used
    }

    private mutating func strayAmpersand(inAttribute: Bool) -> Int {
        report(.strayAmpersand, "\"&\" does not start a reference; escaped as &amp;")
        append(Array("&amp;".utf8), inAttribute: inAttribute)
        return 1
    }

    private mutating func append(_ bytes: some Sequence<UInt8>, inAttribute: Bool) {
        if inAttribute { tag.value.append(contentsOf: bytes) } else { emit(bytes) }
    }

    static func isHexDigit(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46)
    }

    static let predefined: Set<[UInt8]> = ["amp", "lt", "gt", "quot", "apos"].map { Array($0.utf8) }.reduce(into: []) {
        $0.insert($1)
    }
}
