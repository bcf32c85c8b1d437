/// The elements the repairer has open, outermost first, with the two questions it asks of
/// them on every tag answered without walking the stack: is an element of this name open
/// (for an end tag), and what is a prefix bound to (for a name with a prefix).
///
/// Walking the stack made an unmatched end tag cost O(depth) and a prefixed name
/// O(depth + declarations): 9,000 unmatched end tags 9,000 deep took seconds.
struct OpenElementStack {
    private(set) var frames: [MarkupRepairer.Frame] = []
    /// How many open elements have each name.
    private var openCounts: [Key: Int] = [:]
    /// For each prefix (empty: the default namespace), the URIs it is bound to by open
    /// elements, innermost last.
    private var bindings: [Key: [[UInt8]]] = [:]

    /// A name as a dictionary key, hashed in one pass over its bytes: `[UInt8]`'s own
    /// hashing feeds the hasher a byte at a time, which was a fifth of recovery's time.
    struct Key: Hashable {
        var bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            unsafe bytes.withUnsafeBytes { unsafe hasher.combine(bytes: $0) }
        }
    }

    var isEmpty: Bool { frames.isEmpty }
    var count: Int { frames.count }

    /// - Complexity: O(name length + the frame's declarations).
    mutating func push(_ frame: MarkupRepairer.Frame) {
        frames.append(frame)
        openCounts[Key(bytes: frame.name), default: 0] += 1
        for declaration in frame.declarations { bindings[Key(bytes: declaration.prefix), default: []].append(declaration.uri) }
    }

    /// - Complexity: O(name length + the frame's declarations).
    mutating func popLast() -> MarkupRepairer.Frame? {
        guard let frame = frames.popLast() else { return nil }
        let name = Key(bytes: frame.name)
        if let open = openCounts[name], open > 1 { openCounts[name] = open - 1 } else { openCounts[name] = nil }
        for declaration in frame.declarations.reversed() {
            let prefix = Key(bytes: declaration.prefix)
            bindings[prefix]?.removeLast()
            if bindings[prefix]?.isEmpty == true { bindings[prefix] = nil }
        }
        return frame
    }

    /// The position of the innermost open element called `name`, or `nil`.
    /// - Complexity: O(1) when none is open; otherwise O(elements above it), which the
    ///   caller then closes, so amortized O(1) per element.
    func lastIndex(of name: [UInt8]) -> Int? {
        guard openCounts[Key(bytes: name)] != nil else { return nil }
        return frames.lastIndex { $0.name == name }
    }

    /// The URI an open element binds `prefix` to, innermost first, or `nil`.
    /// - Complexity: O(prefix length).
    func uri(for prefix: [UInt8]) -> [UInt8]? { bindings[Key(bytes: prefix)]?.last }
}
