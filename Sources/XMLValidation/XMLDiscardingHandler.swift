import XMLStreaming

/// A handler that does nothing with the events: what a validator stands in front of when the
/// document is only checked, not read.
public struct XMLDiscardingHandler: XMLEventHandler {
    /// Creates the handler.
    public init() {}
}

extension XMLDTDValidator where Next == XMLDiscardingHandler {
    /// Creates a validator that only checks: the events go nowhere else.
    public init(options: XMLValidationOptions = XMLValidationOptions()) {
        self.init(next: XMLDiscardingHandler(), options: options)
    }
}
