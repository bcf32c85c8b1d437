/// The input stage for encodings expat does not read itself (Shift_JIS, GB18030, Big5,
/// EUC-KR, ISO-2022-JP, UTF-32, EBCDIC, …): converts the input to UTF-8 with iconv as it
/// arrives, keeping a character split between chunks for the next one.
///
/// Lines and columns stay those of the input, since expat counts characters and the
/// conversion keeps them; byte offsets are given back in the input through ``offsets``.
/// Limits apply to the UTF-8 expat reads.
///
/// Bytes the encoding does not allow end the document: the stage hands on everything
/// before them, then one byte that is never valid UTF-8 (0xFF), so that expat stops at
/// their line and column; the receiver then names the bytes and the encoding
/// (``TranscodedOffsets/invalidSequence``).
struct TranscodingInput: InputStage {
    /// Shared with the receiver, which asks it for input offsets.
    let offsets: TranscodedOffsets
    private let converter: IconvConverter
    /// How much of `offsets.window` is converted: an input offset.
    private var converted: Int64 = 0
    /// UTF-8 handed on so far.
    private var produced: Int64 = 0
    private var output: [UInt8] = []
    private var stopped = false

    var outputEncoding: String { "UTF-8" }
    var mayPassUndeclaredAttributeEntities: Bool { true }
    var recordedRepairLimit: Int { 0 }

    /// Converts from `encoding` (iconv's name), called `name` in messages; `nil` when iconv
    /// does not know it.
    init?(encoding: String, name: String) {
        guard let offsets = TranscodedOffsets(encoding: encoding, name: name), let converter = IconvConverter(from: encoding) else { return nil }
        self.offsets = offsets
        self.converter = converter
    }

    mutating func process(
        _ input: UnsafeRawBufferPointer, isFinal: Bool,
        deliver: (_ repairs: [XMLRepair], _ output: UnsafeRawBufferPointer) throws -> Void
    ) throws {
        // A slice at a time, so that the output buffer and the input kept for positions stay
        // small however much input comes at once.
        var offset = 0
        repeat {
            guard !stopped else { return }
            let end = min(input.count, offset + Self.sliceSize)
            unsafe try processSlice(
                UnsafeRawBufferPointer(rebasing: input[offset..<end]), isFinal: isFinal && end == input.count, deliver: deliver)
            offset = end
        } while offset < input.count
    }

    /// The most input converted and handed on at once.
    static let sliceSize = 64 * 1024
    /// The most bytes of UTF-8 one input byte becomes (TSCII's 0x82 is four characters).
    static let maximumExpansion = 12

    private mutating func processSlice(
        _ input: UnsafeRawBufferPointer, isFinal: Bool,
        deliver: (_ repairs: [XMLRepair], _ output: UnsafeRawBufferPointer) throws -> Void
    ) throws {
        unsafe offsets.append(input)
        let start = Int(converted - offsets.windowStart)
        let available = offsets.window.count - start
        // UTF-8 is at most three bytes for each input byte (a single byte can stand for a
        // BMP character; four UTF-8 bytes come from at least two input bytes), plus what a
        // conversion holding a character back writes when flushed.
        let capacity = available * 3 + 16
        if output.count < capacity { output = [UInt8](repeating: 0, count: capacity) }
        var read = 0
        var written = 0
        var stop = IconvConverter.Stop.inputUsed
        var marks: [TranscodedOffsets.Mark] = []
        // In pieces, each end a mark for the offsets (see TranscodedOffsets).
        while read < available {
            let end = min(available, read + TranscodedOffsets.pieceSize)
            // Room for the most a piece can become (TSCII writes twelve bytes for one), plus
            // the sentinel: glibc's converters that write several characters for one byte
            // lose one if the output fills in the middle of them (checked with TSCII).
            let need = written + (end - read) * Self.maximumExpansion + 17
            if output.count < need { output.append(contentsOf: repeatElement(0, count: need - output.count)) }
            let result = unsafe offsets.window.withUnsafeBytes { window in
                unsafe output.withUnsafeMutableBytes { out in
                    unsafe converter.convert(
                        UnsafeRawBufferPointer(rebasing: window[(start + read)..<(start + end)]),
                        into: UnsafeMutableRawBufferPointer(rebasing: out[written..<(out.count - 1)]))
                }
            }
            read += result.read
            written += result.written
            stop = result.stop
            marks.append((produced + Int64(written), converted + Int64(read)))
            if result.stop == .outputFull {
                // More than three bytes of UTF-8 for an input byte (TSCII writes up to
                // twelve): more room, and on.
                output.append(contentsOf: repeatElement(0, count: output.count))
                continue
            }
            if result.stop == .invalid || result.read == 0 { break }
            if result.stop == .incomplete && end == available { break }
        }
        if isFinal && stop == .inputUsed {
            if output.count - written < 64 { output.append(contentsOf: repeatElement(0, count: 64)) }
            written += unsafe output.withUnsafeMutableBytes {
                unsafe converter.flush(into: UnsafeMutableRawBufferPointer(rebasing: $0[written..<($0.count - 1)]))
            }
        }
        converted += Int64(read)
        for mark in marks { offsets.addMark(mark) }
        let bad: TranscodedOffsets.InvalidSequence?
        switch stop {
        case .invalid where isFinal || offsets.window.count - (start + read) >= Self.shownBytes:
            bad = invalidSequence(at: start + read, outputOffset: produced + Int64(written), truncated: false)
        case .invalid:
            // The message shows the bytes from there: until they are all here (or the input
            // ends), the stage waits, converting from them again with the next input, so
            // that the message does not depend on where the input was cut.
            bad = nil
        case .incomplete where isFinal:
            bad = invalidSequence(at: start + read, outputOffset: produced + Int64(written), truncated: true)
        default:
            bad = nil
        }
        if let bad {
            stopped = true
            offsets.invalidSequence = bad
            output[written] = 0xFF
            written += 1
        }
        produced += Int64(written)
        try unsafe output.withUnsafeBytes { try unsafe deliver([], UnsafeRawBufferPointer(rebasing: $0[..<written])) }
    }

    /// The most bytes of a sequence the encoding does not allow that its message shows.
    static let shownBytes = 4

    private func invalidSequence(at index: Int, outputOffset: Int64, truncated: Bool) -> TranscodedOffsets.InvalidSequence {
        let window = offsets.window
        let end = min(window.count, index + Self.shownBytes)
        return TranscodedOffsets.InvalidSequence(
            bytes: Array(window[index..<end]), inputOffset: offsets.windowStart + Int64(index),
            outputOffset: outputOffset, truncated: truncated)
    }

    mutating func reset() {
        offsets.reset()
        converter.reset()
        converted = 0
        produced = 0
        stopped = false
    }
}
