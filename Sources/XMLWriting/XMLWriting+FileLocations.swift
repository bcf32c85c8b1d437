#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage
internal import XMLSyntax
// A file's path as a `URL` or a `FilePath` beside the `String` form, a descriptor as a
// `FileDescriptor` (docs/PublicAPI.md).
extension XMLWriterOutput {
    /// A file, written atomically, as ``file(path:)`` writes it.
    public static func file(_ path: FilePath) -> XMLWriterOutput { .file(path: path.string) }

    /// A file URL, written atomically, as ``file(path:)`` writes it; a URL that is no file
    /// URL is an ``XMLWriterError`` (``XMLWriterError/Kind/output(path:errno:message:)``).
    public static func file(_ url: URL) throws(XMLWriterError) -> XMLWriterOutput {
        guard url.isFileURL else {
            throw XMLWriterError(.output(path: url.absoluteString, errno: EINVAL, message: "only file URLs can be written"))
        }
        return .file(path: url.path)
    }

    /// An open file descriptor (a pipe, standard output), which is not closed.
    public static func fileDescriptor(_ descriptor: FileDescriptor) -> XMLWriterOutput { .fileDescriptor(descriptor.rawValue) }
}

extension AtomicFile {
    /// Starts replacing the file at `path`.
    public convenience init(path: FilePath) throws(XMLWriterError) {
        try self.init(path: path.string)
    }

    /// Replaces the file at `path` with `bytes` in one step.
    public static func write(_ bytes: some Sequence<UInt8>, to path: FilePath) throws(XMLWriterError) {
        try write(bytes, to: path.string)
    }
}
