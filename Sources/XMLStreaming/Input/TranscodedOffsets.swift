/// Where each byte expat reads came from, for a document transcoded to UTF-8 ahead of it
/// (``TranscodingInput``): expat counts lines and columns in characters, which transcoding
/// keeps, but its byte offsets are offsets in the UTF-8 it was given.
///
/// The stage converts in pieces of at most ``pieceSize`` input bytes and marks where each
/// ends: there the output and input offsets are known to meet. A position between two marks
/// is found by converting again from the mark before it, with an output buffer exactly as
/// long as the distance: iconv stops at the character that does not fit, which is the one
/// asked about. Questions come in document order, so a cursor walks on from the last answer
/// and each piece is converted again at most once, and only when a position in it is asked.
///
/// An encoding with shift states (ISO-2022-*, UTF-7, HZ, EBCDIC with SO/SI) cannot restart
/// at a mark: its cursor walks the whole input, in step, and is exact; every answer is kept
/// as a mark, and a position behind the cursor that is not one is found from the nearest
/// earlier answer with a fresh conversion, which can be off when that answer lay inside a
/// shifted run (only the end of an empty-element tag asks behind the cursor, and its start
/// was asked first). Bytes between two characters that write nothing (a shift sequence)
/// belong to the character they lead to, unless that character reads the same without
/// them: UTF-7's `+AOk` is é from its `+`, but in `-<` the `<` is at its own byte.
///
/// It keeps the input from the last mark at or before the oldest position that can still
/// be asked about (the token expat has not finished), so memory stays bounded by it.
///
/// A class: the stage adds input and marks while the receiver, called back from inside the
/// stage's delivery, asks it about positions.
final class TranscodedOffsets {
    /// The encoding's name, for messages: as the document (or the caller) gave it.
    let encodingName: String
    /// Whether the encoding has shift states (see above).
    let hasShiftStates: Bool
    /// The most input the stage converts in one piece: the most a position costs to find.
    static let pieceSize = 2048
    /// The most bytes a character takes with the shift sequence before it (ISO-2022's
    /// four-byte escapes and two-byte characters; a UTF-7 `+` and six base64 bytes).
    static let longestCharacter: Int64 = 16

    /// A place where output and input offsets meet.
    typealias Mark = (output: Int64, input: Int64)

    private let walker: IconvConverter
    private let scratch: IconvConverter
    /// Reads a few bytes from the initial state, to see where a character begins.
    private let probe: IconvConverter
    /// Input from ``windowStart`` on.
    private(set) var window: [UInt8] = []
    /// The input offset of `window[0]`.
    private(set) var windowStart: Int64 = 0
    /// How far the walker has gone.
    private var cursor: Mark = (0, 0)
    /// With shift states: the input offset after the last byte the walker read that wrote
    /// something; the bytes from there to the cursor (a shift sequence) wait for their character.
    private var cursorLead: Int64 = 0
    /// Where pieces ended (ascending), or, with shift states, where the cursor has been.
    private var marks: [Mark] = [(0, 0)]
    private var walkBuffer = [UInt8](repeating: 0, count: 4096)

    /// Bytes the encoding does not allow, and where: set when the stage stopped at them.
    struct InvalidSequence {
        var bytes: [UInt8]
        var inputOffset: Int64
        var outputOffset: Int64
        /// Whether the input ended inside a character rather than holding a wrong one.
        var truncated: Bool
    }
    var invalidSequence: InvalidSequence?

    init?(encoding: String, name: String) {
        guard let walker = IconvConverter(from: encoding), let scratch = IconvConverter(from: encoding),
            let probe = IconvConverter(from: encoding)
        else { return nil }
        encodingName = name
        hasShiftStates = Self.hasShiftStates(encoding)
        self.walker = walker
        self.scratch = scratch
        self.probe = probe
    }

    /// Encodings whose characters depend on a shift state set earlier in the input.
    static func hasShiftStates(_ encoding: String) -> Bool {
        let key = EncodingResolver.looseKey(encoding)
        let stateful = ["iso2022", "csiso2022", "utf7", "unicode11utf7", "hz", "ibm930", "ibm933", "ibm935", "ibm937", "ibm939"]
        return stateful.contains { key.hasPrefix($0) } || ["ibm1364", "ibm1371", "ibm1388", "ibm1390", "ibm1399"].contains(key)
    }

    /// Adds the next input bytes.
    func append(_ bytes: UnsafeRawBufferPointer) {
        unsafe window.append(contentsOf: bytes)
    }

    /// Notes that the stage's conversion has reached `mark`, at a character boundary.
    func addMark(_ mark: Mark) {
        if !hasShiftStates && mark.output > marks[marks.count - 1].output { marks.append(mark) }
    }

    /// The input offset where the character at UTF-8 offset `output` began.
    func inputOffset(forOutput output: Int64) -> Int64 {
        if let invalid = invalidSequence, output >= invalid.outputOffset { return invalid.inputOffset + (output - invalid.outputOffset) }
        if hasShiftStates { return shiftedInputOffset(forOutput: output) }
        if output >= cursor.output {
            if let mark = lastMark(atOrBefore: output), mark.output > cursor.output {
                cursor = mark
                walker.reset()
            }
            cursor = walk(walker, from: cursor, to: output)
            return cursor.input
        }
        // Behind the cursor: from the last mark at or before it, with a fresh conversion.
        guard let mark = lastMark(atOrBefore: output) else { return marks.first?.input ?? cursor.input }
        scratch.reset()
        return walk(scratch, from: mark, to: output).input
    }

    /// ``inputOffset(forOutput:)`` in an encoding with shift states: each answer becomes a
    /// mark, so that a position asked again (the start of an element, then of its attribute)
    /// is given the same answer.
    private func shiftedInputOffset(forOutput output: Int64) -> Int64 {
        let index = lastMarkIndex(atOrBefore: output)
        if let index, marks[index].output == output { return marks[index].input }
        let found: (start: Int64, isWhole: Bool)
        if output >= cursor.output {
            var walked = walk(walker, from: Walk(position: cursor, lead: cursorLead), to: output)
            found = readCharacter(walker, at: &walked)
            cursor = walked.position
            cursorLead = walked.lead
        } else {
            // Behind the cursor: from the last answer before it, with a fresh conversion.
            guard let index else { return marks.first?.input ?? cursorLead }
            scratch.reset()
            var walked = walk(scratch, from: Walk(position: marks[index], lead: marks[index].input), to: output)
            found = readCharacter(scratch, at: &walked)
        }
        // An answer is kept only once its character was read whole: at the end of the input
        // held, later bytes can show that those before them end a run (UTF-7's `-`).
        if found.isWhole { marks.insert((output, found.start), at: index.map { $0 + 1 } ?? 0) }
        return found.start
    }

    /// Forgets what is before UTF-8 offset `output`: no position before it will be asked.
    func discard(beforeOutput output: Int64) {
        if hasShiftStates {
            // Answered first, so that a mark at `output` is kept.
            _ = inputOffset(forOutput: output)
            marks.removeAll { $0.output < output }
        } else if let index = lastMarkIndex(atOrBefore: output), index > 0 {
            marks.removeFirst(index)
            if cursor.output < marks[0].output {
                cursor = marks[0]
                walker.reset()
            }
        }
        let keepFrom = min(marks.first?.input ?? cursorLead, hasShiftStates ? cursorLead : cursor.input)
        let drop = Int(keepFrom - windowStart)
        if drop > 0 && drop >= window.count / 2 {
            // Dropped in bulk, so that each byte moves O(1) times.
            window.removeFirst(drop)
            windowStart = keepFrom
        }
    }

    /// Forgets the document.
    func reset() {
        window.removeAll(keepingCapacity: true)
        windowStart = 0
        cursor = (0, 0)
        cursorLead = 0
        marks = [(0, 0)]
        invalidSequence = nil
        walker.reset()
        scratch.reset()
        probe.reset()
    }

    private func lastMarkIndex(atOrBefore output: Int64) -> Int? {
        var low = 0
        var high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if marks[middle].output <= output { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    private func lastMark(atOrBefore output: Int64) -> Mark? {
        lastMarkIndex(atOrBefore: output).map { marks[$0] }
    }

    /// Where a walk in an encoding with shift states stands.
    private struct Walk {
        var position: Mark
        /// The input offset after the last byte read that wrote something (see ``cursorLead``).
        var lead: Int64

        mutating func advance(by step: (read: Int, written: Int)) {
            position.input += Int64(step.read)
            position.output += Int64(step.written)
            if step.written > 0 { lead = position.input }
        }
    }

    /// The walk with shift states. iconv given input that ends inside a shifted
    /// run takes in the bytes it can (UTF-7's `+` and the first of its base64) though they
    /// write nothing yet, so a walk that reaches `target` at the end of the input held would
    /// stop past them, and where it stopped would depend on how the input arrived: the last
    /// stretch is walked a byte at a time, stopping as soon as `target` is reached.
    private func walk(_ converter: IconvConverter, from start: Walk, to target: Int64) -> Walk {
        var walked = start
        let lastStretch: Int64 = 16
        if target - walked.position.output > lastStretch {
            // Where the bulk walk stops, iconv may have taken in bytes that wrote nothing yet:
            // the last stretch writes at least its 16 bytes, each step that writes sets the lead.
            walked.position = walk(converter, from: walked.position, to: target - lastStretch)
            walked.lead = walked.position.input
        }
        while walked.position.output < target, let step = step(converter, from: walked.position.input) {
            walked.advance(by: step)
        }
        return walked
    }

    /// Converts the fewest bytes from input offset `input` that iconv takes (one, or a whole
    /// shift sequence or character), writing into `walkBuffer`; `nil` at the end of the
    /// input held or at bytes the encoding does not allow.
    private func step(_ converter: IconvConverter, from input: Int64) -> (read: Int, written: Int)? {
        let from = Int(input - windowStart)
        var length = 1
        while from >= 0, from + length <= window.count {
            let result = unsafe window.withUnsafeBytes { bytes in
                unsafe walkBuffer.withUnsafeMutableBytes { buffer in
                    unsafe converter.convert(UnsafeRawBufferPointer(rebasing: bytes[from..<(from + length)]), into: buffer)
                }
            }
            if result.read > 0 { return (result.read, result.written) }
            guard result.stop == .incomplete else { return nil }
            length += 1
        }
        return nil
    }

    /// Reads the character at `walked` (a walk's end) and returns where it begins in the
    /// input: the bytes before it that wrote nothing (shift sequences) are its own, unless
    /// a shorter run of its bytes reads as the same character from the initial state
    /// (`<` after the `-` that ends a UTF-7 run). Not whole when the input held ends first;
    /// the walk then stands at its end, the bytes since `lead` still waiting.
    private func readCharacter(_ converter: IconvConverter, at walked: inout Walk) -> (start: Int64, isWhole: Bool) {
        let lead = walked.lead
        while let step = step(converter, from: walked.position.input) {
            let stepStart = walked.position.input
            walked.advance(by: step)
            guard step.written > 0 else { continue }
            let character = Array(walkBuffer[..<step.written])
            // A character and what shifts into it are a few bytes: runs that write nothing
            // longer than that (repeated shifts) are not read again byte by byte.
            var start = stepStart
            while start > lead, walked.position.input - start <= Self.longestCharacter {
                if readsAlone(from: start, to: walked.position.input, as: character) { return (start, true) }
                start -= 1
            }
            return (lead, true)
        }
        return (lead, false)
    }

    /// Whether input offsets `start..<end`, read from the initial state, are `character`.
    private func readsAlone(from start: Int64, to end: Int64, as character: [UInt8]) -> Bool {
        let lower = Int(start - windowStart)
        let upper = Int(end - windowStart)
        guard lower >= 0, upper <= window.count else { return false }
        probe.reset()
        var read = [UInt8](repeating: 0, count: character.count + 1)
        let result = unsafe window.withUnsafeBytes { bytes in
            unsafe read.withUnsafeMutableBytes { buffer in
                unsafe probe.convert(UnsafeRawBufferPointer(rebasing: bytes[lower..<upper]), into: buffer)
            }
        }
        return result.read == upper - lower && read[..<result.written].elementsEqual(character)
    }

    /// Converts from `start` until `target` bytes of UTF-8 are reached (or the input held
    /// runs out), and returns where it stopped: with an output buffer no longer than the
    /// distance, iconv stops at the character that does not fit.
    private func walk(_ converter: IconvConverter, from start: Mark, to target: Int64) -> Mark {
        var position = start
        while position.output < target {
            let from = Int(position.input - windowStart)
            guard from >= 0, from < window.count else { break }
            let room = Int(min(target - position.output, Int64(walkBuffer.count)))
            let result = unsafe window.withUnsafeBytes { input in
                unsafe walkBuffer.withUnsafeMutableBytes { buffer in
                    unsafe converter.convert(
                        UnsafeRawBufferPointer(rebasing: input[from...]), into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<room]))
                }
            }
            position.input += Int64(result.read)
            position.output += Int64(result.written)
            if result.written == 0 { break }
        }
        return position
    }
}
