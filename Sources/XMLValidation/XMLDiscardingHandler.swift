import XMLStreaming

/// A handler that does nothing with the events: what a validator stands in front of when the
/// document is only checked, not read.
public struct XMLDiscardingHandler: XMLEventHandler {
    /// Creates the handler.
    public init() {}

    /// Does nothing: the validator in front reports the reference (the protocol's default
    /// would stop the parse).
    public mutating func skippedAttributeEntity(name: XMLStringView, attribute: XMLName, position: XMLPosition) throws {}
}

extension XMLDTDValidator where Next == XMLDiscardingHandler {
    /// Creates a validator that only checks: the events go nowhere else.
    public init(options: XMLValidationOptions = XMLValidationOptions()) {
        self.init(next: XMLDiscardingHandler(), options: options)
    }
}
