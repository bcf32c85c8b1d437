internal import XMLSyntax
import Foundation
import XMLStreaming

/// Finds the line of the value at a coding path in an XML plist. Run only after decoding
/// failed, so the lines cost nothing when nothing is wrong.
struct XMLPlistLineFinder: XMLEventHandler {
    private enum Frame {
        case dictionary(pendingKey: String?)
        case array(nextIndex: Int)
    }

    let target: [String]
    private(set) var line: Int?
    private var locator = XMLLocator.detached
    private var frames: [Frame] = []
    /// The path components of the open containers below the root.
    private var components: [String] = []
    /// For each open container, whether it added a component (the root does not).
    private var addedComponent: [Bool] = []
    /// How many leading components equal the target's, kept as containers open and close
    /// (comparing whole paths per value cost O(depth) each).
    private var matched = 0
    private var collectingKey = false
    private var keyText: [UInt8] = []

    init(target: [String]) {
        self.target = target
    }

    mutating func startDocument(_ locator: XMLLocator) {
        self.locator = locator
    }

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        let local = name.localName
        if local == "plist" { return }
        if local == "key" {
            collectingKey = true
            keyText.removeAll()
            return
        }
        // A value starts: its place in its parent.
        var component: String?
        switch frames.last {
        case .dictionary(let key)?:
            component = key ?? ""
            frames[frames.count - 1] = .dictionary(pendingKey: nil)
        case .array(let index)?:
            component = String(index)
            frames[frames.count - 1] = .array(nextIndex: index + 1)
        case nil:
            component = nil
        }
        if line == nil && matched == components.count {
            let isTarget =
                component.map { components.count + 1 == target.count && target.last?.hasSameCodePoints(as: $0) == true }
                ?? (components.count == target.count)
            if isTarget { line = locator.position.line }
        }
        if local == "dict" || local == "array" {
            frames.append(local == "dict" ? .dictionary(pendingKey: nil) : .array(nextIndex: 0))
            if let component {
                if matched == components.count && matched < target.count && target[matched].hasSameCodePoints(as: component) {
                    matched += 1
                }
                components.append(component)
            }
            addedComponent.append(component != nil)
        }
    }

    mutating func characters(_ text: XMLStringView) {
        if collectingKey { unsafe text.withUnsafeBytes { unsafe keyText.append(contentsOf: $0) } }
    }

    mutating func endElement(_ name: XMLName) {
        let local = name.localName
        if local == "key" {
            collectingKey = false
            if case .dictionary? = frames.last { frames[frames.count - 1] = .dictionary(pendingKey: String(decoding: keyText, as: UTF8.self)) }
        } else if local == "dict" || local == "array" {
            frames.removeLast()
            if addedComponent.removeLast() {
                if matched == components.count { matched -= 1 }
                components.removeLast()
            }
        }
    }

    /// The line of the value at `codingPath` in `bytes`, or `nil`.
    static func line(of codingPath: [any CodingKey], in bytes: some Sequence<UInt8>) -> Int? {
        let target = codingPath.map { arrayIndex(of: $0).map(String.init) ?? $0.stringValue }
        let parser = XMLStreamParser(handler: XMLPlistLineFinder(target: target), options: XMLParserOptions(processesNamespaces: false))
        try? parser.parse(bytes)
        return parser.handler.line
    }
}

extension DecodingError {
    /// The same error with ` (line N)` after its description.
    func adding(line: Int) -> DecodingError {
        func context(_ c: Context) -> Context {
            Context(codingPath: c.codingPath, debugDescription: c.debugDescription + " (line \(line))", underlyingError: c.underlyingError)
        }
        switch self {
        case .typeMismatch(let type, let c): return .typeMismatch(type, context(c))
        case .valueNotFound(let type, let c): return .valueNotFound(type, context(c))
        case .keyNotFound(let key, let c): return .keyNotFound(key, context(c))
        case .dataCorrupted(let c): return .dataCorrupted(context(c))
        @unknown default: return self
        }
    }

    var codingPathOfValue: [any CodingKey] {
        switch self {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): return c.codingPath
        @unknown default: return []
        }
    }
}
