import XMLStreaming

// A stack and the contexts it hands out ask their parser, which belongs to one task
// (docs/PublicAPI.md).

@available(*, unavailable, message: "A handler stack belongs to its parser's task.")
extension HandlerStack: Sendable {}

@available(*, unavailable, message: "A context asks its parser, which belongs to one task.")
extension ParseContext: Sendable {}
