import Foundation

/// Why a property list could not be read or written.
///
/// Code that catches Foundation's errors finds the same code here: ``code`` is what
/// `PropertyListSerialization` reports for the same failure, and ``cocoaError`` the error
/// itself.
///
/// ```swift
/// do {
///     _ = try PropertyList(data: Data("<plist><integer>x</integer></plist>".utf8))
/// } catch let error as PropertyListError {
///     print(error.code == .propertyListReadCorrupt, error.line ?? 0)   // true 1
/// }
/// ```
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The line in an XML or OpenStep file, when known.
    public var line: Int?
    /// The column in an XML or OpenStep file, or the byte offset in a binary one, when known.
    public var column: Int?
    /// Foundation's code for the failure: `.propertyListReadCorrupt` for a file that cannot be
    /// read, `.propertyListReadUnknownVersion` for a binary plist of another version,
    /// `.propertyListWriteInvalid` for a value a format cannot hold.
    public var code: CocoaError.Code
    /// Where in the value a writer met the problem, outermost first.
    var path: [PlistPathStep] = []
    /// The string a writer could not write, when that is the problem.
    var unwritableString: String?

    /// Creates an error: where it is in the file, when known (`column` is the byte offset in a
    /// binary one), and Foundation's `code` for it.
    public init(_ message: String, line: Int? = nil, column: Int? = nil, code: CocoaError.Code = .propertyListReadCorrupt) {
        self.message = message
        self.line = line
        self.column = column
        self.code = code
    }

    /// The value a writer could not write, as a key path in plutil's spelling
    /// (`items.2.title`); `nil` for read errors and for the top level.
    public var keyPath: String? {
        guard !path.isEmpty else { return nil }
        return path.map { step in
            switch step {
            case .key(let key):
                return key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.")
            case .index(let index):
                return String(index)
            }
        }.joined(separator: ".")
    }

    /// The error as Foundation's `CocoaError`, with this error's description as its debug
    /// description (what `PropertyListSerialization` puts there).
    public var cocoaError: CocoaError {
        CocoaError(code, userInfo: [NSDebugDescriptionErrorKey: description])
    }

    /// `line L, column C: MESSAGE`, `line L: MESSAGE`, `at byte N: MESSAGE` or the message alone;
    /// a writer's error has the key path before the message (`items.2.title: MESSAGE`).
    public var description: String {
        let text = keyPath.map { "\($0): \(message)" } ?? message
        switch (line, column) {
        case let (line?, column?): return "line \(line), column \(column): \(text)"
        case let (line?, nil): return "line \(line): \(text)"
        case let (nil, offset?): return "at byte \(offset): \(text)"
        default: return text
        }
    }

    /// The error with `step` in front of its path, as it passes out of a container.
    func inside(_ step: PlistPathStep) -> PropertyListError {
        var error = self
        error.path.insert(step, at: 0)
        return error
    }
}

/// Runs `body` for the value at `step` of its container: a ``PropertyListError`` it throws
/// passes out with `step` in front of its path, so a writer's error names the value's key
/// path (outermost first).
func within<T>(_ step: PlistPathStep, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as PropertyListError {
        throw error.inside(step)
    }
}

/// One step into a property list: a dictionary's key or an array's index.
enum PlistPathStep: Hashable, Sendable {
    case key(String)
    case index(Int)
}
