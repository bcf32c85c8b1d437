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
/// at a mark: its cursor walks the whole input, in step, and is exact; a position behind
/// the cursor is found from the nearest earlier answer with a fresh conversion, which can be
/// off when that answer lay inside a shifted run (only the end of an empty-element tag asks
/// behind the cursor, and its start was asked first).
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

    /// A place where output and input offsets meet.
    typealias Mark = (output: Int64, input: Int64)

    private let walker: IconvConverter
    private let scratch: IconvConverter
    /// Input from ``windowStart`` on.
    private(set) var window: [UInt8] = []
    /// The input offset of `window[0]`.
    private(set) var windowStart: Int64 = 0
    /// How far the walker has gone.
    private var cursor: Mark = (0, 0)
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
        guard let walker = IconvConverter(from: encoding), let scratch = IconvConverter(from: encoding) else { return nil }
        encodingName = name
        hasShiftStates = Self.hasShiftStates(encoding)
        self.walker = walker
        self.scratch = scratch
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
        if output >= cursor.output {
            if hasShiftStates {
                if output > cursor.output { marks.append(cursor) }
            } else if let mark = lastMark(atOrBefore: output), mark.output > cursor.output {
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

    /// Forgets what is before UTF-8 offset `output`: no position before it will be asked.
    func discard(beforeOutput output: Int64) {
        if hasShiftStates {
            _ = inputOffset(forOutput: output)
            marks.removeAll { $0.output < output }
            if marks.isEmpty { marks.append(cursor) }
        } else if let index = lastMarkIndex(atOrBefore: output), index > 0 {
            marks.removeFirst(index)
            if cursor.output < marks[0].output {
                cursor = marks[0]
                walker.reset()
            }
        }
        let keepFrom = min(marks[0].input, cursor.input)
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
        marks = [(0, 0)]
        invalidSequence = nil
        walker.reset()
        scratch.reset()
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

    /// Converts from `start` until `target` bytes of UTF-8 are reached (or the input held
    /// runs out), and returns where it stopped.
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
