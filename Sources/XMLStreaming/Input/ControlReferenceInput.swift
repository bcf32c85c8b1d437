/// The input stage that reads references to the control characters XML 1.0 forbids
/// (`&#x1E;`, `&#1;` to `&#x1F;` but tab, line feed and carriage return), which XML 1.1
/// allows and services such as Amazon S3 write in object keys. expat refuses them, so each
/// one, in text or an attribute value, reaches expat as a reference to the noncharacter
/// U+FDD0 plus its value (`&#x1E;` as `&#xFDEE;`), which XML 1.0 allows; the consumer that
/// asked for them (``XMLParserOptions/readsControlCharacterReferences``) maps them back.
///
/// So that the mapping cannot be wrong, the 32 noncharacters U+FDD0 to U+FDEF are reserved
/// while the stage runs: one written as itself or as a reference stops the document with
/// ``XMLParseError/Code/reservedCharacter``, at its place. The stage hands expat a byte it
/// will refuse there (0xFF, never UTF-8, for the character; its digits made `0` for a
/// reference) and the receiver names the character (``ControlReferenceOffsets/stop``).
///
/// References in comments, CDATA sections, processing instructions and the DOCTYPE are not
/// references and pass as they are: a small lexer follows the markup for that, keeping its
/// state from chunk to chunk and holding back only the digits of an unfinished reference
/// (at most 16: its `&#x` and leading zeros go on as they come, since a rewrite changes the
/// digits alone). It reads the ASCII of UTF-8 and of the single-byte encodings expat
/// reads; any other encoding (UTF-16 included) is transcoded to UTF-8 first, by the stage
/// inside.
///
/// Positions stay those of the input: ``offsets`` gives the receiver the shifts to undo.
struct ControlReferenceInput: InputStage {
    /// Shared with the receiver, which asks it for input positions.
    let offsets = ControlReferenceOffsets()
    /// The transcoding stage in front of this one, for an encoding expat does not read.
    private(set) var inner: TranscodingInput?
    private var lexer: ControlReferenceLexer
    private var output: [UInt8] = []

    var outputEncoding: String { "UTF-8" }
    var mayPassUndeclaredAttributeEntities: Bool { true }
    var recordedRepairLimit: Int { 0 }

    /// Reads what `inner` hands on, or the input itself. `utf8`: whether expat reads the
    /// output as UTF-8, where the reserved characters can be written as themselves.
    init(inner: TranscodingInput?, utf8: Bool) {
        self.inner = inner
        lexer = ControlReferenceLexer(checksReservedCharacters: utf8 || inner != nil)
    }

    mutating func process(
        _ input: UnsafeRawBufferPointer, isFinal: Bool,
        deliver: (_ repairs: [XMLRepair], _ output: UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard var stage = inner.take() else {
            return unsafe try rewrite(input, isFinal: isFinal, deliver: deliver)
        }
        defer { inner = stage }
        unsafe try stage.process(input, isFinal: isFinal) { _, converted in
            unsafe try rewrite(converted, isFinal: false, deliver: deliver)
        }
        if isFinal { unsafe try rewrite(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true, deliver: deliver) }
    }

    private mutating func rewrite(
        _ input: UnsafeRawBufferPointer, isFinal: Bool,
        deliver: (_ repairs: [XMLRepair], _ output: UnsafeRawBufferPointer) throws -> Void
    ) throws {
        output.removeAll(keepingCapacity: true)
        // The input is bytes, valid during this call only: the lexer keeps no pointer to it.
        unsafe lexer.run(input.assumingMemoryBound(to: UInt8.self), isFinal: isFinal, into: &output, offsets: offsets)
        try unsafe output.withUnsafeBytes { try unsafe deliver([], $0) }
    }

    mutating func reset() {
        inner?.reset()
        lexer.reset()
        offsets.reset()
    }
}

/// Follows the markup of the stage's input well enough to tell references in text and
/// attribute values from the rest, and rewrites those to control characters (see
/// ``ControlReferenceInput``). Counts lines as expat does, for the columns.
struct ControlReferenceLexer {
    /// Where in the markup the input is.
    enum Place: UInt8 {
        case text, lessThan, bang, bangDash, comment, cdata, instruction, tag, attributeValue
        case doctype, doctypeQuoted, doctypeLessThan, doctypeBang, doctypeBangDash
        case reference
    }

    private var place = Place.text
    /// Where a comment or processing instruction returns to: text or the DOCTYPE.
    private var returnPlace = Place.text
    /// Where an unfinished reference returns to: text or an attribute value.
    private var referenceReturn = Place.text
    /// The quote that ends the current attribute value or DOCTYPE literal.
    private var quote: UInt8 = 0
    /// How many `-` (in a comment), `]` (in a CDATA section) or `?` (in a processing
    /// instruction) came last.
    private var run = 0
    /// Brackets open in the DOCTYPE.
    private var brackets = 0
    /// How far into a reference the lexer is.
    private enum ReferencePart { case ampersand, hash, digits }
    private var referencePart = ReferencePart.ampersand
    private var referenceIsHex = false
    /// Where the reference's `&` reaches expat.
    private var referenceStart: Int64 = 0
    /// The reference's digits after its leading zeros, held back: all the lexer holds (the
    /// `&#x` and the zeros go on as they come, since a rewrite changes the digits alone).
    private var digits: [UInt8] = []
    private var line = 1
    private var lastWasCarriageReturn = false
    /// Bytes handed on so far.
    private var produced: Int64 = 0
    /// The first bytes of a reserved character seen at the end of the last input (EF, or
    /// EF B7), when checking for them.
    private var reservedPrefix = 0
    let checksReservedCharacters: Bool

    /// The most digits held after the leading zeros: a reference with more is to no
    /// character, and passes as it is for expat to refuse.
    static let significantDigitLimit = 16

    init(checksReservedCharacters: Bool) {
        self.checksReservedCharacters = checksReservedCharacters
    }

    mutating func reset() {
        self = ControlReferenceLexer(checksReservedCharacters: checksReservedCharacters)
    }

    /// Whether a byte can change the lexer's state somewhere: everything else is copied in
    /// runs.
    private static let notable: [Bool] = (0..<256).map { b in
        [0x26, 0x3C, 0x3E, 0x22, 0x27, 0x2D, 0x5D, 0x5B, 0x3F, 0x0A, 0x0D, 0xEF].contains(b)
    }

    /// Reads `input`, appending what expat is to read to `output`.
    mutating func run(_ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, into output: inout [UInt8], offsets: ControlReferenceOffsets) {
        output.reserveCapacity(input.count + digits.count + 16)
        let n = input.count
        var i = 0
        /// Input from here on is copied as it is when the next rewrite (or the end) comes.
        var copyFrom = 0
        func flush(upTo end: Int) {
            if end > copyFrom { unsafe output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copyFrom..<end])) }
            copyFrom = end
        }
        // A reserved character split by the last input's end.
        if reservedPrefix > 0 {
            let needed = 3 - reservedPrefix
            var k = 0
            while k < needed && k < n {
                let b = unsafe input[k]
                guard reservedPrefix + k == 1 ? b == 0xB7 : (0x90...0xAF).contains(b) else { break }
                k += 1
            }
            if k == needed {
                // Its first bytes went with the last input.
                let last = unsafe input[needed - 1]
                stop(at: produced - Int64(reservedPrefix), scalar: 0xFDD0 + UInt32(last - 0x90), offsets: offsets)
                flush(upTo: needed - 1)
                output.append(0xFF)
                copyFrom = needed
                i = needed
                reservedPrefix = 0
            } else {
                reservedPrefix = k < n ? 0 : reservedPrefix + k
            }
        }
        /// Bytes before this one have been counted for lines and reserved characters (a byte
        /// read again in another place is not counted twice).
        var counted = i
        let notable = Self.notable  // read once, not through the global's accessor per byte
        while i < n {
            let b = unsafe input[i]
            if place != .reference && place != .lessThan && place != .bang && place != .bangDash
                && place != .doctypeLessThan && place != .doctypeBang && place != .doctypeBangDash
                && !notable[Int(b)]
            {
                // A run of bytes that change nothing.
                var j = i + 1
                while unsafe j < n && !notable[Int(input[j])] { j += 1 }
                i = j
                counted = max(counted, j)
                run = 0
                lastWasCarriageReturn = false
                continue
            }
            if i >= counted {
                counted = i + 1
                // Lines, as expat counts them: LF, CR, and CR LF once.
                if b == 0x0A {
                    if !lastWasCarriageReturn { line += 1 }
                } else if b == 0x0D {
                    line += 1
                }
                lastWasCarriageReturn = b == 0x0D
                if b == 0xEF && checksReservedCharacters {
                    if i + 2 < n {
                        let third = unsafe input[i + 2]
                        if unsafe input[i + 1] == 0xB7 && (0x90...0xAF).contains(third) {
                            if place == .reference { abandonReference(&output) }
                            stop(at: produced + Int64(output.count + i - copyFrom), scalar: 0xFDD0 + UInt32(third - 0x90), offsets: offsets)
                            flush(upTo: i + 2)
                            output.append(0xFF)
                            copyFrom = i + 3
                            counted = i + 3
                            i += 3
                            continue
                        }
                    } else if unsafe i + 1 == n || input[i + 1] == 0xB7 {
                        reservedPrefix = n - i
                    }
                }
            }
            switch place {
            case .text:
                if b == 0x26 {
                    startReference(returningTo: .text, at: produced + Int64(output.count + i - copyFrom))
                } else if b == 0x3C {
                    place = .lessThan
                }
            case .lessThan:
                switch b {
                case 0x21: place = .bang
                case 0x3F: enter(.instruction, returningTo: .text)
                default:
                    place = .tag
                    continue  // read again as part of the tag
                }
            case .bang:
                switch b {
                case 0x2D: place = .bangDash
                case 0x5B: enter(.cdata, returningTo: .text)
                default:
                    place = .doctype
                    brackets = 0
                    continue
                }
            case .bangDash:
                if b == 0x2D {
                    enter(.comment, returningTo: .text)
                } else {
                    place = .tag
                    continue
                }
            case .comment:
                if b == 0x3E && run >= 2 { place = returnPlace }
                run = b == 0x2D ? run + 1 : 0
            case .cdata:
                if b == 0x3E && run >= 2 { place = .text }
                run = b == 0x5D ? run + 1 : 0
            case .instruction:
                if b == 0x3E && run >= 1 { place = returnPlace }
                run = b == 0x3F ? 1 : 0
            case .tag:
                if b == 0x22 || b == 0x27 {
                    quote = b
                    place = .attributeValue
                } else if b == 0x3E {
                    place = .text
                }
            case .attributeValue:
                if b == quote {
                    place = .tag
                } else if b == 0x26 {
                    startReference(returningTo: .attributeValue, at: produced + Int64(output.count + i - copyFrom))
                }
            case .doctype:
                switch b {
                case 0x22, 0x27:
                    quote = b
                    place = .doctypeQuoted
                case 0x5B: brackets += 1
                case 0x5D: brackets -= 1
                case 0x3C where brackets > 0: place = .doctypeLessThan
                case 0x3E where brackets <= 0: place = .text
                default: break
                }
            case .doctypeQuoted:
                if b == quote { place = .doctype }
            case .doctypeLessThan:
                switch b {
                case 0x21: place = .doctypeBang
                case 0x3F: enter(.instruction, returningTo: .doctype)
                default:
                    place = .doctype
                    continue
                }
            case .doctypeBang:
                place = b == 0x2D ? .doctypeBangDash : .doctype
                if place == .doctype { continue }
            case .doctypeBangDash:
                if b == 0x2D {
                    enter(.comment, returningTo: .doctype)
                } else {
                    place = .doctype
                    continue
                }
            case .reference:
                switch referenceStep(b) {
                case .pass: break
                case .hold:
                    flush(upTo: i)
                    digits.append(b)
                    copyFrom = i + 1
                case .end:
                    // Held digits end at `i` (nothing after them is pending).
                    finishReference(into: &output, offsets: offsets)
                    copyFrom = i + 1
                case .notReference:
                    // What was held goes as it was (the bytes before it have gone), and the
                    // byte is read again where the reference began.
                    abandonReference(&output)
                    continue
                }
            }
            i += 1
        }
        // Held digits end the input (copyFrom is n); anything else goes now.
        flush(upTo: n)
        if place == .reference && isFinal { abandonReference(&output) }
        produced += Int64(output.count)
    }

    private mutating func enter(_ target: Place, returningTo back: Place) {
        place = target
        returnPlace = back
        run = 0
    }

    private mutating func startReference(returningTo back: Place, at outputOffset: Int64) {
        place = .reference
        referenceReturn = back
        referencePart = .ampersand
        referenceStart = outputOffset
        digits.removeAll(keepingCapacity: true)
    }

    /// Hands on the digits held back as they were, and goes back to where the reference began.
    private mutating func abandonReference(_ output: inout [UInt8]) {
        output.append(contentsOf: digits)
        digits.removeAll(keepingCapacity: true)
        place = referenceReturn
    }

    /// What the next byte of a reference does.
    private enum ReferenceStep {
        /// Goes on as it is (`#`, `x`, a leading zero).
        case pass
        /// Is held: a digit after the leading zeros.
        case hold
        /// Ends the reference (`;` after held digits).
        case end
        /// Is not part of a reference to rewrite.
        case notReference
    }

    private mutating func referenceStep(_ b: UInt8) -> ReferenceStep {
        switch referencePart {
        case .ampersand:
            guard b == 0x23 else { return .notReference }  // #
            referencePart = .hash
            return .pass
        case .hash:
            referencePart = .digits
            referenceIsHex = b == 0x78
            if referenceIsHex { return .pass }
        case .digits: break
        }
        if b == 0x3B { return digits.isEmpty ? .notReference : .end }
        guard referenceIsHex ? Self.isHexDigit(b) : Self.isDigit(b) else { return .notReference }
        if b == 0x30 && digits.isEmpty { return .pass }
        return digits.count < Self.significantDigitLimit ? .hold : .notReference
    }

    /// The held digits and the `;` that ends them: rewritten if the reference is to a
    /// control character (`&#x1E;` → `&#xFDEE;`, `&#30;` → `&#65006;`), made to stop expat
    /// if to a reserved character (its digits become `0`), else handed on as they were.
    private mutating func finishReference(into output: inout [UInt8], offsets: ControlReferenceOffsets) {
        var value: UInt32 = 0
        for digit in digits {
            let d: UInt32 = digit <= 0x39 ? UInt32(digit - 0x30) : UInt32((digit | 0x20) - 0x61 + 10)
            value = min(0x11_0000, value * (referenceIsHex ? 16 : 10) + d)
        }
        let outputStart = produced + Int64(output.count)
        if Self.isRestrictedControl(value) {
            let replacement = Array((String(0xFDD0 + value, radix: referenceIsHex ? 16 : 10, uppercase: true) + ";").utf8)
            offsets.add(outputStart: outputStart, inputLength: digits.count + 1, outputLength: replacement.count, line: line)
            output.append(contentsOf: replacement)
        } else if (0xFDD0...0xFDEF).contains(value) {
            offsets.add(outputStart: outputStart, inputLength: digits.count + 1, outputLength: 2, line: line)
            if offsets.stop == nil { offsets.stop = ControlReferenceOffsets.Stop(outputOffset: referenceStart, scalar: value, isReference: true) }
            output.append(contentsOf: [0x30, 0x3B])  // &#0; or &#x000…0;: refused, at its &
        } else {
            output.append(contentsOf: digits)
            output.append(0x3B)
        }
        digits.removeAll(keepingCapacity: true)
        place = referenceReturn
    }

    /// Notes a reserved character written as itself, whose first byte reaches expat at
    /// `outputOffset`; expat gets its first two bytes and 0xFF, and stops at the first.
    private func stop(at outputOffset: Int64, scalar: UInt32, offsets: ControlReferenceOffsets) {
        if offsets.stop == nil { offsets.stop = ControlReferenceOffsets.Stop(outputOffset: outputOffset, scalar: scalar, isReference: false) }
    }

    /// The control characters XML 1.0 does not allow and XML 1.1 allows as references.
    static func isRestrictedControl(_ value: UInt32) -> Bool {
        (1...0x1F).contains(value) && value != 0x09 && value != 0x0A && value != 0x0D
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    private static func isHexDigit(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66) }
}
