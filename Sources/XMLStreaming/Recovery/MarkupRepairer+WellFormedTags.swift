// Tags that need no repair, passed through whole: most tags of most damaged documents are
// sound, and the state machine's byte-at-a-time reading (held in `TagState`, names and
// values copied) was most of recovery's cost. A tag qualifies only when the state machine
// would write exactly its bytes and report nothing; anything else — a line break, a
// reference, a prefix, a repeated attribute, a tag split across chunks or notes — goes to
// the state machine as before, so the repairs and the output are the same.
extension MarkupRepairer {
    /// The most attributes a passed-through tag may have; tags with more take the state
    /// machine, which checks repeats by hashing.
    static let passThroughAttributeLimit = 16

    /// Writes the sound start or end tag at `i` (a `<`) that ends before `end`, updates
    /// the position and the open elements, and returns its length; `nil` leaves it to the
    /// state machine. Only inside the root element, in text mode.
    mutating func passWellFormedTag(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> Int? {
        let end = min(end, i &+ tokenLimit)
        guard i + 1 < end else { return nil }
        if unsafe p[i + 1] == 0x2F { return unsafe passEndTag(p, i, end: end) }
        return unsafe passStartTag(p, i, end: end)
    }

    private mutating func passStartTag(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> Int? {
        guard !stack.isEmpty else { return nil }
        var j = i + 1
        guard unsafe Self.isPlainNameStart(p[j]) else { return nil }
        j += 1
        while unsafe j < end && Self.isPlainNameCharacter(p[j], namespaced: namespaced) { j += 1 }
        let nameEnd = j
        // Under namespaces a prefixed name needs its binding checked: the state machine's.
        if unsafe namespaced && p[i + 1] == 0x3A { return nil }
        var continuationBytes = 0
        var isEmpty = false
        passedAttributes.removeAll(keepingCapacity: true)
        while true {
            let spaceStart = j
            while unsafe j < end && (p[j] == 0x20 || p[j] == 0x09) { j += 1 }
            guard j < end else { return nil }
            let b = unsafe p[j]
            if b == 0x3E {
                j += 1
                break
            }
            if b == 0x2F {
                guard unsafe j + 1 < end && p[j + 1] == 0x3E else { return nil }
                j += 2
                isEmpty = true
                break
            }
            // An attribute: a space before it, a plain name, `=` and a quoted value that
            // needs no escaping.
            guard j > spaceStart, Self.isPlainNameStart(b), b != 0x3A || !namespaced else { return nil }
            let attributeStart = j
            j += 1
            while unsafe j < end && Self.isPlainNameCharacter(p[j], namespaced: namespaced) { j += 1 }
            let attribute = attributeStart..<j
            // `xmlns` declares a namespace, which the state machine records.
            if unsafe namespaced && Self.equals(p, attribute, Self.xmlnsPrefix) { return nil }
            guard unsafe j + 1 < end && p[j] == 0x3D && (p[j + 1] == 0x22 || p[j + 1] == 0x27) else { return nil }
            let quote = unsafe p[j + 1]
            j += 2
            while j < end {
                let c = unsafe p[j]
                if c == quote || c == 0x3C || c == 0x26 || c < 0x20 || c == 0xEF { break }
                if c & 0xC0 == 0x80 { continuationBytes += 1 }
                j += 1
            }
            guard unsafe j < end && p[j] == quote else { return nil }
            j += 1
            for earlier in passedAttributes where unsafe Self.equals(p, earlier, attribute) { return nil }
            guard passedAttributes.count < Self.passThroughAttributeLimit else { return nil }
            passedAttributes.append(attribute)
        }
        unsafe output.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<j]))
        if !isEmpty {
            let name = unsafe Array(UnsafeBufferPointer(rebasing: p[(i + 1)..<nameEnd]))
            stack.push(Frame(name: name, declarations: [], line: line, column: column))
        }
        passed(j - i, continuationBytes: continuationBytes)
        return j - i
    }

    /// An end tag that closes the innermost open element (not the root: its end is held).
    private mutating func passEndTag(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> Int? {
        guard stack.count > 1, let open = stack.frames.last else { return nil }
        let nameStart = i + 2
        let nameEnd = nameStart + open.name.count
        guard nameEnd < end else { return nil }
        guard unsafe Self.equals(p, nameStart..<nameEnd, open.name) else { return nil }
        var j = nameEnd
        while unsafe j < end && (p[j] == 0x20 || p[j] == 0x09) { j += 1 }
        guard unsafe j < end && p[j] == 0x3E else { return nil }
        j += 1
        unsafe output.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<j]))
        _ = stack.popLast()
        var continuationBytes = 0
        for byte in open.name where byte & 0xC0 == 0x80 { continuationBytes += 1 }
        passed(j - i, continuationBytes: continuationBytes)
        return j - i
    }

    /// Moves the position past a passed tag, which holds no line break.
    private mutating func passed(_ length: Int, continuationBytes: Int) {
        offset += Int64(length)
        column += length - continuationBytes
        afterCarriageReturn = false
        atDocumentStart = false
        droppingText = false
        passedTags &+= 1
    }

    @inline(__always)
    private static func isPlainNameStart(_ b: UInt8) -> Bool {
        let lower = b | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || b == 0x5F || b == 0x3A
    }

    /// An ASCII name character; not the colon under namespaces (prefixes need checking).
    @inline(__always)
    private static func isPlainNameCharacter(_ b: UInt8, namespaced: Bool) -> Bool {
        let lower = b | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D || b == 0x2E
            || (b == 0x3A && !namespaced)
    }

    private static func equals(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: [UInt8]) -> Bool {
        unsafe range.count == literal.count && UnsafeBufferPointer(rebasing: p[range]).elementsEqual(literal)
    }

    private static func equals(_ p: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        unsafe a.count == b.count && UnsafeBufferPointer(rebasing: p[a]).elementsEqual(UnsafeBufferPointer(rebasing: p[b]))
    }
}
