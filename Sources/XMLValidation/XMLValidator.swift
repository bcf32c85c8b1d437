import XMLStreaming

/// What a reader that validates as it reads checks each document against: the setting of
/// `XMLDecoder.validation`, where an invalid document stops the decode at its first error,
/// before any value is made from the record that holds it.
///
/// ```swift
/// let decoder = XMLDecoder()
/// decoder.validation = .dtd()
/// let order = try decoder.decode(Order.self, from: bytes)   // throws XMLValidationError
/// ```
///
/// To validate in front of a handler of your own, or a handler stack, put an
/// ``XMLDTDValidator`` in front of it.
public struct XMLValidator: Hashable, Sendable {
    /// The validation options; the reader stops at the first error whatever
    /// ``XMLValidationOptions/reporting`` says (it has nowhere to keep the others).
    public var options: XMLValidationOptions

    /// Against the document's DTD: its internal subset, and the DTD the parser options name
    /// (`XMLParserOptions.externalDTD`), as ``XMLDTDValidator`` checks it.
    public static func dtd(_ options: XMLValidationOptions = XMLValidationOptions()) -> XMLValidator {
        XMLValidator(options: options)
    }

    /// `options` as a validating parse needs them: with parameter entities expanded, which
    /// the parser does only when it reads a DTD the caller gives (an empty one, when the
    /// caller gives none), so that the internal subset's declarations are all known.
    package static func parserOptions(_ options: XMLParserOptions) -> XMLParserOptions {
        guard options.externalDTD == nil else { return options }
        var options = options
        options.externalDTD = XMLExternalDTD(bytes: [], name: "(no external DTD)")
        return options
    }

    /// The handler that checks one document (or, reused, each document in turn), in front
    /// of nothing: the reader hands it every event before its own handling.
    package func makeHandler() -> XMLDTDValidator<XMLDiscardingHandler> {
        var options = options
        options.reporting = .firstError
        return XMLDTDValidator(options: options)
    }
}
