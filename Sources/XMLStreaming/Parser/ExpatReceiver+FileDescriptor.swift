internal import XMLSyntax
extension ExpatReceiver {
    /// Reads from `fd` straight into expat's buffer and parses what arrived. One read that
    /// returns data is enough (a pipe hands out what it has, so events are not held back),
    /// except while a large token is pending: then the buffer is filled, so that expat scans
    /// the token a bounded number of times. Returns the bytes read; 0 at the end of input.
    ///
    /// - Parameter source: The name used in an ``XMLInputError``.
    func feed(fromFileDescriptor fd: Int32, source: String) throws -> Int {
        var readError: Int32 = 0
        let fillCompletely = pendingTokenBytes > options.chunkSize
        let count = unsafe try feed(fillingUpTo: options.chunkSize) { buffer in
            var filled = 0
            while filled < buffer.count && (filled == 0 || fillCompletely) {
                let n = unsafe read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if n > 0 {
                    filled += n
                } else if n == 0 {
                    break
                } else if errno != EINTR {
                    readError = errno
                    break
                }
            }
            return filled
        }
        if readError != 0 {
            throw XMLInputError.system(.cannotRead, fileName: source, errno: readError)
        }
        return count
    }
}
