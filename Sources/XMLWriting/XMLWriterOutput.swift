#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a writer's bytes go.
public enum XMLWriterOutput: Hashable, Sendable {
    /// Memory: read the result from ``XMLStreamWriter/bytes`` or ``XMLStreamWriter/string``.
    case memory
    /// An open file descriptor (a pipe, standard output); it is not closed.
    case fileDescriptor(Int32)
    /// A file, written atomically: the bytes go to a temporary file beside it, which replaces
    /// the file only when the writer finishes. A failed or abandoned write leaves the old file.
    case file(path: String)
}

/// The writer's sink: memory, a descriptor, or a temporary file renamed on commit.
final class OutputSink {
    private let output: XMLWriterOutput
    private var fd: Int32 = -1
    private var temporaryPath: String?
    private(set) var memory: [UInt8] = []

    init(_ output: XMLWriterOutput) throws(XMLWriterError) {
        self.output = output
        switch output {
        case .memory: break
        case .fileDescriptor(let descriptor): fd = descriptor
        case .file(let path):
            var template = Array((path + ".tmp-XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { throw Self.systemError() }
            fd = descriptor
            temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    deinit { abandon() }

    private static func systemError() -> XMLWriterError {
        let code = errno
        return XMLWriterError(.output(errno: code, message: String(cString: strerror(code))))
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(XMLWriterError) {
        if case .memory = output {
            memory.append(contentsOf: bytes)
            return
        }
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.systemError()
            }
            offset += n
        }
    }

    /// Makes the output final: for a file, syncs the temporary and renames it over the target.
    func commit() throws(XMLWriterError) {
        guard case .file(let path) = output, let temporaryPath else { return }
        if fsync(fd) != 0 { throw Self.systemError() }
        close(fd)
        fd = -1
        if rename(temporaryPath, path) != 0 {
            let error = Self.systemError()
            unlink(temporaryPath)
            self.temporaryPath = nil
            throw error
        }
        self.temporaryPath = nil
    }

    /// Drops a temporary file that was never committed.
    func abandon() {
        guard let temporaryPath else { return }
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(temporaryPath)
        self.temporaryPath = nil
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#else
private let systemWrite = Darwin.write
#endif
