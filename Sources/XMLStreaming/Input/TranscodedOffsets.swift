/// Where each byte expat reads came from, for a document transcoded to UTF-8 ahead of it
/// (``TranscodingInput``): expat counts lines and columns in characters, which transcoding
/// keeps, but its byte offsets are offsets in the UTF-8 it was given.
///
/// It keeps the input from the oldest position that can still be asked about (the start of
/// the token expat has not finished) and a second conversion that walks that input,
/// character by character, as far as each question needs: each input byte is walked about
/// once, however many positions are asked, and memory stays bounded by the pending token.
///
/// A class: the transcoding stage adds input to it while the receiver, called back from
/// inside the stage's delivery, asks it about positions.
final class TranscodedOffsets {
    /// The encoding's name, for messages: as the document (or the caller) gave it.
    let encodingName: String
    /// The walking conversion, in step with ``cursor``.
    private let walker: IconvConverter
    /// Restarted from a mark to answer a position before the cursor.
    private let scratch: IconvConverter
    /// Input from ``windowStart`` on.
    private(set) var window: [UInt8] = []
    /// The input offset of `window[0]`.
    private(set) var windowStart: Int64 = 0
    /// A place where output and input offsets are known to meet.
    typealias Mark = (output: Int64, input: Int64)
    /// How far the walker has gone.
    private var cursor: Mark = (0, 0)
    /// Earlier places of the cursor (ascending) that questions may still reach back to.
    private var marks: [Mark] = []
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
        self.walker = walker
        self.scratch = scratch
    }

    /// Adds the next input bytes.
    func append(_ bytes: UnsafeRawBufferPointer) {
        unsafe window.append(contentsOf: bytes)
    }

    /// The input offset where the character at UTF-8 offset `output` began.
    func inputOffset(forOutput output: Int64) -> Int64 {
        if let invalid = invalidSequence, output >= invalid.outputOffset { return invalid.inputOffset + (output - invalid.outputOffset) }
        if output >= cursor.output {
            if output > cursor.output { marks.append(cursor) }
            cursor = walk(walker, from: cursor, to: output)
            return cursor.input
        }
        // Behind the cursor: from the last mark at or before it, with a fresh conversion
        // (exact for every encoding without shift states).
        var low = 0
        var high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if marks[middle].output <= output { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return marks.first?.input ?? cursor.input }
        let mark = marks[low - 1]
        scratch.reset()
        return walk(scratch, from: mark, to: output).input
    }

    /// Forgets what is before UTF-8 offset `output`: no position before it will be asked.
    func discard(beforeOutput output: Int64) {
        _ = inputOffset(forOutput: output)
        if let first = marks.firstIndex(where: { $0.output >= output }) {
            marks.removeFirst(first)
        } else {
            marks.removeAll(keepingCapacity: true)
        }
        let keepFrom = marks.first?.input ?? cursor.input
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
        marks.removeAll(keepingCapacity: true)
        invalidSequence = nil
        walker.reset()
        scratch.reset()
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
            if result.written == 0 && result.stop != .outputFull { break }
            if result.written == 0 { break }
        }
        return position
    }
}
