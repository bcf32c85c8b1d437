import XMLStreaming

/// A handler with no methods: every event goes to the protocol's empty defaults.
struct NoOpHandler: XMLEventHandler {}

/// Reads every element name and every attribute's name and value through the borrowed
/// views, materializing no `String`: the cost of looking at everything.
struct ReadingHandler: XMLEventHandler {
    var elements = 0
    var checksum = 0

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        elements += 1
        checksum &+= name.localName.count &+ (name.namespaceURI?.count ?? 0)
        for attribute in attributes {
            checksum &+= attribute.name.localName.count &+ (attribute.name.namespaceURI?.count ?? 0)
            checksum &+= attribute.value.count
        }
    }
}

/// Collects each element's text into one reusable buffer (cleared at every start tag) and
/// folds its length into a checksum at every end tag: the handler stack's text pattern.
struct TextAccumulatingHandler: XMLEventHandler {
    var elements = 0
    var checksum = 0
    private var text: [UInt8] = []

    init() { text.reserveCapacity(4096) }

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) {
        elements += 1
        text.removeAll(keepingCapacity: true)
    }

    mutating func characters(_ piece: XMLStringView) {
        piece.withUnsafeBytes { text.append(contentsOf: $0) }
    }

    mutating func endElement(_ name: XMLName) {
        checksum = checksum &* 31 &+ text.count
    }
}
