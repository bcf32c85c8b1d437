import BenchmarkSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `write(2)` under a name that the writer's own `write` methods do not hide.
private func writeToFile(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// Writes a corpus file through a 1 MiB buffer, counting the bytes written, and replaces
/// the target only when the file is complete (written to a temporary, then renamed).
final class CorpusFileWriter {
    let path: String
    private let temporaryPath: String
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Bytes written so far, including those still buffered.
    private(set) var written = 0

    init(path: String) throws {
        self.path = path
        self.temporaryPath = path + ".partial"
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw BenchError("cannot create \(temporaryPath): \(String(cString: strerror(errno)))") }
        buffer.reserveCapacity(2 << 20)
    }

    deinit {
        close(fd)
        unlink(temporaryPath)
    }

    /// Appends bytes.
    func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        written += bytes.count
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Appends a literal.
    func write(_ text: StaticString) throws {
        var bytes: [UInt8] = []
        bytes.put(text)
        try write(bytes)
    }

    private func flush() throws {
        try buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = writeToFile(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw BenchError("cannot write \(temporaryPath): \(String(cString: strerror(errno)))")
                }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and moves the file into place.
    func commit() throws {
        try flush()
        guard rename(temporaryPath, path) == 0 else {
            throw BenchError("cannot rename \(temporaryPath) to \(path): \(String(cString: strerror(errno)))")
        }
    }
}
