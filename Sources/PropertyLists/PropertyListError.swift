import Foundation
import XMLStreaming

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
///     print(error.code == .propertyListReadCorrupt, error.position?.line ?? 0)   // true 1
/// }
/// ```
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// Where in the input, when known: line, column (in characters) and byte offset in an
    /// XML, JSON or OpenStep file; in a binary one, the byte offset alone (line and column 0).
    public var position: XMLPosition?
    /// The file being read, when the input came from a named file.
    public var fileName: String?
    /// Foundation's code for the failure: `.propertyListReadCorrupt` for a file that cannot be
    /// read, `.propertyListReadUnknownVersion` for a binary plist of another version,
    /// `.propertyListWriteInvalid` for a value a format cannot hold.
    public var code: CocoaError.Code
    /// Where in the value a writer met the problem, outermost first.
    var path: [PlistPathStep] = []
    /// The string a writer could not write, when that is the problem.
    var unwritableString: String?

    /// Creates an error: what went wrong, where in the input (when known), the file it
    /// came from, and Foundation's `code` for it.
    public init(
        _ message: String, position: XMLPosition? = nil, fileName: String? = nil,
        code: CocoaError.Code = .propertyListReadCorrupt
    ) {
        self.message = message
        self.position = position
        self.fileName = fileName
        self.code = code
    }

    /// Creates an error at a byte of a binary file.
    init(_ message: String, byteOffset: Int, code: CocoaError.Code = .propertyListReadCorrupt) {
        self.init(message, position: XMLPosition(line: 0, column: 0, byteOffset: Int64(byteOffset)), code: code)
    }

    /// Creates an error from a line and column, or (`column` alone) a binary file's byte
    /// offset: the spelling before 0.2.
    @available(*, deprecated, renamed: "init(_:position:fileName:code:)")
    @_disfavoredOverload
    public init(_ message: String, line: Int? = nil, column: Int? = nil, code: CocoaError.Code = .propertyListReadCorrupt) {
        let position: XMLPosition? =
            switch (line, column) {
            case let (line?, column): XMLPosition(line: line, column: column ?? 0, byteOffset: 0)
            case let (nil, offset?): XMLPosition(line: 0, column: 0, byteOffset: Int64(offset))
            case (nil, nil): nil
            }
        self.init(message, position: position, code: code)
    }

    /// The line in an XML, JSON or OpenStep file, when known: the name before 0.2.
    @available(*, deprecated, message: "use position?.line")
    public var line: Int? { position.flatMap { $0.line > 0 ? $0.line : nil } }

    /// The column in an XML, JSON or OpenStep file, or the byte offset in a binary one: the
    /// name before 0.2.
    @available(*, deprecated, message: "use position?.column, or position?.byteOffset for a binary file")
    public var column: Int? {
        guard let position else { return nil }
        return position.line > 0 ? position.column : Int(position.byteOffset)
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

    /// `line L, column C: MESSAGE`, `at byte N: MESSAGE` for a binary file, or the message
    /// alone, as Foundation's `PropertyListSerialization` words its errors (code that moves
    /// from Foundation matches on them); a writer's error has the key path before the
    /// message (`items.2.title: MESSAGE`). The file name, when known, comes first (`FILE: `).
    public var description: String {
        let text = keyPath.map { "\($0): \(message)" } ?? message
        let file = fileName.map { "\($0): " } ?? ""
        guard let position else { return file + text }
        if position.line > 0 { return "\(file)line \(position.line), column \(position.column): \(text)" }
        return "\(file)at byte \(position.byteOffset): \(text)"
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
