import Foundation

/// A directory removed when the value is dropped.
public final class TemporaryDirectory {
    /// Its path.
    public let path: String

    /// Creates an empty directory under the system's temporary directory.
    public init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmlstack-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to a file named `name` in the directory and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], named name: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes a UTF-8 string.
    @discardableResult
    public func write(_ string: String, named name: String) throws -> String {
        try write(Array(string.utf8), named: name)
    }
}
