import ArgumentParser

/// The `--ns prefix=uri` arguments of `xml query` and `xml c14n`: split at the first `=`, by
/// code points (an `=` followed by a combining mark still separates).
enum NamespaceBindings {
    /// Refuses an argument without `=` as a usage error.
    static func validate(_ arguments: [String]) throws {
        for binding in arguments where !binding.unicodeScalars.contains("=") {
            throw ValidationError("--ns takes prefix=uri, not \"\(binding)\".")
        }
    }

    /// Prefix to URI, the last binding of a prefix winning.
    static func parse(_ arguments: [String]) -> [String: String] {
        var bindings: [String: String] = [:]
        for binding in arguments {
            let parts = binding.unicodeScalars.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            bindings[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return bindings
    }
}
