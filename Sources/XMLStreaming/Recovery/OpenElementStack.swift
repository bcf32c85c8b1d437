/// The elements the repairer has open, outermost first, with the two questions it asks of
/// them on every tag answered without walking the stack: is an element of this name open
/// (for an end tag), and what is a prefix bound to (for a name with a prefix).
///
/// Walking the stack made an unmatched end tag cost O(depth) and a prefixed name
/// O(depth + declarations): 9,000 unmatched end tags 9,000 deep took seconds.
struct OpenElementStack {
    private(set) var frames: [MarkupRepairer.Frame] = []
    /// How many open elements have each name.
    private var openCounts: [[UInt8]: Int] = [:]
    /// For each prefix (empty: the default namespace), the URIs it is bound to by open
    /// elements, innermost last.
    private var bindings: [[UInt8]: [[UInt8]]] = [:]

    var isEmpty: Bool { frames.isEmpty }
    var count: Int { frames.count }

    /// - Complexity: O(name length + the frame's declarations).
    mutating func push(_ frame: MarkupRepairer.Frame) {
        frames.append(frame)
        openCounts[frame.name, default: 0] += 1
        for declaration in frame.declarations { bindings[declaration.prefix, default: []].append(declaration.uri) }
    }

    /// - Complexity: O(name length + the frame's declarations).
    mutating func popLast() -> MarkupRepairer.Frame? {
        guard let frame = frames.popLast() else { return nil }
        if let open = openCounts[frame.name], open > 1 { openCounts[frame.name] = open - 1 } else { openCounts[frame.name] = nil }
        for declaration in frame.declarations.reversed() {
            bindings[declaration.prefix]?.removeLast()
            if bindings[declaration.prefix]?.isEmpty == true { bindings[declaration.prefix] = nil }
        }
        return frame
    }

    /// The position of the innermost open element called `name`, or `nil`.
    /// - Complexity: O(1) when none is open; otherwise O(elements above it), which the
    ///   caller then closes, so amortized O(1) per element.
    func lastIndex(of name: [UInt8]) -> Int? {
        guard openCounts[name] != nil else { return nil }
        return frames.lastIndex { $0.name == name }
    }

    /// The URI an open element binds `prefix` to, innermost first, or `nil`.
    /// - Complexity: O(prefix length).
    func uri(for prefix: [UInt8]) -> [UInt8]? { bindings[prefix]?.last }
}
