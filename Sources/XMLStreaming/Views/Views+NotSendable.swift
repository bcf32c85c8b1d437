// The borrowed views point into expat's buffers for the length of one callback on one
// thread: they can be neither kept nor sent (docs/PublicAPI.md). Copy what you keep.

@available(*, unavailable, message: "A view is valid only during its callback; send a copy (.string, .bytes).")
extension XMLStringView: Sendable {}

@available(*, unavailable, message: "A view is valid only during its callback; send a copy (.owned).")
extension XMLName: Sendable {}

@available(*, unavailable, message: "A view is valid only during its callback; send a copy (.owned).")
extension XMLAttributes: Sendable {}

@available(*, unavailable, message: "A view is valid only during its callback; send a copy.")
extension XMLAttribute: Sendable {}

@available(*, unavailable, message: "A locator asks its parser, which belongs to one task.")
extension XMLLocator: Sendable {}
