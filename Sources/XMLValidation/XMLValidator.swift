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
/// ``XMLDTDValidator`` or an ``XMLSchemaValidator`` in front of it.
public struct XMLValidator: Hashable, Sendable {
    /// The validation options; the reader stops at the first error whatever
    /// ``XMLValidationOptions/reporting`` says (it has nowhere to keep the others).
    public var options: XMLValidationOptions
    /// The schema documents are checked against; `nil`: their DTD.
    public let schema: XMLSchema?

    /// Against the document's DTD: its internal subset, and the DTD the parser options name
    /// (`XMLParserOptions.externalDTD`), as ``XMLDTDValidator`` checks it.
    public static func dtd(_ options: XMLValidationOptions = XMLValidationOptions()) -> XMLValidator {
        XMLValidator(options: options, schema: nil)
    }

    /// Against an XML Schema, compiled once and shared by every decode, as
    /// ``XMLSchemaValidator`` checks it: the document's DTD, if it has one, is read for its
    /// entities and defaults only.
    public static func schema(_ schema: XMLSchema, options: XMLValidationOptions = XMLValidationOptions()) -> XMLValidator {
        XMLValidator(options: options, schema: schema)
    }

    /// Equal when the options are and the schema is the same instance (a schema is compared
    /// by identity: two compiled from the same files are two).
    public static func == (lhs: XMLValidator, rhs: XMLValidator) -> Bool {
        lhs.options == rhs.options && lhs.schema === rhs.schema
    }

    /// Hashes the options and the schema's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(options)
        hasher.combine(schema.map(ObjectIdentifier.init))
    }

    /// `options` as a validating parse needs them: against a DTD, with parameter entities
    /// expanded, which the parser does only when it reads a DTD the caller gives (an empty
    /// one, when the caller gives none), so that the internal subset's declarations are all
    /// known; against a schema, as they are.
    package func parserOptions(_ options: XMLParserOptions) -> XMLParserOptions {
        guard schema == nil, options.externalDTD == nil else { return options }
        var options = options
        options.externalDTD = XMLExternalDTD(bytes: [], name: "(no external DTD)")
        return options
    }

    /// The handler that checks one document (or, reused, each document in turn), in front
    /// of nothing: the reader hands it every event before its own handling.
    package func makeHandler() -> any XMLEventHandler {
        var options = options
        options.reporting = .firstError
        if let schema { return XMLSchemaValidator(schema: schema, options: options) }
        return XMLDTDValidator(options: options)
    }
}
