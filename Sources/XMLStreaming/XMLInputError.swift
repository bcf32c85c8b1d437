internal import XMLSyntax
/// An input that could not be read at all: a missing file, a read that failed.
///
/// Distinct from ``XMLParseError``, which is about the content of readable input; it has
/// no position, since nothing of the input was read where it failed.
public struct XMLInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is, to `switch` on.
    public var code: Code
    /// The file, or a description of the source (`<stdin>`, `file descriptor 5`).
    public var fileName: String
    /// The C `errno` value, when the failure came from the system.
    public var errno: Int32?
    /// What went wrong.
    public var message: String

    /// Creates an input error.
    public init(code: Code, fileName: String, errno: Int32? = nil, message: String) {
        self.code = code
        self.fileName = fileName
        self.errno = errno
        self.message = message
    }

    /// Creates an input error: the spelling before 0.2 (its code is ``Code/cannotRead``).
    @available(*, deprecated, renamed: "init(code:fileName:errno:message:)")
    public init(source: String, errno: Int32? = nil, message: String) {
        self.init(code: .cannotRead, fileName: source, errno: errno, message: message)
    }

    /// The file or description of the source: the name before 0.2.
    @available(*, deprecated, renamed: "fileName")
    public var source: String {
        get { fileName }
        set { fileName = newValue }
    }

    /// The error for a failed system call, with the system's message for `errno`.
    package static func system(_ code: Code, fileName: String, errno: Int32) -> XMLInputError {
        XMLInputError(code: code, fileName: fileName, errno: errno, message: systemErrorMessage(errno))
    }

    /// Opens `path` for reading (closed on exec): the one place the readers open a file.
    ///
    /// - Throws: ``Code/cannotOpen`` with the system's `errno` and message.
    package static func openForReading(_ path: String) throws(XMLInputError) -> Int32 {
        let fd = unsafe path.withCString { unsafe open($0, O_RDONLY | O_CLOEXEC) }
        // `Glibc.errno`: the type's own `errno` property would shadow the C library's.
        guard fd >= 0 else { throw .system(.cannotOpen, fileName: path, errno: systemErrno) }
        return fd
    }

    /// `FILE: error: MESSAGE`.
    public var description: String { "\(fileName): error: \(message)" }
}

extension XMLInputError {
    /// What kind of failure an ``XMLInputError`` is; new codes may come (a `switch` over
    /// them ends with `default:`). ``XMLInputError/errno`` says more.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file could not be opened (missing, not allowed, a directory).
        public static let cannotOpen = Code(rawValue: "cannot-open")
        /// Reading failed after the input was opened.
        public static let cannotRead = Code(rawValue: "cannot-read")
        /// A URL that is not a file URL: fetch it yourself and pass the bytes.
        public static let notAFileURL = Code(rawValue: "not-a-file-url")

        /// The code's name (`cannot-open`).
        public var description: String { rawValue }
    }
}

/// The C library's `errno`, under a name no type's property shadows.
private var systemErrno: Int32 { errno }
