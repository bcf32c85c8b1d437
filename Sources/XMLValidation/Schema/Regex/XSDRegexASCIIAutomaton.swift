/// A pattern's deterministic automaton on ASCII characters, built whole when the pattern is
/// compiled, when it is small: immutable, so a value of ASCII characters (most constrained
/// values: codes, dates, phone numbers) is matched by one table lookup per byte, without the
/// lock of the shared cache (``XSDRegexStates``) that other values go through.
///
/// Built by the subset construction over the classes of ASCII characters the pattern tells
/// apart (`\d{4}-\d{2}` tells apart three: digits, `-`, and the rest), for programs of at
/// most ``maximumInstructions``, under a budget of work and states proportional to the
/// program and of threads per state: a pattern whose automaton would be larger has none,
/// and every value goes through the shared cache as before. So compiling a pattern costs
/// at most a few dozen steps per instruction more than before, and a table at most 8 KiB.
struct XSDRegexASCIIAutomaton: Sendable {
    /// For state `s` and ASCII byte `b`, `transitions[s * 128 + b]`: the next state, or -1
    /// when no value can match any more.
    private let transitions: [Int8]
    private let isAccepting: [Bool]

    /// The most states kept, whatever the program's size (so a state fits in an `Int8`).
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
        let classCount = program.classes.count
        guard classCount <= 1_024 else { return nil }
        var groupOfSignature: [[UInt64]: Int] = [:]
        var representatives: [UInt32] = []
        var groupOfByte = [Int](repeating: 0, count: 128)
        for byte in UInt32(0)..<128 {
            var signature = [UInt64](repeating: 0, count: (classCount + 63) / 64)
            for k in 0..<classCount where program.classes[k].contains(byte) { signature[k / 64] |= 1 << UInt64(k % 64) }
            budget -= classCount
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
        var transitions: [Int8] = []
        var state = 0
        while state < states.count {
            var targets: [Int8] = []
            for representative in representatives {
                let next = program.step(states[state], representative, scratch: &scratch, pending: &pending)
                budget -= states[state].count + next.count
                guard budget >= 0, next.count <= Self.maximumThreads else { return nil }
                let key = next.sorted()
                if key.isEmpty {
                    targets.append(-1)
                } else if let known = index[key] {
                    targets.append(known)
                } else {
                    guard states.count < stateLimit else { return nil }
                    index[key] = Int8(states.count)
                    targets.append(Int8(states.count))
                    states.append(key)
                }
            }
            for byte in 0..<128 { transitions.append(targets[groupOfByte[byte]]) }
            state += 1
        }
        self.transitions = transitions
        isAccepting = states.map(program.accepts)
    }

    /// Whether the whole of `bytes` matches; `nil` at the first byte outside ASCII, which
    /// the table does not cover.
    func match(_ bytes: Span<UInt8>) -> Bool? {
        let table = transitions.span
        var state = 0
        for i in bytes.indices {
            let byte = bytes[i]
            guard byte < 0x80 else { return nil }
            let next = table[state &* 128 &+ Int(byte)]
            if next < 0 { return false }
            state = Int(next)
        }
        return isAccepting[state]
    }
}
