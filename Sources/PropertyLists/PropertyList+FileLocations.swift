import Foundation
import SystemPackage
import XMLStreaming
import XMLWriting

// A file's path as a `URL` or a `FilePath` beside the `String` form (docs/PublicAPI.md).
extension PropertyList {
    /// Reads a property-list file URL, its format detected.
    public init(contentsOf url: URL) throws {
        try self.init(contentsOf: url.xmlFilePath())
    }

    /// Reads a property-list file, its format detected.
    public init(contentsOf path: FilePath) throws {
        try self.init(contentsOf: path.string)
    }

    /// Writes the value to a file URL, atomically, as ``write(to:format:sortsKeys:invalidXMLCharacters:)-(String,_,_,_)``
    /// writes a path.
    public func write(
        to url: URL, format: Format, sortsKeys: Bool = true, invalidXMLCharacters: InvalidXMLCharacterPolicy = .throw
    ) throws {
        try write(to: url.xmlFilePath(), format: format, sortsKeys: sortsKeys, invalidXMLCharacters: invalidXMLCharacters)
    }

    /// Writes the value to a file, atomically.
    public func write(
        to path: FilePath, format: Format, sortsKeys: Bool = true, invalidXMLCharacters: InvalidXMLCharacterPolicy = .throw
    ) throws {
        try write(to: path.string, format: format, sortsKeys: sortsKeys, invalidXMLCharacters: invalidXMLCharacters)
    }

    /// Writes the value to a file, atomically: the label before 0.2.
    @available(*, deprecated, renamed: "write(to:format:sortsKeys:invalidXMLCharacters:)")
    public func write(
        toFile path: String, format: Format, sortsKeys: Bool = true, invalidXMLCharacters: InvalidXMLCharacterPolicy = .throw
    ) throws {
        try write(to: path, format: format, sortsKeys: sortsKeys, invalidXMLCharacters: invalidXMLCharacters)
    }
}
