internal import XMLSyntax

/// The second stage of recovery: reads UTF-8 from ``RecoveringDecoder`` and writes XML
/// that expat accepts, recording a repair for every change.
///
/// A state machine over bytes that streams: text, CDATA and DOCTYPEs pass through as they
/// come; a start tag, comment or processing instruction is held until it is complete (they
/// are bounded by the limits); only the few bytes needed to decide what a `<` or `&`
/// starts are carried over to the next chunk. It tracks the open elements so it can close
/// what damage left open, and holds the root's end tag until the end of the input, so that
/// content found after it can go back inside.
struct MarkupRepairer {
    enum Mode {
        case text, startTag, endTag, comment, cdata, processingInstruction, doctype
    }

    /// Where the root element is.
    enum RootState {
        case before, inside
        /// Its end tag has been seen and is held in ``rootEndTag``; output goes to ``epilog``.
        case closed
    }

    struct Frame {
        var name: [UInt8]
        /// The namespace declarations of this element (an empty prefix for the default one).
        var declarations: [(prefix: [UInt8], uri: [UInt8])]
        var line: Int
        var column: Int
    }

    let namespaced: Bool
    let illegalCharacters: XMLRecovery.IllegalCharacters
    /// The largest tag, comment or processing instruction held before failing.
    let tokenLimit: Int
    /// Whether references to control characters are read as U+FDD0 plus their value, and
    /// U+FDD0 to U+FDEF themselves refused (``XMLParserOptions/readsControlCharacterReferences``).
    let readsControlReferences: Bool

    /// The repaired bytes produced so far; handed on after each chunk (``withOutput(_:)``).
    var output: [UInt8] = []
    /// Repairs made so far; the receiver takes them after each chunk.
    var repairs: [XMLRepair] = []

    // Position of the next input byte.
    var line = 1
    var column = 1
    var afterCarriageReturn = false
    /// Offset of the next byte in the decoded input, for errors.
    var offset: Int64 = 0

    var mode: Mode = .text
    /// Undecided bytes (and their decoder notes) from the end of the last chunk.
    var carry: [UInt8] = []
    var carryNotes: [RecoveringDecoder.Note] = []
    var atDocumentStart = true
    var finished = false
    /// Set while the rest of the input after an unclosed comment (or PI) is read again: that
    /// rest holds no `-->` (or `?>`), or the construct would have closed.
    var restHasNoCommentEnd = false
    var restHasNoInstructionEnd = false

    var stack = OpenElementStack()
    var root: RootState = .before
    var rootFrame: Frame?
    var rootEndTag: [UInt8] = []
    var epilog: [UInt8] = []
    /// Set when content after the root's end reopened it: its end at the end of the input
    /// is then no news.
    var rootReopened = false
    /// Set while dropping a run of text outside the root, so it is reported once.
    var droppingText = false

    // DTD facts that decide which entity references are defined.
    var declaredEntities: [[UInt8]: DeclaredEntity] = [:]
    var hasExternalSubset = false
    /// `standalone="yes"`: expat then checks every entity, external subset or not.
    var standalone = false
    /// The last two bytes of output already taken by the receiver.
    var takenTail: [UInt8] = []
    var sawDoctype = false

    // Text state.
    /// Where the next decoder note is: runs taken in one step stop there, so each note is
    /// reported at its own position whatever the chunking.
    var runLimit = Int.max

    // Tag, comment, PI, CDATA and DOCTYPE state.
    var tag = TagState()
    var endTag = EndTagState()
    var held = HeldState()
    var cdataBrackets = 0
    var cdataDropped = false
    var doctype = DoctypeState()
    /// The attribute names of a tag being passed through, to find a repeat.
    var passedAttributes: [Range<Int>] = []
    /// How many tags were passed through whole (tests check that the path is taken).
    var passedTags = 0

    init(namespaced: Bool, illegalCharacters: XMLRecovery.IllegalCharacters, tokenLimit: Int, readsControlReferences: Bool = false) {
        self.namespaced = namespaced
        self.illegalCharacters = illegalCharacters
        self.tokenLimit = tokenLimit
        self.readsControlReferences = readsControlReferences
    }

    // MARK: - Driving

    /// Repairs the next piece of decoded input, appending to ``output`` and ``repairs``.
    /// With `isFinal`, completes whatever the input left open.
    mutating func process(
        _ input: UnsafeBufferPointer<UInt8>, notes: [RecoveringDecoder.Note], isFinal: Bool
    ) throws {
        guard !finished else { return }
        if carry.isEmpty {
            unsafe try run(input, notes: notes, isFinal: isFinal)
        } else {
            var combined = carry
            unsafe combined.append(contentsOf: input)
            let shift = carry.count
            let allNotes = carryNotes + notes.map { var n = $0; n.outputOffset += shift; return n }
            carry.removeAll()
            carryNotes.removeAll()
            unsafe try combined.withUnsafeBufferPointer { unsafe try run($0, notes: allNotes, isFinal: isFinal) }
        }
        if isFinal { try complete() }
    }

    mutating func run(
        _ p: UnsafeBufferPointer<UInt8>, notes: [RecoveringDecoder.Note], isFinal: Bool
    ) throws {
        let n = p.count
        var i = 0
        var noteIndex = 0
        var nextNote = notes.first?.outputOffset ?? .max
        while i < n {
            if mode == .text && root == .inside && i < nextNote {
                // The common case: a run of ordinary text, copied in one piece.
                let end = min(n, nextNote)
                var j = i
                while j < end {
                    let b = unsafe p[j]
                    if Self.isSpecialInText[Int(b)] { break }
                    if b & 0xC0 != 0x80 { column += 1 }
                    j += 1
                }
                if j > i {
                    unsafe output.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<j]))
                    offset += Int64(j - i)
                    afterCarriageReturn = false
                    i = j
                    continue
                }
                if unsafe p[i] == 0x3C, let used = unsafe passWellFormedTag(p, i, end: end) {
                    i += used
                    continue
                }
            }
            runLimit = nextNote
            guard let used = unsafe try step(p, i, isFinal: isFinal) else {
                unsafe carry.append(contentsOf: UnsafeBufferPointer(rebasing: p[i...]))
                carryNotes = notes[noteIndex...].map { var n = $0; n.outputOffset -= i; return n }
                return
            }
            while nextNote < i + used || (used == 0 && nextNote == i) {
                let note = notes[noteIndex]
                report(note.kind, note.message)
                noteIndex += 1
                nextNote = noteIndex < notes.count ? notes[noteIndex].outputOffset : .max
            }
            for k in i..<(i + used) { unsafe advance(p[k]) }
            i += used
            if used > 0 { atDocumentStart = false }
        }
    }

    /// Handles the byte (or character) at `i` in the current mode. Returns how many bytes
    /// it consumed (0 when it only changed mode, to look at the byte again), or `nil` when
    /// it needs bytes beyond the end of the chunk.
    private mutating func step(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, isFinal: Bool) throws -> Int? {
        switch mode {
        case .text: return unsafe textStep(p, i, isFinal: isFinal)
        case .startTag: return unsafe try startTagStep(p, i, isFinal: isFinal)
        case .endTag: return unsafe try endTagStep(p, i)
        case .comment: return unsafe try commentStep(p, i)
        case .cdata: return unsafe cdataStep(p, i)
        case .processingInstruction: return unsafe try processingInstructionStep(p, i)
        case .doctype: return unsafe try doctypeStep(p, i)
        }
    }

    /// Bytes the text fast path stops at: markup, references, `>` (for `]]>`),
    /// controls (line counting and illegal characters), 0xEF (U+FFFE and U+FFFF).
    static let isSpecialInText: [Bool] = (0..<256).map { b in
        b < 0x20 || b == 0x3C || b == 0x26 || b == 0x3E || b == 0xEF
    }

    @inline(__always)
    mutating func advance(_ b: UInt8) {
        offset += 1
        if b == 0x0A {
            if !afterCarriageReturn { line += 1 }
            column = 1
            afterCarriageReturn = false
        } else if b == 0x0D {
            line += 1
            column = 1
            afterCarriageReturn = true
        } else {
            afterCarriageReturn = false
            if b & 0xC0 != 0x80 { column += 1 }
        }
    }

    // MARK: - Output and reports

    /// Hands the repaired bytes so far to `body`, then forgets them but for their last two
    /// bytes; the room is kept for the next chunk.
    mutating func withOutput<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        defer {
            takenTail = output.count >= 2 ? Array(output.suffix(2)) : Array((takenTail + output).suffix(2))
            output.removeAll(keepingCapacity: true)
        }
        return unsafe try output.withUnsafeBytes(body)
    }

    /// Whether the text written so far ends with `]]`, so that a `>` would end a CDATA
    /// section that is not there. Looks at the bytes written, not the input: a stripped
    /// character or a dropped tag can bring `]]` and `>` together.
    func outputEndsWithBrackets() -> Bool {
        let destination = root == .closed ? epilog : output
        let tail = destination.count >= 2 || root == .closed ? Array(destination.suffix(2)) : Array((takenTail + destination).suffix(2))
        return tail == [0x5D, 0x5D]
    }

    /// Appends repaired bytes where they belong: after the root's end, they are held.
    mutating func emit(_ bytes: some Sequence<UInt8>) {
        if root == .closed { epilog.append(contentsOf: bytes) } else { output.append(contentsOf: bytes) }
    }

    mutating func emit(_ byte: UInt8) {
        if root == .closed { epilog.append(byte) } else { output.append(byte) }
    }

    mutating func report(_ kind: XMLRepair.Kind, _ message: String, line: Int? = nil, column: Int? = nil) {
        repairs.append(XMLRepair(kind: kind, message: message, line: line ?? self.line, column: column ?? self.column))
    }

    func tooLarge(_ what: String) -> XMLParseError {
        XMLParseError(
            code: .tokenTooLarge, message: "\(what) is longer than \(tokenLimit) bytes",
            position: XMLPosition(line: line, column: column, byteOffset: offset), fileName: nil)
    }

    /// Makes room for content: inside the root, yes; after it, the root is reopened; before
    /// it, only an element may start (text there is left out). Returns whether to keep it.
    mutating func enterContent(isElement: Bool) -> Bool {
        switch root {
        case .inside:
            return true
        case .closed:
            let name = String(decoding: rootFrame!.name, as: UTF8.self)
            report(.contentOutsideRoot, "content after the end of the root element <\(name)>; kept inside it")
            root = .inside
            output.append(contentsOf: epilog)
            epilog.removeAll()
            rootEndTag.removeAll()
            rootReopened = true
            stack.push(rootFrame!)
            return true
        case .before:
            if isElement { return true }
            if !droppingText {
                droppingText = true
                report(.contentOutsideRoot, "text before the root element; left out")
            }
            return false
        }
    }

    /// Handles a character XML does not allow, by the policy; `into` gets the replacement.
    mutating func illegal(_ value: UInt32, into destination: inout [UInt8]) {
        let (repair, replacement) = illegalRepair(value)
        repairs.append(repair)
        destination.append(contentsOf: replacement)
    }

    /// The repair for a character XML does not allow, here, and what replaces it.
    func illegalRepair(_ value: UInt32) -> (XMLRepair, [UInt8]) {
        let hex = String(value, radix: 16, uppercase: true)
        let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if (0xFDD0...0xFDEF).contains(value) {
            // Only while control-character references are read.
            let message = "character \(name) is reserved for control-character references (readsControlCharacterReferences)"
            switch illegalCharacters {
            case .strip: return (XMLRepair(kind: .illegalCharacter, message: message + "; left out", line: line, column: column), [])
            case .replace:
                return (XMLRepair(kind: .illegalCharacter, message: message + "; replaced by U+FFFD", line: line, column: column), [0xEF, 0xBF, 0xBD])
            }
        }
        switch illegalCharacters {
        case .strip:
            return (XMLRepair(kind: .illegalCharacter, message: "character \(name) is not allowed in XML; left out", line: line, column: column), [])
        case .replace:
            return (
                XMLRepair(kind: .illegalCharacter, message: "character \(name) is not allowed in XML; replaced by U+FFFD", line: line, column: column),
                [0xEF, 0xBF, 0xBD]
            )
        }
    }

    // MARK: - Characters

    /// The length of the UTF-8 character starting with `b` (the input is valid UTF-8).
    @inline(__always)
    static func scalarLength(_ b: UInt8) -> Int {
        b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
    }

    static func scalar(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        let b = unsafe UInt32(p[i])
        switch unsafe scalarLength(p[i]) {
        case 1: return b
        case 2: return unsafe (b & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F)
        case 3: return unsafe (b & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F)
        default:
            return unsafe (b & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6
                | UInt32(p[i + 3] & 0x3F)
        }
    }

    /// Whether the character at `i` is one this document cannot hold, and its value: one XML
    /// does not allow, or one reserved for control-character references.
    func illegalCharacter(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32? {
        if let value = unsafe Self.illegalScalar(p, i) { return value }
        guard readsControlReferences, unsafe p[i] == 0xEF && p[i + 1] == 0xB7 && (0x90...0xAF).contains(p[i + 2]) else { return nil }
        return unsafe Self.scalar(p, i)
    }

    /// Whether the character at `i` is one XML does not allow, and its value.
    static func illegalScalar(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32? {
        let b = unsafe p[i]
        if b < 0x20 { return b == 0x09 || b == 0x0A || b == 0x0D ? nil : UInt32(b) }
        if unsafe b == 0xEF && p[i + 1] == 0xBF && (p[i + 2] == 0xBE || p[i + 2] == 0xBF) { return unsafe scalar(p, i) }
        return nil
    }

    // Names beyond ASCII follow expat's own tables (XML 1.0's first edition, nothing above
    // U+FFFF), so what the repairer keeps as a name, expat reads as one: "<Ͱx/>", "<€" and
    // "<😀" stay text.

    static func isNameStart(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let b = unsafe p[i]
        if b < 0x80 { return (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x3A }
        guard b < 0xF0, let c = unsafe Unicode.Scalar(scalar(p, i)) else { return false }
        return XMLNameValidation.isNameStart(c)
    }

    static func isNameChar(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let b = unsafe p[i]
        if b < 0x80 {
            return (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
                || b == 0x3A || b == 0x2D || b == 0x2E
        }
        guard b < 0xF0, let c = unsafe Unicode.Scalar(scalar(p, i)) else { return false }
        return XMLNameValidation.isNameChar(c)
    }

    /// Appends the name characters at `i` to `name`, a run of ASCII ones or one other, and
    /// returns how many bytes they take; `nil` when the character at `i` ends the name.
    @inline(__always)
    func readName(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, into name: inout [UInt8]) -> Int? {
        let end: Int
        if let run = unsafe asciiNameRun(p, i) {
            end = run
        } else if unsafe Self.isNameChar(p, i) {
            end = unsafe i + Self.scalarLength(p[i])
        } else {
            return nil
        }
        unsafe name.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<end]))
        return end - i
    }

    /// The end of a run of ASCII name characters starting at `i`, or `nil` when there is
    /// none (the character there is not one, or not ASCII).
    @inline(__always)
    func asciiNameRun(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        var j = i
        let end = min(p.count, runLimit)
        while j < end {
            let b = unsafe p[j]
            let lower = b | 0x20
            guard (lower >= 0x61 && lower <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x3A || b == 0x2D
                || b == 0x2E
            else { break }
            j += 1
        }
        return j > i ? j : nil
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Under namespaces, a name must be a QName: at most one colon, with a name on either
    /// side. Replaces the colons of any other name by `_`; returns whether it changed.
    static func fixQualifiedName(_ name: inout [UInt8], namespaced: Bool, isElement: Bool) -> Bool {
        guard namespaced, let first = name.firstIndex(of: 0x3A) else { return false }
        let last = name.lastIndex(of: 0x3A)!
        var valid = first == last && first > 0 && first < name.count - 1
        // An element may not use the prefix `xmlns`, which only declares.
        if isElement && name.starts(with: Array("xmlns:".utf8)) { valid = false }
        if valid {
            valid = unsafe name.withUnsafeBufferPointer { unsafe Self.isNameStart($0, first + 1) && $0[first + 1] != 0x3A }
        }
        if valid { return false }
        for k in name.indices where name[k] == 0x3A { name[k] = 0x5F }
        return true
    }
}
