internal import XMLSyntax
/// Where a writer's bytes go.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum XMLWriterOutput: Hashable, Sendable {
    /// Memory: read the result from ``XMLStreamWriter/bytes`` or ``XMLStreamWriter/string``.
    case memory
    /// An open file descriptor (a pipe, standard output); it is not closed.
    case fileDescriptor(Int32)
    /// A file, written atomically (see ``AtomicFile``): the bytes go to a temporary file beside
    /// it, which replaces the file only when the writer finishes. A failed or abandoned write
    /// leaves the old file; a replaced file keeps its mode; a device is written in place.
    case file(path: String)
}

/// The writer's sink: memory, a descriptor, or an ``AtomicFile`` committed at the end.
final class OutputSink {
    private let output: XMLWriterOutput
    private var fd: Int32 = -1
    private var file: AtomicFile?
    private(set) var memory: [UInt8] = []

    init(_ output: XMLWriterOutput) throws(XMLWriterError) {
        self.output = output
        switch output {
        case .memory: break
        case .fileDescriptor(let descriptor): fd = descriptor
        case .file(let path): file = try AtomicFile(path: path)
        }
    }

    deinit { abandon() }

    func write(_ bytes: UnsafeRawBufferPointer) throws(XMLWriterError) {
        switch output {
        case .memory:
            unsafe memory.append(contentsOf: bytes)
        case .file:
            guard let file else { throw XMLWriterError(.finished) }
            unsafe try file.write(bytes)
        case .fileDescriptor:
            let code = unsafe AtomicFile.writeAll(bytes, to: fd)
            if code != 0 { throw XMLWriterError(.output(path: nil, errno: code, message: systemErrorMessage(code))) }
        }
    }

    /// Makes the output final: for a file, syncs the temporary and renames it over the target.
    func commit() throws(XMLWriterError) {
        guard let file else { return }
        self.file = nil
        try file.commit()
    }

    /// Drops a temporary file that was never committed.
    func abandon() {
        file?.abandon()
        file = nil
    }
}

