/// What an attribute name declares when it is a namespace declaration written as an
/// attribute (documents read, or written, without namespace processing).
package enum NamespaceDeclaration: Equatable {
    /// `xmlns`.
    case defaultNamespace
    /// `xmlns:p`: the text after the colon, not yet checked to be a valid prefix.
    case prefix(String)

    /// The declaration `name` makes, or `nil` when it is an ordinary attribute name.
    /// Compared by bytes: as Characters, `xmlns:` followed by a combining mark does not
    /// start with `xmlns:` (the colon and the mark are one Character).
    package init?(attributeName name: String) {
        if name == "xmlns" {
            self = .defaultNamespace
        } else if name.utf8.starts(with: "xmlns:".utf8) {
            self = .prefix(String(decoding: name.utf8.dropFirst(6), as: UTF8.self))
        } else {
            return nil
        }
    }

    /// The prefix declared, `nil` for the default namespace.
    package var declaredPrefix: String? {
        if case .prefix(let prefix) = self { return prefix }
        return nil
    }
}
