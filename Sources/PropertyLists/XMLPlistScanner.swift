internal import XMLSyntax

/// The fast path for XML plists as Apple's tools and plistlib write them: UTF-8, the XML
/// declaration, Apple's DOCTYPE, the plist elements, the five entities and character
/// references, CDATA and comments.
///
/// It reads only what it can be sure of and gives up (`nil`) on anything else: another
/// encoding, a DOCTYPE with declarations, a processing instruction, an attribute on a value
/// element, an unknown entity, or any error at all. The expat-based reader then reads the
/// file, so every error, position and corner of XML still comes from expat; both make their
/// values through ``XMLPlistBuilder``, so a file read either way gives the same value (a
/// test compares them on damaged files). On the files it reads it skips expat's
/// per-event work, which is most of the time an XML plist takes.
enum XMLPlistScanner {
    static func read(_ bytes: [UInt8]) -> PropertyList? {
        unsafe bytes.withUnsafeBufferPointer { buffer -> PropertyList? in
            var scanner = unsafe Scanner(buffer)
            return try? scanner.document()
        }
    }
}

private struct GiveUp: Error {}

@safe private struct Scanner {
    let b: UnsafeBufferPointer<UInt8>
    var i = 0
    var builder = XMLPlistBuilder()
    var text: [UInt8] = []

    /// The stream parser's default limit on one run of text (XMLLimits.maximumTextLength):
    /// longer text is left to the reader, which reports it.
    static let maximumText = 10 * 1024 * 1024

    init(_ bytes: UnsafeBufferPointer<UInt8>) { unsafe b = bytes }

    // MARK: - Bytes

    @inline(__always) func at(_ k: Int) -> UInt8 { unsafe k < b.count ? b[k] : 0 }

    @inline(__always) func starts(_ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard unsafe i + n <= b.count else { return false }
        let l = unsafe literal.utf8Start
        for k in 0..<n where unsafe b[i + k] != l[k] { return false }
        return true
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }

    mutating func skipSpace() { while unsafe i < b.count, unsafe Self.isSpace(b[i]) { i += 1 } }

    mutating func expect(_ c: UInt8) throws(GiveUp) {
        guard unsafe i < b.count, unsafe b[i] == c else { throw GiveUp() }
        i += 1
    }

    /// Every byte is UTF-8 and a character XML allows (no C0 controls but tab, line feed and
    /// carriage return; no U+FFFE or U+FFFF).
    static func isWellFormedText(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        let n = b.count
        while k < n {
            let c = unsafe b[k]
            if c < 0x80 {
                if c < 0x20 && c != 0x09 && c != 0x0A && c != 0x0D { return false }
                k += 1
                continue
            }
            // Multi-byte: lead byte, continuation bytes, no overlong forms or surrogates.
            if c >= 0xC2 && c <= 0xDF {
                guard k + 1 < n, unsafe b[k + 1] & 0xC0 == 0x80 else { return false }
                k += 2
            } else if c >= 0xE0 && c <= 0xEF {
                guard k + 2 < n, unsafe b[k + 1] & 0xC0 == 0x80, unsafe b[k + 2] & 0xC0 == 0x80 else { return false }
                let scalar = unsafe UInt32(c & 0x0F) << 12 | UInt32(b[k + 1] & 0x3F) << 6 | UInt32(b[k + 2] & 0x3F)
                guard scalar >= 0x800, XMLCharacterClass.isAllowed(scalar) else { return false }
                k += 3
            } else if c >= 0xF0 && c <= 0xF4 {
                guard k + 3 < n, unsafe b[k + 1] & 0xC0 == 0x80, unsafe b[k + 2] & 0xC0 == 0x80, unsafe b[k + 3] & 0xC0 == 0x80 else { return false }
                let scalar =
                    unsafe UInt32(c & 0x07) << 18 | UInt32(b[k + 1] & 0x3F) << 12 | UInt32(b[k + 2] & 0x3F) << 6 | UInt32(b[k + 3] & 0x3F)
                guard scalar >= 0x10000, XMLCharacterClass.isAllowed(scalar) else { return false }
                k += 4
            } else {
                return false
            }
        }
        return true
    }

    // MARK: - The document

    mutating func document() throws(GiveUp) -> PropertyList {
        guard unsafe Self.isWellFormedText(b) else { throw GiveUp() }
        if starts("\u{FEFF}") { i += 3 }
        if starts("<?xml") { try declaration() }
        try misc()
        if starts("<!DOCTYPE") {
            try doctype()
            try misc()
        }
        try elements()
        try misc()
        guard unsafe i == b.count, let result = builder.result else { throw GiveUp() }
        return result
    }

    /// Comments and white space between the parts of the document.
    mutating func misc() throws(GiveUp) {
        while true {
            skipSpace()
            guard starts("<!--") else { return }
            try comment()
        }
    }

    /// `<!-- … -->`, with no `--` inside (XML's rule).
    mutating func comment() throws(GiveUp) {
        i += 4
        while unsafe i + 1 < b.count {
            if unsafe b[i] == 0x2D && b[i + 1] == 0x2D {
                guard at(i + 2) == 0x3E else { throw GiveUp() }
                i += 3
                return
            }
            i += 1
        }
        throw GiveUp()
    }

    /// `<?xml version="1.0" encoding="UTF-8" standalone="…"?>`; another version or
    /// encoding is the reader's.
    mutating func declaration() throws(GiveUp) {
        i += 5
        var sawVersion = false
        var names: [String] = []
        while true {
            let hadSpace = unsafe i < b.count && Self.isSpace(b[i])
            skipSpace()
            if starts("?>") {
                i += 2
                break
            }
            guard hadSpace else { throw GiveUp() }
            let name = try asciiName()
            skipSpace()
            try expect(0x3D)
            skipSpace()
            let value = try quoted()
            names.append(name)
            switch (names.count, name) {
            case (1, "version"):
                guard value == "1.0" else { throw GiveUp() }
                sawVersion = true
            case (2, "encoding"):
                guard value.asciiLowercased == "utf-8" else { throw GiveUp() }
            case (2, "standalone"):
                guard value == "yes" || value == "no" else { throw GiveUp() }
            case (3, "standalone") where names[1] == "encoding":
                guard value == "yes" || value == "no" else { throw GiveUp() }
            default:
                throw GiveUp()
            }
        }
        guard sawVersion else { throw GiveUp() }
    }

    /// `<!DOCTYPE name PUBLIC "…" "…">` or with `SYSTEM "…"`, or the name alone; an internal
    /// subset (`[`) is the reader's.
    mutating func doctype() throws(GiveUp) {
        i += 9
        guard unsafe i < b.count, unsafe Self.isSpace(b[i]) else { throw GiveUp() }
        skipSpace()
        _ = try asciiName()
        let hadSpace = unsafe i < b.count && Self.isSpace(b[i])
        skipSpace()
        if hadSpace, starts("PUBLIC") {
            i += 6
            guard unsafe i < b.count, unsafe Self.isSpace(b[i]) else { throw GiveUp() }
            skipSpace()
            let publicID = try quoted()
            guard publicID.utf8.allSatisfy(Self.isPublicIDCharacter) else { throw GiveUp() }
            guard unsafe i < b.count, unsafe Self.isSpace(b[i]) else { throw GiveUp() }
            skipSpace()
            _ = try quoted()
        } else if hadSpace, starts("SYSTEM") {
            i += 6
            guard unsafe i < b.count, unsafe Self.isSpace(b[i]) else { throw GiveUp() }
            skipSpace()
            _ = try quoted()
        }
        skipSpace()
        try expect(0x3E)
    }

    static func isPublicIDCharacter(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x20 || c == 0x0D || c == 0x0A
            || "-'()+,./:=?;!*#@$_%".utf8.contains(c)
    }

    /// A name of ASCII letters, digits and `-._:`, starting with a letter, `_` or `:`.
    mutating func asciiName() throws(GiveUp) -> String {
        let start = i
        while unsafe i < b.count {
            let c = unsafe b[i]
            let letter = (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x3A
            if letter || (i > start && ((c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E)) {
                i += 1
            } else {
                break
            }
        }
        // The stream parser's limit on a name (XMLLimits.maximumNameLength) is the reader's to report.
        guard i > start, i - start <= 50_000 else { throw GiveUp() }
        return unsafe String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
    }

    /// A quoted value with no `<` or `&` in it.
    mutating func quoted() throws(GiveUp) -> String {
        guard unsafe i < b.count, unsafe b[i] == 0x22 || b[i] == 0x27 else { throw GiveUp() }
        let quote = unsafe b[i]
        i += 1
        let start = i
        while unsafe i < b.count, unsafe b[i] != quote {
            if unsafe b[i] == 0x3C || b[i] == 0x26 { throw GiveUp() }
            i += 1
        }
        guard unsafe i < b.count, i - start <= Self.maximumText else { throw GiveUp() }
        i += 1
        return unsafe String(decoding: UnsafeBufferPointer(rebasing: b[start..<i - 1]), as: UTF8.self)
    }

    // MARK: - Elements

    /// The element name at `i` (after `<` or `</`).
    mutating func elementName() throws(GiveUp) -> XMLPlistBuilder.Element {
        let start = i
        while unsafe i < b.count, unsafe b[i] >= 0x61, unsafe b[i] <= 0x7A { i += 1 }
        guard let element = unsafe XMLPlistBuilder.element(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[start..<i]))) else {
            throw GiveUp()
        }
        return element
    }

    /// The root element and everything in it.
    mutating func elements() throws(GiveUp) {
        var open: [XMLPlistBuilder.Element] = []
        // White space between elements is character data to the reader, whose limit on a
        // run applies to it too; only a tag ends a run (a comment does not).
        var run = 0
        repeat {
            if !open.isEmpty {
                let before = i
                skipSpace()
                run += i - before
                guard run <= Self.maximumText else { throw GiveUp() }
            }
            guard unsafe i + 1 < b.count, unsafe b[i] == 0x3C else { throw GiveUp() }
            switch unsafe b[i + 1] {
            case 0x21:
                guard !open.isEmpty, starts("<!--") else { throw GiveUp() }
                try comment()
                continue
            case 0x2F:
                run = 0
                i += 2
                let element = try elementName()
                skipSpace()
                try expect(0x3E)
                guard element == open.last else { throw GiveUp() }
                open.removeLast()
                do { try builder.close(element) } catch { throw GiveUp() }
            default:
                run = 0
                i += 1
                let element = try elementName()
                let empty = try startTagEnd(attributesAllowed: element == .plist)
                do { try builder.open(element) } catch { throw GiveUp() }
                switch element {
                case .plist, .dict, .array:
                    if empty {
                        do { try builder.close(element) } catch { throw GiveUp() }
                    } else {
                        open.append(element)
                    }
                default:
                    text.removeAll(keepingCapacity: true)
                    if !empty { try leafText(element) }
                    do { try builder.leaf(element, text: text) } catch { throw GiveUp() }
                }
            }
        } while !open.isEmpty
    }

    /// The rest of a start tag: attributes (only on `<plist>`), then `>` or `/>`; true for
    /// an empty element.
    mutating func startTagEnd(attributesAllowed: Bool) throws(GiveUp) -> Bool {
        // A set: a list searched per attribute made 80,000 attributes 6 s. Names are ASCII
        // (asciiName), so String's equality is byte equality here.
        var names = Set<String>()
        while true {
            let hadSpace = unsafe i < b.count && Self.isSpace(b[i])
            skipSpace()
            guard unsafe i < b.count else { throw GiveUp() }
            if unsafe b[i] == 0x3E {
                i += 1
                return false
            }
            if unsafe b[i] == 0x2F {
                i += 1
                try expect(0x3E)
                return true
            }
            guard attributesAllowed, hadSpace else { throw GiveUp() }
            let name = try asciiName()
            guard names.insert(name).inserted else { throw GiveUp() }
            skipSpace()
            try expect(0x3D)
            skipSpace()
            _ = try quoted()
        }
    }

    /// A value element's text up to its end tag, entities resolved, CDATA kept, comments
    /// left out, line ends normalized as XML normalizes them.
    mutating func leafText(_ element: XMLPlistBuilder.Element) throws(GiveUp) {
        let start = i
        while unsafe i < b.count {
            // The run of ordinary bytes, copied at once.
            let run = i
            while unsafe i < b.count {
                let c = unsafe b[i]
                if c == 0x3C || c == 0x26 || c == 0x0D || c == 0x5D { break }
                i += 1
            }
            if i > run { unsafe text.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<i])) }
            guard unsafe i < b.count else { break }
            guard i - start <= Self.maximumText else { throw GiveUp() }
            switch unsafe b[i] {
            case 0x3C:
                if at(i + 1) == 0x2F {
                    i += 2
                    guard try elementName() == element else { throw GiveUp() }
                    skipSpace()
                    try expect(0x3E)
                    return
                } else if starts("<![CDATA[") {
                    i += 9
                    let content = i
                    while unsafe i + 2 < b.count, unsafe !(b[i] == 0x5D && b[i + 1] == 0x5D && b[i + 2] == 0x3E) { i += 1 }
                    guard unsafe i + 2 < b.count else { throw GiveUp() }
                    appendNormalized(content..<i)
                    i += 3
                } else if starts("<!--") {
                    try comment()
                } else {
                    throw GiveUp()
                }
            case 0x26:
                try entity()
            case 0x0D:
                text.append(0x0A)
                i += 1
                if unsafe i < b.count, unsafe b[i] == 0x0A { i += 1 }
            default:
                // `]`: fine unless it starts `]]>`, which text may not hold.
                guard !(at(i + 1) == 0x5D && at(i + 2) == 0x3E) else { throw GiveUp() }
                text.append(0x5D)
                i += 1
            }
        }
        throw GiveUp()
    }

    /// CDATA content, with CR LF and CR as LF.
    mutating func appendNormalized(_ range: Range<Int>) {
        var k = range.lowerBound
        while k < range.upperBound {
            let c = unsafe b[k]
            if c == 0x0D {
                text.append(0x0A)
                if k + 1 < range.upperBound, unsafe b[k + 1] == 0x0A { k += 1 }
            } else {
                text.append(c)
            }
            k += 1
        }
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and character references; any other entity
    /// is the reader's (it reports an undeclared one).
    mutating func entity() throws(GiveUp) {
        i += 1
        let start = i
        while unsafe i < b.count, unsafe b[i] != 0x3B, i - start < 12 { i += 1 }
        guard unsafe i < b.count, unsafe b[i] == 0x3B else { throw GiveUp() }
        let name = unsafe UnsafeBufferPointer(rebasing: b[start..<i])
        i += 1
        switch name.count {
        case 2 where unsafe name[0] == 0x6C && name[1] == 0x74: text.append(0x3C)
        case 2 where unsafe name[0] == 0x67 && name[1] == 0x74: text.append(0x3E)
        case 3 where unsafe name.elementsEqual("amp".utf8): text.append(0x26)
        case 4 where unsafe name.elementsEqual("quot".utf8): text.append(0x22)
        case 4 where unsafe name.elementsEqual("apos".utf8): text.append(0x27)
        default:
            guard name.count >= 2, unsafe name[0] == 0x23 else { throw GiveUp() }
            let hex = unsafe name[1] == 0x78
            let digits = unsafe name[(hex ? 2 : 1)...]
            guard unsafe !digits.isEmpty, unsafe digits.count <= 8 else { throw GiveUp() }
            var value: UInt32 = 0
            for unsafe d in unsafe digits {
                let digit: UInt32
                switch d {
                case 0x30...0x39: digit = UInt32(d - 0x30)
                case 0x61...0x66 where hex: digit = UInt32(d - 0x61 + 10)
                case 0x41...0x46 where hex: digit = UInt32(d - 0x41 + 10)
                default: throw GiveUp()
                }
                value = value * (hex ? 16 : 10) + digit
            }
            guard XMLCharacterClass.isAllowed(value), let scalar = Unicode.Scalar(value) else { throw GiveUp() }
            UTF8.encode(scalar) { text.append($0) }
        }
    }
}
