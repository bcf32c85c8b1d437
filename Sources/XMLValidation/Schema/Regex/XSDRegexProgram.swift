internal import XMLSyntax

/// A pattern compiled to a Thompson automaton: instructions that read one character of a
/// class, fork, or jump, and one that accepts. Matching (``matches(_:)``) follows every
/// thread at once, each instruction at most once per character.
///
/// A class, immutable but for its locked cache of states: a value read out of a schema's
/// arrays for a match then retains one object, not each of its arrays.
final class XSDRegexProgram: Sendable {
    enum Instruction: Hashable, Sendable {
        /// Reads one character of `classes[index]`, then goes on at the next instruction.
        case character(Int32)
        case split(Int32, Int32)
        case jump(Int32)
        case match
    }

    /// A character class with ASCII answered from a bitmap made when compiled.
    struct CompiledClass: Sendable {
        let ascii: (low: UInt64, high: UInt64)
        let tree: XSDCharacterClass

        init(_ tree: XSDCharacterClass) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for value in UInt32(0)..<128 where tree.contains(value) {
                if value < 64 { low |= 1 << value } else { high |= 1 << (value - 64) }
            }
            ascii = (low, high)
            self.tree = tree
        }

        func contains(_ value: UInt32) -> Bool {
            if value < 64 { return ascii.low >> value & 1 != 0 }
            if value < 128 { return ascii.high >> (value - 64) & 1 != 0 }
            return tree.contains(value)
        }
    }

    /// The instructions, and how they are followed.
    let code: Code
    var instructions: [Instruction] { code.instructions }
    /// The ASCII values' automaton, built whole when small: read without a lock.
    private let ascii: XSDRegexASCIIAutomaton?
    /// The sets of threads values have reached, made into states of a deterministic
    /// automaton as they are met: a value then costs one table lookup per ASCII character.
    private let states = XSDRegexStates()

    init(_ tree: XSDRegexNode) {
        var compiler = Compiler()
        compiler.emit(tree)
        compiler.instructions.append(.match)
        code = Code(instructions: compiler.instructions, classes: compiler.classes)
        ascii = XSDRegexASCIIAutomaton(code)
    }

    private struct Compiler {
        var instructions: [Instruction] = []
        var classes: [CompiledClass] = []
        /// Each distinct class is compiled once: `a{1000}` or a choice of many words has few.
        var classIndices: [XSDCharacterClass: Int32] = [:]

        mutating func emit(_ node: XSDRegexNode) {
            switch node {
            case .empty:
                break
            case .character(let characterClass):
                let index: Int32
                if let known = classIndices[characterClass] {
                    index = known
                } else {
                    index = Int32(classes.count)
                    classes.append(CompiledClass(characterClass))
                    classIndices[characterClass] = index
                }
                instructions.append(.character(index))
            case .sequence(let parts):
                for part in parts { emit(part) }
            case .choice(let branches):
                // split b1, next; b1; jump end; next: split b2, next'; …; the last branch falls through.
                var jumps: [Int] = []
                for branch in branches.dropLast() {
                    let split = placeholder()
                    emit(branch)
                    jumps.append(placeholder())
                    instructions[split] = .split(Int32(split + 1), Int32(instructions.count))
                }
                emit(branches[branches.count - 1])
                for jump in jumps { instructions[jump] = .jump(Int32(instructions.count)) }
            case .repeated(let body, let min, let max):
                for _ in 0..<min { emit(body) }
                if let max {
                    // (body (body …)?)?: each optional copy may skip to the end.
                    var splits: [Int] = []
                    for _ in min..<max {
                        splits.append(placeholder())
                        emit(body)
                    }
                    for split in splits { instructions[split] = .split(Int32(split + 1), Int32(instructions.count)) }
                } else {
                    let loop = placeholder()
                    emit(body)
                    instructions.append(.jump(Int32(loop)))
                    instructions[loop] = .split(Int32(loop + 1), Int32(instructions.count))
                }
            }
        }

        /// Appends an instruction to be set once its targets are known.
        mutating func placeholder() -> Int {
            instructions.append(.match)
            return instructions.count - 1
        }
    }

    /// Whether the whole of `bytes` (well-formed UTF-8) takes the automaton from its start
    /// to `match`.
    func matches(_ bytes: Span<UInt8>) -> Bool {
        if let ascii, let answer = ascii.match(bytes) { return answer }
        return states.match(bytes, in: self)
    }

    /// The threads one scalar takes `threads` to, each followed through jumps and splits.
    func step(_ threads: [Int32], _ scalar: UInt32, scratch: inout XSDRegexThreadSet, pending: inout [Int32]) -> [Int32] {
        code.step(threads, scalar, scratch: &scratch, pending: &pending)
    }

    /// The threads at the start: every instruction reachable from the first without reading.
    func start(scratch: inout XSDRegexThreadSet, pending: inout [Int32]) -> [Int32] {
        code.start(scratch: &scratch, pending: &pending)
    }

    func accepts(_ threads: [Int32]) -> Bool { code.accepts(threads) }

    /// A program's instructions and classes, and how threads follow them.
    struct Code: Sendable {
        let instructions: [Instruction]
        let classes: [CompiledClass]

        /// The threads one scalar takes `threads` to, each followed through jumps and splits.
        func step(_ threads: [Int32], _ scalar: UInt32, scratch: inout XSDRegexThreadSet, pending: inout [Int32]) -> [Int32] {
            scratch.removeAll()
            for pc in threads {
                if case .character(let index) = instructions[Int(pc)], classes[Int(index)].contains(scalar) {
                    follow(from: pc + 1, into: &scratch, pending: &pending)
                }
            }
            return scratch.members
        }

        /// The threads at the start: every instruction reachable from the first without reading.
        func start(scratch: inout XSDRegexThreadSet, pending: inout [Int32]) -> [Int32] {
            scratch.removeAll()
            follow(from: 0, into: &scratch, pending: &pending)
            return scratch.members
        }

        func accepts(_ threads: [Int32]) -> Bool {
            threads.contains { instructions[Int($0)] == .match }
        }

        /// Adds `start` and every instruction reachable from it without reading a character.
        private func follow(from start: Int32, into set: inout XSDRegexThreadSet, pending: inout [Int32]) {
            pending.append(start)
            while let pc = pending.popLast() {
                guard set.insert(pc) else { continue }
                switch instructions[Int(pc)] {
                case .jump(let target): pending.append(target)
                case .split(let first, let second):
                    pending.append(second)
                    pending.append(first)
                case .character, .match: break
                }
            }
        }
    }
}

/// The instructions a match has reached: insert, test and clear in constant time (Briggs and
/// Torczon's sparse set), members in the order they were added.
struct XSDRegexThreadSet {
    private var sparse: [Int32]
    private(set) var members: [Int32] = []

    init(capacity: Int) {
        sparse = Array(repeating: 0, count: Swift.max(1, capacity))
        members.reserveCapacity(capacity)
    }

    var isEmpty: Bool { members.isEmpty }

    /// Adds `value`; `false` when it was there already.
    mutating func insert(_ value: Int32) -> Bool {
        let slot = Int(sparse[Int(value)])
        if slot < members.count && members[slot] == value { return false }
        sparse[Int(value)] = Int32(members.count)
        members.append(value)
        return true
    }

    mutating func removeAll() { members.removeAll(keepingCapacity: true) }
}

/// A deterministic automaton built lazily from a program's thread sets (the subset
/// construction, one state at a time, as values reach it), with ASCII transitions cached.
///
/// At most ``maximumStates`` states are kept, so a pattern whose subsets would be
/// exponential costs bounded memory: past it, a value goes on thread by thread from the
/// state it reached, in time linear in the value times the program, as without the cache.
/// The cache is shared by every validation using the schema, under a lock held while one
/// value is matched (values are short; the lock is a pthread mutex ThreadSanitizer sees).
final class XSDRegexStates: Sendable {
    static let maximumStates = 1_000

    private struct Table: Sendable {
        /// Each state's threads, in ascending order: the state's identity.
        var threads: [[Int32]] = []
        var isAccepting: [Bool] = []
        /// For state `s` and ASCII character `c`, `transitions[s * 128 + c]`: the state it
        /// leads to; -1 when not yet known. One flat array, so a step is one load.
        var transitions: [Int32] = []
        var index: [[Int32]: Int32] = [:]
    }

    private let table = LockedValue(Table())

    /// Whether the whole of `bytes` (well-formed UTF-8) matches: an ASCII character is a step
    /// in the cached table; any other character is decoded and stepped by the program.
    func match(_ bytes: Span<UInt8>, in program: XSDRegexProgram) -> Bool {
        table.withLock { table in
            var scratch: XSDRegexThreadSet?
            var pending: [Int32] = []
            if table.threads.isEmpty {
                var start = XSDRegexThreadSet(capacity: program.instructions.count)
                _ = Self.intern(program.start(scratch: &start, pending: &pending), in: &table, program: program)
                scratch = start
            }
            var state = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte < 0x80 {
                    let known = table.transitions[state &* 128 &+ Int(byte)]
                    i += 1
                    if known >= 0 {
                        state = Int(known)
                        continue
                    }
                    guard let target = Self.advance(state, UInt32(byte), &table, program, &scratch, &pending) else {
                        return Self.simulate(table.threads[state], UInt32(byte), bytes, from: i, program, &scratch, &pending)
                    }
                    table.transitions[state * 128 + Int(byte)] = Int32(target)
                    state = target
                } else {
                    let (scalar, length) = Self.decode(bytes, at: i)
                    i += length
                    guard let target = Self.advance(state, scalar, &table, program, &scratch, &pending) else {
                        return Self.simulate(table.threads[state], scalar, bytes, from: i, program, &scratch, &pending)
                    }
                    state = target
                }
                if table.threads[state].isEmpty { return false }
            }
            return table.isAccepting[state]
        }
    }

    /// The state `scalar` leads to from `state`, stepped by the program; `nil` when the
    /// table is full.
    private static func advance(
        _ state: Int, _ scalar: UInt32, _ table: inout Table, _ program: XSDRegexProgram, _ scratch: inout XSDRegexThreadSet?,
        _ pending: inout [Int32]
    ) -> Int? {
        var set = scratch ?? XSDRegexThreadSet(capacity: program.instructions.count)
        defer { scratch = set }
        let threads = program.step(table.threads[state], scalar, scratch: &set, pending: &pending)
        return intern(threads, in: &table, program: program).map(Int.init)
    }

    /// The scalar whose UTF-8 encoding starts at `i` (the parser has checked the bytes), and
    /// how many bytes it takes.
    private static func decode(_ bytes: Span<UInt8>, at i: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[i])
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3) }
        return (
            (lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F), 4
        )
    }

    /// The state of `threads`, made if new; `nil` when the table is full.
    private static func intern(_ threads: [Int32], in table: inout Table, program: XSDRegexProgram) -> Int32? {
        let key = threads.sorted()
        if let known = table.index[key] { return known }
        guard table.threads.count < maximumStates else { return nil }
        let id = Int32(table.threads.count)
        table.threads.append(key)
        table.isAccepting.append(program.accepts(key))
        table.transitions.append(contentsOf: repeatElement(-1, count: 128))
        table.index[key] = id
        return id
    }

    /// With the cache full: `scalar` stepped from `threads`, then the rest of the value
    /// thread by thread.
    private static func simulate(
        _ threads: [Int32], _ scalar: UInt32, _ bytes: Span<UInt8>, from start: Int, _ program: XSDRegexProgram,
        _ scratch: inout XSDRegexThreadSet?, _ pending: inout [Int32]
    ) -> Bool {
        var set = scratch ?? XSDRegexThreadSet(capacity: program.instructions.count)
        var current = program.step(threads, scalar, scratch: &set, pending: &pending)
        var i = start
        while i < bytes.count {
            if current.isEmpty { return false }
            let (next, length) = bytes[i] < 0x80 ? (UInt32(bytes[i]), 1) : decode(bytes, at: i)
            i += length
            current = program.step(current, next, scratch: &set, pending: &pending)
        }
        return program.accepts(current)
    }
}
