/// A parsed pattern: what ``XSDRegexParser`` makes and ``XSDRegexProgram`` compiles.
indirect enum XSDRegexNode: Sendable {
    /// Matches the empty string (an empty branch: `a|`).
    case empty
    /// One character of the class.
    case character(XSDCharacterClass)
    case sequence([XSDRegexNode])
    case choice([XSDRegexNode])
    /// `min` to `max` times (`nil`: no upper bound).
    case repeated(XSDRegexNode, min: Int, max: Int?)

    /// How many instructions the node compiles to; saturates at `Int.max`, since a count can
    /// be 2³¹ and counts multiply when nested.
    var programSize: Int {
        switch self {
        case .empty: return 0
        case .character: return 1
        case .sequence(let parts): return parts.reduce(0) { Self.add($0, $1.programSize) }
        case .choice(let branches):
            // A split before each branch but the last, a jump after each but the last.
            return branches.reduce(2 * (branches.count - 1)) { Self.add($0, $1.programSize) }
        case .repeated(let node, let min, let max):
            let body = node.programSize
            guard let max else { return Self.add(Self.multiply(body, min), Self.add(body, 2)) }
            return Self.add(Self.multiply(body, max), max - min)
        }
    }

    private static func add(_ a: Int, _ b: Int) -> Int { a > Int.max - b ? Int.max : a + b }
    private static func multiply(_ a: Int, _ b: Int) -> Int { a != 0 && b > Int.max / a ? Int.max : a * b }
}
