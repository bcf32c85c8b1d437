#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage
internal import XMLSyntax

/// A DTD the parser reads as the document's external subset: a local file or bytes the
/// caller names, never a file or address the document names.
///
/// Given in ``XMLParserOptions/externalDTD``, it is read in place of the external subset
/// the `<!DOCTYPE>` names, or as the external subset of a document without one, as
/// `xmllint --dtdvalid` does. Its declarations reach the handler like the internal
/// subset's (after them), positioned in the DTD and named with ``name``; its attribute
/// defaults and entities apply to the document. Parameter entities it declares are
/// expanded where they are internal; external ones, and anything else it names, are never
/// loaded.
public struct XMLExternalDTD: Hashable, Sendable {
    /// The file to read, or `nil` for `bytes`.
    private let path: String?
    private let bytes: [UInt8]
    /// The name positions and errors in the DTD carry: its path, or the name given with
    /// its bytes.
    public let name: String

    /// The DTD in the file at `path`, read when the document's DOCTYPE ends (or, without
    /// one, before its root element).
    public init(contentsOf path: String) {
        self.path = path
        bytes = []
        name = path
    }

    /// The DTD in the file at `path`.
    public init(contentsOf path: FilePath) {
        self.init(contentsOf: path.string)
    }

    /// The DTD in the file a file URL names; any other URL is an ``XMLInputError`` with the
    /// code ``XMLInputError/Code/notAFileURL``.
    public init(contentsOf url: URL) throws(XMLInputError) {
        self.init(contentsOf: try url.xmlFilePath())
    }

    /// The DTD in `bytes`, named `name` in positions and errors.
    ///
    /// No bytes at all ask only for parameter entities to be expanded, as a validating
    /// parse needs: an empty DTD is not read as the external subset of a document that
    /// names none, so a reference to an entity such a document does not declare stays a
    /// well-formedness error (XML 1.0, WFC: Entity Declared).
    public init(bytes: some Sequence<UInt8>, name: String) {
        path = nil
        self.bytes = Array(bytes)
        self.name = name
    }

    /// Whether the DTD is given as bytes, and there are none: it declares nothing, and asks
    /// only for the internal subset's parameter entities to be expanded.
    package var isEmpty: Bool { path == nil && bytes.isEmpty }

    /// The DTD's bytes.
    package func read() throws(XMLInputError) -> [UInt8] {
        guard let path else { return bytes }
        return try XMLInputError.readWholeFile(path)
    }
}
