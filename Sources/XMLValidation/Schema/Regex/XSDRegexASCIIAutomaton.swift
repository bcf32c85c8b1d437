/// A pattern's deterministic automaton on ASCII characters, built whole when the pattern is
/// compiled, when it is small: immutable, so a value of ASCII characters (most constrained
/// values: codes, dates, phone numbers) is matched by a table lookup per byte or per two,
/// without the lock of the shared cache (``XSDRegexStates``) that other values go through.
///
/// Built by the subset construction over the classes of ASCII characters the pattern tells
/// apart (`\d{4}-\d{2}` tells apart three: digits, `-`, and the rest), for programs of at
/// most ``maximumInstructions``, under a budget of work and states proportional to the
/// program and of threads per state: a pattern whose automaton would be larger has none,
/// and every value goes through the shared cache as before. So compiling a pattern costs
/// at most a few dozen steps per instruction more than before, and tables at most 32 KiB.
///
/// A step waits on the one before it (its table row is the state that step reached), so
/// the time of a value is the chain of lookups: a table of the state after two characters,
/// made when the classes and states are few enough, halves the chain.
struct XSDRegexASCIIAutomaton: Sendable {
    /// Each byte's class: the ASCII bytes the pattern does not tell apart share one; bytes
    /// outside ASCII are ``outsideASCII``.
    private let classOfByte: [UInt8]
    private let classCount: Int
    /// For state `s` and class `c`, `transitions[s * classCount + c]`: the next state's
    /// row (the state times `classCount`), or -1 when no value can match any more.
    private let transitions: [Int16]
    /// For state `s` and classes `c1` then `c2`, `pairs[s * classCount² + c1 * classCount
    /// + c2]`: the row of the state after both (the state times `classCount²`), or -1.
    /// Empty when larger than ``maximumPairEntries``.
    private let pairs: [Int16]
    private let isAccepting: [Bool]

    private static let outsideASCII: UInt8 = 255
    /// The largest table of pairs made (16 KiB), whose rows fit an `Int16`.
    static let maximumPairEntries = 8_192

    /// The most states kept, whatever the program's size (so a row fits in an `Int16`).
    static let maximumStates = 64
    /// Larger programs (counts unrolled: `a{5000}`) have no automaton of their own.
    static let maximumInstructions = 4_096
    /// The most threads in one state: a state of more (`(a?){1000}`) costs as much to step
    /// as the program, and ends the construction.
    static let maximumThreads = 256

    /// The automaton of `program`, or `nil` when it would need more states than four per
    /// instruction (and at most ``maximumStates``), or more work than a few hundred steps
    /// per instruction.
    init?(_ program: XSDRegexProgram.Code) {
        guard program.instructions.count <= Self.maximumInstructions else { return nil }
        let stateLimit = min(Self.maximumStates, 4 * program.instructions.count + 4)
        var budget = 64 * program.instructions.count + 16_384
        // The characters no class of the program tells apart lead to the same states: one
        // representative of each group is stepped.
        let programClasses = program.classes.count
        guard programClasses <= 1_024 else { return nil }
        var groupOfSignature: [[UInt64]: Int] = [:]
        var representatives: [UInt32] = []
        var groupOfByte = [Int](repeating: 0, count: 128)
        for byte in UInt32(0)..<128 {
            var signature = [UInt64](repeating: 0, count: (programClasses + 63) / 64)
            for k in 0..<programClasses where program.classes[k].contains(byte) { signature[k / 64] |= 1 << UInt64(k % 64) }
            budget -= programClasses
            if let group = groupOfSignature[signature] {
                groupOfByte[Int(byte)] = group
            } else {
                groupOfSignature[signature] = representatives.count
                groupOfByte[Int(byte)] = representatives.count
                representatives.append(byte)
            }
        }
        var scratch = XSDRegexThreadSet(capacity: program.instructions.count)
        var pending: [Int32] = []
        let start = program.start(scratch: &scratch, pending: &pending)
        guard start.count <= Self.maximumThreads else { return nil }
        var states: [[Int32]] = [start.sorted()]
        var index: [[Int32]: Int8] = [states[0]: 0]
        var targets: [[Int8]] = []
        var state = 0
        while state < states.count {
            var row: [Int8] = []
            for representative in representatives {
                let next = program.step(states[state], representative, scratch: &scratch, pending: &pending)
                budget -= states[state].count + next.count
                guard budget >= 0, next.count <= Self.maximumThreads else { return nil }
                let key = next.sorted()
                if key.isEmpty {
                    row.append(-1)
                } else if let known = index[key] {
                    row.append(known)
                } else {
                    guard states.count < stateLimit else { return nil }
                    index[key] = Int8(states.count)
                    row.append(Int8(states.count))
                    states.append(key)
                }
            }
            targets.append(row)
            state += 1
        }
        let classCount = representatives.count
        self.classCount = classCount
        classOfByte = (0..<256).map { $0 < 128 ? UInt8(groupOfByte[$0]) : Self.outsideASCII }
        transitions = targets.flatMap { row in row.map { $0 < 0 ? -1 : Int16($0) * Int16(classCount) } }
        let pairWidth = classCount * classCount
        if states.count * pairWidth <= Self.maximumPairEntries {
            var pairs: [Int16] = []
            pairs.reserveCapacity(states.count * pairWidth)
            for row in targets {
                for first in row {
                    for second in 0..<classCount {
                        let after = first < 0 ? -1 : targets[Int(first)][second]
                        pairs.append(after < 0 ? -1 : Int16(after) * Int16(pairWidth))
                    }
                }
            }
            self.pairs = pairs
        } else {
            pairs = []
        }
        isAccepting = states.map(program.accepts)
    }

    /// Whether the whole of `bytes` matches; `nil` at a byte outside ASCII, which the
    /// tables do not cover (also when the value would fail before it: the caller's other
    /// way decides).
    func match(_ bytes: Span<UInt8>) -> Bool? {
        let classes = classOfByte.span
        var i = 0
        var state = 0
        if !pairs.isEmpty {
            let table = pairs.span
            var row = 0
            while i &+ 1 < bytes.count {
                let first = classes[Int(bytes[i])]
                let second = classes[Int(bytes[i &+ 1])]
                guard first != Self.outsideASCII, second != Self.outsideASCII else { return nil }
                let next = table[row &+ Int(first) &* classCount &+ Int(second)]
                if next < 0 { return false }
                row = Int(next)
                i &+= 2
            }
            state = row / (classCount * classCount)
        }
        let table = transitions.span
        var row = state * classCount
        while i < bytes.count {
            let next = classes[Int(bytes[i])]
            guard next != Self.outsideASCII else { return nil }
            let target = table[row &+ Int(next)]
            if target < 0 { return false }
            row = Int(target)
            i &+= 1
        }
        return isAccepting[row / classCount]
    }
}
