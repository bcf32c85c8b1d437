internal import XMLSyntax

/// One conversion from an encoding to UTF-8 through the C library's iconv(3), which knows
/// every encoding the system has tables for (glibc: Big5, GB18030, Shift_JIS, EUC-*,
/// ISO-2022-*, UTF-32, EBCDIC code pages, …).
///
/// A class, not a `~Copyable` struct: the readers keep it in copyable values (an input stage
/// is an existential). It never leaves the value that made it, and a conversion keeps state
/// (the shift state of ISO-2022-JP), so it is neither `Sendable` nor shared.
@safe final class IconvConverter {
    // Invariant: a descriptor iconv_open returned (never (iconv_t)-1), closed exactly once,
    // in deinit; iconv(3) is only called with it while the object lives.
    private let descriptor: iconv_t

    /// The name iconv was opened with.
    let encodingName: String

    /// Opens a conversion from `encoding` to UTF-8; `nil` when iconv does not know the name.
    init?(from encoding: String) {
        let opened = unsafe iconv_open("UTF-8", encoding)
        if unsafe opened == iconv_t(bitPattern: -1) { return nil }
        unsafe descriptor = opened!
        encodingName = encoding
    }

    deinit { _ = unsafe iconv_close(descriptor) }

    /// Why a call to ``convert(_:into:)`` stopped.
    enum Stop: Equatable {
        /// Every input byte was converted.
        case inputUsed
        /// The output is full; more input is left.
        case outputFull
        /// The input ends inside a character (or a shift sequence): the rest needs more bytes.
        case incomplete
        /// The bytes at the stop are not a character of the encoding.
        case invalid
    }

    /// Converts as much of `input` as fits in `output`. Returns how many bytes were read and
    /// written, and why it stopped. Stops only at a character boundary of the input.
    func convert(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> (read: Int, written: Int, stop: Stop) {
        guard unsafe !input.isEmpty else { return (0, 0, .inputUsed) }
        guard unsafe !output.isEmpty else { return (0, 0, .outputFull) }
        // Invariant: both buffers are the caller's, valid for this call; iconv reads at most
        // `input.count` bytes (it takes `char **` for its input though it only reads it) and
        // writes at most `output.count`, advancing the pointers it is given, which end here.
        var source: UnsafeMutablePointer<CChar>? = unsafe UnsafeMutablePointer(
            mutating: input.baseAddress!.assumingMemoryBound(to: CChar.self))
        var sourceLeft = input.count
        var target: UnsafeMutablePointer<CChar>? = unsafe output.baseAddress!.assumingMemoryBound(to: CChar.self)
        var targetLeft = output.count
        errno = 0
        let result = unsafe iconv(descriptor, &source, &sourceLeft, &target, &targetLeft)
        let read = input.count - sourceLeft
        let written = output.count - targetLeft
        if result != -1 { return (read, written, .inputUsed) }
        switch errno {
        case E2BIG: return (read, written, .outputFull)
        case EINVAL: return (read, written, .incomplete)
        default: return (read, written, .invalid)
        }
    }

    /// Writes what the conversion still holds back (a character waiting for a combining
    /// mark that may follow) and returns it to its initial state.
    func flush(into output: UnsafeMutableRawBufferPointer) -> Int {
        var target: UnsafeMutablePointer<CChar>? = unsafe output.baseAddress?.assumingMemoryBound(to: CChar.self)
        var targetLeft = output.count
        _ = unsafe iconv(descriptor, nil, nil, &target, &targetLeft)
        return output.count - targetLeft
    }

    /// Returns the conversion to its initial state, dropping what it holds back.
    func reset() {
        _ = unsafe iconv(descriptor, nil, nil, nil, nil)
    }
}
