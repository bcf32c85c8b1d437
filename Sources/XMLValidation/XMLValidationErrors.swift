import XMLStreaming

/// The errors of the document a validator is checking, kept or thrown as the options say:
/// the first is thrown under ``XMLValidationOptions/Reporting/firstError``; with
/// ``XMLValidationOptions/Reporting/allErrors(maximum:)`` they are kept up to the maximum
/// and counted beyond. One for the DTD and the schema validator alike.
struct XMLValidationErrors {
    let reporting: XMLValidationOptions.Reporting
    private(set) var kept: [XMLValidationError] = []
    private(set) var uncounted = 0

    init(_ reporting: XMLValidationOptions.Reporting) { self.reporting = reporting }

    /// Whether the next error is thrown or kept, not only counted. Messages that cost as
    /// much as what they list (a content model's names) are made only then.
    var hasRoom: Bool {
        guard case .allErrors(let maximum) = reporting else { return true }
        return kept.count < maximum
    }

    /// Throws or keeps an error at `position` (`nil`: where the parser is); past the
    /// maximum, counts it.
    mutating func report(
        _ code: XMLValidationError.Code, _ message: String, component: String?, at position: XMLPosition?, locator: XMLLocator,
        fileName: String? = nil
    ) throws {
        guard hasRoom else {
            uncounted += 1
            return
        }
        let error = XMLValidationError(
            code: code, message: message, position: position ?? locator.position, fileName: fileName ?? locator.fileName,
            component: component)
        guard case .allErrors = reporting else { throw error }
        kept.append(error)
    }
}
