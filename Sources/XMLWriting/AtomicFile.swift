internal import XMLSyntax
/// A file replaced as a whole or not at all, as editors and `plutil` replace files.
///
/// The bytes go to a temporary file in the target's directory, which is synced and renamed
/// over the target by ``commit()``; until then (and after ``abandon()`` or any failure) the
/// old file is as it was.
///
/// - A file that exists keeps its permissions (and, where the process may, its owner and
///   group); a new one gets `0666` less the umask, as `open(2)` would give it.
/// - A symbolic link is followed: the file it points to is replaced and the link stays.
/// - Something that is not a regular file (`/dev/stdout`, a FIFO, a terminal), and any path
///   under `/dev/` or `/proc/`, is opened and written in place: there is nothing to rename over.
/// - A directory is refused before anything is written.
///
/// Errors name the path: `cannot write out/: Is a directory`.
public final class AtomicFile {
    /// The path as given.
    public let path: String
    /// The file that is replaced: `path` with symbolic links resolved.
    private let target: String
    private var descriptor: Int32
    private var temporaryPath: String?

    /// Opens the temporary file (or, for a device or FIFO, the path itself).
    public init(path: String) throws(XMLWriterError) {
        self.path = path
        var status = stat()
        let exists = unsafe stat(path, &status) == 0
        if exists && (status.st_mode & S_IFMT) == S_IFDIR { throw Self.error(path, EISDIR) }
        // Paths are bytes: `hasPrefix` on Characters misses "/dev/" before a combining mark.
        if (exists && (status.st_mode & S_IFMT) != S_IFREG) || path.utf8.starts(with: "/dev/".utf8)
            || path.utf8.starts(with: "/proc/".utf8)
        {
            let fd = unsafe open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw Self.error(path, errno) }
            target = path
            descriptor = fd
            return
        }
        target = try Self.resolvingLinks(path)
        let (fd, temporary) = try Self.createTemporary(beside: target, reportedAs: path)
        descriptor = fd
        temporaryPath = temporary
        if exists {
            // The replacement takes the old file's place in every way a reader can see.
            _ = fchown(fd, status.st_uid, status.st_gid)
            if fchmod(fd, status.st_mode & 0o7777) != 0 {
                let code = errno
                abandon()
                throw Self.error(path, code)
            }
        }
    }

    deinit { abandon() }

    /// Appends bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(XMLWriterError) {
        guard descriptor >= 0 else { throw XMLWriterError(.finished) }
        let code =
            if let written = unsafe bytes.withContiguousStorageIfAvailable({ unsafe Self.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }) {
                written
            } else {
                unsafe Array(bytes).withUnsafeBytes { unsafe Self.writeAll($0, to: descriptor) }
            }
        if code != 0 { throw Self.error(path, code) }
    }

    /// Writes every byte to a descriptor, again after a short write or EINTR; returns 0, or
    /// the `errno` of the failure.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = unsafe systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }

    /// Appends bytes.
    public func write(_ bytes: some Sequence<UInt8>) throws(XMLWriterError) {
        guard descriptor >= 0 else { throw XMLWriterError(.finished) }
        // Arrays and Data are written from their own storage; other sequences copied once.
        let code =
            if let written = bytes.withContiguousStorageIfAvailable({
                unsafe Self.writeAll(UnsafeRawBufferPointer($0), to: descriptor)
            }) {
                written
            } else {
                unsafe Array(bytes).withUnsafeBytes { unsafe Self.writeAll($0, to: descriptor) }
            }
        if code != 0 { throw Self.error(path, code) }
    }

    /// Makes the new content the file's: syncs the temporary file and renames it over the
    /// target (for a device, only closes it). On failure the old file is left.
    public func commit() throws(XMLWriterError) {
        guard descriptor >= 0 else { throw XMLWriterError(.finished) }
        guard let temporaryPath else {
            let closed = close(descriptor)
            descriptor = -1
            if closed != 0 && errno != EINTR { throw Self.error(path, errno) }
            return
        }
        if fsync(descriptor) != 0 {
            let code = errno
            abandon()
            throw Self.error(path, code)
        }
        close(descriptor)
        descriptor = -1
        if unsafe rename(temporaryPath, target) != 0 {
            let code = errno
            unsafe unlink(temporaryPath)
            self.temporaryPath = nil
            throw Self.error(path, code)
        }
        self.temporaryPath = nil
    }

    /// Drops what was written: the temporary file is removed and the old file stays.
    public func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporaryPath { unsafe unlink(temporaryPath) }
        temporaryPath = nil
    }

    /// Writes `bytes` to `path` atomically.
    public static func write(_ bytes: some Sequence<UInt8>, to path: String) throws(XMLWriterError) {
        let file = try AtomicFile(path: path)
        try file.write(bytes)
        try file.commit()
    }

    static func error(_ path: String, _ code: Int32) -> XMLWriterError {
        XMLWriterError(.output(path: path, errno: code, message: systemErrorMessage(code)))
    }

    /// `path` with symbolic links followed to the file they name (which may not exist yet).
    private static func resolvingLinks(_ path: String) throws(XMLWriterError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard unsafe lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = unsafe readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw error(path, errno) }
            let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.utf8.first == UInt8(ascii: "/") {
                current = link
            } else if let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")) {
                current = String(current.utf8[...slash])! + link
            } else {
                current = link
            }
        }
        throw error(path, ELOOP)
    }

    /// A new file beside `target`, created as `open` creates files (mode 0666 less the umask).
    private static func createTemporary(beside target: String, reportedAs path: String) throws(XMLWriterError) -> (Int32, String) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String(decoding: (0..<8).map { _ in letters.randomElement(using: &generator)! }, as: UTF8.self)
            let candidate = target + ".tmp-" + suffix
            let fd = unsafe open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (fd, candidate) }
            if errno != EEXIST { throw error(path, errno) }
        }
        throw error(path, EEXIST)
    }
}

@available(*, unavailable, message: "A file being replaced belongs to one task.")
extension AtomicFile: Sendable {}
